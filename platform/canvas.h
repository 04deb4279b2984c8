// Canvas: the 2-D drawing the game needs (lines, discs, rectangles, text,
// images), over SDL_Renderer, in output pixels with (0, 0) at the top left.
//
// Text is drawn with SDL2_ttf from one TrueType font; rendered strings are
// cached as textures, so drawing the same labels every frame is cheap.
// Images (the board's sprite atlas) are loaded with SDL2_image.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace colonial::platform {

struct Color {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

struct PointF {
  float x = 0, y = 0;
  bool operator==(const PointF&) const = default;
};

// The distance between two points, and the point a share `t` of the way
// from a to b.
inline float distance(PointF a, PointF b) { return std::hypot(a.x - b.x, a.y - b.y); }
inline PointF lerp(PointF a, PointF b, float t) { return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; }

struct SizeF {
  float w = 0, h = 0;
};

struct RectF {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(PointF p) const { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
  bool operator==(const RectF&) const = default;
};

enum class Align : std::uint8_t { Start = 0, Center, End };

// An image loaded by Canvas::load_image; 0 is "none".
using ImageId = int;

// How a draw combines with what is under it (SDL's blend modes): Image =
// the image's own (over it, unless the image was made opaque); Replace =
// instead of it, alpha and all; Over = over it by alpha; Add = colour times
// alpha added to it.
enum class BlendMode : std::uint8_t { Image = 0, Replace, Over, Add };

// An image in memory: w * h pixels, rows without padding, each pixel
// 0xAARRGGBB (SDL's ARGB8888, the same on every byte order). The board
// renderer composes its picture in these before handing it to the GPU.
struct Pixels {
  int w = 0, h = 0;
  std::vector<std::uint32_t> argb;
};

// Reads a PNG (or any format SDL2_image reads) into `out` as ARGB8888.
// Returns false with `error` naming the file and the reason.
bool load_pixels(const std::string& path, Pixels& out, std::string& error);

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

  // Fills the whole target with c (alpha too: an image being drawn into can
  // be made transparent).
  void clear(Color c);
  void fill_rect(RectF r, Color c);
  // Many rectangles of one colour in one call.
  void fill_rects(const RectF* rects, int count, Color c, BlendMode blend = BlendMode::Over);
  // A straight segment `width` pixels wide (a quad, so any width works).
  void line(PointF a, PointF b, float width, Color c);
  void fill_circle(PointF centre, float radius, Color c);
  // Draws UTF-8 text of `pixel_size` (the font's em height in pixels) with
  // its box aligned on `at`: (Start, Start) = top-left corner at `at`.
  // Does nothing (and returns false) without a font.
  bool text(PointF at, std::string_view s, float pixel_size, Color c, Align h = Align::Start, Align v = Align::Start);
  SizeF measure_text(std::string_view s, float pixel_size);
  // Where the letters of s are inside the box measure_text gives (drawn
  // with text() at its top left): from `top` down, `height` tall. The
  // whole box for text it cannot look into (none of it ASCII).
  struct Ink {
    float top = 0, height = 0;
  };
  Ink measure_ink(std::string_view s, float pixel_size);

  // Images: loads a PNG (or any format SDL2_image reads). 0 on failure.
  ImageId load_image(const std::string& path, std::string& error);
  SizeF image_size(ImageId id) const;
  // Draws the `src` part of the image (pixels) into `dst`, tinted by `tint`.
  void draw_image(ImageId id, RectF src, RectF dst, Color tint = {255, 255, 255, 255},
                  BlendMode blend = BlendMode::Image);

  // Filled triangles: `count` points, three per triangle, in one draw call.
  void fill_triangles(const PointF* points, int count, Color c);

  // An image made from pixels. `opaque`: drawn without blending (its alpha is
  // ignored, and the software renderer copies it much faster); `smooth`:
  // filtered linearly when scaled. Kept in the renderer's fastest 32-bit
  // format. Returns 0 with `error` when the renderer refuses it (larger than
  // max_texture_size(), out of memory).
  ImageId create_image(const Pixels& pixels, bool opaque, bool smooth, std::string& error);
  // Replaces the pixels of an image made by create_image (same size).
  bool update_image(ImageId id, const Pixels& pixels, std::string& error);
  // An image to draw into (w x h pixels, cleared to transparent): drawn like
  // any other, filtered linearly when scaled. `opaque`: in the format the
  // window is copied from fastest (its alpha is not kept). 0 with `error`
  // when the renderer cannot draw into images or refuses the size.
  ImageId create_target(int w, int h, bool opaque, std::string& error);
  // Draws into image `id` from now on (0: back to where frames are drawn,
  // the window or the off-screen image). The clip is reset.
  bool set_target(ImageId id, std::string& error);
  // Frees an image's texture; its id stays unused (drawing it does nothing).
  void destroy_image(ImageId id);
  // The image's texture as Dear ImGui's SDL renderer backend takes it
  // (ImTextureID, an SDL_Texture*), to draw it inside a window; null for
  // none.
  void* texture_handle(ImageId id) const;
  // The largest texture side the renderer accepts; 0 when it names no limit
  // (the software renderer). COLONIAL_MAX_TEXTURE_SIZE=N in the environment
  // lowers it to N (tests play a Raspberry Pi 0-3's 2048).
  int max_texture_size() const;
  // Bytes held in textures: images and cached text (for the benchmark).
  std::size_t texture_bytes() const;

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
