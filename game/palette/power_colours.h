// The powers' colours in each palette: the printed board's, and one for each
// of the common colour-vision deficiencies (protanopia, deuteranopia,
// tritanopia), chosen so that every two powers stay far apart as a person
// with that deficiency sees them (tests/palette measures it). The app's
// board (game/app/board/board_palette.h) and the pages of the phones and the
// game master's tablet (through the order server) all draw from this table.
#pragma once

#include <string_view>

#include "map.h"
#include "types.h"

namespace colonial {

enum class PaletteKind : u8 { Board = 0, Protanopia, Deuteranopia, Tritanopia };
inline constexpr int kPaletteCount = 4;

struct Rgb {
  u8 r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

// A power's colours: its units, colony markers and arrows; its provinces
// (home country, colonies it owns).
struct PowerColours {
  Rgb unit;
  Rgb land;
};

// The palette's name in settings files and on the web pages: "board",
// "protanopia", "deuteranopia", "tritanopia".
std::string_view palette_code(PaletteKind kind);
// The palette named `code`; false for a name this version does not know
// (one written by a later version, say).
bool palette_from_code(std::string_view code, PaletteKind& out);

// A palette has a slot for each power of a map of up to kPaletteSlots
// powers. Colonial's and Standard's powers take their slot by name (each its
// printed colour), the powers of other maps by number.
inline constexpr int kPaletteSlots = kMaxPowers;
int power_slot(const Map& map, PowerId p);
PowerColours slot_colours(PaletteKind kind, int slot);

// Power p's colours on `map` in palette `kind`.
inline PowerColours power_colours(PaletteKind kind, const Map& map, PowerId p) {
  return slot_colours(kind, power_slot(map, p));
}

}  // namespace colonial
