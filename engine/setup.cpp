#include "setup.h"

#include "game_rules.h"
#include "map.h"
#include "notation.h"
#include "text_lines.h"

namespace colonial {

namespace {

char lower_char(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_word(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower_char(a[i]) != lower_char(b[i])) return false;
  return true;
}

// Splits off the next word (separated by spaces, tabs or commas).
std::string_view next_word(std::string_view& s) {
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == '\r')) ++i;
  std::size_t j = i;
  while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != ',' && s[j] != '\r') ++j;
  std::string_view w = s.substr(i, j - i);
  s.remove_prefix(j);
  return w;
}

Coast coast_word(std::string_view w) {
  if (same_word(w, "nc") || same_word(w, "n") || same_word(w, "north")) return Coast::North;
  if (same_word(w, "sc") || same_word(w, "s") || same_word(w, "south")) return Coast::South;
  if (same_word(w, "ec") || same_word(w, "e") || same_word(w, "east")) return Coast::East;
  if (same_word(w, "wc") || same_word(w, "w") || same_word(w, "west")) return Coast::West;
  return Coast::None;
}

// "Power: rest" or "Power rest".
bool split_power(const Map& map, std::string_view line, PowerId& power, std::string_view& rest) {
  line = trim(line);
  std::size_t colon = line.find(':');
  std::size_t space = line.find_first_of(" \t");
  const std::size_t cut =
      colon != std::string_view::npos && (space == std::string_view::npos || colon < space) ? colon : space;
  if (cut == std::string_view::npos) return false;
  power = map.find_power(trim(line.substr(0, cut)));
  rest = trim(line.substr(cut + 1));
  return power != kNoPower;
}

void fail(SetupError& err, int line, std::string_view what, std::string_view detail = {}) {
  err.line = line;
  err.message.assign(what);
  if (!detail.empty()) {
    err.message.append(": ");
    err.message.append_quoted(detail, 80);
  }
}

}  // namespace

bool read_phase_text(std::string_view text, bool biennial, Phase& out) {
  std::string_view rest = text;
  std::string_view w = next_word(rest);
  Season season = Season::Turn;
  bool season_given = true;
  if (same_word(w, "spring"))
    season = Season::Spring;
  else if (same_word(w, "fall") || same_word(w, "autumn"))
    season = Season::Fall;
  else if (same_word(w, "winter"))
    season = Season::Winter;
  else
    season_given = false;
  if (season_given) w = next_word(rest);
  long year = 0;
  if (!parse_number(w, 1, 9999, year)) return false;
  const std::string_view kind = next_word(rest);
  if (!trim(rest).empty() || kind.empty()) return false;
  Phase p;
  p.year = static_cast<i16>(year);
  if (same_word(kind, "movement") || same_word(kind, "moves"))
    p.kind = PhaseKind::Movement;
  else if (same_word(kind, "retreat") || same_word(kind, "retreats"))
    p.kind = PhaseKind::Retreat;
  else if (same_word(kind, "adjustment") || same_word(kind, "adjustments") || same_word(kind, "build") ||
           same_word(kind, "builds"))
    p.kind = PhaseKind::Adjustment;
  else
    return false;
  if (biennial)
    p.season = season == Season::Winter ? Season::Winter : Season::Turn;
  else
    p.season = season_given ? season : Season::Spring;
  out = p;
  return true;
}

bool read_place_text(const Map& map, std::string_view raw, LocationId& out) {
  // Brackets are spaces: "ban(ec)", "Bangkok (ec)".
  FixedString<128> clean;
  for (char c : trim(raw)) clean.append(c == '(' || c == ')' ? ' ' : c);
  std::string_view text = trim(clean.view());
  std::string_view province = text, coast;
  if (const std::size_t slash = text.find('/'); slash != std::string_view::npos) {
    province = trim(text.substr(0, slash));
    coast = trim(text.substr(slash + 1));
  } else if (map.find_province(text).status != LookupStatus::Found) {
    // "Bangkok ec", "Bangkok east coast": the coast is the last word(s).
    std::size_t space = text.find_last_of(' ');
    if (space != std::string_view::npos && same_word(text.substr(space + 1), "coast"))
      space = trim(text.substr(0, space)).find_last_of(' ');
    if (space != std::string_view::npos) {
      province = trim(text.substr(0, space));
      coast = trim(text.substr(space + 1));
      if (const std::size_t inner = coast.find(' '); inner != std::string_view::npos) coast = coast.substr(0, inner);
    }
  }
  const ProvinceLookup found = map.find_province(province);
  if (found.status != LookupStatus::Found) return false;
  const Coast c = coast.empty() ? Coast::None : coast_word(coast);
  if (!coast.empty() && c == Coast::None) return false;
  out = map.location_of(found.province, c);
  return out != kNoLocation;
}

bool read_unit_text(const Map& map, std::string_view text, UnitType& type, LocationId& at, ReasonText& why) {
  std::string_view rest = trim(text);
  const std::string_view t = next_word(rest);
  type = same_word(t, "a") || same_word(t, "army")    ? UnitType::Army
         : same_word(t, "f") || same_word(t, "fleet") ? UnitType::Fleet
                                                      : UnitType::None;
  if (type == UnitType::None) {
    why.assign("a unit is A or F and a place, not ");
    why.append_quoted(text, 60);
    return false;
  }
  if (trim(rest).empty() || !read_place_text(map, rest, at)) {
    why.assign("no such place: ");
    why.append_quoted(trim(rest), 60);
    return false;
  }
  if (type == UnitType::Army) at = map.province_of(at);
  if (!map.can_stand(type, at)) {
    const ProvinceInfo& p = map.province(map.province_of(at));
    why.assign(type == UnitType::Army ? "an army cannot stand in " : "a fleet cannot stand in ");
    why.append(p.name);
    if (type == UnitType::Fleet && p.coast_count > 0) why.append(" without a coast: write its coast (/nc, /sc...)");
    return false;
  }
  return true;
}

bool read_position_text(const Map& map, std::string_view text, Position& pos, u32& civil_disorder, SetupError& err) {
  err = SetupError();
  enum class Block { None, Units, Dislodged, Owners } block = Block::None;
  bool units_given = false, dislodged_given = false, owners_given = false;
  ProvinceSet placed, placed_dislodged;
  int line_no = 0;
  std::string_view rest_of_text = text, line;
  while (next_line(rest_of_text, line)) {
    ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    std::string_view rest = line;
    const std::string_view first = next_word(rest);
    if (same_word(first, "PRESTATE_SETPHASE") || same_word(first, "phase")) {
      Phase p;
      if (!read_phase_text(rest, map.biennial_calendar(), p)) {
        fail(err, line_no, "expected a phase such as '1872 Movement' or 'Spring 1901, Movement'", rest);
        return false;
      }
      pos.phase = p;
      block = Block::None;
    } else if (same_word(first, "PRESTATE")) {
      block = Block::Units;
      if (!units_given)
        for (Unit& u : pos.units) u = Unit();
      units_given = true;
    } else if (same_word(first, "PRESTATE_DISLODGED")) {
      block = Block::Dislodged;
      if (!dislodged_given)
        for (DislodgedUnit& d : pos.dislodged) d = DislodgedUnit();
      dislodged_given = true;
    } else if (same_word(first, "PRESTATE_SUPPLYCENTER_OWNERS")) {
      block = Block::Owners;
      if (!owners_given)
        for (PowerId& o : pos.owner) o = kNoPower;
      owners_given = true;
    } else if (same_word(first, "CIVIL_DISORDER")) {
      civil_disorder = 0;
      for (std::string_view w = next_word(rest); !w.empty(); w = next_word(rest)) {
        const PowerId p = map.find_power(w);
        if (p == kNoPower) {
          fail(err, line_no, "no such power", w);
          return false;
        }
        civil_disorder |= u32{1} << p;
      }
      block = Block::None;
    } else {
      if (block == Block::None) {
        fail(err, line_no, "this line is in no block (PRESTATE, PRESTATE_DISLODGED, PRESTATE_SUPPLYCENTER_OWNERS)",
             line);
        return false;
      }
      PowerId power = kNoPower;
      std::string_view what;
      if (!split_power(map, line, power, what)) {
        fail(err, line_no, "expected 'Power: A place'", line);
        return false;
      }
      if (block == Block::Owners) {
        // "Russia: A mos" as the DATC writes owners, or "Russia: mos".
        std::string_view place = what;
        std::string_view probe = what;
        const std::string_view w = next_word(probe);
        if ((same_word(w, "a") || same_word(w, "f")) && !trim(probe).empty()) place = probe;
        LocationId l = kNoLocation;
        if (!read_place_text(map, place, l)) {
          fail(err, line_no, "no such place", place);
          return false;
        }
        const ProvinceId p = map.province_of(l);
        if (!map.province(p).colony) {
          fail(err, line_no, "only colonies have owners, and this is none", map.province(p).name);
          return false;
        }
        pos.owner[p] = power;
        continue;
      }
      UnitType type = UnitType::None;
      LocationId l = kNoLocation;
      ReasonText why;
      if (!read_unit_text(map, what, type, l, why)) {
        fail(err, line_no, why.c_str());
        return false;
      }
      const ProvinceId p = map.province_of(l);
      ProvinceSet& seen = block == Block::Units ? placed : placed_dislodged;
      if (seen.test(p)) {
        fail(err, line_no, "two units in one province", map.province(p).name);
        return false;
      }
      seen.set(p);
      Unit u;
      u.power = power;
      u.type = type;
      u.coast = map.coast_of(l);
      if (block == Block::Units) {
        pos.units[p] = u;
      } else {
        pos.dislodged[p] = DislodgedUnit();
        pos.dislodged[p].unit = u;
      }
    }
  }
  return true;
}

bool check_position(const Map& map, const Position& pos, ReasonText& why) {
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const ProvinceInfo& info = map.province(p);
    for (int k = 0; k < 2; ++k) {
      const Unit& u = k == 0 ? pos.units[p] : pos.dislodged[p].unit;
      if (!u.present()) continue;
      if (u.power >= map.power_count()) {
        why.assign("a unit of no power stands in ");
        why.append(info.name);
        return false;
      }
      if (!map.can_stand(u.type, unit_location(map, p, u))) {
        why.assign(u.type == UnitType::Army ? "an army cannot stand in " : "a fleet cannot stand in ");
        why.append(info.name);
        if (u.type == UnitType::Fleet && info.coast_count > 0) why.append(" without naming its coast");
        return false;
      }
      if (k == 0 && pos.rules.closed.test(p)) {
        why.assign("no unit may stand in ");
        why.append(info.name);
        why.append(": it is closed in this game");
        return false;
      }
    }
    if (pos.dislodged[p].unit.present() && pos.phase.kind != PhaseKind::Retreat) {
      why.assign("a dislodged unit in ");
      why.append(info.name);
      why.append(" outside a retreat phase");
      return false;
    }
    if (pos.owner[p] != kNoPower) {
      if (!info.colony) {
        why.assign(info.name);
        why.append(" is no colony: it has no owner");
        return false;
      }
      if (pos.owner[p] >= map.power_count()) {
        why.assign("the owner of ");
        why.append(info.name);
        why.append(" is no power of this board");
        return false;
      }
    }
  }
  if (pos.phase.kind == PhaseKind::Retreat && !pos.has_dislodged()) {
    why.assign("a retreat phase with no dislodged unit");
    return false;
  }
  return true;
}

}  // namespace colonial
