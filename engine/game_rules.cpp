#include "game_rules.h"

#include <bit>

#include "map.h"
#include "notation.h"
#include "phrases.h"

namespace colonial {

namespace {

bool refuse(RuleText& why, std::string_view name, std::string_view value, Phrase expected) {
  FixedString<80> quoted;
  quoted.append_quoted(value, 60);
  why.clear();
  append_phrase(why, Phrase::RuleRefused, {{"rule", name}, {"value", quoted.view()}, {"expected", phrase(expected)}});
  return false;
}

// Powers one player commands are numbered by the first of them, so that
// equal groupings are equal settings however they were written.
void number_players(RuleOptions& rules, const u32* groups, int count) {
  for (int p = 0; p < kMaxPowers; ++p) rules.player_of[p] = static_cast<u8>(p);
  for (int i = 0; i < count; ++i) {
    if (!groups[i]) continue;
    const u8 first = static_cast<u8>(std::countr_zero(groups[i]));
    for (int p = 0; p < kMaxPowers; ++p)
      if ((groups[i] >> p) & 1u) rules.player_of[p] = first;
  }
}

// Calls f(item) for each item of a list separated by `sep`, stopping at the
// first false; true if every item was taken.
template <typename F>
bool each_item(std::string_view list, char sep, F&& f) {
  while (!list.empty()) {
    const std::size_t cut = list.find(sep);
    if (!f(list.substr(0, cut))) return false;
    list = cut == std::string_view::npos ? std::string_view() : list.substr(cut + 1);
  }
  return true;
}

// "Turkey+China+Holland,Britain+France+Japan" or "each".
bool read_players(const Map& map, RuleOptions& rules, std::string_view value, RuleText& why) {
  u32 groups[kMaxPowers] = {};
  int count = 0;
  u32 seen = 0;
  const bool ok = value == "each" || each_item(value, ',', [&](std::string_view group) {
                    if (count == kMaxPowers) return refuse(why, "players", group, Phrase::RuleFewerPowers);
                    const bool taken = each_item(group, '+', [&](std::string_view name) {
                      const PowerId p = map.find_power(name);
                      if (p == kNoPower) return refuse(why, "players", name, Phrase::RulePowerOfMap);
                      if ((seen >> p) & 1u) return refuse(why, "players", name, Phrase::RulePowerTaken);
                      seen |= u32{1} << p;
                      groups[count] |= u32{1} << p;
                      return true;
                    });
                    ++count;
                    return taken;
                  });
  if (ok) number_players(rules, groups, count);
  return ok;
}

void write_players(const Map& map, const RuleOptions& rules, RuleText& out) {
  out.clear();
  u32 seen = 0;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    const u32 group = powers_of_player(rules, p) & ((u32{1} << map.power_count()) - 1);
    if ((seen >> p) & 1u || std::popcount(group) < 2) continue;
    seen |= group;
    if (!out.empty()) out.append(',');
    for (PowerId q = 0; q < map.power_count(); ++q)
      if ((group >> q) & 1u) {
        if (!out.view().empty() && out.view().back() != ',') out.append('+');
        out.append(map.power(q).name);
      }
  }
  if (out.empty()) out.assign("each");
}

// "China,Russia" or "none".
bool read_powers(const Map& map, std::string_view rule, std::string_view value, u32& out, RuleText& why) {
  u32 mask = 0;
  const bool ok = value == "none" || each_item(value, ',', [&](std::string_view name) {
                    const PowerId p = map.find_power(name);
                    if (p == kNoPower) return refuse(why, rule, name, Phrase::RulePowerOfMap);
                    mask |= u32{1} << p;
                    return true;
                  });
  if (ok) out = mask;
  return ok;
}

// "akm,bak" or "none".
bool read_closed(const Map& map, ProvinceSet& closed, std::string_view value, RuleText& why) {
  ProvinceSet set;
  const bool ok = value == "none" || each_item(value, ',', [&](std::string_view name) {
                    const ProvinceLookup l = map.find_province(name);
                    if (l.status != LookupStatus::Found) return refuse(why, "closed", name, Phrase::RuleProvinceOfMap);
                    set.set(l.province);
                    return true;
                  });
  if (ok) closed = set;
  return ok;
}

}  // namespace

bool parse_number(std::string_view s, long lo, long hi, long& out) {
  if (s.empty() || s.size() > 9) return false;
  long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

void set_players(RuleOptions& rules, const u32* powers_of, int count) { number_players(rules, powers_of, count); }

bool set_game_rule(const Map& map, GameSettings& s, std::string_view name, std::string_view value, RuleText& why) {
  why.clear();
  RuleOptions& r = s.rules;
  for (const RuleSwitch& sw : kRuleSwitches)
    if (sw.name == name) return set_rule_switch(r, name, value) || refuse(why, name, value, Phrase::RuleOnOff);
  if (name == "calendar") {
    if (value != "1995" && value != "seasons") return refuse(why, name, value, Phrase::RuleCalendar);
    r.calendar = value == "1995" ? Calendar::Biennial1995 : Calendar::Seasons;
    return true;
  }
  if (name == "civil-disorder" || name == "endings") {
    if (value != "1995" && value != "era-of-empire") return refuse(why, name, value, Phrase::RuleOrEraOfEmpire);
    const bool eoe = value == "era-of-empire";
    if (name == "endings")
      s.endings = eoe ? Endings::EraOfEmpire : Endings::Rule1995;
    else
      r.civil_disorder = eoe ? CivilDisorderRule::EraOfEmpire : CivilDisorderRule::Rule1995;
    return true;
  }
  if (name == "victory" || name == "last-year") {
    long n = 0;
    const bool victory = name == "victory";
    if (!parse_number(value, victory ? 1 : 0, 9999, n))
      return refuse(why, name, value, victory ? Phrase::RuleColonyCount : Phrase::RuleYear);
    (victory ? s.victory_colonies : s.last_year) = static_cast<int>(n);
    return true;
  }
  if (name == "time-limit-by") {
    if (value != "units" && value != "colonies") return refuse(why, name, value, Phrase::RuleMeasure);
    s.time_limit_measure = value == "units" ? EndMeasure::Units : EndMeasure::Colonies;
    return true;
  }
  if (name == "scoring") {
    ScoringSystem system{};
    if (value == "none") {
      s.scored = false;
      s.scoring = ScoringSystem::CentreCount;
      return true;
    }
    if (!find_scoring_system(value, system)) return refuse(why, name, value, Phrase::RuleScoringSystem);
    s.scored = true;
    s.scoring = system;
    return true;
  }
  if (name == "players") return read_players(map, r, value, why);
  if (name == "unplayed") return read_powers(map, name, value, s.unplayed_powers, why);
  if (name == "closed") return read_closed(map, r.closed, value, why);
  if (name == "setup") {
    const int i = map.find_setup(value);
    if (i < 0) return refuse(why, name, value, Phrase::RuleSetupOfMap);
    r.setup = static_cast<u8>(i);
    return true;
  }
  FixedString<64> quoted;
  quoted.append_quoted(name, 40);
  why.clear();
  append_phrase(why, Phrase::RuleUnknown, {{"rule", quoted.view()}});
  return false;
}

bool game_rule_value(const Map& map, const GameSettings& s, std::string_view name, RuleText& out) {
  out.clear();
  const RuleOptions& r = s.rules;
  for (const RuleSwitch& sw : kRuleSwitches)
    if (sw.name == name) return out.assign(r.*sw.flag ? "on" : "off");
  if (name == "calendar") return out.assign(r.calendar == Calendar::Biennial1995 ? "1995" : "seasons");
  if (name == "civil-disorder")
    return out.assign(r.civil_disorder == CivilDisorderRule::EraOfEmpire ? "era-of-empire" : "1995");
  if (name == "endings") return out.assign(s.endings == Endings::EraOfEmpire ? "era-of-empire" : "1995");
  if (name == "victory") return out.append_int(s.victory_colonies);
  if (name == "last-year") return out.append_int(s.last_year);
  if (name == "time-limit-by") return out.assign(s.time_limit_measure == EndMeasure::Units ? "units" : "colonies");
  if (name == "scoring") return out.assign(s.scored ? scoring_system_info(s.scoring).name : "none");
  if (name == "players") {
    write_players(map, r, out);
    return true;
  }
  if (name == "unplayed") {
    for (PowerId p = 0; p < map.power_count(); ++p)
      if ((s.unplayed_powers >> p) & 1u) {
        if (!out.empty()) out.append(',');
        out.append(map.power(p).name);
      }
    if (out.empty()) out.assign("none");
    return true;
  }
  if (name == "setup") {
    if (r.setup < map.setup_count()) return out.assign(map.setup(r.setup).name);
    return out.append_int(r.setup);
  }
  if (name == "closed") {
    if (r.closed.empty()) return out.assign("none");
    r.closed.for_each([&](int p) {
      if (!out.empty()) out.append(',');
      OrderText code;
      format_location(map, static_cast<LocationId>(p), OrderStyle::Judge, code);
      out.append(code.view());
    });
    return true;
  }
  return false;
}

}  // namespace colonial
