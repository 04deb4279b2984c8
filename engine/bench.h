// The engine's speed as the benchmarks measure it, the same on every
// platform: colonial-judge bench natively, the browser's worker
// (game/app/computer/bot_worker.cpp) in a page. The caller gives the clock
// (the engine keeps none); nothing here allocates.
#pragma once

#include "bot.h"
#include "game.h"

namespace colonial {

// Whole games of random legal orders (play_random_game) for about
// `budget` seconds, in ten windows of a tenth each, seeded the same every
// run: the rate over the whole run and the median of the windows' rates (a
// shared machine's bursts of other work slow a window or two, which the
// whole run's rate takes in and the median leaves out).
struct RandomGamesRate {
  int games = 0;
  double seconds = 0;
  double window_median = 0;  // games a second
  int windows = 0;
  long phases = 0;
  int won = 0;  // games won outright (the rest reached the year limit)
};
RandomGamesRate time_random_games(Map& map, double budget, int max_games, double (*now_seconds)(), Game& game,
                                  OrderList& orders);

// A hard computer player's decision for the map's first power at its start,
// `samples` times (1 to 5): the median and the fastest, in milliseconds.
struct DecisionTime {
  double median_ms = 0;
  double min_ms = 0;
  int samples = 0;
};
DecisionTime time_hard_decision(const Map& map, int samples, double (*now_seconds)(), Bot& bot);

}  // namespace colonial
