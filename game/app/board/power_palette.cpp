#include "power_palette.h"

#include "board_palette.h"

namespace colonial {

// The board's palette (board_palette.h) decides, so that the overlay and the
// board agree, also after the colour-blind palette is switched on.
platform::Color power_colour(PowerId p) { return app_palette().power(p).unit; }

platform::Color ink_on(platform::Color background) {
  // Rec. 601 luma, integer form.
  const int luma = (299 * background.r + 587 * background.g + 114 * background.b) / 1000;
  return luma > 140 ? platform::Color{16, 16, 16, 255} : platform::Color{250, 250, 250, 255};
}

}  // namespace colonial
