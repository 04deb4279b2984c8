// The legal orders in words, as the phones' pad lists them for a screen
// reader (GET legal's "label" and "words"), in English and French from the
// real catalogs: every unit named in words, every order of it in words
// that tell it from the others, the order texts unchanged; and the words
// of each kind of order, the adjustments' and the canal's included.
#include <set>

#include "language.h"
#include "phone_languages.h"
#include "phrases.h"
#include "report.h"
#include "server_fixture.h"

using namespace colonial;
using namespace colonial::server;
using namespace colonial::server::testing;

namespace {

json legal_in(Table& t, httplib::Client& c, const char* power, const httplib::Headers& language) {
  auto r = c.Get(t.path(t.power(power), "legal"), language);
  REQUIRE(r);
  REQUIRE_MESSAGE(r->status == 200, r->body);
  return json::parse(r->body);
}

const json& unit_at(const json& legal, const char* at) {
  for (const json& u : legal["units"])
    if (u["at"] == at) return u;
  FAIL("no unit at " << at);
  return legal;
}

// The words of the order whose text is `text`, or "" when none has it.
std::string words_of(const json& unit, const std::string& text) {
  for (const json& o : unit["orders"])
    if (o["text"] == text) return o["words"];
  return "";
}

ProvinceId where(const Map& map, const char* code) {
  const ProvinceLookup found = map.find_province(code);
  REQUIRE(found.status == LookupStatus::Found);
  return found.province;
}

// A unit: whose, which kind, where.
struct Placed {
  PowerId power;
  UnitType unit;
  const char* at;
};

// An order of `unit` about `other` unit (a convoy, a canal's permission), to `to`.
Order about_other(const Map& map, OrderKind kind, const Placed& unit, const Placed& other, const char* to) {
  Order o;
  o.kind = kind;
  o.power = unit.power;
  o.unit = unit.unit;
  o.at = where(map, unit.at);
  o.other_power = other.power;
  o.other_unit = other.unit;
  o.other_at = where(map, other.at);
  o.to = where(map, to);
  return o;
}

std::string words(const Map& map, const Position& pos, const Order& o) {
  SentenceText out;
  describe_order_words(map, pos, o, out);
  return std::string(out.view());
}

}  // namespace

TEST_CASE("every unit's legal orders in words, in English and French, the order texts unchanged") {
  REQUIRE(text::use_language("en").code == "en");
  auto table = std::make_unique<Table>(10, 0, phone_languages());  // too large for the stack
  Table& t = *table;
  auto c = t.client();
  const json en = legal_in(t, c, "Russia", kEnglish), fr = legal_in(t, c, "Russia", kFrench);
  REQUIRE(en["units"].size() == 5);
  const json& moscow = unit_at(en, "mos");
  CHECK(moscow["label"] == "Army in Moscow");
  CHECK(words_of(moscow, "A mos H") == "Hold");
  CHECK(words_of(moscow, "A mos - prm") == "Move to Perm");
  CHECK(words_of(moscow, "A mos S Russian A oms - prm") == "Support the Russian army in Omsk to Perm");
  CHECK(words_of(moscow, "A mos S Russian F ode") == "Support the Russian fleet in Odessa");
  CHECK(words_of(moscow, "A mos - TSR - kra") == "Move to Krasnoyarsk by railroad");
  const json& moscou = unit_at(fr, "mos");
  CHECK(moscou["label"] == "Armée à Moscow");  // province names as printed on the board
  CHECK(words_of(moscou, "A mos H") == "Tenir");
  CHECK(words_of(moscou, "A mos - prm") == "Se déplacer vers Perm");
  CHECK(words_of(moscou, "A mos S Russian A oms - prm") == "Soutenir l'armée russe depuis Omsk vers Perm");
  CHECK(words_of(moscou, "A mos - TSR - kra") == "Se déplacer vers Krasnoyarsk par chemin de fer");
  // The same orders in both languages, in the same order: only the words differ.
  for (std::size_t i = 0; i < en["units"].size(); ++i) {
    const json &a = en["units"][i], &b = fr["units"][i];
    REQUIRE(a["orders"].size() == b["orders"].size());
    for (std::size_t k = 0; k < a["orders"].size(); ++k) CHECK(a["orders"][k]["text"] == b["orders"][k]["text"]);
  }
  // Every power's units: a label each, and words for every order that no
  // other order of the unit shares (a list must tell them apart).
  for (const char* power : {"Britain", "China", "France", "Holland", "Japan", "Russia", "Turkey"}) {
    for (const auto* language : {&kEnglish, &kFrench}) {
      const json legal = legal_in(t, c, power, *language);
      CHECK_FALSE(legal["units"].empty());
      for (const json& u : legal["units"]) {
        CHECK_FALSE(u["label"].get<std::string>().empty());
        std::set<std::string> seen;
        for (const json& o : u["orders"]) {
          const std::string w = o["words"];
          CHECK_MESSAGE(!w.empty(), o["text"]);
          CHECK_MESSAGE(seen.insert(w).second, power << ": two orders read " << w);
          CHECK_MESSAGE(w.find('{') == std::string::npos, w);  // no placeholder left unfilled
        }
      }
    }
  }
  // A fleet's label names its sea, or its coast.
  CHECK(unit_at(legal_in(t, c, "Britain", kEnglish), "hon")["label"] == "Fleet in Hong Kong");
}

TEST_CASE("the words of a retreat, the adjustments and the canal's permission, in English and French") {
  REQUIRE(text::use_language("en").code == "en");
  const std::vector<PadLanguage> languages = phone_languages();
  const PadLanguage* french = nullptr;
  for (const PadLanguage& l : languages)
    if (l.code == "fr") french = &l;
  REQUIRE(french);
  REQUIRE(french->phrases);
  auto map = std::make_unique<Map>();
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", *map, errors));
  const Map& m = *map;
  auto game = std::make_unique<Game>();
  GameSettings settings;
  settings.rules.map_options = m.default_options();
  game->start(*map, settings);
  auto pos = std::make_unique<Position>(game->position());
  const PowerId russia = m.find_power("Russia"), britain = m.find_power("Britain");

  Order retreat;
  retreat.kind = OrderKind::Retreat;
  retreat.power = russia;
  retreat.unit = UnitType::Army;
  retreat.at = where(m, "mos");
  retreat.to = where(m, "prm");
  Order disband = retreat;
  disband.kind = OrderKind::Disband;
  disband.to = kNoLocation;
  Order build;
  build.kind = OrderKind::Build;
  build.power = russia;
  build.unit = UnitType::Army;
  build.at = where(m, "kra");
  Order waive;
  waive.kind = OrderKind::Waive;
  waive.power = russia;
  const Order permit =
      about_other(m, OrderKind::CanalPermit, {russia, UnitType::Army, "egy"}, {britain, UnitType::Fleet, "med"}, "red");
  const Order convoy =
      about_other(m, OrderKind::Convoy, {britain, UnitType::Fleet, "med"}, {russia, UnitType::Army, "egy"}, "bak");

  pos->phase.kind = PhaseKind::Retreat;
  CHECK(words(m, *pos, retreat) == "Retreat to Perm");
  CHECK(words(m, *pos, disband) == "Disband");
  pos->phase.kind = PhaseKind::Movement;
  CHECK(words(m, *pos, permit) == "Let the British fleet in the Mediterranean Sea through the canal to the Red Sea");
  CHECK(words(m, *pos, convoy) == "Convoy the Russian army from Egypt to Baku");
  pos->phase.kind = PhaseKind::Adjustment;
  CHECK(words(m, *pos, disband) == "Disband the army in Moscow");  // the power's list: the unit named
  CHECK(words(m, *pos, build) == "Build an army in Krasnoyarsk");
  CHECK(words(m, *pos, waive) == "Waive a build");
  Order convert = build;  // Era of Empire: an army built where the power's fleet stands
  convert.at = where(m, "ode");
  CHECK(words(m, *pos, convert) == "Change the fleet in Odessa into an army");

  const PhrasesInUse in_french(*french->phrases);
  CHECK(words(m, *pos, disband) == "Dissoudre l'armée à Moscow");
  CHECK(words(m, *pos, build) == "Construire une armée à Krasnoyarsk");
  CHECK(words(m, *pos, waive) == "Renoncer à une construction");
  pos->phase.kind = PhaseKind::Retreat;
  CHECK(words(m, *pos, retreat) == "Faire retraite vers Perm");
  pos->phase.kind = PhaseKind::Movement;
  CHECK(words(m, *pos, convoy) == "Convoyer l'armée russe depuis Egypt vers Baku");
}
