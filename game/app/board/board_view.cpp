#include "board_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "board_arrows.h"
#include "board_art.h"

namespace colonial {
namespace {

using platform::Align;
using platform::Color;
using platform::ImageId;
using platform::Pixels;
using platform::PointF;
using platform::RectF;

// Zooming in further than this many screen pixels per art pixel only blurs.
constexpr float kMaxArtScale = 2.5f;
// Unit icons are drawn at this share of their art size (40 px), within
// bounds that keep them legible on a handheld and modest on a 4K screen.
constexpr float kUnitScale = 1.8f;
constexpr float kMinUnitPx = 18;
constexpr float kMaxUnitPx = 64;

// An icon's rectangle cut to whole pixels as SDL's software renderer cuts
// it (corner and size each towards zero): every renderer then draws it
// where that one always has.
RectF whole(RectF r) {
  auto cut = [](float v) { return static_cast<float>(static_cast<int>(v)); };
  return {cut(r.x), cut(r.y), cut(r.w), cut(r.h)};
}

}  // namespace

// Where the provinces lie for the label layout: the art's id map, or the
// schematic board's points.
class BoardView::Ground final : public LabelGround {
 public:
  explicit Ground(const BoardView& v) : v_(v) {}
  PointF point(LocationId l) const override { return v_.board_point(l); }
  bool bordered() const override { return v_.art_ready_; }
  RectF bounds(ProvinceId p) const override { return v_.art_->province_bounds(p); }
  PointF middle(ProvinceId p) const override { return v_.art_->label_point(p); }
  bool inside(ProvinceId p, const RectF& r, const Camera&) const override { return v_.box_inside(p, r); }

 private:
  const BoardView& v_;
};

// The labels' texts measured by the canvas that draws them.
class BoardView::TextMeasure final : public LabelMeasure {
 public:
  explicit TextMeasure(platform::Canvas& canvas) : canvas_(canvas) {}
  float width(const char* text, float px) override { return canvas_.measure_text(text, px).w; }
  platform::Canvas::Ink ink(const char* text, float px) override { return canvas_.measure_ink(text, px); }

 private:
  platform::Canvas& canvas_;
};

// The board as the arrow drawer sees it: screen points of the current frame.
class BoardView::Geometry final : public ArrowGeometry {
 public:
  explicit Geometry(const BoardView& v) : v_(v), size_(v.unit_size()) {}
  PointF point(LocationId l) const override { return v_.screen_point(l); }
  PointF dislodged_point(ProvinceId p) const override { return v_.dislodged_point(p); }
  PointF canal_point() const override {
    if (v_.art_ready_) return v_.camera_.to_screen(v_.art_->canal_point());
    const Map& m = *v_.map_;
    return m.canal_count() > 0 ? v_.screen_point(m.canal(0).via) : PointF{};
  }
  float unit_size() const override { return size_; }
  bool occupied(ProvinceId p) const override { return v_.position_ && v_.position_->units[p].present(); }

 private:
  const BoardView& v_;
  float size_;
};

BoardView::BoardView() = default;
BoardView::~BoardView() = default;

void BoardView::set_map(const Map* map) {
  map_ = map;
  labels_.set_map(map);
  drop_art();
  clear_highlights();
  clear_unit_motions();
  if (!map) return;
  app_palette().set_map(*map);
  schematic_.set_map(*map);
  camera_.set_board(schematic_.bounds());
  camera_.set_max_scale(1e6f);
}

void BoardView::set_view(RectF view) { camera_.set_view(view); }

void BoardView::focus_on(ProvinceId p, float min_zoom) {
  if (!map_ || p >= map_->province_count()) return;
  const float zoom = camera_.zoom();
  if (zoom < min_zoom) camera_.zoom_at(screen_point(p), min_zoom / zoom, true);
  camera_.centre_on(board_point(p), true);
}

void BoardView::set_palette(PaletteKind kind) { app_palette().set_kind(kind); }

const std::string& BoardView::art_cache_note() const {
  static const std::string none;
  return art_ ? art_->cache_note() : none;
}

bool BoardView::load_art(platform::Canvas& canvas, std::string& error) {
  art_tried_ = true;
  std::string searched;
  const std::string dir = find_board_art(searched);
  if (dir.empty()) {
    error = "the board art (art/colonial_atlas.txt) is not built or installed (looked in: " + searched +
            "); build the colonial_art target, or set COLONIAL_ASSETS to a directory with art/";
    return false;
  }
  return load_art_from(canvas, dir, error);
}

bool BoardView::load_art_from(platform::Canvas& canvas, const std::string& dir, std::string& error) {
  art_tried_ = true;
  art_ready_ = false;
  if (!map_) {
    error = "no map to draw";
    return false;
  }
  auto art = std::make_unique<BoardArt>();
  if (!art->load(dir, *map_, error, art_cache_file_)) {
    error = "no board art for the map " + std::string(map_->name()) + " (" + error + ")";
    return false;
  }
  // The levels are made when first drawn, at the sizes drawn.
  icons_ = canvas.create_image(art->icon_page(), false, true, error);
  if (!icons_) return false;
  art_ = std::move(art);
  art_ready_ = true;
  textures_.attach(map_, art_.get());
  camera_.set_board({0, 0, static_cast<float>(art_->width()), static_cast<float>(art_->height())});
  camera_.set_max_scale(kMaxArtScale);
  labels_.order_by_size(Ground(*this));
  return true;
}

void BoardView::set_targets(const ProvinceSet& targets, bool dim_others) {
  highlight_.targets = targets;
  highlight_.has_targets = true;
  highlight_.dim_others = dim_others;
}

void BoardView::clear_highlights() { highlight_ = BoardHighlight(); }

void BoardView::drop_art() {
  textures_.attach(map_, nullptr);
  if (icons_) textures_.retire(icons_);
  icons_ = 0;
  art_.reset();
  art_ready_ = false;
  art_tried_ = false;
}

bool BoardView::thumbnail(const Position& position, int width, Pixels& out) const {
  return art_ready_ && textures_.thumbnail(position, width, out);
}

BoardGesture BoardView::handle_input(const platform::InputEvent& e) { return gestures_.handle(e, camera_); }

// --- places

PointF BoardView::board_point(LocationId l) const { return art_ready_ ? art_->unit_point(l) : schematic_.point(l); }

PointF BoardView::screen_point(LocationId l) const {
  if (!map_ || l >= map_->location_count()) return {};
  return camera_.to_screen(board_point(l));
}

PointF BoardView::dislodged_point(ProvinceId p) const {
  const PointF at = screen_point(p);
  const float s = unit_size();
  return {at.x + s * 0.8f, at.y + s * 0.55f};
}

float BoardView::unit_size() const {
  // The art's icons are 40 board pixels; the schematic board uses the same.
  return std::clamp(40.0f * camera_.scale() * kUnitScale, kMinUnitPx, kMaxUnitPx);
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

ProvinceId BoardView::province_at(PointF p) const {
  if (!map_ || !camera_.view().contains(p)) return kNoProvince;
  if (art_ready_) {
    const PointF b = camera_.to_board(p);
    return art_->province_at(b.x, b.y);
  }
  const LocationId l = location_at(p, unit_size() * 2);
  return l == kNoLocation ? kNoProvince : map_->province_of(l);
}

ProvinceId BoardView::pick(PointF p, const ProvinceSet* wanted) const {
  // Share of the icon's size within which the finger is on the icon.
  constexpr float kOnIcon = 0.55f;
  // A name is aimed at: its province, even where the name's box meets a
  // border.
  const ProvinceId candidates[] = {label_at(p), unit_at(p, unit_size() * kOnIcon), province_at(p),
                                   unit_at(p, unit_size())};
  if (wanted)
    for (ProvinceId c : candidates)
      if (c != kNoProvince && wanted->test(c)) return c;
  for (ProvinceId c : candidates)
    if (c != kNoProvince) return c;
  return kNoProvince;
}

ProvinceId BoardView::unit_at(PointF p, float radius) const {
  if (!map_ || !position_) return kNoProvince;
  ProvinceId best = kNoProvince;
  float best_d = radius;
  for (int i = 0; i < map_->province_count(); ++i) {
    const ProvinceId pid = static_cast<ProvinceId>(i);
    const Unit& u = position_->units[i];
    if (u.present()) {
      const float d = distance(p, motion_point(motions_.unit(pid), screen_point(unit_location(*map_, pid, u)), pid));
      if (d <= best_d) {
        best_d = d;
        best = pid;
      }
    }
    if (position_->dislodged[i].unit.present()) {
      const float d = distance(p, motion_point(motions_.dislodged(pid), dislodged_point(pid), pid));
      if (d <= best_d) {
        best_d = d;
        best = pid;
      }
    }
  }
  return best;
}

// --- animation

void BoardView::clear_unit_motions() { motions_.clear(); }

void BoardView::set_unit_motion(ProvinceId p, LocationId from, LocationId to, float t, bool bounce) {
  if (!map_ || p >= map_->province_count()) return;
  motions_.move(p, position_ ? position_->units[p].type : UnitType::Army, from, to, t, bounce);
}

void BoardView::set_animation(float t) {
  if (!map_) {
    motions_.clear();
    return;
  }
  motions_.play(*map_, results_, t);
}

PointF BoardView::motion_point(const UnitMotion& m, PointF rest, ProvinceId p) const {
  if (!m.on) return rest;
  PointF at = rest;
  if (m.share > 0) {
    const Geometry g(*this);
    const Path path = movement_path(*map_, g, m.order, m.from_dislodged);
    if (path.n) at = path.at(m.share);
  }
  if (m.aside > 0) {
    const PointF aside = dislodged_point(p);
    at = {at.x + (aside.x - rest.x) * m.aside, at.y + (aside.y - rest.y) * m.aside};
  }
  return at;
}

void BoardView::draw_colonies(platform::Canvas& canvas) {
  const Map& map = *map_;
  const BoardPalette& pal = app_palette();
  const float size = unit_size();
  const bool cue = pal.second_cue();
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    const ProvinceInfo& info = map.province(pid);
    if (!info.colony) continue;
    const PowerId owner = position_ ? position_->owner[p] : kNoPower;
    const Color tint = owner == kNoPower ? pal.neutral_colony() : pal.power(owner).unit;
    if (!art_ready_) {
      // A badge at the lower right of the province's point.
      const PointF at = screen_point(pid);
      const PointF dot{at.x + size * 0.45f, at.y + size * 0.38f};
      const float r = std::max(size * 0.16f, 3.0f) * (cue ? 1.5f : 1.0f);
      canvas.fill_circle(dot, r + 1.5f, {12, 14, 18, 255});
      canvas.fill_circle(dot, r, tint);
      if (cue && owner != kNoPower) {
        const char letter[2] = {pal.power(owner).letter, 0};
        canvas.text(dot, letter, r * 1.5f, pal.power(owner).ink, Align::Center, Align::Center);
      }
      continue;
    }
    const IconRect& icon = art_->icon(info.home != kNoPower ? IconKind::ColonyHome : IconKind::Colony);
    // Icons are drawn at the units' scale; with the second cue a little
    // larger, to hold the owner's letter.
    const float k = size / static_cast<float>(art_->icon(IconKind::Army).w) * (cue ? 1.25f : 1.0f);
    const PointF at = camera_.to_screen(art_->colony_point(pid));
    draw_icon(canvas, icon, at, k, tint);
    // The letter where it can be read (the province's hatching says the
    // same at any size).
    if (cue && owner != kNoPower && static_cast<float>(icon.w) * k >= 14.0f) {
      const char letter[2] = {pal.power(owner).letter, 0};
      canvas.text(at, letter, static_cast<float>(icon.w) * k * 0.5f, pal.power(owner).ink, Align::Center,
                  Align::Center);
    }
  }
}

bool BoardView::box_inside(ProvinceId p, const RectF& r) const {
  if (!art_ready_) return true;  // the schematic board has no borders to cross
  const int x0 = static_cast<int>(std::floor(r.x)), x1 = static_cast<int>(std::ceil(r.x + r.w));
  const int y0 = static_cast<int>(std::floor(r.y)), y1 = static_cast<int>(std::ceil(r.y + r.h));
  const auto w = static_cast<float>(art_->width()), h = static_cast<float>(art_->height());
  // Every screen pixel's centre must fall on the province: along a row,
  // a run of the id map at a time (the pixels whose centres fall on it
  // are skipped together).
  auto board = [&](int x, int y) {
    return camera_.to_board({static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
  };
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1;) {
      const PointF b = board(x, y);
      if (!(b.x >= 0 && b.y >= 0 && b.x < w && b.y < h)) return false;
      const BoardArt::Run run = art_->run_at(static_cast<int>(b.x), static_cast<int>(b.y));
      if (run.province != p) return false;
      // The first pixel whose centre falls past the run.
      int next = std::max(x + 1, static_cast<int>(camera_.to_screen({static_cast<float>(run.x1), b.y}).x - 0.5f));
      while (next > x + 1 && board(next - 1, y).x >= static_cast<float>(run.x1)) --next;
      while (next < x1 && board(next, y).x < static_cast<float>(run.x1)) ++next;
      x = next;
    }
  return true;
}

bool BoardView::label_box(ProvinceId p, RectF& out) const { return labels_.box(p, camera_, out); }

PointF BoardView::label_point(ProvinceId p) const {
  return art_ready_ ? camera_.to_screen(art_->label_point(p)) : screen_point(p);
}

ProvinceId BoardView::label_at(PointF at) const { return labels_.at(at, camera_); }

void BoardView::draw_labels(platform::Canvas& canvas) {
  const Map& map = *map_;
  const BoardPalette& pal = app_palette();
  TextMeasure measure(canvas);
  labels_.update(camera_, position_, unit_size(), Ground(*this), measure);
  const float px = labels_.text_px(LabelForm::Name);
  const RectF view = camera_.view();
  const bool dimming = highlight_.dimming();
  for (int i = 0; i < labels_.count(); ++i) {
    const ProvinceId p = labels_.order(i);
    if (!labels_.labelled().test(p)) continue;
    const PointF at = labels_.origin(p, camera_);
    const RectF r{std::round(at.x), std::round(at.y), labels_.name_width(p), px * 1.5f};  // the name is the widest
    if (r.x > view.x + view.w || r.y > view.y + view.h || r.x + r.w < view.x || r.y + r.h < view.y) continue;
    const ProvinceInfo& info = map.province(p);
    const LabelForm form = labels_.form(p);
    const char* text = form == LabelForm::Name ? info.name : info.code;
    const float text_px = labels_.text_px(form);
    const bool sea = info.kind == ProvinceKind::Sea;
    // Dark on the art's light land and sea; light on the schematic's night.
    const Color ink = !art_ready_ ? Color{236, 232, 220, 255} : sea ? pal.sea_label() : pal.land_label();
    if (dimming && !highlight_.lit(p)) {
      // Faded with their province.
      canvas.text({r.x, r.y}, text, text_px, {ink.r, ink.g, ink.b, 110});
      continue;
    }
    // A shadow lifts the text off borders and hatching.
    const Color shadow = !art_ready_ ? Color{8, 10, 14, 220}
                         : sea       ? Color{214, 232, 246, 200}
                                     : Color{255, 250, 236, 210};
    canvas.text({r.x + 1, r.y + 1}, text, text_px, shadow);
    canvas.text({r.x, r.y}, text, text_px, ink);
  }
}

void BoardView::draw_icon(platform::Canvas& canvas, const IconRect& icon, PointF at, float k, Color tint) const {
  canvas.draw_image(
      icons_,
      {static_cast<float>(icon.x), static_cast<float>(icon.y), static_cast<float>(icon.w), static_cast<float>(icon.h)},
      whole({at.x - icon.hot_x * k, at.y - icon.hot_y * k, static_cast<float>(icon.w) * k,
             static_cast<float>(icon.h) * k}),
      tint);
}

void BoardView::draw_unit(platform::Canvas& canvas, PointF at, const Unit& u, bool dislodged, float alpha) {
  const BoardPalette& pal = app_palette();
  const PowerStyle& style = pal.power(u.power);
  const float size = unit_size();
  const auto a8 = static_cast<std::uint8_t>(std::clamp(alpha, 0.0f, 1.0f) * 255.0f);
  const char letter[2] = {style.letter, 0};
  const Color unit{style.unit.r, style.unit.g, style.unit.b, a8};
  const Color ink{style.ink.r, style.ink.g, style.ink.b, a8};
  if (!art_ready_) {
    // Armies round, fleets diamond-shaped; the power's letter in both.
    const float r = size * 0.42f;
    const Color edge{12, 14, 18, a8};
    if (dislodged) canvas.fill_circle(at, r + 4.0f, pal.failure());
    if (u.type == UnitType::Fleet) {
      const float e = r * 1.25f + 1.5f;
      const float f = r * 1.25f;
      const PointF outer[6] = {{at.x, at.y - e}, {at.x + e, at.y}, {at.x, at.y + e},
                               {at.x, at.y - e}, {at.x, at.y + e}, {at.x - e, at.y}};
      const PointF inner[6] = {{at.x, at.y - f}, {at.x + f, at.y}, {at.x, at.y + f},
                               {at.x, at.y - f}, {at.x, at.y + f}, {at.x - f, at.y}};
      canvas.fill_triangles(outer, 6, edge);
      canvas.fill_triangles(inner, 6, unit);
    } else {
      canvas.fill_circle(at, r + 1.5f, edge);
      canvas.fill_circle(at, r, unit);
    }
    canvas.text(at, letter, r * 1.2f, ink, Align::Center, Align::Center);
    return;
  }
  const IconRect& icon = art_->icon(u.type == UnitType::Fleet ? IconKind::Fleet : IconKind::Army);
  const float k = size / static_cast<float>(art_->icon(IconKind::Army).w);
  auto blit = [&](const IconRect& ic, Color tint) { draw_icon(canvas, ic, at, k, tint); };
  if (dislodged) {
    const Color bad = pal.failure();
    blit(art_->icon(u.type == UnitType::Fleet ? IconKind::FleetRing : IconKind::ArmyRing), {bad.r, bad.g, bad.b, a8});
  }
  blit(icon, unit);
  // The letter on the disc, or on the fleet's hull.
  if (u.type == UnitType::Fleet)
    canvas.text({at.x, at.y + size * 0.21f}, letter, size * 0.34f, ink, Align::Center, Align::Center);
  else
    canvas.text(at, letter, size * 0.4f, ink, Align::Center, Align::Center);
}

void BoardView::draw_units(platform::Canvas& canvas, bool moving) {
  if (!position_) return;
  const Map& map = *map_;
  const BoardPalette& pal = app_palette();
  const float size = unit_size();
  // The selected unit stands on a highlight.
  const ProvinceId selected = highlight_.selected;
  if (!moving && selected != kNoProvince && selected < map.province_count()) {
    const Unit& u = position_->units[selected];
    if (u.present()) {
      const PointF at = motion_point(motions_.unit(selected), screen_point(unit_location(map, selected, u)), selected);
      canvas.fill_circle(at, size * 0.62f, {pal.highlight().r, pal.highlight().g, pal.highlight().b, 200});
    }
  }
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    const Unit& u = position_->units[p];
    const UnitMotion& m = motions_.unit(pid);
    if (!u.present() || m.on != moving) continue;
    draw_unit(canvas, motion_point(m, screen_point(unit_location(map, pid, u)), pid), u, false, m.on ? m.alpha : 1.0f);
  }
  // Dislodged units, beside their province.
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    const DislodgedUnit& d = position_->dislodged[p];
    const UnitMotion& m = motions_.dislodged(pid);
    if (!d.unit.present() || m.on != moving) continue;
    draw_unit(canvas, motion_point(m, dislodged_point(pid), pid), d.unit, true, m.on ? m.alpha : 1.0f);
  }
}

void BoardView::draw_bridges(platform::Canvas& canvas) {
  if (!art_ready_) return;  // the schematic board draws them as dashed links
  const ArtFeatures& features = art_->prepared_features();
  for (int i = 0; i < art_->bridge_count(); ++i) {
    if (!art_->bridge_on(*map_, i, features)) continue;
    const BridgeIcon& b = art_->bridge(i);
    // At the art's size, but never smaller than a fingertip's worth of
    // pixels: a club player must see every land bridge.
    const float side = std::max(b.board.w, b.board.h) * camera_.scale();
    const float k = camera_.scale() * std::max(1.0f, unit_size() * 0.7f / std::max(side, 1.0f));
    const PointF mid = camera_.to_screen({b.board.x + b.board.w * 0.5f, b.board.y + b.board.h * 0.5f});
    const float w = static_cast<float>(b.icon.w) * k;
    const float h = static_cast<float>(b.icon.h) * k;
    canvas.draw_image(icons_,
                      {static_cast<float>(b.icon.x), static_cast<float>(b.icon.y), static_cast<float>(b.icon.w),
                       static_cast<float>(b.icon.h)},
                      whole({mid.x - w * 0.5f, mid.y - h * 0.5f, w, h}));
  }
}

void BoardView::draw_orders(platform::Canvas& canvas) {
  const Map& map = *map_;
  const BoardPalette& pal = app_palette();
  const Geometry g(*this);
  const float size = g.unit_size();
  if (results_) {
    const bool retreat = results_->phase.kind == PhaseKind::Retreat;
    // Supports and convoys under the moves they point at.
    for (int pass = 0; pass < 2; ++pass)
      for (const OrderResult& r : results_->results) {
        if (r.order.kind == OrderKind::None || r.outcome == Outcome::NoOrder) continue;
        const bool moving = r.order.kind == OrderKind::Move || r.order.kind == OrderKind::RailMove ||
                            r.order.kind == OrderKind::Retreat;
        if (moving != (pass == 1)) continue;
        draw_order(canvas, map, g, pal, r.order, &r, retreat);
      }
    // Dislodged units ringed where they stand (until the animation moves
    // them aside), destroyed ones crossed out.
    for (const OrderResult& r : results_->results) {
      if (!r.dislodged || r.order.at == kNoLocation) continue;
      const ProvinceId p = map.province_of(r.order.at);
      if (!position_ || !position_->units[p].present()) continue;
      const UnitMotion& m = motions_.unit(p);
      const PointF at = motion_point(m, screen_point(unit_location(map, p, position_->units[p])), p);
      const Color bad = pal.failure();
      const float a = m.on ? m.alpha : 1.0f;
      const Color ring_colour{bad.r, bad.g, bad.b, static_cast<std::uint8_t>(255 * a)};
      ring(canvas, at, size * 0.56f, std::max(2.5f, size * 0.1f), ring_colour);
      if (r.destroyed)
        cross(canvas, at, size * 0.7f, std::max(2.5f, size * 0.1f), ring_colour,
              {20, 20, 20, static_cast<std::uint8_t>(255 * a)});
    }
    return;
  }
  if (!orders_) return;
  const bool retreat = position_ && position_->phase.kind == PhaseKind::Retreat;
  for (int pass = 0; pass < 2; ++pass)
    for (const Order& o : *orders_) {
      const bool moving = o.kind == OrderKind::Move || o.kind == OrderKind::RailMove || o.kind == OrderKind::Retreat;
      if (moving != (pass == 1)) continue;
      draw_order(canvas, map, g, pal, o, nullptr, retreat);
    }
}

// --- drawing

void BoardView::draw(platform::Canvas& canvas) {
  // Textures let go of (an earlier map, palette or size) are freed.
  textures_.free_retired(canvas);
  if (!map_) {
    canvas.fill_rect(camera_.view(), app_palette().background());
    return;
  }
  if (!art_tried_) {
    std::string error;
    if (!load_art(canvas, error)) std::fprintf(stderr, "colonial: drawing the schematic board: %s\n", error.c_str());
    // A cache rebuilt or not written is worth a line; one used is not.
    if (!art_cache_note().empty() && art_cache_note() != "used")
      std::fprintf(stderr, "colonial: board art cache %s: %s\n", art_cache_file_.c_str(), art_cache_note().c_str());
  }
  std::string error;
  // First what draws into images of its own (the composed board, the
  // overlay): a change of target resets the clip.
  const BoardTextures::Level* level = nullptr;
  bool one_to_one = false, composed = false, overlay = false;
  if (art_ready_) {
    textures_.refresh(position_);
    level = textures_.pick_level(canvas, one_to_one, error);
    if (!level) {
      std::fprintf(stderr, "colonial: cannot make the board's textures (%s); drawing the schematic board\n",
                   error.c_str());
      art_ready_ = false;
      camera_.set_board(schematic_.bounds());
      camera_.set_max_scale(1e6f);
    }
  }
  if (level) composed = textures_.compose(canvas, *level, one_to_one, error);
  if (level && highlight_.any()) {
    overlay = textures_.make_overlay(canvas, highlight_, error);
    if (!overlay && !error.empty()) std::fprintf(stderr, "colonial: cannot draw the highlight (%s)\n", error.c_str());
  }
  canvas.set_clip(camera_.view());
  draw_board(canvas, level, one_to_one, composed);
  if (overlay) textures_.draw_overlay(canvas);
  draw_colonies(canvas);
  draw_labels(canvas);
  draw_units(canvas, false);
  draw_bridges(canvas);
  draw_orders(canvas);
  draw_units(canvas, true);  // units in motion, over the arrows they follow
  canvas.reset_clip();
}

void BoardView::draw_board(platform::Canvas& canvas, const BoardTextures::Level* level, bool one_to_one,
                           bool composed) {
  const BoardPalette& pal = app_palette();
  if (!level) {
    schematic_.draw(canvas, camera_, *map_, pal, unit_size(), highlight_.target_set(), highlight_.selected,
                    highlight_.dimming());
    return;
  }
  if (composed) {
    textures_.draw_composed(canvas);
    return;
  }
  const RectF view = camera_.view();
  // The view in the background's colour, replaced rather than blended (a
  // blended fill is costly on the software renderer), the board over it.
  canvas.fill_rects(&view, 1, pal.background(), platform::BlendMode::Replace);
  textures_.draw_level(canvas, *level, one_to_one, {});
}

}  // namespace colonial
