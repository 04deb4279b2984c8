#include "board_view.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "palette.h"

namespace colonial {
namespace {

using platform::Align;
using platform::Color;
using platform::PointF;
using platform::RectF;

constexpr Color kBackground{24, 34, 48, 255};
constexpr Color kSeaNode{52, 96, 150, 255};
constexpr Color kLandNode{184, 164, 118, 255};
constexpr Color kArmyLink{150, 124, 86, 255};
constexpr Color kFleetLink{78, 128, 190, 255};
constexpr Color kBothLink{140, 146, 150, 255};
constexpr Color kBridge{236, 150, 40, 255};
constexpr Color kCanal{80, 220, 230, 255};
constexpr Color kRailroad{190, 60, 60, 255};
constexpr Color kImpassable{230, 60, 50, 255};
constexpr Color kLabel{236, 232, 220, 255};
constexpr Color kOutline{12, 14, 18, 255};
constexpr Color kNeutralColony{210, 210, 210, 255};

// Mercator: the printed board is closer to it than to plain longitude and
// latitude, and it keeps shapes recognisable at these latitudes.
PointF project(float lon, float lat) {
  constexpr float kDeg = std::numbers::pi_v<float> / 180.0f;
  const float clamped = std::clamp(lat, -85.0f, 85.0f);
  return {lon * kDeg, -std::log(std::tan(std::numbers::pi_v<float> / 4.0f + clamped * kDeg / 2.0f))};
}

float distance(PointF a, PointF b) { return std::hypot(a.x - b.x, a.y - b.y); }

PointF lerp(PointF a, PointF b, float t) { return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; }

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

}  // namespace

void BoardView::set_map(const Map* map) {
  map_ = map;
  anchored_ = map && map->anchor_count() > 0;
  if (!map) return;
  if (anchored_)
    layout_from_anchors();
  else
    layout_as_graph();
  set_view(view_);
}

void BoardView::layout_from_anchors() {
  bool placed[kMaxLocations] = {};
  for (int l = 0; l < map_->location_count(); ++l) {
    const LocationId loc = static_cast<LocationId>(l);
    if (const Anchor* a = map_->unit_anchor(loc)) {
      board_[l] = project(a->lon, a->lat);
      placed[l] = true;
    }
  }
  place_unanchored(placed);
}

// Fruchterman-Reingold on the province graph (army and fleet links): linked
// provinces pull together, all provinces push apart, and the step shrinks
// each round. It starts from a golden-angle spiral and uses no randomness, so
// the same map always gives the same picture.
void BoardView::layout_as_graph() {
  const int n = map_->province_count();
  bool linked[kMaxProvinces][kMaxProvinces] = {};
  for (int l = 0; l < map_->location_count(); ++l) {
    const ProvinceId p = map_->province_of(static_cast<LocationId>(l));
    map_->fleet_neighbours(static_cast<LocationId>(l)).for_each([&](int m) {
      const ProvinceId q = map_->province_of(static_cast<LocationId>(m));
      linked[p][q] = linked[q][p] = true;
    });
  }
  for (int p = 0; p < n; ++p)
    map_->army_neighbours(static_cast<ProvinceId>(p)).for_each([&](int q) { linked[p][q] = linked[q][p] = true; });

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
        float f = k * k / d;  // repulsion
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
  place_unanchored(placed);
}

// Gives a point to every location that has none: a coast beside its
// province, a province at the centre of its placed neighbours, anything left
// (a province linked to nothing placed) in a row under the board.
void BoardView::place_unanchored(const bool* placed_in) {
  bool placed[kMaxLocations];
  std::copy(placed_in, placed_in + kMaxLocations, placed);
  const int count = map_->location_count();

  auto bounds = [&] {
    RectF b;
    bool any = false;
    float x1 = 0, y1 = 0;
    for (int l = 0; l < count; ++l) {
      if (!placed[l]) continue;
      if (!any) {
        b.x = x1 = board_[l].x;
        b.y = y1 = board_[l].y;
        any = true;
      }
      b.x = std::min(b.x, board_[l].x);
      b.y = std::min(b.y, board_[l].y);
      x1 = std::max(x1, board_[l].x);
      y1 = std::max(y1, board_[l].y);
    }
    b.w = x1 - b.x;
    b.h = y1 - b.y;
    return b;
  };

  for (bool progress = true; progress;) {
    progress = false;
    for (int l = 0; l < map_->province_count(); ++l) {
      if (placed[l]) continue;
      PointF sum;
      int k = 0;
      auto add = [&](int m) {
        const LocationId parent = map_->province_of(static_cast<LocationId>(m));
        if (placed[parent]) {
          sum.x += board_[parent].x;
          sum.y += board_[parent].y;
          ++k;
        }
      };
      map_->army_neighbours(static_cast<ProvinceId>(l)).for_each(add);
      map_->fleet_neighbours(static_cast<LocationId>(l)).for_each(add);
      if (k == 0) continue;
      board_[l] = {sum.x / static_cast<float>(k), sum.y / static_cast<float>(k)};
      placed[l] = true;
      progress = true;
    }
  }
  RectF b = bounds();
  float spread = std::max(b.w, b.h);
  if (spread <= 0.0f) spread = 1.0f;
  float row_x = b.x;
  for (int l = 0; l < map_->province_count(); ++l) {
    if (placed[l]) continue;
    board_[l] = {row_x, b.y + b.h + spread * 0.06f};
    row_x += spread * 0.06f;
    placed[l] = true;
  }
  // Coasts go beside their province, a little towards the named side.
  for (int l = 0; l < count; ++l) {
    if (placed[l]) continue;
    const LocationId loc = static_cast<LocationId>(l);
    const PointF base = board_[map_->province_of(loc)];
    const PointF dir = coast_direction(map_->coast_of(loc));
    board_[l] = {base.x + dir.x * spread * 0.025f, base.y + dir.y * spread * 0.025f};
    placed[l] = true;
  }
  board_bounds_ = bounds();
}

void BoardView::set_view(RectF view) {
  view_ = view;
  if (!map_) return;
  // Room around the board for labels and tokens at the edge.
  const float margin = std::min(view.w, view.h) * 0.05f;
  const float bw = std::max(board_bounds_.w, 1e-6f);
  const float bh = std::max(board_bounds_.h, 1e-6f);
  scale_ = std::min((view.w - 2 * margin) / bw, (view.h - 2 * margin) / bh);
  if (scale_ <= 0.0f) scale_ = 1e-3f;
  offset_.x = view.x + (view.w - bw * scale_) * 0.5f - board_bounds_.x * scale_;
  offset_.y = view.y + (view.h - bh * scale_) * 0.5f - board_bounds_.y * scale_;
}

PointF BoardView::screen_point(LocationId l) const {
  return {board_[l].x * scale_ + offset_.x, board_[l].y * scale_ + offset_.y};
}

LocationId BoardView::location_at(PointF p, float radius) const {
  if (!map_) return kNoLocation;
  LocationId best = kNoLocation;
  float best_d = radius;
  for (int l = 0; l < map_->location_count(); ++l) {
    const float d = distance(p, screen_point(static_cast<LocationId>(l)));
    if (d <= best_d) {
      best_d = d;
      best = static_cast<LocationId>(l);
    }
  }
  return best;
}

void BoardView::draw(platform::Canvas& canvas) const {
  canvas.fill_rect(view_, kBackground);
  if (!map_) return;
  const Map& map = *map_;
  canvas.set_clip(view_);

  // Sizes follow the typical (median) distance between neighbouring
  // provinces on screen, so the board reads the same from 640x480 to 4K.
  const int pc = map.province_count();
  float nearest[kMaxProvinces];
  for (int p = 0; p < pc; ++p) {
    nearest[p] = 1e9f;
    for (int q = 0; q < pc; ++q)
      if (q != p)
        nearest[p] = std::min(nearest[p], distance(screen_point(static_cast<LocationId>(p)),
                                                   screen_point(static_cast<LocationId>(q))));
  }
  std::nth_element(nearest, nearest + pc / 2, nearest + pc);
  const float spacing = pc > 1 ? nearest[pc / 2] : 40.0f;
  // Lower bounds keep a crowded board legible; upper bounds (a share of the
  // view) keep a board of few provinces from turning into giant discs.
  const float side = std::max(std::min(view_.w, view_.h), 1.0f);
  const float node_r = std::clamp(spacing * 0.13f, 2.5f, side / 80.0f);
  const float token_r = std::clamp(spacing * 0.30f, 6.0f, side / 35.0f);
  const float line_w = std::clamp(spacing * 0.035f, 1.0f, side / 250.0f);
  const float font_px = std::clamp(spacing * 0.30f, 9.0f, side / 30.0f);
  const float dash = std::max(line_w * 3.0f, 4.0f);

  // Links, then the features drawn over them.
  for (int i = 0; i < map.link_count(); ++i) {
    if (!map.link_active(i)) continue;
    const Link& link = map.link(i);
    const PointF a = screen_point(link.a);
    const PointF b = screen_point(link.b);
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
    const PointF via = screen_point(canal.via);
    dashed_line(canvas, screen_point(canal.sea_a), via, line_w * 2.0f, dash, kCanal);
    dashed_line(canvas, via, screen_point(canal.sea_b), line_w * 2.0f, dash, kCanal);
  }
  for (int i = 0; i < map.railroad_count(); ++i) {
    const Railroad& rail = map.railroad(i);
    for (int s = 1; s < rail.stations.size(); ++s)
      dashed_line(canvas, screen_point(rail.stations[s - 1]), screen_point(rail.stations[s]), line_w * 1.5f,
                  dash * 0.5f, kRailroad);
  }
  for (int i = 0; i < map.impassable_count(); ++i) {
    ProvinceId pa = kNoProvince;
    ProvinceId pb = kNoProvince;
    map.impassable(i, pa, pb);
    const PointF m = lerp(screen_point(pa), screen_point(pb), 0.5f);
    const float s = node_r * 1.2f;
    canvas.line({m.x - s, m.y - s}, {m.x + s, m.y + s}, line_w * 1.5f, kImpassable);
    canvas.line({m.x - s, m.y + s}, {m.x + s, m.y - s}, line_w * 1.5f, kImpassable);
  }

  // Provinces: a terrain dot.
  for (int p = 0; p < pc; ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    canvas.fill_circle(screen_point(pid), node_r, map.province(pid).kind == ProvinceKind::Sea ? kSeaNode : kLandNode);
  }

  // Units; a dislodged unit is drawn beside its province, ringed in red.
  if (position_) draw_units(canvas, token_r, line_w);

  // Colonies last, as a badge at the lower right of the province, in the
  // owner's colour (light grey while neutral), so a unit never hides one.
  for (int p = 0; p < pc; ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    if (!map.province(pid).colony) continue;
    const PowerId owner = position_ ? position_->owner[p] : kNoPower;
    const PointF at = screen_point(pid);
    const PointF dot{at.x + token_r * 0.85f, at.y + token_r * 0.7f};
    const float r = std::max(token_r * 0.3f, 3.0f);
    canvas.fill_circle(dot, r + std::max(1.0f, line_w * 0.7f), kOutline);
    canvas.fill_circle(dot, r, owner == kNoPower ? kNeutralColony : power_colour(owner));
  }

  // Codes on top of everything, with a shadow so they read over tokens.
  const float shadow = std::max(1.0f, font_px / 12.0f);
  for (int p = 0; p < pc; ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    const PointF at = screen_point(pid);
    const PointF label{at.x, at.y - token_r * 0.9f};
    canvas.text({label.x + shadow, label.y + shadow}, map.province(pid).code, font_px, kOutline, Align::Center,
                Align::End);
    canvas.text(label, map.province(pid).code, font_px, kLabel, Align::Center, Align::End);
  }
  canvas.reset_clip();
}

void BoardView::draw_units(platform::Canvas& canvas, float token_r, float line_w) const {
  const Map& map = *map_;
  const int pc = map.province_count();
  auto token = [&](PointF at, const Unit& u, bool dislodged) {
    const Color fill = power_colour(u.power);
    canvas.fill_circle(at, token_r + std::max(1.5f, line_w), dislodged ? kImpassable : kOutline);
    canvas.fill_circle(at, token_r, fill);
    const char letter[2] = {unit_letter(u.type), '\0'};
    canvas.text(at, letter, token_r * 1.25f, ink_on(fill), Align::Center, Align::Center);
  };
  for (int p = 0; p < pc; ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    const Unit& u = position_->units[p];
    if (u.present()) {
      const LocationId loc = map.location_of(pid, u.coast);
      token(screen_point(loc == kNoLocation ? pid : loc), u, false);
    }
    const DislodgedUnit& d = position_->dislodged[p];
    if (d.unit.present()) {
      const PointF at = screen_point(pid);
      token({at.x - token_r * 1.2f, at.y + token_r * 1.2f}, d.unit, true);
    }
  }
}

}  // namespace colonial
