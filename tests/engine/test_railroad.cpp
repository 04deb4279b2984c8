// Colonial's special rules where the DATC text format cannot look: the typed
// results of the Trans-Siberian Railroad (where the army stopped, why an
// order was void), its legality and order lists, the rule switched off; rule
// 9.11 (China waits for Hong Kong) and the closed provinces of the
// two-player game (12.1). The movements themselves are the DATC-format cases
// of tests/data/datc/colonial_tsr.txt.
#include <doctest/doctest.h>

#include "report.h"
#include "test_adjudicator_fixture.h"

namespace colonial::test {
namespace {

const OrderResult& result_at(const Board& b, const PhaseResults& r, std::string_view at) {
  const ProvinceId p = b.prov(at);
  for (const OrderResult& x : r.results)
    if (x.order.at != kNoLocation && b.map.province_of(x.order.at) == p) return x;
  FAIL("no result for ", at);
  return r.results[0];
}

Order& rail(Board& b, std::string_view w, std::string_view at, std::string_view to) {
  Order o = b.base(w, 'A', at, OrderKind::RailMove);
  o.to = b.loc(to);
  return b.add(o);
}

bool lists(const Map& map, const Position& pos, ProvinceId p, const Order& wanted) {
  LegalOrders list;
  REQUIRE(legal_orders(map, pos, p, list));
  for (const Order& o : list)
    if (o == wanted) return true;
  return false;
}

TEST_CASE("railroad: the result says where the army ended") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.put("Russia", 'A', "mos");
  Position after;
  PhaseResults r;
  ResultText text;
  SUBCASE("all the way: succeeded") {
    rail(b, "Russia", "mos", "vla");
    b.resolve(after, r);
    CHECK(r.results[0].outcome == Outcome::Succeeded);
    CHECK(r.results[0].reached == kNoProvince);
    CHECK(has_unit(b, after, "Russia", 'A', "vla"));
  }
  SUBCASE("stopped by a Chinese army in Krasnoyarsk (9.241): stopped short in Omsk") {
    b.put("China", 'A', "kra");
    rail(b, "Russia", "mos", "vla");
    b.resolve(after, r);
    const OrderResult& x = result_at(b, r, "mos");
    CHECK(x.outcome == Outcome::StoppedShort);
    CHECK(x.reached == b.prov("oms"));
    CHECK(x.order.to == b.loc("vla"));  // the order as given
    describe_result(map, x, OrderStyle::Judge, text);
    CHECK(text.view() == "Russia: A mos - TSR - vla: stopped short in Omsk");
    CHECK(has_unit(b, after, "Russia", 'A', "oms"));
    CHECK_FALSE(after.units[b.prov("mos")].present());
  }
  SUBCASE("blocked at the first station: bounced, in place") {
    b.put("China", 'A', "prm");
    rail(b, "Russia", "mos", "vla");
    b.resolve(after, r);
    CHECK(result_at(b, r, "mos").outcome == Outcome::Bounced);
    CHECK(result_at(b, r, "mos").reached == kNoProvince);
    CHECK(has_unit(b, after, "Russia", 'A', "mos"));
    CHECK(after.standoffs.empty());  // nobody contested an empty space
  }
  SUBCASE("a standoff with a foreign attack leaves the station closed to retreats (9.25)") {
    b.put("China", 'A', "mon");
    rail(b, "Russia", "mos", "vla");
    b.move("China", 'A', "mon", "kra");
    b.resolve(after, r);
    CHECK(result_at(b, r, "mos").outcome == Outcome::StoppedShort);
    CHECK(result_at(b, r, "mon").outcome == Outcome::Bounced);
    CHECK(after.standoffs.test(b.prov("kra")));
  }
}

TEST_CASE("railroad: supports on the final part only, and no support to hold a railing army") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.put("Russia", 'A', "mos");
  b.put("Russia", 'A', "vla");
  b.put("Russia", 'A', "oms");
  b.put("China", 'A', "mac");
  rail(b, "Russia", "mos", "irk");
  b.support_move("Russia", 'A', "vla", 'A', "mos", "irk");  // the final part: counts (9.26)
  b.support_move("Russia", 'A', "oms", 'A', "mos", "kra");  // a part on the way: not this order
  b.move("China", 'A', "mac", "irk");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(result_at(b, r, "mos").outcome == Outcome::Succeeded);
  CHECK(result_at(b, r, "vla").outcome == Outcome::Succeeded);
  CHECK(result_at(b, r, "oms").outcome == Outcome::NotMatched);
  CHECK(result_at(b, r, "mac").outcome == Outcome::Bounced);

  Board h(map);
  h.put("Russia", 'A', "mos");
  h.put("Russia", 'A', "ode");
  rail(h, "Russia", "mos", "oms");
  h.support_hold("Russia", 'A', "ode", 'A', "mos");
  h.resolve(after, r);
  CHECK(result_at(h, r, "ode").outcome == Outcome::NotMatched);
}

TEST_CASE("railroad: two railroad orders are void and both units hold (9.22, ruling)") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.put("Russia", 'A', "mos");
  b.put("Russia", 'A', "vla");
  rail(b, "Russia", "mos", "oms");
  rail(b, "Russia", "vla", "irk");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  REQUIRE(r.results.size() == 2);
  for (const OrderResult& x : r.results) {
    CHECK(x.outcome == Outcome::Void);
    CHECK(x.reason == VoidReason::RailroadInUse);
  }
  CHECK(has_unit(b, after, "Russia", 'A', "mos"));
  CHECK(has_unit(b, after, "Russia", 'A', "vla"));
  ResultText text;
  describe_result(map, r.results[0], OrderStyle::Judge, text);
  CHECK(text.view().find("Only one unit may use the railroad each turn (rule 9.22)") != std::string_view::npos);
}

TEST_CASE("railroad: Russia only, armies only, between stations, movement phases only") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.put("Russia", 'A', "mos");
  b.put("Russia", 'F', "vla");
  b.put("China", 'A', "kra");
  b.put("Russia", 'A', "sem");
  CHECK(check_order(map, b.pos, rail(b, "Russia", "mos", "irk")) == VoidReason::None);
  CHECK(check_order(map, b.pos, rail(b, "Russia", "mos", "mos")) == VoidReason::SameProvince);
  CHECK(check_order(map, b.pos, rail(b, "Russia", "mos", "sem")) == VoidReason::NotOnRailroad);
  CHECK(check_order(map, b.pos, rail(b, "Russia", "sem", "mos")) == VoidReason::NotOnRailroad);
  CHECK(check_order(map, b.pos, rail(b, "China", "kra", "vla")) == VoidReason::NotRailroadOwner);
  Order fleet = b.base("Russia", 'F', "vla", OrderKind::RailMove);
  fleet.to = b.loc("mos");
  CHECK(check_order(map, b.pos, fleet) == VoidReason::RailroadArmiesOnly);
  // A blocked line does not make the order illegal: the blocker may leave.
  CHECK(check_order(map, b.pos, rail(b, "Russia", "mos", "vla")) == VoidReason::None);
  CHECK(check_order(map, b.pos, rail(b, "Russia", "mos", "irk"), PhaseKind::Retreat) == VoidReason::WrongPhase);
  ReasonText why;
  describe_void(map, fleet, VoidReason::RailroadArmiesOnly, why);
  CHECK(why.view() == "Only armies travel by railroad (rule 9.2)");
  describe_void(map, b.orders[2], VoidReason::NotOnRailroad, why);
  CHECK(why.view() == "A MOS cannot go to Semipalatinsk by railroad: both must be stations of the line");
}

TEST_CASE("railroad: switched off, the order is void and the army holds") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.pos.rules.railroad = false;
  b.put("Russia", 'A', "mos");
  rail(b, "Russia", "mos", "vla");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(r.results[0].outcome == Outcome::Void);
  CHECK(r.results[0].reason == VoidReason::RuleNotInForce);
  CHECK(has_unit(b, after, "Russia", 'A', "mos"));
  ReasonText why;
  describe_void(map, r.results[0].order, r.results[0].reason, why);
  CHECK(why.view() == "The railroad rule (9.2) is not in force in this game");
  LegalOrders list;
  REQUIRE(legal_orders(map, b.pos, b.prov("mos"), list));
  for (const Order& o : list) CHECK(o.kind != OrderKind::RailMove);
}

TEST_CASE("railroad: the order lists offer every station, and the supports of the final part") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.put("Russia", 'A', "mos");
  b.put("Russia", 'A', "vla");
  b.put("Russia", 'A', "sem");
  LegalOrders list;
  REQUIRE(legal_orders(map, b.pos, b.prov("mos"), list));
  int rails = 0;
  for (const Order& o : list) rails += o.kind == OrderKind::RailMove;
  CHECK(rails == 5);  // PRM OMS KRA IRK VLA
  Order o = b.base("Russia", 'A', "mos", OrderKind::RailMove);
  o.to = b.loc("irk");
  CHECK(lists(map, b.pos, b.prov("mos"), o));
  // Off the line, no railroad.
  REQUIRE(legal_orders(map, b.pos, b.prov("sem"), list));
  for (const Order& x : list) CHECK(x.kind != OrderKind::RailMove);
  // 9.26's "A VLA S A MOS-IRK".
  Order s = b.base("Russia", 'A', "vla", OrderKind::Support);
  s.other_unit = UnitType::Army;
  s.other_at = b.loc("mos");
  s.other_power = b.power("Russia");
  s.to = b.loc("irk");
  CHECK(lists(map, b.pos, b.prov("vla"), s));
}

TEST_CASE("railroad: a paradox resolves the same whatever the order of the orders (Szykman extension)") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.put("Russia", 'A', "mos");
  b.put("China", 'A', "oms");
  rail(b, "Russia", "mos", "kra");
  b.move("China", 'A', "oms", "kra");
  Position after, again;
  PhaseResults r, r2;
  b.resolve(after, r);
  // The part through Omsk fails; the railing army still bounces the
  // Chinese army in Krasnoyarsk.
  CHECK(result_at(b, r, "mos").outcome == Outcome::StoppedShort);
  CHECK(result_at(b, r, "mos").reached == b.prov("prm"));
  CHECK(result_at(b, r, "oms").outcome == Outcome::Bounced);
  const Order first = b.orders[0];
  b.orders[0] = b.orders[1];
  b.orders[1] = first;
  b.resolve(again, r2);
  CHECK(again == after);
}

TEST_CASE("Hong Kong (9.1): a Chinese unit leaves it nobody's, any other takes it") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  const ProvinceId hk = b.prov("hon");
  b.pos.owner[hk] = b.power("Britain");
  update_colony_owners(map, b.pos);
  CHECK(b.pos.owner[hk] == b.power("Britain"));  // nobody there: unchanged
  b.put("France", 'F', "hon");
  update_colony_owners(map, b.pos);
  CHECK(b.pos.owner[hk] == b.power("France"));
  b.put("China", 'A', "hon");
  update_colony_owners(map, b.pos);
  CHECK(b.pos.owner[hk] == kNoPower);
  CHECK(b.pos.colony_count(map, b.power("China")) == 0);
  b.pos.rules.hong_kong = false;
  update_colony_owners(map, b.pos);
  CHECK(b.pos.owner[hk] == b.power("China"));
  CHECK(b.pos.colony_count(map, b.power("China")) == 1);
}

TEST_CASE("rule 9.11 (optional): China may not enter Hong Kong before the first count") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.put("China", 'A', "can");
  b.put("China", 'F', "scs");
  b.put("Britain", 'F', "hon");
  const Order into = b.move("China", 'A', "can", "hon");
  const Order support = b.support_move("China", 'F', "scs", 'A', "can", "hon");
  const Order british_out = b.move("Britain", 'F', "hon", "scs");
  auto verdict = [&](int year, Calendar calendar) {
    b.pos.phase.year = static_cast<i16>(year);
    b.pos.rules.calendar = calendar;
    return check_order(map, b.pos, into);
  };
  SUBCASE("off by default (the errata deleted it)") {
    CHECK_FALSE(RuleOptions().china_waits_for_hong_kong);
    CHECK(verdict(1870, Calendar::Biennial1995) == VoidReason::None);
  }
  SUBCASE("on: closed in 1870 and 1872, open from 1874; with seasons, open after the first Fall") {
    b.pos.rules.china_waits_for_hong_kong = true;
    CHECK(verdict(1870, Calendar::Biennial1995) == VoidReason::HongKongClosed);
    CHECK(verdict(1872, Calendar::Biennial1995) == VoidReason::HongKongClosed);
    CHECK(verdict(1874, Calendar::Biennial1995) == VoidReason::None);
    CHECK(verdict(1870, Calendar::Seasons) == VoidReason::HongKongClosed);
    CHECK(verdict(1871, Calendar::Seasons) == VoidReason::None);
    b.pos.phase.year = 1870;
    b.pos.rules.calendar = Calendar::Biennial1995;
    CHECK(check_order(map, b.pos, support) == VoidReason::HongKongClosed);  // no support for it either
    CHECK(check_order(map, b.pos, british_out) == VoidReason::None);        // others are not bound
    CHECK_FALSE(lists(map, b.pos, b.prov("can"), into));
    Order walk = into;
    walk.to = b.loc("hon");
    ReasonText why;
    describe_void(map, walk, VoidReason::HongKongClosed, why);
    CHECK(why.view() ==
          "China may not enter Hong Kong until another power has held it at the end of a counting turn (rule 9.11)");
    // The British fleet leaves, the Chinese order is void: Hong Kong stays empty.
    Board m(map);
    m.pos.rules.china_waits_for_hong_kong = true;
    m.put("China", 'A', "can");
    m.put("Britain", 'F', "hon");
    m.move("China", 'A', "can", "hon");
    m.move("Britain", 'F', "hon", "scs");
    Position after;
    PhaseResults r;
    m.resolve(after, r);
    CHECK(r.results[0].outcome == Outcome::Void);
    CHECK(r.results[1].outcome == Outcome::Succeeded);
    CHECK_FALSE(after.units[m.prov("hon")].present());
    // Nor may China retreat there.
    Board rb(map, PhaseKind::Retreat);
    rb.pos.rules.china_waits_for_hong_kong = true;
    rb.put_dislodged("China", 'A', "can", "nan");
    CHECK(check_order(map, rb.pos, rb.retreat("China", 'A', "can", "hon")) == VoidReason::HongKongClosed);
  }
}

TEST_CASE("closed provinces (12.1): no unit enters them, by any order") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.pos.rules.closed.set(b.prov("mos"));
  b.put("Turkey", 'A', "bak");
  b.put("Turkey", 'A', "bok");
  b.put("Russia", 'A', "mos");
  CHECK(check_order(map, b.pos, b.move("Turkey", 'A', "bak", "mos")) == VoidReason::ProvinceClosed);
  CHECK(check_order(map, b.pos, b.support_move("Turkey", 'A', "bok", 'A', "bak", "mos")) == VoidReason::ProvinceClosed);
  CHECK_FALSE(lists(map, b.pos, b.prov("bak"), b.orders[0]));
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(has_unit(b, after, "Russia", 'A', "mos"));
  CHECK(has_unit(b, after, "Turkey", 'A', "bak"));
  ReasonText why;
  describe_void(map, b.orders[0], VoidReason::ProvinceClosed, why);
  CHECK(why.view() == "Moscow may not be entered in this game (rule 12.1: neutral Russia)");
  // Random orders never try.
  Random random;
  for (int i = 0; i < 200; ++i) {
    OrderList orders;
    random_orders(map, b.pos, random, orders);
    for (const Order& o : orders) {
      CHECK(check_order(map, b.pos, o) == VoidReason::None);
      if (o.kind == OrderKind::Move) CHECK(map.province_of(o.to) != b.prov("mos"));
    }
  }
}

// A small board where the railroad and the canal meet: the railroad runs
// S0 - S1 - S2, the canal joins the West and East Seas through the Isthmus,
// which touches S1 and S2.
const Map& rails_and_canal_map() {
  static Map map;
  static bool loaded = false;
  if (!loaded) {
    MapErrors errors;
    const char* text =
        "map \"Rails and canal\"\n"
        "calendar seasons 1901\n"
        "victory 3\n"
        "power Red Red R\n"
        "power Blue Blue U\n"
        "power Green Green G\n"
        "province S0 land \"Start\" colony home=Red unit=A\n"
        "province S1 land \"Middle\" colony home=Blue unit=A\n"
        "province S2 coast \"End\"\n"
        "province EE coast \"Isthmus\" colony home=Green unit=A\n"
        "province YY land \"Yard\"\n"
        "province WS sea \"West Sea\"\n"
        "province ES sea \"East Sea\"\n"
        "link S0 S1 army\n"
        "link S1 S2 army\n"
        "link S1 EE army\n"
        "link EE S2 army\n"
        "link S2 YY army\n"
        "link EE WS fleet\n"
        "link EE ES fleet\n"
        "link S2 ES fleet\n"
        "canal Canal WS ES via EE\n"
        "railroad Line Red S0 S1 S2\n";
    FixedString<2048> why;
    const bool ok = load_map(text, "rails.map", map, errors);
    errors.format(why);
    INFO(why.c_str());
    REQUIRE(ok);
    loaded = true;
  }
  return map;
}

// One cycle holding a canal and a railroad step, with no consistent outcome:
// the Green army leaves the Isthmus (closing the canal) only if it wins End
// against the railing army's 2, which it does with the Blue fleet's support,
// which stands only if the Green fleet's canal attack on the East Sea does
// not come, i.e. if the canal is closed; and the railing army reaches End
// only if the Blue army leaves Middle for the Isthmus, i.e. only if the Green
// army left. The canal ruling and the railroad ruling apply together (no
// priority): the canal is closed, the railroad step through Middle fails but
// still bounces at End - nobody moves.
TEST_CASE("railroad: a paradox through the railroad and the canal at once") {
  const Map& map = rails_and_canal_map();
  Board b(map);
  b.put("Red", 'A', "s0");
  b.put("Red", 'A', "yy");
  b.put("Blue", 'A', "s1");
  b.put("Blue", 'F', "es");
  b.put("Green", 'A', "ee");
  b.put("Green", 'F', "ws");
  rail(b, "Red", "s0", "s2");
  b.support_move("Red", 'A', "yy", 'A', "s0", "s2");
  b.move("Blue", 'A', "s1", "ee");
  b.support_move("Blue", 'F', "es", 'A', "ee", "s2");
  b.move("Green", 'A', "ee", "s2");
  b.move("Green", 'F', "ws", "es");
  for (const Order& o : b.orders) REQUIRE(check_order(map, b.pos, o) == VoidReason::None);
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(result_at(b, r, "s0").outcome == Outcome::Bounced);
  CHECK(result_at(b, r, "s1").outcome == Outcome::Bounced);
  CHECK(result_at(b, r, "ee").outcome == Outcome::Bounced);
  CHECK(result_at(b, r, "ws").outcome == Outcome::CanalClosed);
  CHECK(result_at(b, r, "es").outcome == Outcome::Succeeded);  // not cut: the canal attack never came
  CHECK(count_units(map, after) == 6);
  for (std::string_view p : {"s0", "s1", "ee", "ws", "es", "yy"})
    CHECK(after.units[b.prov(p)] == b.pos.units[b.prov(p)]);
  // Whatever the order of the orders.
  Position again;
  PhaseResults r2;
  for (int i = 0; i + 1 < b.orders.size(); i += 2) {
    const Order t = b.orders[i];
    b.orders[i] = b.orders[i + 1];
    b.orders[i + 1] = t;
  }
  b.resolve(again, r2);
  CHECK(again == after);
}

}  // namespace
}  // namespace colonial::test
