// The computer players (engine/bot.h): legal, complete and repeatable orders
// in every phase kind; the levels by name.
#include <doctest/doctest.h>

#include "bot.h"
#include "game.h"
#include "legal.h"
#include "map_fixture.h"
#include "notation.h"

using namespace colonial;
using colonial::test::builtin_map;

// Named, so that its helpers stay apart from other files' in a unity build.
namespace bot_test {

namespace {

Bot g_bot;
Game g_game;
Map g_play_map;

int units_of(const Position& pos, PowerId p) {
  int n = 0;
  for (const Unit& u : pos.units) n += u.present() && u.power == p;
  return n;
}

}  // namespace

TEST_CASE("bot levels by name") {
  BotLevel level = BotLevel::Easy;
  CHECK(parse_bot_level("hard", level));
  CHECK(level == BotLevel::Hard);
  CHECK(bot_level_name(BotLevel::Normal) == "normal");
  CHECK_FALSE(parse_bot_level("expert", level));
  CHECK(level == BotLevel::Hard);
  CHECK(bot_search(BotLevel::Easy).guesses > 0);
  CHECK(bot_search(BotLevel::Normal).candidates > bot_search(BotLevel::Easy).candidates);
  CHECK(bot_search(BotLevel::Hard).candidates > bot_search(BotLevel::Normal).candidates);
  CHECK(bot_search(BotLevel::Hard).model_guesses);
  CHECK(bot_search(BotLevel::Hard).year_candidates > 0);
}

TEST_CASE("the bot orders every unit legally at the opening, at every level, the same way twice") {
  for (const char* name : {"colonial", "standard"}) {
    const Map& map = builtin_map(name);
    Position pos;
    set_start_position(map, pos);
    for (int level = 0; level < 3; ++level)
      for (PowerId p = 0; p < map.power_count(); ++p) {
        OrderList first, second;
        g_bot.decide(map, pos, p, static_cast<BotLevel>(level), 42, first);
        g_bot.decide(map, pos, p, static_cast<BotLevel>(level), 42, second);
        INFO(name << " level " << level << " power " << int(p));
        CHECK(first == second);
        int unit_orders = 0;
        for (const Order& o : first) {
          CHECK(o.power == p);
          CHECK(check_order(map, pos, o) == VoidReason::None);
          unit_orders += o.kind != OrderKind::CanalPermit;
        }
        CHECK(unit_orders == units_of(pos, p));
        CHECK(g_bot.adjudications() > 0);
      }
  }
}

TEST_CASE("the bot goes for colonies: most opening units move") {
  const Map& map = builtin_map("colonial");
  Position pos;
  set_start_position(map, pos);
  int moves = 0, units = 0;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    OrderList orders;
    g_bot.decide(map, pos, p, BotLevel::Easy, 1, orders);
    for (const Order& o : orders) moves += o.kind == OrderKind::Move || o.kind == OrderKind::RailMove;
    units += units_of(pos, p);
  }
  CHECK(moves * 2 > units);
}

TEST_CASE("a power with nothing to order gets no orders") {
  const Map& map = builtin_map("colonial");
  Position pos;
  set_start_position(map, pos);
  pos.clear_units();
  OrderList orders;
  orders.push_back(Order());
  g_bot.decide(map, pos, 0, BotLevel::Hard, 1, orders);
  CHECK(orders.empty());
  g_bot.decide(map, pos, kNoPower, BotLevel::Easy, 1, orders);
  CHECK(orders.empty());
}

TEST_CASE("bots play retreats and adjustments: a game of bots to the first builds") {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_play_map, errors));
  GameSettings settings = map_default_settings(g_play_map);
  settings.last_year = 1890;
  g_game.start(g_play_map, settings);
  int kinds[3] = {}, builds = 0;
  OrderList orders;
  while (!g_game.over()) {
    const Position& pos = g_game.position();
    ++kinds[static_cast<int>(pos.phase.kind)];
    for (PowerId p = 0; p < g_play_map.power_count(); ++p) {
      if (!g_game.has_choice(p)) continue;
      g_bot.decide(g_play_map, pos, p, BotLevel::Normal, 7, orders);
      for (const Order& o : orders) {
        CHECK(check_order(g_play_map, pos, o) == VoidReason::None);
        builds += o.kind == OrderKind::Build;
      }
      if (pos.phase.kind == PhaseKind::Adjustment)
        CHECK(orders.size() <= (g_game.adjustment_due(p) < 0 ? -g_game.adjustment_due(p) : g_game.adjustment_due(p)));
      g_game.submit(p, orders);
    }
    REQUIRE(g_game.adjudicate());
  }
  CHECK(kinds[2] > 0);
  CHECK(builds > 0);
}

TEST_CASE("the preview adjudicates a power's orders against a guess, never against orders handed in") {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_play_map, errors));
  g_game.start(g_play_map, map_default_settings(g_play_map));
  const Map& map = g_play_map;
  ParseContext ctx;
  ctx.map = &map;
  ctx.position = &g_game.position();
  auto orders = [&](std::initializer_list<const char*> lines) {
    OrderList out;
    for (const char* line : lines) {
      Order o;
      ParseError err;
      REQUIRE_MESSAGE(parse_order(ctx, line, o, err), line);
      out.push_back(o);
    }
    return out;
  };
  const PowerId france = map.find_power("France"), china = map.find_power("China");
  const OrderList mine = orders({"France: A TON - CAN"});
  // China hands in a defence of Canton; then changes its mind.
  REQUIRE(g_game.submit(china, orders({"China: A CAN H", "China: A SHA S A CAN"})));
  static Position after1, after2;
  static PhaseResults results1, results2;
  for (const PreviewGuess guess : {PreviewGuess::OthersHold, PreviewGuess::ComputerGuess}) {
    REQUIRE(g_bot.preview(map, g_game.position(), france, mine, guess, after1, results1));
    REQUIRE(g_game.submit(china, orders({"China: A CAN - YUN"})));
    REQUIRE(g_bot.preview(map, g_game.position(), france, mine, guess, after2, results2));
    CHECK(results1 == results2);
    CHECK(after1 == after2);
    REQUIRE(g_game.submit(china, orders({"China: A CAN H", "China: A SHA S A CAN"})));
  }
  // Against units that hold, the lone attack on Canton bounces.
  REQUIRE(g_bot.preview(map, g_game.position(), france, mine, PreviewGuess::OthersHold, after1, results1));
  bool bounced = false;
  for (const OrderResult& r : results1.results)
    bounced = bounced || (r.order.power == france && r.order.kind == OrderKind::Move && r.outcome == Outcome::Bounced);
  CHECK(bounced);
  // Only movement phases have a preview.
  Position retreat = g_game.position();
  retreat.phase.kind = PhaseKind::Retreat;
  CHECK_FALSE(g_bot.preview(map, retreat, france, mine, PreviewGuess::OthersHold, after1, results1));
}

}  // namespace bot_test
