#include "files.h"

#include <SDL.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

namespace colonial::platform {

bool user_data_dir(std::string& out, std::string& error) {
  char* p = SDL_GetPrefPath("", "colonial");
  if (!p) {
    error = std::string("cannot find or create the user data directory (SDL: ") + SDL_GetError() + ")";
    return false;
  }
  out = p;
  SDL_free(p);
  return true;
}

std::vector<std::string> asset_dirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("COLONIAL_ASSETS"); env && *env) dirs.emplace_back(env);
  if (char* base = SDL_GetBasePath()) {
    dirs.push_back(std::string(base) + "../share/colonial/assets");
    SDL_free(base);
  }
#ifdef COLONIAL_SOURCE_ASSETS
  dirs.emplace_back(COLONIAL_SOURCE_ASSETS);
#endif
  return dirs;
}

std::string find_asset(std::string_view relative, std::string& searched) {
  searched.clear();
  for (const std::string& dir : asset_dirs()) {
    std::string path = dir + "/" + std::string(relative);
    if (::access(path.c_str(), R_OK) == 0) return path;
    if (!searched.empty()) searched += ", ";
    searched += dir;
  }
  return {};
}

}  // namespace colonial::platform
