#include "board_palette.h"

namespace colonial {
namespace {

using platform::Color;

// Each slot's hatching in the colour-blind palettes (power_colours.h's slot
// order: Britain, China, France, Holland, Japan, Russia, Turkey, an eighth).
constexpr Pattern kPatternBySlot[kPaletteSlots] = {Pattern::DiagonalUp, Pattern::Dots,       Pattern::Vertical,
                                                   Pattern::Cross,      Pattern::Horizontal, Pattern::DiagonalDown,
                                                   Pattern::Checks,     Pattern::None};

Color colour_of(Rgb c) { return {c.r, c.g, c.b, 255}; }

Color ink_for(Color c) {
  const int luma = (299 * c.r + 587 * c.g + 114 * c.b) / 1000;
  return luma > 140 ? Color{16, 16, 16, 255} : Color{250, 250, 250, 255};
}

}  // namespace

void BoardPalette::set_map(const Map& map) {
  map_ = &map;
  rebuild();
}

void BoardPalette::set_kind(PaletteKind kind) {
  kind_ = kind;
  rebuild();
}

void BoardPalette::rebuild() {
  unknown_ = {{128, 128, 128, 255}, {200, 200, 200, 255}, {16, 16, 16, 255}, Pattern::None, '?'};
  for (int p = 0; p < kMaxPowers; ++p) {
    PowerStyle& s = styles_[p];
    const bool known = map_ && p < map_->power_count();
    const int slot = known ? power_slot(*map_, static_cast<PowerId>(p)) : p;
    const PowerColours colours = slot_colours(kind_, slot);
    s.unit = colour_of(colours.unit);
    s.land = colour_of(colours.land);
    s.ink = ink_for(s.unit);
    s.pattern = kPatternBySlot[slot];
    s.letter = known ? map_->power(static_cast<PowerId>(p)).letter : '?';
  }
}

const PowerStyle& BoardPalette::power(PowerId p) const { return p < kMaxPowers ? styles_[p] : unknown_; }

BoardPalette& app_palette() {
  static BoardPalette palette = [] {
    BoardPalette p;
    p.set_kind(PaletteKind::Board);
    return p;
  }();
  return palette;
}

bool pattern_at(Pattern p, int x, int y) {
  // A 10-pixel period with 3-pixel strokes: visible at the board's usual
  // zoom (a third of a board pixel per screen pixel and up) without turning
  // into noise.
  constexpr int kPeriod = 10;
  constexpr int kStroke = 3;
  auto m = [](int v) { return ((v % kPeriod) + kPeriod) % kPeriod; };
  switch (p) {
    case Pattern::None: return false;
    case Pattern::Horizontal: return m(y) < kStroke;
    case Pattern::Vertical: return m(x) < kStroke;
    case Pattern::DiagonalUp: return m(x + y) < kStroke;
    case Pattern::DiagonalDown: return m(x - y) < kStroke;
    case Pattern::Cross: return m(x + y) < 2 || m(x - y) < 2;
    case Pattern::Dots: {
      const int dx = m(x) - kPeriod / 2;
      const int dy = m(y) - kPeriod / 2;
      return dx * dx + dy * dy <= 5;
    }
    case Pattern::Checks: return ((x / kPeriod) + (y / kPeriod)) % 2 == 0 && m(x) < 6 && m(y) < 6;
  }
  return false;
}

}  // namespace colonial
