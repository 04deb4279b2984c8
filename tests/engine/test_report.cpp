// Results and warnings as sentences: what the judge prints and the app shows.
#include <doctest/doctest.h>

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

}  // namespace
}  // namespace colonial::test
