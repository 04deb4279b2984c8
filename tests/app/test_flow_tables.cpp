// The kiosk's tables (game/app/persist/tables.h): one record per table,
// listed in number order, read without mixing them, a damaged one shown as
// such beside the good ones, stale ones archived, staff's deletions.
#include <doctest/doctest.h>

#include <ctime>
#include <filesystem>

#include "autosave.h"
#include "tables.h"
#include "test_flow_fixture.h"

using namespace colonial;
using namespace colonial::flow_test;
namespace fs = std::filesystem;

namespace {

std::vector<TableSummary> read_tables(const KioskTables& tables) {
  std::vector<TableSummary> out;
  Map map;
  tables.read_all(map, world().other, world().scratch, out);
  return out;
}

}  // namespace

TEST_CASE("table paths: the autosave first, then table-N.colonial beside it, in number order") {
  TempDir dir;
  const std::string first = dir.file("autosave.colonial");
  KioskTables tables(first);
  CHECK(tables.paths().empty());
  CHECK(tables.new_path() == first);
  CHECK(tables.number_of(first) == 1);
  CHECK(tables.number_of(dir.file("table-12.colonial")) == 12);
  // Not tables: other files beside them, archives, odd numbers.
  for (const char* name : {"table-1.colonial", "table-02.colonial", "table-.colonial", "table-x.colonial",
                           "game-20261126-101500.colonial", "kiosk-settings", "table-3.colonial.tmp"})
    CHECK_MESSAGE(tables.number_of(dir.file(name)) == 0, name);
  CHECK(tables.number_of("/elsewhere/table-2.colonial") == 0);

  std::string error;
  Game& g = new_game();
  REQUIRE(Autosave(dir.file("table-10.colonial")).save(g, "colonial", error));
  REQUIRE(Autosave(first).save(g, "colonial", error));
  write(dir.file("table-3.colonial.bak"), "a backup alone still names its table");
  write(dir.file("game-20261126-101500.colonial"), "an archive");
  const std::vector<std::string> paths = tables.paths();
  REQUIRE(paths.size() == 3);
  CHECK(paths[0] == first);
  CHECK(paths[1] == dir.file("table-3.colonial"));
  CHECK(paths[2] == dir.file("table-10.colonial"));
  CHECK(tables.new_path() == dir.file("table-2.colonial"));
}

TEST_CASE("each table reads as its own game: name, phase, who is waiting, nothing mixed") {
  TempDir dir;
  KioskTables tables(dir.file("autosave.colonial"));
  std::string error;
  // Table 1: one phase in, China has handed in its orders.
  Game& g = new_game();
  REQUIRE(g.submit(power("France"), orders(g, "France", "A TON - CAN")));
  REQUIRE(g.adjudicate());
  REQUIRE(g.submit(power("China"), orders(g, "China", "A CAN - YUN")));
  REQUIRE(Autosave(tables.new_path()).save(g, "colonial", error));
  const Position first_position = g.position();
  // Table 2: a new game named by staff, Japan played by the computer.
  GameSettings s;
  s.table_name.assign("By the window");
  s.computer_powers = bit(power("Japan"));
  const Game& other = new_game(s);
  REQUIRE(Autosave(tables.new_path()).save(other, "colonial", error));

  const std::vector<TableSummary> list = read_tables(tables);
  REQUIRE(list.size() == 2);
  CHECK(list[0].name == "Table 1");
  CHECK(list[0].number == 1);
  CHECK_FALSE(list[0].damaged);
  CHECK(list[0].variant == "colonial");
  CHECK(list[0].phase.find("Movement") != std::string::npos);
  CHECK(list[0].waiting.find("China") == std::string::npos);  // its orders are in
  CHECK(list[0].waiting.find("Britain") != std::string::npos);
  CHECK(list[0].position == first_position);
  CHECK(list[0].last_activity > 0);
  CHECK(list[1].name == "By the window");
  CHECK(list[1].number == 2);
  CHECK(list[1].waiting.find("Japan") == std::string::npos);  // the computer's seat
  CHECK(list[1].waiting.find("China") != std::string::npos);
  CHECK(list[1].position == other.position());
  CHECK(list[1].position != list[0].position);
}

TEST_CASE("a damaged table shows as damaged, kept aside; the others stay playable; staff delete it") {
  TempDir dir;
  KioskTables tables(dir.file("autosave.colonial"));
  std::string error;
  REQUIRE(Autosave(tables.new_path()).save(new_game(), "colonial", error));
  const std::string bad = dir.file("table-2.colonial");
  write(bad, "colonial-record 1\nvariant colonial\nthe rest was lost when the power was cut");
  REQUIRE(Autosave(dir.file("table-3.colonial")).save(new_game(), "colonial", error));

  for (int pass = 0; pass < 2; ++pass) {
    // The first read sets it aside; the next still lists it, as damaged.
    INFO("pass " << pass);
    const std::vector<TableSummary> list = read_tables(tables);
    REQUIRE(list.size() == 3);
    CHECK_FALSE(list[0].damaged);
    CHECK(list[1].damaged);
    CHECK(list[1].message.find(".damaged") != std::string::npos);
    CHECK_FALSE(list[2].damaged);
    CHECK(fs::exists(bad + ".damaged"));
    CHECK_FALSE(fs::exists(bad));
  }
  CHECK(read(bad + ".damaged").find("the power was cut") != std::string::npos);
  REQUIRE(tables.remove(bad, error));
  CHECK_FALSE(fs::exists(bad + ".damaged"));
  CHECK(read_tables(tables).size() == 2);
  CHECK(tables.new_path() == bad);  // its number is free again
}

TEST_CASE("tables untouched for the archive days are archived, never deleted; fresh ones stay") {
  TempDir dir;
  KioskTables tables(dir.file("autosave.colonial"));
  std::string error;
  const std::string old_one = dir.file("table-2.colonial");
  REQUIRE(Autosave(tables.new_path()).save(new_game(), "colonial", error));
  REQUIRE(Autosave(old_one).save(new_game(), "colonial", error));
  const std::time_t now = std::time(nullptr);
  // Its last save 20 days ago.
  fs::last_write_time(old_one, fs::file_time_type::clock::now() - std::chrono::hours(24 * 20));
  CHECK(tables.archive_stale(0, now).empty());  // 0: never
  const std::vector<KioskTables::Archived> archived = tables.archive_stale(14, now);
  REQUIRE(archived.size() == 1);
  CHECK(archived[0].days == 20);
  CHECK(archived[0].kept.find("game-") != std::string::npos);
  CHECK(archived[0].sentence().find("the game untouched for 20 days is archived as") == 0);
  CHECK_FALSE(fs::exists(old_one));
  CHECK(tables.paths().size() == 1);
  int archives = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir.path))
    if (e.path().filename().string().rfind("game-", 0) == 0) {
      ++archives;
      Map map;
      CHECK(Autosave(e.path().string()).resume(map, world().other, world().scratch).status == ResumeStatus::Resumed);
    }
  CHECK(archives == 1);
}
