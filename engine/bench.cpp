#include "bench.h"

#include <algorithm>

#include "contract.h"

namespace colonial {

RandomGamesRate time_random_games(Map& map, double budget, int max_games, double (*now_seconds)(), Game& game,
                                  OrderList& orders) {
  COLONIAL_ASSERT(budget >= 0 && max_games > 0 && now_seconds);
  const GameSettings settings = random_game_settings(map);
  Random random{2024};
  constexpr int kWindows = 10;
  double window_rate[kWindows];
  RandomGamesRate out;
  const double start = now_seconds();
  while (out.windows < kWindows && out.games < max_games) {
    const double window_start = now_seconds();
    int window_games = 0;
    while (out.games < max_games && (window_games == 0 || now_seconds() - window_start < budget / kWindows)) {
      out.phases += play_random_game(map, settings, random, game, orders);
      out.won += game.result().end == GameEnd::Victory;
      ++out.games;
      ++window_games;
    }
    window_rate[out.windows++] = window_games / std::max(1e-9, now_seconds() - window_start);
  }
  out.seconds = now_seconds() - start;
  std::nth_element(window_rate, window_rate + out.windows / 2, window_rate + out.windows);
  out.window_median = window_rate[out.windows / 2];
  return out;
}

DecisionTime time_hard_decision(const Map& map, int samples, double (*now_seconds)(), Bot& bot) {
  COLONIAL_ASSERT(samples >= 1 && samples <= 5 && now_seconds);
  Position start;
  set_start_position(map, start);
  OrderList orders;
  double ms[5];
  for (int k = 0; k < samples; ++k) {
    const double t = now_seconds();
    bot.decide(map, start, 0, BotLevel::Hard, 1, orders);
    ms[k] = (now_seconds() - t) * 1000;
  }
  std::nth_element(ms, ms + samples / 2, ms + samples);
  return {ms[samples / 2], *std::min_element(ms, ms + samples), samples};
}

}  // namespace colonial
