// The whole game: calendars, counting turns, adjustments, victory and the
// club house endings (rulebook 4.2-4.34, 8.2, 12; house rules DRAW/SURRENDER).
#include <doctest/doctest.h>

#include <cstring>

#include "game.h"
#include "map.h"

using namespace colonial;

// Named, so that its helpers stay apart from other files' in a unity build.
namespace game_test {

namespace {

// Games and maps are large: static storage, one per test binary.
Map g_map;
Game g_game;

Map& fresh_map(const char* name) {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text(name), name, g_map, errors));
  return g_map;
}

ProvinceId prov(const char* name) {
  ProvinceLookup l = g_map.find_province(name);
  REQUIRE_MESSAGE(l.status == LookupStatus::Found, name);
  return l.province;
}

PowerId power(const char* name) {
  PowerId p = g_map.find_power(name);
  REQUIRE(p != kNoPower);
  return p;
}

Order move(const char* power_name, UnitType t, const char* from, const char* to) {
  Order o;
  o.kind = OrderKind::Move;
  o.power = power(power_name);
  o.unit = t;
  o.at = prov(from);
  o.to = prov(to);
  return o;
}

bool submit_one(const Order& o) {
  OrderList l;
  l.push_back(o);
  return g_game.submit(o.power, l);
}

std::string_view phase_name() {
  static PhaseText t;
  format_phase(g_game.phase(), t);
  return t.view();
}

GameSettings colonial_defaults() {
  GameSettings s;
  s.rules.map_options = g_map.default_options();
  s.rules.calendar = Calendar::Biennial1995;
  return s;
}

}  // namespace

TEST_CASE("1995 calendar: two-year turns from 1870, colonies counted after 1872, 1876...") {
  fresh_map("colonial");
  g_game.start(g_map, colonial_defaults());
  CHECK(phase_name() == "1870 Movement");
  OrderList russia;
  russia.push_back(move("Russia", UnitType::Army, "VLA", "SEO"));
  russia.push_back(move("Russia", UnitType::Army, "OMS", "ORE"));
  REQUIRE(g_game.submit(power("Russia"), russia));
  REQUIRE(g_game.adjudicate());
  // 1870 is not a counting turn (8.2): Seoul, entered in 1870, is not owned.
  CHECK(phase_name() == "1872 Movement");
  CHECK(g_game.position().owner[prov("SEO")] == kNoPower);
  russia.clear();
  russia.push_back(move("Russia", UnitType::Army, "SEO", "VLA"));
  russia.push_back(move("Russia", UnitType::Army, "ORE", "TAS"));
  REQUIRE(g_game.submit(power("Russia"), russia));
  REQUIRE(g_game.adjudicate());
  // 1872 counts: Tashkent, occupied at its end, is Russian; Seoul, left
  // again, is not. Russia builds one unit.
  CHECK(phase_name() == "1872 Adjustment");
  CHECK(g_game.position().owner[prov("TAS")] == power("Russia"));
  CHECK(g_game.position().owner[prov("SEO")] == kNoPower);
  CHECK(g_game.adjustment_due(power("Russia")) == 1);
  CHECK(g_game.has_choice(power("Russia")));
  CHECK_FALSE(g_game.has_choice(power("Britain")));
  Order build;
  build.kind = OrderKind::Build;
  build.power = power("Russia");
  build.unit = UnitType::Army;
  build.at = prov("OMS");
  REQUIRE(submit_one(build));
  REQUIRE(g_game.adjudicate());
  CHECK(phase_name() == "1874 Movement");
  CHECK(g_game.position().units[prov("OMS")].type == UnitType::Army);
  CHECK(g_game.position().unit_count(power("Russia")) == 6);
  CHECK(g_game.history_size() == 3);
  // 1874 does not count; 1876 does (nothing changes hands: no adjustment).
  REQUIRE(g_game.adjudicate());
  CHECK(phase_name() == "1876 Movement");
  REQUIRE(g_game.adjudicate());
  CHECK(phase_name() == "1878 Movement");
}

TEST_CASE("Seasons calendar: Spring, Fall, Winter adjustment") {
  fresh_map("standard");
  GameSettings s;
  s.rules.calendar = Calendar::Seasons;
  g_game.start(g_map, s);
  CHECK(phase_name() == "Spring 1901 Movement");
  REQUIRE(submit_one(move("England", UnitType::Fleet, "NTH", "NWY")));  // not there: void
  REQUIRE(g_game.adjudicate());
  CHECK(phase_name() == "Fall 1901 Movement");
  REQUIRE(g_game.adjudicate());
  CHECK(phase_name() == "Spring 1902 Movement");  // nobody to adjust
  REQUIRE(submit_one(move("Germany", UnitType::Fleet, "KIE", "DEN")));
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.adjudicate());
  CHECK(phase_name() == "Winter 1902 Adjustment");
  CHECK(g_game.adjustment_due(power("Germany")) == 1);
  REQUIRE(g_game.adjudicate());  // Germany waives by not ordering
  CHECK(phase_name() == "Spring 1903 Movement");
}

TEST_CASE("Retreat phase only when a unit is dislodged, then on to the next turn") {
  fresh_map("colonial");
  g_game.start(g_map, colonial_defaults());
  // A CAN-TON supported from Mandalay dislodges the French army.
  Position p = g_game.position();
  p.units[prov("MAY")] = Unit{UnitType::Army, power("China"), Coast::None};
  g_game.start_from(g_map, colonial_defaults(), p);
  OrderList china;
  china.push_back(move("China", UnitType::Army, "CAN", "TON"));
  Order sup;
  sup.kind = OrderKind::Support;
  sup.power = power("China");
  sup.unit = UnitType::Army;
  sup.at = prov("MAY");
  sup.other_unit = UnitType::Army;
  sup.other_at = prov("CAN");
  sup.to = prov("TON");
  china.push_back(sup);
  REQUIRE(g_game.submit(power("China"), china));
  REQUIRE(g_game.adjudicate());
  CHECK(phase_name() == "1870 Retreat");
  CHECK(g_game.has_choice(power("France")));
  CHECK_FALSE(g_game.has_choice(power("China")));
  REQUIRE(g_game.adjudicate());  // France gives no retreat: disbanded
  CHECK(phase_name() == "1872 Movement");
  CHECK(g_game.position().units[prov("TON")].power == power("China"));
  CHECK(g_game.position().unit_count(power("France")) == 2);
}

TEST_CASE("Hong Kong never counts for China (9.1), and does with the rule off") {
  fresh_map("colonial");
  for (bool rule : {true, false}) {
    GameSettings s = colonial_defaults();
    s.rules.hong_kong = rule;
    Position p;
    g_map.set_options(s.rules.map_options);
    set_start_position(g_map, p);
    p.units[prov("HK")] = Unit{UnitType::Army, power("China"), Coast::None};
    p.phase.year = 1872;
    g_game.start_from(g_map, s, p);
    REQUIRE(g_game.adjudicate());
    INFO("hong kong rule " << rule);
    if (rule) {
      CHECK(g_game.position().owner[prov("HK")] == kNoPower);
      CHECK(g_game.position().colony_count(g_map, power("China")) == 5);
    } else {
      CHECK(g_game.position().owner[prov("HK")] == power("China"));
      CHECK(g_game.position().colony_count(g_map, power("China")) == 6);
    }
  }
}

TEST_CASE("Hong Kong owned by China (an edited position) is counted for nobody under rule 9.1") {
  fresh_map("colonial");
  for (bool rule : {true, false}) {
    Position p;
    set_start_position(g_map, p);
    p.rules.hong_kong = rule;
    const int before = p.colony_count(g_map, power("China"));
    p.owner[prov("HK")] = power("China");
    INFO("hong kong rule " << rule);
    CHECK(p.colony_count(g_map, power("China")) == before + (rule ? 0 : 1));
    int units[kMaxPowers], colonies[kMaxPowers];
    p.count_all(g_map, units, colonies);
    CHECK(colonies[power("China")] == before + (rule ? 0 : 1));
    CHECK(colonies[power("Britain")] == p.colony_count(g_map, power("Britain")));
  }
}

TEST_CASE("Victory: the colonies needed at the end of a counting turn") {
  fresh_map("colonial");
  GameSettings s = colonial_defaults();
  s.victory_colonies = 7;  // Britain starts with 6 and takes Bengal
  g_game.start(g_map, s);
  Position p = g_game.position();
  p.phase.year = 1872;
  p.units[prov("BEN")] = Unit{UnitType::Army, power("Britain"), Coast::None};
  g_game.start_from(g_map, s, p);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.over());
  CHECK(g_game.result().end == GameEnd::Victory);
  CHECK(g_game.result().winner == power("Britain"));
  CHECK_FALSE(g_game.adjudicate());
}

TEST_CASE("Turn limit and end by agreement: most colonies wins") {
  fresh_map("colonial");
  GameSettings s = colonial_defaults();
  s.last_year = 1872;
  g_game.start(g_map, s);
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.over());
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::TurnLimit);
  CHECK(g_game.result().winner == power("Britain"));  // 6 colonies, the most

  g_game.start(g_map, colonial_defaults());
  g_game.end_by_agreement();
  CHECK(g_game.result().end == GameEnd::Agreement);
  CHECK(g_game.result().winner == power("Britain"));
}

TEST_CASE("House rules: DRAW by all remaining players, SURRENDER, surrender to an alliance") {
  fresh_map("colonial");
  g_game.start(g_map, colonial_defaults());
  // Six of seven vote: the draw fails.
  for (PowerId p = 0; p < 6; ++p) g_game.vote_draw(p, true);
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.over());
  CHECK(g_game.draw_votes() == 0);  // votes last one turn
  // Five surrender, the other two vote DRAW: the alliance shares the draw.
  for (PowerId p = 0; p < 5; ++p) g_game.surrender(p);
  g_game.vote_draw(5, true);
  g_game.vote_draw(6, true);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::Draw);
  CHECK(g_game.result().sharing == ((1u << 5) | (1u << 6)));

  // All but one surrender: the last one wins alone.
  g_game.start(g_map, colonial_defaults());
  for (PowerId p = 1; p < 7; ++p) g_game.surrender(p);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::Victory);
  CHECK(g_game.result().winner == 0);

  // A surrendered power is in civil disorder: its orders are ignored.
  g_game.start(g_map, colonial_defaults());
  g_game.surrender(power("Russia"));
  CHECK_FALSE(submit_one(move("Russia", UnitType::Army, "MOS", "ORE")));
}

TEST_CASE("House rules: SURRENDER handed in secretly with orders, pending and withdrawable") {
  fresh_map("colonial");
  g_game.start(g_map, colonial_defaults());
  const PowerId russia = power("Russia");
  // Handed in with orders: pending, not yet in force, and withdrawable.
  REQUIRE(submit_one(move("Russia", UnitType::Army, "MOS", "ORE")));
  g_game.hand_in_surrender(russia, true);
  CHECK(g_game.surrender_pending(russia));
  CHECK_FALSE(g_game.surrendered(russia));
  CHECK(g_game.is_playing(russia));
  g_game.hand_in_surrender(russia, false);
  CHECK_FALSE(g_game.surrender_pending(russia));
  g_game.hand_in_surrender(russia, true);
  // Adjudicated: the orders handed in with it are carried out, then Russia
  // is out (civil disorder) and its later orders are refused.
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.surrendered(russia));
  CHECK_FALSE(g_game.surrender_pending(russia));
  CHECK(g_game.position().units[prov("ORE")].power == russia);
  CHECK(((g_game.history(0).surrenders >> russia) & 1u) == 1u);
  CHECK_FALSE(submit_one(move("Russia", UnitType::Army, "ORE", "MOS")));

  // Surrender to an alliance with SURRENDER handed in: five surrender, the
  // other two vote DRAW in the same turn.
  g_game.start(g_map, colonial_defaults());
  for (PowerId p = 0; p < 5; ++p) g_game.hand_in_surrender(p, true);
  g_game.vote_draw(5, true);
  g_game.vote_draw(6, true);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::Draw);
  CHECK(g_game.result().sharing == ((1u << 5) | (1u << 6)));
}

TEST_CASE("Time limit: most units (the club) or most colonies (4.2), ties shared") {
  fresh_map("colonial");
  GameSettings s = colonial_defaults();
  // Britain without its fleet in Aden: 5 units like China and Russia, but
  // still the most colonies (6; the others 5 or fewer).
  static Position start;
  set_start_position(g_map, start);
  start.units[prov("ADE")] = Unit();
  g_game.start_from(g_map, s, start);
  g_game.end_by_time_limit(EndMeasure::Units);
  CHECK(g_game.result().end == GameEnd::TimeLimit);
  CHECK(g_game.result().measure == EndMeasure::Units);
  const u32 top = (1u << power("Britain")) | (1u << power("China")) | (1u << power("Russia"));
  CHECK(g_game.result().winner == kNoPower);
  CHECK(g_game.result().sharing == top);
  CHECK_FALSE(g_game.adjudicate());  // over
  g_game.start_from(g_map, s, start);
  g_game.end_by_time_limit(EndMeasure::Colonies);
  CHECK(g_game.result().winner == power("Britain"));
  CHECK(g_game.result().sharing == 0);
  // A surrendered power does not share.
  g_game.start_from(g_map, s, start);
  g_game.surrender(power("China"));
  g_game.end_by_time_limit(EndMeasure::Units);
  CHECK(g_game.result().sharing == (top & ~(1u << power("China"))));
  // The club preset counts units; the others colonies.
  GameSettings club;
  REQUIRE(colonial_preset(g_map, "club", club));
  CHECK(club.time_limit_measure == EndMeasure::Units);
  REQUIRE(colonial_preset(g_map, "ah1995", club));
  CHECK(club.time_limit_measure == EndMeasure::Colonies);
  // The turn limit counts the same way, ties shared.
  s.last_year = 1870;
  s.time_limit_measure = EndMeasure::Units;
  g_game.start_from(g_map, s, start);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::TurnLimit);
  CHECK(g_game.result().sharing == top);
}

TEST_CASE("Orders: each power's submission replaces its last; foreign units refused") {
  fresh_map("colonial");
  g_game.start(g_map, colonial_defaults());
  REQUIRE(submit_one(move("Russia", UnitType::Army, "MOS", "ORE")));
  REQUIRE(submit_one(move("Russia", UnitType::Army, "MOS", "PRM")));
  OrderList mine;
  CHECK(g_game.orders_of(power("Russia"), mine) == 1);
  CHECK(mine[0].to == prov("PRM"));
  Order foreign = move("Russia", UnitType::Army, "DEL", "PUN");
  foreign.power = power("Britain");
  OrderList l;
  l.push_back(foreign);
  CHECK_FALSE(g_game.submit(power("Russia"), l));
}

TEST_CASE("Orders of several powers at once: each power's share as submit would take it") {
  fresh_map("colonial");
  g_game.start(g_map, colonial_defaults());
  const PowerId russia = power("Russia"), britain = power("Britain"), china = power("China");
  // Russia and China have orders in already; Russia's are replaced below,
  // China's stay.
  REQUIRE(submit_one(move("Russia", UnitType::Army, "MOS", "ORE")));
  REQUIRE(submit_one(move("China", UnitType::Army, "MAC", "MON")));
  g_game.surrender(power("Japan"));
  OrderList mixed;
  mixed.push_back(move("Britain", UnitType::Army, "DEL", "PUN"));
  mixed.push_back(move("Russia", UnitType::Army, "MOS", "PRM"));
  mixed.push_back(move("Japan", UnitType::Army, "KYO", "TOK"));  // surrendered: refused
  Order of_nobody = move("Britain", UnitType::Army, "BOM", "KAM");
  of_nobody.power = kNoPower;  // left out
  mixed.push_back(of_nobody);
  mixed.push_back(move("Britain", UnitType::Army, "MAD", "HYD"));
  CHECK_FALSE(g_game.submit_each(mixed));
  // Untouched first, then each power taken in power order, in list order.
  const OrderList& pending = g_game.pending_orders();
  REQUIRE(pending.size() == 4);
  CHECK(pending[0].power == china);
  int britain_at = britain < russia ? 1 : 3, russia_at = britain < russia ? 3 : 1;
  CHECK(pending[britain_at].power == britain);
  CHECK(pending[britain_at].at == prov("DEL"));
  CHECK(pending[britain_at + 1].at == prov("MAD"));
  CHECK(pending[russia_at].power == russia);
  CHECK(pending[russia_at].to == prov("PRM"));
  OrderList japan;
  CHECK(g_game.orders_of(power("Japan"), japan) == 0);
  // The same list through submit, power by power, leaves the same orders.
  const OrderList each = pending;
  g_game.start(g_map, colonial_defaults());
  REQUIRE(submit_one(move("Russia", UnitType::Army, "MOS", "ORE")));
  REQUIRE(submit_one(move("China", UnitType::Army, "MAC", "MON")));
  for (PowerId w : {britain, russia}) {
    OrderList share;
    for (const Order& o : mixed)
      if (o.power == w) share.push_back(o);
    REQUIRE(g_game.submit(w, share));
  }
  CHECK(g_game.pending_orders() == each);
  // All accepted: true.
  OrderList only_britain;
  only_britain.push_back(move("Britain", UnitType::Army, "DEL", "LUC"));
  CHECK(g_game.submit_each(only_britain));
  // More than the pending list holds: refused, and nothing is lost.
  const OrderList before = g_game.pending_orders();
  OrderList flood;
  while (!flood.full()) flood.push_back(move("China", UnitType::Army, "MAC", "MON"));
  CHECK_FALSE(g_game.submit_each(flood));
  CHECK(g_game.pending_orders() == before);
}

TEST_CASE("Section 12 set-ups for two to six players") {
  fresh_map("colonial");
  static Position start;
  PlayerSetup setup;
  REQUIRE(colonial_player_setup(g_map, 2, setup, start));
  CHECK(setup.powers_of.size() == 2);
  CHECK(setup.unplayed == (1u << power("Russia")));
  CHECK(start.units[prov("BOR")].type == UnitType::Fleet);
  REQUIRE(colonial_player_setup(g_map, 6, setup, start));
  CHECK(setup.unplayed == (1u << power("China")));
  CHECK(start.units[prov("MON")].power == power("China"));
  CHECK(start.units[prov("BEN")].power == power("Britain"));
  // 12.5 with 8.2: the extra units own their colonies from the start, so
  // every power starts with as many colonies as units.
  for (const char* p : {"MON", "KAG", "CHU"}) CHECK(start.owner[prov(p)] == power("China"));
  CHECK(start.owner[prov("BEN")] == power("Britain"));
  CHECK(start.colony_count(g_map, power("Britain")) == 7);
  CHECK(start.unit_count(power("Britain")) == 7);
  CHECK(start.colony_count(g_map, power("China")) == 8);
  CHECK(start.unit_count(power("China")) == 8);
  for (int n = 3; n <= 5; ++n) REQUIRE(colonial_player_setup(g_map, n, setup, start));
  CHECK_FALSE(colonial_player_setup(g_map, 1, setup, start));
  // Every power is played by someone or unplayed, never twice.
  for (int n = 2; n <= 7; ++n) {
    REQUIRE(colonial_player_setup(g_map, n, setup, start));
    u32 all = setup.unplayed;
    for (u32 m : setup.powers_of) {
      CHECK((all & m) == 0);
      all |= m;
    }
    CHECK(all == 0x7Fu);
  }
}

TEST_CASE("Phase names follow the calendar") {
  PhaseText t;
  format_phase(Phase{1872, Season::Turn, PhaseKind::Adjustment}, t);
  CHECK(t.view() == "1872 Adjustment");
  format_phase(Phase{1901, Season::Winter, PhaseKind::Adjustment}, t);
  CHECK(t.view() == "Winter 1901 Adjustment");
  format_phase(Phase{1901, Season::Fall, PhaseKind::Retreat}, t);
  CHECK(t.view() == "Fall 1901 Retreat");
}

TEST_CASE("Two players (12.1): neutral Russia may not be entered, and its units stay") {
  fresh_map("colonial");
  static Position start;
  PlayerSetup setup;
  REQUIRE(colonial_player_setup(g_map, 2, setup, start));
  // All of Russia's home country as the board colours it, not only its five
  // starting colonies: the railroad's stations, Tashkent (2.14), the steppe.
  CHECK(setup.closed == g_map.home_country(power("Russia")));
  CHECK(setup.closed.count() == 14);
  for (const char* p : {"MOS", "OMS", "VLA", "ODE", "POR", "PRM", "KRA", "IRK", "TAS", "ORE"})
    CHECK(setup.closed.test(prov(p)));
  CHECK_FALSE(setup.closed.test(prov("MAC")));
  GameSettings s = colonial_defaults();
  s.unplayed_powers = setup.unplayed;
  s.rules.closed = setup.closed;
  g_game.start_from(g_map, s, start);
  CHECK(g_game.position().rules.closed == setup.closed);
  // A Chinese army walks next to Vladivostok and may not go in.
  Order o = move("China", UnitType::Army, "MAC", "VLA");
  CHECK(check_order(g_map, g_game.position(), o) == VoidReason::ProvinceClosed);
  // Nor into Russian land that holds no colony: Irkutsk from Manchuria.
  o = move("China", UnitType::Army, "MAC", "IRK");
  CHECK(check_order(g_map, g_game.position(), o) == VoidReason::ProvinceClosed);
  // Random play for twenty years: nobody ever enters Russia, Russia's
  // units never move or fall.
  Random random{12};
  for (int phase = 0; phase < 40 && !g_game.over(); ++phase) {
    OrderList all;
    random_orders(g_map, g_game.position(), random, all);
    // The orders of powers out of play are refused; the others stand.
    g_game.submit_each(all);
    REQUIRE(g_game.adjudicate());
    setup.closed.for_each([&](int c) {
      const Unit& u = g_game.position().units[c];
      const bool started = g_map.province(static_cast<ProvinceId>(c)).start_unit != UnitType::None;
      CHECK(u.present() == started);  // Russia's own units where they started, nobody else
      if (u.present()) CHECK(u.power == power("Russia"));
      CHECK_FALSE(g_game.position().dislodged[c].unit.present());
    });
  }
}

TEST_CASE("Presets bundle the options: Avalon Hill 1995, club rules, judges") {
  fresh_map("colonial");
  const u32 otaru = 1u << g_map.find_option("otaru_sakhalin"), moulmein = 1u << g_map.find_option("moulmein"),
            vladivostok = 1u << g_map.find_option("vladivostok_sakhalin");
  GameSettings s;
  s.timer_seconds[0] = 600;
  s.rules.china_waits_for_hong_kong = true;
  REQUIRE(colonial_preset(g_map, "ah1995", s));
  CHECK(s.rules.map_options == g_map.default_options());
  CHECK(s.rules.map_options == otaru);
  CHECK(s.rules.calendar == Calendar::Biennial1995);
  CHECK(s.victory_colonies == 24);
  CHECK((s.rules.railroad && s.rules.canal && s.rules.hong_kong && !s.rules.china_waits_for_hong_kong));
  CHECK(s.timer_seconds[0] == 600);  // left alone
  REQUIRE(colonial_preset(g_map, "club", s));
  CHECK(s.rules.map_options == vladivostok);
  CHECK(s.victory_colonies == 24);
  g_map.set_options(s.rules.map_options);
  CHECK(g_map.army_adjacent(prov("VLA"), prov("SAK")));  // "only A VLA-SAK is legal"
  CHECK_FALSE(g_map.army_adjacent(prov("OTA"), prov("SAK")));
  REQUIRE(colonial_preset(g_map, "judges", s));
  CHECK(s.rules.map_options == (otaru | moulmein));
  CHECK(s.rules.calendar == Calendar::Seasons);
  CHECK(s.victory_colonies == 30);
  g_map.set_options(s.rules.map_options);
  CHECK(g_map.army_adjacent(prov("OTA"), prov("AKI")));
  const GameSettings before = s;
  CHECK_FALSE(colonial_preset(g_map, "house", s));
  CHECK(s == before);
  fresh_map("standard");
  CHECK_FALSE(colonial_preset(g_map, "club", s));
}

}  // namespace game_test
