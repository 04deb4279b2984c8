// Computer players in whole games: 1,000 games of bots only, on both built-in
// maps and both calendars, every order each bot gives checked legal in its
// phase, and not one allocation from the first phase to the last.
#include <doctest/doctest.h>

#include <cstdlib>
#include <optional>

#include "alloc_counter.h"
#include "bot.h"
#include "game.h"
#include "legal.h"
#include "map.h"

using namespace colonial;

namespace {

Map g_colonial_map, g_standard_map;
Game g_bot_game;
Bot g_bot;

struct BotGames {
  long orders = 0, illegal = 0, missing = 0, phases = 0, kinds[3] = {};
  long moves = 0, supports = 0, convoys = 0, rail = 0, builds = 0, disbands = 0, retreats = 0;
};

// One power's orders checked against its phase: each legal, one per unit
// in a movement or retreat phase, no more builds or disbands than due.
void check_orders(const Game& game, PowerId p, const OrderList& orders, BotGames& out) {
  const Map& map = game.map();
  const Position& pos = game.position();
  int units = 0;
  for (int i = 0; i < map.province_count(); ++i) {
    const Unit& u = pos.phase.kind == PhaseKind::Retreat ? pos.dislodged[i].unit : pos.units[i];
    units += u.present() && u.power == p;
  }
  int unit_orders = 0;
  for (const Order& o : orders) {
    ++out.orders;
    if (o.power != p || check_order(map, pos, o) != VoidReason::None) ++out.illegal;
    unit_orders += o.kind != OrderKind::CanalPermit;
    out.moves += o.kind == OrderKind::Move;
    out.supports += o.kind == OrderKind::Support;
    out.convoys += o.kind == OrderKind::Convoy;
    out.rail += o.kind == OrderKind::RailMove;
    out.builds += o.kind == OrderKind::Build;
    out.disbands += o.kind == OrderKind::Disband;
    out.retreats += o.kind == OrderKind::Retreat;
  }
  if (pos.phase.kind == PhaseKind::Adjustment) {
    const int due = game.adjustment_due(p);
    int bad = -1;
    if (unit_orders > (due < 0 ? -due : due) || refused_adjustment(map, pos, orders, bad) != VoidReason::None)
      ++out.illegal;
  } else if (unit_orders != units) {
    ++out.missing;
  }
}

// `level` for every seat; none: the heuristic alone, as each level's search
// starts from (the same orders a level of no search would give).
void play(Map& map, const GameSettings& settings, std::optional<BotLevel> level, u64 seed, BotGames& out) {
  g_bot_game.start(map, settings);
  static OrderList orders;
  Random random{seed};
  while (!g_bot_game.over()) {
    ++out.kinds[static_cast<int>(g_bot_game.phase().kind)];
    for (PowerId p = 0; p < map.power_count(); ++p) {
      if (!g_bot_game.has_choice(p)) continue;
      if (level)
        g_bot.decide(map, g_bot_game.position(), p, *level, seed, orders);
      else
        g_bot.heuristic(map, g_bot_game.position(), p, 0, random, orders);
      check_orders(g_bot_game, p, orders, out);
      if (!orders.empty()) g_bot_game.submit(p, orders);
    }
    if (!g_bot_game.adjudicate()) break;
    ++out.phases;
  }
}

}  // namespace

TEST_CASE("1,000 games of computer players: every order legal, no allocation") {
  // Under an emulator (the ARM cross build's tests) a tenth as many:
  // COLONIAL_BOT_GAMES says how many.
  const char* count_text = std::getenv("COLONIAL_BOT_GAMES");
  const int games = count_text ? std::atoi(count_text) : 1000;
  REQUIRE(games >= 50);
  BotGames colonial_games, standard_games;
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_colonial_map, errors));
  REQUIRE(load_map(builtin_map_text("standard"), "standard", g_standard_map, errors));
  std::size_t allocations = 0;
  for (int i = 0; i < games; ++i) {
    const bool standard = i % 4 == 3;
    Map& map = standard ? g_standard_map : g_colonial_map;
    GameSettings settings = map_default_settings(map);
    // Every third Colonial game on the judges' Spring and Fall calendar.
    if (!standard && i % 3 == 1) settings.rules.calendar = Calendar::Seasons;
    // Short games, a few long ones; the heuristic alone in most, every 25th
    // easy, every 50th normal, every 250th hard (each level searches).
    settings.last_year = map.start_year() + (i % 100 == 0 ? 30 : 6);
    const std::optional<BotLevel> level = i % 250 == 0  ? std::optional<BotLevel>(BotLevel::Hard)
                                          : i % 50 == 0 ? std::optional<BotLevel>(BotLevel::Normal)
                                          : i % 25 == 0 ? std::optional<BotLevel>(BotLevel::Easy)
                                                        : std::nullopt;
    AllocationWindow w;
    play(map, settings, level, static_cast<u64>(i), standard ? standard_games : colonial_games);
    allocations += w.count();
  }
  for (const BotGames* g : {&colonial_games, &standard_games}) {
    INFO("orders " << g->orders << ", illegal " << g->illegal << ", units without an order " << g->missing);
    CHECK(g->illegal == 0);
    CHECK(g->missing == 0);
    CHECK(g->kinds[0] > 0);
    CHECK(g->kinds[1] > 0);  // retreats happened
    CHECK(g->kinds[2] > 0);  // adjustments happened
    CHECK(g->moves > 0);
    CHECK(g->supports > 0);
    CHECK(g->builds > 0);
    CHECK(g->retreats > 0);
  }
  // Colonial's own: the railroad and carried armies (rare: over the full
  // thousand games).
  CHECK(colonial_games.rail > 0);
  if (games >= 1000) CHECK(colonial_games.convoys > 0);
  CHECK(allocations == 0);
}
