#include "position.h"

#include "map.h"

namespace colonial {

int Position::unit_count(PowerId p) const {
  int n = 0;
  for (const Unit& u : units)
    if (u.present() && u.power == p) ++n;
  return n;
}

bool Position::has_unit_of(PowerId p) const {
  for (const Unit& u : units)
    if (u.present() && u.power == p) return true;
  return false;
}

bool colony_counts_for(const Map& map, const RuleOptions& rules, ProvinceId p, PowerId w) {
  const ProvinceInfo& info = map.province(p);
  if (!info.colony) return false;
  // Hong Kong (rule 9.1): a colony for everyone but China.
  return !(rules.hong_kong && info.not_colony_for == w);
}

int Position::colony_count(const Map& map, PowerId p) const {
  int n = 0;
  for (int i = 0; i < map.province_count(); ++i)
    if (owner[i] == p && colony_counts_for(map, rules, static_cast<ProvinceId>(i), p)) ++n;
  return n;
}

void Position::count_all(const Map& map, int (&units_of)[kMaxPowers], int (&colonies_of)[kMaxPowers]) const {
  for (int w = 0; w < kMaxPowers; ++w) units_of[w] = colonies_of[w] = 0;
  for (const Unit& u : units)
    if (u.present() && u.power < kMaxPowers) ++units_of[u.power];
  for (int i = 0; i < map.province_count(); ++i) {
    const PowerId w = owner[i];
    if (w < kMaxPowers && colony_counts_for(map, rules, static_cast<ProvinceId>(i), w)) ++colonies_of[w];
  }
}

bool Position::has_dislodged() const {
  for (const DislodgedUnit& d : dislodged)
    if (d.unit.present()) return true;
  return false;
}

void Position::clear_units() {
  for (Unit& u : units) u = Unit();
  for (DislodgedUnit& d : dislodged) d = DislodgedUnit();
  standoffs.clear();
}

u32 powers_of_player(const RuleOptions& rules, PowerId p) {
  COLONIAL_ASSERT(p < kMaxPowers);
  u32 mask = 0;
  for (int q = 0; q < kMaxPowers; ++q)
    if (rules.player_of[q] == rules.player_of[p]) mask |= u32{1} << q;
  return mask;
}

bool same_side(const RuleOptions& rules, PowerId a, PowerId b) {
  if (a == b) return true;
  if (!rules.united_powers || a >= kMaxPowers || b >= kMaxPowers) return false;
  return rules.player_of[a] == rules.player_of[b];
}

bool set_rule_switch(RuleOptions& rules, std::string_view name, std::string_view value) {
  if (value != "on" && value != "off") return false;
  for (const RuleSwitch& r : kRuleSwitches)
    if (r.name == name) {
      rules.*r.flag = value == "on";
      return true;
    }
  return false;
}

void set_start_position(const Map& map, Position& out) {
  out = Position();
  out.rules.map_options = map.options();
  out.rules.setup = static_cast<u8>(map.current_setup());
  out.phase.year = static_cast<i16>(map.start_year());
  out.rules.calendar = map.biennial_calendar() ? Calendar::Biennial1995 : Calendar::Seasons;
  out.phase.season = map.biennial_calendar() ? Season::Turn : Season::Spring;
  out.phase.kind = PhaseKind::Movement;
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceInfo& info = map.province(static_cast<ProvinceId>(i));
    if (info.home != kNoPower) out.owner[i] = info.home;
    if (info.start_unit != UnitType::None) out.units[i] = Unit{info.start_unit, info.start_power, info.start_coast};
  }
}

}  // namespace colonial
