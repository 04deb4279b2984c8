// The board: provinces, coasts, links, powers, names, and the special
// features of a variant (land bridges, canals, railroads, impassable borders).
//
// A Map is a plain value with fixed capacities (about 60 KB). It is filled by
// load_map() from our text format (docs/MAP-FORMAT.md), either from a map
// compiled into the binary (builtin_map_text) or from a user's file. Loading
// never allocates and never crashes on bad input: it returns the errors with
// their line numbers.
//
// Links that depend on a rule option (board editions such as the Otaru-Sakhalin
// land bridge) are kept aside and folded into the adjacency sets by
// set_options(); all queries then answer for the chosen edition.
#pragma once

#include <span>
#include <string_view>

#include "fixed.h"
#include "types.h"

namespace colonial {

struct ProvinceInfo {
  char code[8] = {};               // canonical code, e.g. "HON"
  char name[kMaxNameLength] = {};  // display name, e.g. "Hong Kong"
  char abbrev[8] = {};             // as printed in the rulebook, e.g. "HK"
  ProvinceKind kind = ProvinceKind::Land;
  bool colony = false;  // supply centre ("colony" in Colonial)
  // The current set-up's (Map::set_setup): a starting colony (home centre)
  // of this power, and the unit standing here at the start.
  PowerId home = kNoPower;
  UnitType start_unit = UnitType::None;
  PowerId start_power = kNoPower;
  Coast start_coast = Coast::None;
  LocationId first_coast = kNoLocation;  // first coast child, if split
  u8 coast_count = 0;                    // 0, or 2 for split-coast provinces
  PowerId not_colony_for = kNoPower;     // Hong Kong: never a colony for China
  PowerId region = kNoPower;             // home country it lies in, as the board colours it
};

struct LocationInfo {
  ProvinceId province = kNoProvince;
  Coast coast = Coast::None;
};

struct PowerInfo {
  char name[16] = {};       // "Britain"
  char adjective[16] = {};  // "British"
  char letter = '?';        // one-letter cue for colour-blind play
};

// How two locations are joined. Bridges and canals are drawn differently and
// the canal is only usable under the canal rule.
enum class LinkKind : u8 { Normal = 0, Bridge, Canal };

struct Link {
  LocationId a = kNoLocation;  // for army links the province ids
  LocationId b = kNoLocation;
  bool army = false;
  bool fleet = false;
  LinkKind kind = LinkKind::Normal;
  i16 option = -1;           // index into options(); -1 = always present
  bool option_value = true;  // present when the option has this value
};

// A point used to draw the board (longitude, latitude in degrees). The first
// anchor of a location is where its unit and label go; more shape it.
struct Anchor {
  LocationId location = kNoLocation;
  float lon = 0;
  float lat = 0;
};

struct MapOption {
  char name[24] = {};
  char description[96] = {};
  bool default_on = false;
};

// A canal joins two seas through a land province whose holder controls it.
struct Canal {
  char name[24] = {};
  LocationId sea_a = kNoLocation;
  LocationId sea_b = kNoLocation;
  ProvinceId via = kNoProvince;
};

struct Railroad {
  char name[24] = {};
  PowerId owner = kNoPower;  // only this power may use it
  FixedVector<ProvinceId, kMaxRailroadLength> stations;
};

// A named set-up: the units on the board and the supply centres each power
// owns at the start (its home centres: where the 1995 rules let it build).
// A map's `home=`/`unit=` flags are its set-up "standard"; `setup NAME`
// blocks add more (docs/MAP-FORMAT.md).
inline constexpr int kMaxSetups = 6;
struct StartUnit {
  UnitType type = UnitType::None;
  PowerId power = kNoPower;
  Coast coast = Coast::None;
};
struct Setup {
  char name[24] = {};
  char description[96] = {};
  StartUnit units[kMaxProvinces];  // by province
  PowerId centres[kMaxProvinces];  // owner at the start, by province
  Setup() {
    for (PowerId& c : centres) c = kNoPower;
  }
};

enum class LookupStatus : u8 { Found, NotFound, Ambiguous };

// Provinces one ambiguous name may stand for ("MAN": four on the Colonial board).
inline constexpr int kMaxNameCandidates = 4;

struct ProvinceLookup {
  LookupStatus status = LookupStatus::NotFound;
  ProvinceId province = kNoProvince;
  FixedVector<ProvinceId, kMaxNameCandidates> candidates;  // when ambiguous
};

struct MapError {
  int line = 0;  // 1-based line in the map text, 0 for whole-map checks
  FixedString<160> message;
};

struct MapErrors {
  FixedString<64> file;
  FixedVector<MapError, 16> errors;
  int dropped = 0;  // errors beyond capacity
  bool ok() const { return errors.empty(); }
  // "colonial.map:12: unknown province 'XYZ'" lines joined by '\n'.
  template <int N>
  void format(FixedString<N>& out) const {
    for (const MapError& e : errors) {
      out.append(file.view());
      out.append(':');
      out.append_int(e.line);
      out.append(": ");
      out.append(e.message.view());
      out.append('\n');
    }
    if (dropped) {
      out.append("... and ");
      out.append_int(dropped);
      out.append(" more errors\n");
    }
  }
};

class Map {
 public:
  // --- identity
  std::string_view name() const { return name_; }
  // The file it was read from, as named to load_map (a map built in: its
  // name): a record of a game on a board file names that file as its
  // variant, and is read back with the map read from it.
  std::string_view file_name() const { return file_name_; }
  // First year and calendar style named in the map file ("seasons" or
  // "biennial"); the game may override the calendar by rule option.
  int start_year() const { return start_year_; }
  bool biennial_calendar() const { return biennial_; }
  int victory_colonies() const { return victory_; }

  // --- provinces, locations, powers
  int province_count() const { return province_count_; }
  int location_count() const { return location_count_; }
  int power_count() const { return power_count_; }
  int colony_count() const { return colony_count_; }
  const ProvinceInfo& province(ProvinceId p) const {
    COLONIAL_ASSERT(p < province_count_);
    return provinces_[p];
  }
  const LocationInfo& location(LocationId l) const {
    COLONIAL_ASSERT(l < location_count_);
    return locations_[l];
  }
  const PowerInfo& power(PowerId p) const {
    COLONIAL_ASSERT(p < power_count_);
    return powers_[p];
  }
  ProvinceId province_of(LocationId l) const { return location(l).province; }
  Coast coast_of(LocationId l) const { return location(l).coast; }
  bool has_coasts(ProvinceId p) const { return province(p).coast_count > 0; }
  // The location of coast c of p (Coast::None = the province itself);
  // kNoLocation if p has no such coast.
  LocationId location_of(ProvinceId p, Coast c) const;
  // True if a unit of type t may stand on location l.
  bool can_stand(UnitType t, LocationId l) const;

  // --- adjacency under the current options
  const ProvinceSet& army_neighbours(ProvinceId p) const {
    COLONIAL_ASSERT(p < province_count_);
    return army_adj_[p];
  }
  const LocationSet& fleet_neighbours(LocationId l) const {
    COLONIAL_ASSERT(l < location_count_);
    return fleet_adj_[l];
  }
  bool army_adjacent(ProvinceId a, ProvinceId b) const { return army_neighbours(a).test(b); }
  bool fleet_adjacent(LocationId a, LocationId b) const { return fleet_neighbours(a).test(b); }
  // True if a fleet at `from` can move to some coast of province `to`.
  bool fleet_reaches(LocationId from, ProvinceId to) const { return fleet_reach(from).test(to); }
  // True if a unit of type t at `from` can move to province `to` by itself
  // (the test for support: rule 6.234). Inline: asked for every support.
  bool unit_reaches(UnitType t, LocationId from, ProvinceId to) const {
    if (t == UnitType::Army) return army_neighbours(province_of(from)).test(to);
    return t == UnitType::Fleet && fleet_reaches(from, to);
  }
  // The seas next to province p by any of its coasts (or by itself), as
  // fleets reach them under the current options: where a convoy from or to
  // p begins or ends.
  const ProvinceSet& seas_touching(ProvinceId p) const {
    COLONIAL_ASSERT(p < province_count_);
    return seas_touching_[p];
  }
  // The provinces a fleet at location l moves to (by any of their coasts).
  const ProvinceSet& fleet_reach(LocationId l) const {
    COLONIAL_ASSERT(l < location_count_);
    return fleet_reach_[l];
  }
  // Every sea province, and every coastal land province.
  const ProvinceSet& sea_provinces() const { return sea_provinces_; }
  const ProvinceSet& coastal_provinces() const { return coastal_provinces_; }
  // The colonies (supply centres) in province order: what every count of
  // colonies runs over.
  std::span<const ProvinceId> colony_provinces() const {
    return {colony_provinces_, static_cast<std::size_t>(colony_province_count_)};
  }
  // The colonies that never count for one power (Hong Kong for China:
  // ProvinceInfo::not_colony_for), in province order.
  std::span<const ProvinceId> colonies_not_for_all() const {
    return {colonies_not_for_all_, static_cast<std::size_t>(colonies_not_for_all_count_)};
  }
  // Calls f(q) for the province q of every fleet link out of p, from each of
  // p's coasts (or from p itself when it has none); q may come more than once.
  template <typename F>
  void for_each_fleet_neighbour_province(ProvinceId p, F&& f) const {
    const ProvinceInfo& info = province(p);
    const int places = info.coast_count ? info.coast_count : 1;
    for (int i = 0; i < places; ++i) {
      const LocationId l = info.coast_count ? static_cast<LocationId>(info.first_coast + i) : p;
      fleet_neighbours(l).for_each([&](int m) { f(province_of(static_cast<LocationId>(m))); });
    }
  }

  // --- names. Lookups are case-insensitive and ignore dots, so "AND.S",
  // "and.s" and "ANDS" are one name; runs of spaces count as one space.
  ProvinceLookup find_province(std::string_view name) const;
  PowerId find_power(std::string_view name) const;
  // Alias i as written in the map file, and the province it names (or the
  // power, for power aliases).
  std::string_view alias(int i) const { return alias_text(i); }
  ProvinceId alias_province(int i) const { return aliases_[i].is_power ? kNoProvince : aliases_[i].province; }
  PowerId alias_power(int i) const { return aliases_[i].is_power ? aliases_[i].province : kNoPower; }
  // Every alias of province p, calls f(std::string_view).
  template <typename F>
  void for_each_alias(ProvinceId p, F&& f) const {
    for (int i = 0; i < alias_count_; ++i)
      if (!aliases_[i].is_power && aliases_[i].province == p) f(alias_text(i));
  }
  int alias_count() const { return alias_count_; }

  // --- options (board editions)
  int option_count() const { return option_count_; }
  const MapOption& option(int i) const {
    COLONIAL_ASSERT(i >= 0 && i < option_count_);
    return options_[i];
  }
  int find_option(std::string_view name) const;  // -1 if none
  // Bit i of the mask = option i on.
  u32 default_options() const;
  u32 options() const { return option_mask_; }
  // Recomputes adjacency for the given option mask.
  void set_options(u32 mask);

  // --- set-ups: the map's own is set-up 0, the current one until
  // set_setup() chooses another; ProvinceInfo::home and the starting units
  // answer for the current one.
  int setup_count() const { return setup_count_; }
  const Setup& setup(int i) const {
    COLONIAL_ASSERT(i >= 0 && i < setup_count_);
    return setups_[i];
  }
  int find_setup(std::string_view name) const;  // -1 if none
  int current_setup() const { return setup_; }
  void set_setup(int i);

  // --- special features
  int link_count() const { return link_count_; }
  const Link& link(int i) const {
    COLONIAL_ASSERT(i >= 0 && i < link_count_);
    return links_[i];
  }
  // True if link i is present under the current options.
  bool link_active(int i) const;
  int canal_count() const { return canal_count_; }
  const Canal& canal(int i) const {
    COLONIAL_ASSERT(i >= 0 && i < canal_count_);
    return canals_[i];
  }
  int railroad_count() const { return railroad_count_; }
  const Railroad& railroad(int i) const {
    COLONIAL_ASSERT(i >= 0 && i < railroad_count_);
    return railroads_[i];
  }
  int anchor_count() const { return anchor_count_; }
  const Anchor& anchor(int i) const {
    COLONIAL_ASSERT(i >= 0 && i < anchor_count_);
    return anchors_[i];
  }
  // The first anchor of a location (its unit/label point), or nullptr.
  const Anchor* unit_anchor(LocationId l) const;

  // --- home countries: the provinces the printed board colours as each
  // power's empire (2.12), its starting colonies among them; for the board's
  // tints and the two-player game's closed Russia (12.1).
  const ProvinceSet& home_country(PowerId p) const { return home_country_[p]; }
  PowerId home_country_of(ProvinceId p) const { return provinces_[p].region; }
  // The colonies that are p's home colonies under the current set-up
  // (ProvinceInfo::home): where it builds (8.323). Made by set_setup.
  const ProvinceSet& home_colonies(PowerId p) const {
    COLONIAL_ASSERT(p < kMaxPowers);
    return home_colonies_[p];
  }

  int impassable_count() const { return impassable_count_; }
  // Borders drawn on the board that no unit may cross (Nepal-Tibet).
  void impassable(int i, ProvinceId& a, ProvinceId& b) const {
    a = impassable_[i][0];
    b = impassable_[i][1];
  }

 private:
  friend class MapLoader;
  friend bool load_map(std::string_view text, std::string_view file_name, Map& out, MapErrors& errors);
  struct Alias {
    u16 offset = 0;  // the alias as written in the map file
    u8 length = 0;
    u16 norm_offset = 0;  // its normalised form (see normalize_name)
    u8 norm_length = 0;
    ProvinceId province = kNoProvince;  // or power id for power aliases
    bool is_power = false;
  };
  std::string_view alias_text(int i) const { return {alias_pool_ + aliases_[i].offset, aliases_[i].length}; }

  char name_[32] = {};
  char file_name_[256] = {};
  int start_year_ = 1901;
  bool biennial_ = false;
  int victory_ = 18;
  int province_count_ = 0;
  int location_count_ = 0;
  int power_count_ = 0;
  int colony_count_ = 0;
  ProvinceInfo provinces_[kMaxProvinces];
  LocationInfo locations_[kMaxLocations];
  PowerInfo powers_[kMaxPowers];

  Link links_[kMaxProvinces * 4];
  int link_count_ = 0;
  ProvinceSet army_adj_[kMaxProvinces];
  LocationSet fleet_adj_[kMaxLocations];
  ProvinceSet seas_touching_[kMaxProvinces];  // made with the adjacency (set_options)
  ProvinceSet sea_provinces_, coastal_provinces_;
  ProvinceSet fleet_reach_[kMaxLocations];  // made with the adjacency (set_options)
  bool adjacency_made_ = false;             // for option_mask_ and the links as they are
  ProvinceId colony_provinces_[kMaxProvinces];
  int colony_province_count_ = 0;
  ProvinceId colonies_not_for_all_[kMaxProvinces];
  int colonies_not_for_all_count_ = 0;

  Alias aliases_[kMaxAliases];
  int alias_count_ = 0;
  char alias_pool_[kAliasPoolBytes] = {};
  int alias_pool_used_ = 0;
  struct Ambiguous {
    u16 offset = 0;
    u8 length = 0;
    FixedVector<ProvinceId, kMaxNameCandidates> candidates;
  };
  Ambiguous ambiguous_[kMaxAmbiguousAliases];
  int ambiguous_count_ = 0;

  MapOption options_[kMaxMapOptions];
  int option_count_ = 0;
  u32 option_mask_ = 0;
  Canal canals_[kMaxCanals];
  int canal_count_ = 0;
  Railroad railroads_[2];
  int railroad_count_ = 0;
  Anchor anchors_[kMaxAnchors];
  int anchor_count_ = 0;
  ProvinceId impassable_[kMaxImpassable][2] = {};
  ProvinceSet home_country_[kMaxPowers];
  ProvinceSet home_colonies_[kMaxPowers];
  int impassable_count_ = 0;
  Setup setups_[kMaxSetups];
  int setup_count_ = 0;
  int setup_ = 0;
};

// Parses map text into `out` (which is reset first) and checks it: symmetric
// and consistent links, coasts, unknown names, duplicate aliases, counts. On
// failure returns false and fills `errors`; `out` is then unusable. The map
// is left with its default options applied.
bool load_map(std::string_view text, std::string_view file_name, Map& out, MapErrors& errors);

// The maps compiled into the binary from assets/maps/. Returns an empty view
// for an unknown name. Names: "colonial", "standard".
std::string_view builtin_map_text(std::string_view name);

// Normalises a name for lookup: lower case, dots removed, runs of white space
// folded to one space, trimmed. Writes at most cap-1 chars + NUL to out and
// returns the length.
int normalize_name(std::string_view in, char* out, int cap);

// "nc", "sc", "ec", "wc" (any case) as a Coast; Coast::None otherwise.
Coast coast_from_text(std::string_view s);

// True if a and b are equal ignoring ASCII case.
bool equals_ignore_case(std::string_view a, std::string_view b);

// A board option's value as records and command lines write it: "on" or
// "off" into `on`; false for any other word.
bool on_off_from_text(std::string_view word, bool& on);

}  // namespace colonial
