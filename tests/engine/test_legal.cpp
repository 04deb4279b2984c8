// Order legality (rule 6.15) and the lists of legal orders.
#include <doctest/doctest.h>

#include <bit>
#include <cstdlib>

#include "game.h"
#include "test_adjudicator_fixture.h"

// Named, so that its helpers stay apart from other files' in a unity build.
namespace colonial::test::legal_test {
namespace {

VoidReason check(const Board& b, const Order& o) { return check_order(b.map, b.pos, o); }

TEST_CASE("legal: moves - adjacency, seas and inland, coasts, convoys (6.22, DATC 6.A, 6.B)") {
  Board b(builtin_map("standard"));
  b.put("England", 'F', "nth");
  b.put("England", 'A', "lvp");
  b.put("Germany", 'F', "kie");
  b.put("France", 'F', "mid");
  b.put("France", 'F', "gas");
  b.put("France", 'A', "par");
  b.put("England", 'A', "lon");
  CHECK(check(b, b.move("England", 'F', "nth", "pic")) == VoidReason::CannotReach);
  CHECK(check(b, b.move("England", 'A', "lvp", "iri")) == VoidReason::CannotReach);
  CHECK(check(b, b.move("Germany", 'F', "kie", "mun")) == VoidReason::CannotReach);
  CHECK(check(b, b.move("Germany", 'F', "kie", "kie")) == VoidReason::SameProvince);
  CHECK(check(b, b.move("France", 'F', "mid", "spa")) == VoidReason::CoastNeeded);
  CHECK(check(b, b.move("France", 'F', "mid", "spa/sc")) == VoidReason::None);
  CHECK(check(b, b.move("France", 'F', "gas", "spa")) == VoidReason::None);
  CHECK(move_destination(b.map, UnitType::Fleet, b.loc("gas"), b.loc("spa")) == b.loc("spa/nc"));
  CHECK(check(b, b.move("France", 'F', "gas", "spa/sc")) == VoidReason::CannotReach);
  // Coasts mean nothing to armies (DATC 6.B.12).
  CHECK(check(b, b.move("France", 'A', "par", "gas")) == VoidReason::None);
  CHECK(move_destination(b.map, UnitType::Army, b.loc("gas"), b.loc("spa/nc")) == b.prov("spa"));
  // A convoy route through seas holding fleets makes a far move legal.
  CHECK(check(b, b.move("England", 'A', "lon", "nwy")) == VoidReason::None);
  CHECK(check(b, b.move("England", 'A', "lon", "bre")) == VoidReason::CannotReach);
  CHECK(check(b, b.move("England", 'A', "lvp", "nwy")) == VoidReason::CannotReach);
  // The unit must be there, be of that kind, and be the power's.
  CHECK(check(b, b.move("England", 'A', "bur", "par")) == VoidReason::NoUnit);
  CHECK(check(b, b.move("England", 'F', "lvp", "wal")) == VoidReason::WrongUnitType);
  CHECK(check(b, b.move("Germany", 'F', "nth", "hol")) == VoidReason::WrongPower);
  CHECK(check(b, b.build("England", 'A', "lon")) == VoidReason::WrongPhase);
}

TEST_CASE("legal: supports must reach the space supported into (6.233-6.235, DATC 6.B.4-5)") {
  Board b(builtin_map("standard"));
  b.put("France", 'F', "spa/nc");
  b.put("France", 'F', "mar");
  b.put("France", 'F', "gas");
  b.put("Austria", 'F', "tri");
  b.put("Austria", 'A', "bud");
  b.put("France", 'A', "bur");
  b.put("France", 'A', "par");
  CHECK(check(b, b.support_move("France", 'F', "spa/nc", 'F', "mar", "gol")) == VoidReason::SupportCannotReach);
  CHECK(check(b, b.support_move("France", 'F', "mar", 'F', "gas", "spa/nc")) == VoidReason::None);
  CHECK(check(b, b.support_hold("Austria", 'F', "tri", 'A', "bud")) == VoidReason::SupportCannotReach);
  CHECK(check(b, b.support_hold("France", 'A', "bur", 'A', "bur")) == VoidReason::SupportSelf);
  CHECK(check(b, b.support_move("France", 'A', "bur", 'A', "par", "bur")) == VoidReason::SupportIntoOwnProvince);
  CHECK(check(b, b.support_hold("France", 'A', "bur", 'A', "mun")) == VoidReason::NoUnitToSupport);
  CHECK(check(b, b.support_hold("France", 'A', "bur", 'A', "par")) == VoidReason::None);
}

TEST_CASE("legal: convoys - fleets at sea, armies, a chain of fleets (6.24, DATC 6.G.7)") {
  Board b(builtin_map("standard"));
  b.put("England", 'F', "lon");
  b.put("England", 'F', "nth");
  b.put("England", 'A', "yor");
  b.put("England", 'F', "edi");
  b.put("Russia", 'A', "swe");
  b.put("Russia", 'F', "bot");
  CHECK(check(b, b.convoy("England", "lon", "yor", "nwy")) == VoidReason::ConvoyNotFleetAtSea);
  CHECK(check(b, b.convoy("England", "nth", "edi", "nwy")) == VoidReason::NoArmyToConvoy);
  CHECK(check(b, b.convoy("England", "nth", "yor", "yor")) == VoidReason::SameProvince);
  CHECK(check(b, b.convoy("England", "nth", "yor", "nwy")) == VoidReason::None);
  CHECK(check(b, b.convoy("Russia", "bot", "swe", "nwy")) == VoidReason::ConvoyNoRoute);
  CHECK(convoy_route_possible(b.map, b.pos, b.prov("yor"), b.prov("bel")));
  CHECK_FALSE(convoy_route_possible(b.map, b.pos, b.prov("yor"), b.prov("bre")));
}

TEST_CASE("legal: retreats (7.435) and adjustments (8.32-8.324)") {
  SUBCASE("retreats") {
    Board b(builtin_map("standard"), PhaseKind::Retreat);
    b.put("Germany", 'A', "mun");
    b.put("France", 'A', "bur");
    b.put_dislodged("Germany", 'A', "bur", "mar");
    b.pos.standoffs.set(b.prov("ruh"));
    CHECK(check(b, b.retreat("Germany", 'A', "bur", "mar")) == VoidReason::RetreatToAttacker);
    CHECK(check(b, b.retreat("Germany", 'A', "bur", "ruh")) == VoidReason::RetreatToStandoff);
    CHECK(check(b, b.retreat("Germany", 'A', "bur", "mun")) == VoidReason::RetreatOccupied);
    CHECK(check(b, b.retreat("Germany", 'A', "bur", "bel")) == VoidReason::None);
    CHECK(check(b, b.retreat("Germany", 'A', "mun", "tyr")) == VoidReason::NotDislodged);
    CHECK(check(b, b.disband("Germany", 'A', "bur")) == VoidReason::None);
    CHECK(check(b, b.hold("Germany", 'A', "bur")) == VoidReason::WrongPhase);
  }
  SUBCASE("adjustments") {
    Board b(builtin_map("standard"), PhaseKind::Adjustment);
    const PowerId russia = b.power("Russia");
    for (std::string_view c : {"mos", "stp", "war", "sev"}) b.pos.owner[b.prov(c)] = russia;
    b.pos.owner[b.prov("ber")] = b.power("Germany");
    b.put("Russia", 'A', "war");
    b.put("Germany", 'A', "mun");
    CHECK(adjustment_count(b.map, b.pos, russia) == 3);
    CHECK(check(b, b.build("Russia", 'F', "mos")) == VoidReason::UnitCannotStand);
    CHECK(check(b, b.build("Russia", 'F', "stp")) == VoidReason::CoastNeeded);
    CHECK(check(b, b.build("Russia", 'F', "stp/nc")) == VoidReason::None);
    CHECK(check(b, b.build("Russia", 'A', "war")) == VoidReason::BuildOccupied);
    CHECK(check(b, b.build("Russia", 'A', "ber")) == VoidReason::NotHomeColony);
    CHECK(check(b, b.build("Germany", 'A', "kie")) == VoidReason::NotOwned);
    CHECK(check(b, b.waive("Germany")) == VoidReason::NoAdjustment);
    CHECK(check(b, b.disband("Russia", 'A', "war")) == VoidReason::NoAdjustment);
    LegalOrders list;
    REQUIRE(legal_adjustments(b.map, b.pos, russia, list));
    // A MOS; A and F SEV; A STP, F STP/NC, F STP/SC; waive.
    CHECK(list.size() == 7);
    for (const Order& o : list) CHECK(check(b, o) == VoidReason::None);
  }
}

TEST_CASE("legal: sentences for void orders") {
  Board b(builtin_map("colonial"));
  b.put("Britain", 'A', "del");
  ReasonText text;
  Order& o = b.move("Britain", 'A', "del", "bob");
  REQUIRE(check(b, o) == VoidReason::CannotReach);
  describe_void(b.map, o, VoidReason::CannotReach, text);
  CHECK(text.view() == "A DEL cannot reach the Bay of Bengal: armies cannot enter the sea");
  Order& s = b.support_hold("Britain", 'A', "del", 'F', "hon");
  describe_void(b.map, s, check(b, s), text);
  CHECK(text.view() == "There is no unit in Hong Kong to support");
  // Every reason has a sentence.
  for (int r = 0; r <= static_cast<int>(VoidReason::HongKongClosed); ++r) {
    describe_void(b.map, o, static_cast<VoidReason>(r), text);
    CHECK_FALSE(text.empty());
  }
}

TEST_CASE("legal: the orders of A PAR at the Standard start, counted by hand") {
  const Map& map = builtin_map("standard");
  Position pos;
  set_start_position(map, pos);
  Board b(map);
  LegalOrders list;
  REQUIRE(legal_orders(map, pos, b.prov("par"), list));
  // Hold; moves to BRE PIC BUR GAS; support F BRE to hold; supports into
  // PIC (F BRE), BUR (A MAR, A MUN), GAS (A MAR, F BRE).
  CHECK(list.size() == 11);
  int holds = 0, moves = 0, supports = 0;
  for (const Order& o : list) {
    holds += o.kind == OrderKind::Hold;
    moves += o.kind == OrderKind::Move;
    supports += o.kind == OrderKind::Support;
  }
  CHECK(holds == 1);
  CHECK(moves == 4);
  CHECK(supports == 6);
}

// Every order the list offers is legal, and every legal move, support and
// convoy that can be written is in the list (compared province by province).
void check_lists_complete(const Map& map, const Position& pos) {
  for (int p = 0; p < map.province_count(); ++p) {
    const Unit& u = pos.units[p];
    if (!u.present()) continue;
    const ProvinceId pp = static_cast<ProvinceId>(p);
    LegalOrders list;
    REQUIRE(legal_orders(map, pos, pp, list));
    ProvinceSet listed_moves, listed_convoy_armies;
    int listed_supports = 0;
    for (const Order& o : list) {
      CAPTURE(p);
      CHECK(check_order(map, pos, o) == VoidReason::None);
      if (o.kind == OrderKind::Move) listed_moves.set(map.province_of(o.to));
      if (o.kind == OrderKind::Support) ++listed_supports;
      if (o.kind == OrderKind::Convoy) listed_convoy_armies.set(map.province_of(o.other_at));
    }
    Order o;
    o.power = u.power;
    o.unit = u.type;
    o.at = unit_location(map, pp, u);
    ProvinceSet legal_moves, legal_convoy_armies;
    int legal_supports = 0;
    for (int d = 0; d < map.location_count(); ++d) {
      o.kind = OrderKind::Move;
      o.to = static_cast<LocationId>(d);
      o.other_at = kNoLocation;
      if (check_order(map, pos, o) == VoidReason::None) legal_moves.set(map.province_of(o.to));
      if (d >= map.province_count()) continue;  // supports name provinces
      o.kind = OrderKind::Support;
      for (int s = 0; s < map.province_count(); ++s) {
        if (!pos.units[s].present()) continue;
        o.other_at = unit_location(map, static_cast<ProvinceId>(s), pos.units[s]);
        o.to = static_cast<LocationId>(d);
        // Only supports of moves the other unit could legally make count
        // (to the province or to one of its coasts).
        Order their;
        their.kind = OrderKind::Move;
        their.power = pos.units[s].power;
        their.unit = pos.units[s].type;
        their.at = o.other_at;
        bool their_ok = false;
        const ProvinceInfo& dinfo = map.province(static_cast<ProvinceId>(d));
        for (int c = -1; c < dinfo.coast_count; ++c) {
          their.to = c < 0 ? static_cast<LocationId>(d) : static_cast<LocationId>(dinfo.first_coast + c);
          their_ok = their_ok || check_order(map, pos, their) == VoidReason::None;
        }
        // Or by railroad: its final part may be supported (9.26).
        their.kind = OrderKind::RailMove;
        their.to = static_cast<LocationId>(d);
        their_ok = their_ok || check_order(map, pos, their) == VoidReason::None;
        their.kind = OrderKind::Move;
        if (check_order(map, pos, o) == VoidReason::None && their_ok) ++legal_supports;
        if (d == 0) {
          o.to = kNoLocation;
          legal_supports += check_order(map, pos, o) == VoidReason::None;
        }
      }
      o.kind = OrderKind::Convoy;
      for (int a = 0; a < map.province_count(); ++a) {
        o.other_at = static_cast<LocationId>(a);
        o.to = static_cast<LocationId>(d);
        if (check_order(map, pos, o) == VoidReason::None) legal_convoy_armies.set(a);
      }
    }
    CAPTURE(map.province(pp).code);
    CHECK(listed_moves == legal_moves);
    CHECK(listed_supports == legal_supports);
    CHECK(listed_convoy_armies == legal_convoy_armies);
  }
}

TEST_CASE("legal: the lists are complete and correct at the starts and in a crowded position") {
  for (std::string_view name : {"standard", "colonial"}) {
    CAPTURE(name);
    const Map& map = builtin_map(name);
    Position pos;
    set_start_position(map, pos);
    check_lists_complete(map, pos);
    // Crowded: every other province filled, fleets at sea.
    Position crowded = pos;
    crowded.clear_units();
    for (int p = 0; p < map.province_count(); p += 2) {
      const ProvinceId pp = static_cast<ProvinceId>(p);
      const ProvinceInfo& info = map.province(pp);
      const PowerId w = static_cast<PowerId>(p % map.power_count());
      if (info.kind == ProvinceKind::Land || (info.kind == ProvinceKind::Coast && p % 4 == 0))
        crowded.units[p] = Unit{UnitType::Army, w, Coast::None};
      else
        crowded.units[p] =
            Unit{UnitType::Fleet, w,
                 info.coast_count ? map.coast_of(static_cast<LocationId>(info.first_coast)) : Coast::None};
    }
    check_lists_complete(map, crowded);
  }
}

TEST_CASE("BitSet: counting and the member of each rank") {
  const u64 words[] = {
      0, 1, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull, 0x5555555555555555ull, 0x0123456789ABCDEFull};
  for (u64 w : words) CHECK(count_bits(w) == std::popcount(w));
  BitSet<160> set;
  for (int i : {0, 5, 63, 64, 100, 127, 128, 159}) set.set(i);
  REQUIRE(set.count() == 8);
  int rank = 0;
  set.for_each([&](int i) { CHECK(set.nth(rank++) == i); });
  BitSet<64> one;
  one.set(17);
  CHECK(one.nth(0) == 17);
}

TEST_CASE("random_orders: one legal order per unit, every kind of order, about 45 in 100 units moving") {
  static Game game;
  static Map map;  // a game sets its map's options: not the shared one
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", map, errors));
  Random random{7};
  static OrderList orders;
  int units = 0, moves = 0, hold_supports = 0, move_supports = 0, convoys = 0, rail_moves = 0, holds = 0;
  for (int g = 0; g < 30; ++g) {
    GameSettings settings = map_default_settings(map);
    settings.last_year = map.start_year() + 40;
    game.start(map, settings);
    while (!game.over()) {
      const Position& pos = game.position();
      random_orders(map, pos, random, orders, game.facts());
      if (pos.phase.kind == PhaseKind::Movement) {
        ProvinceSet ordered;
        for (const Order& o : orders) {
          REQUIRE(check_order(map, pos, o) == VoidReason::None);
          const ProvinceId p = map.province_of(o.at);
          CHECK_FALSE(ordered.test(p));
          ordered.set(p);
          moves += o.kind == OrderKind::Move;
          rail_moves += o.kind == OrderKind::RailMove;
          hold_supports += o.kind == OrderKind::Support && o.to == kNoLocation;
          move_supports += o.kind == OrderKind::Support && o.to != kNoLocation;
          convoys += o.kind == OrderKind::Convoy;
          holds += o.kind == OrderKind::Hold;
        }
        for (int p = 0; p < map.province_count(); ++p) CHECK(ordered.test(p) == pos.units[p].present());
        units += ordered.count();
      }
      game.submit_each(orders);
      REQUIRE(game.adjudicate());
    }
  }
  CHECK(hold_supports > 0);
  CHECK(move_supports > 0);
  CHECK(convoys > 0);
  CHECK(rail_moves > 0);
  CHECK(holds > 0);
  // 45 in 100 try to move; nearly every unit has somewhere to go.
  const double moving = static_cast<double>(moves + rail_moves) / units;
  CHECK(moving > 0.40);
  CHECK(moving < 0.46);
}

TEST_CASE("Random: remainders by multiplication equal the division's, draws as before") {
  // Edges of the 64-bit range and of the magic-number table, then a run of
  // draws: any difference would change every random game played.
  const u64 edges[] = {0,
                       1,
                       2,
                       63,
                       64,
                       127,
                       128,
                       0x7FFFFFFFFFFFFFFFull,
                       0x8000000000000000ull,
                       0xFFFFFFFFFFFFFFFEull,
                       0xFFFFFFFFFFFFFFFFull};
  for (u64 n = 1; n <= 300; ++n) {
    for (u64 z : edges) CHECK(Random::remainder(z, n) == z % n);
    for (u64 k = 1; k <= 4; ++k) {
      CHECK(Random::remainder(n * k, n) == 0);
      CHECK(Random::remainder(n * k - 1, n) == n - 1);
    }
  }
  Random a{2024}, b{2024};
  for (int i = 0; i < 200000; ++i) {
    const int n = 1 + i % 257;
    const int expected = static_cast<int>(b.next() % static_cast<u64>(n));
    REQUIRE(a.below(n) == expected);
  }
  CHECK(a.below(0) == 0);
  CHECK(a.below(-5) == 0);
}

TEST_CASE("Random: fixed chances by threshold come up as often as they should") {
  Random r{11};
  int hits45 = 0, hits1of3 = 0, hits4of5 = 0;
  constexpr int kDraws = 300000;
  for (int i = 0; i < kDraws; ++i) {
    hits45 += r.chance<45, 100>();
    hits1of3 += r.chance<1, 3>();
    hits4of5 += r.chance<4, 5>();
  }
  // Well inside five standard deviations (under 0.5% of the draws).
  CHECK(std::abs(hits45 - kDraws * 45 / 100) < 1500);
  CHECK(std::abs(hits1of3 - kDraws / 3) < 1500);
  CHECK(std::abs(hits4of5 - kDraws * 4 / 5) < 1200);
  // The same draws as next(): against the threshold of 1 in 2, the top bit.
  Random a{5}, b{5};
  for (int i = 0; i < 1000; ++i) REQUIRE(a.chance<1, 2>() == (b.next() >> 63 == 0));
}

}  // namespace
}  // namespace colonial::test::legal_test
