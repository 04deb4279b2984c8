// RGBA images, anti-aliased shapes, a stroke font and the atlas packer.
#include "sprites.h"

#include <SDL.h>
#include <SDL_image.h>

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

bool AtlasPacker::try_page(Page& p, int w, int h, int& out_x, int& out_y) {
  int best_y = max_size_ + 1, best_x = 0;
  for (std::size_t i = 0; i < p.skyline.size(); ++i) {
    int x = p.skyline[i].x;
    if (x + w > max_size_) break;
    int y = 0, covered = 0;
    for (std::size_t j = i; j < p.skyline.size() && covered < w; ++j) {
      y = std::max(y, p.skyline[j].y);
      covered += p.skyline[j].w;
    }
    if (y + h <= max_size_ && y < best_y) {
      best_y = y;
      best_x = x;
    }
  }
  if (best_y > max_size_) return false;
  // Raise the skyline under [best_x, best_x + w) to best_y + h.
  std::vector<Segment> next;
  int top = best_y + h;
  for (const Segment& s : p.skyline) {
    int s0 = s.x, s1 = s.x + s.w;
    if (s1 <= best_x || s0 >= best_x + w) {
      next.push_back(s);
      continue;
    }
    if (s0 < best_x) next.push_back({s0, best_x - s0, s.y});
    if (next.empty() || next.back().x + next.back().w <= best_x) next.push_back({best_x, w, top});
    if (s1 > best_x + w) next.push_back({best_x + w, s1 - best_x - w, s.y});
  }
  p.skyline = next;
  p.used_height = std::max(p.used_height, top);
  p.used_width = std::max(p.used_width, best_x + w);
  out_x = best_x;
  out_y = best_y;
  return true;
}

bool AtlasPacker::add(int w, int h, Placement& out) {
  int pw = w + padding_, ph = h + padding_;
  if (pw > max_size_ || ph > max_size_) return false;
  for (std::size_t i = 0; i < pages_.size(); ++i) {
    if (try_page(pages_[i], pw, ph, out.x, out.y)) {
      out.page = static_cast<int>(i);
      return true;
    }
  }
  pages_.push_back(Page{{{0, max_size_, 0}}, 0, 0});
  out.page = static_cast<int>(pages_.size() - 1);
  return try_page(pages_.back(), pw, ph, out.x, out.y);
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
