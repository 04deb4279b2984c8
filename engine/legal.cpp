#include "legal.h"

#include <algorithm>
#include <bit>

#include "map.h"
#include "notation.h"
#include "phrases.h"

namespace colonial {
namespace {

// kNoLocation (0xFF) is never below a map's location count: one comparison.
static_assert(kNoLocation >= kMaxLocations);
bool valid_location(const Map& map, LocationId l) { return l < map.location_count(); }

bool is_sea(const Map& map, ProvinceId p) { return map.province(p).kind == ProvinceKind::Sea; }
bool is_coast(const Map& map, ProvinceId p) { return map.province(p).kind == ProvinceKind::Coast; }

// The other sea of canal c for a fleet in sea p, or kNoLocation if p is not
// one of its seas.
LocationId canal_exit(const Map& map, int c, ProvinceId p) {
  const Canal& canal = map.canal(c);
  if (map.province_of(canal.sea_a) == p) return canal.sea_b;
  if (map.province_of(canal.sea_b) == p) return canal.sea_a;
  return kNoLocation;
}

// The provinces a unit could move to by itself.
ProvinceSet provinces_reached(const Map& map, UnitType type, ProvinceId p, LocationId from) {
  return type == UnitType::Army ? map.army_neighbours(p) : map.fleet_reach(from);
}

// How many coasts of split-coast province d a fleet at `from` can reach, and
// the last one found.
int reachable_coasts(const Map& map, LocationId from, ProvinceId d, LocationId& which) {
  const ProvinceInfo& info = map.province(d);
  int n = 0;
  for (int i = 0; i < info.coast_count; ++i) {
    LocationId c = static_cast<LocationId>(info.first_coast + i);
    if (map.fleet_adjacent(from, c)) {
      ++n;
      which = c;
    }
  }
  return n;
}

// A unit's own step to `to` (move or retreat, never by convoy).
VoidReason check_step(const Map& map, UnitType type, ProvinceId p, LocationId from, LocationId to) {
  if (!valid_location(map, to)) return VoidReason::CannotReach;
  ProvinceId d = map.province_of(to);
  if (d == p) return VoidReason::SameProvince;
  const ProvinceKind kind = map.province(d).kind;
  if (type == UnitType::Army) {
    if (kind == ProvinceKind::Sea) return VoidReason::CannotReach;
    return map.army_adjacent(p, d) ? VoidReason::None : VoidReason::CannotReach;
  }
  if (kind == ProvinceKind::Land) return VoidReason::CannotReach;
  if (map.has_coasts(d) && to == d) {
    LocationId which = kNoLocation;
    int n = reachable_coasts(map, from, d, which);
    return n == 0 ? VoidReason::CannotReach : n > 1 ? VoidReason::CoastNeeded : VoidReason::None;
  }
  return map.fleet_adjacent(from, to) ? VoidReason::None : VoidReason::CannotReach;
}

// The stations an army in p could be ordered to by railroad (none when the
// rule is off, or for a unit that may not use the line).
ProvinceSet rail_destinations(const Map& map, const Position& pos, ProvinceId p, const Unit& u) {
  ProvinceSet out;
  if (!pos.rules.railroad || u.type != UnitType::Army) return out;
  for (int r = 0; r < map.railroad_count(); ++r) {
    const Railroad& line = map.railroad(r);
    if (line.owner != u.power) continue;
    bool on_line = false;
    for (ProvinceId s : line.stations) on_line = on_line || s == p;
    if (!on_line) continue;
    for (ProvinceId s : line.stations)
      if (s != p) out.set(s);
  }
  return out;
}

// "A MOS-TSR-IRK" (rule 9.2): an army of the railroad's power, from one
// station to another of the same line. Whether it gets there - foreign units
// and colonies on the way, standoffs, an occupant that stays - is decided in
// adjudication; the order is legal even when the line is blocked at the start
// (the blocking unit may leave, the ruling's case 2).
VoidReason check_rail_move(const Map& map, const Position& pos, const Order& o, ProvinceId p, const Unit& u) {
  if (!pos.rules.railroad || map.railroad_count() == 0) return VoidReason::RuleNotInForce;
  bool on_line = false, owner = false;
  for (int r = 0; r < map.railroad_count(); ++r)
    for (ProvinceId s : map.railroad(r).stations)
      if (s == p) {
        on_line = true;
        owner = owner || map.railroad(r).owner == u.power;
      }
  if (!on_line) return VoidReason::NotOnRailroad;
  if (!owner) return VoidReason::NotRailroadOwner;
  if (u.type != UnitType::Army) return VoidReason::RailroadArmiesOnly;
  if (!valid_location(map, o.to)) return VoidReason::NotOnRailroad;
  const ProvinceId d = map.province_of(o.to);
  if (d == p) return VoidReason::SameProvince;
  const int r = railroad_between(map, p, d);
  if (r < 0 || map.railroad(r).owner != u.power) return VoidReason::NotOnRailroad;
  return entry_barred(map, pos, u.power, d);
}

}  // namespace

VoidReason check_movement(const Map& map, const Position& pos, const Order& o, const ConvoyWaters& waters) {
  switch (o.kind) {
    case OrderKind::Hold:
    case OrderKind::Move:
    case OrderKind::Support:
    case OrderKind::Convoy:
    case OrderKind::RailMove:
    case OrderKind::CanalPermit: break;
    default: return VoidReason::WrongPhase;
  }
  if (!valid_location(map, o.at)) return VoidReason::NoUnit;
  const ProvinceId p = map.province_of(o.at);
  const Unit& u = pos.units[p];
  if (!u.present()) return VoidReason::NoUnit;
  if (o.power != kNoPower && o.power != u.power) return VoidReason::WrongPower;
  if (o.unit != UnitType::None && o.unit != u.type) return VoidReason::WrongUnitType;
  const LocationId from = unit_location(map, p, u);

  switch (o.kind) {
    case OrderKind::Hold: return VoidReason::None;
    case OrderKind::Move: {
      VoidReason r = check_step(map, u.type, p, from, o.to);
      if (u.type == UnitType::Fleet) {
        // Through a canal, under rule 9.3, while someone holds its province;
        // whether this fleet gets through is decided in adjudication.
        const int canal = r == VoidReason::CannotReach && valid_location(map, o.to)
                              ? canal_between(map, p, map.province_of(o.to))
                              : -1;
        if (canal >= 0 && pos.rules.canal)
          r = pos.units[map.canal(canal).via].present() ? VoidReason::None : VoidReason::CanalUnheld;
      } else if (r == VoidReason::CannotReach && valid_location(map, o.to)) {
        // Not adjacent: legal if a convoy could carry it (6.245).
        if (waters.route_possible(p, map.province_of(o.to))) r = VoidReason::None;
      }
      return r != VoidReason::None ? r : entry_barred(map, pos, u.power, map.province_of(o.to));
    }
    case OrderKind::RailMove: return check_rail_move(map, pos, o, p, u);
    case OrderKind::Support: {
      if (!valid_location(map, o.other_at)) return VoidReason::NoUnitToSupport;
      const ProvinceId s = map.province_of(o.other_at);
      if (s == p) return VoidReason::SupportSelf;
      if (!pos.units[s].present()) return VoidReason::NoUnitToSupport;
      if (o.to == kNoLocation)
        return map.unit_reaches(u.type, from, s) ? VoidReason::None : VoidReason::SupportCannotReach;
      if (!valid_location(map, o.to)) return VoidReason::SupportCannotReach;
      const ProvinceId d = map.province_of(o.to);
      if (d == p) return VoidReason::SupportIntoOwnProvince;
      if (d == s) return VoidReason::SameProvince;
      if (!map.unit_reaches(u.type, from, d)) return VoidReason::SupportCannotReach;
      // A move the supported unit may not make cannot be supported either.
      return entry_barred(map, pos, pos.units[s].power, d);
    }
    case OrderKind::Convoy: {
      if (u.type != UnitType::Fleet || !is_sea(map, p)) return VoidReason::ConvoyNotFleetAtSea;
      if (!valid_location(map, o.other_at)) return VoidReason::NoArmyToConvoy;
      const ProvinceId a = map.province_of(o.other_at);
      if (pos.units[a].type != UnitType::Army) return VoidReason::NoArmyToConvoy;
      if (!valid_location(map, o.to)) return VoidReason::ConvoyNotCoastal;
      const ProvinceId d = map.province_of(o.to);
      if (d == a) return VoidReason::SameProvince;
      if (!is_coast(map, a) || !is_coast(map, d)) return VoidReason::ConvoyNotCoastal;
      if (!waters.route_possible(a, d, p)) return VoidReason::ConvoyNoRoute;
      return entry_barred(map, pos, pos.units[a].power, d);
    }
    case OrderKind::CanalPermit: {
      // "SC F MED-RS": the unit holding the canal's province lets a fleet
      // through (9.34); the unit itself holds.
      if (!pos.rules.canal) return VoidReason::RuleNotInForce;
      if (!valid_location(map, o.other_at) || !valid_location(map, o.to)) return VoidReason::NoFleetToPermit;
      const int canal = canal_between(map, map.province_of(o.other_at), map.province_of(o.to));
      if (canal < 0) return VoidReason::CannotReach;
      if (map.canal(canal).via != p) return VoidReason::NotCanalHolder;
      const Unit& fleet = pos.units[map.province_of(o.other_at)];
      return fleet.type == UnitType::Fleet ? VoidReason::None : VoidReason::NoFleetToPermit;
    }
    default: return VoidReason::WrongPhase;
  }
}

namespace {

VoidReason check_retreat(const Map& map, const Position& pos, const Order& o) {
  // A move written in a retreat phase is a retreat.
  if (o.kind != OrderKind::Retreat && o.kind != OrderKind::Move && o.kind != OrderKind::Disband)
    return VoidReason::WrongPhase;
  if (!valid_location(map, o.at)) return VoidReason::NoUnit;
  const ProvinceId p = map.province_of(o.at);
  const DislodgedUnit& du = pos.dislodged[p];
  if (!du.unit.present()) return pos.units[p].present() ? VoidReason::NotDislodged : VoidReason::NoUnit;
  if (o.power != kNoPower && o.power != du.unit.power) return VoidReason::WrongPower;
  if (o.unit != UnitType::None && o.unit != du.unit.type) return VoidReason::WrongUnitType;
  if (o.kind == OrderKind::Disband) return VoidReason::None;
  VoidReason r = check_step(map, du.unit.type, p, unit_location(map, p, du.unit), o.to);
  if (r != VoidReason::None) return r;
  const ProvinceId d = map.province_of(o.to);
  if (pos.units[d].present()) return VoidReason::RetreatOccupied;
  if (d == du.attacker_from) return VoidReason::RetreatToAttacker;
  if (pos.standoffs.test(d)) return VoidReason::RetreatToStandoff;
  return entry_barred(map, pos, du.unit.power, d);
}

// A fleet or army built in p where the power's unit of the other type
// stands: the conversion of Era of Empire. Legal whatever the power owes:
// "A player may have no builds or disbands and still convert a unit".
VoidReason check_conversion(const Map& map, const Position& pos, const Order& o, ProvinceId p) {
  if (!map.province(p).colony || pos.owner[p] != o.power) return VoidReason::ConversionNotOwnedCentre;
  if (o.unit == UnitType::Fleet) {
    if (map.province(p).kind == ProvinceKind::Land) return VoidReason::ConversionInland;
    // A split-coast centre needs its coast named, as for a build.
    if (map.has_coasts(p) && o.at == p) return VoidReason::CoastNeeded;
    if (!map.can_stand(UnitType::Fleet, o.at)) return VoidReason::UnitCannotStand;
  } else if (!map.can_stand(UnitType::Army, p)) {
    return VoidReason::UnitCannotStand;
  }
  return VoidReason::None;
}

// check_adjustment with owed(w) the adjustment_count of power w: worked out
// here for one order, or read from the phase's counts by the adjudicator.
template <typename Owed>
VoidReason check_adjustment_owing(const Map& map, const Position& pos, const Order& o, Owed&& owed) {
  if (o.kind != OrderKind::Build && o.kind != OrderKind::Disband && o.kind != OrderKind::Waive)
    return VoidReason::WrongPhase;
  if (o.kind == OrderKind::Waive) {
    if (o.power == kNoPower || o.power >= map.power_count()) return VoidReason::NoPower;
    return owed(o.power) > 0 ? VoidReason::None : VoidReason::NoAdjustment;
  }
  if (!valid_location(map, o.at)) return o.kind == OrderKind::Build ? VoidReason::NotHomeColony : VoidReason::NoUnit;
  const ProvinceId p = map.province_of(o.at);
  if (o.kind == OrderKind::Disband) {
    const Unit& u = pos.units[p];
    if (!u.present()) return VoidReason::NoUnit;
    if (o.power != kNoPower && o.power != u.power) return VoidReason::NotOwnUnit;
    if (o.unit != UnitType::None && o.unit != u.type) return VoidReason::WrongUnitType;
    return owed(u.power) < 0 ? VoidReason::None : VoidReason::NoAdjustment;
  }
  if (o.power == kNoPower || o.power >= map.power_count()) return VoidReason::NoPower;
  if (is_conversion(map, pos, o)) return check_conversion(map, pos, o, p);
  if (pos.rules.conscription) {
    if (!map.province(p).colony) return VoidReason::NotSupplyCentre;
  } else if (map.province(p).home != o.power) {
    return VoidReason::NotHomeColony;
  }
  if (pos.owner[p] != o.power) return VoidReason::NotOwned;
  if (pos.units[p].present()) return VoidReason::BuildOccupied;
  if (o.unit == UnitType::Army) {
    if (!map.can_stand(UnitType::Army, p)) return VoidReason::UnitCannotStand;
  } else if (o.unit == UnitType::Fleet) {
    if (map.province(p).kind == ProvinceKind::Land) return VoidReason::UnitCannotStand;
    // A split-coast colony needs its coast named (DATC 6.B.14).
    if (map.has_coasts(p) && o.at == p) return VoidReason::CoastNeeded;
    if (!map.can_stand(UnitType::Fleet, o.at)) return VoidReason::UnitCannotStand;
  } else {
    return VoidReason::UnitCannotStand;
  }
  return owed(o.power) > 0 ? VoidReason::None : VoidReason::NoAdjustment;
}

VoidReason check_adjustment(const Map& map, const Position& pos, const Order& o) {
  return check_adjustment_owing(map, pos, o, [&](PowerId w) { return adjustment_count(map, pos, w); });
}

// --- sentences

// "DEL", "SPA/nc": the location as the rulebook writes it.
void append_location(const Map& map, LocationId l, ReasonText& out) {
  if (!valid_location(map, l)) {
    out.append("?");
    return;
  }
  OrderText text;
  format_location(map, l, OrderStyle::Rulebook, text);
  out.append(text.view());
}

}  // namespace

int canal_between(const Map& map, ProvinceId a, ProvinceId b) {
  for (int c = 0; c < map.canal_count(); ++c) {
    const ProvinceId x = map.province_of(map.canal(c).sea_a), y = map.province_of(map.canal(c).sea_b);
    if ((a == x && b == y) || (a == y && b == x)) return c;
  }
  return -1;
}

int railroad_between(const Map& map, ProvinceId a, ProvinceId b) {
  if (a == b) return -1;
  for (int r = 0; r < map.railroad_count(); ++r) {
    bool has_a = false, has_b = false;
    for (ProvinceId s : map.railroad(r).stations) {
      has_a = has_a || s == a;
      has_b = has_b || s == b;
    }
    if (has_a && has_b) return r;
  }
  return -1;
}

VoidReason entry_barred(const Map& map, const Position& pos, PowerId w, ProvinceId d) {
  if (d >= map.province_count()) return VoidReason::None;
  if (pos.rules.closed.test(d)) return VoidReason::ProvinceClosed;
  // Rule 9.11 as we read it (docs/ADJUDICATION.md): China waits until
  // another power has held Hong Kong at the end of a counting turn. Britain
  // holds it from the start and nobody else can lose it to China before, so
  // that is the end of the first counting turn: 1872 in the 1995 calendar,
  // the first Fall with seasons.
  if (pos.rules.china_waits_for_hong_kong && w != kNoPower && map.province(d).not_colony_for == w) {
    const int start = map.start_year();
    const bool counted =
        pos.rules.calendar == Calendar::Biennial1995 ? pos.phase.year >= start + 4 : pos.phase.year > start;
    if (!counted) return VoidReason::HongKongClosed;
  }
  return VoidReason::None;
}

LocationId unit_location_on_coast(const Map& map, ProvinceId p, const Unit& u) {
  LocationId l = map.location_of(p, u.coast);
  return l == kNoLocation ? p : l;
}

LocationId move_destination(const Map& map, UnitType type, LocationId from, LocationId to) {
  if (!valid_location(map, to)) return kNoLocation;
  const ProvinceId d = map.province_of(to);
  if (type == UnitType::Army) return d;
  if (map.has_coasts(d) && to == d) {
    LocationId which = kNoLocation;
    return reachable_coasts(map, from, d, which) == 1 ? which : kNoLocation;
  }
  return to;
}

void ConvoyWaters::compute() const {
  computed_ = true;
  // Word-wide set operations: the seas holding fleets (as locations: a sea's
  // location is its province id) and the coastal provinces.
  const int n = map_.province_count();
  LocationSet fleet_seas;
  const ProvinceSet& coastal = map_.coastal_provinces();
  std::fill_n(body_, n, kNone);
  map_.sea_provinces().for_each(
      [&](int s) { fleet_seas.words[s >> 6] |= static_cast<u64>(pos_.units[s].type == UnitType::Fleet) << (s & 63); });
  // The split coasts' locations (from n on): a body's shores take their
  // provinces instead.
  LocationSet split_coasts;
  for (int l = n; l < map_.location_count(); ++l) split_coasts.set(l);
  int bodies = 0;
  LocationSet unvisited = fleet_seas;
  fleet_seas.for_each([&](int first) {
    if (!unvisited.test(first)) return;
    const u8 body = static_cast<u8>(bodies++);
    LocationSet touched;
    ProvinceId stack[kMaxProvinces];
    int top = 0;
    stack[top++] = static_cast<ProvinceId>(first);
    unvisited.reset(first);
    while (top > 0) {
      const ProvinceId sea = stack[--top];
      body_[sea] = body;
      const LocationSet& next = map_.fleet_neighbours(sea);
      for (int w = 0; w < LocationSet::kWords; ++w) {
        touched.words[w] |= next.words[w];
        u64 more = next.words[w] & unvisited.words[w];
        unvisited.words[w] &= ~more;
        while (more) {
          stack[top++] = static_cast<ProvinceId>(w * 64 + std::countr_zero(more));
          more &= more - 1;
        }
      }
    }
    // The coasts touched: provinces directly, split coasts via their province.
    ProvinceSet& shores = shores_[body];
    LocationSet coasts = touched;
    coasts &= split_coasts;
    for (int w = 0; w < ProvinceSet::kWords; ++w) shores.words[w] = touched.words[w] & ~coasts.words[w];
    coasts.for_each([&](int l) { shores.set(map_.province_of(static_cast<LocationId>(l))); });
    shores &= coastal;
  });
}

bool ConvoyWaters::route_possible(ProvinceId from, ProvinceId to, ProvinceId through) const {
  if (from == to || from >= map_.province_count() || to >= map_.province_count() || !is_coast(map_, from) ||
      !is_coast(map_, to))
    return false;
  if (!computed_) compute();
  if (through != kNoProvince) {
    if (through >= map_.province_count() || body_[through] == kNone) return false;
    return shores_[body_[through]].test(from) && shores_[body_[through]].test(to);
  }
  bool found = false;
  map_.seas_touching(from).for_each([&](int s) {
    if (body_[s] != kNone && shores_[body_[s]].test(to)) found = true;
  });
  return found;
}

ProvinceSet ConvoyWaters::destinations(ProvinceId from) const {
  ProvinceSet out;
  if (from >= map_.province_count() || !is_coast(map_, from)) return out;
  if (!computed_) compute();
  map_.seas_touching(from).for_each([&](int s) {
    if (body_[s] != kNone) out |= shores_[body_[s]];
  });
  out.reset(from);
  return out;
}

ProvinceSet ConvoyWaters::shores_with(ProvinceId sea) const {
  if (sea >= map_.province_count()) return ProvinceSet();
  if (!computed_) compute();
  return body_[sea] == kNone ? ProvinceSet() : shores_[body_[sea]];
}

std::span<const ProvinceId> PositionFacts::occupied() const {
  if (!occupied_known_) {
    occupied_count_ = pos_.occupied(map_, occupied_);
    occupied_known_ = true;
  }
  return {occupied_, static_cast<std::size_t>(occupied_count_)};
}

const int (&PositionFacts::owed() const)[kMaxPowers] {
  if (!owed_known_) {
    adjustment_counts(map_, pos_, owed_);
    owed_known_ = true;
  }
  return owed_;
}

bool convoy_route_possible(const Map& map, const Position& pos, ProvinceId from, ProvinceId to, ProvinceId through) {
  return ConvoyWaters(map, pos).route_possible(from, to, through);
}

int adjustment_count(const Map& map, const Position& pos, PowerId power) {
  if (power >= map.power_count()) return 0;
  return pos.colony_count(map, power) - pos.unit_count(power);
}

void adjustment_counts(const Map& map, const Position& pos, int (&due)[kMaxPowers]) {
  int units[kMaxPowers];
  pos.count_all(map, units, due);
  for (int w = 0; w < kMaxPowers; ++w) due[w] -= units[w];
}

VoidReason check_order(const Map& map, const Position& pos, const Order& order) {
  return check_order(map, pos, order, pos.phase.kind);
}

VoidReason check_order(const Map& map, const Position& pos, const Order& order, PhaseKind phase) {
  return check_order(map, pos, order, phase, ConvoyWaters(map, pos));
}

VoidReason check_adjustment(const Map& map, const Position& pos, const Order& order, const int (&owed)[kMaxPowers]) {
  return check_adjustment_owing(map, pos, order, [&](PowerId w) { return w < kMaxPowers ? owed[w] : 0; });
}

VoidReason check_order(const Map& map, const Position& pos, const Order& order, PhaseKind phase,
                       const ConvoyWaters& waters) {
  switch (phase) {
    case PhaseKind::Movement: return check_movement(map, pos, order, waters);
    case PhaseKind::Retreat: return check_retreat(map, pos, order);
    case PhaseKind::Adjustment: return check_adjustment(map, pos, order);
  }
  return VoidReason::WrongPhase;
}

namespace {

// The SC orders the holder of province p may give: one per fleet in a sea of
// a canal running through p, to the canal's other sea.
template <typename Add>
void add_canal_permits(const Map& map, const Position& pos, ProvinceId p, const Order& base, Add&& add) {
  for (int c = 0; c < map.canal_count() && pos.rules.canal; ++c) {
    if (map.canal(c).via != p) continue;
    for (const LocationId sea : {map.canal(c).sea_a, map.canal(c).sea_b}) {
      const Unit& fleet = pos.units[map.province_of(sea)];
      if (fleet.type != UnitType::Fleet) continue;
      Order permit = base;
      permit.kind = OrderKind::CanalPermit;
      permit.other_unit = UnitType::Fleet;
      permit.other_at = unit_location(map, map.province_of(sea), fleet);
      permit.other_power = fleet.power;
      permit.to = canal_exit(map, c, map.province_of(sea));
      add(permit);
    }
  }
}

}  // namespace

bool legal_canal_permits(const Map& map, const Position& pos, PowerId power, LegalOrders& out) {
  out.clear();
  if (pos.phase.kind != PhaseKind::Movement) return true;
  bool ok = true;
  for (int c = 0; c < map.canal_count(); ++c) {
    const ProvinceId via = map.canal(c).via;
    const Unit& holder = pos.units[via];
    if (!holder.present() || holder.power != power) continue;
    Order base;
    base.power = power;
    base.unit = holder.type;
    base.at = unit_location(map, via, holder);
    bool seen = false;  // two canals through one province list its permits once
    for (int k = 0; k < c; ++k) seen = seen || map.canal(k).via == via;
    if (!seen) add_canal_permits(map, pos, via, base, [&](const Order& o) { ok = out.push_back(o) && ok; });
  }
  return ok;
}

namespace {

// Calls add(order) for every legal order of the unit in province p
// (legal_orders), without a list: random play counts and picks from them.
template <typename Add>
void each_legal_order(const Map& map, const Position& pos, ProvinceId p, Add&& add) {
  if (p >= map.province_count()) return;

  if (pos.phase.kind == PhaseKind::Retreat) {
    const DislodgedUnit& du = pos.dislodged[p];
    if (!du.unit.present()) return;
    Order base;
    base.power = du.unit.power;
    base.unit = du.unit.type;
    base.at = unit_location(map, p, du.unit);
    Order disband = base;
    disband.kind = OrderKind::Disband;
    add(disband);
    Order retreat = base;
    retreat.kind = OrderKind::Retreat;
    auto try_retreat = [&](LocationId to) {
      retreat.to = to;
      if (check_retreat(map, pos, retreat) == VoidReason::None) add(retreat);
    };
    if (du.unit.type == UnitType::Army)
      map.army_neighbours(p).for_each([&](int d) { try_retreat(static_cast<LocationId>(d)); });
    else
      map.fleet_neighbours(base.at).for_each([&](int l) { try_retreat(static_cast<LocationId>(l)); });
    return;
  }
  if (pos.phase.kind != PhaseKind::Movement) return;

  const Unit& u = pos.units[p];
  if (!u.present()) return;
  const LocationId from = unit_location(map, p, u);
  const ConvoyWaters waters(map, pos);
  Order base;
  base.power = u.power;
  base.unit = u.type;
  base.at = from;

  Order hold = base;
  hold.kind = OrderKind::Hold;
  add(hold);

  // Where each power's units may not go (closed provinces, rule 9.11).
  ProvinceSet barred[kMaxPowers];
  const bool any_barred = !pos.rules.closed.empty() || pos.rules.china_waits_for_hong_kong;
  for (int w = 0; w < map.power_count() && any_barred; ++w)
    for (int d = 0; d < map.province_count(); ++d)
      if (entry_barred(map, pos, static_cast<PowerId>(w), static_cast<ProvinceId>(d)) != VoidReason::None)
        barred[w].set(d);
  auto may_enter = [&](PowerId w, int d) { return w >= map.power_count() || !barred[w].test(d); };

  // Moves: every neighbour, then (armies) every coast a convoy could reach.
  Order move = base;
  move.kind = OrderKind::Move;
  if (u.type == UnitType::Army) {
    map.army_neighbours(p).for_each([&](int d) {
      if (!may_enter(u.power, d)) return;
      move.to = static_cast<LocationId>(d);
      add(move);
    });
    waters.destinations(p).for_each([&](int d) {
      if (!may_enter(u.power, d)) return;
      move.to = static_cast<LocationId>(d);
      // To a neighbour, a convoy must be asked for (DATC 4.A.3).
      move.via_convoy = map.army_adjacent(p, static_cast<ProvinceId>(d));
      add(move);
    });
    // Railroad moves: to every other station of a line this army may use.
    Order rail = base;
    rail.kind = OrderKind::RailMove;
    rail_destinations(map, pos, p, u).for_each([&](int d) {
      if (!may_enter(u.power, d)) return;
      rail.to = static_cast<LocationId>(d);
      add(rail);
    });
  } else {
    map.fleet_neighbours(from).for_each([&](int l) {
      if (!may_enter(u.power, map.province_of(static_cast<LocationId>(l)))) return;
      move.to = static_cast<LocationId>(l);
      add(move);
    });
    for (int c = 0; c < map.canal_count(); ++c) {
      move.to = canal_exit(map, c, p);
      if (move.to != kNoLocation && check_movement(map, pos, move, waters) == VoidReason::None) add(move);
    }
  }

  // Canal permissions: the holder of a canal's province may let a fleet in
  // either of its seas through (9.34). They are the power's orders in
  // addition to the unit's own (legal_canal_permits); listed here too, as
  // orders that involve this unit.
  add_canal_permits(map, pos, p, base, add);

  // Supports: to hold any unit this one could move to, and into any space it
  // could move to for every other unit that could move there (6.234).
  ProvinceSet reach = provinces_reached(map, u.type, p, from);
  Order support = base;
  support.kind = OrderKind::Support;
  for (int s = 0; s < map.province_count(); ++s) {
    const Unit& su = pos.units[s];
    if (s == p || !su.present()) continue;
    const ProvinceId sp = static_cast<ProvinceId>(s);
    support.other_unit = su.type;
    support.other_at = unit_location(map, sp, su);
    support.other_power = su.power;
    if (reach.test(s)) {
      support.to = kNoLocation;
      add(support);
    }
    ProvinceSet targets = provinces_reached(map, su.type, sp, support.other_at);
    if (su.type == UnitType::Army) {
      targets |= waters.destinations(sp);
      targets |= rail_destinations(map, pos, sp, su);  // support on the final part (9.26)
    }
    targets &= reach;
    targets.reset(p);
    targets.for_each([&](int d) {
      if (!may_enter(su.power, d)) return;
      support.to = static_cast<LocationId>(d);
      add(support);
    });
  }

  // Convoys: every army on a shore of this fleet's waters to every other shore.
  if (u.type == UnitType::Fleet && is_sea(map, p)) {
    const ProvinceSet shores = waters.shores_with(p);
    Order convoy = base;
    convoy.kind = OrderKind::Convoy;
    shores.for_each([&](int a) {
      const Unit& au = pos.units[a];
      if (au.type != UnitType::Army) return;
      convoy.other_unit = UnitType::Army;
      convoy.other_at = static_cast<LocationId>(a);
      convoy.other_power = au.power;
      shores.for_each([&](int d) {
        if (d == a || !may_enter(au.power, d)) return;
        convoy.to = static_cast<LocationId>(d);
        add(convoy);
      });
    });
  }
}

}  // namespace

bool legal_orders(const Map& map, const Position& pos, ProvinceId p, LegalOrders& out) {
  out.clear();
  bool ok = true;
  each_legal_order(map, pos, p, [&](const Order& o) { ok = out.push_back(o) && ok; });
  return ok;
}

bool is_conversion(const Map& map, const Position& pos, const Order& o) {
  if (o.kind != OrderKind::Build || !pos.rules.conversion || !valid_location(map, o.at)) return false;
  const Unit& u = pos.units[map.province_of(o.at)];
  return u.present() && u.power == o.power && o.unit != UnitType::None && u.type != o.unit;
}

bool may_build_in(const Map& map, const Position& pos, PowerId power, ProvinceId p) {
  // Without branches: asked for every colony of every power building.
  const ProvinceInfo& info = map.province(p);
  return static_cast<bool>(static_cast<int>(pos.owner[p] == power) & static_cast<int>(info.colony) &
                           (static_cast<int>(pos.rules.conscription) | static_cast<int>(info.home == power)));
}

int free_build_places(const Map& map, const Position& pos, PowerId power) {
  int n = 0;
  for (int p = 0; p < map.province_count(); ++p)
    n += !pos.units[p].present() && may_build_in(map, pos, power, static_cast<ProvinceId>(p));
  return n;
}

VoidReason refused_adjustment(const Map& map, const Position& pos, const OrderList& orders, int& bad) {
  ProvinceSet converted, disbanded;
  for (int i = 0; i < orders.size(); ++i) {
    const Order& o = orders[i];
    bad = i;
    const VoidReason r = check_order(map, pos, o, PhaseKind::Adjustment);
    const bool inland_fleet = r == VoidReason::UnitCannotStand && o.unit == UnitType::Fleet;
    if (r == VoidReason::BuildOccupied || r == VoidReason::ConversionInland ||
        r == VoidReason::ConversionNotOwnedCentre || inland_fleet)
      return r;
    if (o.kind == OrderKind::Waive || !valid_location(map, o.at)) continue;
    const ProvinceId p = map.province_of(o.at);
    const Unit& u = pos.units[p];
    // A disband of one's own unit, owed or not: the player meant that unit.
    if (o.kind == OrderKind::Disband && u.present() && (o.power == kNoPower || o.power == u.power)) {
      if (converted.test(p)) return VoidReason::ConvertAndDisband;
      disbanded.set(p);
    } else if (r == VoidReason::None && is_conversion(map, pos, o)) {
      if (disbanded.test(p)) return VoidReason::ConvertAndDisband;
      converted.set(p);
    }
  }
  bad = -1;
  return VoidReason::None;
}

void conversions_of(const Map& map, const Position& pos, PowerId power, ConversionOrders& out) {
  out.clear();
  if (!pos.rules.conversion || power >= map.power_count()) return;
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pp = static_cast<ProvinceId>(p);
    const Unit& u = pos.units[p];
    if (!u.present() || u.power != power || pos.owner[p] != power || !map.province(pp).colony) continue;
    BuildOrders builds;
    builds_in(map, power, pp, builds);
    for (const Order& o : builds)
      if (o.unit != u.type) out.push_back(o);
  }
}

void builds_in(const Map& map, PowerId power, ProvinceId p, BuildOrders& out) {
  out.clear();
  const ProvinceInfo& info = map.province(p);
  Order o;
  o.kind = OrderKind::Build;
  o.power = power;
  if (map.can_stand(UnitType::Army, p)) {
    o.unit = UnitType::Army;
    o.at = p;
    out.push_back(o);
  }
  o.unit = UnitType::Fleet;
  if (info.coast_count == 0) {
    if (map.can_stand(UnitType::Fleet, p)) {
      o.at = p;
      out.push_back(o);
    }
  } else {
    for (int c = 0; c < info.coast_count; ++c) {
      o.at = static_cast<LocationId>(info.first_coast + c);
      out.push_back(o);
    }
  }
}

void disbands_of(const Map& map, const Position& pos, PowerId power, DisbandOrders& out) {
  out.clear();
  // The power's units, found without a branch per province.
  ProvinceId own[kMaxProvinces];
  int count = 0;
  for (int p = 0; p < map.province_count(); ++p) {
    own[count] = static_cast<ProvinceId>(p);
    count += static_cast<int>(pos.units[p].present()) & static_cast<int>(pos.units[p].power == power);
  }
  Order o;
  o.kind = OrderKind::Disband;
  o.power = power;
  for (int i = 0; i < count; ++i) {
    const Unit& u = pos.units[own[i]];
    o.unit = u.type;
    o.at = unit_location(map, own[i], u);
    out.push_back(o);
  }
}

namespace {

// Calls add(order) for every legal adjustment order of `power`
// (legal_adjustments), without a list.
template <typename Add>
void each_legal_adjustment(const Map& map, const Position& pos, PowerId power, int n, Add&& add) {
  if (pos.phase.kind != PhaseKind::Adjustment || power >= map.power_count()) return;
  if (n > 0) {
    // The free colonies it may build in, listed without a branch per colony:
    // among its home colonies, or under conscription among all.
    ProvinceId free[kMaxProvinces];
    int free_count = 0;
    const auto consider = [&](ProvinceId p) {
      free[free_count] = p;
      free_count += static_cast<int>(!pos.units[p].present()) & static_cast<int>(may_build_in(map, pos, power, p));
    };
    if (pos.rules.conscription)
      for (const ProvinceId p : map.colony_provinces()) consider(p);
    else
      map.home_colonies(power).for_each([&](int p) { consider(static_cast<ProvinceId>(p)); });
    for (int i = 0; i < free_count; ++i) {
      const ProvinceId p = free[i];
      BuildOrders builds;
      builds_in(map, power, p, builds);
      for (const Order& o : builds) add(o);
    }
    Order waive;
    waive.kind = OrderKind::Waive;
    waive.power = power;
    add(waive);
  } else if (n < 0) {
    DisbandOrders disbands;
    disbands_of(map, pos, power, disbands);
    for (const Order& o : disbands) add(o);
  }
  if (!pos.rules.conversion) return;
  ConversionOrders conversions;
  conversions_of(map, pos, power, conversions);
  for (const Order& o : conversions) add(o);
}

}  // namespace

bool legal_adjustments(const Map& map, const Position& pos, PowerId power, LegalOrders& out) {
  out.clear();
  bool ok = true;
  each_legal_adjustment(map, pos, power, adjustment_count(map, pos, power),
                        [&](const Order& o) { ok = out.push_back(o) && ok; });
  return ok;
}

u64 Random::next() {
  u64 z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

#if defined(__SIZEOF_INT128__)
namespace {

// z % n without a division (Lemire, Kaser and Kurz, "Faster remainder by
// direct computation", 2019: exact for every 64-bit z with a 128-bit
// magic number). A 64-bit division takes 40 cycles and more on the x86
// machines we measure on, and random games ask for thousands of small
// remainders each; n below kMagicCount has its magic number in a table made
// at compile time.
__extension__ using u128 = unsigned __int128;
constexpr int kMagicCount = 128;
struct RemainderMagic {
  u128 m[kMagicCount] = {};
  constexpr RemainderMagic() {
    // For n = 1 this wraps to 0, which gives remainder 0 as it should.
    for (int n = 1; n < kMagicCount; ++n) m[n] = ~u128{0} / static_cast<u64>(n) + 1;
  }
};
constexpr RemainderMagic kRemainderMagic;

}  // namespace

u64 Random::remainder(u64 z, u64 n) {
  COLONIAL_ASSERT(n > 0);
  if (n >= kMagicCount) return z % n;
  const u128 low = kRemainderMagic.m[n] * z;
  // The top 64 bits of the 192-bit product low * n.
  const u128 bottom = ((low & ~u64{0}) * n) >> 64;
  const u128 top = (low >> 64) * n;
  return static_cast<u64>((bottom + top) >> 64);
}
#else
u64 Random::remainder(u64 z, u64 n) {
  COLONIAL_ASSERT(n > 0);
  return z % n;
}
#endif

int Random::below(int n) { return n <= 0 ? 0 : static_cast<int>(remainder(next(), static_cast<u64>(n))); }

namespace {

// Removes from `choices` the places `power` may not enter (closed provinces,
// rule 9.11). Locations of split coasts go with their province.
template <int N>
void drop_barred(const Map& map, const Position& pos, PowerId power, BitSet<N>& choices) {
  const BitSet<N> all = choices;
  all.for_each([&](int l) {
    if (entry_barred(map, pos, power, map.province_of(static_cast<LocationId>(l))) != VoidReason::None)
      choices.reset(l);
  });
}

// A member of `set` taken uniformly with one draw (counted, then the member
// of a random rank), or -1 if the set is empty (no draw).
template <int N>
int random_member(const BitSet<N>& set, Random& random) {
  const int count = set.count();
  return count == 0 ? -1 : set.nth(random.below(count));
}

void random_movement(const Map& map, const Position& pos, Random& random, OrderList& out, const PositionFacts& facts) {
  const ConvoyWaters& waters = facts.waters();
  // Every choice below is a uniform pick from a set (random_member).
  const std::span<const ProvinceId> units = facts.occupied();
  const int unit_count = static_cast<int>(units.size());

  // First the moves: about half the units (45 in 100) try one, picked
  // without a branch per unit.
  ProvinceId moved[kMaxProvinces], dest[kMaxProvinces];
  int moved_count = 0;
  for (int k = 0; k < unit_count; ++k) {
    moved[moved_count] = units[k];
    moved_count += static_cast<int>(random.chance<45, 100>());
  }
  bool rail_used = false;
  // Whether any entry may be barred (entry_barred): not in most games.
  const bool may_bar = !pos.rules.closed.empty() || pos.rules.china_waits_for_hong_kong;
  int movers = 0;
  for (int k = 0; k < moved_count; ++k) {
    const ProvinceId pp = moved[k];
    const Unit& u = pos.units[pp];
    const LocationId from = unit_location(map, pp, u);
    Order o;
    o.kind = OrderKind::Move;
    o.power = u.power;
    o.unit = u.type;
    o.at = from;
    if (u.type == UnitType::Army) {
      ProvinceSet choices = map.army_neighbours(pp);
      // A sea voyage (to a province it cannot walk to) half the time there is one.
      if (random.chance<1, 2>()) {
        ProvinceSet voyages = waters.destinations(pp);
        for (int w = 0; w < ProvinceSet::kWords; ++w) voyages.words[w] &= ~choices.words[w];
        if (!voyages.empty()) choices = voyages;
      }
      // A railroad journey a third of the time one is possible; rarely a
      // second one in the same turn (both then hold: rule 9.22).
      if (random.chance<1, 3>() && (!rail_used || random.chance<1, 10>())) {
        const ProvinceSet stations = rail_destinations(map, pos, pp, u);
        if (!stations.empty()) {
          choices = stations;
          o.kind = OrderKind::RailMove;
          rail_used = true;
        }
      }
      if (may_bar) drop_barred(map, pos, u.power, choices);
      const int to = random_member(choices, random);
      if (to < 0) continue;
      o.to = static_cast<LocationId>(to);
    } else {
      LocationSet choices = map.fleet_neighbours(from);
      for (int c = 0; c < map.canal_count(); ++c) {
        Order through = o;
        through.to = canal_exit(map, c, pp);
        if (through.to != kNoLocation &&
            check_order(map, pos, through, PhaseKind::Movement, waters) == VoidReason::None)
          choices.set(through.to);
      }
      if (may_bar) drop_barred(map, pos, u.power, choices);
      const int to = random_member(choices, random);
      if (to < 0) continue;
      o.to = static_cast<LocationId>(to);
    }
    dest[pp] = map.province_of(o.to);
    out.push_back(o);
    moved[movers++] = pp;
  }
  moved_count = movers;

  // Then everyone else backs a move, a stay or a voyage, or holds: one of
  // the units it could back, taken uniformly.
  ProvinceSet staying, targets, canal_holders;
  ProvinceId voyagers[kMaxProvinces], canal_fleets[kMaxProvinces];
  int voyager_count = 0, canal_fleet_count = 0;
  // The movers into each destination: set only for the destinations
  // (targets), each cleared when first met - 2 KB not written every phase.
  union MoversInto {
    ProvinceSet of[kMaxProvinces];
    MoversInto() {}
  } into_target;
  for (int k = 0; k < unit_count; ++k) staying.set(units[k]);
  for (int k = 0; k < moved_count; ++k) {
    const ProvinceId pp = moved[k];
    const Unit& u = pos.units[pp];
    const ProvinceId d = dest[pp];
    staying.reset(pp);
    if (!targets.test(d)) into_target.of[d].clear();
    into_target.of[d].set(pp);
    targets.set(d);
    voyagers[voyager_count] = pp;
    voyager_count += static_cast<int>(u.type == UnitType::Army) & static_cast<int>(!map.army_adjacent(pp, d));
    // Only a fleet goes from one sea of a canal to the other.
    const int canal = canal_between(map, pp, d);
    if (canal >= 0) {
      canal_fleets[canal_fleet_count++] = pp;
      canal_holders.set(map.canal(canal).via);
    }
  }
  staying.for_each([&](int p) {
    const Unit& u = pos.units[p];
    const ProvinceId pp = static_cast<ProvinceId>(p);
    const LocationId from = unit_location(map, pp, u);
    const ProvinceSet reach = provinces_reached(map, u.type, pp, from);
    // Units staying within reach, and movers it could support (into a
    // space it reaches), convoy (from the sea) or let through the canal.
    ProvinceSet candidates = reach, into = reach, supported, convoyed, let_through;
    candidates &= staying;
    candidates.reset(p);
    into &= targets;
    into.reset(p);
    into.for_each([&](int d) { supported |= into_target.of[d]; });
    if (u.type == UnitType::Fleet && voyager_count > 0 && is_sea(map, pp)) {
      // route_possible(voyager, its destination, pp), with the shores of
      // this fleet's body looked up once for all the voyagers.
      const ProvinceSet shores = waters.shores_with(pp);
      for (int i = 0; i < voyager_count; ++i)
        if (shores.test(voyagers[i]) && shores.test(dest[voyagers[i]])) convoyed.set(voyagers[i]);
    }
    if (canal_holders.test(p))
      for (int i = 0; i < canal_fleet_count; ++i)
        if (map.canal(canal_between(map, canal_fleets[i], dest[canal_fleets[i]])).via == pp)
          let_through.set(canal_fleets[i]);
    Order o;
    o.kind = OrderKind::Hold;
    o.power = u.power;
    o.unit = u.type;
    o.at = from;
    ProvinceSet backed = candidates;
    backed |= supported;
    backed |= convoyed;
    backed |= let_through;
    const int backing = random_member(backed, random);
    if (backing >= 0) {
      const ProvinceId s = static_cast<ProvinceId>(backing);
      const Unit& su = pos.units[s];
      const bool moving = !staying.test(s);
      // Supporting a mover comes before convoying it or letting it through.
      o.kind = !moving || supported.test(s) ? OrderKind::Support
               : convoyed.test(s)           ? OrderKind::Convoy
                                            : OrderKind::CanalPermit;
      o.other_unit = su.type;
      o.other_at = unit_location(map, s, su);
      o.other_power = su.power;
      o.to = moving ? static_cast<LocationId>(dest[s]) : kNoLocation;
    }
    out.push_back(o);
  });
}

}  // namespace

void random_orders(const Map& map, const Position& pos, Random& random, OrderList& out) {
  random_orders(map, pos, random, out, PositionFacts(map, pos));
}

void random_orders(const Map& map, const Position& pos, Random& random, OrderList& out, const PositionFacts& facts) {
  out.clear();
  if (pos.phase.kind == PhaseKind::Movement) {
    random_movement(map, pos, random, out, facts);
    return;
  }
  // Retreats and adjustments pick from the legal orders as they are listed
  // (each_legal_order, each_legal_adjustment), counting them first: no list.
  if (pos.phase.kind == PhaseKind::Retreat) {
    for (int p = 0; p < map.province_count(); ++p) {
      if (!pos.dislodged[p].unit.present()) continue;
      const ProvinceId pp = static_cast<ProvinceId>(p);
      int count = 0;
      each_legal_order(map, pos, pp, [&](const Order&) { ++count; });
      // The list starts with the disband; prefer a retreat when there is one.
      int pick = count > 1 && random.chance<4, 5>() ? 1 + random.below(count - 1) : 0;
      each_legal_order(map, pos, pp, [&](const Order& o) {
        if (pick-- == 0) out.push_back(o);
      });
    }
    return;
  }
  const int(&dues)[kMaxPowers] = facts.owed();
  for (int w = 0; w < map.power_count(); ++w) {
    const PowerId power = static_cast<PowerId>(w);
    const int due = dues[w];
    if (due == 0 && !pos.rules.conversion) continue;
    ProvinceSet used;
    // Builds and disbands in distinct places (not the waive, not
    // conversions: they use no build), listed once.
    FixedVector<Order, 3 * kMaxProvinces> listed;
    if (due != 0)
      each_legal_adjustment(map, pos, power, due, [&](const Order& o) {
        if (o.kind != OrderKind::Waive && !is_conversion(map, pos, o)) listed.push_back(o);
      });
    for (int k = due < 0 ? -due : due; k > 0; --k) {
      int candidates = 0;
      for (const Order& o : listed) candidates += static_cast<int>(!used.test(map.province_of(o.at)));
      if (candidates == 0) break;
      int pick = random.below(candidates);
      const Order* chosen = listed.begin();
      for (const Order& o : listed)
        if (!used.test(map.province_of(o.at)) && pick-- == 0) {
          chosen = &o;
          break;
        }
      used.set(map.province_of(chosen->at));
      out.push_back(*chosen);
    }
    // Now and then a conversion of a unit not disbanded.
    if (!pos.rules.conversion) continue;
    each_legal_adjustment(map, pos, power, due, [&](const Order& o) {
      if (is_conversion(map, pos, o) && !used.test(map.province_of(o.at)) && random.chance<1, 4>()) {
        used.set(map.province_of(o.at));
        out.push_back(o);
      }
    });
  }
}

namespace {

// The phrase of a void reason, and the place it names as {place}.
struct VoidWords {
  Phrase phrase;
  LocationId place = kNoLocation;
};

VoidWords unreachable_words(const Map& map, const Order& o) {
  if (valid_location(map, o.to)) {
    const ProvinceKind kind = map.province(map.province_of(o.to)).kind;
    if (o.unit == UnitType::Army && kind == ProvinceKind::Sea) return {Phrase::VoidArmyToSea, o.to};
    if (o.unit == UnitType::Fleet && kind == ProvinceKind::Land) return {Phrase::VoidFleetInland, o.to};
  }
  return {Phrase::VoidCannotReach, o.to};
}

VoidWords unit_void_words(const Map& map, const Order& o, VoidReason reason) {
  switch (reason) {
    case VoidReason::NoUnit: return {Phrase::VoidNoUnit, o.at};
    case VoidReason::WrongPower:
    case VoidReason::NotOwnUnit: return {Phrase::VoidWrongPower, o.at};
    case VoidReason::WrongUnitType:
      return {o.unit == UnitType::Army ? Phrase::VoidNotArmy : Phrase::VoidNotFleet, o.at};
    case VoidReason::DuplicateOrder: return {Phrase::VoidDuplicate};
    case VoidReason::SameProvince:
      return {o.kind == OrderKind::Support  ? Phrase::VoidSupportedStays
              : o.kind == OrderKind::Convoy ? Phrase::VoidConvoyedStays
                                            : Phrase::VoidSameProvince};
    case VoidReason::CannotReach: return unreachable_words(map, o);
    case VoidReason::CoastNeeded: return {Phrase::VoidCoastNeeded, o.to};
    case VoidReason::SupportSelf: return {Phrase::VoidSupportSelf};
    case VoidReason::SupportIntoOwnProvince: return {Phrase::VoidSupportOwnSpace};
    case VoidReason::SupportCannotReach:
      return {Phrase::VoidSupportCannotReach, o.to == kNoLocation ? o.other_at : o.to};
    case VoidReason::NoUnitToSupport: return {Phrase::VoidNoUnitToSupport, o.other_at};
    case VoidReason::ConvoyNotFleetAtSea: return {Phrase::VoidConvoyNotAtSea};
    case VoidReason::NoArmyToConvoy: return {Phrase::VoidNoArmyToConvoy, o.other_at};
    case VoidReason::ConvoyNotCoastal: return {Phrase::VoidConvoyNotCoastal};
    case VoidReason::ConvoyNoRoute: return {Phrase::VoidConvoyNoRoute};
    case VoidReason::RuleNotInForce:
      return {o.kind == OrderKind::RailMove ? Phrase::VoidRailroadOff : Phrase::VoidCanalOff};
    case VoidReason::CanalUnheld: return {Phrase::VoidCanalUnheld};
    case VoidReason::NotCanalHolder: return {Phrase::VoidNotCanalHolder};
    case VoidReason::NoFleetToPermit: return {Phrase::VoidNoFleetToPermit, o.other_at};
    case VoidReason::NotRailroadOwner: return {Phrase::VoidNotRailroadOwner};
    case VoidReason::RailroadArmiesOnly: return {Phrase::VoidRailroadArmiesOnly};
    case VoidReason::NotOnRailroad: return {Phrase::VoidNotOnRailroad, o.to};
    case VoidReason::RailroadInUse: return {Phrase::VoidRailroadInUse};
    case VoidReason::ProvinceClosed: return {Phrase::VoidProvinceClosed, o.to};
    case VoidReason::HongKongClosed: return {Phrase::VoidHongKongClosed, o.to};
    case VoidReason::CanalPermitConflict: return {Phrase::VoidCanalPermitConflict};
    case VoidReason::NotDislodged: return {Phrase::VoidNotDislodged, o.at};
    case VoidReason::RetreatOccupied: return {Phrase::VoidRetreatOccupied, o.to};
    case VoidReason::RetreatToAttacker: return {Phrase::VoidRetreatToAttacker, o.to};
    case VoidReason::RetreatToStandoff: return {Phrase::VoidRetreatToStandoff, o.to};
    default: return {Phrase::VoidLegal};
  }
}

VoidWords adjustment_void_words(const Map& map, const Order& o, VoidReason reason) {
  switch (reason) {
    case VoidReason::NoPower: return {Phrase::VoidNoPower};
    case VoidReason::UnitCannotStand:
      if (o.unit != UnitType::Fleet) return {Phrase::VoidNoArmyBuild, o.at};
      return {valid_location(map, o.at) && map.province(map.province_of(o.at)).kind == ProvinceKind::Land
                  ? Phrase::VoidNoFleetBuildInland
                  : Phrase::VoidNoFleetBuild,
              o.at};
    case VoidReason::NotHomeColony: return {Phrase::VoidNotHomeColony, o.at};
    case VoidReason::NotOwned: return {Phrase::VoidNotOwned, o.at};
    case VoidReason::BuildOccupied: return {Phrase::VoidBuildOccupied, o.at};
    case VoidReason::NoAdjustment:
      return {o.kind == OrderKind::Disband ? Phrase::VoidNothingToDisband : Phrase::VoidNoBuilds};
    case VoidReason::NoBuildsLeft: return {Phrase::VoidNoBuildsLeft};
    case VoidReason::AlreadyBuilt: return {Phrase::VoidAlreadyBuilt, o.at};
    case VoidReason::NoDisbandsLeft: return {Phrase::VoidNoDisbandsLeft};
    case VoidReason::AlreadyDisbanded: return {Phrase::VoidAlreadyDisbanded};
    case VoidReason::NotSupplyCentre: return {Phrase::VoidNotSupplyCentre, o.at};
    case VoidReason::ConversionNotOwnedCentre:
      // A conversion to a fleet is written as the build of a fleet where the army stands.
      return {o.unit == UnitType::Fleet ? Phrase::VoidArmyNotInOwnCentre : Phrase::VoidFleetNotInOwnCentre, o.at};
    case VoidReason::ConversionInland: return {Phrase::VoidConversionInland, o.at};
    case VoidReason::ConvertAndDisband: return {Phrase::VoidConvertAndDisband, o.at};
    case VoidReason::WrongPhase: return {Phrase::VoidWrongPhase};
    default: return unit_void_words(map, o, reason);
  }
}

}  // namespace

void describe_void(const Map& map, const Order& o, VoidReason reason, ReasonText& out) {
  out.clear();
  const VoidWords words = adjustment_void_words(map, o, reason);
  ReasonText unit, place, from, to;
  unit.append(o.unit == UnitType::None ? '?' : unit_letter(o.unit));
  unit.append(' ');
  append_location(map, o.at, unit);
  append_place_name(map, words.place, place);
  append_place_name(map, o.other_at, from);
  append_place_name(map, o.to, to);
  append_phrase(out, words.phrase,
                {{"unit", unit.view()},
                 {"place", place.view()},
                 {"from", from.view()},
                 {"to", to.view()},
                 {"power", power_name(map, o.power)}});
}

}  // namespace colonial
