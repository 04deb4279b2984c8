// An order sheet: the orders of one power, or of everyone, as text - what
// `colonial-judge submit` reads, what a game master pastes into the app and
// what a phone sends. Read line by line with the one parser, in the game's
// current phase; a bad line never stops the reading: each line gets its own
// result (its orders, or the parser's error with its suggestion), so a
// sheet with good and bad lines keeps the good ones and marks the bad.
// Nothing here allocates (an OrderSheet is about 100 KB: keep it in static
// storage or inside a long-lived object).
#pragma once

#include <string_view>

#include "conditions.h"
#include "legal.h"
#include "notation.h"
#include "order.h"

namespace colonial {

class Map;

inline constexpr int kMaxSheetLines = 256;

enum class SheetLineKind : u8 {
  Blank = 0,    // nothing (or a comment)
  Orders,       // one or several orders
  Draw,         // DRAW
  Surrender,    // SURRENDER
  Conditional,  // a conditional retreat or adjustment (movement phases)
  Error,        // cannot be taken: see `error`
};

struct SheetLine {
  SheetLineKind kind = SheetLineKind::Blank;
  PowerId power = kNoPower;
  int first_order = 0;  // Orders: its orders are OrderSheet::orders[first_order..+order_count)
  int order_count = 0;
  int first_condition = 0;  // Conditional: its conditions are OrderSheet::conditions[first_condition..+count)
  int condition_count = 0;
  ParseError error;                       // Error: what is wrong, with a suggestion where there is one
  VoidReason warning = VoidReason::None;  // Orders: readable but impossible (the unit will hold)
  int warning_order = -1;                 // ... which order of the sheet
};

struct OrderSheet {
  FixedVector<SheetLine, kMaxSheetLines> lines;
  OrderList orders;          // every order read, line by line
  ConditionList conditions;  // every conditional read (each names its power)
  u32 powers = 0;            // powers the sheet says anything for
  u32 draw = 0;              // powers that wrote DRAW
  u32 surrender = 0;         // powers that wrote SURRENDER
  int errors = 0;            // lines that cannot be taken
  bool too_long = false;     // more than kMaxSheetLines lines, or more orders than fit: the rest was not read

  // Power p's orders, in the sheet's order.
  void orders_of(PowerId p, OrderList& out) const;
  void conditions_of(PowerId p, ConditionList& out) const;
};

// Reads `text` in the phase of `pos` (the game's current position). `power`: the power every line
// is for (a phone's seat, `submit --power`), or kNoPower when each line says
// whose ("Britain: F hon H"). Lines naming a power other than `power` are
// errors. Conditionals are checked as read (check_condition) and as each
// power's whole list (check_conditions); adjustment orders the player cannot
// have meant are errors too (refused_adjustment: a build where a unit
// stands, a fleet inland, a conversion outside an owned centre, one unit
// converted and disbanded), each with its reason.
void read_order_sheet(const Map& map, const Position& pos, PowerId power, std::string_view text, OrderSheet& out);

}  // namespace colonial
