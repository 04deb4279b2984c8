// The ImGui overlay over the board of a screenshot (colonial --screenshot)
// and of the board benchmark: the map, the phase, each power's units and
// colonies, in the language in use.
#pragma once

#include "map.h"
#include "position.h"

namespace colonial {

// Draws the status panel at the top left of a display of the given size (in
// ImGui points) and returns the panel's width in points, so the board can be
// laid out beside it. `anchored` says whether the board is drawn from map
// anchors or from the adjacency graph; the panel tells the player which.
float draw_status_panel(const Map& map, const Position& position, float display_w, float display_h, bool anchored);

}  // namespace colonial
