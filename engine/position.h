// A position: everything about a game at one phase that the rules need.
//
// Plain value, fixed size, cheap to copy (a few KB): units indexed by
// province, dislodged units awaiting retreat, colony ownership, the phase and
// the rule options. The adjudicator reads one Position and writes the next.
#pragma once

#include <string_view>

#include "fixed.h"
#include "types.h"

namespace colonial {

class Map;

enum class PhaseKind : u8 { Movement = 0, Retreat, Adjustment };

// Spring and Fall are the two movement seasons of the Standard calendar;
// Winter holds its adjustments. The 1995 Colonial calendar has one movement
// turn per (even) year; it is stored as Season::Turn.
enum class Season : u8 { Spring = 0, Fall, Winter, Turn };

struct Phase {
  i16 year = 1901;
  Season season = Season::Spring;
  PhaseKind kind = PhaseKind::Movement;
  bool operator==(const Phase&) const = default;
};

struct Unit {
  UnitType type = UnitType::None;
  PowerId power = kNoPower;
  Coast coast = Coast::None;  // for fleets on split-coast provinces
  bool present() const { return type != UnitType::None; }
  bool operator==(const Unit&) const = default;
};

// A unit dislodged in the movement phase, waiting for its retreat order.
struct DislodgedUnit {
  Unit unit;
  ProvinceId attacker_from = kNoProvince;  // may not retreat there (7.4353)
  bool operator==(const DislodgedUnit&) const = default;
};

// How years and seasons run. Biennial1995: one movement turn per two years
// from 1870, colonies counted and units adjusted after every second turn
// (1872, 1876, ...; rules 4.1, 4.34). Seasons: Spring and Fall movement with a
// Winter adjustment (the judges, Era of Empire, Standard Diplomacy).
enum class Calendar : u8 { Biennial1995 = 0, Seasons };

// Rule options of a game. Map options (board editions) are a bit mask whose
// meaning the Map defines; the rest are rules the engine implements. The
// defaults are Colonial's: rules 9.1-9.3 all on, 9.11 off (struck by the errata).
struct RuleOptions {
  u32 map_options = 0;
  Calendar calendar = Calendar::Seasons;
  bool railroad = true;                    // 9.2 Trans-Siberian Railroad (needs a map railroad)
  bool canal = true;                       // 9.3 Suez Canal (needs a map canal)
  bool hong_kong = true;                   // 9.1 Hong Kong never a colony for China
  bool china_waits_for_hong_kong = false;  // 9.11, deleted by the errata
  // The rulebook's readings where the DATC prefers another (the errata send
  // us to the DATC where the 1995 book descends from 1971; these keep the
  // book's text at hand). 6.245: "if any of the possible routes are
  // disrupted, the army may not move" (DATC 4.A.1 lets it move while one
  // route survives). 7.4353: no retreat "into a space from which its
  // attacker came", even when the attacker came by convoy (DATC 4.A.5
  // allows it then).
  bool convoy_all_routes = false;
  bool no_retreat_to_convoy_origin = false;
  // Provinces no unit may enter: Russia's home country in the two-player game
  // (12.1, "Russia is neutral and may not be entered").
  ProvinceSet closed;
  bool operator==(const RuleOptions&) const = default;
};

struct Position {
  Phase phase;
  RuleOptions rules;
  Unit units[kMaxProvinces];               // units[p] is the unit in province p
  DislodgedUnit dislodged[kMaxProvinces];  // retreat phase only
  PowerId owner[kMaxProvinces];            // colony owner, kNoPower if neutral
  // Provinces left empty by a standoff this turn: no retreat there (7.4353).
  ProvinceSet standoffs;

  Position() {
    for (PowerId& o : owner) o = kNoPower;
  }
  bool operator==(const Position&) const = default;

  int unit_count(PowerId p) const;
  // Colonies p owns that count for p (Hong Kong never counts for China while
  // rules.hong_kong is on).
  int colony_count(const Map& map, PowerId p) const;
  bool has_dislodged() const;
  void clear_units();
};

// The on/off rules by the names records, the judge and test files write:
// "railroad", "canal", "hong-kong", "china-waits-for-hong-kong",
// "convoy-all-routes", "no-retreat-to-convoy-origin".
struct RuleSwitch {
  std::string_view name;
  bool RuleOptions::*flag;
};
inline constexpr RuleSwitch kRuleSwitches[] = {
    {"railroad", &RuleOptions::railroad},
    {"canal", &RuleOptions::canal},
    {"hong-kong", &RuleOptions::hong_kong},
    {"china-waits-for-hong-kong", &RuleOptions::china_waits_for_hong_kong},
    {"convoy-all-routes", &RuleOptions::convoy_all_routes},
    {"no-retreat-to-convoy-origin", &RuleOptions::no_retreat_to_convoy_origin},
};
// Sets the switch `name` from "on" or "off"; false for an unknown name or
// value (rules unchanged).
bool set_rule_switch(RuleOptions& rules, std::string_view name, std::string_view value);

// The starting position of a map: units and home colonies as in the map file,
// the map's calendar, and the map's current options as board edition.
void set_start_position(const Map& map, Position& out);

// True if colony p counts for power w under the position's rules.
bool colony_counts_for(const Map& map, const RuleOptions& rules, ProvinceId p, PowerId w);

}  // namespace colonial
