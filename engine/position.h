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

// The removal order for a power that does not order the disbands it owes
// (or is in civil disorder). Rule1995 (8.33): farthest from its home
// colonies first, fleets before armies, then by province name. EraOfEmpire
// ("Civil Disorder"): (a) no unit on a supply centre unless there is no
// other, (b) farthest from a centre the power owns first, counting
// neighbouring provinces whether or not the unit could move there, fleets
// before armies, then by province name.
enum class CivilDisorderRule : u8 { Rule1995 = 0, EraOfEmpire };

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
  // Era of Empire's winter rules. Conscription: build in any empty supply
  // centre the power controls, not only its home centres. Conversion: a unit
  // standing in a centre its power controls may become the other type,
  // written as a build of that type there; it uses no build.
  bool conscription = false;
  bool conversion = false;
  // Which units a power that does not order its removals loses first.
  CivilDisorderRule civil_disorder = CivilDisorderRule::Rule1995;
  // Era of Empire: "All pieces of the Powers controlled by a player are
  // treated as being part of the same Major Power for all purposes": they
  // neither dislodge one another nor cut one another's support (the 1995
  // rules keep each power a major power of its own: docs/ADJUDICATION.md).
  bool united_powers = false;
  // Who commands which power: player_of[p] is the player (numbered from 0)
  // of power p. Every power its own player unless a game with fewer players
  // (section 12, "Alternate ways to play") says otherwise.
  u8 player_of[kMaxPowers] = {0, 1, 2, 3, 4, 5, 6, 7};
  // The map's set-up the game started from (Map::setup, 0 = the map's own).
  u8 setup = 0;
  bool operator==(const RuleOptions&) const = default;
};

// The powers commanded by the player of p (p included).
u32 powers_of_player(const RuleOptions& rules, PowerId p);
// True if the units of a and b are one major power's in the adjudication:
// the same power, or (under united_powers) powers of one player.
bool same_side(const RuleOptions& rules, PowerId a, PowerId b);

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
  // True if p has a unit on the board (stops at the first).
  bool has_unit_of(PowerId p) const;
  // Colonies p owns that count for p (Hong Kong never counts for China while
  // rules.hong_kong is on).
  int colony_count(const Map& map, PowerId p) const;
  // unit_count and colony_count of every power at once, in one pass.
  void count_all(const Map& map, int (&units_of)[kMaxPowers], int (&colonies_of)[kMaxPowers]) const;
  bool has_dislodged() const;
  // The powers with a unit, a dislodged unit or a colony on the board (bit
  // p for power p), in one pass: those still in the game.
  u32 powers_on_board(const Map& map) const;
  // The provinces holding a unit, ascending, into `out`; returns how many.
  int occupied(const Map& map, ProvinceId (&out)[kMaxProvinces]) const;
  void clear_units();
};

// The on/off rules by the names records, the judge and test files write:
// "railroad", "canal", "hong-kong", "china-waits-for-hong-kong",
// "convoy-all-routes", "no-retreat-to-convoy-origin", "conscription",
// "conversion", "united-powers". The rules with other values (calendar,
// civil disorder, players...) are game_rules.h's.
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
    {"conscription", &RuleOptions::conscription},
    {"conversion", &RuleOptions::conversion},
    {"united-powers", &RuleOptions::united_powers},
};
// Sets the switch `name` from "on" or "off"; false for an unknown name or
// value (rules unchanged).
bool set_rule_switch(RuleOptions& rules, std::string_view name, std::string_view value);

// The starting position of a map: units and home colonies of its current
// set-up (Map::set_setup), the map's calendar, and the map's current options
// as board edition and set-up.
void set_start_position(const Map& map, Position& out);

// True if colony p counts for power w under the position's rules.
bool colony_counts_for(const Map& map, const RuleOptions& rules, ProvinceId p, PowerId w);

}  // namespace colonial
