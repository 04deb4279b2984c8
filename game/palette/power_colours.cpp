#include "power_colours.h"

#include <span>

namespace colonial {
namespace {

constexpr std::string_view kCodes[kPaletteCount] = {"board", "protanopia", "deuteranopia", "tritanopia"};

// Each palette's slots: unit, then land. Slot order: Britain, China, France,
// Holland, Japan, Russia, Turkey, and an eighth for a map of eight powers.
//
// The printed board (Colonial rulebook 2.12: Britain dark blue, China
// yellow, France light blue, Holland black, Japan green, Russia red, Turkey
// white). Land shades are lighter than the units so that labels and units
// read on them. Japan's green is a little bluer, its land and Russia's a
// little apart in lightness, than a plain copy of the print: enough for the
// three deficiencies to tell every two powers apart (tests/palette).
constexpr PowerColours kBoard[kPaletteSlots] = {{{34, 60, 150}, {140, 156, 212}},   {{238, 200, 30}, {244, 222, 120}},
                                                {{100, 176, 236}, {181, 223, 249}}, {{36, 36, 40}, {156, 156, 156}},
                                                {{27, 143, 83}, {175, 205, 150}},   {{196, 40, 40}, {203, 135, 121}},
                                                {{248, 248, 244}, {252, 252, 248}}, {{119, 119, 136}, {255, 85, 0}}};

// The colour-blind palettes: every two of the seven powers at least 20 apart
// (CIEDE2000) as that deficiency sees them, their units and their provinces
// each. Found by a search over the RGB cube: the units kept near the print
// where that allows, the provinces chosen for distance alone (the power's
// hatching and letter tie them to their units), none darker than labels
// read on. tests/palette measures them.
constexpr PowerColours kProtanopia[kPaletteSlots] = {
    {{34, 68, 153}, {150, 165, 210}},   {{255, 255, 153}, {225, 255, 165}}, {{85, 170, 238}, {240, 150, 45}},
    {{17, 17, 17}, {255, 15, 135}},     {{68, 136, 119}, {255, 45, 45}},    {{204, 17, 34}, {240, 120, 135}},
    {{255, 255, 255}, {240, 240, 240}}, {{221, 153, 0}, {240, 30, 255}}};
constexpr PowerColours kDeuteranopia[kPaletteSlots] = {
    {{34, 68, 153}, {0, 135, 240}},     {{238, 204, 34}, {255, 240, 120}}, {{85, 170, 238}, {90, 210, 255}},
    {{34, 34, 34}, {0, 150, 135}},      {{51, 170, 136}, {75, 150, 0}},    {{204, 17, 34}, {255, 120, 150}},
    {{255, 255, 255}, {180, 255, 240}}, {{75, 105, 105}, {255, 135, 0}}};
constexpr PowerColours kTritanopia[kPaletteSlots] = {
    {{51, 51, 187}, {180, 120, 255}},   {{153, 170, 0}, {225, 210, 120}}, {{102, 187, 255}, {120, 120, 255}},
    {{34, 34, 34}, {135, 150, 60}},     {{17, 136, 51}, {90, 210, 150}},  {{187, 34, 34}, {210, 120, 120}},
    {{255, 255, 255}, {225, 240, 225}}, {{221, 153, 0}, {75, 150, 0}}};
constexpr const PowerColours* kPalettes[kPaletteCount] = {kBoard, kProtanopia, kDeuteranopia, kTritanopia};

struct NamedSlot {
  std::string_view name;
  int slot;
};
constexpr NamedSlot kColonialSlots[] = {{"Britain", 0}, {"China", 1},  {"France", 2}, {"Holland", 3},
                                        {"Japan", 4},   {"Russia", 5}, {"Turkey", 6}};
// Standard Diplomacy's powers in the colours of the Avalon Hill board.
constexpr NamedSlot kStandardSlots[] = {{"England", 0}, {"Turkey", 1},  {"France", 2}, {"Germany", 3},
                                        {"Italy", 4},   {"Austria", 5}, {"Russia", 6}};

}  // namespace

std::string_view palette_code(PaletteKind kind) {
  const auto i = static_cast<std::size_t>(kind);
  return i < std::size(kCodes) ? kCodes[i] : kCodes[0];
}

bool palette_from_code(std::string_view code, PaletteKind& out) {
  for (int i = 0; i < kPaletteCount; ++i)
    if (kCodes[i] == code) {
      out = static_cast<PaletteKind>(i);
      return true;
    }
  return false;
}

PowerColours slot_colours(PaletteKind kind, int slot) {
  const auto i = static_cast<std::size_t>(kind);
  const PowerColours* palette = i < std::size(kPalettes) ? kPalettes[i] : kBoard;
  return palette[slot >= 0 && slot < kPaletteSlots ? slot : 0];
}

int power_slot(const Map& map, PowerId p) {
  const bool standard = map.find_power("Austria") != kNoPower && map.find_power("Germany") != kNoPower;
  const std::span<const NamedSlot> named =
      standard ? std::span<const NamedSlot>(kStandardSlots) : std::span<const NamedSlot>(kColonialSlots);
  int slot = p;
  if (p < map.power_count())
    for (const NamedSlot& n : named)
      if (n.name == map.power(p).name) slot = n.slot;
  return slot;
}

}  // namespace colonial
