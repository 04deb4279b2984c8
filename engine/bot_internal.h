// What the computer player's source files (bot.cpp, bot_lookahead.cpp)
// share and nobody else needs.
#pragma once

#include "map.h"
#include "position.h"

namespace colonial::bot_detail {

inline constexpr std::int64_t kTried = -(std::int64_t{1} << 40);  // a candidate's total once it was played on

inline bool is_mine(const Position& pos, PowerId power, PowerId other) { return same_side(pos.rules, power, other); }

// A phase after which the colonies change hands: a Fall, or the 1995
// calendar's every second turn.
inline bool counting_phase(const Map& map, const Position& pos) {
  if (pos.phase.season == Season::Turn) return ((pos.phase.year - map.start_year()) / 2) % 2 == 1;
  return pos.phase.season == Season::Fall;
}

}  // namespace colonial::bot_detail
