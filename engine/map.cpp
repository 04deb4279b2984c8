// Map queries and the map-file loader (format: docs/MAP-FORMAT.md).
//
// The loader reads the text twice: pass 1 declares powers, provinces and
// options (so statements may refer to names declared later), pass 2 reads
// everything else. Whole-map checks run last. No allocation anywhere: the
// tokens are string_views into the caller's text.
#include "map.h"

#include <cstdlib>
#include <cstring>

#include "text_lines.h"

namespace colonial {

// ---------------------------------------------------------------------------
// [SECTION] Names
// ---------------------------------------------------------------------------

bool on_off_from_text(std::string_view word, bool& on) {
  if (word != "on" && word != "off") return false;
  on = word == "on";
  return true;
}

bool equals_ignore_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

int normalize_name(std::string_view in, char* out, int cap) {
  int n = 0;
  bool pending_space = false;
  for (char ch : in) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '.') continue;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      pending_space = n > 0;
      continue;
    }
    if (pending_space && n + 1 < cap) out[n++] = ' ';
    pending_space = false;
    if (c >= 'A' && c <= 'Z') c = static_cast<unsigned char>(c - 'A' + 'a');
    if (n + 1 < cap) out[n++] = static_cast<char>(c);
  }
  if (cap > 0) out[n < cap ? n : cap - 1] = '\0';
  return n < cap ? n : cap - 1;
}

namespace {

constexpr int kMaxNormalized = 64;

struct Normalized {
  char text[kMaxNormalized];
  int length = 0;
  explicit Normalized(std::string_view s) { length = normalize_name(s, text, kMaxNormalized); }
  std::string_view view() const { return {text, static_cast<std::size_t>(length)}; }
};

}  // namespace

Coast coast_from_text(std::string_view s) {
  if (equals_ignore_case(s, "nc")) return Coast::North;
  if (equals_ignore_case(s, "sc")) return Coast::South;
  if (equals_ignore_case(s, "ec")) return Coast::East;
  if (equals_ignore_case(s, "wc")) return Coast::West;
  return Coast::None;
}

namespace {

void copy_text(char* dst, int cap, std::string_view s) {
  int n = static_cast<int>(s.size()) < cap - 1 ? static_cast<int>(s.size()) : cap - 1;
  std::memcpy(dst, s.data(), static_cast<std::size_t>(n));
  dst[n] = '\0';
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Queries
// ---------------------------------------------------------------------------

LocationId Map::location_of(ProvinceId p, Coast c) const {
  if (p >= province_count_) return kNoLocation;
  if (c == Coast::None) return p;
  const ProvinceInfo& info = provinces_[p];
  for (int i = 0; i < info.coast_count; ++i) {
    LocationId l = static_cast<LocationId>(info.first_coast + i);
    if (locations_[l].coast == c) return l;
  }
  return kNoLocation;
}

bool Map::can_stand(UnitType t, LocationId l) const {
  if (l >= location_count_) return false;
  const LocationInfo& loc = locations_[l];
  const ProvinceInfo& p = provinces_[loc.province];
  if (t == UnitType::Army) return loc.coast == Coast::None && p.kind != ProvinceKind::Sea;
  if (t == UnitType::Fleet) {
    if (p.kind == ProvinceKind::Land) return false;
    return p.coast_count == 0 ? loc.coast == Coast::None : loc.coast != Coast::None;
  }
  return false;
}

ProvinceLookup Map::find_province(std::string_view name) const {
  ProvinceLookup result;
  Normalized key(name);
  if (key.length == 0) return result;
  for (int i = 0; i < ambiguous_count_; ++i) {
    std::string_view a(alias_pool_ + ambiguous_[i].offset, ambiguous_[i].length);
    if (a == key.view()) {
      result.status = LookupStatus::Ambiguous;
      result.candidates = ambiguous_[i].candidates;
      return result;
    }
  }
  for (int i = 0; i < alias_count_; ++i) {
    const Alias& a = aliases_[i];
    if (a.is_power) continue;
    if (std::string_view(alias_pool_ + a.norm_offset, a.norm_length) == key.view()) {
      result.status = LookupStatus::Found;
      result.province = a.province;
      return result;
    }
  }
  return result;
}

PowerId Map::find_power(std::string_view name) const {
  Normalized key(name);
  if (key.length == 0) return kNoPower;
  for (int i = 0; i < alias_count_; ++i) {
    const Alias& a = aliases_[i];
    if (a.is_power && std::string_view(alias_pool_ + a.norm_offset, a.norm_length) == key.view()) return a.province;
  }
  return kNoPower;
}

int Map::find_option(std::string_view name) const {
  for (int i = 0; i < option_count_; ++i)
    if (equals_ignore_case(options_[i].name, name)) return i;
  return -1;
}

u32 Map::default_options() const {
  u32 mask = 0;
  for (int i = 0; i < option_count_; ++i)
    if (options_[i].default_on) mask |= u32{1} << i;
  return mask;
}

bool Map::link_active(int i) const {
  const Link& k = links_[i];
  if (k.option < 0) return true;
  bool on = (option_mask_ >> k.option) & 1u;
  return on == k.option_value;
}

void Map::set_options(u32 mask) {
  // Every game's start asks for its options: the tables below are made
  // again only when they change (or the links did).
  if (adjacency_made_ && mask == option_mask_) return;
  option_mask_ = mask;
  for (int p = 0; p < kMaxProvinces; ++p) army_adj_[p].clear();
  for (int l = 0; l < kMaxLocations; ++l) fleet_adj_[l].clear();
  for (int i = 0; i < link_count_; ++i) {
    if (!link_active(i)) continue;
    const Link& k = links_[i];
    if (k.army) {
      ProvinceId a = locations_[k.a].province, b = locations_[k.b].province;
      army_adj_[a].set(b);
      army_adj_[b].set(a);
    }
    if (k.fleet) {
      fleet_adj_[k.a].set(k.b);
      fleet_adj_[k.b].set(k.a);
    }
  }
  // Asked for every army that might go by sea, every phase: made once here.
  for (int p = 0; p < kMaxProvinces; ++p) seas_touching_[p].clear();
  sea_provinces_.clear();
  coastal_provinces_.clear();
  colony_province_count_ = colonies_not_for_all_count_ = 0;
  for (int p = 0; p < province_count_; ++p) {
    const ProvinceInfo& info = provinces_[p];
    if (info.kind == ProvinceKind::Sea) sea_provinces_.set(p);
    if (info.kind == ProvinceKind::Coast) coastal_provinces_.set(p);
    if (!info.colony) continue;
    colony_provinces_[colony_province_count_++] = static_cast<ProvinceId>(p);
    if (info.not_colony_for != kNoPower)
      colonies_not_for_all_[colonies_not_for_all_count_++] = static_cast<ProvinceId>(p);
  }
  for (int p = 0; p < province_count_; ++p)
    for_each_fleet_neighbour_province(static_cast<ProvinceId>(p), [&](ProvinceId q) {
      if (provinces_[q].kind == ProvinceKind::Sea) seas_touching_[p].set(q);
    });
  for (int l = 0; l < location_count_; ++l) {
    fleet_reach_[l].clear();
    fleet_adj_[l].for_each([&](int m) { fleet_reach_[l].set(locations_[m].province); });
  }
  adjacency_made_ = true;
}

int Map::find_setup(std::string_view name) const {
  for (int i = 0; i < setup_count_; ++i)
    if (equals_ignore_case(setups_[i].name, name)) return i;
  return -1;
}

void Map::set_setup(int i) {
  if (i < 0 || i >= setup_count_) return;
  setup_ = i;
  const Setup& s = setups_[i];
  for (ProvinceSet& homes : home_colonies_) homes.clear();
  for (int p = 0; p < province_count_; ++p) {
    ProvinceInfo& info = provinces_[p];
    info.home = s.centres[p];
    info.start_unit = s.units[p].type;
    info.start_power = s.units[p].power;
    info.start_coast = s.units[p].coast;
    if (info.colony && info.home < kMaxPowers) home_colonies_[info.home].set(p);
  }
}

const Anchor* Map::unit_anchor(LocationId l) const {
  for (int i = 0; i < anchor_count_; ++i)
    if (anchors_[i].location == l) return &anchors_[i];
  return nullptr;
}

// ---------------------------------------------------------------------------
// [SECTION] Loader
// ---------------------------------------------------------------------------

class MapLoader {
 public:
  MapLoader(std::string_view text, Map& map, MapErrors& errors) : text_(text), map_(map), errors_(errors) {}

  bool run() {
    map_ = Map();
    pass_ = 1;
    read_lines();
    number_coasts();
    // The code and the display name are always names of their province.
    line_ = 0;
    for (int p = 0; p < map_.province_count_; ++p) {
      add_alias(map_.provinces_[p].code, static_cast<u8>(p), false);
      add_alias(map_.provinces_[p].name, static_cast<u8>(p), false);
    }
    flags_setup();
    pass_ = 2;
    read_lines();
    end_setups();
    if (errors_.ok()) check_whole_map();
    if (errors_.ok()) map_.set_options(map_.default_options());
    return errors_.ok();
  }

 private:
  static constexpr int kMaxTokens = 48;
  using Tokens = FixedVector<std::string_view, kMaxTokens>;

  // --- errors
  void error(const char* what, std::string_view detail = {}, const char* after = nullptr) {
    if (errors_.errors.full()) {
      ++errors_.dropped;
      return;
    }
    MapError e;
    e.line = line_;
    e.message.append(what);
    if (!detail.empty()) {
      e.message.append(' ');
      e.message.append_quoted(detail, 60);
    }
    if (after) e.message.append(after);
    errors_.errors.push_back(e);
  }

  // --- lines and tokens
  void read_lines() {
    line_ = 0;
    std::string_view rest = text_, line;
    while (next_line(rest, line)) {
      ++line_;
      Tokens tokens;
      if (tokenize(line, tokens) && !tokens.empty()) statement(tokens);
    }
  }

  bool tokenize(std::string_view s, Tokens& out) {
    std::size_t i = 0;
    while (i < s.size()) {
      char c = s[i];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
        continue;
      }
      if (c == '#') break;
      std::size_t start = i;
      if (c == '"') {
        std::size_t close = s.find('"', i + 1);
        if (close == std::string_view::npos) {
          if (pass_ == 1) error("unterminated quoted name");
          return false;
        }
        if (!push_token(out, s.substr(i + 1, close - i - 1))) return false;
        i = close + 1;
        continue;
      }
      while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '#') ++i;
      if (!push_token(out, s.substr(start, i - start))) return false;
    }
    return true;
  }

  bool push_token(Tokens& out, std::string_view t) {
    if (out.push_back(t)) return true;
    if (pass_ == 1) error("too many words on one line (at most 48)");
    return false;
  }

  void statement(const Tokens& t) {
    std::string_view kw = t[0];
    bool declaration =
        kw == "map" || kw == "power" || kw == "province" || kw == "option" || kw == "calendar" || kw == "victory";
    if ((pass_ == 1) != declaration) return;
    if (kw == "map") return read_name(t);
    if (kw == "calendar") return read_calendar(t);
    if (kw == "victory") return read_victory(t);
    if (kw == "power") return read_power(t);
    if (kw == "province") return read_province(t);
    if (kw == "option") return read_option(t);
    if (kw == "power-alias") return read_power_alias(t);
    if (kw == "alias") return read_alias(t);
    if (kw == "abbrev") return read_abbrev(t);
    if (kw == "ambiguous") return read_ambiguous(t);
    if (kw == "link") return read_link(t);
    if (kw == "canal") return read_canal(t);
    if (kw == "railroad") return read_railroad(t);
    if (kw == "impassable") return read_impassable(t);
    if (kw == "not-colony-for") return read_not_colony_for(t);
    if (kw == "region") return read_region(t);
    if (kw == "anchor") return read_anchor(t);
    if (kw == "setup") return read_setup(t);
    if (kw == "unit") return read_setup_unit(t);
    if (kw == "centre" || kw == "center") return read_setup_centres(t);
    if (kw == "end") return read_setup_end(t);
    error("unknown statement", kw, " (see docs/MAP-FORMAT.md)");
  }

  bool expect(const Tokens& t, int min, int max, const char* usage) {
    if (t.size() >= min && t.size() <= max) return true;
    error("expected: ", {}, usage);
    return false;
  }

  // --- helpers over names
  // Province codes are looked up by hash: the links, units and set-ups name
  // provinces by code thousands of times, and a search through every code
  // for each made loading a map quadratic (nearly half of it for Colonial).
  static unsigned code_hash(std::string_view code) {
    unsigned h = 2166136261u;
    for (char c : code) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');  // as equals_ignore_case
      h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    }
    return h;
  }

  ProvinceId province_by_code(std::string_view code) const {
    for (unsigned i = code_hash(code);; ++i) {
      const u8 slot = code_slots_[i % kCodeSlots];
      if (slot == 0) return kNoProvince;
      if (equals_ignore_case(map_.provinces_[slot - 1].code, code)) return static_cast<ProvinceId>(slot - 1);
    }
  }

  void index_code(ProvinceId p) {
    for (unsigned i = code_hash(map_.provinces_[p].code);; ++i)
      if (u8& slot = code_slots_[i % kCodeSlots]; slot == 0) {
        slot = static_cast<u8>(p + 1);
        return;
      }
  }

  // Reads "CODE" or "CODE/c"; reports and returns kNoLocation when unknown.
  LocationId location(std::string_view s) {
    std::size_t slash = s.find('/');
    std::string_view code = s.substr(0, slash);
    ProvinceId p = province_by_code(code);
    if (p == kNoProvince) {
      error("unknown province", code);
      return kNoLocation;
    }
    if (slash == std::string_view::npos) return p;
    Coast c = coast_from_text(s.substr(slash + 1));
    LocationId l = c == Coast::None ? kNoLocation : map_.location_of(p, c);
    if (l == kNoLocation) error("province has no such coast", s);
    return l;
  }

  PowerId power_by_name(std::string_view name) {
    for (int i = 0; i < map_.power_count_; ++i)
      if (equals_ignore_case(map_.powers_[i].name, name)) return static_cast<PowerId>(i);
    return kNoPower;
  }

  // Stores s (and its normalised form) in the alias pool.
  bool pool_add(std::string_view s, u16& offset, u8& length) {
    if (s.size() > 255 || map_.alias_pool_used_ + static_cast<int>(s.size()) > kAliasPoolBytes) {
      error("name too long or too many names", s);
      return false;
    }
    offset = static_cast<u16>(map_.alias_pool_used_);
    length = static_cast<u8>(s.size());
    std::memcpy(map_.alias_pool_ + map_.alias_pool_used_, s.data(), s.size());
    map_.alias_pool_used_ += static_cast<int>(s.size());
    return true;
  }

  bool is_declared_ambiguous(std::string_view norm) const {
    for (int i = 0; i < map_.ambiguous_count_; ++i)
      if (std::string_view(map_.alias_pool_ + map_.ambiguous_[i].offset, map_.ambiguous_[i].length) == norm)
        return true;
    return false;
  }

  // Adds a name for province p (or power p when is_power). A name already
  // naming the same thing is skipped; one naming something else is an error.
  void add_alias(std::string_view name, u8 id, bool is_power) {
    Normalized norm(name);
    if (norm.length == 0) {
      error("empty name");
      return;
    }
    if (norm.length >= kMaxNormalized - 1) {
      error("name too long", name);
      return;
    }
    for (int i = 0; i < map_.alias_count_; ++i) {
      const Map::Alias& a = map_.aliases_[i];
      if (a.is_power != is_power) continue;
      if (std::string_view(map_.alias_pool_ + a.norm_offset, a.norm_length) != norm.view()) continue;
      if (a.province == id) return;
      error(is_power ? "name already names another power" : "name already names another province", name,
            is_power ? "" : " (declare it with 'ambiguous' if players really write it for both)");
      return;
    }
    if (!is_power && is_declared_ambiguous(norm.view())) {
      error("name is declared ambiguous and cannot be an alias", name);
      return;
    }
    if (map_.alias_count_ >= kMaxAliases) {
      error("too many aliases (engine limit kMaxAliases)");
      return;
    }
    Map::Alias a;
    a.province = id;
    a.is_power = is_power;
    if (!pool_add(name, a.offset, a.length)) return;
    if (!pool_add(norm.view(), a.norm_offset, a.norm_length)) return;
    map_.aliases_[map_.alias_count_++] = a;
  }

  // --- pass 1: declarations
  void read_name(const Tokens& t) {
    if (!expect(t, 2, 2, "map NAME")) return;
    copy_text(map_.name_, sizeof map_.name_, t[1]);
  }

  void read_calendar(const Tokens& t) {
    if (!expect(t, 3, 3, "calendar seasons|biennial YEAR")) return;
    if (t[1] == "seasons")
      map_.biennial_ = false;
    else if (t[1] == "biennial")
      map_.biennial_ = true;
    else
      error("calendar must be 'seasons' or 'biennial', not", t[1]);
    int year = 0;
    if (!parse_int(t[2], year) || year < 1 || year > 9000)
      error("bad start year", t[2]);
    else
      map_.start_year_ = year;
  }

  void read_victory(const Tokens& t) {
    if (!expect(t, 2, 2, "victory COLONIES")) return;
    int n = 0;
    if (!parse_int(t[1], n) || n < 1 || n > kMaxProvinces)
      error("bad victory count", t[1]);
    else
      map_.victory_ = n;
  }

  void read_power(const Tokens& t) {
    if (!expect(t, 4, 4, "power NAME ADJECTIVE LETTER")) return;
    if (map_.power_count_ >= kMaxPowers) return error("too many powers (engine limit kMaxPowers)");
    if (power_by_name(t[1]) != kNoPower) return error("power declared twice", t[1]);
    if (t[3].size() != 1) return error("power letter must be one character", t[3]);
    PowerInfo& p = map_.powers_[map_.power_count_];
    copy_text(p.name, sizeof p.name, t[1]);
    copy_text(p.adjective, sizeof p.adjective, t[2]);
    p.letter = t[3][0];
    PowerId id = static_cast<PowerId>(map_.power_count_++);
    add_alias(t[1], id, true);
    add_alias(t[2], id, true);
  }

  void read_option(const Tokens& t) {
    if (!expect(t, 4, 4, "option NAME on|off \"DESCRIPTION\"")) return;
    if (map_.option_count_ >= kMaxMapOptions) return error("too many options (engine limit kMaxMapOptions)");
    if (map_.find_option(t[1]) >= 0) return error("option declared twice", t[1]);
    if (t[2] != "on" && t[2] != "off") return error("option default must be 'on' or 'off', not", t[2]);
    MapOption& o = map_.options_[map_.option_count_++];
    copy_text(o.name, sizeof o.name, t[1]);
    copy_text(o.description, sizeof o.description, t[3]);
    o.default_on = t[2] == "on";
  }

  void read_province(const Tokens& t) {
    if (t.size() < 4) return error("expected: province CODE land|coast|sea \"NAME\" [flags]");
    if (map_.province_count_ >= kMaxProvinces) return error("too many provinces (engine limit kMaxProvinces)");
    std::string_view code = t[1];
    if (code.empty() || code.size() > 7 || code.find('/') != std::string_view::npos)
      return error("province code must be 1-7 characters without '/'", code);
    if (province_by_code(code) != kNoProvince) return error("province declared twice", code);
    ProvinceInfo info;
    copy_text(info.code, sizeof info.code, code);
    copy_text(info.abbrev, sizeof info.abbrev, code);
    if (t[2] == "land")
      info.kind = ProvinceKind::Land;
    else if (t[2] == "coast")
      info.kind = ProvinceKind::Coast;
    else if (t[2] == "sea")
      info.kind = ProvinceKind::Sea;
    else
      return error("province kind must be land, coast or sea, not", t[2]);
    if (t[3].size() >= sizeof info.name) return error("province name too long", t[3]);
    copy_text(info.name, sizeof info.name, t[3]);
    std::string_view coasts;
    for (int i = 4; i < t.size(); ++i) {
      std::string_view f = t[i];
      if (f == "colony")
        info.colony = true;
      else if (f.starts_with("home=")) {
        info.home = power_by_name(f.substr(5));
        info.colony = true;
        if (info.home == kNoPower) error("home of an undeclared power", f.substr(5));
      } else if (f.starts_with("unit=")) {
        std::string_view u = f.substr(5);
        if (u.starts_with("A"))
          info.start_unit = UnitType::Army;
        else if (u.starts_with("F"))
          info.start_unit = UnitType::Fleet;
        else
          error("unit must be A or F, not", u);
        if (u.size() > 1) {
          if (u[1] != '/' || (info.start_coast = coast_from_text(u.substr(2))) == Coast::None)
            error("bad starting coast", u);
        }
      } else if (f.starts_with("coasts="))
        coasts = f.substr(7);
      else
        error("unknown province flag", f);
    }
    if (info.start_unit != UnitType::None && info.home == kNoPower) error("a starting unit needs home=POWER");
    if (info.kind == ProvinceKind::Sea && (info.colony || !coasts.empty()))
      error("a sea cannot be a colony or have coasts");
    ProvinceId id = static_cast<ProvinceId>(map_.province_count_++);
    map_.provinces_[id] = info;
    map_.locations_[id].province = id;
    index_code(id);
    if (!coasts.empty()) pending_coasts_[id] = coasts;
  }

  // Coast children get location ids after all provinces, so they are
  // numbered at the end of pass 1.
  void number_coasts() {
    map_.location_count_ = map_.province_count_;
    for (int p = 0; p < map_.province_count_; ++p) {
      std::string_view list = pending_coasts_[p];
      if (list.empty()) continue;
      ProvinceInfo& info = map_.provinces_[p];
      info.first_coast = static_cast<LocationId>(map_.location_count_);
      while (!list.empty()) {
        std::size_t comma = list.find(',');
        std::string_view c = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
        Coast coast = coast_from_text(c);
        if (coast == Coast::None) {
          error("unknown coast (nc, sc, ec or wc)", c);
          continue;
        }
        if (map_.location_count_ >= kMaxLocations) return error("too many coasts (engine limit kMaxLocations)");
        map_.locations_[map_.location_count_++] = LocationInfo{static_cast<ProvinceId>(p), coast};
        ++info.coast_count;
      }
      if (info.coast_count < 2) error("a split province needs at least two coasts:", info.code);
    }
  }

  // --- pass 2
  void read_power_alias(const Tokens& t) {
    if (!expect(t, 3, kMaxTokens, "power-alias POWER NAME...")) return;
    PowerId p = power_by_name(t[1]);
    if (p == kNoPower) return error("unknown power", t[1]);
    for (int i = 2; i < t.size(); ++i) add_alias(t[i], p, true);
  }

  void read_alias(const Tokens& t) {
    if (!expect(t, 3, kMaxTokens, "alias CODE NAME...")) return;
    ProvinceId p = province_by_code(t[1]);
    if (p == kNoProvince) return error("unknown province", t[1]);
    for (int i = 2; i < t.size(); ++i) add_alias(t[i], p, false);
  }

  void read_abbrev(const Tokens& t) {
    if (!expect(t, 3, 3, "abbrev CODE ABBREVIATION")) return;
    ProvinceId p = province_by_code(t[1]);
    if (p == kNoProvince) return error("unknown province", t[1]);
    if (t[2].size() >= sizeof map_.provinces_[p].abbrev) return error("abbreviation too long", t[2]);
    copy_text(map_.provinces_[p].abbrev, sizeof map_.provinces_[p].abbrev, t[2]);
    add_alias(t[2], p, false);
  }

  void read_ambiguous(const Tokens& t) {
    if (!expect(t, 4, 2 + kMaxNameCandidates, "ambiguous NAME CODE CODE... (at most four)")) return;
    if (map_.ambiguous_count_ >= kMaxAmbiguousAliases) return error("too many ambiguous names");
    Normalized norm(t[1]);
    Map::Ambiguous a;
    for (int i = 2; i < t.size(); ++i) {
      ProvinceId p = province_by_code(t[i]);
      if (p == kNoProvince) return error("unknown province", t[i]);
      a.candidates.push_back(p);
    }
    for (int i = 0; i < map_.alias_count_; ++i) {
      const Map::Alias& al = map_.aliases_[i];
      if (!al.is_power && std::string_view(map_.alias_pool_ + al.norm_offset, al.norm_length) == norm.view())
        return error("a name declared ambiguous is already an alias", t[1]);
    }
    if (!pool_add(norm.view(), a.offset, a.length)) return;
    map_.ambiguous_[map_.ambiguous_count_++] = a;
  }

  void read_link(const Tokens& t) {
    if (!expect(t, 4, 6, "link A B army|fleet|both [bridge] [if=OPTION|unless=OPTION]")) return;
    LocationId a = location(t[1]), b = location(t[2]);
    if (a == kNoLocation || b == kNoLocation) return;
    Link k;
    k.a = a;
    k.b = b;
    if (t[3] == "army")
      k.army = true;
    else if (t[3] == "fleet")
      k.fleet = true;
    else if (t[3] == "both")
      k.army = k.fleet = true;
    else
      return error("link type must be army, fleet or both, not", t[3]);
    for (int i = 4; i < t.size(); ++i) {
      std::string_view f = t[i];
      if (f == "bridge")
        k.kind = LinkKind::Bridge;
      else if (f.starts_with("if=") || f.starts_with("unless=")) {
        bool positive = f.starts_with("if=");
        std::string_view name = f.substr(positive ? 3 : 7);
        int o = map_.find_option(name);
        if (o < 0) return error("unknown option", name);
        k.option = static_cast<i16>(o);
        k.option_value = positive;
      } else
        return error("unknown link flag", f);
    }
    if (a == b || map_.locations_[a].province == map_.locations_[b].province)
      return error("a province cannot link to itself");
    if (!check_link_ends(k)) return;
    for (int i = 0; i < map_.link_count_; ++i) {
      const Link& o = map_.links_[i];
      bool same = (o.a == a && o.b == b) || (o.a == b && o.b == a);
      bool same_provinces = (map_.locations_[o.a].province == map_.locations_[a].province &&
                             map_.locations_[o.b].province == map_.locations_[b].province) ||
                            (map_.locations_[o.a].province == map_.locations_[b].province &&
                             map_.locations_[o.b].province == map_.locations_[a].province);
      if ((same && (o.fleet && k.fleet)) || (same_provinces && o.army && k.army))
        return error("link written twice:", t[1]);
    }
    if (map_.link_count_ >= static_cast<int>(sizeof map_.links_ / sizeof map_.links_[0]))
      return error("too many links");
    map_.links_[map_.link_count_++] = k;
    map_.adjacency_made_ = false;
  }

  bool check_link_ends(const Link& k) {
    for (LocationId l : {k.a, k.b}) {
      const LocationInfo& loc = map_.locations_[l];
      const ProvinceInfo& p = map_.provinces_[loc.province];
      if (k.army && p.kind == ProvinceKind::Sea) {
        error("an army link cannot touch a sea:", p.code);
        return false;
      }
      if (k.fleet && p.kind == ProvinceKind::Land) {
        error("a fleet link cannot touch an inland province:", p.code);
        return false;
      }
      if (k.fleet && p.coast_count > 0 && loc.coast == Coast::None) {
        error("a fleet link to a split-coast province must name the coast:", p.code);
        return false;
      }
      if (!k.fleet && loc.coast != Coast::None) {
        error("an army link cannot name a coast:", p.code);
        return false;
      }
    }
    return true;
  }

  void read_canal(const Tokens& t) {
    if (!expect(t, 6, 6, "canal NAME SEA SEA via PROVINCE") || t[4] != "via") return;
    if (map_.canal_count_ >= kMaxCanals) return error("too many canals");
    Canal c;
    copy_text(c.name, sizeof c.name, t[1]);
    c.sea_a = location(t[2]);
    c.sea_b = location(t[3]);
    c.via = province_by_code(t[5]);
    if (c.sea_a == kNoLocation || c.sea_b == kNoLocation) return;
    if (c.via == kNoProvince) return error("unknown province", t[5]);
    if (map_.provinces_[map_.locations_[c.sea_a].province].kind != ProvinceKind::Sea ||
        map_.provinces_[map_.locations_[c.sea_b].province].kind != ProvinceKind::Sea)
      return error("a canal joins two seas");
    if (map_.provinces_[c.via].kind != ProvinceKind::Coast) return error("a canal runs through a coastal province");
    map_.canals_[map_.canal_count_++] = c;
  }

  void read_railroad(const Tokens& t) {
    if (!expect(t, 5, 3 + kMaxRailroadLength, "railroad NAME POWER STATION STATION...")) return;
    if (map_.railroad_count_ >= 2) return error("too many railroads");
    Railroad r;
    copy_text(r.name, sizeof r.name, t[1]);
    r.owner = power_by_name(t[2]);
    if (r.owner == kNoPower) return error("unknown power", t[2]);
    for (int i = 3; i < t.size(); ++i) {
      ProvinceId p = province_by_code(t[i]);
      if (p == kNoProvince) return error("unknown province", t[i]);
      if (map_.provinces_[p].kind == ProvinceKind::Sea) return error("a railroad station cannot be a sea", t[i]);
      r.stations.push_back(p);
    }
    railroad_lines_[map_.railroad_count_] = line_;
    map_.railroads_[map_.railroad_count_++] = r;
  }

  void read_impassable(const Tokens& t) {
    if (!expect(t, 3, 3, "impassable A B")) return;
    if (map_.impassable_count_ >= kMaxImpassable) return error("too many impassable borders");
    ProvinceId a = province_by_code(t[1]), b = province_by_code(t[2]);
    if (a == kNoProvince || b == kNoProvince) return error("unknown province", a == kNoProvince ? t[1] : t[2]);
    map_.impassable_[map_.impassable_count_][0] = a;
    map_.impassable_[map_.impassable_count_][1] = b;
    ++map_.impassable_count_;
  }

  void read_not_colony_for(const Tokens& t) {
    if (!expect(t, 3, 3, "not-colony-for PROVINCE POWER")) return;
    ProvinceId p = province_by_code(t[1]);
    if (p == kNoProvince) return error("unknown province", t[1]);
    PowerId w = power_by_name(t[2]);
    if (w == kNoPower) return error("unknown power", t[2]);
    if (!map_.provinces_[p].colony) return error("not a colony", t[1]);
    map_.provinces_[p].not_colony_for = w;
  }

  void read_anchor(const Tokens& t) {
    if (!expect(t, 4, 4, "anchor LOCATION LON LAT")) return;
    LocationId l = location(t[1]);
    if (l == kNoLocation) return;
    float lon = 0, lat = 0;
    if (!parse_float(t[2], lon) || !parse_float(t[3], lat) || lon < -180 || lon > 360 || lat < -90 || lat > 90)
      return error("bad coordinates (longitude latitude in degrees)");
    if (map_.anchor_count_ >= kMaxAnchors) return error("too many anchors (engine limit kMaxAnchors)");
    map_.anchors_[map_.anchor_count_++] = Anchor{l, lon, lat};
  }

  // --- whole-map checks
  // "region POWER PROVINCE...": provinces the printed board colours as that
  // power's home country (any number of lines per power).
  void read_region(const Tokens& t) {
    if (!expect(t, 3, kMaxTokens, "region POWER PROVINCE...")) return;
    PowerId w = power_by_name(t[1]);
    if (w == kNoPower) return error("unknown power", t[1]);
    for (int i = 2; i < t.size(); ++i) {
      ProvinceId p = province_by_code(t[i]);
      if (p == kNoProvince) return error("unknown province", t[i]);
      ProvinceInfo& info = map_.provinces_[p];
      if (info.kind == ProvinceKind::Sea) return error("a sea is in no home country:", t[i]);
      if (info.region != kNoPower && info.region != w) return error("province already in another region:", t[i]);
      if (info.home != kNoPower && info.home != w) return error("another power's home colony:", t[i]);
      info.region = w;
    }
  }

  // --- set-ups. The province flags home=/unit= are set-up 0, "standard";
  // `setup NAME` ... `end` blocks follow in the order written.
  void flags_setup() {
    Setup& s = map_.setups_[0];
    s = Setup();
    bool any = false;
    for (int p = 0; p < map_.province_count_; ++p) {
      const ProvinceInfo& info = map_.provinces_[p];
      s.centres[p] = info.home;
      s.units[p] =
          StartUnit{info.start_unit, info.start_unit == UnitType::None ? kNoPower : info.home, info.start_coast};
      any = any || info.home != kNoPower || info.start_unit != UnitType::None;
    }
    if (!any) return;
    copy_text(s.name, sizeof s.name, "standard");
    copy_text(s.description, sizeof s.description, "The board's own set-up");
    map_.setup_count_ = 1;
  }

  void read_setup(const Tokens& t) {
    if (!expect(t, 2, 3, "setup NAME [\"DESCRIPTION\"] ... end")) return;
    if (open_setup_ >= 0) return error("a set-up inside a set-up: end the one before with 'end'");
    if (t[1].empty() || t[1].size() >= sizeof(Setup::name)) return error("set-up name must be 1-23 characters", t[1]);
    if (map_.find_setup(t[1]) >= 0)
      return error("set-up given twice (the province flags home=/unit= are set-up 'standard'):", t[1]);
    if (map_.setup_count_ >= kMaxSetups) return error("too many set-ups (engine limit kMaxSetups)");
    open_setup_ = map_.setup_count_++;
    setup_line_ = line_;
    setup_centres_given_ = false;
    Setup& s = map_.setups_[open_setup_];
    s = Setup();
    copy_text(s.name, sizeof s.name, t[1]);
    if (t.size() == 3) {
      if (t[2].size() >= sizeof s.description) return error("set-up description too long");
      copy_text(s.description, sizeof s.description, t[2]);
    }
  }

  // "unit POWER A|F LOCATION" inside a set-up.
  void read_setup_unit(const Tokens& t) {
    if (open_setup_ < 0) return error("'unit' outside a set-up (setup NAME ... end)");
    if (!expect(t, 4, 4, "unit POWER A|F LOCATION")) return;
    const PowerId w = power_by_name(t[1]);
    if (w == kNoPower) return error("unknown power", t[1]);
    UnitType type = t[2] == "A" ? UnitType::Army : t[2] == "F" ? UnitType::Fleet : UnitType::None;
    if (type == UnitType::None) return error("unit must be A or F, not", t[2]);
    const LocationId l = location(t[3]);
    if (l == kNoLocation) return;
    const ProvinceId p = map_.province_of(l);
    // A fleet on a split-coast province stands on one coast.
    if (!map_.can_stand(type, l) && !(type == UnitType::Army && l != p))
      return error(type == UnitType::Army ? "an army cannot stand in" : "a fleet cannot stand in", t[3],
                   type == UnitType::Fleet && map_.has_coasts(p) ? " (name its coast)" : nullptr);
    StartUnit& u = map_.setups_[open_setup_].units[p];
    if (u.type != UnitType::None) return error("two starting units in", t[3]);
    u = StartUnit{type, w, type == UnitType::Fleet ? map_.coast_of(l) : Coast::None};
  }

  // "centre POWER PROVINCE..." inside a set-up: the centres it owns at the
  // start.
  void read_setup_centres(const Tokens& t) {
    if (open_setup_ < 0) return error("'centre' outside a set-up (setup NAME ... end)");
    if (!expect(t, 3, kMaxTokens, "centre POWER PROVINCE...")) return;
    const PowerId w = power_by_name(t[1]);
    if (w == kNoPower) return error("unknown power", t[1]);
    setup_centres_given_ = true;
    Setup& s = map_.setups_[open_setup_];
    for (int i = 2; i < t.size(); ++i) {
      const ProvinceId p = province_by_code(t[i]);
      if (p == kNoProvince) {
        error("unknown province", t[i]);
        continue;
      }
      if (!map_.provinces_[p].colony)
        error("not a supply centre (a province with the flag colony):", t[i]);
      else if (s.centres[p] != kNoPower)
        error("starting centre given twice:", t[i]);
      else
        s.centres[p] = w;
    }
  }

  void read_setup_end(const Tokens& t) {
    if (!expect(t, 1, 1, "end")) return;
    if (open_setup_ < 0) return error("'end' without a set-up");
    close_setup();
  }

  // A set-up without centre lines starts each power with the centres its
  // units stand on.
  void close_setup() {
    Setup& s = map_.setups_[open_setup_];
    if (!setup_centres_given_)
      for (int p = 0; p < map_.province_count_; ++p)
        if (s.units[p].type != UnitType::None && map_.provinces_[p].colony) s.centres[p] = s.units[p].power;
    open_setup_ = -1;
  }

  void end_setups() {
    if (open_setup_ >= 0) {
      line_ = setup_line_;
      error("set-up without 'end':", map_.setups_[open_setup_].name);
      close_setup();
    }
    if (map_.setup_count_ == 0) {
      // A board with no units at all (a test map): one empty set-up.
      map_.setups_[0] = Setup();
      copy_text(map_.setups_[0].name, sizeof(Setup::name), "standard");
      map_.setup_count_ = 1;
    }
    map_.set_setup(0);
  }

  void check_whole_map() {
    line_ = 0;
    if (map_.province_count_ == 0) return error("no provinces");
    if (map_.power_count_ == 0) return error("no powers");
    map_.adjacency_made_ = false;
    map_.set_options(all_links_mask());
    for (int p = 0; p < map_.province_count_; ++p) {
      ProvinceInfo& info = map_.provinces_[p];
      // A home colony lies in its power's home country, region line or not.
      if (info.home != kNoPower) info.region = info.home;
      if (info.region != kNoPower) map_.home_country_[info.region].set(p);
      if (info.colony) ++map_.colony_count_;
      bool linked = !map_.army_adj_[p].empty() || !map_.fleet_adj_[p].empty();
      for (int c = 0; c < info.coast_count; ++c) linked |= !map_.fleet_adj_[info.first_coast + c].empty();
      if (!linked) error("province has no links:", info.code);
      if (info.start_unit != UnitType::None) {
        LocationId l = map_.location_of(static_cast<ProvinceId>(p), info.start_coast);
        if (l == kNoLocation || !map_.can_stand(info.start_unit, l)) error("starting unit cannot stand in", info.code);
      }
    }
    for (int i = 0; i < map_.railroad_count_; ++i) {
      const Railroad& r = map_.railroads_[i];
      for (int s = 0; s + 1 < r.stations.size(); ++s)
        if (!map_.army_adj_[r.stations[s]].test(r.stations[s + 1])) {
          line_ = railroad_lines_[i];
          error("railroad stations are not army-linked:", map_.provinces_[r.stations[s]].code);
        }
    }
  }

  u32 all_links_mask() const { return (map_.option_count_ >= 32) ? ~0u : ((u32{1} << map_.option_count_) - 1); }

  static bool parse_int(std::string_view s, int& out) {
    if (s.empty() || s.size() > 9) return false;
    int v = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return false;
      v = v * 10 + (c - '0');
    }
    out = v;
    return true;
  }

  static bool parse_float(std::string_view s, float& out) {
    char buf[32];
    if (s.empty() || s.size() >= sizeof buf) return false;
    std::memcpy(buf, s.data(), s.size());
    buf[s.size()] = '\0';
    char* end = nullptr;
    double v = std::strtod(buf, &end);
    if (end != buf + s.size()) return false;
    out = static_cast<float>(v);
    return true;
  }

  std::string_view text_;
  Map& map_;
  MapErrors& errors_;
  int pass_ = 1;
  int line_ = 0;
  int open_setup_ = -1;  // the set-up block being read
  int setup_line_ = 0;
  bool setup_centres_given_ = false;
  std::string_view pending_coasts_[kMaxProvinces];
  // Province id + 1 by code_hash, open addressing (0: free); never full.
  static constexpr unsigned kCodeSlots = 2 * kMaxProvinces;
  static_assert(kMaxProvinces < 255 && kCodeSlots > kMaxProvinces);
  u8 code_slots_[kCodeSlots] = {};
  int railroad_lines_[2] = {};
};

bool load_map(std::string_view text, std::string_view file_name, Map& out, MapErrors& errors) {
  errors = MapErrors();
  errors.file.assign(file_name.empty() ? std::string_view("map") : file_name);
  MapLoader loader(text, out, errors);
  if (!loader.run()) return false;
  // A longer name is not kept: a record naming it is refused as another
  // board's, as a wrong one would be.
  if (file_name.size() < sizeof out.file_name_) copy_text(out.file_name_, sizeof out.file_name_, file_name);
  return true;
}

}  // namespace colonial
