#include "board_arrows.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace colonial {
namespace {

using platform::Color;
using platform::PointF;

PointF normalised(PointF v) {
  const float l = std::hypot(v.x, v.y);
  return l > 0 ? PointF{v.x / l, v.y / l} : PointF{1, 0};
}

Color with_alpha(Color c, std::uint8_t a) { return {c.r, c.g, c.b, a}; }

// Triangles of a thick polyline, mitred at the joints, its ends pushed out
// by `cap` along the line (so an outline covers the ends too).
void append_strip(std::vector<PointF>& tris, const Path& path, float half, float cap) {
  if (path.n < 2) return;
  PointF left[kMaxPathPoints];
  PointF right[kMaxPathPoints];
  for (int i = 0; i < path.n; ++i) {
    const PointF d_in = i > 0 ? normalised({path.p[i].x - path.p[i - 1].x, path.p[i].y - path.p[i - 1].y})
                              : normalised({path.p[1].x - path.p[0].x, path.p[1].y - path.p[0].y});
    const PointF d_out =
        i + 1 < path.n ? normalised({path.p[i + 1].x - path.p[i].x, path.p[i + 1].y - path.p[i].y}) : d_in;
    const PointF n_in{-d_in.y, d_in.x};
    const PointF n_out{-d_out.y, d_out.x};
    PointF m = normalised({n_in.x + n_out.x, n_in.y + n_out.y});
    const float cosine = m.x * n_out.x + m.y * n_out.y;
    const float len = std::min(half / std::max(cosine, 0.3f), half * 2.5f);
    PointF at = path.p[i];
    if (i == 0) at = {at.x - d_out.x * cap, at.y - d_out.y * cap};
    if (i == path.n - 1) at = {at.x + d_in.x * cap, at.y + d_in.y * cap};
    left[i] = {at.x + m.x * len, at.y + m.y * len};
    right[i] = {at.x - m.x * len, at.y - m.y * len};
  }
  for (int i = 0; i + 1 < path.n; ++i) {
    tris.insert(tris.end(), {left[i], left[i + 1], right[i + 1], left[i], right[i + 1], right[i]});
  }
}

std::vector<PointF>& scratch() {
  static std::vector<PointF> tris;
  tris.clear();
  return tris;
}

// The pieces of a dashed path.
template <typename F>
void for_each_dash(const Path& path, float dash, F&& f) {
  const float len = path.length();
  if (dash <= 0 || len <= 0) {
    f(path);
    return;
  }
  for (float s = 0; s < len; s += 2 * dash) f(path.slice(s / len, std::min(s + dash, len) / len));
}

Color power_colour_of(const BoardPalette& palette, PowerId p) {
  return p == kNoPower ? palette.void_order() : palette.power(p).unit;
}

bool failed(Outcome o) {
  return o == Outcome::Bounced || o == Outcome::NoConvoy || o == Outcome::ConvoyDisrupted || o == Outcome::Cut ||
         o == Outcome::NotMatched;
}

}  // namespace

// --- Path

float Path::length() const {
  float l = 0;
  for (int i = 1; i < n; ++i) l += distance(p[i - 1], p[i]);
  return l;
}

PointF Path::at(float t) const {
  if (n == 0) return {};
  if (n == 1 || t <= 0) return p[0];
  const float target = std::clamp(t, 0.0f, 1.0f) * length();
  float run = 0;
  for (int i = 1; i < n; ++i) {
    const float seg = distance(p[i - 1], p[i]);
    if (run + seg >= target && seg > 0) return lerp(p[i - 1], p[i], (target - run) / seg);
    run += seg;
  }
  return p[n - 1];
}

PointF Path::direction(float t) const {
  if (n < 2) return {1, 0};
  const float target = std::clamp(t, 0.0f, 1.0f) * length();
  float run = 0;
  for (int i = 1; i < n; ++i) {
    const float seg = distance(p[i - 1], p[i]);
    if (run + seg >= target && seg > 0) return normalised({p[i].x - p[i - 1].x, p[i].y - p[i - 1].y});
    run += seg;
  }
  return normalised({p[n - 1].x - p[n - 2].x, p[n - 1].y - p[n - 2].y});
}

Path Path::slice(float t0, float t1) const {
  Path out;
  if (n < 2 || t1 <= t0) return out;
  const float len = length();
  const float a = std::clamp(t0, 0.0f, 1.0f) * len;
  const float b = std::clamp(t1, 0.0f, 1.0f) * len;
  out.add(at(t0));
  float run = 0;
  for (int i = 1; i < n; ++i) {
    run += distance(p[i - 1], p[i]);
    if (run > a && run < b) out.add(p[i]);
  }
  out.add(at(t1));
  return out;
}

Path curved_path(PointF a, PointF b, float bend) {
  Path out;
  const PointF d{b.x - a.x, b.y - a.y};
  const float len = std::hypot(d.x, d.y);
  // Control point: the middle, pushed to the right of the direction.
  const PointF ctrl{(a.x + b.x) * 0.5f - d.y * bend * 2, (a.y + b.y) * 0.5f + d.x * bend * 2};
  const int steps = std::clamp(static_cast<int>(len / 12.0f), 2, 24);
  for (int i = 0; i <= steps; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(steps);
    const float u = 1 - t;
    out.add({u * u * a.x + 2 * u * t * ctrl.x + t * t * b.x, u * u * a.y + 2 * u * t * ctrl.y + t * t * b.y});
  }
  return out;
}

Path polyline_path(const PointF* points, int n) {
  Path out;
  if (n <= 0) return out;
  out.add(points[0]);
  for (int i = 1; i < n; ++i) {
    if (i + 1 < n) {
      // Round the corner at points[i]: a short curve between the points a
      // fifth of the way into each neighbouring leg.
      const float r = std::min(distance(points[i - 1], points[i]), distance(points[i], points[i + 1])) * 0.2f;
      const PointF in = lerp(points[i], points[i - 1], r / std::max(distance(points[i - 1], points[i]), 1e-3f));
      const PointF outp = lerp(points[i], points[i + 1], r / std::max(distance(points[i], points[i + 1]), 1e-3f));
      for (int k = 0; k <= 4; ++k) {
        const float t = static_cast<float>(k) / 4.0f;
        const float u = 1 - t;
        out.add({u * u * in.x + 2 * u * t * points[i].x + t * t * outp.x,
                 u * u * in.y + 2 * u * t * points[i].y + t * t * outp.y});
      }
    } else {
      out.add(points[i]);
    }
  }
  return out;
}

// --- shapes

void stroke_path(platform::Canvas& c, const Path& path, const Stroke& s) {
  if (path.n < 2) return;
  if (s.outline.a > 0 && s.outline_width > 0) {
    std::vector<PointF>& tris = scratch();
    for_each_dash(path, s.dash, [&](const Path& piece) {
      append_strip(tris, piece, s.width * 0.5f + s.outline_width, s.outline_width);
    });
    c.fill_triangles(tris.data(), static_cast<int>(tris.size()), s.outline);
  }
  std::vector<PointF>& tris = scratch();
  for_each_dash(path, s.dash, [&](const Path& piece) { append_strip(tris, piece, s.width * 0.5f, 0); });
  c.fill_triangles(tris.data(), static_cast<int>(tris.size()), s.colour);
}

void arrow_head(platform::Canvas& c, PointF tip, PointF dir, float size, const Stroke& s) {
  const PointF n{-dir.y, dir.x};
  auto tri = [&](float grow, Color colour) {
    const PointF t{tip.x + dir.x * grow * 1.6f, tip.y + dir.y * grow * 1.6f};
    const PointF base{tip.x - dir.x * (size + grow), tip.y - dir.y * (size + grow)};
    const float half = size * 0.62f + grow;
    const PointF pts[3] = {t, {base.x + n.x * half, base.y + n.y * half}, {base.x - n.x * half, base.y - n.y * half}};
    c.fill_triangles(pts, 3, colour);
  };
  if (s.outline.a > 0) tri(s.outline_width, s.outline);
  tri(0, s.colour);
}

void ring(platform::Canvas& c, PointF centre, float radius, float width, Color colour) {
  std::vector<PointF>& tris = scratch();
  const int n = std::clamp(static_cast<int>(radius), 16, 64);
  const float r0 = std::max(radius - width * 0.5f, 0.0f);
  const float r1 = radius + width * 0.5f;
  for (int i = 0; i < n; ++i) {
    const float a0 = 2 * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(n);
    const float a1 = 2 * std::numbers::pi_v<float> * static_cast<float>(i + 1) / static_cast<float>(n);
    const PointF i0{centre.x + r0 * std::cos(a0), centre.y + r0 * std::sin(a0)};
    const PointF o0{centre.x + r1 * std::cos(a0), centre.y + r1 * std::sin(a0)};
    const PointF i1{centre.x + r0 * std::cos(a1), centre.y + r0 * std::sin(a1)};
    const PointF o1{centre.x + r1 * std::cos(a1), centre.y + r1 * std::sin(a1)};
    tris.insert(tris.end(), {i0, o0, o1, i0, o1, i1});
  }
  c.fill_triangles(tris.data(), static_cast<int>(tris.size()), colour);
}

void cross(platform::Canvas& c, PointF centre, float size, float width, Color colour, Color outline) {
  const float h = size * 0.5f;
  Path a;
  a.add({centre.x - h, centre.y - h});
  a.add({centre.x + h, centre.y + h});
  Path b;
  b.add({centre.x - h, centre.y + h});
  b.add({centre.x + h, centre.y - h});
  Stroke s{colour, width, outline, std::max(1.0f, width * 0.3f), 0};
  if (outline.a > 0) {
    Stroke o = s;
    o.colour = outline;
    o.width = width + 2 * s.outline_width;
    o.outline.a = 0;
    Path ao = a, bo = b;
    stroke_path(c, ao, o);
    stroke_path(c, bo, o);
  }
  s.outline.a = 0;
  stroke_path(c, a, s);
  stroke_path(c, b, s);
}

void end_bar(platform::Canvas& c, PointF at, PointF dir, float size, float width, Color colour) {
  const PointF n{-dir.y, dir.x};
  Path bar;
  bar.add({at.x + n.x * size * 0.5f, at.y + n.y * size * 0.5f});
  bar.add({at.x - n.x * size * 0.5f, at.y - n.y * size * 0.5f});
  stroke_path(c, bar, Stroke{colour, width, {20, 20, 20, 255}, 1.0f, 0});
}

// --- orders

Path movement_path(const Map& map, const ArrowGeometry& g, const Order& o, bool from_dislodged) {
  Path none;
  if (o.at == kNoLocation || o.to == kNoLocation) return none;
  const ProvinceId from_p = map.province_of(o.at);
  const ProvinceId to_p = map.province_of(o.to);
  const PointF from = from_dislodged ? g.dislodged_point(from_p) : g.point(o.at);
  const PointF to = g.point(o.to);
  if (o.kind == OrderKind::RailMove) {
    for (int r = 0; r < map.railroad_count(); ++r) {
      const Railroad& rail = map.railroad(r);
      int i = -1;
      int j = -1;
      for (int s = 0; s < rail.stations.size(); ++s) {
        if (rail.stations[s] == from_p) i = s;
        if (rail.stations[s] == to_p) j = s;
      }
      if (i < 0 || j < 0 || i == j) continue;
      PointF pts[kMaxRailroadLength];
      int n = 0;
      for (int s = i; n < kMaxRailroadLength; s += (j > i ? 1 : -1)) {
        pts[n++] = g.point(rail.stations[s]);
        if (s == j) break;
      }
      return polyline_path(pts, n);
    }
    return curved_path(from, to);
  }
  if (o.kind != OrderKind::Move && o.kind != OrderKind::Retreat) return none;
  if (o.unit == UnitType::Fleet && !map.fleet_adjacent(o.at, o.to) && canal_between(map, from_p, to_p) >= 0) {
    const PointF pts[3] = {from, g.canal_point(), to};
    return polyline_path(pts, 3);
  }
  return curved_path(from, to);
}

namespace {

// How an order is drawn, as shares of the unit's size on screen (`size`,
// ArrowGeometry::unit_size) or of the order's line width, with floors in
// pixels so that a small board still shows them.
namespace look {
// The line.
constexpr float kLineOfUnit = 0.13f;  // the line's width
constexpr float kMinLine = 2.0f, kMaxLine = 7.0f;
constexpr float kOutlineOfLine = 0.3f, kMinOutline = 1.0f;  // the dark edge on each side
constexpr float kVoidDashOfLine = 1.6f;                     // a void order is dashed
constexpr std::uint8_t kFailedAlpha = 210;                  // a failed order is a little faded
constexpr platform::Color kDark{20, 20, 20, 255};           // outlines
// Rings (hold, convoy, build) and crosses (failure, void, disband).
constexpr float kRingOfLine = 0.55f, kMinRing = 1.5f;
constexpr float kRingEdge = 2.0f;      // the dark ring under it is this much wider
constexpr float kUnitRing = 0.6f;      // round a unit
constexpr float kCrossOfUnit = 0.42f;  // a failure's cross
constexpr float kCrossOfLine = 0.9f, kMinCross = 2.0f;
constexpr float kDisbandCross = 0.7f, kDisbandCrossWidth = 1.2f;  // of the unit, of the cross line
// Arrows (moves, retreats, rail moves).
constexpr float kLeaveUnit = 0.42f;                        // the arrow starts this far from its unit...
constexpr float kMaxLeave = 0.4f;                          // ...at most this share of the way
constexpr float kStopAtUnit = 0.5f, kStopAtEmpty = 0.12f;  // ends short of a unit there, or of the place
constexpr float kMaxStop = 0.4f;
constexpr float kFailedReach = 0.68f;  // a failed move stops this share of the way
constexpr float kHeadOfLine = 2.6f, kMinHead = 7.0f;
constexpr float kHeadOverlap = 0.6f;  // the line ends under the head
constexpr platform::Color kRailStripe{250, 250, 250, 230};
constexpr float kRailStripeOfLine = 0.35f, kMinRailStripe = 1.0f, kRailDashOfLine = 1.2f;
constexpr float kFailBar = 0.5f;          // the bar across a failed move's end
constexpr float kFailCrossAhead = 0.32f;  // and its cross, beyond the bar
// Support, convoy and canal permission: thinner dashed lines.
constexpr float kThinOfLine = 0.8f;
constexpr float kSupportDashOfLine = 1.4f, kMinSupportDash = 4.0f;
constexpr float kConvoyDashOfLine = 0.7f, kMinConvoyDash = 2.5f;
constexpr float kHoldSupportRing = 0.68f;  // the supported unit's ring
constexpr float kSupportTarget = 0.72f;    // where a support meets the move it supports
constexpr float kSupportBend = 0.06f;
constexpr float kSupportDotOfLine = 1.4f;  // the dot at its end
constexpr int kConvoySearchSteps = 20;     // points tried along the army's way
constexpr float kMinConvoyLine = 0.7f, kConvoyLeave = 0.62f, kConvoyMark = 0.55f;
constexpr float kMinCanalLine = 0.5f, kMaxCanalLeave = 0.5f, kCanalRing = 0.3f;
// A build's plus, at the top right of its ring.
constexpr float kPlusOffset = 0.5f, kPlusHalf = 0.22f, kPlusOutline = 1.0f;
}  // namespace look

// One order on the board, with its outcome: the look chosen once, then the
// shape of its kind.
class OrderPainter {
 public:
  OrderPainter(platform::Canvas& c, const Map& map, const ArrowGeometry& g, const BoardPalette& palette, const Order& o,
               const OrderResult* result, bool retreat_phase)
      : c_(c), map_(map), g_(g), palette_(palette), o_(o), retreat_phase_(retreat_phase) {
    size_ = g.unit_size();
    width_ = std::clamp(size_ * look::kLineOfUnit, look::kMinLine, look::kMaxLine);
    const Outcome outcome = result ? result->outcome : Outcome::Succeeded;
    void_ = outcome == Outcome::Void;
    failed_ = failed(outcome);
    const Color own = power_colour_of(palette, o.power);
    colour_ = void_ ? palette.void_order() : failed_ ? with_alpha(own, look::kFailedAlpha) : own;
    bad_ = palette.failure();
    line_ = Stroke{colour_, width_, look::kDark, std::max(look::kMinOutline, width_ * look::kOutlineOfLine),
                   void_ ? width_ * look::kVoidDashOfLine : 0};
    ring_width_ = std::max(look::kMinRing, width_ * look::kRingOfLine);
    cross_size_ = size_ * look::kCrossOfUnit;
    cross_width_ = std::max(look::kMinCross, width_ * look::kCrossOfLine);
  }

  void draw() {
    switch (o_.kind) {
      case OrderKind::Hold: ringed(g_.point(o_.at), size_ * look::kUnitRing); break;
      case OrderKind::Move:
      case OrderKind::Retreat:
      case OrderKind::RailMove: movement(); break;
      case OrderKind::Support: support(); break;
      case OrderKind::Convoy: convoy(); break;
      case OrderKind::CanalPermit: canal_permit(); break;
      case OrderKind::Build: build(); break;
      case OrderKind::Disband:
        cross(c_, unit_point(o_.at), size_ * look::kDisbandCross, cross_width_ * look::kDisbandCrossWidth,
              void_ ? palette_.void_order() : bad_, look::kDark);
        break;
      default: break;
    }
  }

 private:
  PointF unit_point(LocationId l) const {
    return retreat_phase_ ? g_.dislodged_point(map_.province_of(l)) : g_.point(l);
  }

  // A ring in the order's colour over a dark one.
  void ringed(PointF centre, float radius) {
    ring(c_, centre, radius, ring_width_ + look::kRingEdge, look::kDark);
    ring(c_, centre, radius, ring_width_, colour_);
  }

  // A failed or void order is crossed where it matters.
  void mark_middle(PointF at) {
    if (failed_ || void_) cross(c_, at, cross_size_, cross_width_, void_ ? palette_.void_order() : bad_, look::kDark);
  }

  // The thinner dashed line of a support, convoy or permission.
  void thin_dashed(float dash) {
    line_.dash = dash;
    line_.width = width_ * look::kThinOfLine;
  }

  // An arrow along `path`, leaving its unit and stopping short of an
  // occupied target; failed moves stop two thirds of the way with a bar.
  void arrow(const Path& path, ProvinceId target, bool rail) {
    const float len = path.length();
    if (len <= 1) return;
    const float t0 = std::min(size_ * look::kLeaveUnit / len, look::kMaxLeave);
    float t1 = 1 - std::min((g_.occupied(target) ? size_ * look::kStopAtUnit : size_ * look::kStopAtEmpty) / len,
                            look::kMaxStop);
    if (failed_) t1 = std::min(t1, look::kFailedReach);
    const float head = std::max(width_ * look::kHeadOfLine, look::kMinHead);
    const Path body = path.slice(t0, t1 - head / len * look::kHeadOverlap);
    stroke_path(c_, body, line_);
    if (rail) {
      // The railroad's look: a dashed light stripe down the middle.
      stroke_path(c_, body,
                  Stroke{look::kRailStripe,
                         std::max(look::kMinRailStripe, width_ * look::kRailStripeOfLine),
                         {0, 0, 0, 0},
                         0,
                         width_ * look::kRailDashOfLine});
    }
    const PointF tip = path.at(t1);
    const PointF dir = path.direction(t1);
    if (failed_) {
      end_bar(c_, tip, dir, size_ * look::kFailBar, cross_width_, bad_);
      cross(c_, {tip.x + dir.x * size_ * look::kFailCrossAhead, tip.y + dir.y * size_ * look::kFailCrossAhead},
            cross_size_, cross_width_, bad_, look::kDark);
    } else {
      arrow_head(c_, tip, dir, head, line_);
    }
  }

  void movement() {
    const Path path = movement_path(map_, g_, o_, retreat_phase_);
    arrow(path, map_.province_of(o_.to), o_.kind == OrderKind::RailMove);
    if (void_) mark_middle(path.at(0.5f));
  }

  // A move of the other unit of a support or convoy, for its path.
  Order other_move(UnitType unit) const {
    Order move;
    move.kind = OrderKind::Move;
    move.unit = unit;
    move.at = o_.other_at;
    move.to = o_.to;
    return move;
  }

  void support() {
    const PointF from = g_.point(o_.at);
    thin_dashed(std::max(width_ * look::kSupportDashOfLine, look::kMinSupportDash));
    PointF target;
    if (o_.to == kNoLocation) {
      // Support to hold: to the supported unit, which is ringed.
      const PointF unit = g_.point(o_.other_at);
      const float r = size_ * look::kHoldSupportRing;
      const float d = distance(from, unit);
      target = d > r ? lerp(unit, from, r / d) : unit;
      ringed(unit, r);
    } else {
      target = movement_path(map_, g_, other_move(o_.other_unit), false).at(look::kSupportTarget);
    }
    const Path path = curved_path(from, target, look::kSupportBend);
    const float len = path.length();
    if (len <= 1) return;
    const Path body = path.slice(std::min(size_ * look::kLeaveUnit / len, look::kMaxLeave), 1);
    stroke_path(c_, body, line_);
    if (o_.to != kNoLocation) {
      c_.fill_circle(target, line_.width * look::kSupportDotOfLine + line_.outline_width, look::kDark);
      c_.fill_circle(target, line_.width * look::kSupportDotOfLine, colour_);
    }
    mark_middle(body.at(0.5f));
  }

  void convoy() {
    const PointF fleet = g_.point(o_.at);
    const Path army = movement_path(map_, g_, other_move(UnitType::Army), false);
    // To the nearest point of the carried army's way.
    PointF target = army.n ? army.at(0.5f) : fleet;
    float best = 1e9f;
    for (int i = 0; i <= look::kConvoySearchSteps; ++i) {
      const PointF q = army.at(static_cast<float>(i) / static_cast<float>(look::kConvoySearchSteps));
      if (distance(q, fleet) < best) {
        best = distance(q, fleet);
        target = q;
      }
    }
    thin_dashed(std::max(width_ * look::kConvoyDashOfLine, look::kMinConvoyDash));
    ringed(fleet, size_ * look::kUnitRing);
    const Path path = curved_path(fleet, target, 0.0f);
    const float len = path.length();
    const bool long_enough = len > size_ * look::kMinConvoyLine;
    if (long_enough) stroke_path(c_, path.slice(size_ * look::kConvoyLeave / len, 1), line_);
    mark_middle(long_enough ? path.at(look::kConvoyMark) : fleet);
  }

  void canal_permit() {
    const PointF from = g_.point(o_.at);
    const PointF canal = g_.canal_point();
    thin_dashed(std::max(width_ * look::kSupportDashOfLine, look::kMinSupportDash));
    const Path path = curved_path(from, canal, 0.0f);
    const float len = path.length();
    if (len > size_ * look::kMinCanalLine)
      stroke_path(c_, path.slice(std::min(size_ * look::kLeaveUnit / len, look::kMaxCanalLeave), 1), line_);
    ringed(canal, size_ * look::kCanalRing);
    mark_middle(canal);
  }

  void build() {
    const PointF at = g_.point(o_.at);
    ringed(at, size_ * look::kUnitRing);
    if (void_ || failed_) {
      mark_middle(at);
      return;
    }
    // A plus at the top right of the ring.
    const PointF p{at.x + size_ * look::kPlusOffset, at.y - size_ * look::kPlusOffset};
    const float h = size_ * look::kPlusHalf;
    Path a;
    a.add({p.x - h, p.y});
    a.add({p.x + h, p.y});
    Path b;
    b.add({p.x, p.y - h});
    b.add({p.x, p.y + h});
    stroke_path(c_, a, Stroke{colour_, cross_width_, look::kDark, look::kPlusOutline, 0});
    stroke_path(c_, b, Stroke{colour_, cross_width_, look::kDark, look::kPlusOutline, 0});
  }

  platform::Canvas& c_;
  const Map& map_;
  const ArrowGeometry& g_;
  const BoardPalette& palette_;
  const Order& o_;
  bool retreat_phase_;
  float size_ = 0, width_ = 0;
  bool void_ = false, failed_ = false;
  Color colour_, bad_;
  Stroke line_;
  float ring_width_ = 0, cross_size_ = 0, cross_width_ = 0;
};

}  // namespace

void draw_order(platform::Canvas& c, const Map& map, const ArrowGeometry& g, const BoardPalette& palette,
                const Order& o, const OrderResult* result, bool retreat_phase) {
  OrderPainter(c, map, g, palette, o, result, retreat_phase).draw();
}

}  // namespace colonial
