// Loads the built-in maps once per test binary (a Map is ~100 KB: keep it
// out of test stack frames).
#pragma once

#include <doctest/doctest.h>

#include "map.h"

namespace colonial::test {

// The built-in map `name` with its default options. Fails the test on error.
inline const Map& builtin_map(std::string_view name) {
  static Map colonial_map, standard_map;
  static bool loaded_colonial = false, loaded_standard = false;
  bool is_colonial = name == "colonial";
  Map& m = is_colonial ? colonial_map : standard_map;
  bool& loaded = is_colonial ? loaded_colonial : loaded_standard;
  if (!loaded) {
    MapErrors errors;
    bool ok = load_map(builtin_map_text(name), name, m, errors);
    FixedString<2048> text;
    errors.format(text);
    INFO(text.c_str());
    REQUIRE(ok);
    loaded = true;
  }
  return m;
}

}  // namespace colonial::test
