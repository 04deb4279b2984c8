#include "window.h"

#include <SDL.h>
#include <SDL_image.h>
#include <imgui.h>

#include <cstdlib>
#include <vector>

#include "imgui_backend.h"
#include "input_sdl.h"

namespace colonial::platform {

struct Window::Impl {
  bool sdl_started = false;
  bool imgui_started = false;
  bool backends_started = false;
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  std::unique_ptr<Canvas> canvas;
  std::vector<SDL_GameController*> gamepads;
  std::string font_path;             // the overlay's font
  float font_size = 16;              // in points at scale 1
  float ui_scale = 1;
  float font_ratio = 1;              // pixel ratio the font was rasterised for
  SDL_Texture* offscreen = nullptr;  // screenshot target
  int offscreen_w = 0;
  int offscreen_h = 0;

  void output_size(int& w, int& h) const {
    w = 0;
    h = 0;
    if (renderer) SDL_GetRendererOutputSize(renderer, &w, &h);
  }

  float pixel_ratio() const {
    int ww = 0;
    int wh = 0;
    int ow = 0;
    int oh = 0;
    if (window) SDL_GetWindowSize(window, &ww, &wh);
    output_size(ow, oh);
    return ww > 0 && ow > 0 ? static_cast<float>(ow) / static_cast<float>(ww) : 1.0f;
  }

  // (Re)builds the ImGui font atlas and style for a UI scale and pixel
  // ratio: the font is rasterised at output resolution and scaled back to
  // points, so text is sharp on high-DPI screens.
  bool load_ui_font(float scale, float ratio) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    if (!io.Fonts->AddFontFromFileTTF(font_path.c_str(), font_size * scale * ratio)) return false;
    io.FontGlobalScale = 1.0f / ratio;
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
    if (backends_started) imgui_backend::invalidate_fonts();
    ui_scale = scale;
    font_ratio = ratio;
    return true;
  }

  bool start_video(bool fallback_offscreen, std::string& error) {
    if (SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0) return true;
    std::string first = SDL_GetError();
    if (fallback_offscreen) {
      // Override: an SDL_VIDEODRIVER naming a driver that just failed must not win.
      SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "offscreen", SDL_HINT_OVERRIDE);
      if (SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0) {
        SDL_Log("no display (%s); drawing with SDL's offscreen driver", first.c_str());
        return true;
      }
    }
    error = "no display available (SDL: " + first + ")";
    return false;
  }

  void open_gamepad(int device_index, InputEvent& out) {
    SDL_GameController* pad = SDL_GameControllerOpen(device_index);
    if (!pad) return;
    gamepads.push_back(pad);
    out.gamepad = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad));
  }

  void close_gamepad(SDL_JoystickID id) {
    for (std::size_t i = 0; i < gamepads.size(); ++i) {
      if (SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(gamepads[i])) == id) {
        SDL_GameControllerClose(gamepads[i]);
        gamepads.erase(gamepads.begin() + static_cast<std::ptrdiff_t>(i));
        return;
      }
    }
  }
};

Window::Window() : impl_(std::make_unique<Impl>()) {}

Window::~Window() { close(); }

OpenStatus Window::open(const WindowOptions& options, bool fallback_offscreen, std::string& error) {
  close();
  Impl& m = *impl_;
  if (!m.start_video(fallback_offscreen, error)) return OpenStatus::NoDisplay;
  m.sdl_started = true;
  // Gamepads are optional: a machine without udev still plays with a mouse.
  if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0)
    SDL_Log("gamepads unavailable: %s", SDL_GetError());

  // Never open larger than the screen; never smaller than we lay out for.
  int w = options.width;
  int h = options.height;
  SDL_Rect usable;
  if (!options.hidden && SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0) {
    if (w > usable.w) w = usable.w;
    if (h > usable.h) h = usable.h;
  }
  if (w < kMinWindowWidth) w = kMinWindowWidth;
  if (h < kMinWindowHeight) h = kMinWindowHeight;

  Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  flags |= options.hidden ? SDL_WINDOW_HIDDEN : SDL_WINDOW_SHOWN;
  m.window = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags);
  if (!m.window) {
    error = std::string("cannot open a window (SDL: ") + SDL_GetError() + ")";
    close();
    return OpenStatus::Failed;
  }
  SDL_SetWindowMinimumSize(m.window, kMinWindowWidth, kMinWindowHeight);

  if (!options.software_renderer)
    m.renderer = SDL_CreateRenderer(m.window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (!m.renderer) {
    // The software renderer draws into the window's framebuffer; SDL would
    // otherwise present that through an OpenGL texture (on X11 often Mesa's
    // own software GL), which costs more than drawing the whole board.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    m.renderer = SDL_CreateRenderer(m.window, -1, SDL_RENDERER_SOFTWARE);
  }
  if (!m.renderer) {
    error = std::string("cannot create a renderer (SDL: ") + SDL_GetError() + ")";
    close();
    return OpenStatus::Failed;
  }

  m.canvas = std::make_unique<Canvas>(m.renderer);
  if (!m.canvas->set_font(options.font_path, error)) {
    close();
    return OpenStatus::Failed;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  m.imgui_started = true;
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // panels are placed by the game, nothing to remember
  m.font_path = options.font_path;
  m.font_size = options.ui_font_size;
  if (!m.load_ui_font(1.0f, m.pixel_ratio())) {
    error = "cannot load font " + options.font_path + " into ImGui";
    close();
    return OpenStatus::Failed;
  }
  if (!imgui_backend::init(m.window, m.renderer)) {
    error = "cannot start the ImGui SDL backends";
    close();
    return OpenStatus::Failed;
  }
  m.backends_started = true;
  return OpenStatus::Ok;
}

void Window::close() {
  Impl& m = *impl_;
  if (m.offscreen) SDL_DestroyTexture(m.offscreen);
  m.offscreen = nullptr;
  m.canvas.reset();
  if (m.imgui_started) {
    if (m.backends_started) imgui_backend::shutdown();
    m.backends_started = false;
    ImGui::DestroyContext();
    m.imgui_started = false;
  }
  for (SDL_GameController* pad : m.gamepads) SDL_GameControllerClose(pad);
  m.gamepads.clear();
  if (m.renderer) SDL_DestroyRenderer(m.renderer);
  m.renderer = nullptr;
  if (m.window) SDL_DestroyWindow(m.window);
  m.window = nullptr;
  if (m.sdl_started) SDL_Quit();
  m.sdl_started = false;
}

int Window::output_width() const {
  int w = 0;
  int h = 0;
  impl_->output_size(w, h);
  return w;
}

int Window::output_height() const {
  int w = 0;
  int h = 0;
  impl_->output_size(w, h);
  return h;
}

float Window::pixel_ratio() const { return impl_->pixel_ratio(); }

std::string Window::video_driver() const {
  const char* d = SDL_GetCurrentVideoDriver();
  return d ? d : "";
}

std::string Window::renderer_name() const {
  SDL_RendererInfo info;
  if (!impl_->renderer || SDL_GetRendererInfo(impl_->renderer, &info) != 0) return "";
  return info.name;
}

bool Window::fullscreen() const {
  return impl_->window && (SDL_GetWindowFlags(impl_->window) & SDL_WINDOW_FULLSCREEN) != 0;
}

void Window::toggle_fullscreen() {
  if (!impl_->window) return;
  SDL_SetWindowFullscreen(impl_->window, fullscreen() ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
}

bool Window::poll_event(InputEvent& out, int timeout_ms) {
  Impl& m = *impl_;
  SDL_Event e;
  bool wait = timeout_ms > 0;
  for (;;) {
    const int got = wait ? SDL_WaitEventTimeout(&e, timeout_ms) : SDL_PollEvent(&e);
    wait = false;
    if (!got) return false;
    if (m.imgui_started) imgui_backend::process_event(e);
    OutputGeometry g;
    g.pixel_ratio = m.pixel_ratio();
    m.output_size(g.output_width, g.output_height);
    if (!translate_event(e, g, out)) continue;
    if (out.type == InputType::GamepadAdded) {
      m.open_gamepad(e.cdevice.which, out);
      if (out.gamepad < 0) continue;  // not a usable gamepad after all
    } else if (out.type == InputType::GamepadRemoved) {
      m.close_gamepad(e.cdevice.which);
    }
    if (m.imgui_started) {
      const ImGuiIO& io = ImGui::GetIO();
      switch (out.type) {
        case InputType::PointerDown:
        case InputType::PointerUp:
        case InputType::PointerMove:
        case InputType::Wheel:
        case InputType::TouchDown:
        case InputType::TouchUp:
        case InputType::TouchMove: out.ui_captured = io.WantCaptureMouse; break;
        case InputType::KeyDown:
        case InputType::KeyUp: out.ui_captured = io.WantCaptureKeyboard; break;
        case InputType::Text: out.ui_captured = io.WantTextInput; break;
        default: break;
      }
    }
    return true;
  }
}

void Window::set_ui_scale(float scale) {
  Impl& m = *impl_;
  const float ratio = m.pixel_ratio();
  if (scale == m.ui_scale && ratio == m.font_ratio) return;
  // A font that loaded at start-up loads at another size too; should it not,
  // the old atlas is gone, so fall back to scale 1 which is known to work.
  if (!m.load_ui_font(scale, ratio)) m.load_ui_font(1.0f, ratio);
}

void Window::begin_frame() {
  Impl& m = *impl_;
  SDL_SetRenderTarget(m.renderer, nullptr);
  int w = 0;
  int h = 0;
  m.output_size(w, h);
  const float ratio = m.pixel_ratio();
  // Moved to a screen of another pixel density: re-rasterise the font.
  if (ratio != m.font_ratio) m.load_ui_font(m.ui_scale, ratio);
  imgui_backend::new_frame(static_cast<float>(w) / ratio, static_cast<float>(h) / ratio, ratio);
}

void Window::end_frame() {
  imgui_backend::render();
  SDL_RenderPresent(impl_->renderer);
}

bool Window::begin_offscreen_frame(int w, int h, std::string& error) {
  Impl& m = *impl_;
  if (!m.offscreen || m.offscreen_w != w || m.offscreen_h != h) {
    if (m.offscreen) SDL_DestroyTexture(m.offscreen);
    m.offscreen = SDL_CreateTexture(m.renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (!m.offscreen) {
      error = "cannot create a " + std::to_string(w) + "x" + std::to_string(h) + " image (SDL: " + SDL_GetError() + ")";
      return false;
    }
    m.offscreen_w = w;
    m.offscreen_h = h;
  }
  if (SDL_SetRenderTarget(m.renderer, m.offscreen) != 0) {
    error = std::string("cannot draw into an image (SDL: ") + SDL_GetError() + ")";
    return false;
  }
  imgui_backend::new_frame(static_cast<float>(w), static_cast<float>(h), 1.0f);
  return true;
}

void Window::end_offscreen_frame() { imgui_backend::render(); }

bool Window::save_frame_png(const std::string& path, std::string& error) {
  Impl& m = *impl_;
  if (!m.offscreen) {
    error = "no image has been drawn";
    return false;
  }
  SDL_SetRenderTarget(m.renderer, m.offscreen);
  SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, m.offscreen_w, m.offscreen_h, 24, SDL_PIXELFORMAT_RGB24);
  bool ok = s && SDL_RenderReadPixels(m.renderer, nullptr, SDL_PIXELFORMAT_RGB24, s->pixels, s->pitch) == 0;
  if (!ok) error = std::string("cannot read back the image (SDL: ") + SDL_GetError() + ")";
  if (ok && IMG_SavePNG(s, path.c_str()) != 0) {
    error = "cannot write " + path + ": " + IMG_GetError();
    ok = false;
  }
  if (s) SDL_FreeSurface(s);
  SDL_SetRenderTarget(m.renderer, nullptr);
  return ok;
}

Canvas& Window::canvas() { return *impl_->canvas; }

}  // namespace colonial::platform
