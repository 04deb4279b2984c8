#include "files.h"

#include <SDL.h>

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

}  // namespace colonial::platform
