// Orders as people write them: the one parser and the one formatter, shared
// by the app's typed box, the CLI judge, the DATC runner and the game record.
//
// The parser reads what players write (rulebook notation, judge codes, full
// names, any case, dashes of every kind, nationality prefixes) and resolves
// names through the Map's aliases. It checks syntax and names and, given the
// position, which unit is meant; rule legality (adjacency, convoy routes...)
// is the adjudicator's business (legal.h), so that an illegal but readable
// order is kept and reported as "holds" (rule 6.15).
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
  NoUnit,             // no unit of that kind stands there
  WrongPower,         // the unit is not the ordering power's
  WrongPhase,         // e.g. a build in a movement phase
};

struct ParseError {
  ParseErrorKind kind = ParseErrorKind::None;
  int column = 0;                // 0-based byte offset of the trouble
  FixedString<200> message;      // a sentence for a human, with a suggestion
};

// What the parser knows about where the order is written.
struct ParseContext {
  const Map* map = nullptr;
  const Position* position = nullptr;  // may be null: no unit checks
  PowerId power = kNoPower;            // the ordering power, if known
  PhaseKind phase = PhaseKind::Movement;
};

// Parses one order. Accepts an optional "Power:" prefix, which sets
// out.power. Returns false and fills err when the text is not an order.
bool parse_order(const ParseContext& ctx, std::string_view text, Order& out, ParseError& err);

enum class OrderStyle : u8 {
  Rulebook,  // "F HK S F GOS—SCS" with the rulebook's abbreviations
  Judge,     // "F hon S F gos - scs": canonical codes, ASCII, judge layout
};

using OrderText = FixedString<128>;

// Writes an order so that parse_order reads it back to the same Order.
void format_order(const Map& map, const Order& order, OrderStyle style, OrderText& out);

// The location written as text: "ARB/nc" in judge style.
void format_location(const Map& map, LocationId loc, OrderStyle style, OrderText& out);

}  // namespace colonial
