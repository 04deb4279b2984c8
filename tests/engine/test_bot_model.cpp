// The model of DumbBot that the searching levels draw the others' orders
// from (engine/bot_model.h), and the hard level's builds chosen by playing
// the year on with it: legal, complete and repeatable orders in every
// phase kind.
#include <doctest/doctest.h>

#include "bot.h"
#include "bot_model.h"
#include "game.h"
#include "legal.h"
#include "map_fixture.h"

using namespace colonial;
using colonial::test::builtin_map;

// Named, so that its helpers stay apart from other files' in a unity build.
namespace bot_model_test {

namespace {

DumbBotModel g_model;
Bot g_hard;
Game g_model_game;
Map g_model_map;

int units_of(const Position& pos, PowerId p) {
  int n = 0;
  for (const Unit& u : pos.units) n += u.present() && u.power == p;
  return n;
}

void check_legal(const Map& map, const Position& pos, PowerId p, const OrderList& orders) {
  for (const Order& o : orders) {
    CHECK(o.power == p);
    CHECK(check_order(map, pos, o) == VoidReason::None);
  }
}

}  // namespace

TEST_CASE("the model orders every unit legally at the opening, the same for the same draws") {
  for (const char* name : {"colonial", "standard"}) {
    const Map& map = builtin_map(name);
    Position pos;
    set_start_position(map, pos);
    g_model.prepare(map, pos);
    for (PowerId p = 0; p < map.power_count(); ++p) {
      INFO(name << " power " << int(p));
      OrderList likely, again, drawn, drawn_again;
      g_model.orders(map, pos, p, nullptr, likely);
      g_model.orders(map, pos, p, nullptr, again);
      CHECK(likely == again);
      Random first{5}, second{5};
      g_model.orders(map, pos, p, &first, drawn);
      g_model.orders(map, pos, p, &second, drawn_again);
      CHECK(drawn == drawn_again);
      check_legal(map, pos, p, likely);
      check_legal(map, pos, p, drawn);
      CHECK(likely.size() == units_of(pos, p));
      CHECK(drawn.size() == units_of(pos, p));
    }
  }
}

TEST_CASE("the model's most likely opening goes for the centres, and its draws differ") {
  const Map& map = builtin_map("standard");
  Position pos;
  set_start_position(map, pos);
  g_model.prepare(map, pos);
  int units = 0, moves = 0, powers_varied = 0;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    OrderList likely, drawn;
    g_model.orders(map, pos, p, nullptr, likely);
    for (const Order& o : likely) {
      ++units;
      moves += o.kind == OrderKind::Move;
    }
    Random random{11};
    bool varied = false;
    for (int k = 0; k < 20 && !varied; ++k) {
      g_model.orders(map, pos, p, &random, drawn);
      varied = !(drawn == likely);
    }
    powers_varied += varied;
  }
  // DumbBot opens by moving nearly every unit towards a neutral centre; a
  // few powers have a close second choice that the draws sometimes take.
  CHECK(moves * 4 >= units * 3);
  CHECK(powers_varied >= 2);
}

TEST_CASE("a game of the model alone: legal retreats and adjustments, builds made") {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("standard"), "standard", g_model_map, errors));
  GameSettings settings = map_default_settings(g_model_map);
  settings.last_year = 1905;
  g_model_game.start(g_model_map, settings);
  Random random{3};
  int builds = 0, phases = 0;
  OrderList orders;
  while (!g_model_game.over()) {
    const Position& pos = g_model_game.position();
    g_model.prepare(g_model_map, pos);
    ++phases;
    for (PowerId p = 0; p < g_model_map.power_count(); ++p) {
      if (!g_model_game.has_choice(p)) continue;
      g_model.orders(g_model_map, pos, p, &random, orders);
      INFO("year " << pos.phase.year << " kind " << int(pos.phase.kind) << " power " << int(p));
      check_legal(g_model_map, pos, p, orders);
      if (pos.phase.kind == PhaseKind::Adjustment) {
        const int due = g_model_game.adjustment_due(p);
        CHECK(orders.size() <= (due < 0 ? -due : due));
      }
      for (const Order& o : orders) builds += o.kind == OrderKind::Build;
      g_model_game.submit(p, orders);
    }
    REQUIRE(g_model_game.adjudicate());
  }
  CHECK(phases >= 10);
  CHECK(builds > 0);
}

TEST_CASE("the hard level's builds, chosen by playing the year on: legal, as many as due, the same twice") {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("standard"), "standard", g_model_map, errors));
  GameSettings settings = map_default_settings(g_model_map);
  g_model_game.start(g_model_map, settings);
  OrderList orders, again;
  // The easy level's game to its first adjustment phase.
  while (g_model_game.position().phase.kind != PhaseKind::Adjustment) {
    for (PowerId p = 0; p < g_model_map.power_count(); ++p) {
      if (!g_model_game.has_choice(p)) continue;
      g_hard.decide(g_model_map, g_model_game.position(), p, BotLevel::Easy, 9, orders);
      g_model_game.submit(p, orders);
    }
    REQUIRE(g_model_game.adjudicate());
  }
  const Position& pos = g_model_game.position();
  int builds = 0, adjudications = 0;
  for (PowerId p = 0; p < g_model_map.power_count(); ++p) {
    const int due = g_model_game.adjustment_due(p);
    if (due == 0) continue;
    INFO("power " << int(p) << " due " << due);
    g_hard.decide(g_model_map, pos, p, BotLevel::Hard, 9, orders);
    g_hard.decide(g_model_map, pos, p, BotLevel::Hard, 9, again);
    adjudications += g_hard.adjudications();
    CHECK(orders == again);
    check_legal(g_model_map, pos, p, orders);
    CHECK(orders.size() <= (due < 0 ? -due : due));
    if (due > 0) builds += orders.size();
  }
  CHECK(builds > 0);
  // It played the year on: many adjudications, not the heuristic alone.
  CHECK(adjudications > 0);
}

}  // namespace bot_model_test
