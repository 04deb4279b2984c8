#include "board_textures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <utility>

#include "board_art.h"
#include "board_levels.h"
#include "board_palette.h"
#include "process_memory.h"

namespace colonial {
namespace {

using platform::Color;
using platform::ImageId;
using platform::Pixels;
using platform::PointF;
using platform::RectF;

// Our own ceiling on texture sides: the Raspberry Pi 0-3 GPUs take no more.
constexpr int kMaxTextureSide = 2048;
// Below this scale the box filter's taps run out; the halvings serve.
constexpr float kMinExactScale = 0.15f;
// Frames at rest after which the halvings are let go.
constexpr int kRestFrames = 60;
// A level's base is cut into tiles no larger than this; colonies' pages too.
constexpr int kPageSide = 2048;

std::uint32_t argb(Color c) { return 0xFF000000u | (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b; }

Color color_of(std::uint32_t v) {
  return {static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v),
          static_cast<std::uint8_t>(v >> 24)};
}

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

// The screen rectangle from a to b with its edges on whole pixels: every
// renderer then puts a scaled piece of the board where the others do (SDL's
// software renderer cuts a rectangle's corner and size to whole pixels each
// on its own), and pieces that meet on the board meet on the screen.
RectF whole_pixels(PointF a, PointF b, PointF shift) {
  const float x0 = std::round(a.x), y0 = std::round(a.y);
  return {x0 + shift.x, y0 + shift.y, std::round(b.x) - x0, std::round(b.y) - y0};
}

// Level i of the halvings: scale 1, 1/2, 1/4.
float halving_scale(int i) { return 1.0f / static_cast<float>(1 << i); }

}  // namespace

// One size of the board as textures: the base in tiles (or, for the
// overlay, its picture), and each colony's sprite on a page.
struct BoardTextures::Level {
  struct Tile {
    ImageId id = 0;
    int x = 0, y = 0, w = 0, h = 0;  // in level pixels
  };
  struct Colony {
    ImageId image = 0;                 // 0: none
    int sx = 0, sy = 0, w = 0, h = 0;  // where on its image
    int x = 0, y = 0;                  // where on the level
    Pattern pattern = Pattern::None;   // the hatched sprites'
  };
  float scale = 0;  // level pixels per board pixel
  std::vector<Tile> tiles;
  std::vector<ImageId> pages;
  Colony colonies[kMaxProvinces];
  Colony hatched[kMaxProvinces];  // the colour-blind palette's, each its own image
  bool ready() const { return !tiles.empty(); }
};

BoardTextures::BoardTextures(const Camera& camera)
    : camera_(camera),
      exact_(std::make_unique<Level>()),
      previous_exact_(std::make_unique<Level>()),
      styles_(std::make_unique<KeyStyles>()),
      overlay_(std::make_unique<Level>()) {
  for (auto& level : levels_) level = std::make_unique<Level>();
}

BoardTextures::~BoardTextures() = default;

void BoardTextures::retire(Level& level) {
  for (const Level::Tile& t : level.tiles) retired_images_.push_back(t.id);
  for (const ImageId id : level.pages) retired_images_.push_back(id);
  for (const Level::Colony& c : level.hatched)
    if (c.image) retired_images_.push_back(c.image);
  level = Level();
}

void BoardTextures::attach(const Map* map, BoardArt* art) {
  // The textures go at the next frame (the canvas is not at hand here): a
  // kiosk switching tables all day keeps no old board.
  for (auto& level : levels_) retire(*level);
  retire(*exact_);
  retire(*previous_exact_);
  retire(*overlay_);
  overlay_valid_ = false;
  if (composed_image_) retired_images_.push_back(composed_image_);
  composed_image_ = 0;
  composed_ = last_frame_ = Composed();
  compose_failed_ = false;
  unsaved_.reset();
  map_ = map;
  art_ = art;
}

void BoardTextures::free_retired(platform::Canvas& canvas) {
  // The memory they took goes back to the system.
  for (const ImageId id : retired_images_) canvas.destroy_image(id);
  if (!retired_images_.empty()) platform::return_free_memory();
  retired_images_.clear();
}

int BoardTextures::texture_side(const platform::Canvas& canvas) const {
  int side = canvas.max_texture_size() > 0 ? std::min(kMaxTextureSide, canvas.max_texture_size()) : kMaxTextureSide;
  if (texture_limit_ > 0) side = std::min(side, texture_limit_);
  return side;
}

// --- colouring

void BoardTextures::key_styles(KeyStyles& out, const Position* position) const {
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

void BoardTextures::refresh(const Position* position) {
  ArtFeatures features;
  features.map_options = map_->options();
  features.railroad = !position || position->rules.railroad;
  features.canal = !position || position->rules.canal;
  key_styles(*styles_, position);
  if (!art_->prepare(*map_, features, *styles_)) return;
  // Another palette or other features: the levels are made again.
  for (auto& level : levels_) retire(*level);
  retire(*exact_);
  retire(*previous_exact_);
  unsaved_.reset();
  composed_ = Composed();
}

std::uint64_t BoardTextures::colonies_digest() const {
  std::uint64_t h = 14695981039346656037ull;
  for (int p = 0; p < map_->province_count(); ++p)
    if (map_->province(static_cast<ProvinceId>(p)).colony)
      h = (h ^ (styles_->colour[static_cast<std::size_t>(p)] ^
                static_cast<std::uint32_t>(styles_->pattern[static_cast<std::size_t>(p)]) << 24)) *
          1099511628211ull;
  return h;
}

bool BoardTextures::thumbnail(const Position& position, int width, Pixels& out) const {
  if (!art_ || !art_->prepared() || width <= 0) return false;
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

// --- levels as textures

BoardTextures::Level* BoardTextures::level_for(platform::Canvas& canvas, float scale, bool exact, std::string& error) {
  if (exact && exact_->scale != scale && previous_exact_->ready() && previous_exact_->scale == scale)
    std::swap(exact_, previous_exact_);
  Level* level = exact ? exact_.get() : nullptr;
  for (int i = 0; !exact && i < kLevels; ++i)
    if (halving_scale(i) == scale) level = levels_[i].get();
  if (!level) return nullptr;
  if (!level->ready() || level->scale != scale) {
    BoardLevel pixels;
    const bool cached = art_->cached_level(scale, pixels);
    // With a cache to read the halvings from, a screen's size it has not
    // seen is made (tens of milliseconds) when it shows a second frame: not
    // for the first frame of a panel not laid out yet, nor each size a
    // window is dragged through (a halving serves meanwhile).
    if (!cached && exact && art_->has_cache() && scale != exact_wanted_) {
      exact_wanted_ = scale;
      return nullptr;
    }
    if (!cached) art_->make_level(scale, !exact, pixels);
    // The level at rest until now becomes the previous one; the one before
    // it goes.
    if (exact && exact_->ready()) {
      std::swap(exact_, previous_exact_);
      level = exact_.get();
    }
    retire(*level);
    const bool made = upload_level(canvas, pixels, *level, error);
    art_->release_full();
    // The board at rest on the whole board is worth keeping for the next
    // start, once it has stayed a while; a size zoomed to is not. Else what
    // the level was made from goes back to the system: its textures are all
    // that is kept.
    unsaved_.reset();
    if (made && exact && !cached && art_->has_cache() && camera_.zoom() == 1.0f)
      unsaved_ = std::make_unique<BoardLevel>(std::move(pixels));
    pixels = BoardLevel();
    platform::return_free_memory();
    if (!made) {
      retire(*level);
      return nullptr;
    }
  }
  hatch_colonies(canvas, *level);
  return level;
}

bool BoardTextures::upload_level(platform::Canvas& canvas, const BoardLevel& pixels, Level& level, std::string& error) {
  level.scale = pixels.scale;
  return upload_tiles(canvas, pixels.base, level, error) && upload_colonies(canvas, pixels, level, error);
}

bool BoardTextures::upload_tiles(platform::Canvas& canvas, const Pixels& pixels, Level& level, std::string& error) {
  const int side = std::min(kPageSide, texture_side(canvas));
  Pixels piece;
  for (int y = 0; y < pixels.h; y += side)
    for (int x = 0; x < pixels.w; x += side) {
      Level::Tile t{0, x, y, std::min(side, pixels.w - x), std::min(side, pixels.h - y)};
      const Pixels* src = &pixels;
      if (t.w != pixels.w || t.h != pixels.h) {
        piece.w = t.w;
        piece.h = t.h;
        piece.argb.resize(static_cast<std::size_t>(t.w) * static_cast<std::size_t>(t.h));
        for (int row = 0; row < t.h; ++row)
          std::copy_n(pixels.argb.begin() + static_cast<std::ptrdiff_t>(t.y + row) * pixels.w + t.x, t.w,
                      piece.argb.begin() + static_cast<std::ptrdiff_t>(row) * t.w);
        src = &piece;
      }
      t.id = canvas.create_image(*src, true, true, error);
      if (!t.id) return false;
      level.tiles.push_back(t);
    }
  return true;
}

bool BoardTextures::upload_colonies(platform::Canvas& canvas, const BoardLevel& pixels, Level& level,
                                    std::string& error) {
  // Shelves of sprites, the tallest first, a transparent pixel apart (a
  // scaled draw filters from its neighbours).
  const int side = std::min(kPageSide, texture_side(canvas));
  std::vector<std::size_t> order(pixels.colonies.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return pixels.colonies[a].pixels.h > pixels.colonies[b].pixels.h; });
  Pixels page;
  int x = 1, y = 1, shelf = 0;
  auto finish_page = [&]() {
    if (page.h == 0) return true;
    const ImageId id = canvas.create_image(page, false, true, error);
    if (!id) return false;
    level.pages.push_back(id);
    for (Level::Colony& c : level.colonies)
      if (c.image < 0) c.image = id;
    page = Pixels();
    x = y = 1;
    shelf = 0;
    return true;
  };
  for (const std::size_t i : order) {
    const ColonySprite& sprite = pixels.colonies[i];
    const int w = sprite.pixels.w, h = sprite.pixels.h;
    if (w + 2 > side || h + 2 > side) {
      error = "a colony of the board is larger than the renderer's textures (" + std::to_string(side) + " pixels)";
      return false;
    }
    if (x + w + 1 > side) {
      x = 1;
      y += shelf + 1;
      shelf = 0;
    }
    if (y + h + 1 > side && !finish_page()) return false;
    page.w = side;
    page.h = std::max(page.h, y + h + 1);
    page.argb.resize(static_cast<std::size_t>(page.w) * static_cast<std::size_t>(page.h), 0);
    for (int row = 0; row < h; ++row)
      std::copy_n(sprite.pixels.argb.begin() + static_cast<std::ptrdiff_t>(row) * w, w,
                  page.argb.begin() + static_cast<std::ptrdiff_t>(y + row) * page.w + x);
    // The image is known when the page is finished (-1 until then).
    level.colonies[sprite.province] = {-1, x, y, w, h, sprite.x, sprite.y, Pattern::None};
    x += w + 1;
    shelf = std::max(shelf, h);
  }
  return finish_page();
}

void BoardTextures::hatch_colonies(platform::Canvas& canvas, Level& level) {
  bool made = false;
  for (int p = 0; p < map_->province_count(); ++p) {
    Level::Colony& hatched = level.hatched[p];
    const Pattern pattern = styles_->pattern[static_cast<std::size_t>(p)];
    if (pattern == Pattern::None || hatched.pattern != pattern) {
      if (hatched.image) retired_images_.push_back(hatched.image);
      hatched = Level::Colony();
    }
    if (pattern == Pattern::None || hatched.image || !level.colonies[p].image) continue;
    ColonySprite sprite;
    art_->hatched_colony(level.scale, static_cast<ProvinceId>(p), pattern, sprite);
    std::string error;
    const ImageId id = sprite.pixels.argb.empty() ? 0 : canvas.create_image(sprite.pixels, false, true, error);
    if (id) hatched = {id, 0, 0, sprite.pixels.w, sprite.pixels.h, sprite.x, sprite.y, pattern};
    made = true;
  }
  if (made) art_->release_full();
}

// --- drawing the levels

void BoardTextures::draw_tiles(platform::Canvas& canvas, const Level& level, bool one_to_one, PointF shift) const {
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
    const RectF dst = one_to_one ? RectF{std::round(a.x) + shift.x, std::round(a.y) + shift.y,
                                         static_cast<float>(x1 - x0), static_cast<float>(y1 - y0)}
                                 : whole_pixels(a, b, shift);
    canvas.draw_image(t.id,
                      {static_cast<float>(x0 - t.x), static_cast<float>(y0 - t.y), static_cast<float>(x1 - x0),
                       static_cast<float>(y1 - y0)},
                      dst);
  }
}

void BoardTextures::draw_level(platform::Canvas& canvas, const Level& level, bool one_to_one, PointF shift) const {
  draw_tiles(canvas, level, one_to_one, shift);
  const float ls = level.scale;
  const RectF view = camera_.view();
  for (int p = 0; p < map_->province_count(); ++p) {
    const Level::Colony& c = level.hatched[p].image ? level.hatched[p] : level.colonies[p];
    if (c.image <= 0) continue;
    const PointF a = camera_.to_screen({static_cast<float>(c.x) / ls, static_cast<float>(c.y) / ls});
    const PointF b = camera_.to_screen({static_cast<float>(c.x + c.w) / ls, static_cast<float>(c.y + c.h) / ls});
    if (b.x < view.x || b.y < view.y || a.x > view.x + view.w || a.y > view.y + view.h) continue;
    const RectF dst = one_to_one ? RectF{std::round(a.x) + shift.x, std::round(a.y) + shift.y, static_cast<float>(c.w),
                                         static_cast<float>(c.h)}
                                 : whole_pixels(a, b, shift);
    // Its owner's colour, added to the base where the colony is.
    const Color tint = color_of(styles_->colour[static_cast<std::size_t>(p)]);
    canvas.draw_image(
        c.image, {static_cast<float>(c.sx), static_cast<float>(c.sy), static_cast<float>(c.w), static_cast<float>(c.h)},
        dst, {tint.r, tint.g, tint.b, 255}, platform::BlendMode::Add);
  }
}

const BoardTextures::Level* BoardTextures::pick_level(platform::Canvas& canvas, bool& one_to_one, std::string& error) {
  // At rest, the board at exactly the screen's scale, copied 1:1 (made once
  // for the scale, from the cache at the next start); while zooming, the
  // nearest of the halvings, scaled.
  if (!told_limit_ && texture_side(canvas) < std::max(art_->width(), art_->height())) {
    std::fprintf(stderr,
                 "colonial: the renderer's textures are at most %d pixels a side: the board is drawn in tiles\n",
                 texture_side(canvas));
    told_limit_ = true;
  }
  const float scale = camera_.scale();
  one_to_one = !camera_.zooming() && scale >= kMinExactScale && scale <= 1.0f;
  if (one_to_one) {
    if (Level* level = level_for(canvas, scale, true, error)) {
      // A while at rest: the halvings a zoom drew from go (a board zoomed
      // in on a small screen would keep the full-size one, 19 MiB); the
      // next zoom reads them from the cache again.
      if (++frames_at_rest_ == kRestFrames) {
        for (auto& halving : levels_) retire(*halving);
        if (unsaved_ && unsaved_->scale == level->scale) art_->keep_level(*unsaved_);
        unsaved_.reset();
      }
      return level;
    }
    one_to_one = false;
  }
  frames_at_rest_ = 0;
  // The smallest halving that still has at least ~one texel per screen pixel.
  int li = 0;
  while (li + 1 < kLevels && scale / halving_scale(li + 1) <= 1.15f) ++li;
  for (; li < kLevels; ++li) {
    if (Level* level = level_for(canvas, halving_scale(li), false, error)) return level;
    // Too large for the renderer: the next halving, with a line in the log.
    std::fprintf(stderr, "colonial: the board at %g of its size cannot be drawn (%s); drawing it smaller\n",
                 static_cast<double>(halving_scale(li)), error.c_str());
  }
  return nullptr;
}

bool BoardTextures::compose(platform::Canvas& canvas, const Level& level, bool one_to_one, std::string& error) {
  const RectF view = camera_.view();
  const Composed wanted{view, camera_.to_screen({0, 0}), camera_.scale(), colonies_digest(), &level};
  const bool moving = !(wanted == last_frame_);
  last_frame_ = wanted;
  // While the camera moves the board is drawn straight to the frame.
  if (moving || compose_failed_) return false;
  const int w = static_cast<int>(std::ceil(view.x + view.w) - std::floor(view.x));
  const int h = static_cast<int>(std::ceil(view.y + view.h) - std::floor(view.y));
  if (w > texture_side(canvas) || h > texture_side(canvas)) {
    std::fprintf(
        stderr,
        "colonial: the board's view (%dx%d) is larger than the renderer's textures (%d): drawn anew each frame\n", w, h,
        texture_side(canvas));
    compose_failed_ = true;
    return false;
  }
  if (!composed_image_ || composed_w_ != w || composed_h_ != h) {
    if (composed_image_) canvas.destroy_image(composed_image_);
    composed_image_ = canvas.create_target(w, h, true, error);
    composed_w_ = w;
    composed_h_ = h;
    composed_ = Composed();
    if (!composed_image_) {
      std::fprintf(stderr, "colonial: the board is drawn anew each frame (%s)\n", error.c_str());
      compose_failed_ = true;
      return false;
    }
  }
  if (composed_ == wanted) return true;
  if (!canvas.set_target(composed_image_, error)) return false;
  canvas.clear(app_palette().background());
  draw_level(canvas, level, one_to_one, {-std::floor(view.x), -std::floor(view.y)});
  composed_ = wanted;
  return canvas.set_target(0, error);
}

// --- the highlight

void BoardTextures::highlight_lut(const BoardHighlight& highlight, std::array<std::uint32_t, 256>& out) const {
  // Laid over the board's colour c with alpha a, colour o gives
  // c (1 - a) + o a: the selected province and the targets lean towards the
  // highlight colour; the others are darkened and greyed, as
  // mix(darker(c, 0.62), {40, 44, 56}, 0.25) = c 0.465 + {10, 11, 14}.
  const BoardPalette& pal = app_palette();
  auto over = [](Color c, float a) {
    const auto a8 = static_cast<std::uint32_t>(std::lround(a * 255.0f));
    return a8 << 24 | static_cast<std::uint32_t>(c.r) << 16 | static_cast<std::uint32_t>(c.g) << 8 | c.b;
  };
  const std::uint32_t dim = highlight.dim_others ? over(Color{19, 21, 26, 255}, 0.535f) : 0u;
  const std::uint32_t target = over(pal.highlight(), 0.45f);
  const std::uint32_t lit = over(pal.highlight(), 0.6f);
  out.fill(dim);
  out[kKeyNone] = 0;
  for (int p = 0; p < map_->province_count(); ++p) {
    std::uint32_t v = dim;
    if (p == highlight.selected)
      v = lit;
    else if (highlight.has_targets && highlight.targets.test(static_cast<ProvinceId>(p)))
      v = target;
    out[static_cast<std::size_t>(p)] = v;
    if (kKeyWaterPart + p < kKeyIsland) out[static_cast<std::size_t>(kKeyWaterPart) + static_cast<std::size_t>(p)] = v;
  }
}

bool BoardTextures::make_overlay(platform::Canvas& canvas, const BoardHighlight& highlight, std::string& error) {
  std::array<std::uint32_t, 256> lut;
  highlight_lut(highlight, lut);
  if (overlay_valid_ && lut == overlay_lut_) return true;
  const KeyRects& shapes = art_->key_rects();
  if (shapes.rects.empty()) return false;
  if (!overlay_->ready()) {
    const int side = std::min(kPageSide, texture_side(canvas));
    overlay_->scale = static_cast<float>(shapes.w) / static_cast<float>(art_->width());
    for (int y = 0; y < shapes.h; y += side)
      for (int x = 0; x < shapes.w; x += side) {
        Level::Tile t{0, x, y, std::min(side, shapes.w - x), std::min(side, shapes.h - y)};
        t.id = canvas.create_target(t.w, t.h, false, error);
        if (!t.id) return false;
        overlay_->tiles.push_back(t);
      }
  }
  // Cleared to what most keys take (dimmed, or nothing: an island's), then
  // the other keys' rectangles filled with their colour, replacing it.
  const std::uint32_t common = lut[kKeyIsland];
  std::vector<std::uint32_t> values;
  for (const std::uint32_t v : lut)
    if (v != common && std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
  std::vector<RectF> rects;
  for (const Level::Tile& t : overlay_->tiles) {
    if (!canvas.set_target(t.id, error)) return false;
    canvas.clear(color_of(common));
    for (const std::uint32_t value : values) {
      rects.clear();
      for (std::size_t k = 0; k < lut.size(); ++k) {
        if (lut[k] != value) continue;
        for (std::uint32_t i = shapes.first[k]; i < shapes.first[k + 1]; ++i) {
          const KeyRects::Rect& r = shapes.rects[i];
          rects.push_back({static_cast<float>(r.x - t.x), static_cast<float>(r.y - t.y), static_cast<float>(r.w),
                           static_cast<float>(r.h)});
        }
      }
      canvas.fill_rects(rects.data(), static_cast<int>(rects.size()), color_of(value), platform::BlendMode::Replace);
    }
  }
  overlay_lut_ = lut;
  overlay_valid_ = true;
  return canvas.set_target(0, error);
}

void BoardTextures::draw_overlay(platform::Canvas& canvas) const { draw_tiles(canvas, *overlay_, false, {}); }

void BoardTextures::draw_composed(platform::Canvas& canvas) const {
  const RectF view = camera_.view();
  const float x = std::floor(view.x), y = std::floor(view.y);
  const auto w = static_cast<float>(composed_w_), h = static_cast<float>(composed_h_);
  canvas.draw_image(composed_image_, {0, 0, w, h}, {x, y, w, h}, {255, 255, 255, 255}, platform::BlendMode::Replace);
}

}  // namespace colonial
