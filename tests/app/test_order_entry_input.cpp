// Order entry by keyboard: typed orders through the one parser, undo,
// cancel and back, and the cursor snapping from province to province.
#include <cmath>

#include "test_order_entry_fixture.h"

namespace colonial::test {
namespace {

TEST_CASE("order entry: typed orders - parsed, checked, refused with a sentence") {
  start_game();
  OrderEntryModel& e = entry_for("Britain");
  CHECK(e.type_orders("F HK - SCS"));
  CHECK(last_order(e) == "F HK - SCS");
  CHECK(e.message().empty());
  // Several on a line; the last for a unit replaces its earlier order.
  CHECK(e.type_orders("A DEL H, A MAD H, F HK H"));
  CHECK(e.orders().size() == 3);
  CHECK(order_text(e, *e.order_of(prov("HON"))) == "F HK H");
  check_all_legal(e);

  const int before = e.orders().size();
  CHECK_FALSE(e.type_orders("F HK - QQQZ"));  // no such place
  CHECK_FALSE(e.message().empty());
  CHECK_FALSE(e.type_orders("A DEL - BOB"));  // an army to sea
  CHECK(e.message().find("cannot reach") != std::string_view::npos);
  CHECK_FALSE(e.type_orders("A PEK H"));  // China's army
  CHECK_FALSE(e.message().empty());
  CHECK_FALSE(e.type_orders("Build A DEL"));  // not in a movement phase
  CHECK_FALSE(e.message().empty());
  // All or nothing: a good order before a bad one on the line is not kept.
  CHECK_FALSE(e.type_orders("A MAD - MYS, F HK - BOB"));
  CHECK(e.orders().size() == before);
  CHECK(order_text(e, *e.order_of(prov("MAD"))) == "A MAD H");
  CHECK(e.type_orders("A MAD - MYS"));
  CHECK(e.message().empty());
  check_all_legal(e);

  // A fleet move that could mean two coasts must say which.
  Crafted(PhaseKind::Movement).fleet("Britain", "MAL").start();
  OrderEntryModel& f = entry_for("Britain");
  CHECK_FALSE(f.type_orders("F MAL - BAN"));
  CHECK(f.message().find("coast") != std::string_view::npos);
  CHECK(f.type_orders("F MAL - BAN/wc"));
  CHECK(f.orders()[0].to == loc("BAN", Coast::West));
}

TEST_CASE("order entry: typed retreats and builds follow the phase's rules") {
  Crafted r(PhaseKind::Retreat);
  r.fleet("France", "SCS").dislodged("Britain", UnitType::Fleet, "SCS", "GOS");
  r.start();
  OrderEntryModel& e = entry_for("Britain");
  CHECK_FALSE(e.type_orders("F SCS - GOS"));  // to where the attacker came from
  CHECK(e.type_orders("F SCS - LUZ"));
  REQUIRE(e.orders().size() == 1);
  CHECK(e.orders()[0].kind == OrderKind::Retreat);
  check_all_legal(e);

  Crafted b(PhaseKind::Adjustment);
  b.fleet("Britain", "HON").army("Britain", "MAD").fleet("Britain", "SIN").fleet("Britain", "ADE");
  b.start();
  OrderEntryModel& g = entry_for("Britain");
  CHECK(g.type_orders("Build A DEL"));
  CHECK(g.type_orders("Build F BOM"));
  CHECK(g.adjustments_left() == 0);
  CHECK_FALSE(g.type_orders("Waive"));  // a third build
  CHECK(g.message().find("no builds left") != std::string_view::npos);
  CHECK(g.type_orders("Build A BOM"));  // the same site: replaces
  CHECK(g.order_of(prov("BOM"))->unit == UnitType::Army);
  CHECK_FALSE(g.type_orders("Build A HON"));  // occupied
  check_all_legal(g);
}

TEST_CASE("order entry: back steps back, cancel drops the order, undo reverts the list") {
  Crafted(PhaseKind::Movement).fleet("Britain", "HON").fleet("Britain", "GOS").start();
  OrderEntryModel& e = entry_for("Britain");
  CHECK_FALSE(e.back());  // nothing to go back from
  CHECK_FALSE(e.undo());
  e.tap(prov("HON"), false);
  e.choose(EntryAction::Support);
  e.tap(prov("GOS"), false);
  CHECK(e.step() == EntryStep::Other);
  CHECK(e.back());
  CHECK(e.step() == EntryStep::Action);
  CHECK(e.action() == EntryAction::Support);
  CHECK(e.back());
  CHECK(e.action() == EntryAction::Move);
  CHECK(e.back());
  CHECK(e.step() == EntryStep::Idle);
  CHECK(e.orders().empty());

  e.tap(prov("HON"), false);
  e.choose(EntryAction::Support);
  e.tap(prov("GOS"), false);
  e.cancel();
  CHECK(e.step() == EntryStep::Idle);
  CHECK(e.orders().empty());
  CHECK(sentence(e).empty());

  e.tap(prov("HON"), false);
  e.tap(prov("SCS"), false);
  e.tap(prov("HON"), false);
  e.tap(prov("HON"), false);  // changed to a hold
  REQUIRE(e.orders().size() == 1);
  CHECK(last_order(e) == "F HK H");
  CHECK(e.can_undo());
  CHECK(e.undo());
  CHECK(order_text(e, *e.order_of(prov("HON"))) == "F HK - SCS");
  CHECK(e.undo());
  CHECK(e.orders().empty());
  CHECK_FALSE(e.dirty());
  CHECK_FALSE(e.undo());
  // Undo also drops an order being built.
  e.tap(prov("GOS"), false);
  e.tap(prov("SCS"), false);
  e.tap(prov("HON"), false);
  CHECK(e.undo());
  CHECK(e.step() == EntryStep::Idle);
  CHECK(e.orders().empty());
  // Undo reaches back kUndoDepth changes, then stops.
  for (int i = 0; i < OrderEntryModel::kUndoDepth + 5; ++i) e.tap(prov("HON"), true);
  int undone = 0;
  while (e.undo()) ++undone;
  CHECK(undone == OrderEntryModel::kUndoDepth);
}

TEST_CASE("order entry: the cycle of actions (gamepad shoulders) and the list's edit and delete") {
  start_game();
  OrderEntryModel& e = entry_for("Russia");
  e.tap(prov("MOS"), false);
  EntryAction list[8];
  const int n = e.actions(list, 8);
  REQUIRE(n >= 3);
  CHECK(list[0] == EntryAction::Hold);
  CHECK(list[1] == EntryAction::Move);
  e.cycle(1);
  CHECK(e.action() == list[2]);
  for (int i = 0; i < n; ++i) e.cycle(1);
  CHECK(e.action() == list[2]);
  e.cycle(-1);
  e.cycle(-1);
  CHECK(e.action() == EntryAction::Hold);
  e.tap(prov("MOS"), false);  // the cursor's A on the unit under Hold
  CHECK(last_order(e) == "A MOS H");
  // Edit from the list: select the unit of a row, give it another order.
  int row = -1;
  for (int i = 0; i < e.row_count(); ++i)
    if (e.row(i).unit == prov("MOS")) row = i;
  REQUIRE(row >= 0);
  CHECK_FALSE(e.row(row).implicit);
  e.edit(prov("MOS"));
  CHECK(e.selected() == prov("MOS"));
  e.choose(EntryAction::Rail);
  e.tap(prov("IRK"), false);
  CHECK(row_text(e, row) == "A MOS-TSR-IRK");
  e.remove_row(row);
  CHECK(e.row(row).implicit);
  CHECK(row_text(e, row) == "A MOS holds (no order)");
  CHECK(e.orders().empty());
}

TEST_CASE("order entry: the cursor snaps to the provinces that matter, in the direction asked") {
  start_game();
  OrderEntryModel& e = entry_for("Britain");
  static ScreenPoint points[kMaxProvinces];
  for (ScreenPoint& p : points) p = ScreenPoint();
  auto place = [&](const char* name, float x, float y) { points[prov(name)] = {x, y, true}; };
  place("HON", 0, 0);
  place("DEL", -100, 0);
  place("MAD", -50, 60);
  place("SIN", 0, 100);
  place("PEK", 100, 0);  // China's: not one of Britain's units
  place("SCS", 20, 60);
  const int n = world().map.province_count();
  // The first move shows the cursor on one of the power's units.
  CHECK(e.cursor() == kNoProvince);
  e.cursor_move(1, 0, points, n);
  REQUIRE(e.cursor() != kNoProvince);
  CHECK(e.targets().test(e.cursor()));
  e.set_cursor(prov("HON"));
  e.cursor_move(-1, 0, points, n);
  CHECK(e.cursor() == prov("DEL"));  // straight ahead beats nearer but aside
  e.cursor_move(1, 1, points, n);
  CHECK(e.cursor() == prov("MAD"));
  e.cursor_move(1, -1, points, n);
  CHECK(e.cursor() == prov("HON"));
  e.cursor_move(0, 1, points, n);
  CHECK(e.cursor() == prov("SIN"));  // an own unit, not the sea on the way
  e.cursor_move(0, -1, points, n);
  e.cursor_move(1, 0, points, n);
  CHECK(e.cursor() == prov("PEK"));  // nothing of Britain's that way: any province
  e.cursor_move(1, 0, points, n);
  CHECK(e.cursor() == prov("PEK"));  // the edge: stays
  // With F HK selected the moves go between its targets.
  e.set_cursor(prov("HON"));
  e.cursor_activate();
  REQUIRE(e.selected() == prov("HON"));
  e.cursor_move(0, 1, points, n);
  CHECK(e.cursor() == prov("SCS"));
  e.cursor_activate();
  CHECK(last_order(e) == "F HK - SCS");
}

}  // namespace
}  // namespace colonial::test
