#include "orders.h"

#include <deque>

#include "legal.h"

namespace colonial::daide {
namespace {

struct UnitRef {
  PowerId power = kNoPower;
  UnitType type = UnitType::None;
  LocationId at = kNoLocation;
};

// ( POWER AMY|FLT location )
bool read_unit(const Representation& rep, Reader& r, UnitRef& out) {
  const std::size_t start = r.position();
  Token power = 0;
  if (r.open() && r.take_if(is_power, power)) {
    out.type = r.take(tok::AMY) ? UnitType::Army : r.take(tok::FLT) ? UnitType::Fleet : UnitType::None;
    if (out.type != UnitType::None && rep.read_location(r, out.at) && r.close()) {
      out.power = rep.power_of(power);
      return true;
    }
  }
  r.rewind(start);
  return false;
}

bool read_province(const Representation& rep, Reader& r, LocationId& out) {
  Token t = 0;
  if (!r.take_if(is_province, t)) return false;
  const ProvinceId p = rep.province_of(t);
  out = p == kNoProvince ? kNoLocation : p;
  return true;
}

// ( sea sea ... ): the route is the engine's to find.
bool skip_via(Reader& r) {
  if (!r.take(tok::VIA)) return true;
  if (!r.open()) return false;
  Token sea = 0;
  while (r.take_if(is_province, sea)) {
  }
  return r.close();
}

// What follows the ordered unit: HLD, MTO place, SUP ..., into `o`.
bool read_action(const Representation& rep, Reader& r, Order& o) {
  UnitRef other;
  if (r.take(tok::HLD)) {
    o.kind = OrderKind::Hold;
  } else if (r.take(tok::MTO)) {
    o.kind = OrderKind::Move;
    if (!rep.read_location(r, o.to)) return false;
  } else if (r.take(tok::RTO)) {
    o.kind = OrderKind::Retreat;
    if (!rep.read_location(r, o.to)) return false;
  } else if (r.take(tok::SUP)) {
    if (!read_unit(rep, r, other)) return false;
    o.kind = OrderKind::Support;
    if (r.take(tok::MTO) && !read_province(rep, r, o.to)) return false;
  } else if (r.take(tok::CVY)) {
    if (!read_unit(rep, r, other) || !r.take(tok::CTO) || !read_province(rep, r, o.to)) return false;
    o.kind = OrderKind::Convoy;
  } else if (r.take(tok::CTO)) {
    if (!read_province(rep, r, o.to) || !skip_via(r)) return false;
    o.kind = OrderKind::Move;
    o.via_convoy = true;
  } else if (r.take(tok::DSB) || r.take(tok::REM)) {
    o.kind = OrderKind::Disband;
  } else if (r.take(tok::BLD)) {
    o.kind = OrderKind::Build;
  } else {
    return false;
  }
  o.other_unit = other.type;
  o.other_at = other.at;
  o.other_power = other.power;
  return true;
}

bool phase_allows(OrderKind kind, Token action, PhaseKind phase) {
  switch (phase) {
    case PhaseKind::Movement:
      return kind != OrderKind::Build && kind != OrderKind::Waive && kind != OrderKind::Disband &&
             kind != OrderKind::Retreat;
    case PhaseKind::Retreat: return kind == OrderKind::Retreat || (kind == OrderKind::Disband && action == tok::DSB);
    case PhaseKind::Adjustment:
      return kind == OrderKind::Build || kind == OrderKind::Waive || (kind == OrderKind::Disband && action == tok::REM);
  }
  return false;
}

// The unit the order names must stand where it says (a dislodged one in a
// retreat phase; none for a build).
Token unit_note(const Map& map, const Position& pos, PowerId power, const Order& o) {
  if (o.kind == OrderKind::Waive) return o.power == power ? tok::MBV : tok::NYU;
  if (o.at == kNoLocation || (o.kind != OrderKind::Build && o.other_at == kNoLocation &&
                              (o.kind == OrderKind::Support || o.kind == OrderKind::Convoy)))
    return tok::NSP;
  if (o.power != power) return tok::NYU;
  if (o.kind == OrderKind::Build) return tok::MBV;
  const ProvinceId p = map.province_of(o.at);
  const Unit& u = pos.phase.kind == PhaseKind::Retreat ? pos.dislodged[p].unit : pos.units[p];
  if (!u.present()) return pos.phase.kind == PhaseKind::Retreat && pos.units[p].present() ? tok::NRN : tok::NSU;
  if (u.power != power || u.type != o.unit || unit_location(map, p, u) != o.at) return tok::NSU;
  return tok::MBV;
}

// An MTO of an army goes to a neighbour, or along a railroad; fleets may
// also pass a canal (check_order knows both).
Token check_move(const Map& map, const Position& pos, Order& o) {
  if (o.to == kNoLocation) return tok::NSP;
  if (o.kind == OrderKind::Move && !o.via_convoy && o.unit == UnitType::Army &&
      !map.army_adjacent(map.province_of(o.at), map.province_of(o.to))) {
    Order rail = o;
    rail.kind = OrderKind::RailMove;
    if (check_order(map, pos, rail) != VoidReason::None) return tok::FAR;
    o = rail;
  }
  return note_for(o, check_order(map, pos, o));
}

}  // namespace

bool read_order(const Representation& rep, const Position& pos, PowerId power, const Tokens& tokens, ReadOrder& out,
                std::size_t& error_at) {
  const Map& map = rep.map();
  Reader r(tokens);
  out = ReadOrder();
  Order& o = out.order;
  Token power_token = 0;
  UnitRef unit;
  Token action = 0;
  if (r.take_if(is_power, power_token)) {
    if (!r.take(tok::WVE) || !r.at_end()) {
      error_at = r.furthest();
      return false;
    }
    o.kind = OrderKind::Waive;
    o.power = rep.power_of(power_token);
  } else {
    const bool unit_read = read_unit(rep, r, unit);
    action = r.current();
    if (!unit_read || !read_action(rep, r, o) || !r.at_end()) {
      error_at = r.furthest();
      return false;
    }
    o.power = unit.power;
    o.unit = unit.type;
    o.at = unit.at;
  }
  if (!phase_allows(o.kind, action, pos.phase.kind)) {
    out.note = tok::NRS;
    return true;
  }
  out.note = unit_note(map, pos, power, o);
  if (out.note != tok::MBV) return true;
  if (o.kind == OrderKind::Move || o.kind == OrderKind::Retreat)
    out.note = o.kind == OrderKind::Move ? check_move(map, pos, o)
               : o.to == kNoLocation     ? tok::NSP
                                         : note_for(o, check_order(map, pos, o));
  else
    out.note = note_for(o, check_order(map, pos, o));
  return true;
}

Token note_for(const Order& order, VoidReason reason) {
  const bool build = order.kind == OrderKind::Build;
  switch (reason) {
    case VoidReason::None: return tok::MBV;
    case VoidReason::WrongPhase: return tok::NRS;
    case VoidReason::NoUnit:
    case VoidReason::WrongUnitType:
    case VoidReason::NoUnitToSupport: return tok::NSU;
    case VoidReason::WrongPower:
    case VoidReason::NotOwnUnit:
    case VoidReason::NoPower: return tok::NYU;
    case VoidReason::CoastNeeded:
    case VoidReason::UnitCannotStand:
    case VoidReason::ConversionInland: return build ? tok::CST : tok::FAR;
    case VoidReason::ConvoyNotFleetAtSea: return tok::NAS;
    case VoidReason::NoArmyToConvoy: return tok::NSA;
    case VoidReason::NotDislodged: return tok::NRN;
    case VoidReason::RetreatOccupied:
    case VoidReason::RetreatToAttacker:
    case VoidReason::RetreatToStandoff: return tok::NVR;
    case VoidReason::NotHomeColony: return tok::HSC;
    case VoidReason::NotOwned:
    case VoidReason::ConversionNotOwnedCentre: return tok::YSC;
    case VoidReason::BuildOccupied:
    case VoidReason::AlreadyBuilt: return tok::ESC;
    case VoidReason::NotSupplyCentre: return tok::NSC;
    case VoidReason::NoAdjustment:
    case VoidReason::NoBuildsLeft: return order.kind == OrderKind::Disband ? tok::NMR : tok::NMB;
    case VoidReason::NoDisbandsLeft:
    case VoidReason::AlreadyDisbanded:
    case VoidReason::ConvertAndDisband: return tok::NMR;
    default: return tok::FAR;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Orders and results written
// ---------------------------------------------------------------------------

namespace {

UnitType unit_at(const Position& pos, LocationId l, const Map& map, UnitType given) {
  if (given != UnitType::None || l == kNoLocation) return given;
  const ProvinceId p = map.province_of(l);
  return pos.units[p].present() ? pos.units[p].type : pos.dislodged[p].unit.type;
}

PowerId power_at(const Position& pos, LocationId l, const Map& map, PowerId given) {
  if (given != kNoPower || l == kNoLocation) return given;
  const ProvinceId p = map.province_of(l);
  return pos.units[p].present() ? pos.units[p].power : pos.dislodged[p].unit.power;
}

// The seas of the fleets that convoyed the army at `from` to `to`, in the
// order the army passes them (nearest the start first).
void put_route(const Representation& rep, const PhaseResults& results, ProvinceId from, ProvinceId to, Builder& b) {
  const Map& map = rep.map();
  ProvinceSet fleets;
  for (const OrderResult& r : results.results)
    if (r.order.kind == OrderKind::Convoy && r.order.other_at != kNoLocation &&
        map.province_of(r.order.other_at) == from && r.order.to != kNoLocation && map.province_of(r.order.to) == to)
      fleets.set(map.province_of(r.order.at));
  b.add(tok::VIA).open();
  ProvinceSet seen;
  std::deque<ProvinceId> queue{from};
  while (!queue.empty()) {
    const ProvinceId p = queue.front();
    queue.pop_front();
    map.for_each_fleet_neighbour_province(p, [&](ProvinceId q) {
      if (!fleets.test(q) || seen.test(q)) return;
      seen.set(q);
      b.add(rep.province_token(q));
      queue.push_back(q);
    });
  }
  b.close();
}

}  // namespace

bool put_order(const Representation& rep, const Position& before, const PhaseResults& results, const Order& o,
               Builder& b) {
  const Map& map = rep.map();
  if (o.kind == OrderKind::CanalPermit || o.kind == OrderKind::None) return false;
  if (o.kind == OrderKind::Waive) {
    if (o.power >= map.power_count()) return false;
    b.add(rep.power_token(o.power)).add(tok::WVE);
    return true;
  }
  if (o.at == kNoLocation) return false;
  const PowerId power = power_at(before, o.at, map, o.power);
  if (power >= map.power_count()) return false;
  rep.put_unit(b, power, unit_at(before, o.at, map, o.unit), o.at);
  switch (o.kind) {
    case OrderKind::Hold: b.add(tok::HLD); break;
    case OrderKind::Move:
    case OrderKind::RailMove: {
      if (o.to == kNoLocation) return false;
      const ProvinceId from = map.province_of(o.at), to = map.province_of(o.to);
      const bool convoyed = o.kind == OrderKind::Move && unit_at(before, o.at, map, o.unit) == UnitType::Army &&
                            (o.via_convoy || !map.army_adjacent(from, to));
      if (convoyed) {
        b.add(tok::CTO).add(rep.province_token(to));
        put_route(rep, results, from, to, b);
      } else {
        b.add(tok::MTO);
        rep.put_location(b, o.to);
      }
      break;
    }
    case OrderKind::Support:
    case OrderKind::Convoy: {
      if (o.other_at == kNoLocation) return false;
      b.add(o.kind == OrderKind::Support ? tok::SUP : tok::CVY);
      const PowerId other = power_at(before, o.other_at, map, o.other_power);
      if (other >= map.power_count()) return false;
      rep.put_unit(b, other, unit_at(before, o.other_at, map, o.other_unit), o.other_at);
      if (o.to != kNoLocation)
        b.add(o.kind == OrderKind::Support ? tok::MTO : tok::CTO).add(rep.province_token(map.province_of(o.to)));
      break;
    }
    case OrderKind::Retreat:
      if (o.to == kNoLocation) return false;
      b.add(tok::RTO);
      rep.put_location(b, o.to);
      break;
    case OrderKind::Disband: b.add(before.phase.kind == PhaseKind::Adjustment ? tok::REM : tok::DSB); break;
    case OrderKind::Build: b.add(tok::BLD); break;
    default: return false;
  }
  return true;
}

void put_result(const OrderResult& r, Builder& b) {
  switch (r.outcome) {
    case Outcome::Bounced:
    case Outcome::CanalClosed:
    case Outcome::StoppedShort: b.add(tok::BNC); break;
    case Outcome::Cut: b.add(tok::CUT); break;
    case Outcome::ConvoyDisrupted: b.add(tok::DSR); break;
    case Outcome::NoConvoy:
    case Outcome::NotMatched:
    case Outcome::Void: b.add(tok::NSO); break;
    default: b.add(tok::SUC); break;
  }
  if (r.dislodged) b.add(tok::RET);
}

Token season_token(const Phase& phase, int start_year) {
  if (phase.kind == PhaseKind::Adjustment) return tok::WIN;
  bool fall = phase.season == Season::Fall;
  // The 1995 calendar counts colonies every second turn: 1872, 1876, ...
  if (phase.season == Season::Turn) fall = ((phase.year - start_year) / 2) % 2 == 1;
  if (phase.kind == PhaseKind::Retreat) return fall ? tok::AUT : tok::SUM;
  return fall ? tok::FAL : tok::SPR;
}

void put_turn(Builder& b, const Phase& phase, int start_year) {
  b.open().add(season_token(phase, start_year)).number(phase.year).close();
}

}  // namespace colonial::daide
