#include "order_sheet.h"

#include "map.h"
#include "phrases.h"

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

bool blank(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\r') return c == '#';
  return true;
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
  ParseContext ctx;
  ctx.map = &map;
  ctx.position = &pos;
  ctx.power = power;
  ctx.phase = pos.phase.kind;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view raw = text.substr(at, end - at);
    at = end + 1;
    if (out.lines.full()) {
      out.too_long = true;
      return;
    }
    out.lines.push_back(SheetLine());
    SheetLine& line = out.lines.back();
    if (blank(raw)) continue;
    Statement st;
    ParseError statement_err;
    const bool statement = parse_statement(ctx, raw, st, statement_err);
    if (statement && st.kind != StatementKind::Order) {
      line.power = st.power;
      if (st.power == kNoPower) {
        set_error(line, ParseErrorKind::UnknownPower, phrase(Phrase::SheetSayWhose));
      } else if (st.kind == StatementKind::Draw) {
        line.kind = SheetLineKind::Draw;
        out.draw |= u32{1} << st.power;
      } else if (st.kind == StatementKind::Surrender) {
        line.kind = SheetLineKind::Surrender;
        out.surrender |= u32{1} << st.power;
      } else if (pos.phase.kind != PhaseKind::Movement) {
        set_error(line, ParseErrorKind::WrongPhase, phrase(Phrase::CondWithMovement));
      } else {
        line.kind = SheetLineKind::Conditional;
        for (const Condition& c : st.conditions) {
          ReasonText why;
          if (!check_condition(map, pos, c, why)) {
            set_error(line, ParseErrorKind::Syntax, why.view());
            break;
          }
          if (!out.conditions.push_back(c)) {
            set_error(line, ParseErrorKind::TooLong, phrase(Phrase::SheetTooManyConditionals));
            break;
          }
        }
      }
      if (line.kind == SheetLineKind::Error)
        ++out.errors;
      else
        out.powers |= u32{1} << st.power;
      continue;
    }
    ParsedOrders orders;
    ParseError order_err;
    if (!parse_order_line(ctx, raw, orders, order_err)) {
      // Both readings failed: the one that got further says what is wrong
      // (a conditional's error, not "no province 'If'").
      line.kind = SheetLineKind::Error;
      line.error = !statement && statement_err.column > order_err.column ? statement_err : order_err;
      ++out.errors;
      continue;
    }
    line.kind = SheetLineKind::Orders;
    line.first_order = out.orders.size();
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
                      {{"power", power_name(map, orders[0].power)}, {"other", power_name(map, o.power)}});
        set_error(line, ParseErrorKind::Syntax, why.view());
        break;
      }
      if (!out.orders.push_back(o)) {
        set_error(line, ParseErrorKind::TooLong, phrase(Phrase::SheetTooManyOrders));
        out.too_long = true;
        break;
      }
      line.power = o.power;
      const VoidReason why = check_order(map, pos, o);
      if (refuse_adjustment(map, pos, o, why, line)) break;
      if (why != VoidReason::None && line.warning == VoidReason::None) {
        line.warning = why;
        line.warning_order = out.orders.size() - 1;
      }
    }
    if (line.kind == SheetLineKind::Error) {
      out.orders.resize_down(line.first_order);
      ++out.errors;
      continue;
    }
    line.order_count = out.orders.size() - line.first_order;
    out.powers |= u32{1} << line.power;
  }
  // Each power's adjustment orders together: one unit converted and
  // disbanded is refused on the line of the second order.
  for (PowerId p = 0; p < map.power_count() && pos.phase.kind == PhaseKind::Adjustment; ++p) {
    OrderList mine;
    int index[kMaxOrders];
    for (int i = 0; i < out.orders.size(); ++i)
      if (out.orders[i].power == p) {
        index[mine.size()] = i;
        mine.push_back(out.orders[i]);
      }
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
  // Each power's conditionals as a whole: no two on one unit or one count.
  for (PowerId p = 0; p < map.power_count(); ++p) {
    ConditionList mine;
    out.conditions_of(p, mine);
    if (mine.empty()) continue;
    ReasonText why;
    int bad = 0;
    if (check_conditions(map, pos, mine, why, bad)) continue;
    // Mark the line of the condition refused (the last conditional line of p).
    for (int i = out.lines.size() - 1; i >= 0; --i)
      if (out.lines[i].kind == SheetLineKind::Conditional && out.lines[i].power == p) {
        set_error(out.lines[i], ParseErrorKind::Syntax, why.view());
        ++out.errors;
        break;
      }
  }
}

}  // namespace colonial
