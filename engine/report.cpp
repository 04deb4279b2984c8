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
    case Outcome::Converted:
      return r.order.unit == UnitType::Fleet ? "converted: the army there is now a fleet"
                                             : "converted: the fleet there is now an army";
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
    append_place_name(map, r.reached, out);
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
      append_place_name(map, r.dislodged_from, out);
    }
  }
}

namespace {

const char* unit_noun(UnitType t) { return t == UnitType::Fleet ? "fleet" : "army"; }

// "Britain's fleet", the subject of a sentence.
void subject(const Map& map, const Order& o, SentenceText& out) {
  out.append(o.power < map.power_count() ? map.power(o.power).name : "Somebody");
  out.append("'s ");
  out.append(unit_noun(o.unit));
}

// "the French army in Tongking", another unit named in an order.
void other_unit(const Map& map, const Position& before, const Order& o, SentenceText& out) {
  const ProvinceId p = o.other_at < map.location_count() ? map.province_of(o.other_at) : kNoProvince;
  const Unit* u = p != kNoProvince && before.units[p].present() ? &before.units[p] : nullptr;
  const PowerId power = u ? u->power : o.other_power;
  out.append("the ");
  if (power < map.power_count()) {
    out.append(map.power(power).adjective);
    out.append(" ");
  }
  out.append(unit_noun(u ? u->type : o.other_unit));
}

// The station after `reached` on the way of a railroad move, and who stood
// there: what stopped the army.
void railroad_blocker(const Map& map, const Position& before, const OrderResult& r, SentenceText& out) {
  const int line = railroad_between(map, map.province_of(r.order.at), map.province_of(r.order.to));
  if (line < 0) return;
  const Railroad& rr = map.railroad(line);
  int from = -1, reached = -1, to = -1;
  for (int i = 0; i < rr.stations.size(); ++i) {
    if (rr.stations[i] == map.province_of(r.order.at)) from = i;
    if (rr.stations[i] == r.reached) reached = i;
    if (rr.stations[i] == map.province_of(r.order.to)) to = i;
  }
  if (from < 0 || reached < 0 || to < 0 || reached == to) return;
  const int next = reached + (to > from ? 1 : -1);
  const ProvinceId p = rr.stations[next];
  const Unit& u = before.units[p];
  if (!u.present()) {
    out.append(" (a standoff at ");
    append_place_name(map, p, out);
    out.append(")");
    return;
  }
  out.append(" by the ");
  out.append(map.power(u.power).adjective);
  out.append(" ");
  out.append(unit_noun(u.type));
  out.append(" in ");
  append_place_name(map, p, out);
}

}  // namespace

void describe_result_sentence(const Map& map, const Position& before, const OrderResult& r, SentenceText& out) {
  out.clear();
  const Order& o = r.order;
  if (o.kind == OrderKind::Build || o.kind == OrderKind::Waive) {
    out.append(o.power < map.power_count() ? map.power(o.power).name : "Somebody");
    if (o.kind == OrderKind::Waive) {
      out.append(" waived a build.");
      return;
    }
    out.append(r.outcome == Outcome::Succeeded ? " built " : " could not build ");
    out.append(o.unit == UnitType::Fleet ? "a fleet in " : "an army in ");
    append_place_name(map, o.at, out);
    out.append(".");
    return;
  }
  subject(map, o, out);
  const bool ok = r.outcome == Outcome::Succeeded;
  switch (o.kind) {
    case OrderKind::Move:
      if (ok) {
        out.append(" moved from ");
        append_place_name(map, o.at, out);
        out.append(" to ");
        append_place_name(map, o.to, out);
        if (o.via_convoy) out.append(" by convoy");
      } else {
        out.append(" in ");
        append_place_name(map, o.at, out);
        out.append(" could not move to ");
        append_place_name(map, o.to, out);
        out.append(r.outcome == Outcome::CanalClosed ? ": the canal was not opened to it"
                   : r.outcome == Outcome::NoConvoy || r.outcome == Outcome::ConvoyDisrupted ? ": no convoy carried it"
                                                                                             : "");
      }
      break;
    case OrderKind::RailMove:
      out.append(" from ");
      append_place_name(map, o.at, out);
      if (ok) {
        out.append(" reached ");
        append_place_name(map, o.to, out);
        out.append(" by railroad");
      } else if (r.outcome == Outcome::StoppedShort && r.reached < map.province_count()) {
        out.append(" reached ");
        append_place_name(map, r.reached, out);
        out.append(" by railroad and was stopped there");
        railroad_blocker(map, before, r, out);
      } else {
        out.append(" could not leave by railroad for ");
        append_place_name(map, o.to, out);
      }
      break;
    case OrderKind::Support:
      out.append(" in ");
      append_place_name(map, o.at, out);
      out.append(ok ? " supported " : " tried to support ");
      other_unit(map, before, o, out);
      if (o.to == kNoLocation) {
        out.append(" in ");
        append_place_name(map, o.other_at, out);
      } else {
        out.append(" from ");
        append_place_name(map, o.other_at, out);
        out.append(" to ");
        append_place_name(map, o.to, out);
      }
      if (r.outcome == Outcome::Cut) out.append(", but the support was cut");
      if (r.outcome == Outcome::NotMatched) out.append(", which did not do that");
      break;
    case OrderKind::Convoy:
      out.append(" in ");
      append_place_name(map, o.at, out);
      out.append(ok ? " convoyed " : " was to convoy ");
      other_unit(map, before, o, out);
      out.append(" from ");
      append_place_name(map, o.other_at, out);
      out.append(" to ");
      append_place_name(map, o.to, out);
      break;
    case OrderKind::CanalPermit:
      out.append(" in ");
      append_place_name(map, o.at, out);
      out.append(ok ? " let " : " could not let ");
      other_unit(map, before, o, out);
      out.append(" through the canal");
      break;
    case OrderKind::Retreat:
      if (ok) {
        out.append(" retreated from ");
        append_place_name(map, o.at, out);
        out.append(" to ");
        append_place_name(map, o.to, out);
      } else {
        out.append(" in ");
        append_place_name(map, o.at, out);
        out.append(" could not retreat and was disbanded");
      }
      break;
    case OrderKind::Disband:
      out.append(" in ");
      append_place_name(map, o.at, out);
      out.append(r.outcome == Outcome::CivilDisorder ? " was removed (too few disbands ordered)" : " was disbanded");
      break;
    default:  // Hold
      out.append(" in ");
      append_place_name(map, o.at, out);
      out.append(r.outcome == Outcome::NoOrder ? " had no order and held" : " held");
      break;
  }
  if (r.outcome == Outcome::Void) {
    ReasonText why;
    describe_void(map, o, r.reason, why);
    out.append(" - impossible (");
    out.append(why.view());
    out.append("), so it held");
  }
  if (r.dislodged) {
    out.append(r.destroyed ? ", and was dislodged with nowhere to go: destroyed" : ", and was dislodged");
    if (r.dislodged_from != kNoProvince && r.dislodged_from < map.province_count()) {
      out.append(" from ");
      append_place_name(map, r.dislodged_from, out);
    }
  }
  out.append(".");
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
      const bool any_centre = game.position().rules.conscription;
      out.append(due == 0 ? (any_centre ? " due, no free centre: waived)" : " due, no free home colony: waived)")
                          : (any_centre ? " more due, no free centre)" : " more due, no free home colony)"));
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
  // Era of Empire: units it may convert, whatever it owes.
  ConversionOrders conversions;
  conversions_of(game.map(), game.position(), power, conversions);
  ProvinceSet convertible;
  for (const Order& o : conversions) convertible.set(game.map().province_of(o.at));
  if (!convertible.empty() && !game.surrendered(power) && !((game.settings().unplayed_powers >> power) & 1u)) {
    out.append(out.empty() ? "May convert " : "; may convert ");
    out.append_int(convertible.count());
    out.append(convertible.count() == 1 ? " unit" : " units");
  }
}

namespace {

// "Britain", "China, Japan": the powers of a mask.
void append_powers(const Map& map, u32 powers, SentenceText& out) {
  bool first = true;
  for (PowerId p = 0; p < map.power_count(); ++p)
    if ((powers >> p) & 1u) {
      if (!first) out.append(", ");
      out.append(map.power(p).name);
      first = false;
    }
}

}  // namespace

void describe_game_end(const Map& map, const GameResult& r, SentenceText& out) {
  out.clear();
  switch (r.end) {
    case GameEnd::None: return;
    case GameEnd::Victory:
      if (r.winner == kNoPower) {
        out.append("Victory.");
        return;
      }
      out.append(map.power(r.winner).name);
      out.append(" wins.");
      return;
    case GameEnd::Draw:
      out.append("A draw, shared by ");
      append_powers(map, r.sharing, out);
      out.append(".");
      return;
    case GameEnd::Agreement:
    case GameEnd::TurnLimit:
    case GameEnd::TimeLimit: {
      out.append(r.end == GameEnd::Agreement   ? "Ended by agreement: "
                 : r.end == GameEnd::TurnLimit ? "The last year was played: "
                                               : "Time is up: ");
      const std::string_view most = r.measure == EndMeasure::Units ? "units" : "colonies";
      if (r.winner != kNoPower) {
        out.append(map.power(r.winner).name);
        out.append(" has the most ");
        out.append(most);
        out.append(" and wins.");
      } else if (r.sharing) {
        append_powers(map, r.sharing, out);
        out.append(" have the most ");
        out.append(most);
        out.append(" and share the win.");
      } else {
        out.append("the most ");
        out.append(most);
        out.append(" are tied; nobody wins alone.");
      }
      return;
    }
    case GameEnd::AllSurrendered: out.append("Everybody surrendered."); return;
  }
}

}  // namespace colonial
