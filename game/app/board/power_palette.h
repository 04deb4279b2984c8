// Colours of the board and of the powers, shared by the board view and the
// overlay so that a power looks the same in both.
#pragma once

#include "canvas.h"
#include "types.h"

namespace colonial {

// The colour of power p's units and colonies. Powers are numbered in map
// order; the palette is chosen so that the seven Colonial powers (Britain,
// China, France, Holland, Japan, Russia, Turkey) get their usual board colours
// and any eight powers stay distinct.
platform::Color power_colour(PowerId p);

// Black or white, whichever reads better on `background`.
platform::Color ink_on(platform::Color background);

}  // namespace colonial
