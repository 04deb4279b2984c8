// Results and warnings as sentences: what the judge prints and the app shows.
#include <doctest/doctest.h>

#include <string>

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

}  // namespace
}  // namespace colonial::test
