#include "board_arrows.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace colonial {
namespace {

using platform::Color;
using platform::PointF;

float distance(PointF a, PointF b) { return std::hypot(a.x - b.x, a.y - b.y); }
PointF lerp(PointF a, PointF b, float t) { return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; }
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

void draw_order(platform::Canvas& c, const Map& map, const ArrowGeometry& g, const BoardPalette& palette,
                const Order& o, const OrderResult* result, bool retreat_phase) {
  const float size = g.unit_size();
  const float width = std::clamp(size * 0.13f, 2.0f, 7.0f);
  const Outcome outcome = result ? result->outcome : Outcome::Succeeded;
  const bool is_void = outcome == Outcome::Void;
  const bool is_failed = failed(outcome);
  const Color own = power_colour_of(palette, o.power);
  const Color colour = is_void ? palette.void_order() : is_failed ? with_alpha(own, 210) : own;
  const Color dark{20, 20, 20, 255};
  const Color bad = palette.failure();
  Stroke line{colour, width, dark, std::max(1.0f, width * 0.3f), is_void ? width * 1.6f : 0};
  const float ring_width = std::max(1.5f, width * 0.55f);
  const float cross_size = size * 0.42f;
  const float cross_width = std::max(2.0f, width * 0.9f);

  auto unit_point = [&](LocationId l) { return retreat_phase ? g.dislodged_point(map.province_of(l)) : g.point(l); };
  // An arrow along `path`, leaving its unit and stopping short of an
  // occupied target; failed moves stop two thirds of the way with a bar.
  auto draw_arrow = [&](const Path& path, ProvinceId target, bool rail) {
    const float len = path.length();
    if (len <= 1) return;
    const float t0 = std::min(size * 0.42f / len, 0.4f);
    float t1 = 1 - std::min((g.occupied(target) ? size * 0.5f : size * 0.12f) / len, 0.4f);
    if (is_failed) t1 = std::min(t1, 0.68f);
    const float head = std::max(width * 2.6f, 7.0f);
    const Path body = path.slice(t0, t1 - head / len * 0.6f);
    stroke_path(c, body, line);
    if (rail) {
      // The railroad's look: a dashed light stripe down the middle.
      stroke_path(c, body, Stroke{{250, 250, 250, 230}, std::max(1.0f, width * 0.35f), {0, 0, 0, 0}, 0, width * 1.2f});
    }
    const PointF tip = path.at(t1);
    const PointF dir = path.direction(t1);
    if (is_failed) {
      end_bar(c, tip, dir, size * 0.5f, cross_width, bad);
      cross(c, {tip.x + dir.x * size * 0.32f, tip.y + dir.y * size * 0.32f}, cross_size, cross_width, bad, dark);
    } else {
      arrow_head(c, tip, dir, head, line);
    }
  };
  auto mark_middle = [&](PointF at) {
    if (is_failed || is_void) cross(c, at, cross_size, cross_width, is_void ? palette.void_order() : bad, dark);
  };

  switch (o.kind) {
    case OrderKind::Hold:
      ring(c, g.point(o.at), size * 0.6f, ring_width + 2, dark);
      ring(c, g.point(o.at), size * 0.6f, ring_width, colour);
      break;
    case OrderKind::Move:
    case OrderKind::Retreat:
    case OrderKind::RailMove: {
      const Path path = movement_path(map, g, o, retreat_phase);
      draw_arrow(path, map.province_of(o.to), o.kind == OrderKind::RailMove);
      if (is_void) mark_middle(path.at(0.5f));
      break;
    }
    case OrderKind::Support: {
      const PointF from = g.point(o.at);
      line.dash = std::max(width * 1.4f, 4.0f);
      line.width = width * 0.8f;
      PointF target;
      if (o.to == kNoLocation) {
        // Support to hold: to the supported unit, which is ringed.
        const PointF unit = g.point(o.other_at);
        const float r = size * 0.68f;
        const float d = distance(from, unit);
        target = d > r ? lerp(unit, from, r / d) : unit;
        ring(c, unit, r, ring_width + 2, dark);
        ring(c, unit, r, ring_width, colour);
      } else {
        Order move;
        move.kind = OrderKind::Move;
        move.unit = o.other_unit;
        move.at = o.other_at;
        move.to = o.to;
        target = movement_path(map, g, move, false).at(0.72f);
      }
      const Path path = curved_path(from, target, 0.06f);
      const float len = path.length();
      if (len <= 1) break;
      const Path body = path.slice(std::min(size * 0.42f / len, 0.4f), 1);
      stroke_path(c, body, line);
      if (o.to != kNoLocation) {
        c.fill_circle(target, line.width * 1.4f + line.outline_width, dark);
        c.fill_circle(target, line.width * 1.4f, colour);
      }
      mark_middle(body.at(0.5f));
      break;
    }
    case OrderKind::Convoy: {
      const PointF fleet = g.point(o.at);
      Order move;
      move.kind = OrderKind::Move;
      move.unit = UnitType::Army;
      move.at = o.other_at;
      move.to = o.to;
      const Path army = movement_path(map, g, move, false);
      // To the nearest point of the carried army's way.
      PointF target = army.n ? army.at(0.5f) : fleet;
      float best = 1e9f;
      for (int i = 0; i <= 20; ++i) {
        const PointF q = army.at(static_cast<float>(i) / 20.0f);
        if (distance(q, fleet) < best) {
          best = distance(q, fleet);
          target = q;
        }
      }
      line.dash = std::max(width * 0.7f, 2.5f);
      line.width = width * 0.8f;
      ring(c, fleet, size * 0.6f, ring_width + 2, dark);
      ring(c, fleet, size * 0.6f, ring_width, colour);
      const Path path = curved_path(fleet, target, 0.0f);
      const float len = path.length();
      if (len > size * 0.7f) stroke_path(c, path.slice(size * 0.62f / len, 1), line);
      mark_middle(len > size * 0.7f ? path.at(0.55f) : fleet);
      break;
    }
    case OrderKind::CanalPermit: {
      const PointF from = g.point(o.at);
      const PointF canal = g.canal_point();
      line.dash = std::max(width * 1.4f, 4.0f);
      line.width = width * 0.8f;
      const Path path = curved_path(from, canal, 0.0f);
      const float len = path.length();
      if (len > size * 0.5f) stroke_path(c, path.slice(std::min(size * 0.42f / len, 0.5f), 1), line);
      ring(c, canal, size * 0.3f, ring_width + 2, dark);
      ring(c, canal, size * 0.3f, ring_width, colour);
      mark_middle(canal);
      break;
    }
    case OrderKind::Build: {
      const PointF at = g.point(o.at);
      ring(c, at, size * 0.6f, ring_width + 2, dark);
      ring(c, at, size * 0.6f, ring_width, colour);
      if (is_void || is_failed) {
        mark_middle(at);
      } else {
        // A plus at the top right of the ring.
        const PointF p{at.x + size * 0.5f, at.y - size * 0.5f};
        const float h = size * 0.22f;
        Path a;
        a.add({p.x - h, p.y});
        a.add({p.x + h, p.y});
        Path b;
        b.add({p.x, p.y - h});
        b.add({p.x, p.y + h});
        stroke_path(c, a, Stroke{colour, cross_width, dark, 1.0f, 0});
        stroke_path(c, b, Stroke{colour, cross_width, dark, 1.0f, 0});
      }
      break;
    }
    case OrderKind::Disband:
      cross(c, unit_point(o.at), size * 0.7f, cross_width * 1.2f, is_void ? palette.void_order() : bad, dark);
      break;
    default: break;
  }
}

}  // namespace colonial
