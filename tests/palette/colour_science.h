// What a colour-blind player sees, and how far apart two colours look: the
// simulation of colour-vision deficiencies by Machado, Oliveira and
// Fernandes (2009) and the CIEDE2000 colour difference (CIE 142-2001, as
// Sharma, Wu and Dalal 2005 give it), for the palette tests and the
// pictures of the board as each deficiency sees it.
#pragma once

#include <cstdint>

namespace colour_science {

enum class Deficiency { None = 0, Protanopia, Deuteranopia, Tritanopia };

struct Srgb {
  double r = 0, g = 0, b = 0;  // 0..255, gamma-encoded
};
struct Lab {
  double l = 0, a = 0, b = 0;  // CIE L*a*b*, D65
};

// The colour as a person with the deficiency sees it (severity 1.0): the
// published matrix applied to linear RGB, the result clamped to the gamut.
Srgb simulate(Srgb c, Deficiency d);
Lab to_lab(Srgb c);
double ciede2000(const Lab& x, const Lab& y);

// simulate() on a packed 0xAARRGGBB pixel (alpha kept).
std::uint32_t simulate_argb(std::uint32_t argb, Deficiency d);

}  // namespace colour_science
