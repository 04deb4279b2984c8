// A position: everything about a game at one phase that the rules need.
//
// Plain value, fixed size, cheap to copy (a few KB): units indexed by
// province, dislodged units awaiting retreat, colony ownership, the phase and
// the rule options. The adjudicator reads one Position and writes the next.
#pragma once

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

// Rule options of a game. Map options (board editions) are a bit mask whose
// meaning the Map defines; the rest are rules the engine implements.
struct RuleOptions {
  u32 map_options = 0;
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
  int colony_count(const Map& map, PowerId p) const;
  void clear_units();
};

// The starting position of a map: units and home colonies as in the map file.
void set_start_position(const Map& map, Position& out);

}  // namespace colonial
