// The game's endings on the game master's tablet in each language the table
// offers (English, French, German, from the real catalogs): a table is
// driven to every way the game ends - a solo victory on colonies, one
// player's two powers winning together, the last power standing when the
// others surrender, everybody surrendering, a draw voted by all, the last
// year played, an end by agreement (shared) and the time limit - and each
// tablet's state says how it ended in its own language, with the powers
// named in it and no English word left.
#include <cctype>
#include <set>

#include "language.h"
#include "phone_languages.h"
#include "server_fixture.h"

using namespace colonial;
using namespace colonial::server;
using namespace colonial::server::testing;

namespace {

json state_in(Table& t, httplib::Client& c, const httplib::Headers& language) {
  auto r = c.Get(t.gm("state").c_str(), language);
  REQUIRE(r);
  REQUIRE_MESSAGE(r->status == 200, r->body);
  return json::parse(r->body);
}

httplib::Headers serial_of(const json& state) {
  return {{"X-Colonial-Serial", std::to_string(state["serial"].get<int>())}};
}

// The table once the host has published a change from `before`.
json changed(Table& t, httplib::Client& c, const json& before) {
  json s = state_in(t, c, kEnglish);
  for (int i = 0; i < 200 && s["v"] == before["v"]; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    s = state_in(t, c, kEnglish);
  }
  return s;
}

// The game master's command, then the table once the host has published it.
json command(Table& t, httplib::Client& c, const std::string& what, const char* body) {
  const json before = state_in(t, c, kEnglish);
  auto r = c.Post(t.gm(what).c_str(), serial_of(before), body, "text/plain");
  REQUIRE(r);
  REQUIRE_MESSAGE(r->status == 200, what << ": " << r->body);
  return changed(t, c, before);
}

// Plays phases (every power's orders as handed in, none: hold) until the
// game is over, then leaves the results for the table's last screen.
void play_until_over(Table& t, httplib::Client& c) {
  json s = state_in(t, c, kEnglish);
  for (int steps = 0; !s["over"].get<bool>() && steps < 16; ++steps) {
    if (s["screen"] == "results") {
      s = command(t, c, "next", "next");
      continue;
    }
    auto r = c.Post(t.gm("play").c_str(), serial_of(s), "play anyway", "text/plain");
    REQUIRE(r);
    // 409: the table played by itself first (every power was done).
    CHECK_MESSAGE((r->status == 200 || r->status == 409), r->body);
    s = changed(t, c, s);
  }
  REQUIRE(s["over"] == true);
  if (s["screen"] == "results") s = command(t, c, "next", "next");
  CHECK(s["screen"] == "over");
}

void sheet(Table& t, httplib::Client& c, const std::string& lines) {
  auto r = c.Post(t.gm("sheet").c_str(), serial_of(state_in(t, c, kEnglish)), lines, "text/plain");
  REQUIRE(r);
  REQUIRE_MESSAGE(r->status == 200, r->body);
}

std::set<std::string> words_of(const std::string& s) {
  std::set<std::string> out;
  std::string word;
  for (const char c : s + " ") {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += c;
    } else {
      if (word.size() >= 3) out.insert(word);
      word.clear();
    }
  }
  return out;
}

struct Ending {
  std::string english, french, german;
};

// Each tablet's state once the game is over: the ending, the phase line and
// the powers in its language; the French and German endings keep no word of
// the English one but a word that is the same in theirs ("France",
// "Japan", "colonies").
void check_ending(Table& t, httplib::Client& c, const Ending& expected) {
  const json en = state_in(t, c, kEnglish), fr = state_in(t, c, kFrench), de = state_in(t, c, kGerman);
  CHECK(en["over"] == true);
  CHECK(en["ending"] == expected.english);
  CHECK(fr["ending"] == expected.french);
  CHECK(de["ending"] == expected.german);
  CHECK(en["phase"] == "the game is over");
  CHECK(fr["phase"] == "la partie est terminée");
  CHECK(de["phase"] == "die Partie ist vorbei");
  CHECK(en["powers"][0]["title"] == "Britain");
  CHECK(fr["powers"][0]["title"] == "Grande-Bretagne");
  CHECK(de["powers"][0]["title"] == "Großbritannien");
  for (const json* s : {&fr, &de}) {
    // Power names the language shares with English, and French "colonies".
    std::set<std::string> same = {s == &fr ? "colonies" : ""};
    for (const json& p : (*s)["powers"])
      if (p["name"] == p["title"]) same.insert(p["name"].get<std::string>());
    const std::set<std::string> translated = words_of((*s)["ending"].get<std::string>());
    for (const std::string& word : words_of(expected.english))
      CHECK_MESSAGE((same.count(word) || !translated.count(word)),
                    "English \"" << word << "\" in " << (*s)["ending"].get<std::string>());
  }
  // The phones are told the game is over, and how it ended, in their languages too.
  const std::string britain = t.path(t.power("Britain"), "state");
  const json phone_fr = json::parse(c.Get(britain.c_str(), kFrench)->body);
  const json phone_de = json::parse(c.Get(britain.c_str(), kGerman)->body);
  CHECK(phone_fr["phase"] == "la partie est terminée");
  CHECK(phone_de["phase"] == "die Partie ist vorbei");
  CHECK(phone_fr["ending"] == expected.french);
  CHECK(phone_de["ending"] == expected.german);
  // A game nobody scores has no points at its end.
  CHECK(en["scores"].is_null());
  CHECK(fr["scores"].is_null());
  CHECK(phone_fr["scores"].is_null());
}

using Steps = std::function<void(Table&, httplib::Client&)>;

// A table offering English, French and German, started with `rules`: the
// game master's `steps`, then phases played until the game is over, and
// the ending checked on every tablet.
void ends(const Ending& expected, const Steps& steps = {}, const std::function<void(GameSettings&)>& rules = {}) {
  auto table = std::make_unique<Table>(10, 0, phone_languages(), rules);  // too large for the stack
  Table& t = *table;
  auto c = t.client();
  if (steps) steps(t, c);
  play_until_over(t, c);
  check_ending(t, c, expected);
}

// An order sheet's lines: `word` (DRAW, SURRENDER) for each power but `but`.
std::string every(const char* word, const char* but = "") {
  std::string lines;
  for (const char* p : {"Britain", "China", "France", "Holland", "Japan", "Russia", "Turkey"})
    if (std::string(p) != but) lines += std::string(p) + ": " + word + "\n";
  return lines;
}

}  // namespace

TEST_CASE("every ending of the game on the game master's tablet, in English, French and German") {
  REQUIRE(text::use_language("en").code == "en");

  SUBCASE("a power reaches the colonies needed") {
    ends({"Britain wins.", "Victoire : Grande-Bretagne.", "Sieg: Großbritannien."}, {},
         [](GameSettings& s) { s.victory_colonies = 6; });  // Britain starts with 6, the others with fewer
  }

  SUBCASE("one player's two powers reach the colonies needed together: both are named") {
    ends({"Britain and China share the victory.", "Victoire partagée entre Grande-Bretagne et Chine.",
          "Geteilter Sieg: Großbritannien und China."},
         {}, [](GameSettings& s) {
           s.rules.player_of[1] = 0;  // China's player is Britain's: 6 + 5 colonies
           s.victory_colonies = 11;
         });
  }

  SUBCASE("every other power surrenders: the last one standing wins") {
    ends({"Turkey wins.", "Victoire : Turquie.", "Sieg: Türkei."},
         [](Table& t, httplib::Client& c) { sheet(t, c, every("SURRENDER", "Turkey")); });
  }

  SUBCASE("everybody surrenders") {
    ends({"Everybody surrendered.", "Tout le monde a capitulé.", "Alle haben kapituliert."},
         [](Table& t, httplib::Client& c) { sheet(t, c, every("SURRENDER")); });
  }

  SUBCASE("every power votes DRAW") {
    ends({"A draw, shared by Britain, China, France, Holland, Japan, Russia and Turkey.",
          "Partie nulle entre Grande-Bretagne, Chine, France, Hollande, Japon, Russie et Turquie.",
          "Remis zwischen Großbritannien, China, Frankreich, Holland, Japan, Russland und Türkei."},
         [](Table& t, httplib::Client& c) { sheet(t, c, every("DRAW")); });
  }

  SUBCASE("the last year is played") {
    ends({"The last year was played: Britain has the most colonies and wins.",
          "La dernière année a été jouée – victoire : Grande-Bretagne, qui a le plus de colonies.",
          "Das letzte Jahr wurde gespielt – Sieg: Großbritannien, mit den meisten Kolonien."},
         {}, [](GameSettings& s) { s.last_year = 1870; });
  }

  SUBCASE("the players agree to end it, Britain having surrendered: the most colonies share the win") {
    ends({"Ended by agreement: China and Russia have the most colonies and share the win.",
          "Fin d'un commun accord – victoire partagée entre Chine et Russie, qui ont le plus de colonies.",
          "Im Einvernehmen beendet – geteilter Sieg: China und Russland, mit den meisten Kolonien."},
         [](Table& t, httplib::Client& c) {
           sheet(t, c, "Britain: SURRENDER\n");
           command(t, c, "play", "play anyway");
           command(t, c, "next", "next");
           t.on_host([](Game& g) { g.end_by_agreement(); });  // the app's game master: "End by agreement"
         });
  }

  SUBCASE("the time runs out: the most units win") {
    ends({"Time is up: Britain has the most units and wins.",
          "Le temps est écoulé – victoire : Grande-Bretagne, qui a le plus d'unités.",
          "Die Zeit ist um – Sieg: Großbritannien, mit den meisten Einheiten."},
         [](Table& t, httplib::Client&) { t.on_host([](Game& g) { g.end_by_time_limit(EndMeasure::Units); }); });
  }
}

namespace {

// A scored table offering English, French and German: `rules` (the
// system, the victory line, the players' names), `steps` by the game master,
// then phases played until the game is over. Before its end no state has
// points.
std::unique_ptr<Table> scored_game(const std::function<void(GameSettings&)>& rules, const Steps& steps = {}) {
  auto table = std::make_unique<Table>(10, 0, phone_languages(), [&](GameSettings& s) {
    s.scored = true;
    s.player_names[0] = FixedString<24>("Alice");
    s.player_names[1] = FixedString<24>("Bob");
    rules(s);
  });
  Table& t = *table;
  auto c = t.client();
  CHECK(state_in(t, c, kEnglish)["scores"].is_null());
  CHECK(json::parse(c.Get(t.path(t.power("Britain"), "state").c_str())->body)["scores"].is_null());
  if (steps) steps(t, c);
  play_until_over(t, c);
  return table;
}

// The scores every page is sent, from the game master's tablet and
// Britain's and Turkey's phones, in `language`; all the same.
json scores_in(Table& t, httplib::Client& c, const httplib::Headers& language) {
  const json gm = state_in(t, c, language)["scores"];
  for (const char* power : {"Britain", "Turkey"}) {
    auto r = c.Get(t.path(t.power(power), "state").c_str(), language);
    REQUIRE(r);
    CHECK(json::parse(r->body)["scores"] == gm);
  }
  return gm;
}

}  // namespace

TEST_CASE("a scored game's points at its end on the phones and the tablet, in English, French and German") {
  REQUIRE(text::use_language("en").code == "en");

  SUBCASE("a solo by one player's two powers, by Sum of Squares: one row for the player, the winner marked") {
    auto table = scored_game([](GameSettings& s) {
      s.scoring = ScoringSystem::SumOfSquares;
      s.rules.player_of[1] = 0;  // China's player is Britain's: 6 + 5 colonies
      s.player_names[1] = FixedString<24>("Alice");
      s.victory_colonies = 11;
    });
    Table& t = *table;
    auto c = t.client();
    const json en = scores_in(t, c, kEnglish), fr = scores_in(t, c, kFrench), de = scores_in(t, c, kGerman);
    REQUIRE(en.is_object());
    CHECK(en["system"] == "Sum of Squares");
    CHECK(fr["system"] == "Somme des carrés");
    CHECK(de["system"] == "Summe der Quadrate");
    const json& players = en["players"];
    REQUIRE(players.size() == 6);  // seven powers, six players
    CHECK(players[0]["powers"] == json({"Britain", "China"}));
    CHECK(players[0]["titles"] == json({"Britain", "China"}));
    CHECK(fr["players"][0]["titles"] == json({"Grande-Bretagne", "Chine"}));
    CHECK(de["players"][0]["titles"] == json({"Großbritannien", "China"}));
    CHECK(players[0]["player"] == "Alice");
    CHECK(players[0]["colonies"] == 11);
    CHECK(players[0]["points"] == 100.0);
    CHECK(players[0]["victory"] == true);
    CHECK(players[0]["draw"] == false);
    for (std::size_t i = 1; i < players.size(); ++i) {
      CHECK(players[i]["points"] == 0.0);
      CHECK(players[i]["victory"] == false);
      CHECK(players[i]["draw"] == false);
      CHECK(players[i]["player"] == "");  // nobody typed a name for France and the rest
      CHECK(players[i]["powers"].size() == 1);
    }
    CHECK(players[1]["powers"][0] == "France");
  }

  SUBCASE("a draw voted by all, by draw size: every player shares, the points to hundredths") {
    auto table = scored_game([](GameSettings& s) { s.scoring = ScoringSystem::DrawSize; },
                             [](Table& t, httplib::Client& c) { sheet(t, c, every("DRAW")); });
    Table& t = *table;
    auto c = t.client();
    const json en = scores_in(t, c, kEnglish), fr = scores_in(t, c, kFrench), de = scores_in(t, c, kGerman);
    CHECK(en["system"] == "Draw size");
    CHECK(fr["system"] == "Taille du nul");
    CHECK(de["system"] == "Remisgröße");
    REQUIRE(en["players"].size() == 7);
    // Each player's colonies are its power's on the tablet.
    const json powers = state_in(t, c, kEnglish)["powers"];
    for (std::size_t i = 0; i < en["players"].size(); ++i) {
      const json& p = en["players"][i];
      CHECK(p["points"] == 14.29);
      CHECK(p["draw"] == true);
      CHECK(p["victory"] == false);
      CHECK(p["powers"][0] == powers[i]["name"]);
      CHECK(p["colonies"] == powers[i]["colonies"]);
    }
    // Equal points keep the powers' order; the names typed for the game go along.
    CHECK(en["players"][0]["player"] == "Alice");
    CHECK(en["players"][1]["player"] == "Bob");
    CHECK(de["players"][6]["titles"] == json({"Türkei"}));
  }

  SUBCASE("the time runs out, by Carnage: the survivors ranked by colonies, the most points first") {
    auto table = scored_game(
        [](GameSettings& s) { s.scoring = ScoringSystem::Carnage; },
        [](Table& t, httplib::Client&) { t.on_host([](Game& g) { g.end_by_time_limit(EndMeasure::Colonies); }); });
    Table& t = *table;
    auto c = t.client();
    const json en = scores_in(t, c, kEnglish);
    CHECK(en["system"] == "Carnage");
    const json& players = en["players"];
    REQUIRE(players.size() == 7);
    CHECK(players[0]["powers"][0] == "Britain");  // the most colonies at the start: 6
    CHECK(players[0]["points"] == 7006.0);        // first of seven (7000) and a point a colony
    for (std::size_t i = 1; i < players.size(); ++i)
      CHECK(players[i - 1]["points"].get<double>() >= players[i]["points"].get<double>());
  }
}
