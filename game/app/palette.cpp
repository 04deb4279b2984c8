#include "palette.h"

namespace colonial {

platform::Color power_colour(PowerId p) {
  static constexpr platform::Color kPalette[kMaxPowers] = {
      {32, 64, 160, 255},    // Britain: navy
      {236, 206, 52, 255},   // China: yellow
      {96, 170, 236, 255},   // France: light blue
      {242, 140, 28, 255},   // Holland: orange
      {208, 40, 44, 255},    // Japan: red
      {238, 238, 238, 255},  // Russia: white
      {40, 150, 72, 255},    // Turkey: green
      {150, 80, 180, 255},   // an eighth power: purple
  };
  return p < kMaxPowers ? kPalette[p] : platform::Color{128, 128, 128, 255};
}

platform::Color ink_on(platform::Color background) {
  // Rec. 601 luma, integer form.
  const int luma = (299 * background.r + 587 * background.g + 114 * background.b) / 1000;
  return luma > 140 ? platform::Color{16, 16, 16, 255} : platform::Color{250, 250, 250, 255};
}

}  // namespace colonial
