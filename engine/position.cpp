#include "position.h"

#include "map.h"

namespace colonial {

int Position::unit_count(PowerId p) const {
  int n = 0;
  for (const Unit& u : units)
    if (u.present() && u.power == p) ++n;
  return n;
}

int Position::colony_count(const Map& map, PowerId p) const {
  int n = 0;
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceInfo& info = map.province(static_cast<ProvinceId>(i));
    // Hong Kong (rule 9.1): a colony for everyone but China.
    if (info.colony && owner[i] == p && info.not_colony_for != p) ++n;
  }
  return n;
}

void Position::clear_units() {
  for (Unit& u : units) u = Unit();
  for (DislodgedUnit& d : dislodged) d = DislodgedUnit();
  standoffs.clear();
}

void set_start_position(const Map& map, Position& out) {
  out = Position();
  out.rules.map_options = map.options();
  out.phase.year = static_cast<i16>(map.start_year());
  out.phase.season = map.biennial_calendar() ? Season::Turn : Season::Spring;
  out.phase.kind = PhaseKind::Movement;
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceInfo& info = map.province(static_cast<ProvinceId>(i));
    if (info.home != kNoPower) out.owner[i] = info.home;
    if (info.start_unit != UnitType::None) out.units[i] = Unit{info.start_unit, info.home, info.start_coast};
  }
}

}  // namespace colonial
