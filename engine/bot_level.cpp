#include "bot_level.h"

namespace colonial {

bool parse_bot_level(std::string_view name, BotLevel& out) {
  for (int i = 0; i < kBotLevelCount; ++i)
    if (name == kBotLevelNames[i]) {
      out = static_cast<BotLevel>(i);
      return true;
    }
  return false;
}

std::string_view bot_level_name(BotLevel level) { return kBotLevelNames[static_cast<int>(level)]; }

}  // namespace colonial
