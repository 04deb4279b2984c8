#include "board_levels.h"

#include <algorithm>
#include <cmath>

#include "board_art.h"

namespace colonial {
namespace {

using platform::Pixels;

// Box-filter taps of one output pixel along an axis: the first input pixel
// and the weights (summing to 256) of it and the next ones.
struct Taps {
  int first = 0;
  int count = 0;
  std::uint32_t weight[10] = {};
};

// The taps of output pixels [o0, o0 + n) on an axis of `full` input pixels
// at `scale` (at least 1/8: a pixel covers at most ten input pixels).
std::vector<Taps> taps_for(int full, float scale, int o0, int n) {
  std::vector<Taps> taps(static_cast<std::size_t>(n));
  const float inv = 1.0f / scale;
  for (int i = 0; i < n; ++i) {
    const int o = o0 + i;
    const float a = static_cast<float>(o) * inv;
    const float b = std::min(static_cast<float>(o + 1) * inv, static_cast<float>(full));
    Taps& t = taps[static_cast<std::size_t>(i)];
    t.first = std::min(static_cast<int>(a), full - 1);
    float cover[10] = {};
    float total = 0;
    for (int x = t.first; x < full && static_cast<float>(x) < b && t.count < 10; ++x) {
      cover[t.count] = std::max(std::min(b, static_cast<float>(x + 1)) - std::max(a, static_cast<float>(x)), 0.0f);
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
}

// A window of the full-size picture `row` gives (row(y, x0, x1, out):
// premultiplied ARGB of input row y, pixels x0 to x1) box-filtered at
// `scale`: output pixels [ox, ox + ow) x [oy, oy + oh) of the level, as
// premultiplied ARGB. Two separable passes with 8-bit weights.
template <typename Row>
void resample(int full_w, int full_h, float scale, int ox, int oy, int ow, int oh, Row&& row,
              std::vector<std::uint32_t>& out) {
  const std::vector<Taps> tx = taps_for(full_w, scale, ox, ow);
  const std::vector<Taps> ty = taps_for(full_h, scale, oy, oh);
  const int in_x0 = tx.front().first;
  const int in_x1 = tx.back().first + tx.back().count;
  const int in_y0 = ty.front().first;
  const int in_y1 = ty.back().first + ty.back().count;
  const auto rows = static_cast<std::size_t>(in_y1 - in_y0);
  // Horizontal pass: four 16-bit channels (value * 256) per output column.
  std::vector<std::uint16_t> mid(rows * static_cast<std::size_t>(ow) * 4);
  std::vector<std::uint32_t> line(static_cast<std::size_t>(in_x1 - in_x0));
  for (int y = in_y0; y < in_y1; ++y) {
    row(y, in_x0, in_x1, line.data());
    std::uint16_t* m = mid.data() + static_cast<std::size_t>(y - in_y0) * static_cast<std::size_t>(ow) * 4;
    for (int x = 0; x < ow; ++x) {
      const Taps& t = tx[static_cast<std::size_t>(x)];
      std::uint32_t sum[4] = {};
      for (int k = 0; k < t.count; ++k) {
        const int column = t.first - in_x0 + k;
        const std::uint32_t c = line[static_cast<std::size_t>(column)];
        for (int ch = 0; ch < 4; ++ch) sum[ch] += ((c >> (8 * ch)) & 0xFF) * t.weight[k];
      }
      for (int ch = 0; ch < 4; ++ch) m[4 * x + ch] = static_cast<std::uint16_t>(std::min(sum[ch], 65535u));
    }
  }
  out.assign(static_cast<std::size_t>(ow) * static_cast<std::size_t>(oh), 0);
  for (int y = 0; y < oh; ++y) {
    const Taps& t = ty[static_cast<std::size_t>(y)];
    std::uint32_t* dst = out.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(ow);
    for (int x = 0; x < ow; ++x) {
      std::uint32_t sum[4] = {};
      for (int k = 0; k < t.count; ++k) {
        const std::uint16_t* m =
            mid.data() + (static_cast<std::size_t>(t.first - in_y0 + k) * static_cast<std::size_t>(ow) +
                          static_cast<std::size_t>(x)) *
                             4;
        for (int ch = 0; ch < 4; ++ch) sum[ch] += m[ch] * t.weight[k];
      }
      std::uint32_t v = 0;
      for (int ch = 0; ch < 4; ++ch) v |= std::min((sum[ch] + 32768u) >> 16, 255u) << (8 * ch);
      dst[x] = v;
    }
  }
}

// c * s per channel, as BoardArt colours a pixel: (a * b + 255) >> 8 is
// within one of a * b / 255.
std::uint32_t tint(std::uint32_t c, std::uint32_t s) {
  const std::uint32_t r = (((s >> 16) & 0xFF) * ((c >> 16) & 0xFF) + 255) >> 8;
  const std::uint32_t g = (((s >> 8) & 0xFF) * ((c >> 8) & 0xFF) + 255) >> 8;
  const std::uint32_t b = ((s & 0xFF) * (c & 0xFF) + 255) >> 8;
  return 0xFF000000u | (r << 16) | (g << 8) | b;
}

// The hatching's darker shade (the palette's hatch colour is the colour
// times 0.8).
std::uint32_t darker(std::uint32_t s) {
  auto ch = [&](int shift) { return ((((s >> shift) & 0xFF) * 4) / 5) << shift; };
  return 0xFF000000u | ch(16) | ch(8) | ch(0);
}

// Premultiplied ARGB back to straight: what SDL's blending takes.
std::uint32_t unpremultiply(std::uint32_t c) {
  const std::uint32_t a = c >> 24;
  if (a == 0) return 0;
  if (a == 255) return c;
  auto ch = [&](int shift) { return std::min((((c >> shift) & 0xFF) * 255 + a / 2) / a, 255u) << shift; };
  return (a << 24) | ch(16) | ch(8) | ch(0);
}

// The bounding box of key k's pixels on the full board; w = 0 when none.
struct Box {
  int x = 0, y = 0, w = 0, h = 0;
};

Box box_of(const FullBoard& full, std::uint8_t k) {
  int x0 = full.w, y0 = full.h, x1 = -1, y1 = -1;
  for (int y = 0; y < full.h; ++y) {
    const std::uint8_t* row = full.key.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(full.w);
    const std::uint8_t* first = std::find(row, row + full.w, k);
    if (first == row + full.w) continue;
    const std::uint8_t* last =
        std::find(std::make_reverse_iterator(row + full.w), std::make_reverse_iterator(row), k).base();
    x0 = std::min(x0, static_cast<int>(first - row));
    x1 = std::max(x1, static_cast<int>(last - row) - 1);
    y0 = std::min(y0, y);
    y1 = y;
  }
  return x1 < 0 ? Box{} : Box{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

}  // namespace

ColonyKeys colony_keys(const Map& map) {
  ColonyKeys out{};
  for (int p = 0; p < map.province_count(); ++p)
    out[static_cast<std::size_t>(p)] = map.province(static_cast<ProvinceId>(p)).colony;
  return out;
}

std::uint64_t base_colours_digest(const KeyStyles& styles, const ColonyKeys& colonies) {
  std::uint64_t h = 14695981039346656037ull;
  for (std::size_t k = 0; k < styles.colour.size(); ++k)
    if (!colonies[k]) h = (h ^ styles.colour[k]) * 1099511628211ull;
  return h;
}

int level_side(int full, float scale) {
  return std::max(1, static_cast<int>(std::ceil(static_cast<float>(full) * scale - 1e-3f)));
}

void make_level(const FullBoard& full, const KeyStyles& styles, const ColonyKeys& colonies, float scale,
                BoardLevel& out) {
  out.scale = scale;
  out.base.w = level_side(full.w, scale);
  out.base.h = level_side(full.h, scale);
  // The base at full size: each pixel in its key's colour, the colonies' black.
  auto base_row = [&](int y, int x0, int x1, std::uint32_t* dst) {
    const std::size_t at = static_cast<std::size_t>(y) * static_cast<std::size_t>(full.w);
    for (int x = x0; x < x1; ++x) {
      const std::uint8_t k = full.key[at + static_cast<std::size_t>(x)];
      *dst++ = colonies[k] ? 0xFF000000u : tint(styles.colour[k], full.shade[at + static_cast<std::size_t>(x)]);
    }
  };
  if (scale >= 1.0f) {
    out.base.argb.resize(full.shade.size());
    for (int y = 0; y < full.h; ++y)
      base_row(y, 0, full.w, out.base.argb.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(full.w));
  } else {
    resample(full.w, full.h, scale, 0, 0, out.base.w, out.base.h, base_row, out.base.argb);
  }
  out.colonies.clear();
  for (std::size_t k = 0; k < colonies.size(); ++k) {
    if (!colonies[k]) continue;
    ColonySprite sprite;
    make_colony_sprite(full, static_cast<ProvinceId>(k), scale, Pattern::None, sprite);
    if (!sprite.pixels.argb.empty()) out.colonies.push_back(std::move(sprite));
  }
}

void make_colony_sprite(const FullBoard& full, ProvinceId p, float scale, Pattern pattern, ColonySprite& out) {
  out = ColonySprite();
  out.province = p;
  const Box box = box_of(full, p);
  if (box.w == 0) return;
  // The level pixels the box touches, and a transparent one around them.
  const int lw = level_side(full.w, scale), lh = level_side(full.h, scale);
  const int x0 = std::max(0, static_cast<int>(std::floor(static_cast<float>(box.x) * scale)) - 1);
  const int y0 = std::max(0, static_cast<int>(std::floor(static_cast<float>(box.y) * scale)) - 1);
  const int x1 = std::min(lw, static_cast<int>(std::ceil(static_cast<float>(box.x + box.w) * scale)) + 1);
  const int y1 = std::min(lh, static_cast<int>(std::ceil(static_cast<float>(box.y + box.h) * scale)) + 1);
  auto sprite_row = [&](int y, int from, int to, std::uint32_t* dst) {
    const std::size_t at = static_cast<std::size_t>(y) * static_cast<std::size_t>(full.w);
    for (int x = from; x < to; ++x) {
      const std::size_t i = at + static_cast<std::size_t>(x);
      const std::uint32_t s = full.shade[i];
      *dst++ = full.key[i] != p ? 0u : pattern_at(pattern, x, y) ? darker(s) : s;
    }
  };
  out.x = x0;
  out.y = y0;
  out.pixels.w = x1 - x0;
  out.pixels.h = y1 - y0;
  if (scale >= 1.0f) {
    out.pixels.argb.resize(static_cast<std::size_t>(out.pixels.w) * static_cast<std::size_t>(out.pixels.h));
    for (int y = y0; y < y1; ++y)
      sprite_row(y, x0, x1,
                 out.pixels.argb.data() + static_cast<std::size_t>(y - y0) * static_cast<std::size_t>(out.pixels.w));
  } else {
    resample(full.w, full.h, scale, x0, y0, out.pixels.w, out.pixels.h, sprite_row, out.pixels.argb);
    for (std::uint32_t& c : out.pixels.argb) c = unpremultiply(c);
  }
}

void make_key_rects(const std::vector<std::uint8_t>& keys, int w, int h, KeyRects& out) {
  out = KeyRects();
  out.w = w;
  out.h = h;
  // Runs of the row above still open, each with its rectangle.
  struct Open {
    int x0, x1;
    std::uint8_t key;
    std::size_t rect;
  };
  std::vector<Open> above, here;
  std::vector<KeyRects::Rect> rects;
  std::vector<std::uint8_t> rect_key;
  for (int y = 0; y < h; ++y) {
    here.clear();
    const std::uint8_t* row = keys.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
    std::size_t a = 0;
    for (int x = 0; x < w;) {
      const std::uint8_t k = row[x];
      int end = x + 1;
      while (end < w && row[end] == k) ++end;
      while (a < above.size() && above[a].x0 < x) ++a;
      if (a < above.size() && above[a].x0 == x && above[a].x1 == end && above[a].key == k) {
        ++rects[above[a].rect].h;  // the same run as the row above: one rectangle
        here.push_back({x, end, k, above[a].rect});
      } else {
        here.push_back({x, end, k, rects.size()});
        rects.push_back(
            {static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(y), static_cast<std::uint16_t>(end - x), 1});
        rect_key.push_back(k);
      }
      x = end;
    }
    std::swap(above, here);
  }
  // Grouped by key.
  std::array<std::uint32_t, 257> count{};
  for (const std::uint8_t k : rect_key) ++count[k + 1u];
  for (std::size_t k = 1; k < count.size(); ++k) count[k] += count[k - 1];
  out.first = count;
  out.rects.resize(rects.size());
  for (std::size_t i = 0; i < rects.size(); ++i) out.rects[count[rect_key[i]]++] = rects[i];
}

}  // namespace colonial
