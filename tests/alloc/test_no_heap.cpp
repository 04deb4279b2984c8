// "No heap after start-up", proved: every engine entry point a game uses is
// run inside an AllocationWindow and must allocate nothing.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <vector>

#include "alloc_counter.h"
#include "map.h"
#include "position.h"

using namespace colonial;
using colonial::test::AllocationWindow;

namespace {
Map g_map;  // large: static storage, as the app keeps it
}

TEST_CASE("the counter sees allocations (control)") {
  AllocationWindow w;
  std::vector<int> v(100);
  v[7] = 1;
  CHECK(w.count() >= 1);
  CHECK(v[7] == 1);
}

TEST_CASE("loading the built-in maps allocates nothing") {
  for (const char* name : {"colonial", "standard"}) {
    MapErrors errors;
    bool ok = false;
    std::size_t n = 0;
    {
      AllocationWindow w;
      ok = load_map(builtin_map_text(name), name, g_map, errors);
      n = w.count();
    }
    CHECK(ok);
    CHECK(n == 0);
  }
}

TEST_CASE("rejecting a broken map allocates nothing") {
  MapErrors errors;
  std::size_t n = 0;
  {
    AllocationWindow w;
    load_map("map X\nprovince A sea \"A\"\nlink A B both\nnonsense here\n", "bad.map", g_map, errors);
    FixedString<1024> text;
    errors.format(text);
    n = w.count();
  }
  CHECK_FALSE(errors.ok());
  CHECK(n == 0);
}

TEST_CASE("positions and board options allocate nothing") {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
  static Position p;
  std::size_t n = 0;
  int units = 0;
  {
    AllocationWindow w;
    for (u32 mask = 0; mask < 8; ++mask) {
      g_map.set_options(mask);
      set_start_position(g_map, p);
      for (PowerId pw = 0; pw < g_map.power_count(); ++pw) units += p.unit_count(pw) + p.colony_count(g_map, pw);
    }
    n = w.count();
  }
  CHECK(units == 8 * (29 + 29));
  CHECK(n == 0);
}
