#include "board_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
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

// Our own ceiling on texture sides: the Raspberry Pi 0-3 GPUs take no more.
constexpr int kMaxTextureSide = 2048;
// Zooming in further than this many screen pixels per art pixel only blurs.
constexpr float kMaxArtScale = 2.5f;
// Below this scale the box filter's taps run out; the prepared sizes serve.
constexpr float kMinExactScale = 0.15f;
// Unit icons are drawn at this share of their art size (40 px), within
// bounds that keep them legible on a handheld and modest on a 4K screen.
constexpr float kUnitScale = 1.8f;
constexpr float kMinUnitPx = 18;
constexpr float kMaxUnitPx = 64;

std::uint32_t argb(Color c) { return 0xFF000000u | (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b; }

Color mix(Color a, Color b, float t) {
  auto ch = [&](std::uint8_t x, std::uint8_t y) {
    return static_cast<std::uint8_t>(std::lround(static_cast<float>(x) + (static_cast<float>(y) - x) * t));
  };
  return {ch(a.r, b.r), ch(a.g, b.g), ch(a.b, b.b), 255};
}

Color darker(Color c, float f) {
  return {static_cast<std::uint8_t>(static_cast<float>(c.r) * f),
          static_cast<std::uint8_t>(static_cast<float>(c.g) * f),
          static_cast<std::uint8_t>(static_cast<float>(c.b) * f), c.a};
}

float distance(PointF a, PointF b) { return std::hypot(a.x - b.x, a.y - b.y); }

// 2x2 box filter: the next smaller level of the board.
void halve(const Pixels& in, Pixels& out) {
  out.w = (in.w + 1) / 2;
  out.h = (in.h + 1) / 2;
  out.argb.resize(static_cast<std::size_t>(out.w) * static_cast<std::size_t>(out.h));
  for (int y = 0; y < out.h; ++y) {
    const int y0 = 2 * y;
    const int y1 = std::min(2 * y + 1, in.h - 1);
    for (int x = 0; x < out.w; ++x) {
      const int x0 = 2 * x;
      const int x1 = std::min(2 * x + 1, in.w - 1);
      const std::uint32_t c[4] = {
          in.argb[static_cast<std::size_t>(y0) * in.w + x0], in.argb[static_cast<std::size_t>(y0) * in.w + x1],
          in.argb[static_cast<std::size_t>(y1) * in.w + x0], in.argb[static_cast<std::size_t>(y1) * in.w + x1]};
      std::uint32_t r = 0, g = 0, b = 0;
      for (std::uint32_t v : c) {
        r += (v >> 16) & 0xFF;
        g += (v >> 8) & 0xFF;
        b += v & 0xFF;
      }
      out.argb[static_cast<std::size_t>(y) * out.w + x] =
          0xFF000000u | (((r + 2) / 4) << 16) | (((g + 2) / 4) << 8) | ((b + 2) / 4);
    }
  }
}

// Box-filter resampling to `scale` (at most 1): each output pixel is the
// average of the board pixels it covers, in two separable passes with 8-bit
// fixed-point weights. Gives the board drawn 1:1 at the current zoom,
// sharper than a bilinear squeeze and much cheaper to copy every frame.
void resample(const Pixels& in, float scale, Pixels& out) {
  const int ow = std::max(1, static_cast<int>(std::ceil(static_cast<float>(in.w) * scale)));
  const int oh = std::max(1, static_cast<int>(std::ceil(static_cast<float>(in.h) * scale)));
  // Taps of one output pixel along an axis: first input pixel and weights
  // (summing to 256).
  struct Taps {
    int first = 0;
    int count = 0;
    std::uint32_t weight[8] = {};
  };
  auto taps_for = [&](int n_in, int n_out) {
    std::vector<Taps> taps(static_cast<std::size_t>(n_out));
    const float inv = 1.0f / scale;
    for (int o = 0; o < n_out; ++o) {
      const float a = static_cast<float>(o) * inv;
      const float b = std::min(static_cast<float>(o + 1) * inv, static_cast<float>(n_in));
      Taps& t = taps[static_cast<std::size_t>(o)];
      t.first = std::min(static_cast<int>(a), n_in - 1);
      float cover[8] = {};
      float total = 0;
      for (int i = t.first; i < n_in && static_cast<float>(i) < b && t.count < 8; ++i) {
        cover[t.count] = std::max(std::min(b, static_cast<float>(i + 1)) - std::max(a, static_cast<float>(i)), 0.0f);
        total += cover[t.count++];
      }
      std::uint32_t given = 0;
      for (int k = 0; k < t.count; ++k) {
        t.weight[k] = total > 0 ? static_cast<std::uint32_t>(std::lround(cover[k] / total * 256.0f)) : 0;
        given += t.weight[k];
      }
      // Rounding leftovers go to the largest tap, so flat colours stay exact.
      int big = 0;
      for (int k = 1; k < t.count; ++k)
        if (t.weight[k] > t.weight[big]) big = k;
      t.weight[big] = t.weight[big] + 256 - given;
      if (t.count == 0) {
        t.count = 1;
        t.weight[0] = 256;
      }
    }
    return taps;
  };
  const std::vector<Taps> tx = taps_for(in.w, ow);
  const std::vector<Taps> ty = taps_for(in.h, oh);
  // Horizontal pass into 16-bit channels (value * 256), then vertical.
  std::vector<std::uint16_t> mid(static_cast<std::size_t>(ow) * static_cast<std::size_t>(in.h) * 3);
  for (int y = 0; y < in.h; ++y) {
    const std::uint32_t* row = in.argb.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(in.w);
    std::uint16_t* m = mid.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(ow) * 3;
    for (int x = 0; x < ow; ++x) {
      const Taps& t = tx[static_cast<std::size_t>(x)];
      std::uint32_t r = 0, g = 0, b = 0;
      for (int k = 0; k < t.count; ++k) {
        const std::uint32_t c = row[t.first + k];
        r += ((c >> 16) & 0xFF) * t.weight[k];
        g += ((c >> 8) & 0xFF) * t.weight[k];
        b += (c & 0xFF) * t.weight[k];
      }
      m[3 * x] = static_cast<std::uint16_t>(std::min(r, 65535u));
      m[3 * x + 1] = static_cast<std::uint16_t>(std::min(g, 65535u));
      m[3 * x + 2] = static_cast<std::uint16_t>(std::min(b, 65535u));
    }
  }
  out.w = ow;
  out.h = oh;
  out.argb.resize(static_cast<std::size_t>(ow) * static_cast<std::size_t>(oh));
  for (int y = 0; y < oh; ++y) {
    const Taps& t = ty[static_cast<std::size_t>(y)];
    std::uint32_t* dst = out.argb.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(ow);
    for (int x = 0; x < ow; ++x) {
      std::uint32_t r = 0, g = 0, b = 0;
      for (int k = 0; k < t.count; ++k) {
        const std::uint16_t* m =
            mid.data() +
            (static_cast<std::size_t>(t.first + k) * static_cast<std::size_t>(ow) + static_cast<std::size_t>(x)) * 3;
        r += m[0] * t.weight[k];
        g += m[1] * t.weight[k];
        b += m[2] * t.weight[k];
      }
      auto u8 = [](std::uint32_t v) { return std::min((v + 32768u) >> 16, 255u); };
      dst[x] = 0xFF000000u | (u8(r) << 16) | (u8(g) << 8) | u8(b);
    }
  }
}

float smoothstep(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  return t * t * (3 - 2 * t);
}

}  // namespace

// One size of the coloured board, cut into textures no larger than the
// renderer (and the Pi) accepts.
struct BoardView::Level {
  struct Tile {
    ImageId id = 0;
    int x = 0, y = 0, w = 0, h = 0;  // in level pixels
  };
  float scale = 1;  // level pixels per board pixel
  Pixels pixels;
  std::vector<Tile> tiles;
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

BoardView::BoardView()
    : exact_(std::make_unique<Level>()), styles_(std::make_unique<KeyStyles>()), overlay_(std::make_unique<Level>()) {}
BoardView::~BoardView() = default;

void BoardView::set_map(const Map* map) {
  layout_scale_ = -1;
  map_ = map;
  art_.reset();
  art_ready_ = false;
  art_tried_ = false;
  coloured_ = false;
  // The textures of the art drawn so far go at the next draw (the canvas is
  // not at hand here): a kiosk switching tables all day keeps no old board.
  for (int i = 0; i < level_count_; ++i)
    for (const Level::Tile& t : levels_[i].tiles) retired_images_.push_back(t.id);
  for (const Level::Tile& t : exact_->tiles) retired_images_.push_back(t.id);
  if (icons_) retired_images_.push_back(icons_);
  icons_ = 0;
  levels_.reset();
  level_count_ = 0;
  exact_ = std::make_unique<Level>();
  exact_valid_ = false;
  clear_highlights();
  clear_unit_motions();
  label_px_ = 0;
  if (!map) return;
  app_palette().set_map(*map);
  schematic_.set_map(*map);
  camera_.set_board(schematic_.bounds());
  camera_.set_max_scale(1e6f);
  // Labels of big provinces and colonies first: when labels collide, the
  // small ones give way.
  label_count_ = map->province_count();
  for (int p = 0; p < label_count_; ++p) label_order_[p] = static_cast<ProvinceId>(p);
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
  art_ = std::move(art);
  levels_ = std::make_unique<Level[]>(3);
  level_count_ = 3;
  for (int i = 0; i < level_count_; ++i) levels_[i].scale = 1.0f / static_cast<float>(1 << i);
  icons_ = canvas.create_image(art_->icon_page(), false, true, error);
  coloured_ = false;
  if (icons_) refresh_art();
  if (!icons_ || !prepare_mips(canvas, error)) {
    art_.reset();
    levels_.reset();
    level_count_ = 0;
    return false;
  }
  art_ready_ = true;
  camera_.set_board({0, 0, static_cast<float>(art_->width()), static_cast<float>(art_->height())});
  camera_.set_max_scale(kMaxArtScale);
  layout_scale_ = -1;
  // Labels: colonies first, then the other land, then the seas (their long
  // names would crowd out small provinces; a sea reads by its shape), each by
  // size.
  std::stable_sort(label_order_, label_order_ + label_count_, [&](ProvinceId a, ProvinceId b) {
    const bool ca = map_->province(a).colony;
    const bool cb = map_->province(b).colony;
    if (ca != cb) return ca;
    const bool sa = map_->province(a).kind == ProvinceKind::Sea;
    const bool sb = map_->province(b).kind == ProvinceKind::Sea;
    if (sa != sb) return !sa;
    const RectF ra = art_->province_bounds(a);
    const RectF rb = art_->province_bounds(b);
    return ra.w * ra.h > rb.w * rb.h;
  });
  return true;
}

void BoardView::set_targets(const ProvinceSet& targets, bool dim_others) {
  targets_ = targets;
  has_targets_ = true;
  dim_others_ = dim_others;
}

void BoardView::clear_highlights() {
  selected_ = kNoProvince;
  targets_.clear();
  has_targets_ = false;
  dim_others_ = false;
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
      const float d = distance(p, motion_point(motions_[i], screen_point(unit_location(*map_, pid, u)), pid));
      if (d <= best_d) {
        best_d = d;
        best = pid;
      }
    }
    if (position_->dislodged[i].unit.present()) {
      const float d = distance(p, motion_point(dislodged_motions_[i], dislodged_point(pid), pid));
      if (d <= best_d) {
        best_d = d;
        best = pid;
      }
    }
  }
  return best;
}

// --- animation

void BoardView::clear_unit_motions() {
  for (Motion& m : motions_) m = Motion();
  for (Motion& m : dislodged_motions_) m = Motion();
}

void BoardView::set_unit_motion(ProvinceId p, LocationId from, LocationId to, float t, bool bounce) {
  if (!map_ || p >= map_->province_count()) return;
  Motion& m = motions_[p];
  m = Motion();
  m.on = true;
  m.order.kind = OrderKind::Move;
  m.order.unit = position_ ? position_->units[p].type : UnitType::Army;
  m.order.at = from;
  m.order.to = to;
  const float s = std::clamp(t, 0.0f, 1.0f);
  m.share = bounce ? 0.35f * std::sin(std::numbers::pi_v<float> * s) : smoothstep(s);
}

void BoardView::set_animation(float t) {
  clear_unit_motions();
  if (t < 0 || !results_ || !map_) return;
  t = std::min(t, 1.0f);
  const bool retreat = results_->phase.kind == PhaseKind::Retreat;
  for (const OrderResult& r : results_->results) {
    const Order& o = r.order;
    if (o.at == kNoLocation) continue;
    const ProvinceId p = map_->province_of(o.at);
    Motion& m = retreat ? dislodged_motions_[p] : motions_[p];
    const bool moves = o.kind == OrderKind::Move || o.kind == OrderKind::RailMove || o.kind == OrderKind::Retreat;
    if (moves && o.to != kNoLocation) {
      m.on = true;
      m.order = o;
      m.from_dislodged = retreat;
      if (r.outcome == Outcome::Succeeded)
        m.share = smoothstep(t);
      else if (r.outcome != Outcome::Void)
        m.share = 0.35f * std::sin(std::numbers::pi_v<float> * t);
    }
    if (r.dislodged) {
      // Pushed out as the attacker arrives.
      m.on = true;
      m.aside = smoothstep((t - 0.55f) / 0.45f);
      if (r.destroyed) m.alpha = 1 - smoothstep((t - 0.6f) / 0.4f);
    }
    if (retreat && (o.kind == OrderKind::Disband || r.outcome != Outcome::Succeeded)) {
      m.on = true;
      m.alpha = 1 - smoothstep(t);
    }
  }
}

PointF BoardView::motion_point(const Motion& m, PointF rest, ProvinceId p) const {
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

// --- colouring the art

void BoardView::key_styles(KeyStyles& out, const Position* position) const {
  const BoardPalette& pal = app_palette();
  const Map& map = *map_;
  out.colour.fill(argb(pal.sea()));
  out.hatch.fill(argb(pal.sea()));
  out.pattern.fill(Pattern::None);
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceInfo& info = map.province(static_cast<ProvinceId>(p));
    Color fill = pal.neutral_land();
    Pattern pattern = Pattern::None;
    if (info.kind == ProvinceKind::Sea) {
      fill = pal.sea();
    } else if (info.colony && position && position->owner[p] != kNoPower) {
      // Colonies in their owner's colour: a club player's markers, at a glance.
      const PowerStyle& s = pal.power(position->owner[p]);
      fill = s.land;
      if (pal.second_cue()) pattern = s.pattern;
    } else if (const PowerId home = map.home_country_of(static_cast<ProvinceId>(p)); home != kNoPower) {
      // The rest of a power's home country, as the printed board colours it,
      // paler than the colonies it holds.
      fill = mix(pal.neutral_land(), pal.power(home).land, 0.45f);
    }
    const Color c = fill;
    out.colour[static_cast<std::size_t>(p)] = argb(c);
    out.hatch[static_cast<std::size_t>(p)] = argb(darker(c, 0.8f));
    out.pattern[static_cast<std::size_t>(p)] = pattern;
    // The water inside a land province (Cebu) is sea, lit with its province.
    if (kKeyWaterPart + p < kKeyIsland) {
      const Color water = pal.sea();
      out.colour[static_cast<std::size_t>(kKeyWaterPart) + static_cast<std::size_t>(p)] = argb(water);
      out.hatch[static_cast<std::size_t>(kKeyWaterPart) + static_cast<std::size_t>(p)] = argb(water);
    }
  }
  out.colour[kKeyIsland] = out.hatch[kKeyIsland] = argb(pal.neutral_land());
  out.colour[kKeyOffboard] = out.hatch[kKeyOffboard] = argb(pal.offboard());
  out.colour[kKeyWater] = out.hatch[kKeyWater] = argb(pal.still_water());
  out.colour[kKeyNone] = out.hatch[kKeyNone] = argb(pal.sea());
}

void BoardView::refresh_art() {
  const Map& map = *map_;
  ArtFeatures features;
  features.map_options = map.options();
  features.railroad = !position_ || position_->rules.railroad;
  features.canal = !position_ || position_->rules.canal;
  if (!art_->composed() || !(art_->composed_features() == features)) {
    art_->compose(map, features);
    coloured_ = false;
    int w = 0, h = 0;
    art_->sample_keys(2, overlay_keys_, w, h);
    overlay_->scale = static_cast<float>(w) / static_cast<float>(art_->width());
    overlay_->pixels.w = w;
    overlay_->pixels.h = h;
    overlay_->pixels.argb.resize(overlay_keys_.size());
    overlay_valid_ = false;
  }
  KeyStyles styles;
  key_styles(styles, position_);
  if (coloured_ && styles.colour == styles_->colour && styles.hatch == styles_->hatch &&
      styles.pattern == styles_->pattern)
    return;
  *styles_ = styles;
  art_->colour(styles, levels_[0].pixels);
  // The other sizes are made when first needed: at rest only the board at
  // the screen's scale is drawn, so a highlight costs one resampling.
  mips_dirty_ = true;
  exact_valid_ = false;
  coloured_ = true;
}

bool BoardView::thumbnail(const Position& position, int width, Pixels& out) const {
  if (!art_ready_ || !art_->composed() || width <= 0) return false;
  const int factor = std::max(1, art_->width() / width);
  std::vector<std::uint8_t> keys;
  int w = 0, h = 0;
  art_->sample_keys(factor, keys, w, h);
  KeyStyles styles;
  key_styles(styles, &position);
  out.w = w;
  out.h = h;
  out.argb.resize(keys.size());
  // Each pixel its key's colour; a border (the key changes to the right or
  // below) darker, so the provinces stay apart at this size.
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x);
      const std::uint8_t k = keys[i];
      const bool border = (x + 1 < w && keys[i + 1] != k) || (y + 1 < h && keys[i + static_cast<std::size_t>(w)] != k);
      const std::uint32_t c = styles.colour[k];
      out.argb[i] = border ? 0xff000000u | ((c >> 1) & 0x7f7f7fu) : c;
    }
  return true;
}

bool BoardView::prepare_mips(platform::Canvas& canvas, std::string& error) {
  if (!mips_dirty_) return true;
  for (int i = 1; i < level_count_; ++i) halve(levels_[i - 1].pixels, levels_[i].pixels);
  for (int i = 0; i < level_count_; ++i)
    if (!upload_level(canvas, levels_[i], error)) return false;
  mips_dirty_ = false;
  return true;
}

bool BoardView::upload_level(platform::Canvas& canvas, Level& level, std::string& error, bool opaque) {
  int limit = canvas.max_texture_size() > 0 ? std::min(kMaxTextureSide, canvas.max_texture_size()) : kMaxTextureSide;
  if (texture_limit_ > 0) limit = std::min(limit, texture_limit_);
  // The tiles of this size: kept when the size is the same, else made anew.
  int covered_w = 0;
  int covered_h = 0;
  for (const Level::Tile& t : level.tiles) {
    covered_w = std::max(covered_w, t.x + t.w);
    covered_h = std::max(covered_h, t.y + t.h);
  }
  const bool create = level.tiles.empty() || covered_w != level.pixels.w || covered_h != level.pixels.h;
  if (create) {
    for (const Level::Tile& t : level.tiles) canvas.destroy_image(t.id);
    level.tiles.clear();
    for (int y = 0; y < level.pixels.h; y += limit)
      for (int x = 0; x < level.pixels.w; x += limit)
        level.tiles.push_back({0, x, y, std::min(limit, level.pixels.w - x), std::min(limit, level.pixels.h - y)});
  }
  Pixels piece;
  for (Level::Tile& t : level.tiles) {
    const Pixels* src = &level.pixels;
    if (t.w != level.pixels.w || t.h != level.pixels.h) {
      piece.w = t.w;
      piece.h = t.h;
      piece.argb.resize(static_cast<std::size_t>(t.w) * static_cast<std::size_t>(t.h));
      for (int y = 0; y < t.h; ++y)
        std::copy_n(level.pixels.argb.begin() + static_cast<std::ptrdiff_t>(t.y + y) * level.pixels.w + t.x, t.w,
                    piece.argb.begin() + static_cast<std::ptrdiff_t>(y) * t.w);
      src = &piece;
    }
    if (create) {
      t.id = canvas.create_image(*src, opaque, true, error);
      if (!t.id) return false;
    } else if (!canvas.update_image(t.id, *src, error)) {
      return false;
    }
  }
  return true;
}

void BoardView::highlight_lut(std::array<std::uint32_t, 256>& out) const {
  // Laid over the board's colour c with alpha a, colour o gives
  // c (1 - a) + o a: the selected province and the targets lean towards the
  // highlight colour; the others are darkened and greyed, as
  // mix(darker(c, 0.62), {40, 44, 56}, 0.25) = c 0.465 + {10, 11, 14}.
  const BoardPalette& pal = app_palette();
  auto over = [](Color c, float a) {
    const auto a8 = static_cast<std::uint32_t>(std::lround(a * 255.0f));
    return a8 << 24 | static_cast<std::uint32_t>(c.r) << 16 | static_cast<std::uint32_t>(c.g) << 8 | c.b;
  };
  const std::uint32_t dim = dim_others_ ? over(Color{19, 21, 26, 255}, 0.535f) : 0u;
  const std::uint32_t target = over(pal.highlight(), 0.45f);
  const std::uint32_t selected = over(pal.highlight(), 0.6f);
  out.fill(dim);
  out[kKeyNone] = 0;
  for (int p = 0; p < map_->province_count(); ++p) {
    std::uint32_t v = dim;
    if (p == selected_)
      v = selected;
    else if (has_targets_ && targets_.test(static_cast<ProvinceId>(p)))
      v = target;
    out[static_cast<std::size_t>(p)] = v;
    if (kKeyWaterPart + p < kKeyIsland) out[static_cast<std::size_t>(kKeyWaterPart) + static_cast<std::size_t>(p)] = v;
  }
}

bool BoardView::draw_highlight(platform::Canvas& canvas, std::string& error) {
  if (overlay_keys_.empty()) return true;
  std::array<std::uint32_t, 256> lut;
  highlight_lut(lut);
  if (!overlay_valid_ || lut != overlay_lut_) {
    std::uint32_t* dst = overlay_->pixels.argb.data();
    const std::uint8_t* key = overlay_keys_.data();
    for (std::size_t i = 0, n = overlay_keys_.size(); i < n; ++i) dst[i] = lut[key[i]];
    overlay_lut_ = lut;
    overlay_valid_ = upload_level(canvas, *overlay_, error, false);
    if (!overlay_valid_) return false;
  }
  draw_level(canvas, *overlay_, false);
  return true;
}

void BoardView::draw_level(platform::Canvas& canvas, const Level& level, bool one_to_one) const {
  const float ls = level.scale;
  const RectF vis = camera_.visible_board();
  for (const Level::Tile& t : level.tiles) {
    // The visible part of the tile, in whole level pixels.
    const int x0 = std::max(t.x, static_cast<int>(std::floor(vis.x * ls)));
    const int y0 = std::max(t.y, static_cast<int>(std::floor(vis.y * ls)));
    const int x1 = std::min(t.x + t.w, static_cast<int>(std::ceil((vis.x + vis.w) * ls)) + 1);
    const int y1 = std::min(t.y + t.h, static_cast<int>(std::ceil((vis.y + vis.h) * ls)) + 1);
    if (x1 <= x0 || y1 <= y0) continue;
    const PointF a = camera_.to_screen({static_cast<float>(x0) / ls, static_cast<float>(y0) / ls});
    const PointF b = camera_.to_screen({static_cast<float>(x1) / ls, static_cast<float>(y1) / ls});
    // Drawn 1:1 on whole pixels when the level is at the screen's scale:
    // the renderer then copies instead of filtering.
    const RectF dst =
        one_to_one ? RectF{std::round(a.x), std::round(a.y), static_cast<float>(x1 - x0), static_cast<float>(y1 - y0)}
                   : RectF{a.x, a.y, b.x - a.x, b.y - a.y};
    canvas.draw_image(t.id,
                      {static_cast<float>(x0 - t.x), static_cast<float>(y0 - t.y), static_cast<float>(x1 - x0),
                       static_cast<float>(y1 - y0)},
                      dst);
  }
}

// --- drawing

void BoardView::draw(platform::Canvas& canvas) {
  for (const ImageId id : retired_images_) canvas.destroy_image(id);
  retired_images_.clear();
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
  canvas.set_clip(camera_.view());
  if (art_ready_) refresh_art();
  if (!draw_board(canvas, error)) {
    std::fprintf(stderr, "colonial: cannot update the board textures (%s); drawing the schematic board\n",
                 error.c_str());
    art_ready_ = false;
    camera_.set_board(schematic_.bounds());
    camera_.set_max_scale(1e6f);
    draw_board(canvas, error);
  }
  if (art_ready_ && (has_targets_ || selected_ != kNoProvince) && !draw_highlight(canvas, error))
    std::fprintf(stderr, "colonial: cannot draw the highlight (%s)\n", error.c_str());
  draw_colonies(canvas);
  draw_labels(canvas);
  draw_units(canvas, false);
  draw_bridges(canvas);
  draw_orders(canvas);
  draw_units(canvas, true);  // units in motion, over the arrows they follow
  canvas.reset_clip();
}

bool BoardView::draw_board(platform::Canvas& canvas, std::string& error) {
  const BoardPalette& pal = app_palette();
  if (!art_ready_) {
    const bool dim = dim_others_ && (has_targets_ || selected_ != kNoProvince);
    schematic_.draw(canvas, camera_, *map_, pal, unit_size(), has_targets_ ? &targets_ : nullptr, selected_, dim);
    return true;
  }
  // Whatever the board does not cover (a window of another shape): only the
  // strips beside it, as a blended fill is costly on the software renderer.
  const RectF view = camera_.view();
  const PointF b0 = camera_.to_screen({0, 0});
  const PointF b1 = camera_.to_screen({camera_.board().w, camera_.board().h});
  const float left = std::clamp(std::floor(b0.x), view.x, view.x + view.w);
  const float right = std::clamp(std::ceil(b1.x), view.x, view.x + view.w);
  const float top = std::clamp(std::floor(b0.y), view.y, view.y + view.h);
  const float bottom = std::clamp(std::ceil(b1.y), view.y, view.y + view.h);
  if (left > view.x) canvas.fill_rect({view.x, view.y, left - view.x, view.h}, pal.background());
  if (right < view.x + view.w) canvas.fill_rect({right, view.y, view.x + view.w - right, view.h}, pal.background());
  if (top > view.y) canvas.fill_rect({left, view.y, right - left, top - view.y}, pal.background());
  if (bottom < view.y + view.h)
    canvas.fill_rect({left, bottom, right - left, view.y + view.h - bottom}, pal.background());
  // At rest, the board at exactly the screen's scale, made on the CPU and
  // copied 1:1 (the software renderer's scaled copies cost milliseconds);
  // while zooming, the nearest of the prepared sizes, scaled.
  const float scale = camera_.scale();
  if (!camera_.zooming() && scale >= kMinExactScale && scale <= 1.0f) {
    if (!exact_valid_ || exact_->scale != scale) {
      resample(levels_[0].pixels, scale, exact_->pixels);
      exact_->scale = scale;
      exact_valid_ = upload_level(canvas, *exact_, error);
    }
    if (exact_valid_) {
      draw_level(canvas, *exact_, true);
      return true;
    }
  }
  if (!prepare_mips(canvas, error)) return false;
  // The smallest level that still has at least ~one texel per screen pixel.
  int li = 0;
  while (li + 1 < level_count_ && scale / levels_[li + 1].scale <= 1.15f) ++li;
  draw_level(canvas, levels_[li], false);
  return true;
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

float BoardView::label_size() const {
  // Grows gently with the zoom; whole even pixel sizes keep the text cache
  // small while zooming.
  const float px = std::clamp(12.0f * std::sqrt(camera_.scale() / 0.45f), 9.0f, 20.0f);
  return px < 10 ? std::round(px) : 2.0f * std::round(px / 2.0f);
}

std::uint64_t BoardView::units_key() const {
  // FNV-1a over the units: a label layout is kept while no unit moves.
  std::uint64_t h = 1469598103934665603ull;
  if (!position_) return h;
  for (int p = 0; p < map_->province_count(); ++p) {
    const Unit& u = position_->units[p];
    const std::uint64_t v = u.present()
                                ? (static_cast<std::uint64_t>(u.power) << 16 | static_cast<std::uint64_t>(u.type) << 8 |
                                   static_cast<std::uint64_t>(u.coast))
                                : 0xFFFFFFu;
    h = (h ^ v) * 1099511628211ull;
  }
  return h;
}

bool BoardView::box_inside(ProvinceId p, const RectF& r) const {
  if (!art_ready_) return true;  // the schematic board has no borders to cross
  const int x0 = static_cast<int>(std::floor(r.x)), x1 = static_cast<int>(std::ceil(r.x + r.w));
  const int y0 = static_cast<int>(std::floor(r.y)), y1 = static_cast<int>(std::ceil(r.y + r.h));
  auto shows = [&](int x, int y) {
    const PointF b = camera_.to_board({static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
    return art_->province_at(b.x, b.y) == p;
  };
  // The corners and the middle first: most candidates fail there.
  if (!shows(x0, y0) || !shows(x1 - 1, y0) || !shows(x0, y1 - 1) || !shows(x1 - 1, y1 - 1) ||
      !shows((x0 + x1) / 2, (y0 + y1) / 2))
    return false;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      if (!shows(x, y)) return false;
  return true;
}

RectF BoardView::ink_box(ProvinceId p, LabelForm form, PointF origin) const {
  const int f = static_cast<int>(form);
  const platform::Canvas::Ink& ink = label_ink_[f][p];
  return {origin.x, origin.y + ink.top, label_w_[f][p], ink.height};
}

void BoardView::layout_labels() {
  const Map& map = *map_;
  const float size = unit_size();
  const RectF board = camera_.board();
  const float board_left = camera_.to_screen({board.x, board.y}).x;
  const float board_right = camera_.to_screen({board.x + board.w, board.y}).x;
  labelled_.clear();
  // Units are obstacles too: a label under a unit cannot be read.
  RectF placed[2 * kMaxProvinces];
  int placed_count = 0;
  if (position_)
    for (int p = 0; p < map.province_count(); ++p) {
      const Unit& u = position_->units[p];
      if (!u.present()) continue;
      const PointF at = screen_point(unit_location(map, static_cast<ProvinceId>(p), u));
      placed[placed_count++] = {at.x - size * 0.3f, at.y - size * 0.3f, size * 0.6f, size * 0.6f};
    }
  for (int i = 0; i < label_count_; ++i) {
    const ProvinceId p = label_order_[i];
    const ProvinceInfo& info = map.province(p);
    const PointF at = screen_point(p);
    const PointF middle = art_ready_ ? camera_.to_screen(art_->label_point(p)) : at;
    const bool open_sea = info.kind == ProvinceKind::Sea && !(position_ && position_->units[p].present());
    // The full name only where the province is wide enough on screen for it
    // (the art's box; the schematic board names them when close).
    const bool name_may_fit =
        art_ready_ ? label_w_[0][p] <= art_->province_bounds(p).w * camera_.scale() : camera_.zoom() >= 2.5f;
    // Best first: the name, then the code, then the code a size smaller;
    // each under the unit's place (so units never hide their province's
    // name), above, beside it, then in the middle of the province's widest
    // part (a sea without a unit: there first). Only letters wholly inside
    // the province are taken, with a pixel to spare for the shadow and a
    // pan's rounding: a name never points at a neighbour.
    bool found = false;
    PointF origin;
    RectF ink;
    LabelForm form = LabelForm::Name;
    for (int attempt = name_may_fit ? 0 : 1; attempt < kLabelForms && !found; ++attempt) {
      form = static_cast<LabelForm>(attempt);
      const float w = label_w_[attempt][p];
      const platform::Canvas::Ink letters = label_ink_[attempt][p];
      // Spots for the letters' box (w x h); the text box sits `top` above.
      const float h = letters.height;
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
      auto try_spot = [&](RectF r) {
        // Kept on the board (a coastal label at its edge would hang off it).
        r.x = std::clamp(r.x, board_left, std::max(board_left, board_right - w));
        for (int q = 0; q < placed_count; ++q) {
          const RectF& o = placed[q];
          if (r.x < o.x + o.w + 2 && o.x < r.x + r.w + 2 && r.y < o.y + o.h + 1 && o.y < r.y + r.h + 1) return false;
        }
        if (!box_inside(p, {r.x - 1, r.y - 1, r.w + 2, r.h + 2})) return false;
        ink = r;
        origin = {r.x, r.y - letters.top};
        return true;
      };
      for (std::size_t k = open_sea ? 0 : 1; k < std::size(spots) && !found; ++k) found = try_spot(spots[k]);
      // No room there: anywhere in the province, nearest to its widest part
      // first (rings of spots around it).
      if (found || !art_ready_) continue;
      const RectF bounds = art_->province_bounds(p);
      const float step_x = std::max(4.0f, w * 0.4f), step_y = std::max(3.0f, h * 0.6f);
      const float reach = std::max(bounds.w * camera_.scale() / step_x, bounds.h * camera_.scale() / step_y);
      const int rings = std::min(6, static_cast<int>(reach * 0.5f) + 1);
      for (int ring = 1; ring <= rings && !found; ++ring)
        for (int dy = -ring; dy <= ring && !found; ++dy)
          for (int dx = -ring; dx <= ring && !found; ++dx) {
            if (std::max(std::abs(dx), std::abs(dy)) != ring) continue;
            found = try_spot({middle.x - w * 0.5f + static_cast<float>(dx) * step_x,
                              middle.y - h * 0.5f + static_cast<float>(dy) * step_y, w, h});
          }
    }
    if (!found) continue;
    placed[placed_count++] = ink;
    labelled_.set(p);
    label_places_[p] = {camera_.to_board(origin), form};
  }
}

bool BoardView::label_box(ProvinceId p, RectF& out) const {
  if (!map_ || p >= map_->province_count() || !labelled_.test(p)) return false;
  // Where text() draws it: at whole pixels.
  const PointF at = camera_.to_screen(label_places_[p].board);
  out = ink_box(p, label_places_[p].form, {std::round(at.x), std::round(at.y)});
  return true;
}

PointF BoardView::label_point(ProvinceId p) const {
  return art_ready_ ? camera_.to_screen(art_->label_point(p)) : screen_point(p);
}

ProvinceId BoardView::label_at(PointF at) const {
  if (!map_) return kNoProvince;
  for (int i = 0; i < map_->province_count(); ++i) {
    RectF r;
    if (!label_box(static_cast<ProvinceId>(i), r)) continue;
    // A finger's slack around the letters.
    if (at.x >= r.x - 2 && at.x < r.x + r.w + 2 && at.y >= r.y - 2 && at.y < r.y + r.h + 2)
      return static_cast<ProvinceId>(i);
  }
  return kNoProvince;
}

void BoardView::draw_labels(platform::Canvas& canvas) {
  const Map& map = *map_;
  const BoardPalette& pal = app_palette();
  const float px = label_size();
  if (static_cast<int>(px) != label_px_) {
    label_px_ = static_cast<int>(px);
    small_px_ = std::max(9, static_cast<int>(std::lround(px * 0.65f)));
    for (int p = 0; p < map.province_count(); ++p) {
      const ProvinceInfo& info = map.province(static_cast<ProvinceId>(p));
      const char* texts[kLabelForms] = {info.name, info.code, info.code};
      for (int f = 0; f < kLabelForms; ++f) {
        const float at = f == 2 ? static_cast<float>(small_px_) : px;
        label_w_[f][p] = canvas.measure_text(texts[f], at).w;
        label_ink_[f][p] = canvas.measure_ink(texts[f], at);
      }
    }
  }
  const std::uint64_t units = units_key();
  // During a smooth zoom the labels keep their places on the board (a
  // layout per frame would cost more than the frame); at rest they are
  // placed again for the new scale.
  const bool zooming = camera_.zooming() && layout_scale_ > 0;
  if (!zooming && (camera_.scale() != layout_scale_ || label_px_ != layout_px_ || units != layout_units_)) {
    layout_labels();
    layout_scale_ = camera_.scale();
    layout_px_ = label_px_;
    layout_units_ = units;
  }
  const RectF view = camera_.view();
  const bool dimming = dim_others_ && (has_targets_ || selected_ != kNoProvince);
  for (int i = 0; i < label_count_; ++i) {
    const ProvinceId p = label_order_[i];
    if (!labelled_.test(p)) continue;
    const PointF at = camera_.to_screen(label_places_[p].board);
    const RectF r{std::round(at.x), std::round(at.y), label_w_[0][p], px * 1.5f};  // the name is the widest form
    if (r.x > view.x + view.w || r.y > view.y + view.h || r.x + r.w < view.x || r.y + r.h < view.y) continue;
    const ProvinceInfo& info = map.province(p);
    const LabelForm form = label_places_[p].form;
    const char* text = form == LabelForm::Name ? info.name : info.code;
    const float text_px = form == LabelForm::SmallCode ? static_cast<float>(small_px_) : px;
    const bool sea = info.kind == ProvinceKind::Sea;
    // Dark on the art's light land and sea; light on the schematic's night.
    const Color ink = !art_ready_ ? Color{236, 232, 220, 255} : sea ? pal.sea_label() : pal.land_label();
    if (dimming && p != selected_ && !(has_targets_ && targets_.test(p))) {
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
      {at.x - icon.hot_x * k, at.y - icon.hot_y * k, static_cast<float>(icon.w) * k, static_cast<float>(icon.h) * k},
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
  if (!moving && selected_ != kNoProvince && selected_ < map.province_count()) {
    const Unit& u = position_->units[selected_];
    if (u.present()) {
      const PointF at = motion_point(motions_[selected_], screen_point(unit_location(map, selected_, u)), selected_);
      canvas.fill_circle(at, size * 0.62f, {pal.highlight().r, pal.highlight().g, pal.highlight().b, 200});
    }
  }
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    const Unit& u = position_->units[p];
    const Motion& m = motions_[p];
    if (!u.present() || m.on != moving) continue;
    draw_unit(canvas, motion_point(m, screen_point(unit_location(map, pid, u)), pid), u, false, m.on ? m.alpha : 1.0f);
  }
  // Dislodged units, beside their province.
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pid = static_cast<ProvinceId>(p);
    const DislodgedUnit& d = position_->dislodged[p];
    const Motion& m = dislodged_motions_[p];
    if (!d.unit.present() || m.on != moving) continue;
    draw_unit(canvas, motion_point(m, dislodged_point(pid), pid), d.unit, true, m.on ? m.alpha : 1.0f);
  }
}

void BoardView::draw_bridges(platform::Canvas& canvas) {
  if (!art_ready_) return;  // the schematic board draws them as dashed links
  const ArtFeatures& features = art_->composed_features();
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
                      {mid.x - w * 0.5f, mid.y - h * 0.5f, w, h});
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
      const Motion& m = motions_[p];
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

}  // namespace colonial
