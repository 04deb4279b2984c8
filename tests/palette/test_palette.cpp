// The powers' colours told apart: for every palette, the smallest CIEDE2000
// difference between two powers' colours (units, and their provinces) as a
// person with each colour-vision deficiency sees them (Machado, Oliveira and
// Fernandes 2009, severity 1.0). Each colour-blind palette keeps every two
// powers at least 20 apart for its own deficiency; the printed board's at
// least 10 apart for all three. The figures are printed.
#include <doctest/doctest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "colour_science.h"
#include "map.h"
#include "power_colours.h"

using namespace colonial;
using colour_science::Deficiency;
using colour_science::Lab;
using colour_science::Srgb;

namespace {

std::unique_ptr<Map> load(std::string_view name) {
  auto m = std::make_unique<Map>();
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text(name), std::string(name) + ".map", *m, errors));
  return m;
}

Lab seen(Rgb c, Deficiency d) {
  return colour_science::to_lab(colour_science::simulate({1.0 * c.r, 1.0 * c.g, 1.0 * c.b}, d));
}

struct Closest {
  double difference = 1e9;
  int a = -1, b = -1;
};

// The closest two of `n` colours as deficiency `d` sees them.
template <typename ColourOf>
Closest closest(int n, Deficiency d, ColourOf colour_of) {
  Closest c;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const double e = colour_science::ciede2000(seen(colour_of(i), d), seen(colour_of(j), d));
      if (e < c.difference) c = {e, i, j};
    }
  return c;
}

const char* deficiency_name(Deficiency d) {
  switch (d) {
    case Deficiency::None: return "normal vision";
    case Deficiency::Protanopia: return "protanopia";
    case Deficiency::Deuteranopia: return "deuteranopia";
    case Deficiency::Tritanopia: return "tritanopia";
  }
  return "?";
}

// Checks the powers of `map` in palette `kind` under `d` against `least`,
// printing the closest pair of units and of provinces.
void check_powers(const Map& map, PaletteKind kind, Deficiency d, double least) {
  const int n = map.power_count();
  for (const bool land : {false, true}) {
    const Closest c = closest(n, d, [&](int p) {
      const PowerColours pc = power_colours(kind, map, static_cast<PowerId>(p));
      return land ? pc.land : pc.unit;
    });
    std::printf("%-12s %-10s %-13s %-9s closest %5.1f (%s, %s)\n", std::string(palette_code(kind)).c_str(),
                std::string(map.name()).c_str(), deficiency_name(d), land ? "provinces" : "units", c.difference,
                map.power(static_cast<PowerId>(c.a)).name, map.power(static_cast<PowerId>(c.b)).name);
    CHECK_MESSAGE(c.difference >= least, palette_code(kind), " ", deficiency_name(d), land ? " provinces" : " units");
  }
}

// Every slot (a map of other powers takes them by number; only a map of
// eight powers uses the eighth).
void check_slots(PaletteKind kind, Deficiency d, double least, double least_land) {
  for (const bool land : {false, true}) {
    const Closest c = closest(kPaletteSlots, d, [&](int s) {
      const PowerColours pc = slot_colours(kind, s);
      return land ? pc.land : pc.unit;
    });
    std::printf("%-12s %-10s %-13s %-9s closest %5.1f (slots %d, %d)\n", std::string(palette_code(kind)).c_str(),
                "by number", deficiency_name(d), land ? "provinces" : "units", c.difference, c.a, c.b);
    CHECK(c.difference >= (land ? least_land : least));
  }
}

}  // namespace

TEST_CASE("CIEDE2000 gives Sharma, Wu and Dalal's published differences") {
  // "The CIEDE2000 Color-Difference Formula: Implementation Notes,
  // Supplementary Test Data, and Mathematical Observations", Color Research
  // and Application 30(1), 2005, table 1: pairs 1, 2, 4, 7, 9, 13, 14, 17,
  // 19, 25, 31 and 34 (hue wrapping, the mean hue's two cases, near-black).
  struct Pair {
    Lab x, y;
    double expected;
  };
  const Pair pairs[] = {
      {{50.0, 2.6772, -79.7751}, {50.0, 0.0, -82.7485}, 2.0425},
      {{50.0, 3.1571, -77.2803}, {50.0, 0.0, -82.7485}, 2.8615},
      {{50.0, -1.3802, -84.2814}, {50.0, 0.0, -82.7485}, 1.0000},
      {{50.0, 0.0, 0.0}, {50.0, -1.0, 2.0}, 2.3669},
      {{50.0, 2.49, -0.001}, {50.0, -2.49, 0.0009}, 7.1792},
      {{50.0, 2.49, -0.001}, {50.0, -2.49, 0.0011}, 7.2195},
      {{50.0, 2.5, 0.0}, {50.0, 0.0, -2.5}, 4.3065},
      {{50.0, 2.5, 0.0}, {73.0, 25.0, -18.0}, 27.1492},
      {{50.0, 2.5, 0.0}, {50.0, 3.1736, 0.5854}, 1.0000},
      {{60.2574, -34.0099, 36.2677}, {60.4626, -34.1751, 39.4387}, 1.2644},
      {{2.0776, 0.0795, -1.1350}, {0.9033, -0.0636, -0.5514}, 0.9082},
      {{90.9257, -0.5406, -0.9208}, {88.6381, -0.8985, -0.7239}, 1.5381},
  };
  for (const Pair& p : pairs) {
    CHECK(colour_science::ciede2000(p.x, p.y) == doctest::Approx(p.expected).epsilon(0.0001));
    // Symmetric, as the formula is.
    CHECK(colour_science::ciede2000(p.y, p.x) == doctest::Approx(p.expected).epsilon(0.0001));
  }
}

TEST_CASE("the simulation: greys stay grey, red and green meet for the red-green deficiencies") {
  for (const Deficiency d : {Deficiency::Protanopia, Deficiency::Deuteranopia, Deficiency::Tritanopia}) {
    // Each matrix's rows sum to 1: white, black and greys are unchanged.
    for (const double v : {0.0, 128.0, 255.0}) {
      const Srgb s = colour_science::simulate({v, v, v}, d);
      CHECK(s.r == doctest::Approx(v).epsilon(0.01));
      CHECK(s.g == doctest::Approx(v).epsilon(0.01));
      CHECK(s.b == doctest::Approx(v).epsilon(0.01));
    }
  }
  // Pure red and a green of its lightness, far apart to normal vision, close
  // for the red-green deficiencies but not for tritanopia.
  const Srgb red{200, 30, 30}, green{90, 110, 30};
  auto apart = [&](Deficiency d) {
    return colour_science::ciede2000(colour_science::to_lab(colour_science::simulate(red, d)),
                                     colour_science::to_lab(colour_science::simulate(green, d)));
  };
  CHECK(apart(Deficiency::None) > 30);
  CHECK(apart(Deficiency::Deuteranopia) < 10);
  CHECK(apart(Deficiency::Tritanopia) > 20);
}

TEST_CASE("each colour-blind palette keeps every two powers at least 20 apart for its deficiency") {
  const auto colonial = load("colonial");
  const auto standard = load("standard");
  const std::pair<PaletteKind, Deficiency> palettes[] = {{PaletteKind::Protanopia, Deficiency::Protanopia},
                                                         {PaletteKind::Deuteranopia, Deficiency::Deuteranopia},
                                                         {PaletteKind::Tritanopia, Deficiency::Tritanopia}};
  for (const auto& [kind, d] : palettes) {
    check_powers(*colonial, kind, d, 20);
    check_powers(*standard, kind, d, 20);
    // An eighth power's provinces, on a map of one's own, stay 15 apart.
    check_slots(kind, d, 20, 15);
  }
}

TEST_CASE("the printed board's palette keeps every two powers at least 10 apart for every deficiency") {
  const auto colonial = load("colonial");
  const auto standard = load("standard");
  for (const Deficiency d :
       {Deficiency::None, Deficiency::Protanopia, Deficiency::Deuteranopia, Deficiency::Tritanopia}) {
    check_powers(*colonial, PaletteKind::Board, d, 10);
    check_powers(*standard, PaletteKind::Board, d, 10);
    check_slots(PaletteKind::Board, d, 10, 10);
  }
}

TEST_CASE("palettes by name: each known one, a later version's refused") {
  for (int i = 0; i < kPaletteCount; ++i) {
    PaletteKind k = PaletteKind::Board;
    REQUIRE(palette_from_code(palette_code(static_cast<PaletteKind>(i)), k));
    CHECK(static_cast<int>(k) == i);
  }
  PaletteKind k = PaletteKind::Tritanopia;
  CHECK_FALSE(palette_from_code("achromatopsia", k));
  CHECK_FALSE(palette_from_code("", k));
  CHECK(k == PaletteKind::Tritanopia);
}
