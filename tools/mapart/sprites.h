// RGBA images, anti-aliased shapes and a skyline atlas packer for the board
// art generator. Tool code (build time): plain std containers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mapart {

struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 0;
};

// Straight (not premultiplied) RGBA, 4 bytes per pixel in R, G, B, A order
// (SDL_PIXELFORMAT_RGBA32).
struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> data;
  Image() = default;
  Image(int w, int h) : width(w), height(h), data(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0) {}
  std::uint8_t* px(int x, int y) {
    return &data[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4];
  }
  const std::uint8_t* px(int x, int y) const {
    return &data[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4];
  }
  void set(int x, int y, Rgba c) {
    std::uint8_t* p = px(x, y);
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
    p[3] = c.a;
  }
  // Source-over blend of colour c with coverage 0..1.
  void blend(int x, int y, Rgba c, double coverage);
  bool empty() const;  // every pixel transparent
};

// Shapes drawn with 4x4 supersampled coverage (signed distances).
void fill_circle(Image& img, double cx, double cy, double r, Rgba c);
void stroke_circle(Image& img, double cx, double cy, double r, double width, Rgba c);
void stroke_segment(Image& img, double ax, double ay, double bx, double by, double width, Rgba c);
void fill_polygon(Image& img, const std::vector<double>& xy, Rgba c);
// Draws an upper-case letter A-Z of height h centred at (cx, cy) with a
// stroke font (unknown characters draw nothing).
void draw_letter(Image& img, char letter, double cx, double cy, double h, double width, Rgba c);

// Where a sprite lies in the atlas.
struct Placement {
  int page = -1, x = 0, y = 0;
};
// Pages of at most max_size x max_size holding rectangles of `sizes` (each
// with `padding` pixels to spare), packed by stb_rect_pack (Debian's libstb):
// each page takes what it can of the rectangles left. Fills `at` (one per
// size) and `pages` (the width and height each page uses). Returns false
// when a rectangle can never fit a page.
struct PageSize {
  int width = 0, height = 0;
};
bool pack_atlas(const std::vector<PageSize>& sizes, int max_size, int padding, std::vector<Placement>& at,
                std::vector<PageSize>& pages);

bool save_png(const Image& img, const std::string& path, std::string& error);

}  // namespace mapart
