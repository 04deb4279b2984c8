// Canvas: the 2-D drawing the game needs (lines, discs, rectangles, text,
// images), over SDL_Renderer, in output pixels with (0, 0) at the top left.
//
// Text is drawn with SDL2_ttf from one TrueType font; rendered strings are
// cached as textures, so drawing the same labels every frame is cheap.
// Images (the board's sprite atlas) are loaded with SDL2_image.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace colonial::platform {

struct Color {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

struct PointF {
  float x = 0, y = 0;
};

struct SizeF {
  float w = 0, h = 0;
};

struct RectF {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(PointF p) const { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
};

enum class Align : std::uint8_t { Start = 0, Center, End };

// An image loaded by Canvas::load_image; 0 is "none".
using ImageId = int;

class Canvas {
 public:
  // Created by Window; `renderer` is an SDL_Renderer*, kept opaque here so
  // that game/ does not include SDL.
  explicit Canvas(void* renderer);
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  // Opens the TrueType font used by text(). Returns false and sets `error`
  // when the file cannot be read.
  bool set_font(const std::string& ttf_path, std::string& error);

  void clear(Color c);
  void fill_rect(RectF r, Color c);
  // A straight segment `width` pixels wide (a quad, so any width works).
  void line(PointF a, PointF b, float width, Color c);
  void fill_circle(PointF centre, float radius, Color c);
  // Draws UTF-8 text of `pixel_size` (the font's em height in pixels) with
  // its box aligned on `at`: (Start, Start) = top-left corner at `at`.
  // Does nothing (and returns false) without a font.
  bool text(PointF at, std::string_view s, float pixel_size, Color c, Align h = Align::Start,
            Align v = Align::Start);
  SizeF measure_text(std::string_view s, float pixel_size);

  // Images: loads a PNG (or any format SDL2_image reads). 0 on failure.
  ImageId load_image(const std::string& path, std::string& error);
  SizeF image_size(ImageId id) const;
  // Draws the `src` part of the image (pixels) into `dst`, tinted by `tint`.
  void draw_image(ImageId id, RectF src, RectF dst, Color tint = {255, 255, 255, 255});

  // Restricts drawing to r (pixels) until reset_clip().
  void set_clip(RectF r);
  void reset_clip();

  // Drops cached text textures (call after the renderer was reset).
  void flush_text_cache();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace colonial::platform
