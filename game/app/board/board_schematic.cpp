#include "board_schematic.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace colonial {
namespace {

using platform::Color;
using platform::PointF;
using platform::RectF;

constexpr Color kSeaNode{52, 96, 150, 255};
constexpr Color kLandNode{184, 164, 118, 255};
constexpr Color kArmyLink{150, 124, 86, 255};
constexpr Color kFleetLink{78, 128, 190, 255};
constexpr Color kBothLink{140, 146, 150, 255};
constexpr Color kBridge{236, 150, 40, 255};
constexpr Color kCanal{80, 220, 230, 255};
constexpr Color kRailroad{190, 60, 60, 255};
constexpr Color kImpassable{230, 60, 50, 255};

// Mercator: the printed board is closer to it than to plain longitude and
// latitude, and it keeps shapes recognisable at these latitudes.
PointF project(float lon, float lat) {
  constexpr float kDeg = std::numbers::pi_v<float> / 180.0f;
  const float clamped = std::clamp(lat, -85.0f, 85.0f);
  return {lon * kDeg, -std::log(std::tan(std::numbers::pi_v<float> / 4.0f + clamped * kDeg / 2.0f))};
}

void dashed_line(platform::Canvas& c, PointF a, PointF b, float width, float dash, Color colour) {
  const float len = distance(a, b);
  if (len <= 0.0f) return;
  for (float s = 0; s < len; s += 2.0f * dash) {
    const float e = std::min(s + dash, len);
    c.line(lerp(a, b, s / len), lerp(a, b, e / len), width, colour);
  }
}

// Offset of a coast child from its province's point, in board units.
PointF coast_direction(Coast coast) {
  switch (coast) {
    case Coast::North: return {0, -1};
    case Coast::South: return {0, 1};
    case Coast::East: return {1, 0};
    case Coast::West: return {-1, 0};
    default: return {0, 0};
  }
}

Color faded(Color c) {
  return {static_cast<std::uint8_t>(c.r / 2), static_cast<std::uint8_t>(c.g / 2), static_cast<std::uint8_t>(c.b / 2),
          c.a};
}

}  // namespace

void SchematicBoard::set_map(const Map& map) {
  anchored_ = map.anchor_count() > 0;
  if (anchored_)
    layout_from_anchors(map);
  else
    layout_as_graph(map);
  normalise(map);
}

void SchematicBoard::layout_from_anchors(const Map& map) {
  bool placed[kMaxLocations] = {};
  for (int l = 0; l < map.location_count(); ++l) {
    const LocationId loc = static_cast<LocationId>(l);
    if (const Anchor* a = map.unit_anchor(loc)) {
      board_[l] = project(a->lon, a->lat);
      placed[l] = true;
    }
  }
  place_unanchored(map, placed);
}

// Fruchterman-Reingold on the province graph (army and fleet links): linked
// provinces pull together, all provinces push apart, and the step shrinks
// each round. It starts from a golden-angle spiral and uses no randomness, so
// the same map always gives the same picture.
void SchematicBoard::layout_as_graph(const Map& map) {
  const int n = map.province_count();
  bool linked[kMaxProvinces][kMaxProvinces] = {};
  for (int l = 0; l < map.location_count(); ++l) {
    const ProvinceId p = map.province_of(static_cast<LocationId>(l));
    map.fleet_neighbours(static_cast<LocationId>(l)).for_each([&](int m) {
      const ProvinceId q = map.province_of(static_cast<LocationId>(m));
      linked[p][q] = linked[q][p] = true;
    });
  }
  for (int p = 0; p < n; ++p)
    map.army_neighbours(static_cast<ProvinceId>(p)).for_each([&](int q) { linked[p][q] = linked[q][p] = true; });

  // A 16:10 board, like the screens it is shown on.
  constexpr float kWidth = 1.6f;
  constexpr float kHeight = 1.0f;
  const float k = std::sqrt(kWidth * kHeight / static_cast<float>(std::max(n, 1)));
  PointF pos[kMaxProvinces];
  for (int i = 0; i < n; ++i) {
    const float r = std::sqrt((static_cast<float>(i) + 0.5f) / static_cast<float>(n)) * 0.5f;
    const float t = static_cast<float>(i) * 2.39996323f;  // golden angle
    pos[i] = {r * std::cos(t) * kWidth, r * std::sin(t) * kHeight};
  }
  constexpr int kRounds = 400;
  for (int round = 0; round < kRounds; ++round) {
    PointF disp[kMaxProvinces] = {};
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        const float dx = pos[i].x - pos[j].x;
        const float dy = pos[i].y - pos[j].y;
        const float d = std::max(std::hypot(dx, dy), 1e-4f);
        float f = k * k / d;               // repulsion
        if (linked[i][j]) f -= d * d / k;  // attraction along links
        disp[i].x += dx / d * f;
        disp[i].y += dy / d * f;
        disp[j].x -= dx / d * f;
        disp[j].y -= dy / d * f;
      }
      // A weak pull to the centre keeps unlinked islands on the board.
      disp[i].x -= pos[i].x * k * 0.5f;
      disp[i].y -= pos[i].y * k * 0.5f * kWidth / kHeight;
    }
    const float step = 0.08f * kWidth * (1.0f - static_cast<float>(round) / kRounds) + 0.001f;
    for (int i = 0; i < n; ++i) {
      const float len = std::hypot(disp[i].x, disp[i].y);
      if (len <= 0.0f) continue;
      const float move = std::min(len, step);
      pos[i].x += disp[i].x / len * move;
      pos[i].y += disp[i].y / len * move;
    }
  }
  bool placed[kMaxLocations] = {};
  for (int p = 0; p < n; ++p) {
    board_[p] = pos[p];
    placed[p] = true;
  }
  place_unanchored(map, placed);
}

// Gives a point to every location that has none: a coast beside its
// province, a province at the centre of its placed neighbours, anything left
// (a province linked to nothing placed) in a row under the board.
void SchematicBoard::place_unanchored(const Map& map, const bool* placed_in) {
  bool placed[kMaxLocations];
  std::copy(placed_in, placed_in + kMaxLocations, placed);
  const int count = map.location_count();

  auto bounds = [&] {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool any = false;
    for (int l = 0; l < count; ++l) {
      if (!placed[l]) continue;
      if (!any) {
        x0 = x1 = board_[l].x;
        y0 = y1 = board_[l].y;
        any = true;
      }
      x0 = std::min(x0, board_[l].x);
      y0 = std::min(y0, board_[l].y);
      x1 = std::max(x1, board_[l].x);
      y1 = std::max(y1, board_[l].y);
    }
    return RectF{x0, y0, x1 - x0, y1 - y0};
  };

  for (bool progress = true; progress;) {
    progress = false;
    for (int l = 0; l < map.province_count(); ++l) {
      if (placed[l]) continue;
      PointF sum;
      int k = 0;
      auto add = [&](int m) {
        const LocationId parent = map.province_of(static_cast<LocationId>(m));
        if (placed[parent]) {
          sum.x += board_[parent].x;
          sum.y += board_[parent].y;
          ++k;
        }
      };
      map.army_neighbours(static_cast<ProvinceId>(l)).for_each(add);
      map.fleet_neighbours(static_cast<LocationId>(l)).for_each(add);
      if (k == 0) continue;
      board_[l] = {sum.x / static_cast<float>(k), sum.y / static_cast<float>(k)};
      placed[l] = true;
      progress = true;
    }
  }
  const RectF b = bounds();
  float spread = std::max(b.w, b.h);
  if (spread <= 0.0f) spread = 1.0f;
  float row_x = b.x;
  for (int l = 0; l < map.province_count(); ++l) {
    if (placed[l]) continue;
    board_[l] = {row_x, b.y + b.h + spread * 0.06f};
    row_x += spread * 0.06f;
    placed[l] = true;
  }
  // Coasts go beside their province, a little towards the named side.
  for (int l = 0; l < count; ++l) {
    if (placed[l]) continue;
    const LocationId loc = static_cast<LocationId>(l);
    const PointF base = board_[map.province_of(loc)];
    const PointF dir = coast_direction(map.coast_of(loc));
    board_[l] = {base.x + dir.x * spread * 0.025f, base.y + dir.y * spread * 0.025f};
    placed[l] = true;
  }
}

// Scales the layout to kSchematicWidth units and adds a margin of 6% of the
// width all round (labels and units at the edge stay on the board).
void SchematicBoard::normalise(const Map& map) {
  const int count = map.location_count();
  if (count == 0) {
    bounds_ = {0, 0, kSchematicWidth, kSchematicWidth * 0.6f};
    return;
  }
  float x0 = board_[0].x, y0 = board_[0].y, x1 = x0, y1 = y0;
  for (int l = 0; l < count; ++l) {
    x0 = std::min(x0, board_[l].x);
    y0 = std::min(y0, board_[l].y);
    x1 = std::max(x1, board_[l].x);
    y1 = std::max(y1, board_[l].y);
  }
  const float margin = kSchematicWidth * 0.06f;
  const float s = (kSchematicWidth - 2 * margin) / std::max({x1 - x0, y1 - y0, 1e-6f});
  for (int l = 0; l < count; ++l) board_[l] = {(board_[l].x - x0) * s + margin, (board_[l].y - y0) * s + margin};
  bounds_ = {0, 0, (x1 - x0) * s + 2 * margin, (y1 - y0) * s + 2 * margin};
}

void SchematicBoard::draw(platform::Canvas& canvas, const Camera& camera, const Map& map, const BoardPalette& palette,
                          float unit_size, const ProvinceSet* lit, ProvinceId selected, bool dim_others) const {
  const RectF view = camera.view();
  canvas.fill_rect(view, palette.background());
  auto at = [&](LocationId l) { return camera.to_screen(board_[l]); };
  const float line_w = std::clamp(unit_size * 0.06f, 1.0f, 4.0f);
  const float node_r = std::clamp(unit_size * 0.2f, 2.5f, 10.0f);
  const float dash = std::max(line_w * 3.0f, 4.0f);

  for (int i = 0; i < map.link_count(); ++i) {
    if (!map.link_active(i)) continue;
    const Link& link = map.link(i);
    const PointF a = at(link.a);
    const PointF b = at(link.b);
    if (link.kind == LinkKind::Bridge) {
      dashed_line(canvas, a, b, line_w * 2.0f, dash, kBridge);
    } else if (link.kind == LinkKind::Canal) {
      dashed_line(canvas, a, b, line_w * 2.0f, dash, kCanal);
    } else {
      const Color c = link.army && link.fleet ? kBothLink : link.army ? kArmyLink : kFleetLink;
      canvas.line(a, b, line_w, c);
    }
  }
  for (int i = 0; i < map.canal_count(); ++i) {
    const Canal& canal = map.canal(i);
    const PointF via = at(canal.via);
    dashed_line(canvas, at(canal.sea_a), via, line_w * 2.0f, dash, kCanal);
    dashed_line(canvas, via, at(canal.sea_b), line_w * 2.0f, dash, kCanal);
  }
  for (int i = 0; i < map.railroad_count(); ++i) {
    const Railroad& rail = map.railroad(i);
    for (int s = 1; s < rail.stations.size(); ++s)
      dashed_line(canvas, at(rail.stations[s - 1]), at(rail.stations[s]), line_w * 1.5f, dash * 0.5f, kRailroad);
  }
  for (int i = 0; i < map.impassable_count(); ++i) {
    ProvinceId pa = kNoProvince;
    ProvinceId pb = kNoProvince;
    map.impassable(i, pa, pb);
    const PointF m = lerp(at(pa), at(pb), 0.5f);
    const float s = node_r * 1.2f;
    canvas.line({m.x - s, m.y - s}, {m.x + s, m.y + s}, line_w * 1.5f, kImpassable);
    canvas.line({m.x - s, m.y + s}, {m.x + s, m.y - s}, line_w * 1.5f, kImpassable);
  }
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    const bool is_lit = (lit && lit->test(p)) || pid == selected;
    Color c = map.province(pid).kind == ProvinceKind::Sea ? kSeaNode : kLandNode;
    if (dim_others && !is_lit) c = faded(c);
    if (is_lit) {
      canvas.fill_circle(at(pid), node_r * 2.2f, palette.highlight());
      canvas.fill_circle(at(pid), node_r * 1.6f, c);
    } else {
      canvas.fill_circle(at(pid), node_r, c);
    }
  }
}

}  // namespace colonial
