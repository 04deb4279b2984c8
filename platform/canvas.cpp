#include "canvas.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>
#include <vector>

#include "render_queue.h"

namespace colonial::platform {
namespace {

// Rendered strings kept as textures. Labels are redrawn every frame, so the
// cache only needs to hold one screen's worth; when it overflows (the player
// zoomed through many text sizes) it is simply emptied.
constexpr std::size_t kMaxCachedTexts = 2048;

SDL_Vertex vertex(float x, float y, Color c) {
  SDL_Vertex v;
  v.position = {x, y};
  v.color = {c.r, c.g, c.b, c.a};
  v.tex_coord = {0, 0};
  return v;
}

SDL_BlendMode sdl_blend(BlendMode blend, SDL_BlendMode own) {
  switch (blend) {
    case BlendMode::Replace: return SDL_BLENDMODE_NONE;
    case BlendMode::Over: return SDL_BLENDMODE_BLEND;
    case BlendMode::Add: return SDL_BLENDMODE_ADD;
    default: return own;
  }
}

int font_pixels(float pixel_size) {
  const int px = static_cast<int>(std::lround(pixel_size));
  return px < 4 ? 4 : px > 512 ? 512 : px;
}

}  // namespace

struct Canvas::Impl {
  struct TextTexture {
    SDL_Texture* texture = nullptr;
    int w = 0;
    int h = 0;
  };
  SDL_Renderer* renderer = nullptr;
  std::string font_path;
  bool ttf_started = false;
  std::unordered_map<int, TTF_Font*> fonts;  // by pixel size
  std::unordered_map<std::string, TextTexture> texts;
  // Each image's texture and its own blend mode (a draw may use another).
  struct Image {
    SDL_Texture* texture = nullptr;
    SDL_BlendMode blend = SDL_BLENDMODE_BLEND;
  };
  std::vector<Image> images;            // ImageId - 1
  SDL_Texture* outer_target = nullptr;  // where frames go while drawing into an image
  bool drawing_into_image = false;
  std::vector<SDL_Vertex> vertices;  // scratch for circles

  TTF_Font* font(int px) {
    if (font_path.empty()) return nullptr;
    auto it = fonts.find(px);
    if (it != fonts.end()) return it->second;
    TTF_Font* f = TTF_OpenFont(font_path.c_str(), px);
    fonts.emplace(px, f);  // a failure is remembered too, as nullptr
    return f;
  }

  const TextTexture* text_texture(std::string_view s, int px) {
    std::string key(s);
    key += '\x1f';
    key += std::to_string(px);
    auto it = texts.find(key);
    if (it != texts.end()) return &it->second;
    TTF_Font* f = font(px);
    if (!f) return nullptr;
    if (texts.size() >= kMaxCachedTexts) flush_texts();
    // White text, tinted per draw with SDL_SetTextureColorMod.
    SDL_Surface* surface = TTF_RenderUTF8_Blended(f, std::string(s).c_str(), SDL_Color{255, 255, 255, 255});
    if (!surface) return nullptr;
    TextTexture t;
    t.texture = SDL_CreateTextureFromSurface(renderer, surface);
    t.w = surface->w;
    t.h = surface->h;
    SDL_FreeSurface(surface);
    if (!t.texture) return nullptr;
    SDL_SetTextureBlendMode(t.texture, SDL_BLENDMODE_BLEND);
    return &texts.emplace(std::move(key), t).first->second;
  }

  void flush_texts() {
    for (auto& [key, t] : texts) SDL_DestroyTexture(t.texture);
    texts.clear();
  }

  void fill_disc(PointF centre, float radius, Color c) {
    // Enough segments that the edge looks round at this size.
    int n = static_cast<int>(radius * 1.5f);
    n = n < 16 ? 16 : n > 96 ? 96 : n;
    vertices.clear();
    const float step = 2.0f * std::numbers::pi_v<float> / static_cast<float>(n);
    for (int i = 0; i < n; ++i) {
      const float a0 = step * static_cast<float>(i);
      const float a1 = step * static_cast<float>(i + 1);
      vertices.push_back(vertex(centre.x, centre.y, c));
      vertices.push_back(vertex(centre.x + radius * std::cos(a0), centre.y + radius * std::sin(a0), c));
      vertices.push_back(vertex(centre.x + radius * std::cos(a1), centre.y + radius * std::sin(a1), c));
    }
    SDL_RenderGeometry(renderer, nullptr, vertices.data(), static_cast<int>(vertices.size()), nullptr, 0);
  }
};

Canvas::Canvas(void* renderer) : impl_(std::make_unique<Impl>()) {
  impl_->renderer = static_cast<SDL_Renderer*>(renderer);
  SDL_SetRenderDrawBlendMode(impl_->renderer, SDL_BLENDMODE_BLEND);
}

Canvas::~Canvas() {
  impl_->flush_texts();
  for (const Impl::Image& image : impl_->images)
    if (image.texture) SDL_DestroyTexture(image.texture);
  for (auto& [px, f] : impl_->fonts)
    if (f) TTF_CloseFont(f);
  if (impl_->ttf_started) TTF_Quit();
}

bool Canvas::set_font(const std::string& ttf_path, std::string& error) {
  if (!impl_->ttf_started) {
    if (TTF_Init() != 0) {
      error = std::string("cannot start SDL_ttf: ") + TTF_GetError();
      return false;
    }
    impl_->ttf_started = true;
  }
  // Open once now so that a bad path is reported here, not as missing text.
  TTF_Font* probe = TTF_OpenFont(ttf_path.c_str(), 16);
  if (!probe) {
    error = "cannot open font " + ttf_path + ": " + TTF_GetError();
    return false;
  }
  TTF_CloseFont(probe);
  impl_->flush_texts();
  for (auto& [px, f] : impl_->fonts)
    if (f) TTF_CloseFont(f);
  impl_->fonts.clear();
  impl_->font_path = ttf_path;
  return true;
}

void Canvas::clear(Color c) {
  SDL_SetRenderDrawColor(impl_->renderer, c.r, c.g, c.b, c.a);
  SDL_RenderClear(impl_->renderer);
}

void Canvas::fill_rect(RectF r, Color c) {
  SDL_SetRenderDrawColor(impl_->renderer, c.r, c.g, c.b, c.a);
  const SDL_FRect fr{r.x, r.y, r.w, r.h};
  SDL_RenderFillRectF(impl_->renderer, &fr);
}

void Canvas::fill_rects(const RectF* rects, int count, Color c, BlendMode blend) {
  if (count <= 0) return;
  static_assert(sizeof(SDL_FRect) == sizeof(RectF));
  SDL_SetRenderDrawColor(impl_->renderer, c.r, c.g, c.b, c.a);
  SDL_SetRenderDrawBlendMode(impl_->renderer, sdl_blend(blend, SDL_BLENDMODE_BLEND));
  SDL_RenderFillRectsF(impl_->renderer, reinterpret_cast<const SDL_FRect*>(rects), count);
  SDL_SetRenderDrawBlendMode(impl_->renderer, SDL_BLENDMODE_BLEND);
}

void Canvas::line(PointF a, PointF b, float width, Color c) {
  const float dx = b.x - a.x;
  const float dy = b.y - a.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0.0f) return;
  // Half-width normal of the segment.
  const float nx = -dy / len * width * 0.5f;
  const float ny = dx / len * width * 0.5f;
  const SDL_Vertex v[4] = {vertex(a.x + nx, a.y + ny, c), vertex(b.x + nx, b.y + ny, c), vertex(b.x - nx, b.y - ny, c),
                           vertex(a.x - nx, a.y - ny, c)};
  const int idx[6] = {0, 1, 2, 0, 2, 3};
  SDL_RenderGeometry(impl_->renderer, nullptr, v, 4, idx, 6);
}

void Canvas::fill_circle(PointF centre, float radius, Color c) {
  if (radius > 0) impl_->fill_disc(centre, radius, c);
}

bool Canvas::text(PointF at, std::string_view s, float pixel_size, Color c, Align h, Align v) {
  if (s.empty()) return true;
  const Impl::TextTexture* t = impl_->text_texture(s, font_pixels(pixel_size));
  if (!t) return false;
  const float w = static_cast<float>(t->w);
  const float hh = static_cast<float>(t->h);
  float x = at.x;
  float y = at.y;
  if (h == Align::Center) x -= w * 0.5f;
  if (h == Align::End) x -= w;
  if (v == Align::Center) y -= hh * 0.5f;
  if (v == Align::End) y -= hh;
  // Whole pixels keep glyphs crisp.
  const SDL_FRect dst{std::round(x), std::round(y), w, hh};
  SDL_SetTextureColorMod(t->texture, c.r, c.g, c.b);
  SDL_SetTextureAlphaMod(t->texture, c.a);
  SDL_RenderCopyF(impl_->renderer, t->texture, nullptr, &dst);
  return true;
}

SizeF Canvas::measure_text(std::string_view s, float pixel_size) {
  TTF_Font* f = impl_->font(font_pixels(pixel_size));
  if (!f || s.empty()) return {};
  int w = 0;
  int h = 0;
  TTF_SizeUTF8(f, std::string(s).c_str(), &w, &h);
  return {static_cast<float>(w), static_cast<float>(h)};
}

Canvas::Ink Canvas::measure_ink(std::string_view s, float pixel_size) {
  TTF_Font* f = impl_->font(font_pixels(pixel_size));
  if (!f || s.empty()) return {};
  const int ascent = TTF_FontAscent(f);
  int high = -1 << 20, low = 1 << 20;
  for (const char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return {0, static_cast<float>(TTF_FontHeight(f))};
    int minx = 0, maxx = 0, miny = 0, maxy = 0, advance = 0;
    if (c == ' ' || TTF_GlyphMetrics(f, static_cast<Uint16>(c), &minx, &maxx, &miny, &maxy, &advance) != 0) continue;
    high = std::max(high, maxy);
    low = std::min(low, miny);
  }
  if (high < low) return {0, static_cast<float>(TTF_FontHeight(f))};
  return {static_cast<float>(ascent - high), static_cast<float>(high - low)};
}

ImageId Canvas::load_image(const std::string& path, std::string& error) {
  SDL_Texture* t = IMG_LoadTexture(impl_->renderer, path.c_str());
  if (!t) {
    error = "cannot load image " + path + ": " + IMG_GetError();
    return 0;
  }
  SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
  impl_->images.push_back({t, SDL_BLENDMODE_BLEND});
  return static_cast<ImageId>(impl_->images.size());
}

SizeF Canvas::image_size(ImageId id) const {
  if (id <= 0 || id > static_cast<int>(impl_->images.size())) return {};
  int w = 0;
  int h = 0;
  SDL_QueryTexture(impl_->images[static_cast<std::size_t>(id - 1)].texture, nullptr, nullptr, &w, &h);
  return {static_cast<float>(w), static_cast<float>(h)};
}

void Canvas::draw_image(ImageId id, RectF src, RectF dst, Color tint, BlendMode blend) {
  if (id <= 0 || id > static_cast<int>(impl_->images.size())) return;
  const Impl::Image& image = impl_->images[static_cast<std::size_t>(id - 1)];
  if (!image.texture) return;
  const SDL_Rect s{static_cast<int>(src.x), static_cast<int>(src.y), static_cast<int>(src.w), static_cast<int>(src.h)};
  const SDL_FRect d{dst.x, dst.y, dst.w, dst.h};
  SDL_SetTextureColorMod(image.texture, tint.r, tint.g, tint.b);
  SDL_SetTextureAlphaMod(image.texture, tint.a);
  SDL_SetTextureBlendMode(image.texture, sdl_blend(blend, image.blend));
  SDL_RenderCopyF(impl_->renderer, image.texture, &s, &d);
}

void Canvas::set_clip(RectF r) {
  const SDL_Rect rect{static_cast<int>(std::floor(r.x)), static_cast<int>(std::floor(r.y)),
                      static_cast<int>(std::ceil(r.w)), static_cast<int>(std::ceil(r.h))};
  SDL_RenderSetClipRect(impl_->renderer, &rect);
}

void Canvas::reset_clip() { SDL_RenderSetClipRect(impl_->renderer, nullptr); }

void Canvas::flush_text_cache() { impl_->flush_texts(); }

extern "C" [[gnu::noinline]] int colonial_run_queued_draws(SDL_Renderer* renderer, QueueRun what, SDL_Texture* target) {
  if (what == QueueRun::SwitchTarget) return SDL_SetRenderTarget(renderer, target);
  SDL_RenderPresent(renderer);
  return 0;
}

}  // namespace colonial::platform

// --- Pixels and images made from them (the board renderer's composed map).

namespace colonial::platform {
namespace {

// The format an image made from pixels is stored in. The software renderer
// scales only same-format, unblended copies quickly (and smoothly), so an
// opaque image takes the window's format there; other renderers take their
// first (preferred) format. Both fall back to ARGB8888.
Uint32 image_format(SDL_Renderer* renderer, bool opaque) {
  SDL_RendererInfo info;
  if (SDL_GetRendererInfo(renderer, &info) != 0) return SDL_PIXELFORMAT_ARGB8888;
  Uint32 format = SDL_PIXELFORMAT_ARGB8888;
  if ((info.flags & SDL_RENDERER_SOFTWARE) && opaque) {
    if (SDL_Window* window = SDL_RenderGetWindow(renderer)) format = SDL_GetWindowPixelFormat(window);
  } else if (info.num_texture_formats > 0) {
    format = info.texture_formats[0];
  }
  if (SDL_BITSPERPIXEL(format) != 32 || SDL_ISPIXELFORMAT_FOURCC(format) || SDL_ISPIXELFORMAT_INDEXED(format) ||
      (!opaque && !SDL_ISPIXELFORMAT_ALPHA(format)))
    format = SDL_PIXELFORMAT_ARGB8888;
  return format;
}

bool upload(SDL_Texture* t, const Pixels& p, std::string& error) {
  Uint32 format = 0;
  int w = 0;
  int h = 0;
  SDL_QueryTexture(t, &format, nullptr, &w, &h);
  if (w != p.w || h != p.h || p.argb.size() != static_cast<std::size_t>(p.w) * static_cast<std::size_t>(p.h)) {
    error = "image size mismatch: " + std::to_string(p.w) + "x" + std::to_string(p.h) + " pixels for a " +
            std::to_string(w) + "x" + std::to_string(h) + " texture";
    return false;
  }
  const int pitch = p.w * 4;
  if (format == SDL_PIXELFORMAT_ARGB8888) {
    if (SDL_UpdateTexture(t, nullptr, p.argb.data(), pitch) != 0) {
      error = std::string("cannot upload the image: ") + SDL_GetError();
      return false;
    }
    return true;
  }
  std::vector<std::uint32_t> converted(p.argb.size());
  if (SDL_ConvertPixels(p.w, p.h, SDL_PIXELFORMAT_ARGB8888, p.argb.data(), pitch, format, converted.data(), pitch) !=
          0 ||
      SDL_UpdateTexture(t, nullptr, converted.data(), pitch) != 0) {
    error = std::string("cannot upload the image: ") + SDL_GetError();
    return false;
  }
  return true;
}

}  // namespace

bool load_pixels(const std::string& path, Pixels& out, std::string& error) {
  SDL_Surface* loaded = IMG_Load(path.c_str());
  if (!loaded) {
    error = "cannot read image " + path + ": " + IMG_GetError();
    return false;
  }
  SDL_Surface* s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0);
  SDL_FreeSurface(loaded);
  if (!s) {
    error = "cannot convert image " + path + ": " + SDL_GetError();
    return false;
  }
  out.w = s->w;
  out.h = s->h;
  out.argb.resize(static_cast<std::size_t>(s->w) * static_cast<std::size_t>(s->h));
  for (int y = 0; y < s->h; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(static_cast<const Uint8*>(s->pixels) + y * s->pitch);
    std::copy(row, row + s->w, out.argb.begin() + static_cast<std::ptrdiff_t>(y) * s->w);
  }
  SDL_FreeSurface(s);
  return true;
}

void Canvas::fill_triangles(const PointF* points, int count, Color c) {
  if (count < 3) return;
  impl_->vertices.clear();
  for (int i = 0; i + 2 < count; i += 3)
    for (int k = 0; k < 3; ++k) impl_->vertices.push_back(vertex(points[i + k].x, points[i + k].y, c));
  SDL_RenderGeometry(impl_->renderer, nullptr, impl_->vertices.data(), static_cast<int>(impl_->vertices.size()),
                     nullptr, 0);
}

ImageId Canvas::create_image(const Pixels& pixels, bool opaque, bool smooth, std::string& error) {
  if (pixels.w <= 0 || pixels.h <= 0) {
    error = "cannot make an empty image";
    return 0;
  }
  SDL_Texture* t = SDL_CreateTexture(impl_->renderer, image_format(impl_->renderer, opaque), SDL_TEXTUREACCESS_STATIC,
                                     pixels.w, pixels.h);
  if (!t) {
    error =
        "cannot make a " + std::to_string(pixels.w) + "x" + std::to_string(pixels.h) + " texture: " + SDL_GetError();
    return 0;
  }
  const SDL_BlendMode blend = opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND;
  SDL_SetTextureBlendMode(t, blend);
  SDL_SetTextureScaleMode(t, smooth ? SDL_ScaleModeLinear : SDL_ScaleModeNearest);
  if (!upload(t, pixels, error)) {
    SDL_DestroyTexture(t);
    return 0;
  }
  impl_->images.push_back({t, blend});
  return static_cast<ImageId>(impl_->images.size());
}

ImageId Canvas::create_target(int w, int h, bool opaque, std::string& error) {
  SDL_RendererInfo info;
  if (SDL_GetRendererInfo(impl_->renderer, &info) != 0 || !(info.flags & SDL_RENDERER_TARGETTEXTURE)) {
    error = "the renderer cannot draw into images";
    return 0;
  }
  SDL_Texture* t = w > 0 && h > 0 ? SDL_CreateTexture(impl_->renderer, image_format(impl_->renderer, opaque),
                                                      SDL_TEXTUREACCESS_TARGET, w, h)
                                  : nullptr;
  if (!t) {
    error = "cannot make a " + std::to_string(w) + "x" + std::to_string(h) + " image to draw into: " + SDL_GetError();
    return 0;
  }
  SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
  SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
  impl_->images.push_back({t, SDL_BLENDMODE_BLEND});
  // Cleared here: a new target's pixels are undefined.
  const ImageId id = static_cast<ImageId>(impl_->images.size());
  if (!set_target(id, error)) return id;
  clear({0, 0, 0, 0});
  set_target(0, error);
  return id;
}

bool Canvas::set_target(ImageId id, std::string& error) {
  SDL_Texture* t = nullptr;
  if (id != 0) {
    if (id < 0 || id > static_cast<int>(impl_->images.size()) ||
        !impl_->images[static_cast<std::size_t>(id - 1)].texture) {
      error = "no image " + std::to_string(id) + " to draw into";
      return false;
    }
    t = impl_->images[static_cast<std::size_t>(id - 1)].texture;
    if (!impl_->drawing_into_image) impl_->outer_target = SDL_GetRenderTarget(impl_->renderer);
  } else if (!impl_->drawing_into_image) {
    return true;
  } else {
    t = impl_->outer_target;
  }
  if (colonial_run_queued_draws(impl_->renderer, QueueRun::SwitchTarget, t) != 0) {
    error = std::string("cannot draw into the image: ") + SDL_GetError();
    return false;
  }
  impl_->drawing_into_image = id != 0;
  return true;
}

bool Canvas::update_image(ImageId id, const Pixels& pixels, std::string& error) {
  if (id <= 0 || id > static_cast<int>(impl_->images.size()) ||
      !impl_->images[static_cast<std::size_t>(id - 1)].texture) {
    error = "no image " + std::to_string(id);
    return false;
  }
  return upload(impl_->images[static_cast<std::size_t>(id - 1)].texture, pixels, error);
}

void Canvas::destroy_image(ImageId id) {
  if (id <= 0 || id > static_cast<int>(impl_->images.size())) return;
  SDL_Texture*& t = impl_->images[static_cast<std::size_t>(id - 1)].texture;
  if (t) SDL_DestroyTexture(t);
  t = nullptr;
}

void* Canvas::texture_handle(ImageId id) const {
  if (id <= 0 || id > static_cast<int>(impl_->images.size())) return nullptr;
  return impl_->images[static_cast<std::size_t>(id - 1)].texture;
}

int Canvas::max_texture_size() const {
  // COLONIAL_MAX_TEXTURE_SIZE plays a smaller GPU (tests: 2048, the
  // Raspberry Pi 0-3's VideoCore IV).
  const char* forced = SDL_getenv("COLONIAL_MAX_TEXTURE_SIZE");
  const int limit = forced ? SDL_atoi(forced) : 0;
  SDL_RendererInfo info;
  int side = 0;
  if (SDL_GetRendererInfo(impl_->renderer, &info) == 0 && info.max_texture_width > 0 && info.max_texture_height > 0)
    side = info.max_texture_width < info.max_texture_height ? info.max_texture_width : info.max_texture_height;
  if (limit > 0 && (side == 0 || limit < side)) side = limit;
  return side;
}

std::size_t Canvas::texture_bytes() const {
  auto bytes = [](SDL_Texture* t) {
    Uint32 format = 0;
    int w = 0;
    int h = 0;
    if (!t || SDL_QueryTexture(t, &format, nullptr, &w, &h) != 0) return std::size_t{0};
    return static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * SDL_BYTESPERPIXEL(format);
  };
  std::size_t total = 0;
  for (const Impl::Image& image : impl_->images) total += bytes(image.texture);
  for (const auto& [key, t] : impl_->texts) total += bytes(t.texture);
  return total;
}

}  // namespace colonial::platform
