// The language the programs speak (game/text) and the engine's phrases
// filled from the real catalogs (po/, compiled into <build>/locale): the
// choice of language, the fallbacks to English, the sentences in French and
// German, and records that never change with the language.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "files.h"
#include "game.h"
#include "language.h"
#include "legal.h"
#include "map.h"
#include "notation.h"
#include "order_sheet.h"
#include "position.h"
#include "record.h"
#include "report.h"
#include "rules_text.h"
#include "translate.h"

namespace colonial::text {
namespace {

// The language in use for one test, English again after it.
struct InLanguage {
  explicit InLanguage(std::string_view code) {
    const LanguageChoice c = use_language(code);
    REQUIRE_MESSAGE(c.warning.empty(), c.warning);
    REQUIRE(c.code == code);
  }
  ~InLanguage() { use_language("en"); }
};

Map& colonial_map() {
  static Map map;
  static bool loaded = false;
  if (!loaded) {
    MapErrors errors;
    REQUIRE(load_map(builtin_map_text("colonial"), "colonial", map, errors));
    loaded = true;
  }
  return map;
}

TEST_CASE("language: codes from locale and language names") {
  CHECK(language_code("fr_FR.UTF-8") == "fr");
  CHECK(language_code("de-DE") == "de");
  CHECK(language_code("de_AT@euro") == "de");
  CHECK(language_code("FR") == "fr");
  CHECK(language_code("C") == "en");
  CHECK(language_code("C.UTF-8") == "en");
  CHECK(language_code("POSIX") == "en");
  CHECK(language_code("") == "");
  CHECK(languages().size() == 3);
  CHECK(languages()[0].code == "en");
}

// A made-up environment for requested_language.
std::map<std::string, std::string> g_env;
const char* fake_getenv(const char* name) {
  const auto it = g_env.find(name);
  return it == g_env.end() ? nullptr : it->second.c_str();
}

TEST_CASE("language: --language, then LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then English") {
  g_env = {};
  CHECK(requested_language("", fake_getenv) == "en");
  g_env = {{"LANG", "de_DE.UTF-8"}};
  CHECK(requested_language("", fake_getenv) == "de");
  CHECK(requested_language("fr", fake_getenv) == "fr");  // the option first
  g_env = {{"LANG", "de_DE.UTF-8"}, {"LC_MESSAGES", "fr_FR.UTF-8"}};
  CHECK(requested_language("", fake_getenv) == "fr");
  g_env = {{"LANG", "de_DE.UTF-8"}, {"LC_MESSAGES", "fr_FR.UTF-8"}, {"LC_ALL", "en_GB.UTF-8"}};
  CHECK(requested_language("", fake_getenv) == "en");
  g_env = {{"LANG", "en_US.UTF-8"}, {"LANGUAGE", "de:fr"}};
  CHECK(requested_language("", fake_getenv) == "de");
  // A device with no locale at all still honours LANGUAGE...
  g_env = {{"LANGUAGE", "fr_CA:en"}};
  CHECK(requested_language("", fake_getenv) == "fr");
  // ... but a locale set to plain C means English, as gettext reads it.
  g_env = {{"LANGUAGE", "fr"}, {"LC_ALL", "C"}};
  CHECK(requested_language("", fake_getenv) == "en");
  g_env = {{"LANG", "C.UTF-8"}};
  CHECK(requested_language("", fake_getenv) == "en");
}

TEST_CASE("language: French and German for gettext's messages and the engine's phrases") {
  {
    InLanguage fr("fr");
    CHECK(current_language() == "fr");
    CHECK(std::string(tr("the game is over")) == "la partie est terminée");
    CHECK(std::string(trn("%2d unit", "%2d units", 1)) == "%2d unité");
    CHECK(std::string(trn("%2d unit", "%2d units", 3)) == "%2d unités");
    CHECK(std::string(trc("rule", "Calendar")) == "Calendrier");
    CHECK(phrase(Phrase::PowerBritain) == "Grande-Bretagne");
    // French plural: 0 and 1 are singular.
    CHECK(phrase(CountedPhrase::AdjustMayConvert, 0) == "Peut convertir {n} unité");
    CHECK(phrase(CountedPhrase::AdjustMayConvert, 2) == "Peut convertir {n} unités");
    CHECK(phrase(CountedPhrase::AdjustMayConvert, 1234) == "Peut convertir {n} unités");
  }
  {
    InLanguage de("de");
    CHECK(std::string(tr("the game is over")) == "die Partie ist zu Ende");
    CHECK(phrase(Phrase::PowerTurkey) == "Türkei");
    CHECK(phrase(CountedPhrase::AdjustMayConvert, 0) == "Darf {n} Einheiten umwandeln");
    CHECK(phrase(CountedPhrase::AdjustMayConvert, 1) == "Darf {n} Einheit umwandeln");
  }
  CHECK(current_language() == "en");
  CHECK(std::string(tr("the game is over")) == "the game is over");
  CHECK(phrase(Phrase::PowerBritain) == "Britain");
}

TEST_CASE("language: one with no catalog falls back to English, with one line for the log") {
  const LanguageChoice c = use_language("xx");
  CHECK(c.code == "en");
  CHECK(c.warning.find("no catalog for language 'xx'") != std::string::npos);
  CHECK(c.warning.find('\n') == std::string::npos);
  CHECK(current_language() == "en");
  CHECK(std::string(tr("the game is over")) == "the game is over");
  CHECK(phrase(Phrase::PowerBritain) == "Britain");
}

// A scratch locale directory holding `catalog` as the French one.
struct LocaleDir {
  std::filesystem::path dir;
  explicit LocaleDir(std::string_view catalog) {
    dir = std::filesystem::temp_directory_path() / ("colonial-locale-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "fr" / "LC_MESSAGES");
    std::ofstream(dir / "fr" / "LC_MESSAGES" / "colonial.mo", std::ios::binary) << catalog;
    ::setenv("COLONIAL_LOCALEDIR", dir.c_str(), 1);
  }
  ~LocaleDir() {
    ::unsetenv("COLONIAL_LOCALEDIR");
    std::filesystem::remove_all(dir);
  }
};

std::string real_catalog(std::string_view code) {
  std::string why;
  const std::string dir = find_catalog(code, why);
  REQUIRE_MESSAGE(!dir.empty(), why);
  std::string data, error;
  REQUIRE(platform::read_file(dir + "/" + std::string(code) + "/LC_MESSAGES/colonial.mo", data, error));
  return data;
}

TEST_CASE("language: a damaged catalog is refused before gettext reads it: English, one line for the log") {
  const std::string good = real_catalog("fr");
  std::string why;
  CHECK(check_catalog(good, why));
  CHECK_FALSE(check_catalog(good.substr(0, good.size() / 2), why));  // cut short
  CHECK(why.find("outside the file") != std::string::npos);
  CHECK_FALSE(check_catalog("", why));
  std::string wrong_magic = good;
  wrong_magic[0] = 'X';
  CHECK_FALSE(check_catalog(wrong_magic, why));
  CHECK(why.find("magic") != std::string::npos);
  {
    LocaleDir damaged(good.substr(0, good.size() - 100));
    const LanguageChoice c = use_language("fr");
    CHECK(c.code == "en");
    CHECK(c.warning.find("is damaged") != std::string::npos);
    CHECK(c.warning.find('\n') == std::string::npos);
    CHECK(std::string(tr("the game is over")) == "the game is over");
    CHECK(phrase(Phrase::PowerBritain) == "Britain");
  }
  {
    LocaleDir sound(good);  // a port folder's catalog is found first
    std::string where;
    CHECK(find_catalog("fr", where).find("colonial-locale-") != std::string::npos);
  }
}

// Every placeholder of a translation is one the engine fills in.
void check_placeholders(std::string_view code) {
  const PhraseBook& book = phrase_book(code);
  auto names = [](std::string_view pattern) {
    std::set<std::string> out;
    for_each_placeholder(pattern, [&](std::string_view n) { out.emplace(n); });
    return out;
  };
  auto check = [&](std::string_view what, std::string_view translated, const PhraseSource& src) {
    std::set<std::string> allowed = names(src.text);
    for (const std::string& n : names(src.plural)) allowed.insert(n);
    for (const std::string& n : names(src.extra)) allowed.insert(n);
    if (!src.plural.empty()) allowed.insert("n");
    for (const std::string& n : names(translated))
      CHECK_MESSAGE(allowed.count(n), code, ": {", n, "} in the translation of '", what, "'");
    int open = 0;
    for (char c : translated) {
      open += c == '{' ? 1 : c == '}' ? -1 : 0;
      CHECK_MESSAGE((open == 0 || open == 1), code, ": braces of '", what, "'");
    }
    CHECK_MESSAGE(open == 0, code, ": braces of '", what, "'");
  };
  int translated = 0;
  for (int i = 0; i < kPhraseCount; ++i) {
    const PhraseSource& src = phrase_source(static_cast<Phrase>(i));
    check(src.text, book.get(static_cast<Phrase>(i)), src);
    translated += book.get(static_cast<Phrase>(i)) != src.text;
  }
  for (int i = 0; i < kCountedPhraseCount; ++i) {
    const PhraseSource& src = phrase_source(static_cast<CountedPhrase>(i));
    for (long n : {0L, 1L, 2L, 5L, 21L, 101L}) check(src.text, book.get(static_cast<CountedPhrase>(i), n), src);
  }
  // Names such as "China" or "{sentence}." may read the same: most do not.
  CHECK(translated > kPhraseCount * 9 / 10);
}

TEST_CASE("phrases: the translations use only the placeholders the engine fills in") {
  check_placeholders("fr");
  check_placeholders("de");
}

// Spring 1870 on the Colonial board: France takes Canton with British
// support, Russia rides the railroad.
struct FirstTurn {
  Game game;
  FirstTurn() {
    Map& map = colonial_map();
    game.start(map, map_default_settings(map));
    static OrderSheet sheet;
    read_order_sheet(map, game.position(), kNoPower,
                     "France: A TON - CAN\nBritain: F HK S A TON - CAN\nRussia: A MOS-TSR-IRK\n", sheet);
    REQUIRE(sheet.errors == 0);
    for (PowerId p = 0; p < map.power_count(); ++p) {
      OrderList mine;
      sheet.orders_of(p, mine);
      if (!mine.empty()) REQUIRE(game.submit(p, mine));
    }
    REQUIRE(game.adjudicate());
  }
  std::set<std::string> sentences() const {
    std::set<std::string> out;
    const PhaseRecord& rec = game.history(0);
    for (const OrderResult& r : rec.results.results) {
      SentenceText t;
      describe_result_sentence(game.map(), rec.position, r, t);
      CHECK(t.size() < t.capacity());
      out.emplace(t.view());
    }
    return out;
  }
  std::set<std::string> lines() const {
    std::set<std::string> out;
    for (const OrderResult& r : game.history(0).results.results) {
      ResultText t;
      describe_result(game.map(), r, OrderStyle::Judge, t);
      out.emplace(t.view());
    }
    return out;
  }
};

// What the first turn says in each language: its four sentences, and one
// result line.
struct TurnSaid {
  std::string_view code;
  std::string_view sentences[4];
  std::string_view line;
};

constexpr TurnSaid kTurnSaid[] = {
    {"en",
     {"France's army moved from Tongking to Canton.",
      "Britain's fleet in Hong Kong supported the French army from Tongking to Canton.",
      "China's army in Canton had no order and held, and was dislodged from Tongking.",
      "Russia's army from Moscow reached Irkutsk by railroad."},
     "China: A can H: no order, held; dislodged from Tongking"},
    {"fr",
     {"L'armée française a quitté Tongking pour Canton.",
      "La flotte britannique à Hong Kong a soutenu l'armée française depuis Tongking vers Canton.",
      "L'armée chinoise à Canton n'avait pas d'ordre et a tenu, et a été délogée depuis Tongking.",
      "L'armée russe a quitté Moscow par chemin de fer et atteint Irkutsk."},
     "Chine : A can H : pas d'ordre, a tenu; délogée depuis Tongking"},
    {"de",
     {"Die französische Armee zog von Tongking nach Canton.",
      "Die britische Flotte in Hong Kong unterstützte die französische Armee von Tongking nach Canton.",
      "Die chinesische Armee in Canton hatte keinen Befehl und hielt und wurde von Tongking aus vertrieben.",
      "Die russische Armee aus Moscow erreichte Irkutsk per Eisenbahn."},
     "China: A can H: kein Befehl, gehalten; von Tongking aus vertrieben"},
};

TEST_CASE("phrases: the results in sentences, in English, French and German") {
  static FirstTurn turn;
  for (const TurnSaid& said : kTurnSaid) {
    InLanguage language(said.code);
    const std::set<std::string> sentences = turn.sentences();
    for (std::string_view sentence : said.sentences)
      CHECK_MESSAGE(sentences.count(std::string(sentence)), said.code, ": ", sentence);
    CHECK_MESSAGE(turn.lines().count(std::string(said.line)), said.code, ": ", said.line);
  }
}

TEST_CASE("phrases: void reasons, typed-order errors, phases, adjustments and the rules help in each language") {
  const Map& map = colonial_map();
  Position start;
  set_start_position(map, start);
  ParseContext ctx{&map, &start, kNoPower, PhaseKind::Movement};
  auto error_of = [&](std::string_view text) {
    Order o;
    ParseError err;
    CHECK_FALSE(parse_order(ctx, text, o, err));
    CHECK(err.message.size() < err.message.capacity());
    return std::string(err.message.view());
  };
  auto void_of = [&](std::string_view text) {
    Order o;
    ParseError err;
    REQUIRE(parse_order(ctx, text, o, err));
    ReasonText why;
    describe_void(map, o, check_order(map, start, o), why);
    CHECK(why.size() < why.capacity());
    return std::string(why.view());
  };
  Phase phase;
  phase.year = 1870;
  phase.season = Season::Turn;
  GameSettings club = map_default_settings(map);
  REQUIRE(colonial_preset(map, "club", club));
  RulesSections rules;
  PhaseText name;

  CHECK(error_of("A DEL - Lucnow") == "no province 'Lucnow' - did you mean Lucknow (LUC)?");
  CHECK(void_of("A DEL - Bay of Bengal") == "A DEL cannot reach the Bay of Bengal: armies cannot enter the sea");
  {
    InLanguage fr("fr");
    // The names to type stay those of the board and the notation.
    CHECK(error_of("A DEL - Lucnow") == "aucune province 'Lucnow' – vouliez-vous dire Lucknow (LUC) ?");
    CHECK(error_of("France: A PEK H") == "l'armée à Peking est chinoise, pas française");
    CHECK(error_of("A DEL H S") == "'S' inattendu après l'ordre 'A DEL H'");
    CHECK(void_of("A DEL - Bay of Bengal") ==
          "A DEL ne peut pas atteindre Bay of Bengal : les armées n'entrent pas en mer");
    describe_phase(phase, name);
    CHECK(name.view() == "1870, mouvements");
    rules_sections(club, rules);
    CHECK(rules[0].title == "Le tour");
    CHECK(std::string(rules_title(club)) == "Règles de Colonial Diplomacy");
  }
  {
    InLanguage de("de");
    CHECK(error_of("A DEL - Lucnow") == "keine Provinz 'Lucnow' – meintest du Lucknow (LUC)?");
    CHECK(error_of("France: A PEK H") == "die Armee in Peking ist eine chinesische, keine französische");
    CHECK(void_of("A DEL - Bay of Bengal") ==
          "A DEL kann Bay of Bengal nicht erreichen: Armeen können nicht aufs Meer");
    describe_phase(phase, name);
    CHECK(name.view() == "1870, Bewegung");
  }
  // The record's name of the phase never changes.
  {
    InLanguage fr("fr");
    format_phase(phase, name);
    CHECK(name.view() == "1870 Movement");
  }
}

// Every void reason of a unit order and every outcome fits its text in
// every language (no sentence cut short).
TEST_CASE("phrases: the longest reasons fit in each language") {
  const Map& map = colonial_map();
  for (std::string_view code : {"en", "fr", "de"}) {
    use_language(code);
    Order o;
    o.kind = OrderKind::Move;
    o.power = 0;
    o.unit = UnitType::Fleet;
    o.at = o.to = o.other_at = map.find_province("Bay of Bengal").province;
    for (int r = 0; r <= static_cast<int>(VoidReason::ConvertAndDisband); ++r) {
      ReasonText why;
      describe_void(map, o, static_cast<VoidReason>(r), why);
      CHECK_MESSAGE(why.size() < why.capacity(), code, ": ", why.c_str());
    }
  }
  use_language("en");
}

// Random games played with the French phrases in use make the same record
// as with the English ones: records never hold translated text.
std::string record_of_random_game() {
  static Game game;
  Map& map = colonial_map();
  game.start(map, map_default_settings(map));
  Random random{42};
  for (int phase = 0; phase < 30 && !game.over(); ++phase) {
    OrderList orders;
    random_orders(map, game.position(), random, orders);
    REQUIRE(game.submit_each(orders));
    REQUIRE(game.adjudicate());
  }
  std::string text;
  TextSink sink{&text, [](void* c, std::string_view t) {
                  static_cast<std::string*>(c)->append(t);
                  return true;
                }};
  REQUIRE(write_record(game, "colonial", sink));
  return text;
}

TEST_CASE("records: the same whatever the language") {
  const std::string english = record_of_random_game();
  std::string french, german;
  {
    InLanguage fr("fr");
    french = record_of_random_game();
  }
  {
    InLanguage de("de");
    german = record_of_random_game();
  }
  CHECK(english == french);
  CHECK(english == german);
  CHECK(english.find("Movement") != std::string::npos);
}

TEST_CASE("language: another language's texts, prepared on the main thread, for another thread") {
  InLanguage fr("fr");
  const Message messages[] = {{"", "the game is over"}, {"power", "Turkey"}, {"", "not a message of ours"}};
  const std::vector<std::string> german = translations("de", messages);
  REQUIRE(german.size() == 3);
  CHECK(german[0] == "die Partie ist zu Ende");
  CHECK(german[1] == "Türkei");
  CHECK(german[2] == "not a message of ours");
  // The language in use is left as it was.
  CHECK(std::string(tr("the game is over")) == "la partie est terminée");
  CHECK(translations("xx", messages)[0] == "the game is over");
  // A server's thread answering a German phone uses the German phrases;
  // the main thread keeps its French ones.
  const PhraseBook& book = phrase_book("de");
  std::string on_thread;
  std::thread worker([&] {
    PhrasesInUse german_here(book);
    on_thread = std::string(phrase(Phrase::PowerBritain));
  });
  worker.join();
  CHECK(on_thread == "Großbritannien");
  CHECK(phrase(Phrase::PowerBritain) == "Grande-Bretagne");
}

}  // namespace
}  // namespace colonial::text
