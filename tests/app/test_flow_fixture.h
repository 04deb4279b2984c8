// Shared set-up of the app-flow tests: the Colonial map, games in static
// storage (a Game holds its whole history: megabytes), and helpers.
#pragma once

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "game.h"
#include "map.h"
#include "notation.h"

namespace colonial::flow_test {

struct World {
  Map map;
  Game game;
  Game other;    // a second game (round trips)
  Game scratch;  // working space of read_record
};

inline World& world() {
  static World w;
  return w;
}

// The Colonial map, freshly loaded (tests change its options).
inline Map& colonial_map() {
  World& w = world();
  MapErrors errors;
  const bool ok = load_map(builtin_map_text("colonial"), "colonial.map", w.map, errors);
  REQUIRE(ok);
  return w.map;
}

inline PowerId power(std::string_view name) {
  const PowerId p = world().map.find_power(name);
  INFO(name);
  REQUIRE(p != kNoPower);
  return p;
}

inline u32 bit(PowerId p) { return u32{1} << p; }

// Parses orders of one power in the game's current phase ("A TON - CAN").
inline OrderList orders(const Game& game, std::string_view power_name, std::string_view text) {
  ParseContext ctx;
  ctx.map = &game.map();
  ctx.position = &game.position();
  ctx.power = world().map.find_power(power_name);
  ctx.phase = game.phase().kind;
  ParsedOrders parsed;
  ParseError err;
  INFO(text);
  const bool ok = parse_order_line(ctx, text, parsed, err);
  INFO(err.message.c_str());
  REQUIRE(ok);
  OrderList out;
  for (const Order& o : parsed) out.push_back(o);
  return out;
}

// A new seven-player game on the Colonial map with the default settings.
inline Game& new_game(GameSettings settings = {}) {
  Map& map = colonial_map();
  settings.rules.map_options = map.default_options();
  settings.rules.calendar = Calendar::Biennial1995;
  Game& g = world().game;
  g.start(map, settings);
  return g;
}

// A fresh empty directory per test case.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    static int n = 0;
    path = std::filesystem::temp_directory_path() /
           ("colonial-flow-test-" + std::to_string(::getpid()) + "-" + std::to_string(++n));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string file(const char* name) const { return (path / name).string(); }
};

inline void write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

inline std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace colonial::flow_test
