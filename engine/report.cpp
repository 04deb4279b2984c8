#include "report.h"

#include "game.h"
#include "legal.h"
#include "map.h"

namespace colonial {

namespace {

const char* outcome_words(const OrderResult& r) {
  switch (r.outcome) {
    case Outcome::Succeeded: return "succeeded";
    case Outcome::Bounced: return r.order.kind == OrderKind::Retreat ? "bounced: the unit is disbanded" : "bounced";
    case Outcome::Cut: return "support cut";
    case Outcome::NoConvoy: return "no convoy carried it";
    case Outcome::ConvoyDisrupted: return "convoy disrupted";
    case Outcome::NotMatched: return "the unit supported or convoyed did not do that";
    case Outcome::Void:
      switch (r.order.kind) {
        case OrderKind::Retreat: return "void: the unit is disbanded";
        case OrderKind::Build: return "void: nothing is built";
        case OrderKind::Disband:
        case OrderKind::Waive:
        case OrderKind::CanalPermit: return "void";
        default: return "void: the unit holds";  // rule 6.15
      }
    case Outcome::NoOrder: return "no order";
    case Outcome::CivilDisorder: return "removed (forced: too few disbands ordered)";
    case Outcome::CanalClosed: return "not let through the canal";
    case Outcome::StoppedShort: return "stopped short";
  }
  return "";
}

}  // namespace

std::string_view void_consequence(const Order& order, PhaseKind phase) {
  switch (phase) {
    case PhaseKind::Movement:
      return order.kind == OrderKind::CanalPermit ? "it lets no fleet through" : "the unit will hold";  // 6.15
    case PhaseKind::Retreat: return "the unit will be disbanded unless it is given a legal retreat";
    case PhaseKind::Adjustment: break;
  }
  switch (order.kind) {
    case OrderKind::Build: return "nothing will be built for it";
    case OrderKind::Waive: return "it waives nothing";
    default: return "it removes no unit";
  }
}

void describe_result(const Map& map, const OrderResult& r, OrderStyle style, ResultText& out) {
  OrderText order;
  format_order_with_power(map, r.order, style, order);
  out.assign(order.view());
  // Orders a conditional handed in with the movement orders gave (the
  // club's house rules) say so.
  out.append(r.conditional ? " (conditional): " : ": ");
  out.append(outcome_words(r));
  if (r.reached != kNoProvince && r.reached < map.province_count()) {
    out.append(" in ");
    out.append(map.province(r.reached).name);
  }
  if (r.outcome == Outcome::NoOrder && r.order.kind == OrderKind::Disband)
    out.append(", disbanded");
  else if (r.outcome == Outcome::NoOrder && r.order.kind == OrderKind::Hold)
    out.append(", held");
  if (r.reason != VoidReason::None) {
    ReasonText why;
    describe_void(map, r.order, r.reason, why);
    out.append(" (");
    out.append(why.view());
    out.append(")");
  }
  if (r.dislodged) {
    out.append(r.destroyed ? "; dislodged with no retreat: destroyed" : "; dislodged");
    if (r.dislodged_from != kNoProvince) {
      out.append(" from ");
      out.append(map.province(r.dislodged_from).name);
    }
  }
}

void describe_skipped(const Map& map, const SkippedOrder& s, OrderStyle style, ResultText& out) {
  OrderText order;
  format_order_with_power(map, s.order, style, order);
  out.assign(order.view());
  out.append(" (conditional): skipped, no longer possible");
  if (s.reason != VoidReason::None) {
    ReasonText why;
    describe_void(map, s.order, s.reason, why);
    out.append(" (");
    out.append(why.view());
    out.append(")");
  }
}

void describe_adjustment(const Game& game, PowerId power, ResultText& out) {
  out.clear();
  if (game.phase().kind != PhaseKind::Adjustment) return;
  int owed = adjustment_count(game.map(), game.position(), power);
  int due = game.adjustment_due(power);
  if (owed > 0) {
    out.append("Build ");
    out.append_int(due);
    if (due < owed) {
      out.append(" (");
      out.append_int(owed - due);
      out.append(due == 0 ? " due, no free home colony: waived)" : " more due, no free home colony)");
    }
  } else if (owed < 0) {
    out.append("Disband ");
    out.append_int(-owed);
    // No choice left: planned in advance (conditionals), or every unit goes.
    if ((game.covered_powers() >> power) & 1u)
      out.append(" (as planned)");
    else if (!game.has_choice(power))
      out.append(" (forced: every unit)");
  }
}

}  // namespace colonial
