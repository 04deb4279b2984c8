// The ImGui overlay over the board: a status panel (map, phase, each power's
// units and colonies) and a tooltip describing the province under the pointer.
#pragma once

#include <string>

#include "map.h"
#include "position.h"

namespace colonial {

// "1870 Movement", "Spring 1901 Movement", "Winter 1901 Adjustments".
std::string phase_text(const Phase& phase);

// Draws the status panel at the top left of a display of the given size (in
// ImGui points) and returns the panel's width in points, so the board can be
// laid out beside it. `anchored` says whether the board is drawn from map
// anchors or from the adjacency graph; the panel tells the player which.
float draw_status_panel(const Map& map, const Position& position, float display_w, float display_h, bool anchored);

// A tooltip naming location l: its province, terrain, colony owner and unit.
void draw_location_tooltip(const Map& map, const Position& position, LocationId l);

}  // namespace colonial
