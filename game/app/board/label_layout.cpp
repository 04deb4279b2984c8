#include "label_layout.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>

#include "legal.h"

namespace colonial {

using platform::PointF;
using platform::RectF;

// What the layout has placed so far (units are obstacles too: a label under
// a unit cannot be read), and the board's edges on the screen.
struct LabelLayout::Obstacles {
  RectF placed[2 * kMaxProvinces];
  int count = 0;
  float board_left = 0, board_right = 0;
  bool clear_of(const RectF& r) const {
    for (int q = 0; q < count; ++q) {
      const RectF& o = placed[q];
      if (r.x < o.x + o.w + 2 && o.x < r.x + r.w + 2 && r.y < o.y + o.h + 1 && o.y < r.y + r.h + 1) return false;
    }
    return true;
  }
};

namespace {

// Where a unit on location l stands on the screen.
PointF screen_point(const Map& map, const LabelGround& ground, const Camera& camera, LocationId l) {
  if (l >= map.location_count()) return {};
  return camera.to_screen(ground.point(l));
}

}  // namespace

void LabelLayout::set_map(const Map* map) {
  map_ = map;
  layout_scale_ = -1;
  px_ = 0;
  count_ = map ? map->province_count() : 0;
  for (int p = 0; p < count_; ++p) order_[p] = static_cast<ProvinceId>(p);
}

void LabelLayout::order_by_size(const LabelGround& ground) {
  const Map& map = *map_;
  std::stable_sort(order_, order_ + count_, [&](ProvinceId a, ProvinceId b) {
    const bool ca = map.province(a).colony;
    const bool cb = map.province(b).colony;
    if (ca != cb) return ca;
    const bool sa = map.province(a).kind == ProvinceKind::Sea;
    const bool sb = map.province(b).kind == ProvinceKind::Sea;
    if (sa != sb) return !sa;
    const RectF ra = ground.bounds(a);
    const RectF rb = ground.bounds(b);
    return ra.w * ra.h > rb.w * rb.h;
  });
  layout_scale_ = -1;
}

float LabelLayout::size_for(const Camera& camera) {
  // Grows gently with the zoom.
  const float px = std::clamp(12.0f * std::sqrt(camera.scale() / 0.45f), 9.0f, 20.0f);
  return px < 10 ? std::round(px) : 2.0f * std::round(px / 2.0f);
}

void LabelLayout::set_px(int px, LabelMeasure& measure) {
  px_ = px;
  small_px_ = std::max(9, static_cast<int>(std::lround(static_cast<float>(px) * 0.65f)));
  // The names now (the widest form, which every frame needs); the codes
  // when the layout tries them (measuring is shaping the text: a third of
  // the labels' start-up, half of it for codes never drawn).
  for (ProvinceSet& measured : measured_) measured.clear();
  for (int p = 0; p < map_->province_count(); ++p) this->measure(static_cast<ProvinceId>(p), LabelForm::Name, measure);
}

std::uint64_t LabelLayout::units_key(const Position* position) const {
  // FNV-1a over the units: a layout is kept while no unit moves.
  std::uint64_t h = 1469598103934665603ull;
  if (!position) return h;
  for (int p = 0; p < map_->province_count(); ++p) {
    const Unit& u = position->units[p];
    const std::uint64_t v = u.present()
                                ? (static_cast<std::uint64_t>(u.power) << 16 | static_cast<std::uint64_t>(u.type) << 8 |
                                   static_cast<std::uint64_t>(u.coast))
                                : 0xFFFFFFu;
    h = (h ^ v) * 1099511628211ull;
  }
  return h;
}

void LabelLayout::update(const Camera& camera, const Position* position, float unit_size, const LabelGround& ground,
                         LabelMeasure& measure) {
  if (!map_) return;
  const std::uint64_t units = units_key(position);
  const float px = size_for(camera);
  if (static_cast<int>(px) != px_) set_px(static_cast<int>(px), measure);
  // During a smooth zoom the labels keep their places on the board (a
  // layout per frame would cost more than the frame); at rest they are
  // placed again for the new scale.
  const bool zooming = camera.zooming() && layout_scale_ > 0;
  if (zooming || (camera.scale() == layout_scale_ && px_ == layout_px_ && units == layout_units_)) return;
  layout(camera, position, unit_size, ground, measure);
  layout_scale_ = camera.scale();
  layout_px_ = px_;
  layout_units_ = units;
}

// Places every label that fits inside its province (at the camera's scale;
// a pan moves them all alike), units and earlier labels being obstacles.
void LabelLayout::layout(const Camera& camera, const Position* position, float unit_size, const LabelGround& ground,
                         LabelMeasure& measure) {
  const Map& map = *map_;
  const RectF board = camera.board();
  auto obstacles = std::make_unique<Obstacles>();
  obstacles->board_left = camera.to_screen({board.x, board.y}).x;
  obstacles->board_right = camera.to_screen({board.x + board.w, board.y}).x;
  labelled_.clear();
  if (position)
    for (int p = 0; p < map.province_count(); ++p) {
      const Unit& u = position->units[p];
      if (!u.present()) continue;
      const PointF at = screen_point(map, ground, camera, unit_location(map, static_cast<ProvinceId>(p), u));
      obstacles->placed[obstacles->count++] = {at.x - unit_size * 0.3f, at.y - unit_size * 0.3f, unit_size * 0.6f,
                                               unit_size * 0.6f};
    }
  for (int i = 0; i < count_; ++i) place(order_[i], camera, position, unit_size, ground, measure, *obstacles);
}

void LabelLayout::place(ProvinceId p, const Camera& camera, const Position* position, float unit_size,
                        const LabelGround& ground, LabelMeasure& measure, Obstacles& obstacles) {
  const ProvinceInfo& info = map_->province(p);
  const float size = unit_size;
  const PointF at = screen_point(*map_, ground, camera, p);
  const bool bordered = ground.bordered();
  const PointF middle = bordered ? camera.to_screen(ground.middle(p)) : at;
  const bool open_sea = info.kind == ProvinceKind::Sea && !(position && position->units[p].present());
  // The full name only where the province is wide enough on screen for it
  // (the art's box; the schematic board names them when close).
  const bool name_may_fit = bordered ? width_[0][p] <= ground.bounds(p).w * camera.scale() : camera.zoom() >= 2.5f;
  // Best first: the name, then the code, then the code a size smaller;
  // each under the unit's place (so units never hide their province's
  // name), above, beside it, then in the middle of the province's widest
  // part (a sea without a unit: there first). Only letters wholly inside
  // the province are taken, with a pixel to spare for the shadow and a
  // pan's rounding: a name never points at a neighbour.
  for (int attempt = name_may_fit ? 0 : 1; attempt < kLabelForms; ++attempt) {
    const auto form = static_cast<LabelForm>(attempt);
    this->measure(p, form, measure);
    const float w = width_[attempt][p];
    const float h = ink_[attempt][p].height;  // the letters' box (w x h)
    const float below = at.y + size * 0.42f;
    const float above = at.y - size * 0.42f - h;
    const RectF spots[] = {
        {middle.x - w * 0.5f, middle.y - h * 0.5f, w, h},  // the widest part (open sea)
        {at.x - w * 0.5f, below, w, h},                    // below
        {at.x - w * 0.5f, above, w, h},                    // above
        {at.x + size * 0.45f, at.y - h * 0.5f, w, h},      // right
        {at.x - size * 0.45f - w, at.y - h * 0.5f, w, h},  // left
        {at.x, below, w, h},                               // below right
        {at.x - w, below, w, h},                           // below left
        {at.x, above, w, h},                               // above right
        {at.x - w, above, w, h},                           // above left
        {middle.x - w * 0.5f, middle.y - h * 0.5f, w, h},  // the widest part
        {middle.x - w * 0.5f, middle.y - h * 1.2f, w, h},  // just above it
        {middle.x - w * 0.5f, middle.y + h * 0.2f, w, h},  // just below it
    };
    for (std::size_t k = open_sea ? 0 : 1; k < std::size(spots); ++k)
      if (try_spot(p, form, spots[k], camera, ground, obstacles)) return;
    // No room there: anywhere in the province, nearest to its widest part
    // first (rings of spots around it).
    if (bordered && try_rings(p, form, middle, camera, ground, obstacles)) return;
  }
}

bool LabelLayout::try_rings(ProvinceId p, LabelForm form, PointF middle, const Camera& camera,
                            const LabelGround& ground, Obstacles& obstacles) {
  const int f = static_cast<int>(form);
  const float w = width_[f][p], h = ink_[f][p].height;
  const RectF bounds = ground.bounds(p);
  const float step_x = std::max(4.0f, w * 0.4f), step_y = std::max(3.0f, h * 0.6f);
  const float reach = std::max(bounds.w * camera.scale() / step_x, bounds.h * camera.scale() / step_y);
  const int rings = std::min(6, static_cast<int>(reach * 0.5f) + 1);
  for (int ring = 1; ring <= rings; ++ring)
    for (int dy = -ring; dy <= ring; ++dy)
      for (int dx = -ring; dx <= ring; ++dx) {
        if (std::max(std::abs(dx), std::abs(dy)) != ring) continue;
        const RectF spot{middle.x - w * 0.5f + static_cast<float>(dx) * step_x,
                         middle.y - h * 0.5f + static_cast<float>(dy) * step_y, w, h};
        if (try_spot(p, form, spot, camera, ground, obstacles)) return true;
      }
  return false;
}

bool LabelLayout::try_spot(ProvinceId p, LabelForm form, RectF r, const Camera& camera, const LabelGround& ground,
                           Obstacles& obstacles) {
  // Kept on the board (a coastal label at its edge would hang off it).
  r.x = std::clamp(r.x, obstacles.board_left, std::max(obstacles.board_left, obstacles.board_right - r.w));
  const RectF with_shadow{r.x - 1, r.y - 1, r.w + 2, r.h + 2};
  if (ground.bordered()) {
    // Inside the province's box (a pixel wider for the sampling) first:
    // most spots of the rings fail there.
    const RectF b = ground.bounds(p);
    const PointF a0 = camera.to_screen({b.x, b.y}), a1 = camera.to_screen({b.x + b.w, b.y + b.h});
    if (with_shadow.x < a0.x - 1 || with_shadow.y < a0.y - 1 || with_shadow.x + with_shadow.w > a1.x + 1 ||
        with_shadow.y + with_shadow.h > a1.y + 1)
      return false;
    if (!ground.inside(p, with_shadow, camera)) return false;
  }
  if (!obstacles.clear_of(r)) return false;
  obstacles.placed[obstacles.count++] = r;
  labelled_.set(p);
  // The text box sits `top` above its letters.
  const PointF origin{r.x, r.y - ink_[static_cast<int>(form)][p].top};
  places_[p] = {camera.to_board(origin), form};
  return true;
}

void LabelLayout::measure(ProvinceId p, LabelForm form, LabelMeasure& measure) {
  const int f = static_cast<int>(form);
  if (measured_[f].test(p)) return;
  const ProvinceInfo& info = map_->province(p);
  const char* text = form == LabelForm::Name ? info.name : info.code;
  width_[f][p] = measure.width(text, text_px(form));
  ink_[f][p] = measure.ink(text, text_px(form));
  measured_[f].set(p);
}

RectF LabelLayout::ink_box(ProvinceId p, LabelForm form, PointF origin) const {
  const int f = static_cast<int>(form);
  const platform::Canvas::Ink& ink = ink_[f][p];
  return {origin.x, origin.y + ink.top, width_[f][p], ink.height};
}

bool LabelLayout::box(ProvinceId p, const Camera& camera, RectF& out) const {
  if (!map_ || p >= map_->province_count() || !labelled_.test(p)) return false;
  // Where the text is drawn: at whole pixels.
  const PointF at = camera.to_screen(places_[p].board);
  out = ink_box(p, places_[p].form, {std::round(at.x), std::round(at.y)});
  return true;
}

ProvinceId LabelLayout::at(PointF at, const Camera& camera) const {
  if (!map_) return kNoProvince;
  for (int i = 0; i < map_->province_count(); ++i) {
    RectF r;
    if (!box(static_cast<ProvinceId>(i), camera, r)) continue;
    // A finger's slack around the letters.
    if (at.x >= r.x - 2 && at.x < r.x + r.w + 2 && at.y >= r.y - 2 && at.y < r.y + r.h + 2)
      return static_cast<ProvinceId>(i);
  }
  return kNoProvince;
}

}  // namespace colonial
