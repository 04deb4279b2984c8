// The schematic board, for maps without generated art (Standard, a player's
// own map file): each location is a point, links are lines (land bridges and
// canals dashed), the railroad is drawn over its links.
//
// Points come from the map's anchors (longitude/latitude, Mercator) when it
// has them; otherwise from a deterministic force-directed layout of the
// adjacencies, so every map can be shown. Locations without an anchor of
// their own sit near their neighbours. The layout is scaled to the art's
// board width (kSchematicWidth units) so that the view sizes units and labels
// the same way on both boards.
#pragma once

#include "board_camera.h"
#include "board_palette.h"
#include "canvas.h"
#include "map.h"

namespace colonial {

inline constexpr float kSchematicWidth = 2048;

class SchematicBoard {
 public:
  void set_map(const Map& map);
  // True when the points come from the map's anchors.
  bool anchored() const { return anchored_; }
  // Where location l is, in board units.
  platform::PointF point(LocationId l) const { return board_[l]; }
  // The board's extent, with a margin for labels and units at the edge.
  platform::RectF bounds() const { return bounds_; }

  // Draws the links, the special features and a dot per province. Provinces
  // in `dimmed` (if any) are drawn faded, those in `lit` highlighted.
  void draw(platform::Canvas& canvas, const Camera& camera, const Map& map, const BoardPalette& palette,
            float unit_size, const ProvinceSet* lit, ProvinceId selected, bool dim_others) const;

 private:
  void layout_from_anchors(const Map& map);
  void layout_as_graph(const Map& map);
  void place_unanchored(const Map& map, const bool* placed);
  void normalise(const Map& map);

  bool anchored_ = false;
  platform::PointF board_[kMaxLocations];
  platform::RectF bounds_;
};

}  // namespace colonial
