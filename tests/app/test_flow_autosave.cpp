// Autosave and resume (game/app/persist/autosave.h): a round trip, no save, a
// damaged save kept aside, the backup used, archiving before a new game.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "autosave.h"
#include "record.h"
#include "test_flow_fixture.h"

using namespace colonial;
using namespace colonial::flow_test;
namespace fs = std::filesystem;

namespace {

// A game one phase in, with orders pending.
Game& played_game() {
  Game& g = new_game();
  REQUIRE(g.submit(power("France"), orders(g, "France", "A TON - CAN")));
  REQUIRE(g.submit(power("Britain"), orders(g, "Britain", "F HON S A TON - CAN")));
  REQUIRE(g.adjudicate());
  REQUIRE(g.submit(power("China"), orders(g, "China", "A CAN - YUN")));
  return g;
}

}  // namespace

TEST_CASE("a save resumes to the same game, pending orders included") {
  TempDir dir;
  Autosave save(dir.file("autosave.colonial"));
  Game& g = played_game();
  std::string error;
  REQUIRE(save.save(g, "colonial", error));
  Map map;
  Game& back = world().other;
  const ResumeOutcome r = save.resume(map, back, world().scratch);
  CHECK(r.status == ResumeStatus::Resumed);
  CHECK_FALSE(r.from_backup);
  CHECK(r.variant == "colonial");
  CHECK(back.history_size() == 1);
  CHECK(back.position() == g.position());
  CHECK(back.pending_orders() == g.pending_orders());
  CHECK(back.history(0) == g.history(0));
}

TEST_CASE("no save: a new game is offered, nothing is said") {
  TempDir dir;
  Autosave save(dir.file("autosave.colonial"));
  Map map;
  const ResumeOutcome r = save.resume(map, world().other, world().scratch);
  CHECK(r.status == ResumeStatus::NoSave);
  CHECK(r.message.empty());
  Autosave off;
  CHECK_FALSE(off.enabled());
  std::string error;
  CHECK(off.save(new_game(), "colonial", error));  // saving nowhere is no error
  CHECK(off.resume(map, world().other, world().scratch).status == ResumeStatus::NoSave);
}

TEST_CASE("a damaged save is kept aside, reported, never lost") {
  const char* kDamage[] = {"this is not a game record\n", "",
                           "colonial-record 1\nvariant colonial\nphase 1870 bogus\n"};
  for (const char* damage : kDamage) {
    TempDir dir;
    const std::string path = dir.file("autosave.colonial");
    write(path, damage);
    Autosave save(path);
    Map map;
    const ResumeOutcome r = save.resume(map, world().other, world().scratch);
    INFO(damage);
    CHECK(r.status == ResumeStatus::Damaged);
    CHECK(r.message.find("could not be read") != std::string::npos);
    CHECK(r.kept_as == path + ".damaged");
    CHECK_FALSE(fs::exists(path));
    REQUIRE(fs::exists(r.kept_as));
    CHECK(read(r.kept_as) == damage);  // byte for byte
    // A second damaged save does not overwrite the first one kept.
    write(path, "again");
    const ResumeOutcome r2 = save.resume(map, world().other, world().scratch);
    CHECK(r2.kept_as == path + ".damaged.2");
    CHECK(read(r.kept_as) == damage);
  }
}

TEST_CASE("a save written by a newer version of the format is told apart from a damaged one") {
  TempDir dir;
  const std::string path = dir.file("autosave.colonial");
  Autosave save(path);
  std::string error;
  REQUIRE(save.save(played_game(), "colonial", error));
  CHECK_FALSE(Autosave::written_by_newer_version(path));  // this version's own
  std::string text = read(path);
  const std::size_t line = text.find("\ncolonial-record 1\n");
  REQUIRE(line != std::string::npos);  // after the comment that opens a record
  text.replace(line + 1, 17, "colonial-record " + std::to_string(kRecordVersion + 1));
  write(path, text);
  CHECK(Autosave::written_by_newer_version(path));
  for (const char* newer :
       {"colonial-record 12 # later\n", "\n  # a comment\ncolonial-record 3", "colonial-record 2\r\n"}) {
    INFO(newer);
    write(path, newer);
    CHECK(Autosave::written_by_newer_version(path));
  }
  for (const char* other : {"colonial-record 0\n", "colonial-record 2x\n", "colonial-recorder 9\n", "", "garbage",
                            "variant colonial\ncolonial-record 2\n", "# colonial-record 2\n"}) {
    INFO(other);
    write(path, other);
    CHECK_FALSE(Autosave::written_by_newer_version(path));
  }
  CHECK_FALSE(Autosave::written_by_newer_version(dir.file("missing.colonial")));
}

TEST_CASE("a damaged save with a good backup resumes from the backup") {
  TempDir dir;
  const std::string path = dir.file("autosave.colonial");
  Autosave save(path);
  std::string error;
  Game& g = played_game();
  REQUIRE(save.save(g, "colonial", error));  // the save before...
  REQUIRE(save.save(g, "colonial", error));  // ...is kept as .bak by this one
  REQUIRE(fs::exists(path + ".bak"));
  write(path, "colonial-record 1\ntruncated by a power cut");
  Map map;
  const ResumeOutcome r = save.resume(map, world().other, world().scratch);
  CHECK(r.status == ResumeStatus::Resumed);
  CHECK(r.from_backup);
  CHECK(r.message.find("kept as") != std::string::npos);
  CHECK(fs::exists(path + ".damaged"));
  CHECK(world().other.position() == g.position());
}

TEST_CASE("a save naming a board that cannot be loaded is reported, not resumed") {
  TempDir dir;
  const std::string path = dir.file("autosave.colonial");
  Autosave save(path);
  std::string error;
  REQUIRE(save.save(new_game(), "/no/such/board.map", error));
  Map map;
  const ResumeOutcome r = save.resume(map, world().other, world().scratch);
  CHECK(r.status == ResumeStatus::Damaged);
  CHECK(r.message.find("/no/such/board.map") != std::string::npos);
  CHECK(fs::exists(r.kept_as));
}

TEST_CASE("archiving moves the save out of the way before a new game") {
  TempDir dir;
  const std::string path = dir.file("autosave.colonial");
  Autosave save(path);
  std::string error;
  CHECK(save.archive(error).empty());  // nothing saved: nothing to keep
  CHECK(error.empty());
  REQUIRE(save.save(new_game(), "colonial", error));
  REQUIRE(save.save(new_game(), "colonial", error));
  const std::string kept = save.archive(error);
  CHECK(error.empty());
  REQUIRE_FALSE(kept.empty());
  CHECK(fs::exists(kept));
  CHECK(fs::path(kept).filename().string().rfind("game-", 0) == 0);
  CHECK_FALSE(fs::exists(path));
  CHECK_FALSE(fs::exists(path + ".bak"));
  Map map;
  CHECK(save.resume(map, world().other, world().scratch).status == ResumeStatus::NoSave);
}

TEST_CASE("a save into a directory that cannot be written fails with a reason") {
  Autosave save("/proc/colonial-cannot-write-here/autosave.colonial");
  std::string error;
  CHECK_FALSE(save.save(new_game(), "colonial", error));
  CHECK_FALSE(error.empty());
}

TEST_CASE("maps named by a record") {
  Map map;
  std::string error;
  CHECK(load_variant_map("standard", map, error));
  CHECK(map.power_count() == 7);
  CHECK_FALSE(load_variant_map("/no/such.map", map, error));
  CHECK(error.find("/no/such.map") != std::string::npos);
}

TEST_CASE("a record whose powers pressed Done out of the map's order replays (companion mode)") {
  Game& g = new_game();
  // France before Britain: the results list France's order first.
  REQUIRE(g.submit(power("France"), orders(g, "France", "A TON - CAN")));
  REQUIRE(g.submit(power("Britain"), orders(g, "Britain", "F HON S A TON - CAN")));
  REQUIRE(g.adjudicate());
  REQUIRE(g.history(0).results.results[0].order.power == power("France"));
  RecordError err;
  CHECK(verify_record(g, world().scratch, err));
  INFO(err.message.c_str());
  // And through a save: the record read back verifies too.
  TempDir dir;
  Autosave save(dir.file("autosave.colonial"));
  std::string error;
  REQUIRE(save.save(g, "colonial", error));
  Map map;
  REQUIRE(save.resume(map, world().other, world().scratch).status == ResumeStatus::Resumed);
  CHECK(verify_record(world().other, world().scratch, err));
}
