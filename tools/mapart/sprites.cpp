// RGBA images, anti-aliased shapes, a stroke font, and the atlas packing (stb_rect_pack).
#include "sprites.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stb_rect_pack.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace mapart {

void Image::blend(int x, int y, Rgba c, double coverage) {
  if (x < 0 || y < 0 || x >= width || y >= height || coverage <= 0) return;
  double sa = c.a / 255.0 * std::min(coverage, 1.0);
  std::uint8_t* p = px(x, y);
  double da = p[3] / 255.0;
  double oa = sa + da * (1 - sa);
  if (oa <= 0) return;
  auto mix = [&](std::uint8_t s, std::uint8_t d) {
    return static_cast<std::uint8_t>(std::lround((s * sa + d * da * (1 - sa)) / oa));
  };
  p[0] = mix(c.r, p[0]);
  p[1] = mix(c.g, p[1]);
  p[2] = mix(c.b, p[2]);
  p[3] = static_cast<std::uint8_t>(std::lround(oa * 255));
}

bool Image::empty() const {
  for (std::size_t i = 3; i < data.size(); i += 4)
    if (data[i]) return false;
  return true;
}

namespace {

// Coverage of every pixel in [x0,x1]x[y0,y1] by `inside(sx, sy)`, sampled 4x4.
template <typename Inside>
void cover(Image& img, double x0, double y0, double x1, double y1, Rgba c, Inside inside) {
  int ix0 = std::max(0, static_cast<int>(std::floor(x0))), iy0 = std::max(0, static_cast<int>(std::floor(y0)));
  int ix1 = std::min(img.width - 1, static_cast<int>(std::ceil(x1))),
      iy1 = std::min(img.height - 1, static_cast<int>(std::ceil(y1)));
  for (int y = iy0; y <= iy1; ++y)
    for (int x = ix0; x <= ix1; ++x) {
      int n = 0;
      for (int sy = 0; sy < 4; ++sy)
        for (int sx = 0; sx < 4; ++sx) n += inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4);
      if (n) img.blend(x, y, c, n / 16.0);
    }
}

double segment_distance(double px, double py, double ax, double ay, double bx, double by) {
  double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? std::clamp(((px - ax) * dx + (py - ay) * dy) / len2, 0.0, 1.0) : 0;
  return std::hypot(px - (ax + t * dx), py - (ay + t * dy));
}

// Stroke font on a 4 x 6 grid (y down); strokes separated by '|'.
const char* glyph(char ch) {
  static const char* const kGlyphs[26] = {
      "0,6 2,0 4,6|1,4 3,4",
      "0,0 0,6 3,6 4,5 4,4 3,3 0,3|0,0 3,0 4,1 4,2 3,3",
      "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5",
      "0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0",
      "4,0 0,0 0,6 4,6|0,3 3,3",
      "4,0 0,0 0,6|0,3 3,3",
      "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3",
      "0,0 0,6|4,0 4,6|0,3 4,3",
      "1,0 3,0|2,0 2,6|1,6 3,6",
      "4,0 4,5 3,6 1,6 0,5",
      "0,0 0,6|4,0 0,3.5|1.4,2.6 4,6",
      "0,0 0,6 4,6",
      "0,6 0,0 2,3 4,0 4,6",
      "0,6 0,0 4,6 4,0",
      "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0",
      "0,6 0,0 3,0 4,1 4,2 3,3 0,3",
      "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0|2.5,4.5 4,6",
      "0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6",
      "4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5",
      "0,0 4,0|2,0 2,6",
      "0,0 0,5 1,6 3,6 4,5 4,0",
      "0,0 2,6 4,0",
      "0,0 1,6 2,2 3,6 4,0",
      "0,0 4,6|4,0 0,6",
      "0,0 2,3 4,0|2,3 2,6",
      "0,0 4,0 0,6 4,6",
  };
  if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
  return ch >= 'A' && ch <= 'Z' ? kGlyphs[ch - 'A'] : "";
}

}  // namespace

void fill_circle(Image& img, double cx, double cy, double r, Rgba c) {
  cover(img, cx - r, cy - r, cx + r, cy + r, c, [&](double x, double y) { return std::hypot(x - cx, y - cy) <= r; });
}

void stroke_circle(Image& img, double cx, double cy, double r, double width, Rgba c) {
  double o = r + width / 2;
  cover(img, cx - o, cy - o, cx + o, cy + o, c,
        [&](double x, double y) { return std::fabs(std::hypot(x - cx, y - cy) - r) <= width / 2; });
}

void stroke_segment(Image& img, double ax, double ay, double bx, double by, double width, Rgba c) {
  double o = width / 2 + 1;
  cover(img, std::min(ax, bx) - o, std::min(ay, by) - o, std::max(ax, bx) + o, std::max(ay, by) + o, c,
        [&](double x, double y) { return segment_distance(x, y, ax, ay, bx, by) <= width / 2; });
}

void fill_polygon(Image& img, const std::vector<double>& xy, Rgba c) {
  if (xy.size() < 6) return;
  double x0 = xy[0], x1 = xy[0], y0 = xy[1], y1 = xy[1];
  for (std::size_t i = 0; i < xy.size(); i += 2) {
    x0 = std::min(x0, xy[i]);
    x1 = std::max(x1, xy[i]);
    y0 = std::min(y0, xy[i + 1]);
    y1 = std::max(y1, xy[i + 1]);
  }
  const std::size_t n = xy.size() / 2;
  cover(img, x0, y0, x1, y1, c, [&](double x, double y) {
    bool in = false;
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
      double xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
      if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) in = !in;
    }
    return in;
  });
}

void draw_letter(Image& img, char letter, double cx, double cy, double h, double width, Rgba c) {
  const char* g = glyph(letter);
  double s = h / 6, ox = cx - 2 * s, oy = cy - 3 * s;
  // Parse "x,y x,y|x,y ..." and stroke each polyline.
  std::vector<double> pts;
  auto flush = [&]() {
    for (std::size_t i = 2; i + 1 < pts.size(); i += 2)
      stroke_segment(img, ox + pts[i - 2] * s, oy + pts[i - 1] * s, ox + pts[i] * s, oy + pts[i + 1] * s, width, c);
    pts.clear();
  };
  const char* p = g;
  while (*p) {
    if (*p == '|') {
      flush();
      ++p;
      continue;
    }
    if (*p == ' ') {
      ++p;
      continue;
    }
    char* end = nullptr;
    double v = std::strtod(p, &end);
    pts.push_back(v);
    p = end;
    if (*p == ',') ++p;
  }
  flush();
}

bool pack_atlas(const std::vector<PageSize>& sizes, int max_size, int padding, std::vector<Placement>& at,
                std::vector<PageSize>& pages) {
  at.assign(sizes.size(), Placement{});
  pages.clear();
  std::vector<stbrp_rect> left;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const int w = sizes[i].width + padding, h = sizes[i].height + padding;
    if (w > max_size || h > max_size) return false;
    stbrp_rect r{};
    r.id = static_cast<int>(i);
    r.w = w;
    r.h = h;
    left.push_back(r);
  }
  std::vector<stbrp_node> nodes(static_cast<std::size_t>(max_size));
  while (!left.empty()) {
    stbrp_context context;
    stbrp_init_target(&context, max_size, max_size, nodes.data(), max_size);
    stbrp_pack_rects(&context, left.data(), static_cast<int>(left.size()));
    PageSize used;
    std::vector<stbrp_rect> next;
    for (const stbrp_rect& r : left) {
      if (!r.was_packed) {
        next.push_back(r);
        continue;
      }
      at[static_cast<std::size_t>(r.id)] = Placement{static_cast<int>(pages.size()), r.x, r.y};
      used.width = std::max(used.width, r.x + r.w);
      used.height = std::max(used.height, r.y + r.h);
    }
    if (next.size() == left.size()) return false;  // nothing fitted an empty page
    pages.push_back(used);
    left = std::move(next);
  }
  return true;
}

bool save_png(const Image& img, const std::string& path, std::string& error) {
  SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, img.width, img.height, 32, SDL_PIXELFORMAT_RGBA32);
  if (!s) {
    error = std::string("cannot create a surface: ") + SDL_GetError();
    return false;
  }
  for (int y = 0; y < img.height; ++y)
    std::memcpy(static_cast<std::uint8_t*>(s->pixels) + static_cast<std::ptrdiff_t>(y) * s->pitch, img.px(0, y),
                static_cast<std::size_t>(img.width) * 4);
  bool ok = IMG_SavePNG(s, path.c_str()) == 0;
  if (!ok) error = path + ": cannot write: " + IMG_GetError();
  SDL_FreeSurface(s);
  return ok;
}

}  // namespace mapart
