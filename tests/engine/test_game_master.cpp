// The game master's corrections in the engine: a position set up by hand
// (engine/setup.h), an edit kept in the history, rollback to an earlier
// phase with the rest kept as a branch, restoring a branch; all written to
// the record, read back and verified by replay.
#include <doctest/doctest.h>

#include <string>

#include "game.h"
#include "map.h"
#include "notation.h"
#include "record.h"
#include "setup.h"

using namespace colonial;

// Named, so that its helpers stay apart from other files' in a unity build.
namespace game_master_test {

namespace {

Map g_map;
Game g_game, g_loaded, g_scratch;
BufferSink<1 << 21> g_text;

void start() {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
  GameSettings s;
  s.rules.map_options = g_map.default_options();
  s.rules.calendar = Calendar::Biennial1995;
  g_game.start(g_map, s);
}

ProvinceId prov(const char* name) { return g_map.find_province(name).province; }

void play(std::initializer_list<const char*> lines) {
  for (PowerId p = 0; p < g_map.power_count(); ++p) {
    OrderList mine;
    for (const char* text : lines) {
      ParseContext ctx;
      ctx.map = &g_map;
      ctx.position = &g_game.position();
      ctx.phase = g_game.phase().kind;
      Order o;
      ParseError err;
      REQUIRE_MESSAGE(parse_order(ctx, text, o, err), text, ": ", err.message.c_str());
      if (o.power == p) mine.push_back(o);
    }
    if (!mine.empty()) REQUIRE(g_game.submit(p, mine));
  }
  REQUIRE(g_game.adjudicate());
}

// Writes the game, reads it back into g_loaded, verifies both, and checks
// the copy is the same game, branches included.
void round_trip() {
  g_text.size = 0;
  TextSink sink = g_text.sink();
  REQUIRE(write_record(g_game, "colonial", sink));
  RecordError err;
  REQUIRE_MESSAGE(read_record(g_text.view(), g_map, g_loaded, g_scratch, err), err.line, ": ", err.message.c_str());
  REQUIRE_MESSAGE(verify_record(g_loaded, g_scratch, err), err.message.c_str());
  CHECK(g_loaded.history_size() == g_game.history_size());
  for (int i = 0; i < g_game.history_size(); ++i) CHECK(g_loaded.history(i) == g_game.history(i));
  CHECK(g_loaded.position() == g_game.position());
  CHECK(g_loaded.pending_orders() == g_game.pending_orders());
  REQUIRE(g_loaded.branch_count() == g_game.branch_count());
  for (int b = 0; b < g_game.branch_count(); ++b) CHECK(g_loaded.branch(b) == g_game.branch(b));
  REQUIRE(g_loaded.archived_count() == g_game.archived_count());
  for (int i = 0; i < g_game.archived_count(); ++i) CHECK(g_loaded.archived(i) == g_game.archived(i));
}

}  // namespace

TEST_CASE("setup: a position in the DATC's words, and what cannot stand") {
  start();
  Position pos = g_game.position();
  u32 cd = 0;
  SetupError err;
  const char* text =
      "PRESTATE_SETPHASE 1872 Movement\n"
      "PRESTATE\n"
      "  Russia: A mos\n"
      "  Britain: F Bay of Bengal   # a comment\n"
      "  Holland: F ban(ec)\n"
      "PRESTATE_SUPPLYCENTER_OWNERS\n"
      "  Russia: A mos\n"
      "  Britain: hon\n"
      "CIVIL_DISORDER Turkey\n";
  REQUIRE_MESSAGE(read_position_text(g_map, text, pos, cd, err), err.line, ": ", err.message.c_str());
  CHECK(pos.phase.year == 1872);
  CHECK(pos.units[prov("MOS")].type == UnitType::Army);
  CHECK(pos.units[prov("BOB")].type == UnitType::Fleet);
  CHECK(pos.units[prov("BAN")].coast == Coast::East);
  CHECK_FALSE(pos.units[prov("DEL")].present());  // the block replaced every unit
  CHECK(pos.owner[prov("HON")] == g_map.find_power("Britain"));
  CHECK(pos.owner[prov("PEK")] == kNoPower);
  CHECK(cd == u32{1} << g_map.find_power("Turkey"));
  ReasonText why;
  CHECK(check_position(g_map, pos, why));

  Position bad = g_game.position();
  CHECK_FALSE(read_position_text(g_map, "PRESTATE\n Russia: A mos\n China: A mos\n", bad, cd, err));
  CHECK(err.line == 3);
  CHECK(std::string(err.message.view()) == "two units in one province: 'Moscow'");
  CHECK_FALSE(read_position_text(g_map, "PRESTATE\n Holland: F ban\n", bad, cd, err));
  CHECK(std::string(err.message.view()).find("without a coast") != std::string::npos);
  CHECK_FALSE(read_position_text(g_map, "PRESTATE\n Russia: A Bay of Bengal\n", bad, cd, err));
  CHECK(std::string(err.message.view()).find("an army cannot stand in") != std::string::npos);
  CHECK_FALSE(read_position_text(g_map, "PRESTATE_SUPPLYCENTER_OWNERS\n Russia: tib\n", bad, cd, err));
  CHECK(std::string(err.message.view()).find("only colonies have owners") != std::string::npos);
  CHECK_FALSE(read_position_text(g_map, "Russia: A mos\n", bad, cd, err));
  CHECK(std::string(err.message.view()).find("in no block") != std::string::npos);
  CHECK_FALSE(read_position_text(g_map, "PRESTATE_SETPHASE sometime\n", bad, cd, err));

  Position odd = g_game.position();
  odd.dislodged[prov("CAN")].unit = odd.units[prov("CAN")];
  CHECK_FALSE(check_position(g_map, odd, why));
  CHECK(std::string(why.view()) == "a dislodged unit in Canton outside a retreat phase");
}

TEST_CASE("an edit is kept in the history, survives the record and replays") {
  start();
  play({"France: A TON - CAN", "Britain: F HK S A TON - CAN"});
  // The table's board: a Chinese army the app never had.
  Position edited = g_game.position();
  Unit army;
  army.power = g_map.find_power("China");
  army.type = UnitType::Army;
  edited.units[prov("YUN")] = army;
  edited.dislodged[prov("CAN")] = DislodgedUnit();  // the retreat made on the table
  edited.phase.kind = PhaseKind::Movement;
  edited.phase.year = 1872;
  ReasonText why;
  REQUIRE(check_position(g_map, edited, why));
  const int before = g_game.history_size();
  REQUIRE(g_game.apply_edit(edited, 0));
  CHECK(g_game.history_size() == before + 1);
  CHECK(g_game.history(before).edit);
  CHECK(g_game.position().units[prov("YUN")].present());
  CHECK(g_game.pending_orders().empty());
  play({"China: A YUN - CHU"});
  round_trip();
  CHECK(g_loaded.history(before).edit);
  // A record whose edit was tampered with no longer verifies.
  std::string text(g_text.view());
  const std::size_t at = text.find("unit China A yun");
  REQUIRE(at != std::string::npos);
  text.replace(at, 16, "unit China A chu");
  RecordError err;
  REQUIRE(read_record(text, g_map, g_loaded, g_scratch, err));
  CHECK_FALSE(verify_record(g_loaded, g_scratch, err));
}

TEST_CASE("rollback keeps the line undone as a branch, and restoring it swaps the lines") {
  start();
  FixedString<160> why;
  CHECK_FALSE(g_game.rollback(0, why));
  CHECK(std::string(why.view()).find("nothing to go back to") != std::string::npos);
  play({"France: A TON - CAN", "Britain: F HK S A TON - CAN"});  // 1870
  const Position after_1870 = g_game.position();
  play({"China: A CAN - YUN"});   // its retreat
  play({"Russia: A MOS - OMS"});  // 1872
  const int played = g_game.history_size();
  const Position reached = g_game.position();

  // The 1870 orders were mis-keyed: France meant Annam.
  REQUIRE(g_game.rollback(0, why));
  CHECK(g_game.history_size() == 0);
  CHECK(g_game.phase().year == 1870);
  CHECK(g_game.pending_orders().size() == 2);  // handed in again, to be corrected
  REQUIRE(g_game.branch_count() == 1);
  CHECK(g_game.branch(0).fork == 0);
  CHECK(g_game.branch(0).count == played);
  CHECK(g_game.branch(0).position == reached);
  play({"France: A TON H", "Britain: F HK H"});
  CHECK_FALSE(g_game.position() == after_1870);
  round_trip();

  // Back again: the branch is played, the corrected line kept instead.
  const Position corrected = g_game.position();
  REQUIRE(g_game.restore_branch(0, why));
  CHECK(g_game.history_size() == played);
  CHECK(g_game.position() == reached);
  REQUIRE(g_game.branch_count() == 1);
  CHECK(g_game.branch(0).position == corrected);
  round_trip();

  // An edit is no phase to go back to.
  REQUIRE(g_game.apply_edit(g_game.position(), u32{1} << g_map.find_power("Turkey")));
  CHECK_FALSE(g_game.rollback(g_game.history_size() - 1, why));
  CHECK(std::string(why.view()).find("edit") != std::string::npos);
  round_trip();
}

TEST_CASE("branches are bounded: a rollback that would not fit is refused and changes nothing") {
  start();
  for (int i = 0; i < 8; ++i) play({});
  FixedString<160> why;
  int rollbacks = 0;
  while (g_game.rollback(g_game.history_size() - 1, why)) {
    play({});
    ++rollbacks;
  }
  CHECK(rollbacks == kMaxBranches);
  CHECK(std::string(why.view()).find("at most") != std::string::npos);
  const int size = g_game.history_size();
  CHECK_FALSE(g_game.rollback(0, why));
  CHECK(g_game.history_size() == size);
  round_trip();
}

TEST_CASE("a game the game master ended after a phase (agreement, time limit) replays with its winners") {
  for (const bool agreement : {true, false}) {
    start();
    play({"France: A TON - CAN", "Britain: F HON S A TON - CAN"});
    if (agreement)
      g_game.end_by_agreement();
    else
      g_game.end_by_time_limit(EndMeasure::Units);
    REQUIRE(g_game.over());
    round_trip();
    CHECK(g_loaded.result() == g_game.result());
  }
}

}  // namespace game_master_test
