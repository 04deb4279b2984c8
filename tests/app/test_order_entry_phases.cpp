// Order entry in retreat and adjustment phases: retreats and disbands,
// builds with their count ("Build 2"), waives, removals, coasts of builds.
#include "test_order_entry_fixture.h"

namespace colonial::test {
namespace {

int find_row(const OrderEntryModel& e, ProvinceId p) {
  for (int i = 0; i < e.row_count(); ++i)
    if (e.row(i).unit == p) return i;
  return -1;
}

TEST_CASE("order entry: retreats - legal retreats only, disband, implicit disband listed") {
  Crafted c(PhaseKind::Retreat);
  c.fleet("France", "SCS").fleet("Britain", "HON").army("China", "CAN");
  c.dislodged("Britain", UnitType::Fleet, "SCS", "GOS");
  c.dislodged("China", UnitType::Army, "SHA", "NAN");
  c.pos.standoffs.set(prov("ECS"));
  c.start();
  OrderEntryModel& e = entry_for("Britain");
  ProvinceSet only_scs;
  only_scs.set(prov("SCS"));
  CHECK(e.targets() == only_scs);  // the dislodged unit, not F HON
  REQUIRE(e.row_count() == 1);
  CHECK(row_text(e, 0) == "F SCS disbands (no order)");
  CHECK(e.row(0).implicit);

  e.tap(prov("SHA"), false);  // China's dislodged army: not Britain's to order
  CHECK(e.step() == EntryStep::Idle);
  e.tap(prov("HON"), false);  // not dislodged: no order to give
  CHECK(e.step() == EntryStep::Idle);

  e.tap(prov("SCS"), false);
  CHECK(e.step() == EntryStep::Action);
  CHECK(e.action() == EntryAction::Retreat);
  CHECK(e.available(EntryAction::Disband));
  CHECK_FALSE(e.available(EntryAction::Hold));
  CHECK_FALSE(e.available(EntryAction::Support));
  CHECK(sentence(e) == "F SCS -");
  CHECK_FALSE(e.targets().test(prov("GOS")));  // the attacker came from there
  CHECK_FALSE(e.targets().test(prov("HON")));  // occupied
  CHECK_FALSE(e.targets().test(prov("CAN")));  // occupied
  CHECK_FALSE(e.targets().test(prov("ECS")));  // left empty by a standoff
  CHECK(e.targets().test(prov("LUZ")));
  static LegalOrders legal;
  REQUIRE(legal_orders(world().map, world().game.position(), prov("SCS"), legal));
  ProvinceSet retreats;
  for (const Order& o : legal)
    if (o.kind == OrderKind::Retreat) retreats.set(world().map.province_of(o.to));
  CHECK(e.targets() == retreats);
  // Tapping the unit again does not disband it by accident.
  e.tap(prov("SCS"), false);
  CHECK(e.orders().empty());
  CHECK_FALSE(e.message().empty());
  e.tap(prov("LUZ"), false);
  REQUIRE(e.orders().size() == 1);
  CHECK(e.orders()[0].kind == OrderKind::Retreat);
  CHECK(last_order(e) == "F SCS - LS");
  CHECK(row_text(e, 0) == "F SCS - LS");
  check_all_legal(e);

  e.tap(prov("SCS"), false);
  e.choose(EntryAction::Disband);
  REQUIRE(e.orders().size() == 1);  // replaced, not added
  CHECK(last_order(e) == "Disband F SCS");
  check_all_legal(e);
  CHECK(e.undo());
  CHECK(last_order(e) == "F SCS - LS");

  // China's entry sees its own dislodged army only.
  OrderEntryModel& china = entry_for("China");
  REQUIRE(china.row_count() == 1);
  CHECK(row_text(china, 0) == "A SHA disbands (no order)");
}

TEST_CASE("order entry: builds - Build 2, army and fleet, waive, undo, the count left") {
  Crafted c(PhaseKind::Adjustment);
  // Britain holds its six home colonies with four units: two builds, at
  // Delhi (inland: armies only) and Bombay.
  c.fleet("Britain", "HON").army("Britain", "MAD").fleet("Britain", "SIN").fleet("Britain", "ADE");
  c.army("China", "PEK");
  c.start();
  REQUIRE(world().game.adjustment_due(power("Britain")) == 2);
  OrderEntryModel& e = entry_for("Britain");
  EntryText title;
  e.adjustment_title(title);
  CHECK(title.view() == "Build 2");
  CHECK(e.adjustments_left() == 2);
  ProvinceSet sites;
  sites.set(prov("DEL"));
  sites.set(prov("BOM"));
  CHECK(e.targets() == sites);
  CHECK(e.available(EntryAction::Waive));
  REQUIRE(e.row_count() == 1);
  CHECK(row_text(e, 0) == "2 builds left: waived if you do not build");

  e.tap(prov("HON"), false);  // occupied home colony: no build
  CHECK(e.step() == EntryStep::Idle);
  e.tap(prov("DEL"), false);
  CHECK(e.action() == EntryAction::BuildArmy);
  CHECK(e.available(EntryAction::BuildArmy));
  CHECK_FALSE(e.available(EntryAction::BuildFleet));  // Delhi is inland
  CHECK(sentence(e) == "Build A DEL");
  e.tap(prov("DEL"), false);  // again: build
  CHECK(last_order(e) == "Build A DEL");
  CHECK(e.adjustments_left() == 1);

  e.tap(prov("BOM"), false);
  REQUIRE(e.available(EntryAction::BuildFleet));
  e.choose(EntryAction::BuildFleet);
  CHECK(last_order(e) == "Build F BOM");
  CHECK(e.adjustments_left() == 0);
  CHECK_FALSE(e.available(EntryAction::Waive));
  check_all_legal(e);
  // Changing a build: the site is still tappable, the new order replaces the old.
  CHECK(e.targets() == sites);
  e.tap(prov("BOM"), false);
  e.choose(EntryAction::BuildArmy);
  CHECK(e.orders().size() == 2);
  CHECK(e.order_of(prov("BOM"))->unit == UnitType::Army);

  CHECK(e.undo());
  CHECK(e.order_of(prov("BOM"))->unit == UnitType::Fleet);
  e.remove(prov("BOM"));
  CHECK(e.adjustments_left() == 1);
  e.choose(EntryAction::Waive);
  CHECK(last_order(e) == "Waive");
  CHECK(e.adjustments_left() == 0);
  CHECK(e.orders().size() == 2);
  check_all_legal(e);
  // Delete the waive from the list: one build is left again.
  bool deleted = false;
  for (int i = 0; i < e.row_count(); ++i)
    if (e.row(i).order.kind == OrderKind::Waive && !e.row(i).implicit) {
      e.remove_row(i);
      deleted = true;
      break;
    }
  CHECK(deleted);
  CHECK(e.adjustments_left() == 1);
  CHECK(row_text(e, e.row_count() - 1) == "1 build left: waived if you do not build");
  // The hold shortcut builds the default unit at once.
  e.tap(prov("BOM"), true);
  CHECK(last_order(e) == "Build A BOM");
  check_all_legal(e);
  // China's entry holds none of this: each power builds its own.
  OrderEntryModel& china = entry_for("China");
  CHECK(china.orders().empty());
  CHECK_FALSE(china.targets().test(prov("DEL")));
}

TEST_CASE("order entry: Era of Empire's winter - a build in a conquered centre, conversions with nothing owed") {
  Crafted c(PhaseKind::Adjustment);
  // Britain holds its six home colonies, each with a unit, and Bengal,
  // empty: one build, which only conscription lets it place in Bengal.
  c.fleet("Britain", "HON").army("Britain", "MAD").fleet("Britain", "SIN").fleet("Britain", "ADE");
  c.army("Britain", "DEL").fleet("Britain", "BOM").owner("BEN", "Britain");
  // Japan: four colonies, four units, nothing owed.
  c.fleet("Japan", "TOK").army("Japan", "KYO").fleet("Japan", "KYU").fleet("Japan", "OTA");
  GameSettings rules = settings_for(world().map);
  {
    c.start(rules);
    OrderEntryModel& plain = entry_for("Britain");
    CHECK(plain.targets().empty());        // the 1995 rules: home colonies only, all occupied
    CHECK(plain.adjustments_left() == 0);  // nowhere to build: nothing owed
    CHECK(hint(entry_for("Japan")) == "You have nothing to build or disband");
  }
  rules.rules.conscription = rules.rules.conversion = true;
  c.start(rules);
  REQUIRE(world().game.adjustment_due(power("Britain")) == 1);
  OrderEntryModel& e = entry_for("Britain");
  CHECK(e.targets().test(prov("BEN")));
  CHECK(e.targets().test(prov("ADE")));        // the fleet in Aden may become an army
  CHECK_FALSE(e.targets().test(prov("DEL")));  // inland: an army never becomes a fleet there
  CHECK(hint(e) == "Tap a highlighted colony to build there, a unit to convert it, or Waive");

  e.tap(prov("ADE"), false);
  CHECK(e.action() == EntryAction::BuildArmy);
  CHECK(e.action_text(EntryAction::BuildArmy) == "Convert to army");
  e.tap(prov("ADE"), false);
  CHECK(last_order(e) == "Build A ADEN");
  CHECK(e.adjustments_left() == 1);  // a conversion uses no build
  CHECK(row_text(e, 0) == "Build A ADEN (the fleet becomes an army)");

  e.tap(prov("BEN"), false);
  CHECK(e.action_text(EntryAction::BuildFleet) == "Build fleet");
  e.choose(EntryAction::BuildFleet);
  CHECK(last_order(e) == "Build F BEN");
  CHECK(e.adjustments_left() == 0);
  // Every build is entered, yet the other units may still be converted.
  CHECK(hint(e) == "Every build is entered; tap a unit to convert it");
  e.tap(prov("MAD"), false);
  CHECK(e.action_text(EntryAction::BuildFleet) == "Convert to fleet");
  e.tap(prov("MAD"), false);
  CHECK(last_order(e) == "Build F MAD");
  CHECK(e.orders().size() == 3);
  check_all_legal(e);

  // Japan owes nothing and may still convert.
  OrderEntryModel& japan = entry_for("Japan");
  CHECK(japan.adjustment_due() == 0);
  CHECK(hint(japan) == "Tap a unit in one of your centres to convert it, or Done");
  japan.tap(prov("TOK"), false);
  japan.tap(prov("TOK"), false);
  CHECK(last_order(japan) == "Build A TOK");
  check_all_legal(japan);
}

TEST_CASE("order entry: disbands - Disband 1, chosen by taps, the count enforced") {
  Crafted c(PhaseKind::Adjustment);
  for (const char* home : {"HON", "ADE", "SIN", "BOM"}) c.fleet("Britain", home);
  c.army("Britain", "DEL").army("Britain", "MAD").army("Britain", "BEN");
  c.start();
  REQUIRE(world().game.adjustment_due(power("Britain")) == -1);
  OrderEntryModel& e = entry_for("Britain");
  EntryText title;
  e.adjustment_title(title);
  CHECK(title.view() == "Disband 1");
  CHECK_FALSE(e.available(EntryAction::Waive));
  CHECK(e.targets().test(prov("BEN")));
  CHECK(e.targets().count() == 7);
  e.tap(prov("BEN"), false);
  CHECK(e.action() == EntryAction::Disband);
  CHECK(sentence(e) == "Disband A BEN");
  CHECK_FALSE(e.available(EntryAction::BuildArmy));
  e.tap(prov("BEN"), false);
  CHECK(last_order(e) == "Disband A BEN");
  CHECK(e.adjustments_left() == 0);
  // The count is reached: another unit is refused with a sentence.
  e.tap(prov("DEL"), false);
  CHECK(e.orders().size() == 1);
  CHECK(e.step() == EntryStep::Idle);
  CHECK_FALSE(e.message().empty());
  // Replacing the disband: undo, then the hold shortcut disbands Delhi.
  CHECK(e.undo());
  e.tap(prov("DEL"), true);
  CHECK(last_order(e) == "Disband A DEL");
  check_all_legal(e);
  REQUIRE(find_row(e, prov("DEL")) >= 0);
  CHECK(row_text(e, find_row(e, prov("DEL"))) == "Disband A DEL");
}

TEST_CASE("order entry: a fleet built on a split-coast colony asks for the coast (Standard map)") {
  Crafted c(PhaseKind::Adjustment, "standard");
  c.pos.phase.season = Season::Winter;
  c.army("Russia", "MOS").army("Russia", "WAR");
  c.start();
  REQUIRE(world().game.adjustment_due(power("Russia")) == 2);
  OrderEntryModel& e = entry_for("Russia");
  e.tap(prov("STP"), false);
  REQUIRE(e.available(EntryAction::BuildFleet));
  e.choose(EntryAction::BuildFleet);
  REQUIRE(e.step() == EntryStep::Coast);
  REQUIRE(e.coast_choices().size() == 2);
  CHECK(e.targets().test(prov("STP")));
  int north = -1;
  for (int i = 0; i < 2; ++i)
    if (e.coast_choices()[i].at == loc("STP", Coast::North)) north = i;
  REQUIRE(north >= 0);
  e.choose_coast(north);
  REQUIRE(e.orders().size() == 1);
  CHECK(e.orders()[0].at == loc("STP", Coast::North));
  CHECK(last_order(e) == "Build F STP/nc");
  check_all_legal(e);
}

}  // namespace
}  // namespace colonial::test
