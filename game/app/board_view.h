// BoardView: draws a Map and a Position into a rectangle of the Canvas.
//
// This first view is drawn from engine data alone: each location sits at its
// unit anchor (Map::unit_anchor, longitude/latitude projected with Mercator
// and fitted to the view), links are thin lines (land bridges and canals
// drawn distinctly), each province carries its code, colonies a dot in the
// owner's colour, units an A/F token in their power's colour. A map without
// anchors is laid out as a graph instead (a deterministic force-directed
// layout of the adjacencies), so every map can be shown; locations without
// an anchor of their own sit near their neighbours.
//
// The sprite-atlas renderer of the map art will replace draw(); the layout
// (where each location is on screen) is what the rest of the game asks for.
#pragma once

#include "canvas.h"
#include "map.h"
#include "position.h"

namespace colonial {

class BoardView {
 public:
  // Sets the board and computes where each location goes. The map must
  // outlive the view (or be set again).
  void set_map(const Map* map);
  void set_position(const Position* position) { position_ = position; }
  // The rectangle of the canvas the board is fitted into (pixels).
  void set_view(platform::RectF view);

  // True when the positions come from the map's anchors, false when the map
  // has none and the graph layout is used.
  bool uses_anchors() const { return anchored_; }
  // Where location l is drawn (pixels, within the view rect).
  platform::PointF screen_point(LocationId l) const;
  // The location whose point is nearest to p, within `radius` pixels;
  // kNoLocation if none. For pointer and touch picking.
  LocationId location_at(platform::PointF p, float radius) const;

  void draw(platform::Canvas& canvas) const;

 private:
  void layout_from_anchors();
  void layout_as_graph();
  void place_unanchored(const bool* placed);
  void draw_units(platform::Canvas& canvas, float token_r, float line_w) const;

  const Map* map_ = nullptr;
  const Position* position_ = nullptr;
  platform::RectF view_;
  bool anchored_ = false;
  // Layout in board units: x to the east, y to the south, any scale; fitted
  // into view_ keeping the aspect ratio.
  platform::PointF board_[kMaxLocations];
  platform::RectF board_bounds_;
  // board -> screen: screen = board * scale_ + offset_
  float scale_ = 1;
  platform::PointF offset_;
};

}  // namespace colonial
