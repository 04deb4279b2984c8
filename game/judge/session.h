// What the game commands of colonial-judge share: picking a map, and a game
// kept in a record file between invocations (read, changed, saved atomically).
#pragma once

#include <string>
#include <string_view>

#include "game.h"
#include "map.h"

namespace colonial::judge {

// The map and game of one invocation (static storage: both are large).
struct Session {
  Map map;
  Game game;
  Game scratch;         // working space for reading and verifying records
  std::string variant;  // "colonial", "standard" or a map file path
};
Session& session();

// Loads a built-in map by name or a map file by path. Prints the errors (with
// file and line) to stderr and returns false when it cannot.
bool load_variant(std::string_view variant, Map& map);

// Reads the record at path into session().game. Prints why not on failure.
bool load_game(const std::string& path);

// Writes session().game to path atomically (old file kept as path.bak).
bool save_game(const std::string& path);

// Prints "colonial-judge CMD: what" to stderr and returns the exit code.
int fail(std::string_view command, std::string_view what, int code = 1);

}  // namespace colonial::judge
