#include "order_sheet.h"

#include "map.h"
#include "phrases.h"
#include "text_lines.h"

namespace colonial {

namespace {

void set_error(SheetLine& line, ParseErrorKind kind, std::string_view message) {
  line.kind = SheetLineKind::Error;
  line.error = ParseError();
  line.error.kind = kind;
  line.error.message.assign(message);
}

// An adjustment order the player cannot have meant (a build where a unit
// stands, a fleet inland, a conversion outside an owned centre) makes its
// line an error with the reason, rather than a void order kept.
bool refuse_adjustment(const Map& map, const Position& pos, const Order& o, VoidReason why, SheetLine& line) {
  if (pos.phase.kind != PhaseKind::Adjustment) return false;
  OrderList alone;
  alone.push_back(o);
  int bad = -1;
  if (refused_adjustment(map, pos, alone, bad) == VoidReason::None) return false;
  ReasonText text;
  describe_void(map, o, why, text);
  set_error(line, ParseErrorKind::Refused, text.view());
  return true;
}

// The orders of a line found wrong after reading leave the sheet; the
// lines after it point at theirs again.
void drop_orders(OrderSheet& sheet, SheetLine& line) {
  const int first = line.first_order, count = line.order_count;
  for (int k = 0; k < count; ++k) sheet.orders.erase_at(first);
  line.order_count = 0;
  line.warning = VoidReason::None;
  line.warning_order = -1;
  for (SheetLine& later : sheet.lines)
    if (later.kind == SheetLineKind::Orders && later.first_order > first) {
      later.first_order -= count;
      if (later.warning_order >= 0) later.warning_order -= count;
    }
}

// A conditional line found wrong leaves the sheet with its conditions; the
// lines after it point at theirs again.
void drop_conditions(OrderSheet& sheet, SheetLine& line) {
  const int first = line.first_condition, count = line.condition_count;
  for (int k = 0; k < count; ++k) sheet.conditions.erase_at(first);
  line.condition_count = 0;
  for (SheetLine& later : sheet.lines)
    if (later.kind == SheetLineKind::Conditional && later.first_condition > first) later.first_condition -= count;
}

bool blank(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\r') return c == '#';
  return true;
}

// What reading every line of one sheet shares.
struct SheetReading {
  const Map& map;
  const Position& pos;
  ParseContext ctx;
  OrderSheet& out;
};

// A conditional (movement phases): each condition checked as read, the
// line's conditions kept together.
void read_conditional(SheetReading& r, const Statement& st, SheetLine& line) {
  line.kind = SheetLineKind::Conditional;
  line.first_condition = r.out.conditions.size();
  for (const Condition& c : st.conditions) {
    ReasonText why;
    if (!check_condition(r.map, r.pos, c, why)) {
      set_error(line, ParseErrorKind::Syntax, why.view());
      break;
    }
    if (!r.out.conditions.push_back(c)) {
      set_error(line, ParseErrorKind::TooLong, phrase(Phrase::SheetTooManyConditionals));
      break;
    }
  }
  line.condition_count = r.out.conditions.size() - line.first_condition;
  if (line.kind == SheetLineKind::Error) drop_conditions(r.out, line);
}

// DRAW, SURRENDER or a conditional, for the power the statement names.
void read_statement(SheetReading& r, const Statement& st, SheetLine& line) {
  line.power = st.power;
  if (st.power == kNoPower) {
    set_error(line, ParseErrorKind::UnknownPower, phrase(Phrase::SheetSayWhose));
  } else if (st.kind == StatementKind::Draw) {
    line.kind = SheetLineKind::Draw;
    r.out.draw |= u32{1} << st.power;
  } else if (st.kind == StatementKind::Surrender) {
    line.kind = SheetLineKind::Surrender;
    r.out.surrender |= u32{1} << st.power;
  } else if (r.pos.phase.kind != PhaseKind::Movement) {
    set_error(line, ParseErrorKind::WrongPhase, phrase(Phrase::CondWithMovement));
  } else {
    read_conditional(r, st, line);
  }
  if (line.kind == SheetLineKind::Error)
    ++r.out.errors;
  else
    r.out.powers |= u32{1} << st.power;
}

// One power's orders: each kept with the line, an impossible one as a
// warning (the unit will hold), an adjustment nobody can have meant as the
// line's error.
void read_orders(SheetReading& r, const ParsedOrders& orders, SheetLine& line) {
  line.kind = SheetLineKind::Orders;
  line.first_order = r.out.orders.size();
  for (const Order& o : orders) {
    if (o.power == kNoPower) {
      set_error(line, ParseErrorKind::UnknownPower, phrase(Phrase::SheetSayWhoseOrder));
      break;
    }
    // One power's orders a line: the line's power is the one its orders
    // are handed in for, so a second power's orders would be lost.
    if (o.power != orders[0].power) {
      ReasonText why;
      append_phrase(why, Phrase::SheetTwoPowers,
                    {{"power", power_name(r.map, orders[0].power)}, {"other", power_name(r.map, o.power)}});
      set_error(line, ParseErrorKind::Syntax, why.view());
      break;
    }
    if (!r.out.orders.push_back(o)) {
      set_error(line, ParseErrorKind::TooLong, phrase(Phrase::SheetTooManyOrders));
      r.out.too_long = true;
      break;
    }
    line.power = o.power;
    const VoidReason why = check_order(r.map, r.pos, o);
    if (refuse_adjustment(r.map, r.pos, o, why, line)) break;
    if (why != VoidReason::None && line.warning == VoidReason::None) {
      line.warning = why;
      line.warning_order = r.out.orders.size() - 1;
    }
  }
  if (line.kind == SheetLineKind::Error) {
    r.out.orders.resize_down(line.first_order);
    ++r.out.errors;
    return;
  }
  line.order_count = r.out.orders.size() - line.first_order;
  r.out.powers |= u32{1} << line.power;
}

void read_line(SheetReading& r, std::string_view raw, SheetLine& line) {
  if (blank(raw)) return;
  Statement st;
  ParseError statement_err;
  const bool statement = parse_statement(r.ctx, raw, st, statement_err);
  if (statement && st.kind != StatementKind::Order) {
    read_statement(r, st, line);
    return;
  }
  ParsedOrders orders;
  ParseError order_err;
  if (!parse_order_line(r.ctx, raw, orders, order_err)) {
    // Both readings failed: the one that got further says what is wrong
    // (a conditional's error, not "no province 'If'").
    line.kind = SheetLineKind::Error;
    line.error = !statement && statement_err.column > order_err.column ? statement_err : order_err;
    ++r.out.errors;
    return;
  }
  read_orders(r, orders, line);
}

// Power p's items of the sheet (orders or conditions) into `mine`, with
// where each stands in the sheet's list in `index`.
template <typename List, int N>
void items_of(const List& all, PowerId p, List& mine, int (&index)[N]) {
  mine.clear();
  for (int i = 0; i < all.size(); ++i)
    if (all[i].power == p) {
      index[mine.size()] = i;
      mine.push_back(all[i]);
    }
}

// Each power's adjustment orders together: one unit converted and
// disbanded is refused on the line of the second order.
void refuse_adjustments_together(const Map& map, const Position& pos, OrderSheet& out) {
  for (PowerId p = 0; p < map.power_count(); ++p) {
    OrderList mine;
    int index[kMaxOrders];
    items_of(out.orders, p, mine, index);
    int bad = -1;
    const VoidReason why = refused_adjustment(map, pos, mine, bad);
    if (why == VoidReason::None) continue;
    for (SheetLine& line : out.lines)
      if (line.kind == SheetLineKind::Orders && index[bad] >= line.first_order &&
          index[bad] < line.first_order + line.order_count) {
        ReasonText reason;
        describe_void(map, mine[bad], why, reason);
        set_error(line, ParseErrorKind::Refused, reason.view());
        ++out.errors;
        drop_orders(out, line);
        break;
      }
  }
}

// Each power's conditionals as a whole (no two on one unit or one count):
// the line of the condition refused is an error and leaves the sheet, until
// the power's others stand together.
void refuse_conditionals_together(const Map& map, const Position& pos, OrderSheet& out) {
  for (PowerId p = 0; p < map.power_count(); ++p) {
    for (bool refused = true; refused;) {
      refused = false;
      ConditionList mine;
      int index[kMaxPhaseConditions];
      items_of(out.conditions, p, mine, index);
      ReasonText why;
      int bad = 0;
      if (mine.empty() || check_conditions(map, pos, mine, why, bad)) break;
      for (SheetLine& line : out.lines)
        if (line.kind == SheetLineKind::Conditional && index[bad] >= line.first_condition &&
            index[bad] < line.first_condition + line.condition_count) {
          set_error(line, ParseErrorKind::Syntax, why.view());
          ++out.errors;
          drop_conditions(out, line);
          refused = true;
          break;
        }
    }
  }
}

}  // namespace

void OrderSheet::orders_of(PowerId p, OrderList& out) const {
  out.clear();
  for (const Order& o : orders)
    if (o.power == p) out.push_back(o);
}

void OrderSheet::conditions_of(PowerId p, ConditionList& out) const {
  out.clear();
  for (const Condition& c : conditions)
    if (c.power == p) out.push_back(c);
}

void read_order_sheet(const Map& map, const Position& pos, PowerId power, std::string_view text, OrderSheet& out) {
  out.lines.clear();
  out.orders.clear();
  out.conditions.clear();
  out.powers = out.draw = out.surrender = 0;
  out.errors = 0;
  out.too_long = false;
  SheetReading r{map, pos, ParseContext(), out};
  r.ctx.map = &map;
  r.ctx.position = &pos;
  r.ctx.power = power;
  r.ctx.phase = pos.phase.kind;
  std::string_view rest = text, raw;
  while (next_line(rest, raw)) {
    if (out.lines.full()) {
      out.too_long = true;
      return;
    }
    out.lines.push_back(SheetLine());
    read_line(r, raw, out.lines.back());
  }
  if (pos.phase.kind == PhaseKind::Adjustment) refuse_adjustments_together(map, pos, out);
  refuse_conditionals_together(map, pos, out);
}

}  // namespace colonial
