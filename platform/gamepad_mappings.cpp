#include "gamepad_mappings.h"

#include <SDL.h>
#include <unistd.h>

#include <cstdlib>

#include "files.h"

namespace colonial::platform {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The line's "platform:" field, or empty when it has none (then it is for
// every platform).
std::string_view platform_of(std::string_view line) {
  const std::size_t at = line.find("platform:");
  if (at == std::string_view::npos) return {};
  std::string_view rest = line.substr(at + 9);
  return rest.substr(0, rest.find(','));
}

void add_file(const std::string& path, MappingCounts& total, std::vector<std::string>& messages) {
  if (path.empty() || !file_exists(path)) return;
  std::string text;
  std::string error;
  if (!read_file(path, text, error)) {
    messages.push_back(error + "; its gamepad mappings are not used");
    return;
  }
  const MappingCounts c = add_gamepad_mappings(text, path, messages);
  total.added += c.added;
  total.updated += c.updated;
  total.skipped += c.skipped;
  total.other_platforms += c.other_platforms;
}

}  // namespace

MappingCounts add_gamepad_mappings(std::string_view text, const std::string& source,
                                   std::vector<std::string>& messages) {
  MappingCounts counts;
  int number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view raw = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    const std::string_view platform = platform_of(line);
    if (!platform.empty() && platform != SDL_GetPlatform()) {
      ++counts.other_platforms;
      continue;
    }
    const std::string mapping(line);
    SDL_ClearError();
    const int result = SDL_GameControllerAddMapping(mapping.c_str());
    if (result == 1) {
      ++counts.added;
    } else if (result == 0) {
      ++counts.updated;
    } else {
      ++counts.skipped;
      const char* why = SDL_GetError();
      messages.push_back(source + ":" + std::to_string(number) +
                         ": skipped: " + (why && *why ? why : "not a gamepad mapping") + " (" +
                         std::string(line.substr(0, 60)) + (line.size() > 60 ? "...)" : ")"));
    }
  }
  return counts;
}

std::string user_gamepad_mappings_path() {
  if (const char* config = std::getenv("XDG_CONFIG_HOME"); config && *config)
    return std::string(config) + "/colonial/gamecontrollerdb.txt";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.config/colonial/gamecontrollerdb.txt";
  return {};
}

MappingCounts load_gamepad_mappings(std::vector<std::string>& messages) {
  MappingCounts total;
  std::string searched;
  add_file(find_asset("gamepads/handhelds.txt", searched), total, messages);
  add_file(user_gamepad_mappings_path(), total, messages);
  if (const char* file = std::getenv("SDL_GAMECONTROLLERCONFIG_FILE"); file && *file) {
    if (!file_exists(file))
      messages.push_back(std::string("SDL_GAMECONTROLLERCONFIG_FILE names ") + file + ", which does not exist");
    add_file(file, total, messages);
  }
  return total;
}

}  // namespace colonial::platform
