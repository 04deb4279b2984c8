// The maps compiled into the binaries, loaded once a run, for the board's
// tests.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "map.h"

namespace colonial::board_test {

inline std::unique_ptr<Map> load_builtin(const std::string& name) {
  auto m = std::make_unique<Map>();
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text(name), name + ".map", *m, errors));
  return m;
}

inline const Map& colonial_map() {
  static const std::unique_ptr<Map> map = load_builtin("colonial");
  return *map;
}

inline const Map& standard_map() {
  static const std::unique_ptr<Map> map = load_builtin("standard");
  return *map;
}

}  // namespace colonial::board_test
