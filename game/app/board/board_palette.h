// The colours of the board and of the powers, switchable at run time: the
// printed board's, or one of the colour-blind palettes (power_colours.h has
// the powers' colours of each). The colour-blind palettes add a second cue
// that needs no colour at all: every power's provinces carry its own
// hatching pattern and its colony markers its letter (units carry their
// power's letter in every palette).
#pragma once

#include "canvas.h"
#include "map.h"
#include "power_colours.h"

namespace colonial {

// Hatching of a power's provinces in the colour-blind palettes.
enum class Pattern : u8 { None = 0, Horizontal, Vertical, DiagonalUp, DiagonalDown, Cross, Dots, Checks };

struct PowerStyle {
  platform::Color unit;             // units, colony markers, arrows
  platform::Color land;             // the power's provinces (home country, colonies it owns)
  platform::Color ink;              // letters drawn on `unit`
  Pattern pattern = Pattern::None;  // used by the colour-blind palettes only
  char letter = '?';
};

class BoardPalette {
 public:
  // Picks each power's style by its name (Colonial's and Standard's powers
  // are known; others get distinct colours by number).
  void set_map(const Map& map);
  void set_kind(PaletteKind kind);
  PaletteKind kind() const { return kind_; }
  // True when provinces carry their power's pattern and colony markers the
  // owner's letter (the colour-blind palettes).
  bool second_cue() const { return kind_ != PaletteKind::Board; }

  const PowerStyle& power(PowerId p) const;

  // The board's own colours.
  platform::Color neutral_land() const { return {232, 222, 190, 255}; }
  platform::Color sea() const { return {146, 184, 214, 255}; }
  platform::Color offboard() const { return {150, 146, 138, 255}; }
  platform::Color still_water() const { return {112, 138, 160, 255}; }
  platform::Color background() const { return {24, 34, 48, 255}; }
  platform::Color neutral_colony() const { return {150, 150, 150, 255}; }
  platform::Color land_label() const { return {32, 26, 20, 255}; }
  platform::Color sea_label() const { return {18, 44, 84, 255}; }
  // Result cues: a failed order's cross, a dislodged unit's ring.
  platform::Color failure() const {
    return kind_ != PaletteKind::Board ? platform::Color{213, 94, 0, 255} : platform::Color{214, 32, 32, 255};
  }
  platform::Color void_order() const { return {110, 110, 110, 255}; }
  platform::Color highlight() const { return {255, 246, 150, 255}; }

 private:
  void rebuild();
  const Map* map_ = nullptr;
  PaletteKind kind_ = PaletteKind::Board;
  PowerStyle styles_[kMaxPowers];
  PowerStyle unknown_;
};

// The palette of the whole app: the board and the overlay's power colours
// (palette.h) both read it, so a power looks the same everywhere.
BoardPalette& app_palette();

// Whether pattern p marks board pixel (x, y).
bool pattern_at(Pattern p, int x, int y);

}  // namespace colonial
