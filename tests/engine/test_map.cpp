// The map model and loader: the Colonial board's facts (rulebook section 2,
// the errata, the reference tables), the Standard board, and the loader's
// answers to broken files.
#include <doctest/doctest.h>

#include <cstring>

#include "map.h"
#include "map_fixture.h"

using namespace colonial;
using colonial::test::builtin_map;

namespace {

ProvinceId id(const Map& m, const char* name) {
  ProvinceLookup l = m.find_province(name);
  REQUIRE_MESSAGE(l.status == LookupStatus::Found, name);
  return l.province;
}

int count_links(const Map& m, bool army) {
  int n = 0;
  if (army) {
    for (int p = 0; p < m.province_count(); ++p) n += m.army_neighbours(static_cast<ProvinceId>(p)).count();
  } else {
    for (int l = 0; l < m.location_count(); ++l) n += m.fleet_neighbours(static_cast<LocationId>(l)).count();
  }
  return n / 2;
}

// Loads a map into static storage (Maps are large) and returns the errors.
MapErrors load_text(std::string_view text, bool& ok) {
  static Map m;
  MapErrors errors;
  ok = load_map(text, "test.map", m, errors);
  return errors;
}

bool has_error(const MapErrors& e, int line, const char* fragment) {
  for (const MapError& x : e.errors)
    if (x.line == line && std::strstr(x.message.c_str(), fragment)) return true;
  return false;
}

}  // namespace

TEST_CASE("Colonial board: provinces, colonies and home colonies") {
  const Map& m = builtin_map("colonial");
  CHECK(m.province_count() == 119);
  int land = 0, coast = 0, sea = 0, homes = 0, units = 0;
  for (int p = 0; p < m.province_count(); ++p) {
    const ProvinceInfo& info = m.province(static_cast<ProvinceId>(p));
    land += info.kind == ProvinceKind::Land;
    coast += info.kind == ProvinceKind::Coast;
    sea += info.kind == ProvinceKind::Sea;
    homes += info.home != kNoPower;
    units += info.start_unit != UnitType::None;
  }
  CHECK(land == 32);
  CHECK(coast == 60);
  CHECK(sea == 27);
  CHECK(m.colony_count() == 58);
  CHECK(homes == 29);
  CHECK(units == 29);
  CHECK(m.power_count() == 7);
  CHECK(m.start_year() == 1870);
  // Errata: Kyoto is a Japanese home colony, Constantinople is Turkish.
  CHECK(m.province(id(m, "KYO")).home == m.find_power("Japan"));
  CHECK(m.province(id(m, "CON")).home == m.find_power("Turkey"));
  // Hong Kong: British home colony that never counts for China (rule 9.1).
  CHECK(m.province(id(m, "HK")).home == m.find_power("Britain"));
  CHECK(m.province(id(m, "HK")).not_colony_for == m.find_power("China"));
}

TEST_CASE("Colonial board: split coasts are exactly Arabia, Bangkok and Seoul") {
  const Map& m = builtin_map("colonial");
  int split = 0;
  for (int p = 0; p < m.province_count(); ++p) split += m.has_coasts(static_cast<ProvinceId>(p));
  CHECK(split == 3);
  CHECK(m.location_of(id(m, "Arabia"), Coast::North) != kNoLocation);
  CHECK(m.location_of(id(m, "Arabia"), Coast::South) != kNoLocation);
  CHECK(m.location_of(id(m, "Bangkok"), Coast::East) != kNoLocation);
  CHECK(m.location_of(id(m, "Bangkok"), Coast::West) != kNoLocation);
  CHECK(m.location_of(id(m, "Seoul"), Coast::East) != kNoLocation);
  CHECK(m.location_of(id(m, "Seoul"), Coast::West) != kNoLocation);
  CHECK_FALSE(m.has_coasts(id(m, "Egypt")));
  CHECK_FALSE(m.has_coasts(id(m, "Cebu")));
  // 2.155: from the Sea of Japan a fleet reaches Seoul's east coast only.
  LocationId soj = id(m, "SOJ");
  CHECK(m.fleet_adjacent(soj, m.location_of(id(m, "SEO"), Coast::East)));
  CHECK_FALSE(m.fleet_adjacent(soj, m.location_of(id(m, "SEO"), Coast::West)));
}

TEST_CASE("Colonial board: link counts of the recommended edition") {
  const Map& m = builtin_map("colonial");
  // Reference tables: 170 army links and 210 fleet links counting coasts.
  CHECK(count_links(m, true) == 170);
  CHECK(count_links(m, false) == 210);
  for (int p = 0; p < m.province_count(); ++p)
    for (int q = 0; q < m.province_count(); ++q)
      CHECK(m.army_adjacent(static_cast<ProvinceId>(p), static_cast<ProvinceId>(q)) ==
            m.army_adjacent(static_cast<ProvinceId>(q), static_cast<ProvinceId>(p)));
}

TEST_CASE("Colonial board: special places") {
  const Map& m = builtin_map("colonial");
  // 2.153 Nepal-Tibet impassable.
  CHECK_FALSE(m.army_adjacent(id(m, "NEP"), id(m, "TIB")));
  REQUIRE(m.impassable_count() == 1);
  // 2.154 Egypt is one coastal space touching both seas; the canal is no link.
  ProvinceId egy = id(m, "EGY"), med = id(m, "MED"), red = id(m, "RS");
  CHECK(m.fleet_adjacent(egy, med));
  CHECK(m.fleet_adjacent(egy, red));
  CHECK_FALSE(m.fleet_adjacent(med, red));
  REQUIRE(m.canal_count() == 1);
  CHECK(m.canal(0).via == egy);
  // 2.152 Cebu: land bridges to Manila and Davao, fleets to six spaces.
  ProvinceId ceb = id(m, "CEBU");
  CHECK(m.army_adjacent(ceb, id(m, "MNA")));
  CHECK(m.army_adjacent(ceb, id(m, "DAV")));
  CHECK_FALSE(m.army_adjacent(id(m, "MNA"), id(m, "DAV")));
  CHECK(m.fleet_neighbours(ceb).count() == 6);
  // 2.151 land bridges move armies and fleets.
  CHECK(m.army_adjacent(id(m, "MAL"), id(m, "SIN")));
  CHECK(m.fleet_adjacent(id(m, "MAL"), id(m, "SIN")));
  // 9.2 the railroad, in order.
  REQUIRE(m.railroad_count() == 1);
  const Railroad& tsr = m.railroad(0);
  const char* line[] = {"MOS", "PRM", "OMS", "KRA", "IRK", "VLA"};
  REQUIRE(tsr.stations.size() == 6);
  for (int i = 0; i < 6; ++i) CHECK(tsr.stations[i] == id(m, line[i]));
  CHECK(tsr.owner == m.find_power("Russia"));
}

TEST_CASE("Colonial board editions are options") {
  static Map m;
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", m, errors));
  ProvinceId ota = id(m, "OTA"), sak = id(m, "SAK"), aki = id(m, "AKI"), vla = id(m, "VLA");
  // Default: the errata bridge only.
  CHECK(m.army_adjacent(ota, sak));
  CHECK_FALSE(m.army_adjacent(aki, ota));
  CHECK_FALSE(m.army_adjacent(vla, sak));
  int errata = m.find_option("otaru_sakhalin"), moulmein = m.find_option("moulmein"),
      designer = m.find_option("vladivostok_sakhalin");
  REQUIRE(errata >= 0);
  REQUIRE(moulmein >= 0);
  REQUIRE(designer >= 0);
  // First print: Sakhalin touches only the Okhotsk Sea.
  m.set_options(0);
  CHECK(m.army_neighbours(sak).empty());
  CHECK(m.fleet_neighbours(sak).count() == 1);
  m.set_options((1u << errata) | (1u << moulmein));
  CHECK(m.army_adjacent(aki, ota));
  CHECK(m.fleet_adjacent(aki, ota));
  m.set_options(1u << designer);
  CHECK(m.army_adjacent(vla, sak));
  CHECK_FALSE(m.army_adjacent(ota, sak));
}

TEST_CASE("Colonial names: rulebook abbreviations, judge codes, full names, any case") {
  const Map& m = builtin_map("colonial");
  struct Case {
    const char* name;
    const char* code;
  } cases[] = {
      {"AND.S", "AND"},    {"SUL.S.", "SUL"}, {"N.SAM", "SIA"},     {"P.ART", "POR"},
      {"U.BUR", "BUR"},    {"HK", "HON"},     {"LP", "LOW"},        {"MP", "MID"},
      {"AS", "AND"},       {"PG", "PGF"},     {"RS", "RED"},        {"JS", "JVS"},
      {"YS", "YEL"},       {"UP", "UPP"},     {"SOJ", "SOJ"},       {"BOB", "BOB"},
      {"GOM", "GOM"},      {"ARA.S", "ARS"},  {"SUN.S", "SUN"},     {"sun.s.", "SUN"},
      {"ANDS", "AND"},     {"part", "POR"},   {"Hong Kong", "HON"}, {"bay of  bengal", "BOB"},
      {"SIG", "SIN"},      {"GUI", "NEW"},    {"PRS", "PER"},       {"Abysinnia", "ABY"},
      {"Nanchang", "NAN"}, {"MEDS", "MED"},   {"omsk", "OMS"},      {"JAVA", "JAV"},
      {"CEBU", "CEB"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    ProvinceLookup l = m.find_province(c.name);
    REQUIRE(l.status == LookupStatus::Found);
    CHECK(std::strcmp(m.province(l.province).code, c.code) == 0);
  }
  // Section 13: the rulebook prints these abbreviations.
  CHECK(std::strcmp(m.province(id(m, "HON")).abbrev, "HK") == 0);
  CHECK(std::strcmp(m.province(id(m, "AND")).abbrev, "AND.S") == 0);
  // Ambiguous names are reported, never guessed.
  ProvinceLookup man = m.find_province("MAN");
  CHECK(man.status == LookupStatus::Ambiguous);
  CHECK(man.candidates.size() == 4);
  CHECK(m.find_province("XYZZY").status == LookupStatus::NotFound);
  CHECK(m.find_power("British") == m.find_power("Britain"));
  CHECK(m.find_power("Turk.") == m.find_power("Turkey"));
  CHECK(m.find_power("dutch") == m.find_power("Holland"));
  CHECK(m.find_power("Atlantis") == kNoPower);
}

TEST_CASE("Standard board") {
  const Map& m = builtin_map("standard");
  CHECK(m.province_count() == 75);
  CHECK(m.colony_count() == 34);
  CHECK(m.power_count() == 7);
  CHECK(m.has_coasts(id(m, "STP")));
  CHECK(m.has_coasts(id(m, "SPA")));
  CHECK(m.has_coasts(id(m, "BUL")));
  CHECK(m.fleet_adjacent(id(m, "KIE"), id(m, "BAL")));
  CHECK(m.fleet_adjacent(id(m, "KIE"), id(m, "HEL")));
  CHECK(m.army_adjacent(id(m, "KIE"), id(m, "MUN")));
  CHECK_FALSE(m.fleet_adjacent(id(m, "KIE"), id(m, "MUN")));
  // Army-only coastal link.
  CHECK(m.army_adjacent(id(m, "ANK"), id(m, "SMY")));
  CHECK_FALSE(m.fleet_adjacent(id(m, "ANK"), id(m, "SMY")));
}

TEST_CASE("Loader reports errors with line numbers") {
  bool ok = true;
  MapErrors e = load_text(
      "map Test\n"
      "power Red Reddish R\n"
      "province AAA land \"Alpha\" home=Red unit=A\n"
      "province BBB sea \"Beta\"\n"
      "link AAA BBB army\n"
      "link AAA CCC army\n"
      "frobnicate\n",
      ok);
  CHECK_FALSE(ok);
  CHECK(has_error(e, 5, "army link cannot touch a sea"));
  CHECK(has_error(e, 6, "unknown province 'CCC'"));
  CHECK(has_error(e, 7, "unknown statement"));
  FixedString<1024> text;
  e.format(text);
  CHECK(std::strstr(text.c_str(), "test.map:6:") != nullptr);
}

TEST_CASE("Loader: duplicate aliases, asymmetric or doubled links, bad coasts") {
  bool ok = true;
  MapErrors e = load_text(
      "map T\n"
      "power Red Reddish R\n"
      "province AAA coast \"Alpha\" home=Red unit=F\n"
      "province BBB coast \"Beta\" coasts=nc,sc\n"
      "province CCC sea \"Gamma\"\n"
      "alias AAA X\n"
      "alias BBB X\n"
      "link AAA BBB both\n"
      "link AAA CCC fleet\n"
      "link CCC AAA fleet\n"
      "link BBB/xc CCC fleet\n",
      ok);
  CHECK_FALSE(ok);
  CHECK(has_error(e, 7, "already names another province"));
  CHECK(has_error(e, 8, "must name the coast"));
  CHECK(has_error(e, 10, "written twice"));
  CHECK(has_error(e, 11, "no such coast"));
}

TEST_CASE("Home countries: the region statement, as the board colours them") {
  const Map& m = builtin_map("colonial");
  const PowerId russia = m.find_power("Russia"), china = m.find_power("China");
  // Every starting colony lies in its power's home country.
  for (int p = 0; p < m.province_count(); ++p) {
    const ProvinceInfo& info = m.province(static_cast<ProvinceId>(p));
    if (info.home != kNoPower) CHECK(m.home_country(info.home).test(p));
    if (info.kind == ProvinceKind::Sea) CHECK(m.home_country_of(static_cast<ProvinceId>(p)) == kNoPower);
  }
  // 2.14: "Some countries have provinces that are not controlled at the
  // start of the game (e.g., Tashkent and Kashgar)".
  CHECK(m.home_country_of(id(m, "TAS")) == russia);
  CHECK(m.home_country_of(id(m, "KAG")) == china);
  CHECK(m.home_country_of(id(m, "PRM")) == russia);  // land with no colony
  CHECK(m.home_country_of(id(m, "SEO")) == kNoPower);
  CHECK(m.home_country(russia).count() == 14);
  // No province is in two.
  int total = 0;
  for (PowerId w = 0; w < m.power_count(); ++w) total += m.home_country(w).count();
  int in_some = 0;
  for (int p = 0; p < m.province_count(); ++p) in_some += m.home_country_of(static_cast<ProvinceId>(p)) != kNoPower;
  CHECK(total == in_some);
  const Map& s = builtin_map("standard");
  CHECK(s.home_country(s.find_power("England")).count() == 6);
  CHECK(s.home_country_of(id(s, "RUH")) == s.find_power("Germany"));

  // Bad region lines are reported.
  bool ok = true;
  MapErrors e = load_text(
      "map T\n"
      "power Red Reddish R\n"
      "power Blue Bluish B\n"
      "province AAA land \"Alpha\" home=Red unit=A\n"
      "province BBB land \"Beta\"\n"
      "province CCC sea \"Gamma\"\n"
      "link AAA BBB army\n"
      "region Blue AAA\n"
      "region Red CCC\n"
      "region Green BBB\n"
      "region Red BBB\n"
      "region Blue BBB\n",
      ok);
  CHECK_FALSE(ok);
  CHECK(has_error(e, 8, "another power's home colony"));
  CHECK(has_error(e, 9, "a sea is in no home country"));
  CHECK(has_error(e, 10, "unknown power"));
  CHECK(has_error(e, 12, "already in another region"));
}

TEST_CASE("Loader survives any input") {
  static char buf[4096];
  unsigned seed = 12345;
  std::string_view base = builtin_map_text("colonial");
  for (int round = 0; round < 300; ++round) {
    // Mutate a slice of the real map: flip, delete and insert bytes.
    std::size_t start = (seed = seed * 1103515245u + 12345u) % (base.size() - sizeof buf);
    std::memcpy(buf, base.data() + start, sizeof buf);
    for (int k = 0; k < 20; ++k) {
      seed = seed * 1103515245u + 12345u;
      buf[(seed >> 8) % sizeof buf] = static_cast<char>(seed >> 24);
    }
    bool ok = true;
    MapErrors e = load_text(std::string_view(buf, sizeof buf), ok);
    // A rejected map always says why; an accepted one has no errors.
    CHECK(ok == e.ok());
    CHECK((ok || !e.errors.empty()));
  }
}

TEST_CASE("Colonial board: every location has a drawing anchor on the board's region") {
  const Map& m = builtin_map("colonial");
  for (int l = 0; l < m.location_count(); ++l) {
    const Anchor* a = m.unit_anchor(static_cast<LocationId>(l));
    INFO(m.province(m.province_of(static_cast<LocationId>(l))).code);
    REQUIRE(a != nullptr);
    // Turkey and Egypt to Japan and New Guinea.
    CHECK(a->lon > 24.0f);
    CHECK(a->lon < 160.0f);
    CHECK(a->lat > -15.0f);
    CHECK(a->lat < 72.0f);
  }
}
