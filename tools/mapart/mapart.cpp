// mapart: generates the Colonial board art at build time.
//
//   mapart --mask assets/art/colonial_mask.png --features tools/mapart/features.tsv
//          --out DIR [--map FILE] [--width 2048] [--preview]
//
// Reads the province anchors from the map (the builtin "colonial" map unless
// --map names a file), partitions the land/sea mask into provinces and
// writes into DIR:
//   colonial_ids.png       province id per board pixel (8-bit), for hit tests
//   colonial_atlas_N.png   atlas pages (RGBA, at most 2048x2048)
//   colonial_atlas.txt     what is where: sprites, their board positions, points
//   colonial_preview.png   (--preview) the start position composed from the atlas
//   colonial_debug.png     (--debug) regions, anchors and codes, for tuning anchors
//   colonial_web_*         (--web N) the phones' order pad board: web_art.h
// See tools/mapart/README.md for the metadata format.
#include <SDL.h>
#include <SDL_image.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "art_board.h"
#include "map.h"
#include "sprites.h"
#include "web_art.h"

namespace {

using colonial::LocationId;
using colonial::Map;
using colonial::ProvinceId;
using colonial::ProvinceKind;
using mapart::Board;
using mapart::Image;
using mapart::Raster;
using mapart::Rgba;

constexpr int kPageSize = 2048;  // Raspberry Pi 0-3 texture limit
constexpr int kSeaScale = 2;     // sea masks are stored at half resolution
constexpr int kTile = 64;        // overlay lines are cut into tiles this size
constexpr int kRegionTile = 64;  // large regions are cut into tiles this size
constexpr int kToken = 40;       // unit icon size

const Rgba kWhite{255, 255, 255, 255};
const Rgba kCoast{38, 42, 58, 255};
const Rgba kBorder{92, 82, 72, 255};
const Rgba kImpassable{20, 18, 16, 255};
const Rgba kSeaLine{120, 128, 140, 255};
const Rgba kInk{25, 25, 30, 255};

// Standard colours of the powers, by name (fallbacks for other maps).
Rgba power_colour(const std::string& name, int index) {
  static const std::map<std::string, Rgba> kNamed = {{"Britain", {200, 40, 52, 255}}, {"China", {236, 196, 42, 255}},
                                                     {"France", {48, 96, 192, 255}},  {"Holland", {236, 128, 28, 255}},
                                                     {"Japan", {150, 72, 172, 255}},  {"Russia", {222, 222, 228, 255}},
                                                     {"Turkey", {46, 140, 78, 255}}};
  static const Rgba kOthers[8] = {{200, 40, 52, 255},  {236, 196, 42, 255},  {48, 96, 192, 255}, {236, 128, 28, 255},
                                  {150, 72, 172, 255}, {222, 222, 228, 255}, {46, 140, 78, 255}, {120, 90, 60, 255}};
  auto it = kNamed.find(name);
  return it != kNamed.end() ? it->second : kOthers[index % 8];
}

struct Sprite {
  std::string kind, name, extra;
  Image img;
  bool placed = true;  // has a board position (else: an icon with a hotspot)
  int board_x = 0, board_y = 0;
  int scale = 1;  // board pixels per sprite pixel
  double hot_x = 0, hot_y = 0;
  mapart::Placement at;
};

std::string location_code(const Map& map, LocationId l) {
  std::string s = map.province(map.province_of(l)).code;
  switch (map.coast_of(l)) {
    case colonial::Coast::North: return s + "/nc";
    case colonial::Coast::South: return s + "/sc";
    case colonial::Coast::East: return s + "/ec";
    case colonial::Coast::West: return s + "/wc";
    case colonial::Coast::None: break;
  }
  return s;
}

struct Box {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
  void add(int x, int y) {
    x0 = std::min(x0, x);
    y0 = std::min(y0, y);
    x1 = std::max(x1, x);
    y1 = std::max(y1, y);
  }
  bool empty() const { return x1 < x0; }
  int w() const { return x1 - x0 + 1; }
  int h() const { return y1 - y0 + 1; }
};

// The sprite of one region: `member(x, y)` selects its pixels; edges where
// land meets water are coast lines, other edges borders.
template <typename Member>
Sprite region_sprite(const Board& b, const Box& box, Member member, ProvinceId impassable_partner) {
  Sprite s;
  s.img = Image(box.w(), box.h());
  s.board_x = box.x0;
  s.board_y = box.y0;
  const Raster& ids = b.ids;
  for (int y = box.y0; y <= box.y1; ++y)
    for (int x = box.x0; x <= box.x1; ++x) {
      if (!member(x, y)) continue;
      Rgba c = kWhite;
      const bool own_land = b.terrain.at(x, y) == mapart::kLand;
      bool coast = false, border = false, wall = false;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int nx = x + dx, ny = y + dy;
          if (!ids.inside(nx, ny) || (dx == 0 && dy == 0)) continue;
          if ((b.terrain.at(nx, ny) == mapart::kLand) != own_land) coast = true;
          if (dx != 0 && dy != 0) continue;
          if (!member(nx, ny)) border = true;
        }
      if (impassable_partner != colonial::kNoProvince) {
        for (int dy = -2; dy <= 2 && !wall; ++dy)
          for (int dx = -2; dx <= 2 && !wall; ++dx)
            if (ids.inside(x + dx, y + dy) && ids.at(x + dx, y + dy) == impassable_partner) wall = true;
      }
      if (wall)
        c = kImpassable;
      else if (coast)
        c = kCoast;
      else if (border)
        c = kBorder;
      s.img.set(x - box.x0, y - box.y0, c);
    }
  return s;
}

// A sea zone at 1/kSeaScale resolution: coverage in alpha, its borders with
// other water regions as grey lines.
Sprite sea_sprite(const Board& b, const Box& box, ProvinceId p) {
  Sprite s;
  int x0 = box.x0 / kSeaScale * kSeaScale, y0 = box.y0 / kSeaScale * kSeaScale;
  int w = (box.x1 - x0) / kSeaScale + 1, h = (box.y1 - y0) / kSeaScale + 1;
  s.img = Image(w, h);
  s.board_x = x0;
  s.board_y = y0;
  s.scale = kSeaScale;
  const Raster& ids = b.ids;
  for (int sy = 0; sy < h; ++sy)
    for (int sx = 0; sx < w; ++sx) {
      int in = 0, line = 0;
      for (int dy = 0; dy < kSeaScale; ++dy)
        for (int dx = 0; dx < kSeaScale; ++dx) {
          int x = x0 + sx * kSeaScale + dx, y = y0 + sy * kSeaScale + dy;
          if (!ids.inside(x, y) || ids.at(x, y) != p) continue;
          ++in;
          static const int kN[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
          for (const auto& n : kN) {
            int nx = x + n[0], ny = y + n[1];
            if (ids.inside(nx, ny) && ids.at(nx, ny) != p && b.terrain.at(nx, ny) != mapart::kLand) {
              ++line;
              break;
            }
          }
        }
      if (!in) continue;
      double f = static_cast<double>(line) / in;
      auto mixc = [&](std::uint8_t a, std::uint8_t l) {
        return static_cast<std::uint8_t>(std::lround(a + (l - a) * f));
      };
      s.img.set(sx, sy,
                {mixc(255, kSeaLine.r), mixc(255, kSeaLine.g), mixc(255, kSeaLine.b),
                 static_cast<std::uint8_t>(in * 255 / (kSeaScale * kSeaScale))});
    }
  return s;
}

// Cuts a board-sized overlay into non-empty tiles.
void add_tiles(const Image& layer, const std::string& kind, const std::string& name, std::vector<Sprite>& out) {
  for (int ty = 0; ty < layer.height; ty += kTile)
    for (int tx = 0; tx < layer.width; tx += kTile) {
      Box box;
      for (int y = ty; y < std::min(ty + kTile, layer.height); ++y)
        for (int x = tx; x < std::min(tx + kTile, layer.width); ++x)
          if (layer.px(x, y)[3]) box.add(x, y);
      if (box.empty()) continue;
      Sprite s;
      s.kind = kind;
      s.name = name;
      s.img = Image(box.w(), box.h());
      s.board_x = box.x0;
      s.board_y = box.y0;
      for (int y = box.y0; y <= box.y1; ++y) std::copy_n(layer.px(box.x0, y), box.w() * 4, s.img.px(0, y - box.y0));
      out.push_back(std::move(s));
    }
}

// Cuts a region sprite into tiles cropped to their content when that saves
// atlas space. Neighbouring tiles overlap by one pixel so no seam shows when
// they are drawn scaled with linear filtering.
void split_region(Sprite&& s, std::vector<Sprite>& out) {
  const Image& img = s.img;
  long long whole = static_cast<long long>(img.width) * img.height, parts = 0;
  std::vector<Sprite> tiles;
  for (int ty = 0; ty < img.height; ty += kRegionTile)
    for (int tx = 0; tx < img.width; tx += kRegionTile) {
      Box box;
      for (int y = ty; y < std::min(ty + kRegionTile + 1, img.height); ++y)
        for (int x = tx; x < std::min(tx + kRegionTile + 1, img.width); ++x)
          if (img.px(x, y)[3]) box.add(x, y);
      if (box.empty()) continue;
      Sprite t;
      t.kind = s.kind;
      t.name = s.name;
      t.extra = s.extra;
      t.scale = s.scale;
      t.img = Image(box.w(), box.h());
      t.board_x = s.board_x + box.x0 * s.scale;
      t.board_y = s.board_y + box.y0 * s.scale;
      for (int y = box.y0; y <= box.y1; ++y) std::copy_n(img.px(box.x0, y), box.w() * 4, t.img.px(0, y - box.y0));
      parts += static_cast<long long>(box.w()) * box.h();
      tiles.push_back(std::move(t));
    }
  if (tiles.size() > 1 && parts * 10 < whole * 8) {
    for (Sprite& t : tiles) out.push_back(std::move(t));
  } else {
    out.push_back(std::move(s));
  }
}

void draw_polyline(Image& layer, const std::vector<mapart::PointD>& pts, double width, Rgba c) {
  for (std::size_t i = 1; i < pts.size(); ++i)
    mapart::stroke_segment(layer, pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y, width, c);
}

// Track with sleepers every few pixels along the line.
void draw_railroad(Image& layer, const std::vector<mapart::PointD>& pts) {
  draw_polyline(layer, pts, 5.0, {250, 246, 235, 200});
  double carry = 0;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    double dx = pts[i].x - pts[i - 1].x, dy = pts[i].y - pts[i - 1].y, len = std::hypot(dx, dy);
    if (len <= 0) continue;
    double ux = dx / len, uy = dy / len;
    for (double t = carry; t < len; t += 6.0) {
      double cx = pts[i - 1].x + ux * t, cy = pts[i - 1].y + uy * t;
      mapart::stroke_segment(layer, cx - uy * 3.2, cy + ux * 3.2, cx + uy * 3.2, cy - ux * 3.2, 1.3, {70, 45, 30, 255});
      carry = t + 6.0 - len;
    }
  }
  draw_polyline(layer, pts, 1.8, kInk);
}

void draw_canal(Image& layer, const std::vector<mapart::PointD>& pts) {
  draw_polyline(layer, pts, 4.5, kInk);
  draw_polyline(layer, pts, 2.2, {120, 180, 230, 255});
}

// A double-headed arrow from a to b (board pixels) on a sprite of its own.
Sprite arrow_sprite(double ax, double ay, double bx, double by) {
  double minx = std::min(ax, bx) - 10, miny = std::min(ay, by) - 10;
  int w = static_cast<int>(std::ceil(std::fabs(bx - ax) + 20)),
      h = static_cast<int>(std::ceil(std::fabs(by - ay) + 20));
  Sprite s;
  s.img = Image(w, h);
  s.board_x = static_cast<int>(std::floor(minx));
  s.board_y = static_cast<int>(std::floor(miny));
  double ox = s.board_x, oy = s.board_y;
  double len = std::hypot(bx - ax, by - ay), ux = (bx - ax) / len, uy = (by - ay) / len;
  auto head = [&](double tx, double ty, double dx, double dy, Rgba c, double grow) {
    double bx0 = tx - dx * (9 + grow), by0 = ty - dy * (9 + grow);
    std::vector<double> tri = {tx + dx * grow - ox,          ty + dy * grow - oy,
                               bx0 - dy * (5.5 + grow) - ox, by0 + dx * (5.5 + grow) - oy,
                               bx0 + dy * (5.5 + grow) - ox, by0 - dx * (5.5 + grow) - oy};
    mapart::fill_polygon(s.img, tri, c);
  };
  const Rgba halo{255, 255, 255, 235};
  mapart::stroke_segment(s.img, ax - ox + ux * 6, ay - oy + uy * 6, bx - ox - ux * 6, by - oy - uy * 6, 6.0, halo);
  head(bx, by, ux, uy, halo, 1.8);
  head(ax, ay, -ux, -uy, halo, 1.8);
  mapart::stroke_segment(s.img, ax - ox + ux * 6, ay - oy + uy * 6, bx - ox - ux * 6, by - oy - uy * 6, 2.4, kInk);
  head(bx, by, ux, uy, kInk, 0);
  head(ax, ay, -ux, -uy, kInk, 0);
  return s;
}

double luminance(Rgba c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

// Unit icons: armies are round tokens, fleets ships. `letter` 0 = none.
Image unit_icon(bool fleet, Rgba body, char letter, bool dislodged) {
  Image img(kToken, kToken);
  const double c = kToken / 2.0;
  Rgba ink = luminance(body) > 150 ? Rgba{20, 20, 24, 255} : Rgba{255, 255, 255, 255};
  if (dislodged) mapart::fill_circle(img, c, c, 18.5, {215, 30, 30, 235});
  if (!fleet) {
    mapart::fill_circle(img, c, c + 0.5, 13.5, {0, 0, 0, 90});  // shadow
    mapart::fill_circle(img, c, c, 13, kInk);
    mapart::fill_circle(img, c, c, 11.2, body);
    if (letter) mapart::draw_letter(img, letter, c, c, 11, 2.0, ink);
  } else {
    std::vector<double> sail = {c + 1, 5, c + 1, 20, c + 11, 20};
    std::vector<double> hull = {c - 16, 21, c + 16, 21, c + 11, 33, c - 11, 33};
    std::vector<double> hull_in = {c - 13.5, 22.6, c + 13.5, 22.6, c + 9.8, 31.4, c - 9.8, 31.4};
    mapart::stroke_segment(img, c, 4, c, 22, 1.8, kInk);
    mapart::fill_polygon(img, sail, kInk);
    std::vector<double> sail_in = {c + 2.4, 9, c + 2.4, 18.8, c + 8.6, 18.8};
    mapart::fill_polygon(img, sail_in, body);
    mapart::fill_polygon(img, hull, kInk);
    mapart::fill_polygon(img, hull_in, body);
    if (letter) mapart::draw_letter(img, letter, c, 27, 7.5, 1.6, ink);
  }
  if (dislodged) {
    // A broken ring says "must retreat" without relying on colour alone.
    for (int k = 0; k < 8; ++k) {
      double a0 = k * 3.14159265 / 4, a1 = a0 + 0.45;
      mapart::stroke_segment(img, c + 17 * std::cos(a0), c + 17 * std::sin(a0), c + 17 * std::cos(a1),
                             c + 17 * std::sin(a1), 2.2, {255, 255, 255, 255});
    }
  }
  return img;
}

// For tuning anchors: every region in its own colour, the anchors as dots
// (unit anchors larger) and each province's code at its unit anchor.
Image debug_image(const Board& b, const Map& map) {
  Image out(b.proj.width, b.proj.height);
  auto colour = [](int id) {
    std::uint32_t h = static_cast<std::uint32_t>(id) * 2654435761u;
    return Rgba{static_cast<std::uint8_t>(110 + (h >> 8) % 140), static_cast<std::uint8_t>(110 + (h >> 16) % 140),
                static_cast<std::uint8_t>(110 + (h >> 24) % 140), 255};
  };
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) {
      int id = b.ids.at(x, y);
      Rgba c = id == mapart::kIdWater  ? Rgba{60, 80, 120, 255}
               : id == mapart::kIdLand ? Rgba{90, 90, 90, 255}
                                       : colour(id);
      if (id < map.province_count() && map.province(static_cast<ProvinceId>(id)).kind == ProvinceKind::Sea)
        c = {static_cast<std::uint8_t>(c.r / 3), static_cast<std::uint8_t>(c.g / 2), c.b, 255};
      if ((x + 1 < out.width && b.ids.at(x + 1, y) != id) || (y + 1 < out.height && b.ids.at(x, y + 1) != id))
        c = {0, 0, 0, 255};
      out.set(x, y, c);
    }
  for (int i = 0; i < map.anchor_count(); ++i) {
    const colonial::Anchor& a = map.anchor(i);
    bool unit = map.unit_anchor(a.location) == &a;
    mapart::fill_circle(out, b.proj.x_of(a.lon), b.proj.y_of(a.lat), unit ? 3.0 : 2.0,
                        unit ? Rgba{255, 0, 0, 255} : Rgba{0, 0, 0, 255});
    if (!unit || map.coast_of(a.location) != colonial::Coast::None) continue;
    const char* code = map.province(map.province_of(a.location)).code;
    double x = b.proj.x_of(a.lon) - 9, y = b.proj.y_of(a.lat) - 9;
    for (int k = 0; code[k]; ++k) {
      mapart::draw_letter(out, code[k], x + k * 9, y, 9, 3.2, {255, 255, 255, 255});
      mapart::draw_letter(out, code[k], x + k * 9, y, 9, 1.4, {0, 0, 0, 255});
    }
  }
  return out;
}

struct Args {
  std::string mask, features, out, map_file;
  int width = 2048;
  bool preview = false, debug = false;
  int web_width = 0;  // --web N: the phones' board at N pixels wide (0: none)
};

bool parse_args(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    auto value = [&](std::string& v) {
      if (i + 1 >= argc) return false;
      v = argv[++i];
      return true;
    };
    std::string w;
    if (k == "--mask" && value(a.mask)) continue;
    if (k == "--features" && value(a.features)) continue;
    if (k == "--out" && value(a.out)) continue;
    if (k == "--map" && value(a.map_file)) continue;
    if (k == "--preview" || k == "--debug") {
      (k == "--preview" ? a.preview : a.debug) = true;
      continue;
    }
    if (k == "--web" && value(w)) {
      a.web_width = std::atoi(w.c_str());
      if (a.web_width >= 256 && a.web_width <= 4096) continue;
      std::fprintf(stderr, "mapart: --web must be 256..4096\n");
      return false;
    }
    if (k == "--width" && value(w)) {
      a.width = std::atoi(w.c_str());
      if (a.width >= 256 && a.width <= 8192) continue;
      std::fprintf(stderr, "mapart: --width must be 256..8192\n");
      return false;
    }
    std::fprintf(stderr, "mapart: unknown or incomplete argument '%s'\n", k.c_str());
    return false;
  }
  if (a.mask.empty() || a.features.empty() || a.out.empty()) {
    std::fprintf(stderr,
                 "usage: mapart --mask MASK.png --features FEATURES.tsv --out DIR [--map FILE.map] [--width N] "
                 "[--preview] [--debug] [--web N]\n");
    return false;
  }
  return true;
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// Distance (in pixels, 4-steps) from each pixel of region p to its edge,
// within the box; -1 outside.
std::vector<int> edge_distance(const Raster& ids, const Box& box, ProvinceId p) {
  std::vector<int> d(static_cast<std::size_t>(box.w()) * static_cast<std::size_t>(box.h()), -1);
  std::vector<int> queue;
  auto at = [&](int x, int y) -> int& {
    return d[static_cast<std::size_t>(y - box.y0) * static_cast<std::size_t>(box.w()) +
             static_cast<std::size_t>(x - box.x0)];
  };
  for (int y = box.y0; y <= box.y1; ++y)
    for (int x = box.x0; x <= box.x1; ++x) {
      if (ids.at(x, y) != p) continue;
      bool edge = false;
      static const int kN[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      for (const auto& n : kN)
        if (!ids.inside(x + n[0], y + n[1]) || ids.at(x + n[0], y + n[1]) != p) edge = true;
      if (edge) {
        at(x, y) = 0;
        queue.push_back(y * ids.width + x);
      }
    }
  for (std::size_t qi = 0; qi < queue.size(); ++qi) {
    int x = queue[qi] % ids.width, y = queue[qi] / ids.width;
    static const int kN[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& n : kN) {
      int nx = x + n[0], ny = y + n[1];
      if (nx < box.x0 || ny < box.y0 || nx > box.x1 || ny > box.y1 || ids.at(nx, ny) != p || at(nx, ny) >= 0) continue;
      at(nx, ny) = at(x, y) + 1;
      queue.push_back(ny * ids.width + nx);
    }
  }
  return d;
}

// Composes the start position from the sprites, as a renderer would; with
// `bare`, the board alone (no units, home land untinted) for the phones'
// order pad, which tints and places units itself.
Image compose_preview(const Board& b, const Map& map, const std::vector<Sprite>& sprites,
                      const std::vector<mapart::PointD>& unit_points,
                      const std::map<int, mapart::PointD>& colony_points, bool bare = false) {
  Image out(b.proj.width, b.proj.height);
  const Rgba sea{156, 196, 222, 255}, land{236, 226, 196, 255}, offboard{150, 145, 135, 255}, still{122, 150, 170, 255};
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) out.set(x, y, sea);
  auto draw = [&](const Sprite& s, Rgba tint, int cx, int cy) {
    for (int y = 0; y < s.img.height * s.scale; ++y)
      for (int x = 0; x < s.img.width * s.scale; ++x) {
        const std::uint8_t* p = s.img.px(x / s.scale, y / s.scale);
        if (!p[3]) continue;
        Rgba c{static_cast<std::uint8_t>(p[0] * tint.r / 255), static_cast<std::uint8_t>(p[1] * tint.g / 255),
               static_cast<std::uint8_t>(p[2] * tint.b / 255), p[3]};
        out.blend(cx + x, cy + y, c, 1.0);
      }
  };
  auto owner_tint = [&](ProvinceId p) {
    const colonial::ProvinceInfo& pi = map.province(p);
    if (pi.home == colonial::kNoPower || bare) return land;
    Rgba c = power_colour(map.power(pi.home).name, pi.home);
    return Rgba{static_cast<std::uint8_t>((c.r + 255) / 2), static_cast<std::uint8_t>((c.g + 255) / 2),
                static_cast<std::uint8_t>((c.b + 255) / 2), 255};
  };
  const char* order[] = {"water",    "sea",   "water-province", "offboard", "island",
                         "province", "canal", "railroad",       "bridge"};
  for (const char* kind : order)
    for (const Sprite& s : sprites) {
      if (s.kind != kind || !s.placed) continue;
      if (s.kind == "bridge" && s.extra != "-") {
        int opt = map.find_option(s.extra);
        if (opt < 0 || !(map.default_options() & (1u << opt))) continue;
      }
      Rgba tint = kWhite;
      if (s.kind == "water") tint = still;
      if (s.kind == "sea" || s.kind == "water-province") tint = sea;
      if (s.kind == "offboard") tint = offboard;
      if (s.kind == "island") tint = land;
      if (s.kind == "province") tint = owner_tint(map.find_province(s.name).province);
      draw(s, tint, s.board_x, s.board_y);
    }
  auto icon = [&](const std::string& kind, const std::string& name) -> const Sprite* {
    for (const Sprite& s : sprites)
      if (!s.placed && s.kind == kind && s.name == name) return &s;
    return nullptr;
  };
  for (const auto& [p, pt] : colony_points) {
    const colonial::ProvinceInfo& pi = map.province(static_cast<ProvinceId>(p));
    const Sprite* s = icon(pi.home != colonial::kNoPower ? "colony_home" : "colony", "*");
    Rgba tint =
        pi.home != colonial::kNoPower ? power_colour(map.power(pi.home).name, pi.home) : Rgba{250, 250, 250, 255};
    if (s) draw(*s, tint, static_cast<int>(pt.x - s->hot_x), static_cast<int>(pt.y - s->hot_y));
  }
  for (int p = 0; p < map.province_count() && !bare; ++p) {
    const colonial::ProvinceInfo& pi = map.province(static_cast<ProvinceId>(p));
    if (pi.start_unit == colonial::UnitType::None) continue;
    LocationId l = map.location_of(static_cast<ProvinceId>(p), pi.start_coast);
    const Sprite* s =
        icon(pi.start_unit == colonial::UnitType::Army ? "army" : "fleet", map.power(pi.start_power).name);
    if (s && l != colonial::kNoLocation)
      draw(*s, kWhite, static_cast<int>(unit_points[l].x - s->hot_x), static_cast<int>(unit_points[l].y - s->hot_y));
  }
  return out;
}

// The board's map: the builtin Colonial map, or the file --map names.
bool load_board_map(const Args& args, Map& map) {
  std::string text;
  std::string map_name = "colonial.map";
  if (!args.map_file.empty()) {
    if (!read_file(args.map_file, text)) {
      std::fprintf(stderr, "mapart: cannot read %s\n", args.map_file.c_str());
      return false;
    }
    map_name = args.map_file;
  } else {
    text = std::string(colonial::builtin_map_text("colonial"));
  }
  colonial::MapErrors errors;
  if (!colonial::load_map(text, map_name, map, errors)) {
    colonial::FixedString<4096> msg;
    errors.format(msg);
    std::fprintf(stderr, "mapart: the map does not load:\n%s", std::string(msg.view()).c_str());
    return false;
  }
  return true;
}

// Each province's sprite (cut into pieces when large); `boxes` gets every
// region's bounding box, by id.
bool add_province_sprites(const Map& map, const Board& board, std::vector<Box>& boxes, std::vector<Sprite>& sprites) {
  const Raster& ids = board.ids;
  boxes.assign(256, Box());
  for (int y = 0; y < ids.height; ++y)
    for (int x = 0; x < ids.width; ++x) boxes[ids.at(x, y)].add(x, y);
  // Impassable borders are drawn heavier: each province's partner across one.
  std::vector<ProvinceId> wall(static_cast<std::size_t>(map.province_count()), colonial::kNoProvince);
  for (int i = 0; i < map.impassable_count(); ++i) {
    ProvinceId a, c;
    map.impassable(i, a, c);
    wall[a] = c;
    wall[c] = a;
  }
  for (int p = 0; p < map.province_count(); ++p) {
    const Box& box = boxes[static_cast<std::size_t>(p)];
    const colonial::ProvinceInfo& pi = map.province(static_cast<ProvinceId>(p));
    if (box.empty()) {
      std::fprintf(stderr, "mapart: province %s has no pixels\n", pi.code);
      return false;
    }
    Sprite s;
    if (pi.kind == ProvinceKind::Sea) {
      s = sea_sprite(board, box, static_cast<ProvinceId>(p));
    } else {
      auto member = [&](int x, int y) { return ids.at(x, y) == p && board.terrain.at(x, y) == mapart::kLand; };
      s = region_sprite(board, box, member, wall[static_cast<std::size_t>(p)]);
    }
    s.kind = "province";
    if (pi.kind == ProvinceKind::Sea) s.kind = "sea";
    s.name = pi.code;
    split_region(std::move(s), sprites);
  }
  return true;
}

// The bounding box of the connected piece of id `v` at (x, y), its pixels
// marked in `seen`.
Box flood_piece(const Raster& ids, int x, int y, std::uint8_t v, Raster& seen) {
  Box box;
  std::vector<int> stack = {y * ids.width + x};
  seen.at(x, y) = 1;
  while (!stack.empty()) {
    int i = stack.back();
    stack.pop_back();
    int cx = i % ids.width, cy = i / ids.width;
    box.add(cx, cy);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        int nx = cx + dx, ny = cy + dy;
        if (ids.inside(nx, ny) && !seen.at(nx, ny) && ids.at(nx, ny) == v) {
          seen.at(nx, ny) = 1;
          stack.push_back(ny * ids.width + nx);
        }
      }
  }
  return box;
}

// Land and water that belong to no province, one sprite per connected piece.
void add_unowned_sprites(const Board& board, const mapart::Features& features, std::vector<Sprite>& sprites) {
  const Raster& ids = board.ids;
  const mapart::Projection& pr = board.proj;
  Raster seen;
  seen.resize(ids.width, ids.height, 0);
  int land_n = 0, water_n = 0;
  for (int y = 0; y < ids.height; ++y)
    for (int x = 0; x < ids.width; ++x) {
      std::uint8_t v = ids.at(x, y);
      if ((v != mapart::kIdLand && v != mapart::kIdWater) || seen.at(x, y)) continue;
      const Box box = flood_piece(ids, x, y, v, seen);
      // Member test by id within the box: pieces of the same kind that share a box are drawn twice, harmlessly.
      auto member = [&](int mx, int my) { return ids.at(mx, my) == v; };
      Sprite s = region_sprite(board, box, member, colonial::kNoProvince);
      // Land at the board's edge or grown from an offboard seed is outside
      // the game; other unowned land is an island nobody can enter.
      bool outside = box.x0 == 0 || box.y0 == 0 || box.x1 == ids.width - 1 || box.y1 == ids.height - 1;
      for (const mapart::PointD& o : features.offboard) {
        int ox = static_cast<int>(pr.x_of(o.x)), oy = static_cast<int>(pr.y_of(o.y));
        if (ox >= box.x0 && ox <= box.x1 && oy >= box.y0 && oy <= box.y1 && seen.at(ox, oy) && ids.at(ox, oy) == v)
          outside = true;
      }
      s.kind = v == mapart::kIdWater ? "water" : outside ? "offboard" : "island";
      s.name = std::to_string(v == mapart::kIdLand ? land_n++ : water_n++);
      split_region(std::move(s), sprites);
    }
}

// Water provinces (Cebu): their water and the oval drawn round it.
void add_water_provinces(const Map& map, const Board& board, const mapart::Features& features,
                         std::vector<Sprite>& sprites) {
  const Raster& ids = board.ids;
  const mapart::Projection& pr = board.proj;
  for (const mapart::WaterProvince& wp : features.water_provinces) {
    ProvinceId p = map.find_province(wp.location).province;
    const double px_per_deg = pr.width / (pr.lon1 - pr.lon0);
    double cx = pr.x_of(wp.lon), cy = pr.y_of(wp.lat);
    double rx = wp.rx_deg * px_per_deg, ry = wp.ry_deg * px_per_deg / std::cos(wp.lat * 3.14159265358979 / 180);
    Box box;
    box.add(static_cast<int>(cx - rx) - 2, static_cast<int>(cy - ry) - 2);
    box.add(static_cast<int>(cx + rx) + 3, static_cast<int>(cy + ry) + 3);
    Sprite s;
    s.img = Image(box.w(), box.h());
    s.board_x = box.x0;
    s.board_y = box.y0;
    for (int y = box.y0; y <= box.y1; ++y)
      for (int x = box.x0; x <= box.x1; ++x)
        if (ids.inside(x, y) && ids.at(x, y) == p && board.terrain.at(x, y) != mapart::kLand)
          s.img.set(x - box.x0, y - box.y0, kWhite);
    for (int k = 0; k < 180; ++k) {
      double a0 = k * 2 * 3.14159265358979 / 180, a1 = (k + 1) * 2 * 3.14159265358979 / 180;
      mapart::stroke_segment(s.img, cx + rx * std::cos(a0) - box.x0, cy + ry * std::sin(a0) - box.y0,
                             cx + rx * std::cos(a1) - box.x0, cy + ry * std::sin(a1) - box.y0, 1.4, kInk);
    }
    s.kind = "water-province";
    s.name = wp.location;
    sprites.push_back(std::move(s));
  }
}

std::vector<mapart::PointD> board_points(const mapart::Projection& pr, const mapart::Polyline& line) {
  std::vector<mapart::PointD> pts;
  for (const mapart::PointD& q : line.lonlat) pts.push_back({pr.x_of(q.x), pr.y_of(q.y)});
  return pts;
}

// The provinces a line drawn through `pts` crosses, in order.
std::vector<ProvinceId> crossed_provinces(const Map& map, const Raster& ids, const std::vector<mapart::PointD>& pts) {
  std::vector<ProvinceId> crossed;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    double len = std::hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
    for (double t = 0; t <= len; t += 0.5) {
      int x = static_cast<int>(pts[i - 1].x + (pts[i].x - pts[i - 1].x) * t / len);
      int y = static_cast<int>(pts[i - 1].y + (pts[i].y - pts[i - 1].y) * t / len);
      std::uint8_t v = ids.at(x, y);
      if (v < map.province_count() && (crossed.empty() || crossed.back() != v)) crossed.push_back(v);
    }
  }
  return crossed;
}

// Railroads and canals, each railroad checked against the map's stations
// (a warning when drawn through others).
bool add_overlays(const Map& map, Board& board, const mapart::Features& features, std::vector<Sprite>& sprites) {
  const mapart::Projection& pr = board.proj;
  for (const mapart::Polyline& line : features.railroads) {
    const std::vector<mapart::PointD> pts = board_points(pr, line);
    const colonial::Railroad* rr = nullptr;
    for (int i = 0; i < map.railroad_count(); ++i)
      if (std::string(map.railroad(i).name) == line.name) rr = &map.railroad(i);
    if (!rr) {
      std::fprintf(stderr, "mapart: railroad %s is not in the map\n", line.name.c_str());
      return false;
    }
    std::string want, got;
    for (ProvinceId s : rr->stations) want += std::string(map.province(s).code) + " ";
    for (ProvinceId s : crossed_provinces(map, board.ids, pts)) got += std::string(map.province(s).code) + " ";
    if (want != got) {
      std::string warning = "railroad ";
      warning += line.name;
      warning += " is drawn through ";
      warning += got;
      warning += "but its stations are ";
      warning += want;
      board.warnings.push_back(std::move(warning));
    }
    Image layer(pr.width, pr.height);
    draw_railroad(layer, pts);
    add_tiles(layer, "railroad", line.name, sprites);
  }
  for (const mapart::Polyline& line : features.canals) {
    Image layer(pr.width, pr.height);
    draw_canal(layer, board_points(pr, line));
    add_tiles(layer, "canal", line.name, sprites);
  }
  return true;
}

// The land pixels of province p at its coast or border.
std::vector<mapart::PointD> edge_pixels(const Board& board, const Box& box, ProvinceId p) {
  const Raster& ids = board.ids;
  std::vector<mapart::PointD> e;
  for (int y = box.y0; y <= box.y1; ++y)
    for (int x = box.x0; x <= box.x1; ++x) {
      if (ids.at(x, y) != p || board.terrain.at(x, y) != mapart::kLand) continue;
      if (board.terrain.at(std::min(x + 1, ids.width - 1), y) != mapart::kLand ||
          board.terrain.at(std::max(x - 1, 0), y) != mapart::kLand ||
          board.terrain.at(x, std::min(y + 1, ids.height - 1)) != mapart::kLand ||
          board.terrain.at(x, std::max(y - 1, 0)) != mapart::kLand || ids.at(std::min(x + 1, ids.width - 1), y) != p ||
          ids.at(std::max(x - 1, 0), y) != p)
        e.push_back({x + 0.5, y + 0.5});
    }
  return e;
}

// A land bridge: an arrow across the narrowest gap between its provinces.
Sprite bridge_sprite(const Map& map, const Board& board, const std::vector<Box>& boxes, const colonial::Link& link) {
  const mapart::Projection& pr = board.proj;
  ProvinceId pa = map.province_of(link.a), pb = map.province_of(link.b);
  std::vector<mapart::PointD> ea = edge_pixels(board, boxes[pa], pa), eb = edge_pixels(board, boxes[pb], pb);
  double best = 1e18;
  mapart::PointD a{}, c{};
  for (const auto& p : ea)
    for (const auto& q : eb) {
      double d = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y);
      if (d < best) {
        best = d;
        a = p;
        c = q;
      }
    }
  const colonial::Anchor* ua = map.unit_anchor(pa);
  const colonial::Anchor* ub = map.unit_anchor(pb);
  double dx = c.x - a.x, dy = c.y - a.y, len = std::hypot(dx, dy);
  if (len < 2) {  // touching: point from one unit anchor to the other
    dx = pr.x_of(ub->lon) - pr.x_of(ua->lon);
    dy = pr.y_of(ub->lat) - pr.y_of(ua->lat);
    len = std::hypot(dx, dy);
  }
  double ux = dx / len, uy = dy / len;
  double mx = (a.x + c.x) / 2, my = (a.y + c.y) / 2, half = std::max(std::hypot(c.x - a.x, c.y - a.y) / 2 + 8, 15.0);
  Sprite s = arrow_sprite(mx - ux * half, my - uy * half, mx + ux * half, my + uy * half);
  s.kind = "bridge";
  s.name = std::string(map.province(pa).code) + "-" + map.province(pb).code;
  s.extra = link.option >= 0 ? std::string(map.option(link.option).name) : "-";
  if (link.option >= 0 && !link.option_value) s.extra = "!" + s.extra;
  return s;
}

void add_bridges(const Map& map, const Board& board, const std::vector<Box>& boxes, std::vector<Sprite>& sprites) {
  for (int i = 0; i < map.link_count(); ++i)
    if (map.link(i).kind == colonial::LinkKind::Bridge)
      sprites.push_back(bridge_sprite(map, board, boxes, map.link(i)));
}

// The icons placed by the game: colony markers and each power's units.
void add_icons(const Map& map, std::vector<Sprite>& sprites) {
  Sprite dot, ring;
  dot.img = Image(16, 16);
  mapart::fill_circle(dot.img, 8, 8, 5.5, kInk);
  mapart::fill_circle(dot.img, 8, 8, 4.0, kWhite);
  ring.img = Image(24, 24);
  mapart::fill_circle(ring.img, 12, 12, 5.5, kInk);
  mapart::fill_circle(ring.img, 12, 12, 4.0, kWhite);
  mapart::stroke_circle(ring.img, 12, 12, 9.0, 3.6, kInk);
  mapart::stroke_circle(ring.img, 12, 12, 9.0, 1.8, kWhite);
  dot.kind = "colony";
  ring.kind = "colony_home";
  dot.name = ring.name = "*";
  dot.placed = ring.placed = false;
  dot.hot_x = dot.hot_y = 8;
  ring.hot_x = ring.hot_y = 12;
  sprites.push_back(std::move(dot));
  sprites.push_back(std::move(ring));
  auto add_icon = [&](const std::string& kind, const std::string& name, Image img) {
    Sprite s;
    s.kind = kind;
    s.name = name;
    s.img = std::move(img);
    s.placed = false;
    s.hot_x = s.hot_y = kToken / 2.0;
    sprites.push_back(std::move(s));
  };
  for (int pw = 0; pw < map.power_count(); ++pw) {
    const colonial::PowerInfo& info = map.power(static_cast<colonial::PowerId>(pw));
    Rgba col = power_colour(info.name, pw);
    for (int fleet = 0; fleet < 2; ++fleet)
      for (int dis = 0; dis < 2; ++dis)
        add_icon(std::string(fleet ? "fleet" : "army") + (dis ? "_dislodged" : ""), info.name,
                 unit_icon(fleet != 0, col, info.letter, dis != 0));
  }
  for (int fleet = 0; fleet < 2; ++fleet)
    for (int dis = 0; dis < 2; ++dis)
      add_icon(std::string(fleet ? "fleet" : "army") + (dis ? "_dislodged" : ""), "*",
               unit_icon(fleet != 0, kWhite, 0, dis != 0));
}

// Where each location's unit goes: its anchor on the board.
bool find_unit_points(const Map& map, const mapart::Projection& pr, std::vector<mapart::PointD>& points) {
  points.assign(static_cast<std::size_t>(map.location_count()), mapart::PointD{});
  for (int l = 0; l < map.location_count(); ++l) {
    const colonial::Anchor* a = map.unit_anchor(static_cast<LocationId>(l));
    if (!a) {
      std::fprintf(stderr, "mapart: location %s has no anchor\n",
                   location_code(map, static_cast<LocationId>(l)).c_str());
      return false;
    }
    points[static_cast<std::size_t>(l)] = {pr.x_of(a->lon), pr.y_of(a->lat)};
  }
  return true;
}

// Where each colony's marker goes: beside the unit, as deep inside the
// province as possible, preferring below-right of the unit so the two do
// not cover each other.
std::map<int, mapart::PointD> find_colony_points(const Map& map, const Raster& ids, const std::vector<Box>& boxes,
                                                 const std::vector<mapart::PointD>& unit_points) {
  std::map<int, mapart::PointD> colony_points;
  for (int p = 0; p < map.province_count(); ++p) {
    if (!map.province(static_cast<ProvinceId>(p)).colony) continue;
    const Box& box = boxes[static_cast<std::size_t>(p)];
    std::vector<int> d = edge_distance(ids, box, static_cast<ProvinceId>(p));
    mapart::PointD u = unit_points[static_cast<std::size_t>(p)];
    double best = -1e9;
    mapart::PointD pick{u.x + 14, u.y + 12};
    for (int y = box.y0; y <= box.y1; ++y)
      for (int x = box.x0; x <= box.x1; ++x) {
        int dd = d[static_cast<std::size_t>(y - box.y0) * static_cast<std::size_t>(box.w()) +
                   static_cast<std::size_t>(x - box.x0)];
        if (dd < 0) continue;
        double r = std::hypot(x - u.x, y - u.y);
        if (r < 20 || r > 48) continue;
        double score = std::min(dd, 9) * 3.0 - std::hypot(x - (u.x + 16), y - (u.y + 14)) * 0.3;
        if (score > best) {
          best = score;
          pick = {x + 0.5, y + 0.5};
        }
      }
    colony_points[p] = pick;
  }
  return colony_points;
}

// The sprites packed on atlas pages (each sprite's place set).
bool pack_pages(std::vector<Sprite>& sprites, std::vector<Image>& pages) {
  std::vector<mapart::PageSize> sizes;
  sizes.reserve(sprites.size());
  for (const Sprite& s : sprites) sizes.push_back({s.img.width, s.img.height});
  std::vector<mapart::Placement> placements;
  std::vector<mapart::PageSize> page_sizes;
  if (!mapart::pack_atlas(sizes, kPageSize, 2, placements, page_sizes)) {
    for (const Sprite& s : sprites)
      if (s.img.width + 2 > kPageSize || s.img.height + 2 > kPageSize)
        std::fprintf(stderr, "mapart: sprite %s %s (%dx%d) does not fit a %d page\n", s.kind.c_str(), s.name.c_str(),
                     s.img.width, s.img.height, kPageSize);
    return false;
  }
  for (std::size_t i = 0; i < sprites.size(); ++i) sprites[i].at = placements[i];
  pages.reserve(page_sizes.size());
  for (const mapart::PageSize& used : page_sizes)
    pages.emplace_back((used.width + 3) / 4 * 4, (used.height + 3) / 4 * 4);
  for (const Sprite& s : sprites) {
    Image& page = pages[static_cast<std::size_t>(s.at.page)];
    for (int y = 0; y < s.img.height; ++y) std::copy_n(s.img.px(0, y), s.img.width * 4, page.px(s.at.x, s.at.y + y));
  }
  return true;
}

// Everything the art is made of, as main() builds it.
struct Art {
  std::vector<Sprite> sprites;
  std::vector<Image> pages;
  std::vector<mapart::PointD> unit_points;
  std::map<int, mapart::PointD> colony_points;
};

// colonial_atlas.txt: what is where (tools/mapart/README.md).
bool write_meta(const std::string& dir, const Board& board, const Map& map, const Art& art) {
  const mapart::Projection& pr = board.proj;
  std::ofstream meta(dir + "colonial_atlas.txt");
  meta << "# Colonial board art, generated by tools/mapart from the map's anchors. Format: tools/mapart/README.md\n";
  meta << "board " << pr.width << " " << pr.height << "\n";
  meta << "projection mercator " << pr.lon0 << " " << pr.lon1 << " " << pr.lat0 << " " << pr.lat1 << "\n";
  meta << "idmap colonial_ids.png " << static_cast<int>(mapart::kIdLand) << " " << static_cast<int>(mapart::kIdWater)
       << "\n";
  for (std::size_t pg = 0; pg < art.pages.size(); ++pg)
    meta << "page " << pg << " colonial_atlas_" << pg << ".png " << art.pages[pg].width << " " << art.pages[pg].height
         << "\n";
  for (const Sprite& s : art.sprites) {
    meta << (s.placed ? "sprite " : "icon ") << s.kind << " " << s.name << " " << s.at.page << " " << s.at.x << " "
         << s.at.y << " " << s.img.width << " " << s.img.height << " ";
    if (s.placed)
      meta << s.board_x << " " << s.board_y << " " << s.scale;
    else
      meta << s.hot_x << " " << s.hot_y;
    if (!s.extra.empty()) meta << " " << s.extra;
    meta << "\n";
  }
  char buf[128];
  for (int l = 0; l < map.location_count(); ++l) {
    std::snprintf(buf, sizeof buf, "point unit %s %.1f %.1f\n", location_code(map, static_cast<LocationId>(l)).c_str(),
                  art.unit_points[static_cast<std::size_t>(l)].x, art.unit_points[static_cast<std::size_t>(l)].y);
    meta << buf;
  }
  for (const auto& [p, pt] : art.colony_points) {
    std::snprintf(buf, sizeof buf, "point colony %s %.1f %.1f\n", map.province(static_cast<ProvinceId>(p)).code, pt.x,
                  pt.y);
    meta << buf;
  }
  meta.close();
  if (!meta) {
    std::fprintf(stderr, "mapart: cannot write %scolonial_atlas.txt\n", dir.c_str());
    return false;
  }
  return true;
}

// The id map, the atlas pages and their description; `texture_bytes` gets
// what the pages take as textures.
bool write_atlas(const std::string& dir, const Board& board, const Map& map, const Art& art, long long& texture_bytes) {
  std::string error;
  if (!mapart::save_ids_png(board.ids, dir + "colonial_ids.png", error)) {
    std::fprintf(stderr, "mapart: %s\n", error.c_str());
    return false;
  }
  texture_bytes = 0;
  for (std::size_t pg = 0; pg < art.pages.size(); ++pg) {
    if (!mapart::save_png(art.pages[pg], dir + "colonial_atlas_" + std::to_string(pg) + ".png", error)) {
      std::fprintf(stderr, "mapart: %s\n", error.c_str());
      return false;
    }
    texture_bytes += 4LL * art.pages[pg].width * art.pages[pg].height;
  }
  return write_meta(dir, board, map, art);
}

// What the options ask besides: the start position composed (--preview),
// the phones' board (--web N), the regions for tuning anchors (--debug).
bool write_extras(const Args& args, const std::string& dir, const Board& board, const Map& map, const Art& art) {
  std::string error;
  if (args.preview) {
    Image preview = compose_preview(board, map, art.sprites, art.unit_points, art.colony_points);
    if (!mapart::save_png(preview, dir + "colonial_preview.png", error)) {
      std::fprintf(stderr, "mapart: %s\n", error.c_str());
      return false;
    }
  }
  if (args.web_width > 0) {
    const Image bare = compose_preview(board, map, art.sprites, art.unit_points, art.colony_points, true);
    if (!mapart::write_web_art(map, board.ids, bare, art.unit_points, args.web_width, dir, error)) {
      std::fprintf(stderr, "mapart: %s\n", error.c_str());
      return false;
    }
  }
  if (args.debug && !mapart::save_png(debug_image(board, map), dir + "colonial_debug.png", error)) {
    std::fprintf(stderr, "mapart: %s\n", error.c_str());
    return false;
  }
  return true;
}

// The board's regions (provinces, unowned land and water, water provinces),
// its overlays (railroads, canals, bridges) and the game's icons.
bool make_sprites(const Map& map, Board& board, const mapart::Features& features, std::vector<Box>& boxes,
                  std::vector<Sprite>& sprites) {
  if (!add_province_sprites(map, board, boxes, sprites)) return false;
  add_unowned_sprites(board, features, sprites);
  add_water_provinces(map, board, features, sprites);
  if (!add_overlays(map, board, features, sprites)) return false;
  add_bridges(map, board, boxes, sprites);
  add_icons(map, sprites);
  return true;
}

long long milliseconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(b - a).count());
}

}  // namespace

int main(int argc, char** argv) {
  const auto t0 = std::chrono::steady_clock::now();
  Args args;
  if (!parse_args(argc, argv, args)) return 2;
  static Map map;  // large: keep it off the stack
  if (!load_board_map(args, map)) return 1;
  std::string error;
  mapart::Mask mask;
  mapart::Features features;
  Board board;
  if (!mapart::load_mask(args.mask, mask, error) || !mapart::load_features(args.features, features, error) ||
      !mapart::build_board(map, mask, features, args.width, board, error)) {
    std::fprintf(stderr, "mapart: %s\n", error.c_str());
    return 1;
  }
  const auto t_board = std::chrono::steady_clock::now();
  Art art;
  std::vector<Box> boxes;
  if (!make_sprites(map, board, features, boxes, art.sprites) || !find_unit_points(map, board.proj, art.unit_points))
    return 1;
  art.colony_points = find_colony_points(map, board.ids, boxes, art.unit_points);
  if (!pack_pages(art.sprites, art.pages)) return 1;
  const std::string dir = args.out + "/";
  long long texture_bytes = 0;
  if (!write_atlas(dir, board, map, art, texture_bytes) || !write_extras(args, dir, board, map, art)) return 1;
  for (const std::string& w : board.warnings) std::fprintf(stderr, "mapart: warning: %s\n", w.c_str());
  const mapart::Projection& pr = board.proj;
  std::printf("mapart: board %dx%d, %zu sprites on %zu page(s):", pr.width, pr.height, art.sprites.size(),
              art.pages.size());
  for (const Image& pg : art.pages) std::printf(" %dx%d", pg.width, pg.height);
  std::printf(", %.1f MiB of texture; id map in %lld ms, total %lld ms\n",
              static_cast<double>(texture_bytes) / 1048576.0, milliseconds(t0, t_board),
              milliseconds(t0, std::chrono::steady_clock::now()));
  return 0;
}
