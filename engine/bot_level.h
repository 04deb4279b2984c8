// How strongly a computer player plays (engine/bot.h), by the names the
// judge, the record and the app use.
#pragma once

#include <string_view>

#include "types.h"

namespace colonial {

enum class BotLevel : u8 { Easy = 0, Normal, Hard };
inline constexpr std::string_view kBotLevelNames[] = {"easy", "normal", "hard"};
inline constexpr int kBotLevelCount = 3;

// "easy", "normal" or "hard"; false (and `out` unchanged) for anything else.
bool parse_bot_level(std::string_view name, BotLevel& out);
std::string_view bot_level_name(BotLevel level);

}  // namespace colonial
