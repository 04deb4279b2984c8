// The adjudicator on hand-built positions: the rule behind each result is
// named in the test. The DATC itself runs as its own test (tests/datc).
#include <doctest/doctest.h>

#include "test_adjudicator_fixture.h"

namespace colonial::test {
namespace {

const OrderResult& result_of(const Board& b, const PhaseResults& r, std::string_view at) {
  const ProvinceId p = b.prov(at);
  for (const OrderResult& x : r.results)
    if (x.order.at != kNoLocation && b.map.province_of(x.order.at) == p && x.outcome != Outcome::Void) return x;
  for (const OrderResult& x : r.results)
    if (x.order.at != kNoLocation && b.map.province_of(x.order.at) == p) return x;
  FAIL("no result for ", at);
  return r.results[0];
}

TEST_CASE("adjudicator: units without orders hold, results follow the orders given") {
  Board b(builtin_map("standard"));
  b.put("France", 'A', "par");
  b.put("France", 'A', "mar");
  b.put("Germany", 'A', "mun");
  b.move("France", 'A', "par", "bur");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  REQUIRE(r.results.size() == 3);
  CHECK(r.results[0].outcome == Outcome::Succeeded);
  CHECK(r.results[1].outcome == Outcome::NoOrder);
  CHECK(r.results[1].order.kind == OrderKind::Hold);
  CHECK(has_unit(b, after, "France", 'A', "bur"));
  CHECK(has_unit(b, after, "France", 'A', "mar"));
  CHECK(has_unit(b, after, "Germany", 'A', "mun"));
  CHECK(after.phase == b.pos.phase);
}

TEST_CASE("adjudicator: a standoff leaves the space empty and closed to retreats (7.4321, 7.4353)") {
  Board b(builtin_map("standard"));
  b.put("Germany", 'A', "ber");
  b.put("Russia", 'A', "war");
  b.put("Germany", 'A', "pru");
  b.put("Russia", 'A', "lvn");
  b.put("Russia", 'F', "bal");
  b.move("Germany", 'A', "ber", "sil");
  b.move("Russia", 'A', "war", "sil");
  // Russia dislodges Prussia; its only free retreat would be Silesia.
  b.move("Russia", 'A', "lvn", "pru");
  b.support_move("Russia", 'F', "bal", 'A', "lvn", "pru");
  b.hold("Germany", 'A', "pru");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(result_of(b, r, "ber").outcome == Outcome::Bounced);
  CHECK(result_of(b, r, "war").outcome == Outcome::Bounced);
  CHECK(after.standoffs.test(b.prov("sil")));
  CHECK_FALSE(after.units[b.prov("sil")].present());
  const OrderResult& pru = result_of(b, r, "pru");
  CHECK(pru.dislodged);
  CHECK(pru.dislodged_from == b.prov("lvn"));
  // Prussia: Berlin and Warsaw are occupied, Livonia is the attacker's,
  // Silesia was a standoff: no retreat, removed at once.
  CHECK(pru.destroyed);
  CHECK_FALSE(after.dislodged[b.prov("pru")].unit.present());
  CHECK(has_unit(b, after, "Russia", 'A', "pru"));
}

TEST_CASE("adjudicator: support is cut by an attack, but not from the space it supports into (6.25, 7.434)") {
  Board b(builtin_map("standard"));
  b.put("Austria", 'A', "tyr");
  b.put("Austria", 'A', "boh");
  b.put("Germany", 'A', "mun");
  b.put("Germany", 'A', "sil");
  b.move("Austria", 'A', "tyr", "mun");
  b.support_move("Austria", 'A', "boh", 'A', "tyr", "mun");
  SUBCASE("cut from elsewhere: the attack fails") {
    b.move("Germany", 'A', "sil", "boh");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(result_of(b, r, "boh").outcome == Outcome::Cut);
    CHECK(result_of(b, r, "tyr").outcome == Outcome::Bounced);
    CHECK(has_unit(b, after, "Germany", 'A', "mun"));
  }
  SUBCASE("an attack from the target space does not cut") {
    b.move("Germany", 'A', "mun", "boh");
    b.support_move("Germany", 'A', "sil", 'A', "mun", "boh");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    // Munich (2) dislodges Bohemia (1 + 0), whose support is then cut by the
    // dislodgement; Tyrolia moves into the empty Munich.
    CHECK(result_of(b, r, "boh").outcome == Outcome::Cut);
    CHECK(result_of(b, r, "boh").dislodged);
    CHECK(has_unit(b, after, "Germany", 'A', "boh"));
    CHECK(has_unit(b, after, "Austria", 'A', "mun"));
  }
}

TEST_CASE("adjudicator: a power cannot dislodge its own unit (7.431)") {
  Board b(builtin_map("standard"));
  b.put("France", 'A', "par");
  b.put("France", 'A', "bur");
  b.put("France", 'A', "pic");
  b.move("France", 'A', "par", "bur");
  b.support_move("France", 'A', "pic", 'A', "par", "bur");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(result_of(b, r, "par").outcome == Outcome::Bounced);
  CHECK_FALSE(result_of(b, r, "bur").dislodged);
  CHECK(count_units(b.map, after) == 3);
}

TEST_CASE("adjudicator: circular movement succeeds; blocked, it all stands (DATC 6.C.1-2)") {
  Board b(builtin_map("standard"));
  b.put("Turkey", 'F', "ank");
  b.put("Turkey", 'A', "con");
  b.put("Turkey", 'A', "smy");
  b.move("Turkey", 'F', "ank", "con");
  b.move("Turkey", 'A', "con", "smy");
  b.move("Turkey", 'A', "smy", "ank");
  SUBCASE("three-way rotation") {
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(has_unit(b, after, "Turkey", 'F', "con"));
    CHECK(has_unit(b, after, "Turkey", 'A', "smy"));
    CHECK(has_unit(b, after, "Turkey", 'A', "ank"));
  }
  SUBCASE("a bounce anywhere stops the rotation") {
    b.put("Russia", 'A', "arm");
    b.move("Russia", 'A', "arm", "ank");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(has_unit(b, after, "Turkey", 'F', "ank"));
    CHECK(has_unit(b, after, "Turkey", 'A', "con"));
    CHECK(has_unit(b, after, "Turkey", 'A', "smy"));
    CHECK(after.standoffs.empty());  // Ankara stayed occupied
  }
}

TEST_CASE("adjudicator: Pandin's paradox resolves by the Szykman rule, whatever the order of the orders") {
  // DATC 6.F.16: the convoy is in a paradox, so it fails; nothing moves.
  Board b(builtin_map("standard"));
  b.put("England", 'F', "lon");
  b.put("England", 'F', "wal");
  b.put("France", 'A', "bre");
  b.put("France", 'F', "eng");
  b.put("Germany", 'F', "nth");
  b.put("Germany", 'F', "bel");
  b.support_move("England", 'F', "lon", 'F', "wal", "eng");
  b.move("England", 'F', "wal", "eng");
  b.move("France", 'A', "bre", "lon");
  b.convoy("France", "eng", "bre", "lon");
  b.support_move("Germany", 'F', "nth", 'F', "bel", "eng");
  b.move("Germany", 'F', "bel", "eng");
  const OrderList original = b.orders;
  for (int rotation = 0; rotation < original.size(); ++rotation) {
    b.orders.clear();
    for (int i = 0; i < original.size(); ++i) b.orders.push_back(original[(i + rotation) % original.size()]);
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CAPTURE(rotation);
    for (int p = 0; p < b.map.province_count(); ++p) CHECK(after.units[p] == b.pos.units[p]);
    CHECK(result_of(b, r, "bre").outcome == Outcome::ConvoyDisrupted);
    CHECK(result_of(b, r, "eng").outcome == Outcome::ConvoyDisrupted);
    CHECK_FALSE(result_of(b, r, "eng").dislodged);
    CHECK(result_of(b, r, "lon").outcome == Outcome::Succeeded);
  }
}

TEST_CASE("adjudicator: a void order holds, keeps its reason, and can be supported to hold (6.15)") {
  Board b(builtin_map("standard"));
  b.put("England", 'A', "lvp");
  b.put("England", 'F', "iri");
  b.put("France", 'F', "nat");
  b.put("France", 'F', "wal");
  b.move("England", 'A', "lvp", "iri");  // an army cannot enter a sea
  b.support_hold("England", 'F', "iri", 'A', "lvp");
  b.move("France", 'F', "wal", "lvp");
  b.support_move("France", 'F', "nat", 'F', "wal", "lvp");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(r.results[0].outcome == Outcome::Void);
  CHECK(r.results[0].reason == VoidReason::CannotReach);
  CHECK(result_of(b, r, "iri").outcome == Outcome::Succeeded);
  CHECK(result_of(b, r, "wal").outcome == Outcome::Bounced);
  CHECK(has_unit(b, after, "England", 'A', "lvp"));
  CHECK(r.results.size() == 4);  // the void order carries the army's fate: no extra entry
}

TEST_CASE("adjudicator: a second order for a unit is void") {
  Board b(builtin_map("standard"));
  b.put("Italy", 'A', "ven");
  b.move("Italy", 'A', "ven", "tyr");
  b.move("Italy", 'A', "ven", "pie");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(r.results[1].outcome == Outcome::Void);
  CHECK(r.results[1].reason == VoidReason::DuplicateOrder);
  CHECK(has_unit(b, after, "Italy", 'A', "tyr"));
}

TEST_CASE("adjudicator: fleet coasts are inferred when only one is reachable (DATC 4.B.2)") {
  Board b(builtin_map("standard"));
  b.put("France", 'F', "gas");
  b.put("France", 'F', "mid");
  b.move("France", 'F', "gas", "spa");
  b.move("France", 'F', "mid", "por");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(has_unit(b, after, "France", 'F', "spa/nc"));
  CHECK(r.results[0].order.to == b.loc("spa/nc"));
}

TEST_CASE("adjudicator: a unit dislodged by a convoyed army may retreat to where it came from (DATC 6.H.11)") {
  Board b(builtin_map("standard"));
  b.put("England", 'A', "lon");
  b.put("England", 'F', "eng");
  b.put("England", 'A', "pic");
  b.put("France", 'A', "bel");
  b.move("England", 'A', "lon", "bel");
  b.convoy("England", "eng", "lon", "bel");
  b.support_move("England", 'A', "pic", 'A', "lon", "bel");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  const DislodgedUnit& d = after.dislodged[b.prov("bel")];
  REQUIRE(d.unit.present());
  CHECK(d.attacker_from == kNoProvince);
  CHECK(result_of(b, r, "bel").dislodged_from == b.prov("lon"));
}

TEST_CASE("adjudicator: retreats - collisions disband both, no order disbands, illegal retreats are void") {
  Board b(builtin_map("standard"), PhaseKind::Retreat);
  b.put("Germany", 'A', "mun");
  b.put("France", 'A', "bur");
  b.put_dislodged("Austria", 'A', "boh", "mun");
  b.put_dislodged("Russia", 'A', "gal", "war");
  b.put_dislodged("Italy", 'A', "tyr", "ven");
  b.put("Germany", 'A', "boh");
  b.put("Austria", 'A', "gal");
  b.put("Italy", 'A', "tyr");
  b.put_dislodged("France", 'A', "pic", "par");
  b.put("England", 'A', "pic");
  b.retreat("Austria", 'A', "boh", "sil");
  b.retreat("Russia", 'A', "gal", "sil");
  b.retreat("Italy", 'A', "tyr", "ven");  // the attacker came from Venice
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  CHECK(result_of(b, r, "boh").outcome == Outcome::Bounced);
  CHECK(result_of(b, r, "gal").outcome == Outcome::Bounced);
  CHECK(result_of(b, r, "tyr").reason == VoidReason::RetreatToAttacker);
  CHECK(result_of(b, r, "pic").outcome == Outcome::NoOrder);
  CHECK_FALSE(after.units[b.prov("sil")].present());
  CHECK(count_dislodged(b.map, after) == 0);
  CHECK(count_units(b.map, after) == 6);
}

TEST_CASE("adjudicator: a retreat moves the unit and keeps the coast") {
  Board b(builtin_map("standard"), PhaseKind::Retreat);
  b.put_dislodged("France", 'F', "mid", "nat");
  b.put("England", 'F', "mid");
  SUBCASE("both coasts of Spain border the Mid-Atlantic: the coast must be named") {
    b.retreat("France", 'F', "mid", "spa");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(r.results[0].reason == VoidReason::CoastNeeded);
    CHECK_FALSE(after.units[b.prov("spa")].present());
  }
  SUBCASE("named, it goes there") {
    b.retreat("France", 'F', "mid", "spa/nc");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(r.results[0].outcome == Outcome::Succeeded);
    CHECK(has_unit(b, after, "France", 'F', "spa/nc"));
  }
}

TEST_CASE("adjudicator: adjustments - builds up to what is due, one per colony; waive counts (8.32)") {
  Board b(builtin_map("standard"), PhaseKind::Adjustment);
  const PowerId germany = b.power("Germany");
  for (std::string_view c : {"ber", "kie", "mun", "den"}) b.pos.owner[b.prov(c)] = germany;
  b.put("Germany", 'A', "den");
  b.put("Germany", 'A', "hol");
  b.put("France", 'A', "mun");  // 4 colonies, 2 units: 2 builds
  b.pos.owner[b.prov("par")] = b.power("France");
  b.build("Germany", 'A', "hol");  // not a home colony
  b.build("Germany", 'A', "mun");  // occupied
  b.build("Germany", 'F', "kie");
  b.build("Germany", 'A', "kie");  // already built
  b.waive("Germany");
  b.build("Germany", 'A', "ber");  // no builds left
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  REQUIRE(r.results.size() == 6);
  CHECK(r.results[0].reason == VoidReason::NotHomeColony);
  CHECK(r.results[1].reason == VoidReason::BuildOccupied);
  CHECK(r.results[2].outcome == Outcome::Succeeded);
  CHECK(r.results[3].reason == VoidReason::AlreadyBuilt);
  CHECK(r.results[4].outcome == Outcome::Succeeded);
  CHECK(r.results[5].reason == VoidReason::NoBuildsLeft);
  CHECK(has_unit(b, after, "Germany", 'F', "kie"));
  CHECK_FALSE(after.units[b.prov("ber")].present());
  CHECK(count_units(b.map, after) == 4);
}

TEST_CASE("adjudicator: missing disbands remove the farthest units, fleets first, then by name (8.33)") {
  Board b(builtin_map("standard"), PhaseKind::Adjustment);
  const PowerId russia = b.power("Russia");
  b.pos.owner[b.prov("mos")] = russia;
  b.put("Russia", 'A', "mos");
  b.put("Russia", 'A', "pru");  // 1 move from Warsaw
  b.put("Russia", 'F', "bal");  // 2 fleet moves from St Petersburg (south coast)
  b.put("Russia", 'A', "boh");  // 2 moves from Warsaw
  b.put("Russia", 'A', "tyr");  // 3 moves from Warsaw
  // 1 colony, 5 units: 4 disbands; one is ordered.
  b.disband("Russia", 'A', "pru");
  Position after;
  PhaseResults r;
  b.resolve(after, r);
  REQUIRE(r.results.size() == 4);
  CHECK(r.results[0].outcome == Outcome::Succeeded);
  CHECK(r.results[1].outcome == Outcome::CivilDisorder);
  CHECK(r.results[1].order.at == b.loc("tyr"));
  CHECK(r.results[2].order.at == b.loc("bal"));  // a fleet before an army at equal distance
  CHECK(r.results[3].order.at == b.loc("boh"));
  CHECK(count_units(b.map, after) == 1);
  CHECK(has_unit(b, after, "Russia", 'A', "mos"));
}

TEST_CASE("adjudicator: Hong Kong held by China is nobody's colony (rule 9.1)") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  const ProvinceId hk = b.prov("hon");
  b.pos.owner[hk] = b.power("Britain");
  b.put("China", 'A', "hon");
  update_colony_owners(map, b.pos);
  CHECK(b.pos.owner[hk] == kNoPower);
  b.pos.rules.hong_kong = false;
  update_colony_owners(map, b.pos);
  CHECK(b.pos.owner[hk] == b.power("China"));
}

TEST_CASE("adjudicator: the Suez Canal - one fleet per turn, with the holder's permission (9.3)") {
  const Map& map = builtin_map("colonial");
  Board b(map);
  b.put("Turkey", 'A', "egy");
  b.put("Turkey", 'F', "med");
  b.put("Turkey", 'F', "red");
  SUBCASE("two of the holder's own fleets deny each other") {
    b.hold("Turkey", 'A', "egy");
    b.move("Turkey", 'F', "med", "red");
    b.move("Turkey", 'F', "red", "med");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(r.results[1].outcome == Outcome::CanalClosed);
    CHECK(r.results[2].outcome == Outcome::CanalClosed);
    CHECK(after.standoffs.empty());  // a move not let through has no effect on its destination
  }
  SUBCASE("a permission for a fleet that does not go is not matched, and still lets no other through") {
    b.pos.units[b.prov("red")] = Unit{UnitType::Fleet, b.power("Britain"), Coast::None};
    b.canal_permit("Turkey", 'A', "egy", "red", "med");
    b.move("Turkey", 'F', "med", "red");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(r.results[0].outcome == Outcome::NotMatched);
    CHECK(r.results[1].outcome == Outcome::CanalClosed);
  }
  SUBCASE("supporting its own fleet is no explicit permission: two own candidates still deny each other") {
    b.pos.units[b.prov("egy")] = Unit{UnitType::Fleet, b.power("Turkey"), Coast::None};
    b.support_move("Turkey", 'F', "egy", 'F', "med", "red");
    b.move("Turkey", 'F', "med", "red");
    b.move("Turkey", 'F', "red", "med");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(r.results[0].outcome == Outcome::Succeeded);
    CHECK(r.results[1].outcome == Outcome::CanalClosed);  // not merely bounced off its own fleet
    CHECK(r.results[2].outcome == Outcome::CanalClosed);
  }
  SUBCASE("the SC order is given beside the unit's own order, which it does not replace") {
    b.pos.units[b.prov("red")] = Unit{UnitType::Fleet, b.power("Britain"), Coast::None};
    b.pos.units[b.prov("med")] = Unit();
    b.put("Britain", 'A', "eri");
    b.move("Turkey", 'A', "egy", "sud");
    b.canal_permit("Turkey", 'A', "egy", "red", "med");
    b.move("Britain", 'A', "eri", "sud");
    b.move("Britain", 'F', "red", "med");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    REQUIRE(r.results.size() == 4);
    CHECK(r.results[0].outcome == Outcome::Bounced);    // the unit's own order: it stays (9.33)
    CHECK(r.results[1].outcome == Outcome::Succeeded);  // the permission
    CHECK(r.results[3].outcome == Outcome::Succeeded);
    CHECK(has_unit(b, after, "Britain", 'F', "med"));
    CHECK(has_unit(b, after, "Turkey", 'A', "egy"));
    // A second SC order for the same canal is a duplicate.
    b.canal_permit("Turkey", 'A', "egy", "red", "med");
    b.resolve(after, r);
    CHECK(r.results[4].outcome == Outcome::Void);
    CHECK(r.results[4].reason == VoidReason::DuplicateOrder);
  }
  SUBCASE("the SC orders a power may give, for an order pad") {
    LegalOrders list;
    REQUIRE(legal_canal_permits(map, b.pos, b.power("Turkey"), list));
    REQUIRE(list.size() == 2);  // its own two fleets, either way
    CHECK(list[0].kind == OrderKind::CanalPermit);
    CHECK(list[0].at == b.loc("egy"));
    CHECK(list[0].power == b.power("Turkey"));
    b.pos.units[b.prov("red")] = Unit{UnitType::Fleet, b.power("Britain"), Coast::None};
    REQUIRE(legal_canal_permits(map, b.pos, b.power("Turkey"), list));
    bool british = false;
    for (const Order& o : list) {
      CHECK(check_order(map, b.pos, o) == VoidReason::None);
      british = british || (o.other_power == b.power("Britain") && o.to == b.loc("med"));
    }
    CHECK(british);
    REQUIRE(legal_canal_permits(map, b.pos, b.power("Britain"), list));
    CHECK(list.empty());  // Britain holds no canal
    b.pos.phase.kind = PhaseKind::Retreat;
    REQUIRE(legal_canal_permits(map, b.pos, b.power("Turkey"), list));
    CHECK(list.empty());
  }
  SUBCASE("without the canal rule there is no passage") {
    b.pos.rules.canal = false;
    CHECK(check_order(map, b.pos, b.move("Turkey", 'F', "med", "red")) == VoidReason::CannotReach);
  }
  SUBCASE("the holder's orders include letting each fleet through") {
    LegalOrders list;
    REQUIRE(legal_orders(map, b.pos, b.prov("egy"), list));
    int permits = 0;
    for (const Order& o : list) permits += o.kind == OrderKind::CanalPermit;
    CHECK(permits == 2);
    REQUIRE(legal_orders(map, b.pos, b.prov("med"), list));
    bool through = false;
    for (const Order& o : list) through = through || (o.kind == OrderKind::Move && o.to == b.loc("red"));
    CHECK(through);
  }
}

TEST_CASE("adjudicator: any map in our format - a convoy across two seas on a small board") {
  static Map tiny;
  MapErrors errors;
  const char* text =
      "map \"Tiny\"\n"
      "calendar seasons 1901\n"
      "victory 2\n"
      "power North Northern N\n"
      "power South Southern S\n"
      "province NOR coast \"Norland\" home=North unit=A\n"
      "province SOU coast \"Southland\" home=South unit=A\n"
      "province MID land \"Midland\" colony\n"
      "province BAY sea \"Bay\"\n"
      "province OCE sea \"Ocean\"\n"
      "province ISL coast \"Isle\" colony\n"
      "link NOR MID army\n"
      "link SOU MID army\n"
      "link NOR SOU both\n"
      "link NOR BAY fleet\n"
      "link SOU BAY fleet\n"
      "link BAY OCE fleet\n"
      "link OCE ISL fleet\n";
  REQUIRE(load_map(text, "tiny.map", tiny, errors));
  Board b(tiny);
  b.put("North", 'A', "nor");
  b.put("North", 'F', "bay");
  b.put("South", 'F', "oce");
  b.move("North", 'A', "nor", "isl");
  b.convoy("North", "bay", "nor", "isl");
  SUBCASE("both fleets convoy: the army lands") {
    b.convoy("South", "oce", "nor", "isl");
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(has_unit(b, after, "North", 'A', "isl"));
  }
  SUBCASE("the second fleet does not: no route, the army stays") {
    Position after;
    PhaseResults r;
    b.resolve(after, r);
    CHECK(has_unit(b, after, "North", 'A', "nor"));
    CHECK(r.results[0].outcome == Outcome::NoConvoy);
  }
}

}  // namespace
}  // namespace colonial::test
