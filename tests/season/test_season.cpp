// A club's season (game/season): three recorded games to their standings
// by a system, best N, names typed with spaces and in other cases, two
// spellings merged, a second record of one game and records that are no
// finished game refused, the CSV and the printable page, and the kiosk's
// file of merges saved, read back and refused when damaged.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <utility>

#include "files.h"
#include "game.h"
#include "map.h"
#include "record.h"
#include "season.h"

using namespace colonial;

namespace {

Map g_map;
Game g_game, g_read, g_scratch;

void load_colonial() {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
}

// Colonial's powers in order: Britain, China, France, Holland, Japan,
// Russia, Turkey.
GameSettings with_players(std::initializer_list<const char*> names) {
  GameSettings s = map_default_settings(g_map);
  int p = 0;
  for (const char* name : names) s.player_names[p++].assign(name);
  return s;
}

std::string record_of(const Game& game) {
  std::string text;
  TextSink sink{&text, [](void* c, std::string_view t) {
                  static_cast<std::string*>(c)->append(t);
                  return true;
                }};
  REQUIRE(write_record(game, "colonial", sink));
  return text;
}

// Game 1: the time is up; every survivor shares the draw.
std::string time_limit_game(std::initializer_list<const char*> names) {
  g_game.start(g_map, with_players(names));
  g_game.end_by_time_limit(EndMeasure::Units);
  return record_of(g_game);
}

// Every power but Britain concedes: Britain's solo.
std::string concession_game(std::initializer_list<const char*> names) {
  g_game.start(g_map, with_players(names));
  for (PowerId p = 1; p < 7; ++p) g_game.surrender(p);
  REQUIRE(g_game.adjudicate());
  return record_of(g_game);
}

// Britain to Holland surrender to Japan, Russia and Turkey, who vote a draw.
std::string alliance_game(std::initializer_list<const char*> names) {
  g_game.start(g_map, with_players(names));
  for (PowerId p = 0; p < 4; ++p) g_game.surrender(p);
  for (PowerId p = 4; p < 7; ++p) g_game.vote_draw(p, true);
  REQUIRE(g_game.adjudicate());
  return record_of(g_game);
}

bool load_builtin(std::string_view variant, Map& map, std::string& error) {
  MapErrors errors;
  if (load_map(builtin_map_text(variant), variant, map, errors)) return true;
  error = "no such board";
  return false;
}

const Standing* row_of(const Standings& standings, const std::string& name) {
  for (const Standing& row : standings.rows)
    if (row.name == name) return &row;
  return nullptr;
}

std::string temp_path(const char* name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "colonial_season_tests";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

}  // namespace

TEST_CASE("three recorded games make the season's standings; the same name in any case is one player") {
  load_colonial();
  const std::string g1 = time_limit_game({"Alice", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus"});
  const std::string g2 = concession_game({" alice ", "BOB", "carol  ", "Dan", "EVE", "fay", " Gus"});
  const std::string g3 = alliance_game({"Alice", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus"});
  SeasonGames season(g_map, g_read, g_scratch, load_builtin);
  for (const auto& [text, source] : {std::pair{&g1, "g1"}, std::pair{&g2, "g2"}, std::pair{&g3, "g3"}}) {
    const SeasonReadResult read = season.read(*text, source);
    CHECK(read.refusal == SeasonRefusal::None);
    REQUIRE(read.game != nullptr);
    CHECK(read.game->source == source);
    CHECK(read.game->players.size() == 7);
  }
  REQUIRE(season.games().size() == 3);
  CHECK(season.games()[1].players[0].name == "alice");  // trimmed, as typed
  CHECK(season.games()[0].players[0].power == "Britain");

  // Draw size: game 1 shares 100 among 7, game 2 is Alice's solo, game 3
  // shares 100 among Eve, Fay and Gus.
  const Standings draw = season_standings(season.games(), ScoringSystem::DrawSize, 0, PlayerMerges());
  CHECK(draw.games == 3);
  REQUIRE(draw.rows.size() == 7);
  CHECK(draw.rows[0].name == "Alice");  // the first spelling seen
  CHECK(draw.rows[0].scores.size() == 3);
  CHECK(draw.rows[0].total == doctest::Approx(100.0 / 7 + 100));
  CHECK(draw.rows[0].average() == doctest::Approx((100.0 / 7 + 100) / 3));
  for (const char* name : {"Eve", "Fay", "Gus"}) {
    const Standing* row = row_of(draw, name);
    REQUIRE(row != nullptr);
    CHECK(row->total == doctest::Approx(100.0 / 7 + 100.0 / 3));
  }
  const Standing* bob = row_of(draw, "Bob");
  REQUIRE(bob != nullptr);
  CHECK(bob->scores.size() == 3);
  CHECK(bob->total == doctest::Approx(100.0 / 7));
  CHECK(draw.rows.back().total == doctest::Approx(100.0 / 7));
  CHECK(row_of(draw, "BOB") == nullptr);

  // Best 1 orders by each player's best game.
  const Standings best = season_standings(season.games(), ScoringSystem::DrawSize, 1, PlayerMerges());
  CHECK(best.rows[0].name == "Alice");
  CHECK(best.rows[0].best == doctest::Approx(100));
  CHECK(best.rows[1].best == doctest::Approx(100.0 / 3));
  CHECK(row_of(best, "Dan")->best == doctest::Approx(100.0 / 7));

  // The CSV and the page say the same.
  const std::string csv = standings_csv(best);
  CHECK(csv.starts_with("Player,Games,Total,Average,Best 1\nAlice,3,114.29,38.10,100.00\n"));
  const std::string page = standings_page(best);
  CHECK(page.find("<td>Alice</td><td class=\"n\">3</td><td class=\"n\">114.29</td>") != std::string::npos);
  CHECK(page.find("3 games scored.") != std::string::npos);
}

TEST_CASE("two spellings merged count as one player, shown as the name merged into") {
  load_colonial();
  const std::string g1 = time_limit_game({"Alice", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus"});
  const std::string g2 = time_limit_game({"Alicia", "Bob", "Carol", "Dan", "Eve", "Fay", "Gustav"});
  SeasonGames season(g_map, g_read, g_scratch, load_builtin);
  REQUIRE(season.read(g1, "g1").refusal == SeasonRefusal::None);
  REQUIRE(season.read(g2, "g2").refusal == SeasonRefusal::None);
  PlayerMerges merges;
  CHECK(merges.add("alicia", "Alice"));
  CHECK(merges.add_pair(" Gustav = Gus "));
  CHECK_FALSE(merges.add_pair("Gus"));
  CHECK_FALSE(merges.add_pair("=Gus"));
  CHECK_FALSE(merges.add(" ", "Gus"));
  const Standings merged = season_standings(season.games(), ScoringSystem::CentreCount, 0, merges);
  REQUIRE(merged.rows.size() == 7);
  CHECK(row_of(merged, "Alicia") == nullptr);
  CHECK(row_of(merged, "Gustav") == nullptr);
  REQUIRE(row_of(merged, "Alice") != nullptr);
  CHECK(row_of(merged, "Alice")->scores.size() == 2);
  CHECK(row_of(merged, "Gus")->scores.size() == 2);
  // Undone, the two spellings are two players again.
  merges.remove("ALICIA");
  const Standings apart = season_standings(season.games(), ScoringSystem::CentreCount, 0, merges);
  CHECK(apart.rows.size() == 8);
  CHECK(row_of(apart, "Alicia") != nullptr);
}

TEST_CASE("a second record of one game, an unfinished game and what is no record are refused") {
  load_colonial();
  const std::string g1 = time_limit_game({"Alice", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus"});
  g_game.start(g_map, with_players({"Alice", "Bob"}));
  const std::string unfinished = record_of(g_game);
  SeasonGames season(g_map, g_read, g_scratch, load_builtin);
  REQUIRE(season.read(g1, "first.colonial").refusal == SeasonRefusal::None);

  const SeasonReadResult again = season.read(g1, "copy.colonial");
  CHECK(again.refusal == SeasonRefusal::SameGame);
  CHECK(again.same_as == "first.colonial");
  CHECK(again.game == nullptr);
  CHECK(season.read(unfinished, "u").refusal == SeasonRefusal::NotFinished);
  CHECK(season.read("hello\n", "h").refusal == SeasonRefusal::NotARecord);
  const SeasonReadResult damaged = season.read("colonial-record 1\nvariant colonial\ngarbage\n", "d");
  CHECK(damaged.refusal == SeasonRefusal::Damaged);
  CHECK_FALSE(damaged.message.empty());
  const SeasonReadResult no_map = season.read("colonial-record 1\nvariant elsewhere\n", "m");
  CHECK(no_map.refusal == SeasonRefusal::NoMap);
  CHECK(no_map.message == "no such board");
  CHECK(season.games().size() == 1);

  // The same players at another table is another game.
  GameSettings corner = with_players({"Alice", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus"});
  corner.table_name.assign("Corner");
  g_game.start(g_map, corner);
  g_game.end_by_time_limit(EndMeasure::Units);
  CHECK(season.read(record_of(g_game), "corner").refusal == SeasonRefusal::None);
}

TEST_CASE("the kiosk's season settings are saved atomically, read back, and a damaged file is refused whole") {
  const std::string path = temp_path("season");
  SeasonSettings settings;
  settings.has_system = true;
  settings.system = ScoringSystem::Carnage;
  settings.best = 4;
  REQUIRE(settings.merges.add("Alicia", "Alice"));
  REQUIRE(settings.merges.add("Gus the Great", "Gus"));
  std::string error;
  REQUIRE(write_season_settings(path, settings, error));
  SeasonSettings read;
  REQUIRE(read_season_settings(path, read, error));
  CHECK(read == settings);
  CHECK(read.merges.player_of(" gus THE great") == "Gus");

  // A line that is no setting, a system unknown, a number out of range: the
  // file is refused, the settings read before kept.
  for (const char* damage : {"the cat walked on the keyboard", "system tribute", "best -1", "same-player Bob"}) {
    {
      std::ofstream out(path, std::ios::trunc);
      out << "# season\nsame-player Bo=Bob\n" << damage << "\n";
    }
    SeasonSettings kept = settings;
    CHECK_FALSE(read_season_settings(path, kept, error));
    CHECK(error.find(":3:") != std::string::npos);
    CHECK(kept == settings);
  }
  // A missing file is an error too; the caller decides it means "none".
  std::filesystem::remove(path);
  SeasonSettings kept = settings;
  CHECK_FALSE(read_season_settings(path, kept, error));
  CHECK(kept == settings);
}
