// Results as sentences people read: the CLI judge prints them, the app's
// result list shows them, both from the same words: the phrases in use
// (phrases.h), English unless a translation was handed over. The orders in
// them stay in notation and the provinces keep their board names.
#pragma once

#include "adjudicator.h"
#include "conditions.h"
#include "fixed.h"
#include "notation.h"

namespace colonial {

class Game;
class Map;
struct GameResult;

using ResultText = FixedString<384>;

// "F hon S F sin - scs: succeeded", "A mac - por: bounced",
// "A mos - tib: void, the unit holds (an army in Moscow cannot reach Tibet)",
// "F scs H: dislodged (attacked from gos)",
// "A mos - TSR - vla: stopped short in Omsk".
void describe_result(const Map& map, const OrderResult& result, OrderStyle style, ResultText& out);

// A conditional order no longer possible when its phase began: "Britain: A
// can - yun (conditional): skipped, no longer possible (A CAN cannot retreat
// to Yunnan: it is occupied)".
void describe_skipped(const Map& map, const SkippedOrder& skipped, OrderStyle style, ResultText& out);

// The result as a plain sentence, for the table to read out: "Russia's army
// from Moscow reached Omsk by railroad and was stopped there by the Chinese
// army in Krasnoyarsk", "France's army moved from Tongking to Canton",
// "Britain's fleet in Hong Kong supported the French army from Tongking to
// Canton". `before` is the position the phase was played from (who stood
// where).
using SentenceText = FixedString<512>;
void describe_result_sentence(const Map& map, const Position& before, const OrderResult& result, SentenceText& out);

// An order in words, for a list to choose from (the phones' pad offers
// each unit's legal orders so, for a screen reader): "Hold", "Move to
// Omsk", "Move to Sudan by convoy", "Support the Chinese army in Tobolsk to
// Omsk", "Retreat to Yunnan", "Build a fleet in Spain (north coast)",
// "Waive a build". A unit's own orders leave it out (its label,
// describe_unit_label, names it); an adjustment's disbands name it. `pos`
// is the position the order is given in (who stands where).
void describe_order_words(const Map& map, const Position& pos, const Order& o, SentenceText& out);

// A unit as a list's label: "Army in Moscow", "Fleet in the Bay of Bengal".
void describe_unit_label(const Map& map, UnitType type, LocationId at, SentenceText& out);

// What an order found void at submission will do, for the player reading
// the warning: "the unit will hold" (rule 6.15) for movement orders, "nothing
// will be built for it" for a build, and so on, in the phase it was written
// for.
std::string_view void_consequence(const Order& order, PhaseKind phase);

// What a power does in the current adjustment phase: "Build 2", "Disband 1",
// "Build 1 (no free home colony: waived)", "Disband 1 (as planned)" (its
// conditional disbands cover it), "Build 1; may convert 2 units"
// (Era of Empire's conversion), or empty when nothing.
void describe_adjustment(const Game& game, PowerId power, ResultText& out);

// What `power` has to do now, in one line for the player whose orders are
// open: "3 of 6 units ordered", "1 unit must retreat", "Build 2 (3 colonies
// free to build in)", "Remove 1 unit", "May convert 2 units" (Era of
// Empire), "Nothing to do this phase: Done". `orders` are the ones it has
// so far (its units ordered are counted). The app, the phones' pad and the
// game master's tablet all show this line. The second form is for a copy of
// the position (the order server's view): `has_choice` as Game::has_choice.
void describe_task(const Game& game, PowerId power, const OrderList& orders, ResultText& out);
void describe_task(const Map& map, const Position& pos, PowerId power, bool has_choice, const OrderList& orders,
                   ResultText& out);

// How a game ended, in a sentence: "Britain wins.", "A draw, shared by
// China, Japan.", "The last year was played: France has the most colonies
// and wins.", "Everybody surrendered."; empty for a game not over.
void describe_game_end(const Map& map, const GameResult& result, SentenceText& out);

}  // namespace colonial
