// A decision asked of the computer players' Web Worker (bot_worker.cpp), in
// the browser: the page and the worker are built from the same sources by
// the same compiler, so the request carries the position and the settings
// as they lie in memory (both trivially copyable), then the board's text,
// which the worker loads as the page did. The reply is the orders.
#pragma once

#include <cstring>
#include <string_view>
#include <type_traits>

#include "bot_level.h"
#include "game.h"
#include "order.h"
#include "position.h"

namespace colonial {

// Changes whenever the layout below does (a page and a worker of two
// versions, one from a cache, refuse each other's messages).
inline constexpr u32 kBotRequestFormat = 0xC01B0701u;

struct BotRequest {
  u32 format = kBotRequestFormat;
  u32 board_text_size = 0;    // the board's text follows the struct
  char board_file[256] = {};  // Map::file_name(), as load_map was told it
  GameSettings settings;
  Position position;
  PowerId power = 0;
  BotLevel level = BotLevel::Easy;
  u64 seed = 0;
};

struct BotReply {
  u32 format = kBotRequestFormat;
  u32 count = 0;
  Order orders[kMaxOrders];
};

// The engine's speed in the page (colonial_bot_bench, for the web tests'
// figures beside colonial-judge bench's): random Colonial games for the
// seconds asked, then a hard decision timed.
struct BotBenchReply {
  u32 format = kBotRequestFormat;
  int games = 0;
  double seconds = 0;
  double window_median = 0;
  double phases_per_game = 0;
  double hard_median_ms = 0;
  double hard_min_ms = 0;
  int hard_samples = 0;
};

static_assert(std::is_trivially_copyable_v<GameSettings> && std::is_trivially_copyable_v<Position> &&
                  std::is_trivially_copyable_v<Order>,
              "the worker's messages are the structs' bytes");

}  // namespace colonial
