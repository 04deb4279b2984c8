#include "order_sheet.h"

#include "map.h"

namespace colonial {

namespace {

void set_error(SheetLine& line, ParseErrorKind kind, std::string_view message) {
  line.kind = SheetLineKind::Error;
  line.error = ParseError();
  line.error.kind = kind;
  line.error.message.assign(message);
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
        set_error(line, ParseErrorKind::UnknownPower, "say whose: \"Britain: ...\"");
      } else if (st.kind == StatementKind::Draw) {
        line.kind = SheetLineKind::Draw;
        out.draw |= u32{1} << st.power;
      } else if (st.kind == StatementKind::Surrender) {
        line.kind = SheetLineKind::Surrender;
        out.surrender |= u32{1} << st.power;
      } else if (pos.phase.kind != PhaseKind::Movement) {
        set_error(line, ParseErrorKind::WrongPhase,
                  "conditional retreats and adjustments are handed in with the movement orders");
      } else {
        line.kind = SheetLineKind::Conditional;
        for (const Condition& c : st.conditions) {
          ReasonText why;
          if (!check_condition(map, pos, c, why)) {
            set_error(line, ParseErrorKind::Syntax, why.view());
            break;
          }
          if (!out.conditions.push_back(c)) {
            set_error(line, ParseErrorKind::TooLong, "too many conditionals on one sheet");
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
        set_error(line, ParseErrorKind::UnknownPower, "say whose order it is: \"Britain: F hon H\"");
        break;
      }
      if (!out.orders.push_back(o)) {
        set_error(line, ParseErrorKind::TooLong, "more orders than a phase can have");
        out.too_long = true;
        break;
      }
      line.power = o.power;
      const VoidReason why = check_order(map, pos, o);
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
