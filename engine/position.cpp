#include "position.h"

#include <algorithm>
#include <array>

#include "map.h"

namespace colonial {

// The counts below run over every province of a random-looking board, where
// a branch per province would be mispredicted half the time: they add
// comparisons instead of testing them, or look the answer up.

namespace {

// Takes from colonies_of[w] each colony owned by w that does not count for
// it (colony_counts_for: Hong Kong for China, rule 9.1). The counts below
// count every owned colony first: only these few colonies need the rule.
void uncount_colonies_not_for_owner(const Map& map, const Position& pos, int (&colonies_of)[kMaxPowers]) {
  for (const ProvinceId c : map.colonies_not_for_all()) {
    const PowerId w = pos.owner[c];
    if (w < kMaxPowers && !colony_counts_for(map, pos.rules, c, w)) --colonies_of[w];
  }
}

}  // namespace

int Position::unit_count(PowerId p) const {
  int n = 0;
  for (const Unit& u : units) n += static_cast<int>(u.present()) & static_cast<int>(u.power == p);
  return n;
}

bool Position::has_unit_of(PowerId p) const {
  // Stops at the first: one branch, taken once.
  for (const Unit& u : units)
    if (static_cast<int>(u.present()) & static_cast<int>(u.power == p)) return true;
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
  for (const ProvinceId c : map.colony_provinces())
    n += static_cast<int>(owner[c] == p) & static_cast<int>(colony_counts_for(map, rules, c, p));
  return n;
}

void Position::count_all(const Map& map, int (&units_of)[kMaxPowers], int (&colonies_of)[kMaxPowers]) const {
  // Eight counters of a byte each in one register (a power has at most
  // kMaxProvinces < 256 of either), added to by table: no branch per
  // province, and no chain of increments of one counter in memory.
  static_assert(kMaxPowers <= 8 && kMaxProvinces < 256);
  static constexpr auto kOne = [] {
    std::array<u64, 256> one{};
    for (int w = 0; w < kMaxPowers; ++w) one[w] = u64{1} << (8 * w);
    return one;
  }();
  u64 units_counted = 0, colonies_counted = 0;
  for (int i = 0; i < map.province_count(); ++i)
    units_counted += kOne[units[i].power] & (u64{0} - static_cast<u64>(units[i].present()));
  for (const ProvinceId c : map.colony_provinces()) colonies_counted += kOne[owner[c]];
  for (int w = 0; w < kMaxPowers; ++w) {
    units_of[w] = static_cast<int>((units_counted >> (8 * w)) & 0xFF);
    colonies_of[w] = static_cast<int>((colonies_counted >> (8 * w)) & 0xFF);
  }
  uncount_colonies_not_for_owner(map, *this, colonies_of);
}

u32 Position::powers_on_board(const Map& map) const {
  // The bit of each power id, none for the rest (kNoPower): a load instead
  // of a comparison per province.
  static constexpr auto kBit = [] {
    std::array<u32, 256> bits{};
    for (int w = 0; w < kMaxPowers; ++w) bits[w] = u32{1} << w;
    return bits;
  }();
  u32 mask = 0;
  for (int i = 0; i < map.province_count(); ++i) {
    mask |= kBit[units[i].power] & (u32{0} - static_cast<u32>(units[i].present()));
    mask |= kBit[dislodged[i].unit.power] & (u32{0} - static_cast<u32>(dislodged[i].unit.present()));
    mask |= kBit[owner[i]];
  }
  return mask;
}

bool Position::has_dislodged() const {
  // Every entry looked at, without a branch each: most phases have none.
  static_assert(static_cast<int>(UnitType::None) == 0);
  int types = 0;
  for (const DislodgedUnit& d : dislodged) types |= static_cast<int>(d.unit.type);
  return types != 0;
}

int Position::occupied(const Map& map, ProvinceId (&out)[kMaxProvinces]) const {
  int n = 0;
  for (int p = 0; p < map.province_count(); ++p) {
    out[n] = static_cast<ProvinceId>(p);
    n += static_cast<int>(units[p].present());
  }
  return n;
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
