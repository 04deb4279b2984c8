// The adjudicator: resolves the orders of one phase into typed results and the
// next position.
//
// Movement follows the rulebook (Colonial 1995, sections 6-7) and, where it is
// silent or descends from the 1971 rules, the DATC's preferred rulings; each
// choice is listed in docs/ADJUDICATION.md. The resolution is L. B.
// Kruijswijk's guess-and-check algorithm ("The Math of Adjudication"): every
// order is decided by a recursive resolve() that guesses when it meets a
// cycle, tries both guesses, and falls back on the backup rule when both or
// neither are consistent - circular movement succeeds, and in a convoy
// paradox the convoys in the paradox fail (the Szykman rule, DATC 4.A.2).
//
// No heap: everything lives in fixed arrays on the stack, sized by the
// capacities of types.h. Any order set terminates, however contradictory.
//
// Each resolver copies `before` into `after` and changes what the orders
// change. The phase itself is not advanced (after.phase == before.phase): the
// calendar (Spring, Fall, Winter, or Colonial's biennial turns) belongs to the
// phase sequencing, which decides what comes next from the results.
#pragma once

#include "fixed.h"
#include "legal.h"
#include "order.h"
#include "position.h"

namespace colonial {

class Map;

// What became of one order.
enum class Outcome : u8 {
  Succeeded = 0,    // did what it said: held, moved, supported, convoyed, built...
  Bounced,          // a move or retreat that did not take place
  Cut,              // a support that was cut (or whose unit was dislodged)
  NoConvoy,         // a convoyed move with no chain of convoy orders to carry it
  ConvoyDisrupted,  // a convoyed move (or a convoy) broken by a dislodged fleet or a paradox
  NotMatched,       // a support or convoy of an order the other unit did not give
  Void,             // illegal (see reason): the unit held, or nothing happened
  NoOrder,          // a unit without an order: it held (movement) or was disbanded (retreat)
  CivilDisorder,    // a unit removed by the rule for missing disbands (8.33)
  CanalClosed,      // a move through a canal not let through: no permission, more than
                    // one candidate, the holder left or was dislodged, or a paradox (9.3)
  StoppedShort,     // a railroad move that ended at a station before its destination
                    // (OrderResult::reached); one that left no station at all is Bounced (9.2)
  Converted,        // a build that changed the power's unit there into the other type (conversion)
};

struct OrderResult {
  Order order;  // as resolved: coasts inferred, unordered units as holds
  Outcome outcome = Outcome::Succeeded;
  VoidReason reason = VoidReason::None;     // when outcome == Void
  bool dislodged = false;                   // the unit was dislodged in this movement phase
  bool destroyed = false;                   // dislodged with nowhere to retreat: removed at once
  ProvinceId dislodged_from = kNoProvince;  // where the dislodging unit came from
  ProvinceId reached = kNoProvince;         // StoppedShort: the station where the railroad move ended
  bool conditional = false;                 // given by a conditional handed in with the movement orders
  bool operator==(const OrderResult&) const = default;
};

// The results of one phase, kept with it for the UI and the game record:
// first one result per order given (in the order given), then one per unit
// that had no order (or, in adjustments, per unit removed by the rule).
struct PhaseResults {
  static constexpr int kCapacity = kMaxOrders + kMaxUnits;
  Phase phase;
  FixedVector<OrderResult, kCapacity> results;
  bool operator==(const PhaseResults&) const = default;
};

// Movement phase: moves, supports, convoys, holds, railroad moves and canal
// permissions. In `after`, moved units
// stand in their new places; dislodged units that can retreat wait in
// after.dislodged (with where their attacker came from, unless it came by
// convoy: DATC 6.H.11), a dislodged unit with no retreat is removed, and
// provinces left empty by a standoff are in after.standoffs.
void adjudicate_movement(const Map& map, const Position& before, const OrderList& orders, Position& after,
                         PhaseResults& results);
// The same with the facts of `before` at hand (PositionFacts(map, before),
// shared with whoever wrote the orders).
void adjudicate_movement(const Map& map, const Position& before, const OrderList& orders, Position& after,
                         PhaseResults& results, const PositionFacts& facts);

// Retreat phase: retreats and disbands of the dislodged units. Two retreats
// to one space both fail and those units are disbanded (7.4354), as is any
// dislodged unit without a legal retreat order.
void adjudicate_retreat(const Map& map, const Position& before, const OrderList& orders, Position& after,
                        PhaseResults& results);

// Adjustment phase: builds, waives and disbands, in the order given, up to
// what each power is due (8.3), and conversions (which use no build). A
// power that disbands too few loses the units its civil-disorder rule names
// first: under 8.33 the farthest from its home colonies (distances as in the
// DATC, armies counting moves across seas), under Era of Empire's rule units
// off supply centres first, then the farthest from a centre it owns
// (counting provinces); then fleets before armies, then by province name.
void adjudicate_adjustment(const Map& map, const Position& before, const OrderList& orders, Position& after,
                           PhaseResults& results);
// The same with the facts of `before` at hand (what each power owes).
void adjudicate_adjustment(const Map& map, const Position& before, const OrderList& orders, Position& after,
                           PhaseResults& results, const PositionFacts& facts);

// Colonies change hands at the end of a counting turn, after the retreats
// (rule 8.2): each colony occupied by a unit becomes that unit's power's; a
// unit of a power the colony does not count for (China in Hong Kong under
// rule 9.1) leaves it unowned. Called by the phase sequencing (game.h) before
// the adjustments.
void update_colony_owners(const Map& map, Position& pos);

}  // namespace colonial
