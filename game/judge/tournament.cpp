#include "tournament.h"

#include <algorithm>
#include <cstdio>

#include "map.h"
#include "record.h"

namespace colonial::judge {

void count_result(const Game& g, PowerId seat, Tally& tally) {
  const GameResult& r = g.result();
  const u32 seat_bit = u32{1} << seat;
  if (r.winner == seat) {
    ++tally.won;
    tally.outright += r.end == GameEnd::Victory;
  } else if (r.sharing & seat_bit) {
    ++tally.shared;
  } else {
    ++tally.lost;
  }
  for (int w = 0; w < g.map().power_count(); ++w) {
    const int c = g.position().colony_count(g.map(), static_cast<PowerId>(w));
    if (w == seat) {
      tally.seat_colonies += c;
    } else {
      tally.other_colonies += c;
      ++tally.other_count;
    }
  }
}

void print_game_line(long number, const Game& g, PowerId seat, std::string_view level) {
  const Map& map = g.map();
  PhaseText phase;
  format_phase(g.phase(), phase);
  const std::string_view ending = game_end_name(g.result().end);
  std::printf("game %ld: %s (%.*s) %d colonies; %.*s in %s; ", number, map.power(seat).name,
              static_cast<int>(level.size()), level.data(), g.position().colony_count(map, seat),
              static_cast<int>(ending.size()), ending.data(), phase.c_str());
  if (g.result().winner != kNoPower)
    std::printf("won by %s\n", map.power(g.result().winner).name);
  else
    std::printf("shared by %d powers\n", __builtin_popcount(g.result().sharing));
  std::fflush(stdout);
}

void print_summary(std::string_view level, std::string_view opponent, long games, Tally& tally) {
  std::vector<double>& ms = tally.decision_ms;
  std::sort(ms.begin(), ms.end());
  const double median = ms.empty() ? 0 : ms[ms.size() / 2];
  const double max = ms.empty() ? 0 : ms.back();
  const double others =
      tally.other_count ? static_cast<double>(tally.other_colonies) / static_cast<double>(tally.other_count) : 0;
  std::printf("(%d of the games won were won outright, before the last year)\n", tally.outright);
  std::printf(
      "%.*s vs %.*s: %ld games, %d won, %d shared, %d lost; mean colonies %.1f (others %.1f); decision median %.1f ms, "
      "max %.1f ms\n",
      static_cast<int>(level.size()), level.data(), static_cast<int>(opponent.size()), opponent.data(), games,
      tally.won, tally.shared, tally.lost,
      games ? static_cast<double>(tally.seat_colonies) / static_cast<double>(games) : 0.0, others, median, max);
}

}  // namespace colonial::judge
