// Hand-built positions and orders for the adjudicator and legality tests.
// Orders are built as values, not parsed, so these tests do not depend on the
// notation; provinces are looked up by code ("spa/nc" for a coast).
#pragma once

#include <doctest/doctest.h>

#include <string_view>

#include "adjudicator.h"
#include "legal.h"
#include "map.h"
#include "map_fixture.h"
#include "order.h"
#include "position.h"

namespace colonial::test {

inline LocationId find_location(const Map& map, std::string_view text) {
  std::string_view prov = text, coast;
  if (auto slash = text.find('/'); slash != std::string_view::npos) {
    prov = text.substr(0, slash);
    coast = text.substr(slash + 1);
  }
  ProvinceLookup found = map.find_province(prov);
  REQUIRE_MESSAGE(found.status == LookupStatus::Found, "no province ", prov);
  Coast c = coast == "nc"   ? Coast::North
            : coast == "sc" ? Coast::South
            : coast == "ec" ? Coast::East
            : coast == "wc" ? Coast::West
                            : Coast::None;
  LocationId l = map.location_of(found.province, c);
  REQUIRE_MESSAGE(l != kNoLocation, "no location ", text);
  return l;
}

inline UnitType unit_type(char c) { return c == 'A' ? UnitType::Army : c == 'F' ? UnitType::Fleet : UnitType::None; }

// A position on a map under construction (empty board, no owners), and
// orders for it.
struct Board {
  const Map& map;
  Position pos;
  OrderList orders;

  explicit Board(const Map& m, PhaseKind kind = PhaseKind::Movement) : map(m) {
    set_start_position(map, pos);
    pos.clear_units();
    for (PowerId& o : pos.owner) o = kNoPower;
    pos.phase.kind = kind;
  }

  PowerId power(std::string_view name) const {
    PowerId p = map.find_power(name);
    REQUIRE_MESSAGE(p != kNoPower, "no power ", name);
    return p;
  }
  LocationId loc(std::string_view text) const { return find_location(map, text); }
  ProvinceId prov(std::string_view text) const { return map.province_of(loc(text)); }

  void put(std::string_view power_name, char type, std::string_view where) {
    LocationId l = loc(where);
    pos.units[map.province_of(l)] = Unit{unit_type(type), power(power_name), map.coast_of(l)};
  }
  void put_dislodged(std::string_view power_name, char type, std::string_view where, std::string_view attacker = "") {
    LocationId l = loc(where);
    pos.dislodged[map.province_of(l)] = DislodgedUnit{Unit{unit_type(type), power(power_name), map.coast_of(l)},
                                                      attacker.empty() ? kNoProvince : prov(attacker)};
  }
  const Unit& unit(std::string_view where) const { return pos.units[prov(where)]; }

  Order base(std::string_view power_name, char type, std::string_view at, OrderKind kind) const {
    Order o;
    o.kind = kind;
    o.power = power(power_name);
    o.unit = unit_type(type);
    o.at = loc(at);
    return o;
  }
  Order& add(const Order& o) {
    REQUIRE(orders.push_back(o));
    return orders.back();
  }
  Order& hold(std::string_view w, char t, std::string_view at) { return add(base(w, t, at, OrderKind::Hold)); }
  Order& move(std::string_view w, char t, std::string_view at, std::string_view to) {
    Order o = base(w, t, at, OrderKind::Move);
    o.to = loc(to);
    return add(o);
  }
  Order& support_hold(std::string_view w, char t, std::string_view at, char ot, std::string_view other) {
    Order o = base(w, t, at, OrderKind::Support);
    o.other_unit = unit_type(ot);
    o.other_at = loc(other);
    return add(o);
  }
  Order& support_move(std::string_view w, char t, std::string_view at, char ot, std::string_view other,
                      std::string_view to) {
    Order o = base(w, t, at, OrderKind::Support);
    o.other_unit = unit_type(ot);
    o.other_at = loc(other);
    o.to = loc(to);
    return add(o);
  }
  Order& convoy(std::string_view w, std::string_view at, std::string_view army, std::string_view to) {
    Order o = base(w, 'F', at, OrderKind::Convoy);
    o.other_unit = UnitType::Army;
    o.other_at = loc(army);
    o.to = loc(to);
    return add(o);
  }
  // "SC F RED-MED" given by the unit holding the canal's province.
  Order& canal_permit(std::string_view w, char t, std::string_view at, std::string_view fleet, std::string_view to) {
    Order o = base(w, t, at, OrderKind::CanalPermit);
    o.other_unit = UnitType::Fleet;
    o.other_at = loc(fleet);
    o.to = loc(to);
    return add(o);
  }
  Order& retreat(std::string_view w, char t, std::string_view at, std::string_view to) {
    Order o = base(w, t, at, OrderKind::Retreat);
    o.to = loc(to);
    return add(o);
  }
  Order& disband(std::string_view w, char t, std::string_view at) { return add(base(w, t, at, OrderKind::Disband)); }
  Order& build(std::string_view w, char t, std::string_view at) { return add(base(w, t, at, OrderKind::Build)); }
  Order& waive(std::string_view w) {
    Order o;
    o.kind = OrderKind::Waive;
    o.power = power(w);
    return add(o);
  }

  // Resolves the orders of the board's phase.
  void resolve(Position& after, PhaseResults& results) const {
    switch (pos.phase.kind) {
      case PhaseKind::Movement: adjudicate_movement(map, pos, orders, after, results); break;
      case PhaseKind::Retreat: adjudicate_retreat(map, pos, orders, after, results); break;
      case PhaseKind::Adjustment: adjudicate_adjustment(map, pos, orders, after, results); break;
    }
  }
};

// True if `after` has a unit of that power and type at that location.
inline bool has_unit(const Board& b, const Position& after, std::string_view power, char type, std::string_view where) {
  LocationId l = b.loc(where);
  const Unit& u = after.units[b.map.province_of(l)];
  return u.present() && u.power == b.power(power) && u.type == unit_type(type) && u.coast == b.map.coast_of(l);
}

inline int count_units(const Map& map, const Position& pos) {
  int n = 0;
  for (int p = 0; p < map.province_count(); ++p) n += pos.units[p].present() ? 1 : 0;
  return n;
}

inline int count_dislodged(const Map& map, const Position& pos) {
  int n = 0;
  for (int p = 0; p < map.province_count(); ++p) n += pos.dislodged[p].unit.present() ? 1 : 0;
  return n;
}

}  // namespace colonial::test
