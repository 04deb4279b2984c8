#include "board_palette.h"

#include <cstring>
#include <span>
#include <string_view>

namespace colonial {
namespace {

using platform::Color;

struct NamedStyle {
  const char* name;
  Color board_unit;
  Color board_land;
  Color blind_unit;
  Pattern pattern;
};

// Okabe-Ito: blue, sky blue, bluish green, yellow, vermillion, reddish
// purple, orange, black.
constexpr Color kOiBlue{0, 114, 178, 255};
constexpr Color kOiSky{86, 180, 233, 255};
constexpr Color kOiGreen{0, 158, 115, 255};
constexpr Color kOiYellow{240, 228, 66, 255};
constexpr Color kOiVermillion{213, 94, 0, 255};
constexpr Color kOiPurple{204, 121, 167, 255};
constexpr Color kOiOrange{230, 159, 0, 255};
constexpr Color kOiBlack{20, 20, 20, 255};

// The printed boards. Land shades are lighter than the units so that labels
// and units read on them, but keep each power's hue (and Britain darker than
// France, as printed).
constexpr Color kRed{196, 40, 40, 255};
constexpr Color kRedLand{234, 156, 146, 255};
constexpr Color kWhite{248, 248, 244, 255};
constexpr Color kWhiteLand{252, 252, 248, 255};
constexpr NamedStyle kColonialStyles[] = {
    // Colonial (rulebook 2.12)
    {"Britain", {34, 60, 150, 255}, {140, 156, 212, 255}, kOiBlue, Pattern::DiagonalUp},
    {"China", {238, 200, 30, 255}, {244, 222, 120, 255}, kOiYellow, Pattern::Dots},
    {"France", {100, 176, 236, 255}, {178, 222, 248, 255}, kOiSky, Pattern::Vertical},
    {"Holland", {36, 36, 40, 255}, {156, 156, 156, 255}, kOiBlack, Pattern::Cross},
    {"Japan", {30, 140, 60, 255}, {150, 204, 146, 255}, kOiGreen, Pattern::Horizontal},
    {"Russia", kRed, kRedLand, kOiVermillion, Pattern::DiagonalDown},
    {"Turkey", kWhite, kWhiteLand, kOiPurple, Pattern::Checks},
};
// Standard Diplomacy (the Avalon Hill board), told apart by its powers.
constexpr NamedStyle kStandardStyles[] = {
    {"Austria", kRed, kRedLand, kOiVermillion, Pattern::DiagonalDown},
    {"England", {34, 60, 150, 255}, {140, 156, 212, 255}, kOiBlue, Pattern::DiagonalUp},
    {"France", {100, 176, 236, 255}, {178, 222, 248, 255}, kOiSky, Pattern::Vertical},
    {"Germany", {60, 56, 52, 255}, {164, 160, 156, 255}, kOiBlack, Pattern::Cross},
    {"Italy", {30, 140, 60, 255}, {150, 204, 146, 255}, kOiGreen, Pattern::Horizontal},
    {"Russia", kWhite, kWhiteLand, kOiPurple, Pattern::Checks},
    {"Turkey", {238, 200, 30, 255}, {244, 222, 120, 255}, kOiYellow, Pattern::Dots},
};

// Powers of other maps, by number.
constexpr Color kByNumber[kMaxPowers] = {kOiBlue,  kOiYellow,     kOiSky,    kOiBlack,
                                         kOiGreen, kOiVermillion, kOiPurple, kOiOrange};
constexpr Pattern kPatternByNumber[kMaxPowers] = {Pattern::DiagonalUp, Pattern::Dots,       Pattern::Vertical,
                                                  Pattern::Cross,      Pattern::Horizontal, Pattern::DiagonalDown,
                                                  Pattern::Checks,     Pattern::None};

Color mix(Color a, Color b, int percent_b) {
  auto ch = [&](std::uint8_t x, std::uint8_t y) {
    return static_cast<std::uint8_t>((x * (100 - percent_b) + y * percent_b) / 100);
  };
  return {ch(a.r, b.r), ch(a.g, b.g), ch(a.b, b.b), 255};
}

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
    const NamedStyle* named = nullptr;
    if (map_ && p < map_->power_count()) {
      const bool standard = map_->find_power("Austria") != kNoPower && map_->find_power("Germany") != kNoPower;
      for (const NamedStyle& n :
           standard ? std::span<const NamedStyle>(kStandardStyles) : std::span<const NamedStyle>(kColonialStyles))
        if (std::string_view(n.name) == map_->power(static_cast<PowerId>(p)).name) named = &n;
    }
    const Color white{255, 255, 255, 255};
    if (kind_ == PaletteKind::Board) {
      s.unit = named ? named->board_unit : kByNumber[p];
      s.land = named ? named->board_land : mix(kByNumber[p], white, 55);
    } else {
      s.unit = named ? named->blind_unit : kByNumber[p];
      // Black would hide the hatching and the lines: Holland's land is grey.
      s.land = mix(s.unit, white, s.unit.r + s.unit.g + s.unit.b < 120 ? 40 : 50);
    }
    s.ink = ink_for(s.unit);
    s.pattern = named ? named->pattern : kPatternByNumber[p];
    s.letter = map_ && p < map_->power_count() ? map_->power(static_cast<PowerId>(p)).letter : '?';
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
