#include "canvas.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include <cmath>
#include <numbers>
#include <unordered_map>
#include <vector>

namespace colonial::platform {
namespace {

// Rendered strings kept as textures. Labels are redrawn every frame, so the
// cache only needs to hold one screen's worth; when it overflows (the player
// zoomed through many text sizes) it is simply emptied.
constexpr std::size_t kMaxCachedTexts = 2048;

struct TextTexture {
  SDL_Texture* texture = nullptr;
  int w = 0;
  int h = 0;
};

SDL_Vertex vertex(float x, float y, Color c) {
  SDL_Vertex v;
  v.position = {x, y};
  v.color = {c.r, c.g, c.b, c.a};
  v.tex_coord = {0, 0};
  return v;
}

int font_pixels(float pixel_size) {
  const int px = static_cast<int>(std::lround(pixel_size));
  return px < 4 ? 4 : px > 512 ? 512 : px;
}

}  // namespace

struct Canvas::Impl {
  SDL_Renderer* renderer = nullptr;
  std::string font_path;
  bool ttf_started = false;
  std::unordered_map<int, TTF_Font*> fonts;  // by pixel size
  std::unordered_map<std::string, TextTexture> texts;
  std::vector<SDL_Texture*> images;  // ImageId - 1
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
  for (SDL_Texture* t : impl_->images) SDL_DestroyTexture(t);
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

void Canvas::line(PointF a, PointF b, float width, Color c) {
  const float dx = b.x - a.x;
  const float dy = b.y - a.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0.0f) return;
  // Half-width normal of the segment.
  const float nx = -dy / len * width * 0.5f;
  const float ny = dx / len * width * 0.5f;
  const SDL_Vertex v[4] = {vertex(a.x + nx, a.y + ny, c), vertex(b.x + nx, b.y + ny, c),
                           vertex(b.x - nx, b.y - ny, c), vertex(a.x - nx, a.y - ny, c)};
  const int idx[6] = {0, 1, 2, 0, 2, 3};
  SDL_RenderGeometry(impl_->renderer, nullptr, v, 4, idx, 6);
}

void Canvas::fill_circle(PointF centre, float radius, Color c) {
  if (radius > 0) impl_->fill_disc(centre, radius, c);
}

bool Canvas::text(PointF at, std::string_view s, float pixel_size, Color c, Align h, Align v) {
  if (s.empty()) return true;
  const TextTexture* t = impl_->text_texture(s, font_pixels(pixel_size));
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

ImageId Canvas::load_image(const std::string& path, std::string& error) {
  SDL_Texture* t = IMG_LoadTexture(impl_->renderer, path.c_str());
  if (!t) {
    error = "cannot load image " + path + ": " + IMG_GetError();
    return 0;
  }
  SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
  impl_->images.push_back(t);
  return static_cast<ImageId>(impl_->images.size());
}

SizeF Canvas::image_size(ImageId id) const {
  if (id <= 0 || id > static_cast<int>(impl_->images.size())) return {};
  int w = 0;
  int h = 0;
  SDL_QueryTexture(impl_->images[static_cast<std::size_t>(id - 1)], nullptr, nullptr, &w, &h);
  return {static_cast<float>(w), static_cast<float>(h)};
}

void Canvas::draw_image(ImageId id, RectF src, RectF dst, Color tint) {
  if (id <= 0 || id > static_cast<int>(impl_->images.size())) return;
  SDL_Texture* t = impl_->images[static_cast<std::size_t>(id - 1)];
  const SDL_Rect s{static_cast<int>(src.x), static_cast<int>(src.y), static_cast<int>(src.w),
                   static_cast<int>(src.h)};
  const SDL_FRect d{dst.x, dst.y, dst.w, dst.h};
  SDL_SetTextureColorMod(t, tint.r, tint.g, tint.b);
  SDL_SetTextureAlphaMod(t, tint.a);
  SDL_RenderCopyF(impl_->renderer, t, &s, &d);
}

void Canvas::set_clip(RectF r) {
  const SDL_Rect rect{static_cast<int>(std::floor(r.x)), static_cast<int>(std::floor(r.y)),
                      static_cast<int>(std::ceil(r.w)), static_cast<int>(std::ceil(r.h))};
  SDL_RenderSetClipRect(impl_->renderer, &rect);
}

void Canvas::reset_clip() { SDL_RenderSetClipRect(impl_->renderer, nullptr); }

void Canvas::flush_text_cache() { impl_->flush_texts(); }

}  // namespace colonial::platform
