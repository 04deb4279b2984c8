#include "conditions.h"

#include "map.h"
#include "phrases.h"

namespace colonial {

namespace {

bool valid_power(const Map& map, PowerId p) { return p < map.power_count(); }

// A build as written: "A Delhi".
void append_location(const Map& map, LocationId l, ReasonText& out) {
  OrderText t;
  format_location(map, l, OrderStyle::Rulebook, t);
  out.append(t.view());
}

// The plan order (from the choices) a written one stands for: the same kind
// at the same place; a retreat or build written without a coast matches its
// province's coasts.
bool among(const Map& map, const PlanOrders& choices, const Order& o) {
  for (const Order& c : choices) {
    if (c.kind != o.kind) continue;
    if (o.kind == OrderKind::Waive) return true;
    const LocationId mine = o.kind == OrderKind::Retreat ? o.to : o.at;
    const LocationId theirs = c.kind == OrderKind::Retreat ? c.to : c.at;
    if (mine == kNoLocation || mine >= map.location_count()) return false;
    if (o.kind == OrderKind::Build && o.unit != c.unit) continue;
    if (mine == theirs || (map.coast_of(mine) == Coast::None && map.province_of(theirs) == mine)) return true;
  }
  return false;
}

// Where the power could ever build: its home colonies (8.323), or under
// conscription any supply centre, which it may own by then.
bool build_place(const Map& map, const Position& pos, PowerId power, ProvinceId p) {
  return pos.rules.conscription ? map.province(p).colony : map.province(p).home == power;
}

int build_places(const Map& map, const Position& pos, PowerId power) {
  int n = 0;
  for (int p = 0; p < map.province_count(); ++p) n += build_place(map, pos, power, static_cast<ProvinceId>(p));
  return n;
}

// The retreats unit u in province p could ever make from there, and Disband.
void retreat_choices(const Map& map, const Position& pos, ProvinceId p, const Unit& u, PlanOrders& out) {
  out.clear();
  Order base;
  base.power = u.power;
  base.unit = u.type;
  base.at = unit_location(map, p, u);
  Order retreat = base;
  retreat.kind = OrderKind::Retreat;
  auto add = [&](LocationId to) {
    if (entry_barred(map, pos, u.power, map.province_of(to)) != VoidReason::None) return;
    retreat.to = to;
    out.push_back(retreat);
  };
  if (u.type == UnitType::Army)
    map.army_neighbours(p).for_each([&](int d) { add(static_cast<LocationId>(d)); });
  else
    map.fleet_neighbours(base.at).for_each([&](int l) { add(static_cast<LocationId>(l)); });
  Order disband = base;
  disband.kind = OrderKind::Disband;
  out.push_back(disband);
}

}  // namespace

void conditional_retreat_choices(const Map& map, const Position& pos, ProvinceId p, PlanOrders& out) {
  out.clear();
  if (p >= map.province_count() || !pos.units[p].present()) return;
  retreat_choices(map, pos, p, pos.units[p], out);
}

void conditional_adjustment_choices(const Map& map, const Position& pos, PowerId power, AdjustmentChoices& out) {
  out = AdjustmentChoices();
  if (!valid_power(map, power)) return;
  out.max_builds = build_places(map, pos, power);
  out.max_disbands = pos.unit_count(power);
  for (int p = 0; p < map.province_count(); ++p) {
    if (!build_place(map, pos, power, static_cast<ProvinceId>(p))) continue;
    BuildOrders builds;
    builds_in(map, power, static_cast<ProvinceId>(p), builds);
    for (const Order& o : builds) out.builds.push_back(o);
  }
  Order waive;
  waive.kind = OrderKind::Waive;
  waive.power = power;
  if (out.max_builds > 0) out.builds.push_back(waive);
  DisbandOrders disbands;
  disbands_of(map, pos, power, disbands);
  for (const Order& o : disbands) out.disbands.push_back(o);
}

namespace {

// Why a conditional retreat cannot be (the unit is not there, or a retreat
// it lists is impossible), or nothing.
bool check_retreat_condition(const Map& map, const Position& pos, const Condition& c, ReasonText& why) {
  const ProvinceId p = c.at < map.location_count() ? map.province_of(c.at) : kNoProvince;
  const Unit* u = p != kNoProvince && pos.units[p].present() ? &pos.units[p] : nullptr;
  if (!u || u->power != c.power || (c.unit != UnitType::None && c.unit != u->type)) {
    PlaceText place;
    if (p != kNoProvince) format_place_name(map, p, place);
    append_phrase(why,
                  c.unit == UnitType::Fleet  ? Phrase::CondNoFleet
                  : c.unit == UnitType::Army ? Phrase::CondNoArmy
                                             : Phrase::CondNoUnit,
                  {{"power", power_name(map, c.power)},
                   {"place", p != kNoProvince ? place.view() : phrase(Phrase::PlaceThatPlace)}});
    return false;
  }
  PlanOrders choices;
  conditional_retreat_choices(map, pos, p, choices);
  for (const Order& o : c.orders) {
    if (o.kind == OrderKind::Disband) continue;
    if (o.kind != OrderKind::Retreat || !among(map, choices, o)) {
      PlaceText to, at;
      format_place_name(map, o.to, to);
      format_place_name(map, p, at);
      append_phrase(why, u->type == UnitType::Army ? Phrase::CondNoRetreatArmy : Phrase::CondNoRetreatFleet,
                    {{"place", to.view()}, {"at", at.view()}});
      return false;
    }
  }
  return true;
}

// Why a conditional adjustment's orders cannot be, or nothing.
bool check_adjustment_orders(const Map& map, const Position& pos, const Condition& c, const AdjustmentChoices& choices,
                             ReasonText& why) {
  const bool building = c.kind == ConditionKind::Builds;
  const std::string_view who = power_name(map, c.power);
  ProvinceSet used;
  for (const Order& o : c.orders) {
    const bool ok = building
                        ? (o.kind == OrderKind::Build || o.kind == OrderKind::Waive) && among(map, choices.builds, o)
                        : o.kind == OrderKind::Disband && among(map, choices.disbands, o);
    if (!ok) {
      if (o.kind == OrderKind::Build) {
        ReasonText build;
        build.append(unit_letter(o.unit));
        build.append(' ');
        append_location(map, o.at, build);
        append_phrase(why, pos.rules.conscription ? Phrase::CondBuildCentres : Phrase::CondBuildHome,
                      {{"build", build.view()}, {"power", who}});
      } else {
        PlaceText place;
        format_place_name(map, o.at, place);
        append_phrase(why, Phrase::CondNoUnitToDisband, {{"power", who}, {"place", place.view()}});
      }
      return false;
    }
    if (o.kind == OrderKind::Waive) continue;
    const ProvinceId p = map.province_of(o.at);
    if (used.test(p)) {
      PlaceText place;
      format_place_name(map, p, place);
      append_phrase(why, building ? Phrase::CondTwoBuilds : Phrase::CondDisbandedTwice, {{"place", place.view()}});
      return false;
    }
    used.set(p);
  }
  return true;
}

}  // namespace

bool check_condition(const Map& map, const Position& pos, const Condition& c, ReasonText& why) {
  why.clear();
  if (pos.phase.kind != PhaseKind::Movement) {
    append_phrase(why, Phrase::CondWithMovement);
    return false;
  }
  if (!valid_power(map, c.power)) {
    append_phrase(why, Phrase::CondSayWhose);
    return false;
  }
  if (c.orders.empty()) {
    append_phrase(why, Phrase::CondNothingToDo);
    return false;
  }
  if (c.kind == ConditionKind::Dislodged) return check_retreat_condition(map, pos, c, why);
  AdjustmentChoices choices;
  conditional_adjustment_choices(map, pos, c.power, choices);
  const bool building = c.kind == ConditionKind::Builds;
  const int most = building ? choices.max_builds : choices.max_disbands;
  if (c.count < 1 || c.count > most) {
    const CountedPhrase p = !building                ? CountedPhrase::CondNeverDisband
                            : pos.rules.conscription ? CountedPhrase::CondNeverBuildCentres
                                                     : CountedPhrase::CondNeverBuildHome;
    append_phrase(why, p, most, {{"power", power_name(map, c.power)}, {"count", c.count}});
    return false;
  }
  if (c.orders.size() > c.count) {
    append_phrase(why, building ? Phrase::CondTooManyBuilds : Phrase::CondTooManyDisbands,
                  {{"listed", c.orders.size()}, {"count", c.count}});
    return false;
  }
  return check_adjustment_orders(map, pos, c, choices, why);
}

bool check_conditions(const Map& map, const Position& pos, const ConditionList& mine, ReasonText& why, int& bad) {
  for (bad = 0; bad < mine.size(); ++bad) {
    const Condition& c = mine[bad];
    if (!check_condition(map, pos, c, why)) return false;
    for (int k = 0; k < bad; ++k) {
      const Condition& e = mine[k];
      if (e.kind != c.kind || e.power != c.power) continue;
      if (c.kind == ConditionKind::Dislodged && map.province_of(e.at) == map.province_of(c.at)) {
        why.clear();
        PlaceText place;
        format_place_name(map, map.province_of(c.at), place);
        append_phrase(why, Phrase::CondTwiceForUnit, {{"place", place.view()}});
        return false;
      }
      if (c.kind != ConditionKind::Dislodged && e.count == c.count) {
        why.clear();
        append_phrase(
            why,
            c.kind == ConditionKind::Builds ? CountedPhrase::CondTwiceForBuilds : CountedPhrase::CondTwiceForDisbands,
            c.count);
        return false;
      }
    }
  }
  return true;
}

void orders_from_conditions(const Map& map, const Position& pos, const ConditionList& conditions, PowerId power,
                            OrderList& out, SkippedOrders& skipped, bool& covered) {
  covered = false;
  if (!valid_power(map, power)) return;
  if (pos.phase.kind == PhaseKind::Retreat) {
    covered = true;
    for (int d = 0; d < map.province_count(); ++d) {
      const Unit& du = pos.dislodged[d].unit;
      if (!du.present() || du.power != power) continue;
      const ProvinceId dp = static_cast<ProvinceId>(d);
      // Does it have anything to decide? (With no legal retreat it is disbanded anyway.)
      bool choice = false;
      Order o;
      o.power = power;
      o.unit = du.type;
      o.at = unit_location(map, dp, du);
      PlanOrders reach;
      retreat_choices(map, pos, dp, du, reach);
      for (const Order& r : reach) {
        if (r.kind != OrderKind::Retreat) continue;
        o.kind = OrderKind::Retreat;
        o.to = r.to;
        choice = choice || check_order(map, pos, o, PhaseKind::Retreat) == VoidReason::None;
      }
      const Condition* mine = nullptr;
      for (const Condition& c : conditions)
        if (c.power == power && c.kind == ConditionKind::Dislodged && c.at < map.location_count() &&
            map.province_of(c.at) == dp && (c.unit == UnitType::None || c.unit == du.type) && !mine)
          mine = &c;
      bool decided = false;
      for (int k = 0; mine && k < mine->orders.size() && !decided; ++k) {
        o.kind = mine->orders[k].kind == OrderKind::Disband ? OrderKind::Disband : OrderKind::Retreat;
        o.to = o.kind == OrderKind::Retreat ? mine->orders[k].to : kNoLocation;
        const VoidReason why = check_order(map, pos, o, PhaseKind::Retreat);
        if (why == VoidReason::None) {
          decided = out.push_back(o);
        } else {
          skipped.push_back(SkippedOrder{o, why});
        }
      }
      if (choice && !decided) covered = false;
    }
    return;
  }
  if (pos.phase.kind != PhaseKind::Adjustment) return;
  const int due = adjustment_count(map, pos, power);
  // Conversions are never planned: a power that could convert a unit is
  // asked.
  ConversionOrders conversions;
  conversions_of(map, pos, power, conversions);
  if (due == 0) {
    covered = conversions.empty();
    return;
  }
  const bool building = due > 0;
  // What it may really make: builds only in the free places it may build in.
  int allowed = building ? free_build_places(map, pos, power) : -due;
  if (building && allowed > due) allowed = due;
  const Condition* mine = nullptr;
  for (const Condition& c : conditions)
    if (c.power == power && c.kind == (building ? ConditionKind::Builds : ConditionKind::Disbands) &&
        c.count == (building ? due : -due) && !mine)
      mine = &c;
  int made = 0;
  ProvinceSet used;
  for (int k = 0; mine && k < mine->orders.size(); ++k) {
    Order o = mine->orders[k];
    o.power = power;
    VoidReason why = check_order(map, pos, o, PhaseKind::Adjustment);
    const ProvinceId p =
        o.kind == OrderKind::Waive || o.at >= map.location_count() ? kNoProvince : map.province_of(o.at);
    if (why == VoidReason::None && p != kNoProvince && used.test(p))
      why = building ? VoidReason::AlreadyBuilt : VoidReason::AlreadyDisbanded;
    if (why == VoidReason::None && made >= allowed)
      why = building ? VoidReason::NoBuildsLeft : VoidReason::NoDisbandsLeft;
    if (why != VoidReason::None) {
      skipped.push_back(SkippedOrder{o, why});
      continue;
    }
    if (!out.push_back(o)) continue;
    if (p != kNoProvince) used.set(p);
    ++made;
  }
  covered = (made >= allowed || (!building && pos.unit_count(power) <= -due)) && conversions.empty();
}

}  // namespace colonial
