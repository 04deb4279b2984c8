// Drawing orders and their results: the shapes (curved arrows, dashed lines,
// rings, crosses) and the choice of shape for each order and outcome.
//
//   move, retreat        arrow from the unit, gently curved (to the right of
//                        its direction, so A-B and B-A do not overlap)
//   rail move (TSR)      arrow along the railroad's stations, with a rail stripe
//   canal move           arrow through the canal
//   support to move      dashed line to the supported arrow, ending in a dot
//   support to hold      dashed line to the supported unit, ringed
//   convoy               dotted line from the fleet to the carried army's arrow,
//                        and a ring round the fleet
//   canal permission     dashed line from Egypt's unit to the canal, ringed
//   hold                 a ring round the unit
//   build / disband      a ring with a plus / a cross over the unit
// Results: a bounced or undelivered move stops short with a red bar and a
// cross; a cut or unmatched support or convoy is crossed in its middle; a
// void order is grey and dashed; dislodged units get a red ring.
#pragma once

#include "adjudicator.h"
#include "board_palette.h"
#include "canvas.h"
#include "map.h"
#include "order.h"

namespace colonial {

// A curve as a short polyline.
inline constexpr int kMaxPathPoints = 64;
struct Path {
  platform::PointF p[kMaxPathPoints];
  int n = 0;
  void add(platform::PointF q) {
    if (n < kMaxPathPoints) p[n++] = q;
  }
  float length() const;
  // The point at share t (0..1) of the length.
  platform::PointF at(float t) const;
  // The direction of travel at share t (unit vector).
  platform::PointF direction(float t) const;
  // The part between shares t0 and t1.
  Path slice(float t0, float t1) const;
};

// The bent path of a move from a to b: a quadratic curve bulging to the
// right of the direction of travel by `bend` of the length.
Path curved_path(platform::PointF a, platform::PointF b, float bend = 0.12f);
// A polyline through the points, rounded at the corners.
Path polyline_path(const platform::PointF* points, int n);

struct Stroke {
  platform::Color colour;
  float width = 3;
  platform::Color outline{20, 20, 20, 255};  // alpha 0: no outline
  float outline_width = 1.5f;                // on each side
  float dash = 0;                            // 0: solid; else dash length (gap the same)
};

// Low-level shapes, all in screen pixels.
void stroke_path(platform::Canvas& c, const Path& path, const Stroke& s);
void arrow_head(platform::Canvas& c, platform::PointF tip, platform::PointF dir, float size, const Stroke& s);
void ring(platform::Canvas& c, platform::PointF centre, float radius, float width, platform::Color colour);
void cross(platform::Canvas& c, platform::PointF centre, float size, float width, platform::Color colour,
           platform::Color outline);
void end_bar(platform::Canvas& c, platform::PointF at, platform::PointF dir, float size, float width,
             platform::Color colour);

// What the arrow drawer needs to know of the board on screen.
class ArrowGeometry {
 public:
  virtual ~ArrowGeometry() = default;
  // Where a unit on location l is drawn.
  virtual platform::PointF point(LocationId l) const = 0;
  // Where the dislodged unit of province p is drawn (retreat phase).
  virtual platform::PointF dislodged_point(ProvinceId p) const = 0;
  // The middle of the canal's drawing.
  virtual platform::PointF canal_point() const = 0;
  // Unit icon size on screen (pixels), for lengths and widths.
  virtual float unit_size() const = 0;
  // True if a unit stands on province p (arrows stop short of it).
  virtual bool occupied(ProvinceId p) const = 0;
};

// The path a unit travels for order o (move, retreat, rail move, canal
// move); n == 0 for orders that move nothing. Animation follows it too.
Path movement_path(const Map& map, const ArrowGeometry& g, const Order& o, bool from_dislodged);

// Draws one order, with its outcome when `result` is given.
void draw_order(platform::Canvas& c, const Map& map, const ArrowGeometry& g, const BoardPalette& palette,
                const Order& o, const OrderResult* result, bool retreat_phase);

}  // namespace colonial
