// Shared set-up of the order-entry tests: the built-in maps, one Game and
// one OrderEntryModel in static storage (they are large), and helpers to
// name provinces and to craft positions.
#pragma once

#include <doctest/doctest.h>

#include <string_view>

#include "game.h"
#include "legal.h"
#include "map.h"
#include "order_entry_model.h"

namespace colonial::test {

struct World {
  Map map;
  Game game;
  OrderEntryModel entry;
  FixedString<16> loaded;
};

inline World& world() {
  static World w;
  return w;
}

// Loads a built-in map ("colonial", "standard") unless it is already there.
inline Map& use_map(std::string_view name) {
  World& w = world();
  if (w.loaded.view() != name) {
    MapErrors errors;
    const bool ok = load_map(builtin_map_text(name), name, w.map, errors);
    FixedString<2048> text;
    errors.format(text);
    INFO(text.c_str());
    REQUIRE(ok);
    w.loaded.assign(name);
  }
  return w.map;
}

inline ProvinceId prov(std::string_view name) {
  const ProvinceLookup l = world().map.find_province(name);
  INFO(name);
  REQUIRE(l.status == LookupStatus::Found);
  return l.province;
}

inline LocationId loc(std::string_view name, Coast c) {
  const LocationId l = world().map.location_of(prov(name), c);
  REQUIRE(l != kNoLocation);
  return l;
}

inline PowerId power(std::string_view name) {
  const PowerId p = world().map.find_power(name);
  INFO(name);
  REQUIRE(p != kNoPower);
  return p;
}

inline GameSettings settings_for(const Map& map) {
  GameSettings s;
  s.rules.map_options = map.default_options();
  s.rules.calendar = map.biennial_calendar() ? Calendar::Biennial1995 : Calendar::Seasons;
  return s;
}

// The map's start position in a fresh game.
inline Game& start_game(std::string_view map_name = "colonial") {
  World& w = world();
  use_map(map_name);
  w.game.start(w.map, settings_for(w.map));
  return w.game;
}

// A crafted position: the start position's colony owners, no units, then
// the units put(); start() makes it the game's current phase.
struct Crafted {
  Position pos;
  explicit Crafted(PhaseKind kind, std::string_view map_name = "colonial") {
    use_map(map_name);
    set_start_position(world().map, pos);
    pos.clear_units();
    pos.phase.kind = kind;
  }
  Crafted& unit(std::string_view power_name, UnitType t, std::string_view province, Coast c = Coast::None) {
    Unit u;
    u.type = t;
    u.power = power(power_name);
    u.coast = c;
    pos.units[prov(province)] = u;
    return *this;
  }
  Crafted& army(std::string_view power_name, std::string_view province) {
    return unit(power_name, UnitType::Army, province);
  }
  Crafted& fleet(std::string_view power_name, std::string_view province, Coast c = Coast::None) {
    return unit(power_name, UnitType::Fleet, province, c);
  }
  Crafted& dislodged(std::string_view power_name, UnitType t, std::string_view province, std::string_view from) {
    DislodgedUnit d;
    d.unit.type = t;
    d.unit.power = power(power_name);
    d.attacker_from = prov(from);
    pos.dislodged[prov(province)] = d;
    return *this;
  }
  Crafted& owner(std::string_view province, std::string_view power_name) {
    pos.owner[prov(province)] = power(power_name);
    return *this;
  }
  Game& start() { return start(settings_for(world().map)); }
  Game& start(const GameSettings& settings) {
    World& w = world();
    w.game.start_from(w.map, settings, pos);
    return w.game;
  }
};

// Starts the entry for a power of the game's current phase.
inline OrderEntryModel& entry_for(std::string_view power_name) {
  World& w = world();
  w.entry.begin(w.game, power(power_name));
  return w.entry;
}

// Every order the entry holds passes check_order and is the entry power's.
inline void check_all_legal(const OrderEntryModel& e) {
  const World& w = world();
  for (const Order& o : e.orders()) {
    EntryText text;
    e.order_text(o, text);
    INFO(text.c_str());
    CHECK(check_order(w.map, w.game.position(), o) == VoidReason::None);
    CHECK(o.power == e.power());
  }
}

inline std::string_view sentence(const OrderEntryModel& e) {
  static EntryText t;
  e.sentence(t);
  return t.view();
}

inline std::string_view hint(const OrderEntryModel& e) {
  static EntryText t;
  e.hint(t);
  return t.view();
}

inline std::string_view row_text(const OrderEntryModel& e, int i) {
  static EntryText t;
  e.row_text(i, t);
  return t.view();
}

inline std::string_view order_text(const OrderEntryModel& e, const Order& o) {
  static EntryText t;
  e.order_text(o, t);
  return t.view();
}

// The text of the last order entered, as the order list writes it.
inline std::string_view last_order(const OrderEntryModel& e) {
  REQUIRE(!e.orders().empty());
  return order_text(e, e.orders()[e.orders().size() - 1]);
}

}  // namespace colonial::test
