// Orders as people write them: the one parser and the one formatter, shared
// by the app's typed box, the CLI judge, the DATC runner and the game record.
//
// The parser reads what players write (rulebook notation, judge codes, full
// names, any case, dashes of every kind, nationality prefixes) and resolves
// names through the Map's aliases. It checks syntax and names and, given the
// position, which unit is meant; rule legality (adjacency, convoy routes...)
// is the adjudicator's business (legal.h), so that an illegal but readable
// order is kept and reported as "holds" (rule 6.15).
//
// What it accepts, in short (docs of the grammar are the tests in
// tests/engine/test_notation*.cpp):
//   [Power:] [UNIT] LOC [H | S ... | C ... | SC ... | -LOC... [via convoy]]
//   UNIT = A | F | Army | Fleet (optional when a position says what stands there)
//   LOC  = any alias of the map ("HK", "Hong Kong", "hon", "SUN.S."), the
//          longest name wins ("Bay of Bengal"), coasts as "ARB/nc", "ARB(nc)",
//          "ARB nc", "Arabia north coast"
//   dashes: - -- -> --> => ==> -=> — – "to" "into" "move(s)" "attack(s)"
//   S [Nationality] [UNIT] [Nationality] LOC [-LOC | H]     support
//   C [Nationality] [UNIT] LOC -LOC                          convoy
//   [F EGY] SC [Nationality] [F] SEA -SEA                    Suez permission
//   A MOS-TSR-IRK                                            railroad move
//   retreat phase: A BEN-NEP, A BEN R NEP, A BEN disband, Disband A BEN
//   adjustment phase: Build A OMSK, A OMSK (bare = build), Disband A ANG,
//                     Remove A ANG, Waive
// Statements (parse_statement) add DRAW, SURRENDER and the conditional
// retreats and adjustments of the club house rules:
//   If MUN is dislodged, retreat BER, KIE       (or ", disband" last)
//   If 2 builds: build A TON, F ANN; if 1 build: build A TON
//   If 1 disband: disband F ANN
//   If two supply centres are gained, build A LON and F EDI; if one is gained, build F LON
//
// Nothing here allocates; any byte string is safe input (lines longer than
// kMaxOrderTextLength are refused, not truncated).
#pragma once

#include <string_view>

#include "fixed.h"
#include "order.h"
#include "position.h"

namespace colonial {

class Map;

enum class ParseErrorKind : u8 {
  None = 0,
  Empty,              // nothing but spaces or a comment
  Syntax,             // cannot be read as an order
  UnknownProvince,    // a name no alias matches (with a suggestion)
  AmbiguousProvince,  // an alias declared ambiguous (with the candidates)
  UnknownPower,
  UnknownCoast,
  NoUnit,      // no unit of that kind stands there
  WrongPower,  // the unit is not the ordering power's
  WrongPhase,  // e.g. a build in a movement phase
  NoCanal,     // SC order between two seas no canal joins
  NotAnOrder,  // a statement (DRAW, SURRENDER, If...) where an order was wanted
  TooLong,     // more than kMaxOrderTextLength bytes or too many words
  Refused,     // readable, but not what the player can have meant (an order sheet refuses it: refused_adjustment)
};

// Longest text the parser reads; longer lines are an error (TooLong).
inline constexpr int kMaxOrderTextLength = 512;

struct ParseError {
  ParseErrorKind kind = ParseErrorKind::None;
  int column = 0;            // 0-based byte offset of the trouble
  FixedString<320> message;  // a sentence for a human, with a suggestion (phrases.h)
};

// A short stable name for an error kind ("unknown-province"), for the CLI and
// records.
std::string_view parse_error_kind_name(ParseErrorKind kind);

// What the parser knows about where the order is written.
struct ParseContext {
  const Map* map = nullptr;
  const Position* position = nullptr;  // may be null: no unit checks
  PowerId power = kNoPower;            // the ordering power, if known
  PhaseKind phase = PhaseKind::Movement;
};

// Parses one order. Accepts an optional "Power:" prefix, which sets
// out.power. Returns false and fills err when the text is not an order.
//
// With a position the parser also finds the unit: it fills in a unit type
// left out, the coast a fleet stands on, the power when none is known, and
// refuses orders for units that are not there (NoUnit) or belong to another
// power (WrongPower). A fleet moving to a split-coast province with one
// reachable coast gets that coast.
bool parse_order(const ParseContext& ctx, std::string_view text, Order& out, ParseError& err);

// Several orders on one line, as players list them: "BRITAIN: A RAN-MAY,
// F GOS-SCS, F HK S F GOS—SCS" or "A SHA—KYU F YS C A SHA—KYU". A leading
// "Power:" applies to all of them. Stops at the first error (err.column tells
// where); out holds the orders read before it.
using ParsedOrders = FixedVector<Order, 32>;
bool parse_order_line(const ParseContext& ctx, std::string_view text, ParsedOrders& out, ParseError& err);

// --- statements: what a player may write besides unit orders.

enum class StatementKind : u8 {
  Order = 0,    // a unit order (Statement::order)
  Draw,         // a vote for a draw ("DRAW")
  Surrender,    // "SURRENDER": the power leaves the game
  Conditional,  // "If ... , ...": retreats/adjustments decided in advance
};

enum class ConditionKind : u8 {
  Dislodged = 0,  // "If MUN is dislodged": the unit at `at`
  Builds,         // "If 2 builds:", "If two supply centres are gained": builds due
  Disbands,       // "If 1 disband:", "If one supply centre is lost": disbands due
};

inline constexpr int kMaxConditionOrders = 8;
inline constexpr int kMaxConditions = 4;

// One "if" clause. For Dislodged, orders are the retreats in order of
// preference (the first legal one is used), possibly ending with a Disband.
// For Builds/Disbands, orders are the builds (and waives) or removals to
// make when the adjustment phase asks for exactly `count` of them (the club's
// "if two supply centres are gained" is read as two builds: what a gain
// gives the player to decide).
struct Condition {
  ConditionKind kind = ConditionKind::Dislodged;
  PowerId power = kNoPower;        // whose condition (the statement's power)
  UnitType unit = UnitType::None;  // Dislodged: the unit (if written or known)
  LocationId at = kNoLocation;     // Dislodged: where it stands
  int count = 0;                   // Builds/Disbands: how many are due
  FixedVector<Order, kMaxConditionOrders> orders;
  bool operator==(const Condition&) const = default;
};

struct Statement {
  StatementKind kind = StatementKind::Order;
  PowerId power = kNoPower;                           // from the prefix, the context or the position
  Order order;                                        // kind == Order
  FixedVector<Condition, kMaxConditions> conditions;  // kind == Conditional
  bool operator==(const Statement&) const = default;
};

// Parses an order, DRAW, SURRENDER or a conditional. An order is read exactly
// as parse_order reads it.
bool parse_statement(const ParseContext& ctx, std::string_view text, Statement& out, ParseError& err);

// --- formatting

enum class OrderStyle : u8 {
  Rulebook,  // "F HK S F GOS—SCS" with the rulebook's abbreviations
  Judge,     // "F hon S F gos - scs": canonical codes, ASCII, judge layout
};

using OrderText = FixedString<128>;

// Writes an order so that parse_order reads it back to the same Order (in
// the phase the order belongs to: "A BEN—NEP" is a retreat in a retreat
// phase). The power is not written; see format_order_with_power.
void format_order(const Map& map, const Order& order, OrderStyle style, OrderText& out);

// "Britain: F hon - scs" when order.power is set, else as format_order.
void format_order_with_power(const Map& map, const Order& order, OrderStyle style, OrderText& out);

// The location written as text: "ARB/nc" in judge style.
void format_location(const Map& map, LocationId loc, OrderStyle style, OrderText& out);

// A place named in prose, the one wording of every reason, result and
// sentence: "Delhi", "the Bay of Bengal" (a sea with its article), "Spain
// (north coast)"; "an unknown place" for a location not on the map.
using PlaceText = FixedString<64>;
void format_place_name(const Map& map, LocationId loc, PlaceText& out);
template <int N>
void append_place_name(const Map& map, LocationId loc, FixedString<N>& out) {
  PlaceText place;
  format_place_name(map, loc, place);
  out.append(place.view());
}

// A statement written so that parse_statement reads it back: "DRAW",
// "SURRENDER", "If MUN is dislodged, retreat BER, KIE", or the order. Written
// with its "Power: " prefix when the statement names a power.
using StatementText = FixedString<512>;
void format_statement(const Map& map, const Statement& s, OrderStyle style, StatementText& out);

}  // namespace colonial
