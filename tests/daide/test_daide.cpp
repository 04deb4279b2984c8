// The DAIDE wire format, the tokens and the map as DAIDE clients see it:
// the MDF of both boards read back gives the same provinces, centres and
// adjacencies as the engine's map.
#include <doctest/doctest.h>

#include <memory>

#include "representation.h"
#include "tokens.h"
#include "wire.h"

using namespace colonial;
using namespace colonial::daide;

namespace {

std::unique_ptr<Map> load(std::string_view name) {
  auto map = std::make_unique<Map>();
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text(name), name, *map, errors));
  return map;
}

std::string place_name(const Representation& rep, LocationId l) {
  const Map& map = rep.map();
  std::string n(rep.names().name(rep.province_token(map.province_of(l))));
  if (map.coast_of(l) != Coast::None) n += " " + std::string(rep.names().name(coast_token(map.coast_of(l))));
  return n;
}

// The MDF, read back with the names a client learns from the RM, says what
// the engine's map says.
void check_round_trip(const Map& map) {
  Representation rep;
  rep.build(map);
  TokenNames client;
  REQUIRE(client.set_from_representation(rep.representation_data()));
  MapDefinition def;
  std::string why;
  REQUIRE_MESSAGE(read_map_definition(client, rep.map_definition(), def, why), why);
  CHECK(def.powers.size() == static_cast<std::size_t>(map.power_count()));
  CHECK(def.centres.size() + def.others.size() == static_cast<std::size_t>(map.province_count()));
  for (ProvinceId p = 0; p < map.province_count(); ++p) {
    const std::string name(client.name(rep.province_token(p)));
    INFO(map.province(p).code, " as ", name);
    CHECK(def.centres.count(name) == (map.province(p).colony ? 1u : 0u));
    if (map.province(p).colony && map.province(p).home < map.power_count()) {
      const std::string home(client.name(rep.power_token(map.province(p).home)));
      CHECK(def.centres[name] == std::set<std::string>{home});
    }
    std::set<std::string> armies;
    map.army_neighbours(p).for_each(
        [&](int q) { armies.insert(std::string(client.name(rep.province_token(static_cast<ProvinceId>(q))))); });
    if (map.province(p).kind != ProvinceKind::Sea) CHECK(def.adjacency[name]["AMY"] == armies);
    const ProvinceInfo& info = map.province(p);
    for (int i = 0; i < (info.coast_count ? info.coast_count : 1); ++i) {
      if (!info.coast_count && info.kind == ProvinceKind::Land) break;
      const LocationId l = info.coast_count ? static_cast<LocationId>(info.first_coast + i) : p;
      std::set<std::string> fleets;
      map.fleet_neighbours(l).for_each([&](int m) { fleets.insert(place_name(rep, static_cast<LocationId>(m))); });
      const std::string kind =
          info.coast_count ? "FLT " + std::string(client.name(coast_token(map.coast_of(l)))) : "FLT";
      CHECK(def.adjacency[name][kind] == fleets);
    }
  }
}

}  // namespace

TEST_CASE("frames: written, cut from a stream fed a byte at a time, read back") {
  Builder b;
  b.add(tok::HLO).open().add(make_token(kCategoryPower, 1)).close().text("hi").number(-5);
  Bytes stream = encode_initial();
  const Bytes dm = encode_message(b.tokens);
  stream.insert(stream.end(), dm.begin(), dm.end());
  FrameReader reader;
  std::vector<Frame> frames;
  for (std::uint8_t byte : stream) {
    reader.feed(&byte, 1);
    Frame f;
    while (reader.next(f)) frames.push_back(f);
  }
  REQUIRE(frames.size() == 2);
  CHECK(frames[0].type == 0);
  CHECK(check_initial(frames[0].data) == ProtocolError::None);
  Tokens back;
  REQUIRE(decode_tokens(frames[1].data, back));
  CHECK(back == b.tokens);
  CHECK(integer_value(back.back()) == -5);
  CHECK(reader.buffered() == 0);
}

TEST_CASE("the initial message's checks: byte order, magic number, version") {
  const Bytes swapped = {0x01, 0x00, 0x10, 0xDA};
  CHECK(check_initial(swapped) == ProtocolError::WrongEndian);
  CHECK(check_initial(Bytes{0x00, 0x01, 0xBE, 0xEF}) == ProtocolError::WrongMagic);
  CHECK(check_initial(Bytes{0x00, 0x02, 0xDA, 0x10}) == ProtocolError::Version);
  CHECK(check_initial(Bytes{0x00, 0x01}) == ProtocolError::TooShort);
  CHECK(check_initial(Bytes{0x00, 0x01, 0xDA, 0x10}) == ProtocolError::None);
}

TEST_CASE("brackets, HUH's ERR and text round trips") {
  TokenNames names;
  names.set_standard();
  Tokens t;
  REQUIRE(names.parse("SUB ( ( ENG AMY LVP ) MTO YOR ) ( ( ENG FLT ( STP NCS ) ) HLD )", t));
  CHECK(balanced(t));
  CHECK(names.format(t) == "SUB ( ( ENG AMY LVP ) MTO YOR ) ( ( ENG FLT ( STP NCS ) ) HLD )");
  CHECK_FALSE(balanced(Tokens{tok::BRA, tok::BRA, tok::KET}));
  CHECK_FALSE(balanced(Tokens{tok::KET, tok::BRA}));
  CHECK(names.format(huh(Tokens{tok::NOW, tok::NOW}, 1)) == "HUH ( NOW ERR NOW )");
  REQUIRE(names.parse("NME ( 'DumbBot' ) ( '1.0' )", t));
  Reader r(t);
  std::string name, version;
  CHECK((r.take(tok::NME) && r.text(name) && r.text(version) && r.at_end()));
  CHECK(name == "DumbBot");
  CHECK(version == "1.0");
}

TEST_CASE("the Standard board keeps the protocol's numbers and names, and sends no RM") {
  const auto map = load("standard");
  Representation rep;
  rep.build(*map);
  CHECK(rep.standard());
  CHECK(rep.map_name() == "STANDARD");
  CHECK(rep.representation_data().empty());
  const ProvinceLookup channel = map->find_province("ENG");
  CHECK(rep.names().name(rep.province_token(channel.province)) == "ECH");
  CHECK(rep.province_token(map->find_province("STP").province) == 0x574A);
  CHECK(rep.power_token(map->find_power("Turkey")) == 0x4106);
}

TEST_CASE("the Colonial board gets its own representation: names free of DAIDE's tokens, numbered by category") {
  const auto map = load("colonial");
  Representation rep;
  rep.build(*map);
  CHECK_FALSE(rep.standard());
  CHECK(rep.map_name() == "COLONIAL");
  TokenNames client;
  REQUIRE(client.set_from_representation(rep.representation_data()));
  std::set<std::string> seen;
  std::set<int> numbers;
  for (ProvinceId p = 0; p < map->province_count(); ++p) {
    const std::string n(client.name(rep.province_token(p)));
    CHECK(n.size() == 3);
    CHECK_FALSE(is_reserved_name(n));
    CHECK(seen.insert(n).second);
    numbers.insert(low(rep.province_token(p)));
  }
  CHECK(numbers.size() == static_cast<std::size_t>(map->province_count()));
  CHECK(*numbers.rbegin() == map->province_count() - 1);
  // Hong Kong: an ordinary supply centre, Britain's home.
  const ProvinceId hk = map->find_province("HON").province;
  CHECK(client.name(rep.province_token(hk)) == "HON");
  CHECK(category(rep.province_token(hk)) == province_category(ProvinceCategory::Coastal, true));
  CHECK(client.name(rep.power_token(map->find_power("Holland"))) == "HOL");
}

TEST_CASE("the MDF of both boards round-trips: the same provinces, centres, homes and adjacencies") {
  SUBCASE("standard") { check_round_trip(*load("standard")); }
  SUBCASE("colonial") { check_round_trip(*load("colonial")); }
}
