// Order entry in movement phases: every kind of order built by simulated
// taps and buttons, on the Colonial start position and crafted positions.
#include "test_order_entry_fixture.h"

namespace colonial::test {
namespace {

// Builds order o the way a player would: tap the unit, pick the action,
// tap the targets, choose a coast. Returns false if a step was not offered.
bool drive(OrderEntryModel& e, const Order& o) {
  const Map& map = world().map;
  const ProvinceId at = map.province_of(o.at);
  e.tap(at, false);
  if (e.step() != EntryStep::Action || e.selected() != at) return false;
  auto tap_target = [&](ProvinceId p) {
    if (!e.targets().test(p)) return false;
    e.tap(p, false);
    return true;
  };
  auto coast = [&] {
    if (e.step() != EntryStep::Coast) return true;
    for (int i = 0; i < e.coast_choices().size(); ++i)
      if (e.coast_choices()[i].to == o.to) {
        e.choose_coast(i);
        return true;
      }
    return false;
  };
  switch (o.kind) {
    case OrderKind::Hold: e.choose(EntryAction::Hold); return true;
    case OrderKind::Move:
      e.choose(EntryAction::Move);
      e.set_via_convoy(o.via_convoy);
      return tap_target(map.province_of(o.to)) && coast();
    case OrderKind::Retreat: e.choose(EntryAction::Retreat); return tap_target(map.province_of(o.to)) && coast();
    case OrderKind::Support:
      if (!e.available(EntryAction::Support)) return false;
      e.choose(EntryAction::Support);
      if (!tap_target(map.province_of(o.other_at))) return false;
      return tap_target(o.to == kNoLocation ? map.province_of(o.other_at) : map.province_of(o.to));
    case OrderKind::Convoy:
      if (!e.available(EntryAction::Convoy)) return false;
      e.choose(EntryAction::Convoy);
      return tap_target(map.province_of(o.other_at)) && tap_target(map.province_of(o.to));
    case OrderKind::RailMove:
      if (!e.available(EntryAction::Rail)) return false;
      e.choose(EntryAction::Rail);
      return tap_target(map.province_of(o.to));
    case OrderKind::CanalPermit:
      if (!e.available(EntryAction::CanalPermit)) return false;
      e.choose(EntryAction::CanalPermit);
      return tap_target(map.province_of(o.other_at));
    case OrderKind::Disband: e.choose(EntryAction::Disband); return true;
    default: return false;
  }
}

// Every legal order of every unit of the current position can be built by
// taps, and building it stores exactly that order.
void every_legal_order_by_taps() {
  World& w = world();
  const Position& pos = w.game.position();
  int built = 0;
  for (int i = 0; i < w.map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const Unit& u = pos.phase.kind == PhaseKind::Retreat ? pos.dislodged[p].unit : pos.units[p];
    if (!u.present()) continue;
    static LegalOrders legal;
    REQUIRE(legal_orders(w.map, pos, p, legal));
    for (const Order& o : legal) {
      OrderEntryModel& e = entry_for(w.map.power(u.power).name);
      const bool ok = drive(e, o);
      OrderText text;
      format_order(w.map, o, OrderStyle::Rulebook, text);
      INFO(text.c_str());
      REQUIRE(ok);
      REQUIRE(e.orders().size() == 1);
      CHECK(e.orders()[0] == o);
      CHECK(check_order(w.map, pos, e.orders()[0]) == VoidReason::None);
      ++built;
    }
  }
  CHECK(built > 0);
  MESSAGE("orders built by taps: " << built);
}

TEST_CASE("order entry: a move by two taps, implicit holds listed (Colonial start)") {
  start_game();
  OrderEntryModel& e = entry_for("Britain");
  CHECK(e.step() == EntryStep::Idle);
  CHECK(e.targets().test(prov("HON")));
  CHECK_FALSE(e.targets().test(prov("PEK")));
  CHECK_FALSE(e.dirty());
  // One row per British unit, each holding until ordered.
  CHECK(e.row_count() == world().game.position().unit_count(power("Britain")));
  bool saw_delhi = false;
  for (int i = 0; i < e.row_count(); ++i) {
    CHECK(e.row(i).implicit);
    if (e.row(i).unit == prov("DEL")) {
      CHECK(row_text(e, i) == "A DEL holds (no order)");
      saw_delhi = true;
    }
  }
  CHECK(saw_delhi);

  e.tap(prov("HON"), false);
  CHECK(e.step() == EntryStep::Action);
  CHECK(e.selected() == prov("HON"));
  CHECK(e.action() == EntryAction::Move);
  CHECK(sentence(e) == "F HK -");
  CHECK(e.targets().test(prov("SCS")));
  CHECK_FALSE(e.targets().test(prov("GOS")));  // not next to Hong Kong
  e.tap(prov("SCS"), false);
  CHECK(e.step() == EntryStep::Idle);
  REQUIRE(e.orders().size() == 1);
  CHECK(last_order(e) == "F HK - SCS");
  CHECK(sentence(e) == "F HK - SCS");  // the order just made stays in the bar
  CHECK(e.dirty());
  check_all_legal(e);
}

TEST_CASE("order entry: targets and buttons are exactly the legal choices (Colonial start)") {
  start_game();
  World& w = world();
  const Position& pos = w.game.position();
  int units = 0, rail_units = 0;
  for (int i = 0; i < w.map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const Unit& u = pos.units[p];
    if (!u.present()) continue;
    ++units;
    static LegalOrders legal;
    REQUIRE(legal_orders(w.map, pos, p, legal));
    ProvinceSet moves, supported;
    bool has[16] = {};
    for (const Order& o : legal) {
      has[static_cast<int>(o.kind)] = true;
      if (o.kind == OrderKind::Move) moves.set(w.map.province_of(o.to));
      if (o.kind == OrderKind::Support) supported.set(w.map.province_of(o.other_at));
    }
    OrderEntryModel& e = entry_for(w.map.power(u.power).name);
    e.tap(p, false);
    INFO(w.map.province(p).code);
    CHECK(e.targets() == moves);
    CHECK(e.available(EntryAction::Hold));
    CHECK(e.available(EntryAction::Move) == has[static_cast<int>(OrderKind::Move)]);
    CHECK(e.available(EntryAction::Support) == has[static_cast<int>(OrderKind::Support)]);
    CHECK(e.available(EntryAction::Convoy) == has[static_cast<int>(OrderKind::Convoy)]);
    CHECK(e.available(EntryAction::Rail) == has[static_cast<int>(OrderKind::RailMove)]);
    CHECK(e.available(EntryAction::CanalPermit) == has[static_cast<int>(OrderKind::CanalPermit)]);
    CHECK_FALSE(e.available(EntryAction::Retreat));
    CHECK_FALSE(e.available(EntryAction::BuildArmy));
    rail_units += e.available(EntryAction::Rail);
    if (e.available(EntryAction::Support)) {
      e.choose(EntryAction::Support);
      CHECK(e.targets() == supported);
      // Each supported unit: its destinations this unit can support into,
      // and the unit itself when a support to hold is possible.
      supported.for_each([&](int s) {
        ProvinceSet into;
        for (const Order& o : legal)
          if (o.kind == OrderKind::Support && w.map.province_of(o.other_at) == s)
            into.set(o.to == kNoLocation ? s : w.map.province_of(o.to));
        e.choose(EntryAction::Support);
        e.tap(static_cast<ProvinceId>(s), false);
        CHECK(e.step() == EntryStep::Other);
        CHECK(e.targets() == into);
      });
    }
  }
  CHECK(units > 20);
  CHECK(rail_units > 0);  // Moscow, Omsk and Vladivostok stand on the TSR
}

TEST_CASE("order entry: every legal order of the Colonial start position by taps") {
  start_game();
  every_legal_order_by_taps();
}

TEST_CASE("order entry: support to move - F HK S F GOS - SCS, the sentence growing") {
  Crafted(PhaseKind::Movement).fleet("Britain", "HON").fleet("Britain", "GOS").start();
  OrderEntryModel& e = entry_for("Britain");
  e.tap(prov("HON"), false);
  CHECK(sentence(e) == "F HK -");
  e.choose(EntryAction::Support);
  CHECK(sentence(e) == "F HK S");
  CHECK(e.targets().test(prov("GOS")));
  CHECK_FALSE(e.targets().test(prov("HON")));
  e.tap(prov("GOS"), false);
  CHECK(e.step() == EntryStep::Other);
  CHECK(sentence(e) == "F HK S F GOS");
  CHECK(e.targets().test(prov("SCS")));
  CHECK_FALSE(e.targets().test(prov("GOS")));  // Hong Kong cannot reach the Gulf: no support to hold
  CHECK_FALSE(e.targets().test(prov("HON")));  // nor into its own space
  CHECK_FALSE(e.targets().test(prov("SUN")));  // nor into a sea it does not touch
  e.tap(prov("SCS"), false);
  CHECK(last_order(e) == "F HK S F GOS - SCS");
  check_all_legal(e);
  every_legal_order_by_taps();
}

TEST_CASE("order entry: support to hold, of an own and of a foreign unit") {
  Crafted(PhaseKind::Movement).fleet("Britain", "HON").army("Britain", "CAN").start();
  OrderEntryModel& e = entry_for("Britain");
  e.tap(prov("HON"), false);
  e.choose(EntryAction::Support);
  e.tap(prov("CAN"), false);
  CHECK(e.targets().test(prov("CAN")));  // the unit itself: support to hold
  e.tap(prov("CAN"), false);
  CHECK(last_order(e) == "F HK S A CAN");
  CHECK(e.orders()[0].to == kNoLocation);
  check_all_legal(e);

  Crafted(PhaseKind::Movement).fleet("Britain", "HON").army("China", "CAN").start();
  OrderEntryModel& f = entry_for("Britain");
  f.tap(prov("HON"), false);
  f.choose(EntryAction::Support);
  f.tap(prov("CAN"), false);
  CHECK(sentence(f) == "F HK S Chinese A CAN");
  f.tap(prov("CAN"), false);
  CHECK(last_order(f) == "F HK S Chinese A CAN");
  check_all_legal(f);
}

TEST_CASE("order entry: convoy F YS C A SHA - KYU and the army's sea move") {
  Crafted(PhaseKind::Movement).army("China", "SHA").fleet("China", "YEL").start();
  OrderEntryModel& e = entry_for("China");
  e.tap(prov("YEL"), false);
  REQUIRE(e.available(EntryAction::Convoy));
  e.choose(EntryAction::Convoy);
  CHECK(sentence(e) == "F YS C");
  CHECK(e.targets().test(prov("SHA")));
  e.tap(prov("SHA"), false);
  CHECK(sentence(e) == "F YS C A SHA -");
  CHECK(e.targets().test(prov("KYU")));
  CHECK_FALSE(e.targets().test(prov("SHA")));
  e.tap(prov("KYU"), false);
  CHECK(last_order(e) == "F YS C A SHA - KYU");
  // The army's move across the Yellow Sea is offered because a fleet is there.
  e.tap(prov("SHA"), false);
  CHECK(e.targets().test(prov("KYU")));
  e.tap(prov("KYU"), false);
  CHECK(last_order(e) == "A SHA - KYU");
  CHECK(e.orders().size() == 2);
  check_all_legal(e);
  // An army has no Convoy button; a fleet in a coastal province neither.
  e.tap(prov("SHA"), false);
  CHECK_FALSE(e.available(EntryAction::Convoy));
  every_legal_order_by_taps();
}

TEST_CASE("order entry: A MOS-TSR-VLA, offered exactly when legal_orders offers a railroad move") {
  start_game();
  OrderEntryModel& e = entry_for("Russia");
  e.tap(prov("MOS"), false);
  REQUIRE(e.available(EntryAction::Rail));
  e.choose(EntryAction::Rail);
  CHECK(sentence(e) == "A MOS-TSR-");
  ProvinceSet stations;
  for (const char* s : {"PRM", "OMS", "KRA", "IRK", "VLA"}) stations.set(prov(s));
  CHECK(e.targets() == stations);
  e.tap(prov("VLA"), false);
  CHECK(last_order(e) == "A MOS-TSR-VLA");
  CHECK(e.orders()[0].kind == OrderKind::RailMove);
  check_all_legal(e);
  // Not for Russia's fleets, nor for the other powers' armies.
  e.tap(prov("ODE"), false);
  CHECK_FALSE(e.available(EntryAction::Rail));
  OrderEntryModel& china = entry_for("China");
  china.tap(prov("PEK"), false);
  CHECK_FALSE(china.available(EntryAction::Rail));
}

TEST_CASE("order entry: canal permission for the unit holding Egypt") {
  Crafted(PhaseKind::Movement).army("Britain", "EGY").fleet("Turkey", "MED").start();
  OrderEntryModel& e = entry_for("Britain");
  e.tap(prov("EGY"), false);
  REQUIRE(e.available(EntryAction::CanalPermit));
  e.choose(EntryAction::CanalPermit);
  CHECK(sentence(e) == "A EGY SC");
  ProvinceSet med;
  med.set(prov("MED"));
  CHECK(e.targets() == med);
  e.tap(prov("MED"), false);
  CHECK(last_order(e) == "A EGY SC Turkish F MED - RS");
  check_all_legal(e);
  // The permission is given beside the army's own order (rule 9.34): a
  // hold entered after it keeps it, and both are listed.
  e.tap(prov("EGY"), true);
  REQUIRE(e.orders().size() == 2);
  CHECK(e.order_of(prov("EGY"))->kind == OrderKind::Hold);
  CHECK(e.permit_of(prov("EGY"))->kind == OrderKind::CanalPermit);
  CHECK(e.row_count() == 2);
  // A new permission replaces the old one, not the hold.
  e.tap(prov("EGY"), false);
  e.choose(EntryAction::CanalPermit);
  e.tap(prov("MED"), false);
  CHECK(e.orders().size() == 2);
  // Deleting the unit's order leaves the permission.
  e.remove(prov("EGY"));
  REQUIRE(e.orders().size() == 1);
  CHECK(e.orders()[0].kind == OrderKind::CanalPermit);
  // Typed, both on one line.
  REQUIRE(e.type_orders("A EGY H SC Turkish F MED - RS"));
  CHECK(e.orders().size() == 2);
  every_legal_order_by_taps();

  // No fleet at either end of the canal: no button.
  Crafted(PhaseKind::Movement).army("Britain", "EGY").start();
  OrderEntryModel& f = entry_for("Britain");
  f.tap(prov("EGY"), false);
  CHECK_FALSE(f.available(EntryAction::CanalPermit));
}

TEST_CASE("order entry: the coast is asked only when a fleet's move is ambiguous") {
  Crafted(PhaseKind::Movement)
      .fleet("Britain", "MAL")
      .fleet("Britain", "GOS")
      .fleet("Japan", "FUS")
      .fleet("Turkey", "OMA")
      .start();
  struct Case {
    const char* power;
    const char* from;
    const char* to;
    Coast coast;
    const char* text;
  };
  for (const Case& c : {Case{"Britain", "MAL", "BAN", Coast::West, "F MAL - BAN/wc"},
                        Case{"Japan", "FUS", "SEO", Coast::East, "F FUS - SEO/ec"},
                        Case{"Turkey", "OMA", "ARB", Coast::North, "F OMAN - ARB/nc"}}) {
    INFO(c.from);
    OrderEntryModel& e = entry_for(c.power);
    e.tap(prov(c.from), false);
    e.tap(prov(c.to), false);
    REQUIRE(e.step() == EntryStep::Coast);
    REQUIRE(e.coast_choices().size() == 2);
    CHECK(e.orders().empty());
    int pick = -1;
    for (int i = 0; i < 2; ++i)
      if (e.coast_choices()[i].to == loc(c.to, c.coast)) pick = i;
    REQUIRE(pick >= 0);
    e.choose_coast(pick);
    CHECK(e.step() == EntryStep::Idle);
    CHECK(last_order(e) == std::string_view(c.text));
    CHECK(e.orders()[0].to == loc(c.to, c.coast));
    check_all_legal(e);
  }
  // Gulf of Siam touches only Bangkok's east coast: no question.
  OrderEntryModel& e = entry_for("Britain");
  e.tap(prov("GOS"), false);
  e.tap(prov("BAN"), false);
  CHECK(e.step() == EntryStep::Idle);
  CHECK(last_order(e) == "F GOS - BAN/ec");
  // Back from the coast question returns to the destination; the cursor's
  // pick (cycled like a gamepad's shoulder buttons) confirms on the province.
  e.tap(prov("MAL"), false);
  e.tap(prov("BAN"), false);
  REQUIRE(e.step() == EntryStep::Coast);
  CHECK(e.back());
  CHECK(e.step() == EntryStep::Action);
  e.tap(prov("BAN"), false);
  REQUIRE(e.step() == EntryStep::Coast);
  const LocationId first = e.coast_choices()[0].to;
  const LocationId second = e.coast_choices()[1].to;
  CHECK(sentence(e).substr(0, 12) == "F MAL - BAN/");
  e.cycle(1);
  CHECK(e.coast_pick() == 1);
  e.cycle(1);
  CHECK(e.coast_pick() == 0);
  e.cycle(-1);
  e.tap(prov("BAN"), false);
  CHECK(e.step() == EntryStep::Idle);
  CHECK(e.order_of(prov("MAL"))->to == second);
  CHECK(first != second);
  check_all_legal(e);
}

TEST_CASE("order entry: hold by long press, by tapping the unit again, or by the button") {
  start_game();
  OrderEntryModel& e = entry_for("Britain");
  e.tap(prov("HON"), true);
  CHECK(last_order(e) == "F HK H");
  e.tap(prov("DEL"), false);
  e.tap(prov("DEL"), false);
  CHECK(last_order(e) == "A DEL H");
  e.tap(prov("MAD"), false);
  e.choose(EntryAction::Hold);
  CHECK(last_order(e) == "A MAD H");
  // A long press on another unit while one is selected holds that one.
  e.tap(prov("HON"), false);
  e.tap(prov("SIN"), true);
  CHECK(last_order(e) == "F SIN H");
  CHECK(e.orders().size() == 4);
  check_all_legal(e);
}

TEST_CASE("order entry: taps that mean nothing do nothing") {
  start_game();
  OrderEntryModel& e = entry_for("Britain");
  for (const char* p : {"BOB", "TIB", "PEK", "MOS"}) {  // empty sea, empty land, foreign units
    e.tap(prov(p), false);
    CHECK(e.step() == EntryStep::Idle);
    CHECK(e.message().empty());
  }
  e.tap(kNoProvince, false);
  e.tap(static_cast<ProvinceId>(200), true);
  CHECK(e.step() == EntryStep::Idle);
  CHECK(e.orders().empty());
  CHECK_FALSE(e.dirty());
  // With a unit selected, a tap on a province it cannot reach keeps the selection.
  e.tap(prov("HON"), false);
  e.tap(prov("BOB"), false);
  CHECK(e.step() == EntryStep::Action);
  CHECK(e.selected() == prov("HON"));
  // Another own unit that is no target: the selection moves to it.
  e.tap(prov("DEL"), false);
  CHECK(e.selected() == prov("DEL"));
  CHECK(e.orders().empty());
}

TEST_CASE("order entry: privacy - only the power's own orders are loaded and listed") {
  start_game();
  World& w = world();
  OrderEntryModel& china = entry_for("China");
  china.tap(prov("PEK"), true);
  REQUIRE(w.game.submit(power("China"), china.orders()));
  OrderEntryModel& britain = entry_for("Britain");
  CHECK(britain.orders().empty());
  for (int i = 0; i < britain.row_count(); ++i) CHECK(britain.row(i).order.power == power("Britain"));
  britain.tap(prov("HON"), false);
  britain.tap(prov("SCS"), false);
  REQUIRE(w.game.submit(power("Britain"), britain.orders()));
  // Each power finds its own submitted orders again, and only those.
  OrderEntryModel& again = entry_for("Britain");
  REQUIRE(again.orders().size() == 1);
  CHECK(last_order(again) == "F HK - SCS");
  CHECK_FALSE(again.dirty());
  const Order* hk = again.order_of(prov("HON"));
  REQUIRE(hk);
  CHECK(hk->kind == OrderKind::Move);
  OrderEntryModel& china_again = entry_for("China");
  REQUIRE(china_again.orders().size() == 1);
  CHECK(last_order(china_again) == "A PEK H");
}

}  // namespace
}  // namespace colonial::test
