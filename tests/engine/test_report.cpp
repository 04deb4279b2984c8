// Results and warnings as sentences: what the judge prints and the app shows.
#include <doctest/doctest.h>

#include <string>

#include "game.h"
#include "report.h"
#include "test_adjudicator_fixture.h"

namespace colonial::test {
namespace {

TEST_CASE("report: an impossible build is reported as a build, not as a unit that holds") {
  const Map& map = builtin_map("colonial");
  Board b(map, PhaseKind::Adjustment);
  b.put("Britain", 'A', "del");
  b.pos.owner[b.prov("del")] = b.power("Britain");
  b.pos.owner[b.prov("mad")] = b.power("Britain");
  b.pos.owner[b.prov("bom")] = b.power("Britain");
  const Order& occupied = b.build("Britain", 'A', "del");
  const Order& inland_fleet = b.build("Britain", 'F', "mad");
  CHECK(void_consequence(occupied, PhaseKind::Adjustment) == "nothing will be built for it");
  CHECK(void_consequence(b.disband("Britain", 'A', "del"), PhaseKind::Adjustment) == "it removes no unit");
  CHECK(void_consequence(b.waive("Britain"), PhaseKind::Adjustment) == "it waives nothing");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  REQUIRE(r.results.size() >= 1);
  ResultText text;
  describe_result(map, r.results[0], OrderStyle::Judge, text);
  CHECK(text.view() == "Britain: Build A del: void: nothing is built (Delhi is occupied)");
  (void)inland_fleet;
  // Movement and retreat orders keep their consequences.
  Order hold = b.base("Britain", 'A', "del", OrderKind::Move);
  CHECK(void_consequence(hold, PhaseKind::Movement) == "the unit will hold");
  CHECK(void_consequence(hold, PhaseKind::Retreat) == "the unit will be disbanded unless it is given a legal retreat");
}

TEST_CASE("report: results as plain sentences for the table") {
  const Map& map = builtin_map("colonial");
  Board b(map, PhaseKind::Movement);
  b.put("Russia", 'A', "mos");
  b.put("China", 'A', "kra");
  b.put("France", 'A', "ton");
  b.put("Britain", 'F', "hon");
  b.put("China", 'A', "can");
  Order rail = b.base("Russia", 'A', "mos", OrderKind::RailMove);
  rail.to = b.loc("vla");
  b.add(rail);
  b.move("France", 'A', "ton", "can");
  b.support_move("Britain", 'F', "hon", 'A', "ton", "can");
  const Position before = b.pos;
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  auto sentence = [&](int i) {
    SentenceText t;
    describe_result_sentence(map, before, r.results[i], t);
    return std::string(t.view());
  };
  REQUIRE(r.results.size() >= 4);
  CHECK(sentence(0) ==
        "Russia's army from Moscow reached Omsk by railroad and was stopped there by the Chinese army in "
        "Krasnoyarsk.");
  CHECK(sentence(1) == "France's army moved from Tongking to Canton.");
  CHECK(sentence(2) == "Britain's fleet in Hong Kong supported the French army from Tongking to Canton.");
  bool dislodged = false;
  for (int i = 3; i < r.results.size(); ++i)
    if (sentence(i).find("China's army in Canton had no order and held, and was dislodged from Tongking") == 0)
      dislodged = true;
  CHECK(dislodged);
}

// What the power whose orders are open has to do, in every kind of phase.
std::string task(const Board& b, std::string_view power, bool has_choice, const OrderList& orders = {}) {
  ResultText t;
  describe_task(b.map, b.pos, b.power(power), has_choice, orders, t);
  return std::string(t.view());
}

TEST_CASE("what to do now: movement, how many units are ordered of how many") {
  const Map& map = builtin_map("colonial");
  Board b(map, PhaseKind::Movement);
  b.put("Britain", 'A', "del");
  b.put("Britain", 'A', "mad");
  b.put("Britain", 'F', "bom");
  CHECK(task(b, "Britain", true) == "0 of 3 units ordered");
  b.move("Britain", 'A', "del", "pun");
  b.hold("Britain", 'A', "mad");
  CHECK(task(b, "Britain", true, b.orders) == "2 of 3 units ordered");
  // A unit ordered twice counts once; another power's orders not at all.
  b.move("Britain", 'A', "del", "nep");
  b.put("France", 'A', "ton");
  b.hold("France", 'A', "ton");
  CHECK(task(b, "Britain", true, b.orders) == "2 of 3 units ordered");
  b.put("France", 'A', "kam");
  CHECK(task(b, "France", true) == "0 of 2 units ordered");
  Board one(map, PhaseKind::Movement);
  one.put("Japan", 'F', "kyu");
  CHECK(task(one, "Japan", true) == "0 of 1 unit ordered");
}

TEST_CASE("what to do now: retreats, the units with somewhere to go") {
  const Map& map = builtin_map("colonial");
  Board b(map, PhaseKind::Retreat);
  b.put("France", 'A', "del");
  b.put_dislodged("Britain", 'A', "del", "pun");
  CHECK(task(b, "Britain", true) == "1 unit must retreat");
  b.retreat("Britain", 'A', "del", "nag");
  CHECK(task(b, "Britain", true, b.orders) == "1 unit must retreat: 1 ordered");
  // A second dislodged unit hemmed in on every side is destroyed whatever is
  // ordered: it is not counted.
  Board hemmed(map, PhaseKind::Retreat);
  hemmed.put("France", 'A', "del");
  hemmed.put_dislodged("Britain", 'A', "del", "pun");
  hemmed.put("France", 'A', "mad");
  hemmed.put_dislodged("Britain", 'A', "mad", "mys");
  hemmed.put("France", 'A', "hyd");
  CHECK(task(hemmed, "Britain", true) == "1 unit must retreat");
  // Nobody's choice: passed without asking.
  CHECK(task(b, "France", false) == "Nothing to do this phase: Done");
}

TEST_CASE("what to do now: builds with the free home colonies, removals") {
  const Map& map = builtin_map("colonial");
  Board b(map, PhaseKind::Adjustment);
  const PowerId britain = b.power("Britain");
  b.put("Britain", 'A', "del");
  for (const char* colony : {"del", "mad", "bom", "ade", "sin"}) b.pos.owner[b.prov(colony)] = britain;
  // Five colonies and one unit: four due, four free home colonies (Delhi is
  // occupied).
  CHECK(task(b, "Britain", true) == "Build 4 (4 colonies free to build in)");
  // Two units more: two due, still two free of the four.
  b.put("Britain", 'F', "ade");
  b.put("Britain", 'F', "sin");
  CHECK(task(b, "Britain", true) == "Build 2 (2 colonies free to build in)");
  // More due than free places: as many as it can build.
  Board short_of(map, PhaseKind::Adjustment);
  for (const char* colony : {"del", "mad", "kam", "per", "ton"}) short_of.pos.owner[short_of.prov(colony)] = britain;
  short_of.put("Britain", 'A', "del");
  CHECK(task(short_of, "Britain", true) == "Build 1 (1 colony free to build in)");
  // Fewer colonies than units: removals.
  Board remove(map, PhaseKind::Adjustment);
  remove.pos.owner[remove.prov("del")] = britain;
  remove.put("Britain", 'A', "del");
  remove.put("Britain", 'A', "mad");
  remove.put("Britain", 'F', "bom");
  CHECK(task(remove, "Britain", true) == "Remove 2 units");
  remove.put("Britain", 'F', "sin");
  CHECK(task(remove, "Britain", true) == "Remove 3 units");
  Board one(map, PhaseKind::Adjustment);
  one.pos.owner[one.prov("del")] = britain;
  one.put("Britain", 'A', "del");
  one.put("Britain", 'A', "kam");
  CHECK(task(one, "Britain", true) == "Remove 1 unit");
  CHECK(task(one, "France", false) == "Nothing to do this phase: Done");
}

TEST_CASE("what to do now: the game's own choice, from Game::has_choice") {
  Map map;
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", map, errors));
  Game game;
  GameSettings settings;
  settings.rules.map_options = map.default_options();
  game.start(map, settings);
  ResultText t;
  describe_task(game, map.find_power("Britain"), {}, t);
  CHECK(t.view() == "0 of 6 units ordered");
  describe_task(game, map.find_power("Turkey"), {}, t);
  CHECK(t.view() == "0 of 3 units ordered");
}

}  // namespace
}  // namespace colonial::test
