#include "window.h"

#include <SDL.h>
#include <SDL_image.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

#include "gamepad_mappings.h"
#include "imgui_backend.h"
#include "input_sdl.h"
#include "main_loop.h"
#include "render_queue.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// A canvas gets no on-screen keyboard on a tablet or a phone: while a text
// field of the app is being typed in, the page's own input element
// (packaging/web/pre.js) has the focus, and what its keyboard types comes
// back here one character at a time.
EM_JS(void, page_text_field, (int typing), {
  if (Module.colonialTextField) Module.colonialTextField(!!typing);
});
EM_JS(void, page_text_field_under_pointer, (int on), { Module.colonialTextFieldUnderPointer = !!on; });
EM_JS(int, page_take_typed, (char* out, int room), {
  const waiting = Module.colonialTyped || [];
  if (!waiting.length) return 0;
  stringToUTF8(waiting.shift(), out, room);
  return 1;
});
#endif

namespace colonial::platform {

namespace {

// True when the point (in ImGui points) lies on an ImGui window as laid out
// in the last frame, or a popup is open. ImGui's WantCaptureMouse tells where
// the pointer was in the last frame; a finger that lands somewhere new (a tap
// on the board just after a tap on a button) must be judged by where it
// lands, or the board would miss the tap.
bool over_imgui(float x, float y) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (g.OpenPopupStack.Size > 0) return true;
  for (const ImGuiWindow* w : g.Windows) {
    if (!w->Active || w->Hidden || w->RootWindow != w || (w->Flags & ImGuiWindowFlags_NoMouseInputs)) continue;
    if (w->OuterRectClipped.Contains(ImVec2(x, y))) return true;
  }
  return false;
}

// Empty when the renderer makes a texture, draws it into an image, copies
// that to the screen (what the board needs) and the image read back holds
// the texture's colour, else what went wrong. The colour matters: SDL's
// desktop OpenGL renderer on a KMS/DRM screen (Mesa through EGL and GBM)
// starts and reports no error, but its copies draw nothing, so the kiosk
// showed an empty screen.
std::string renderer_fails(SDL_Renderer* r) {
  constexpr Uint32 kProbe = 0xFF3366CCu;  // ARGB, opaque
  SDL_Texture* image = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, 4, 4);
  SDL_Texture* target = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, 4, 4);
  Uint32 pixels[16];
  std::fill(std::begin(pixels), std::end(pixels), kProbe);
  Uint32 read[16] = {};
  bool ok = image && target && SDL_UpdateTexture(image, nullptr, pixels, 16) == 0 &&
            SDL_SetRenderTarget(r, target) == 0 && SDL_SetRenderDrawColor(r, 0, 0, 0, 255) == 0 &&
            SDL_RenderClear(r) == 0 && SDL_RenderCopy(r, image, nullptr, nullptr) == 0 &&
            SDL_RenderReadPixels(r, nullptr, SDL_PIXELFORMAT_ARGB8888, read, 16) == 0;
  const bool drew = ok && read[5] == kProbe;
  ok = ok && SDL_SetRenderTarget(r, nullptr) == 0 && SDL_RenderCopy(r, target, nullptr, nullptr) == 0 &&
       SDL_RenderFlush(r) == 0;
  std::string why = ok ? std::string() : SDL_GetError();
  if (!ok && why.empty()) why = "it cannot draw into an image";
  if (ok && !drew) why = "an image drawn with it stays empty";
  if (image) SDL_DestroyTexture(image);
  if (target) SDL_DestroyTexture(target);
  return why;
}

// SDL's index of the render driver called `name`, or -1.
int render_driver_index(const char* name) {
  for (int i = 0; i < SDL_GetNumRenderDrivers(); ++i) {
    SDL_RendererInfo info;
    if (SDL_GetRenderDriverInfo(i, &info) == 0 && SDL_strcmp(info.name, name) == 0) return i;
  }
  return -1;
}

// SDL's software renderer, named (an SDL_RENDER_DRIVER naming another must
// not win), drawing into the window's framebuffer: SDL would otherwise
// present that through an OpenGL texture (on X11 often Mesa's own software
// GL), which costs more than drawing the whole board.
SDL_Renderer* software_renderer(SDL_Window* window) {
  SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
  const int index = render_driver_index("software");
  return index < 0 ? nullptr : SDL_CreateRenderer(window, index, SDL_RENDERER_SOFTWARE);
}

// The GPU renderer at SDL's index `index` (-1: SDL's choice, or
// SDL_RENDER_DRIVER's) if it starts and draws; else null, with the reason
// in the log and the driver's name in `tried`.
SDL_Renderer* working_gpu_renderer(SDL_Window* window, int index, const char* asked, std::string& tried) {
  SDL_Renderer* r = SDL_CreateRenderer(window, index, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  const std::string why = r ? renderer_fails(r) : std::string(SDL_GetError());
  if (r && why.empty()) return r;
  SDL_RendererInfo info;
  std::string name = asked ? asked : "";
  if (r && SDL_GetRendererInfo(r, &info) == 0) name = info.name;
  if (index >= 0 && SDL_GetRenderDriverInfo(index, &info) == 0) name = info.name;
  if (r) SDL_DestroyRenderer(r);
  SDL_Log("the GPU renderer%s%s could not start (%s)", name.empty() ? "" : " ", name.c_str(), why.c_str());
  tried = name;
  return nullptr;
}

// The GPU's renderer (SDL's choice, or SDL_RENDER_DRIVER's: a driver named
// there wins over `software`, so that tests run on the GPU renderer too),
// else the software one. On a KMS/DRM screen (a kiosk, a handheld) OpenGL ES
// comes first: it is what those GPUs' drivers (a Pi's v3d) are made for,
// and SDL's desktop OpenGL renderer draws nothing there. A GPU renderer that
// fails to start, or to make and draw the images the board needs, gives way
// to the next GPU renderer and last to the software one, each with a line in
// the log: a board on the screen, never a black one.
SDL_Renderer* create_renderer(SDL_Window* window, bool software) {
  const char* asked = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
  const bool named = asked && *asked;
  if (named) software = SDL_strcasecmp(asked, "software") == 0;
  // SDL draws one by one when a driver is named: batched, a frame is a few
  // calls to the GPU driver, not hundreds (the CPU's share on a Pi).
  SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
  if (!software) {
    const char* video = SDL_GetCurrentVideoDriver();
    const bool kms = video && SDL_strcasecmp(video, "KMSDRM") == 0;
    const int first = named ? -1 : kms ? render_driver_index("opengles2") : -1;
    std::string tried;
    if (SDL_Renderer* r = working_gpu_renderer(window, first, named ? asked : nullptr, tried)) return r;
    std::string all_tried = tried;
    if (!named) {
      for (int i = 0; i < SDL_GetNumRenderDrivers(); ++i) {
        SDL_RendererInfo info;
        if (SDL_GetRenderDriverInfo(i, &info) != 0 || tried == info.name || SDL_strcmp(info.name, "software") == 0 ||
            !(info.flags & SDL_RENDERER_ACCELERATED))
          continue;
        std::string also;
        if (SDL_Renderer* r = working_gpu_renderer(window, i, nullptr, also)) return r;
        all_tried += (all_tried.empty() ? "" : ", ") + also;
      }
    }
    SDL_Log("the GPU renderers tried (%s) could not start; drawing with the software renderer", all_tried.c_str());
  }
  return software_renderer(window);
}

}  // namespace

struct Window::Impl {
  bool sdl_started = false;
  bool imgui_started = false;
  bool backends_started = false;
  bool gamepads_pending = false;  // started at the first look for input after a frame is shown
  bool presented = false;         // a frame has been shown
  bool page_typing = false;       // the page's input element has the focus (a browser)
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  std::unique_ptr<Canvas> canvas;
  std::vector<SDL_GameController*> gamepads;
  SDL_JoystickID last_gamepad = -1;  // the pad whose button or stick moved last
  // Whether the press under way began on the overlay: its release belongs
  // where the press went, whatever the overlay said last frame.
  bool press_on_overlay = false;
  std::string font_path;  // the overlay's font
  float font_size = 16;   // in points at scale 1
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
    // Latin-1 and the punctuation and symbols orders and results use: the
    // rulebook's dash (F HK S F GOS—SCS), quotes, arrows, check marks.
    static const ImWchar kGlyphs[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x2193, 0x2713, 0x2717, 0};
    // Each glyph rasterised once, not three times across (ImGui's default
    // oversampling, for text placed between pixels; PixelSnapH puts every
    // glyph on a whole pixel instead): the atlas is made at every start,
    // and this is nearly a third of its instructions and of its texture.
    ImFontConfig config;
    config.OversampleH = 1;
    config.PixelSnapH = true;
    if (!io.Fonts->AddFontFromFileTTF(font_path.c_str(), font_size * scale * ratio, &config, kGlyphs)) return false;
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
    if (SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0) {
      // SDL falls back to its invisible offscreen driver by itself when no
      // display answers; a player would see nothing. Only an explicit
      // SDL_VIDEODRIVER=offscreen (tests, tools) or a screenshot may use it.
      const char* driver = SDL_GetCurrentVideoDriver();
      const char* asked = SDL_getenv("SDL_VIDEODRIVER");
      const bool invisible = driver && (!SDL_strcmp(driver, "offscreen") || !SDL_strcmp(driver, "dummy"));
      if (!invisible || fallback_offscreen || (asked && !SDL_strcasecmp(asked, driver))) return true;
      SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS);
      error = "no display available (SDL found no X11, Wayland or KMS display)";
      return false;
    }
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

  // Gamepads are optional: a machine without udev still plays with a mouse.
  // Started after the first frame is presented: SDL's controller database
  // (hundreds of mappings, each added by a linear search) costs as much as a
  // tenth of the start-up, and a pad is only read through events, which
  // SDL sends for the pads already plugged in once it starts (so they are
  // started when events are next looked for, after the first frame).
  void start_gamepads() {
    if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0) {
      SDL_Log("gamepads unavailable: %s", SDL_GetError());
      return;
    }
    // Before any pad is opened, so that the handhelds' pads get their mappings.
    std::vector<std::string> messages;
    const MappingCounts counts = load_gamepad_mappings(messages);
    for (const std::string& message : messages) SDL_Log("gamepad mappings: %s", message.c_str());
    if (counts.added + counts.updated > 0)
      SDL_Log("gamepad mappings: %d added to SDL's own (%d replaced)", counts.added + counts.updated, counts.updated);
  }

  // The window, its renderer and the canvas with its font.
  bool open_window(const WindowOptions& options, std::string& error) {
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
    window = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags);
    if (!window) {
      error = std::string("cannot open a window (SDL: ") + SDL_GetError() + ")";
      return false;
    }
    SDL_SetWindowMinimumSize(window, kMinWindowWidth, kMinWindowHeight);
    renderer = create_renderer(window, options.software_renderer);
    if (!renderer) {
      error = std::string("cannot create a renderer (SDL: ") + SDL_GetError() + ")";
      return false;
    }
    canvas = std::make_unique<Canvas>(renderer);
    return canvas->set_font(options.font_path, error);
  }

  bool start_imgui(const WindowOptions& options, std::string& error) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    imgui_started = true;
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // panels are placed by the game, nothing to remember
    font_path = options.font_path;
    font_size = options.ui_font_size;
    if (!load_ui_font(1.0f, pixel_ratio())) {
      error = "cannot load font " + options.font_path + " into ImGui";
      return false;
    }
    if (!imgui_backend::init(window, renderer)) {
      error = "cannot start the ImGui SDL backends";
      return false;
    }
    backends_started = true;
    return true;
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
  m.gamepads_pending = true;
  if (!m.open_window(options, error) || !m.start_imgui(options, error)) {
    close();
    return OpenStatus::Failed;
  }
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
  m.gamepads_pending = m.presented = false;
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

namespace {

// Pads printed with a Super Nintendo layout (B at the bottom, A on the
// right) whose mappings name buttons by position, as the handhelds' lines of
// SDL_GameControllerDB (assets/gamepads/handhelds.txt) do.
bool handheld_layout(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* maker : {"anbernic", "retrogame", "odroid", "go-advance", "go-super", "gameforce"})
    if (lower.find(maker) != std::string::npos) return true;
  return false;
}

}  // namespace

Window::GamepadInHand Window::gamepad_in_hand() const {
  const Impl& m = *impl_;
  SDL_GameController* pad = nullptr;
  for (SDL_GameController* p : m.gamepads)
    if (!pad || SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(p)) == m.last_gamepad) pad = p;
  GamepadInHand in_hand;
  if (!pad) return in_hand;
  const char* name = SDL_GameControllerName(pad);
  in_hand.name = name ? name : "gamepad";
  switch (SDL_GameControllerGetType(pad)) {
    case SDL_CONTROLLER_TYPE_PS3:
    case SDL_CONTROLLER_TYPE_PS4:
    case SDL_CONTROLLER_TYPE_PS5: in_hand.faces = GamepadFaces::PlayStation; break;
    default: in_hand.faces = handheld_layout(in_hand.name) ? GamepadFaces::Handheld : GamepadFaces::Xbox; break;
  }
  return in_hand;
}

void text_field_under_pointer(bool on) {
#ifdef __EMSCRIPTEN__
  page_text_field_under_pointer(on ? 1 : 0);
#else
  (void)on;
#endif
}

void Window::toggle_fullscreen() {
  if (!impl_->window) return;
  SDL_SetWindowFullscreen(impl_->window, fullscreen() ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
}

bool Window::poll_event(InputEvent& out, int timeout_ms) {
  Impl& m = *impl_;
  if (m.gamepads_pending && m.presented) {
    m.gamepads_pending = false;
    m.start_gamepads();
  }
  SDL_Event e;
#ifdef __EMSCRIPTEN__
  // Typed on the page's input element (an on-screen keyboard): as SDL's own text.
  char typed[SDL_TEXTINPUTEVENT_TEXT_SIZE];
  while (page_take_typed(typed, sizeof typed)) {
    SDL_Event text{};
    text.type = SDL_TEXTINPUT;
    text.text.windowID = SDL_GetWindowID(m.window);
    SDL_strlcpy(text.text.text, typed, sizeof text.text.text);
    SDL_PushEvent(&text);
  }
#endif
  // A browser's frame never waits: the page would freeze meanwhile.
  bool wait = timeout_ms > 0 && !in_a_browser();
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
    } else if (out.type == InputType::GamepadUnmapped) {
      char guid[33];
      SDL_JoystickGetGUIDString(SDL_JoystickGetDeviceGUID(e.jdevice.which), guid, sizeof guid);
      SDL_Log(
          "gamepad: '%s' (GUID %s) has no mapping, so its buttons do nothing: add its line of "
          "SDL_GameControllerDB to %s or SDL_GAMECONTROLLERCONFIG",
          out.text, guid, user_gamepad_mappings_path().c_str());
    } else if (out.type == InputType::GamepadRemoved) {
      m.close_gamepad(e.cdevice.which);
    } else if (out.type == InputType::GamepadButtonDown || out.type == InputType::GamepadAxis) {
      m.last_gamepad = out.gamepad;
    }
    if (m.imgui_started) {
      const ImGuiIO& io = ImGui::GetIO();
      switch (out.type) {
        case InputType::PointerDown:
        case InputType::TouchDown: {
          const float r = g.pixel_ratio > 0 ? g.pixel_ratio : 1.0f;
          out.ui_captured = m.press_on_overlay = over_imgui(out.x / r, out.y / r);
          break;
        }
        // A quick tap comes down and up before the overlay draws a frame
        // with the pointer there (a tap on the board just after one on a
        // button would be taken for the button's): the release goes with
        // its press.
        case InputType::PointerUp:
        case InputType::TouchUp: out.ui_captured = m.press_on_overlay; break;
        case InputType::PointerMove:
        case InputType::Wheel:
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
  colonial_run_queued_draws(m.renderer, QueueRun::SwitchTarget, nullptr);
  int w = 0;
  int h = 0;
  m.output_size(w, h);
  const float ratio = m.pixel_ratio();
  // Moved to a screen of another pixel density: re-rasterise the font.
  if (ratio != m.font_ratio) m.load_ui_font(m.ui_scale, ratio);
  imgui_backend::new_frame(static_cast<float>(w) / ratio, static_cast<float>(h) / ratio, ratio);
#ifdef __EMSCRIPTEN__
  const bool typing = ImGui::GetIO().WantTextInput;
  if (typing != m.page_typing) page_text_field(typing ? 1 : 0);
  m.page_typing = typing;
#endif
}

void Window::end_frame() {
  imgui_backend::render();
  colonial_run_queued_draws(impl_->renderer, QueueRun::Present);
  impl_->presented = true;
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
  if (colonial_run_queued_draws(m.renderer, QueueRun::SwitchTarget, m.offscreen) != 0) {
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
  colonial_run_queued_draws(m.renderer, QueueRun::SwitchTarget, m.offscreen);
  SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, m.offscreen_w, m.offscreen_h, 24, SDL_PIXELFORMAT_RGB24);
  bool ok = s && SDL_RenderReadPixels(m.renderer, nullptr, SDL_PIXELFORMAT_RGB24, s->pixels, s->pitch) == 0;
  if (!ok) error = std::string("cannot read back the image (SDL: ") + SDL_GetError() + ")";
  if (ok && IMG_SavePNG(s, path.c_str()) != 0) {
    error = "cannot write " + path + ": " + IMG_GetError();
    ok = false;
  }
  if (s) SDL_FreeSurface(s);
  colonial_run_queued_draws(m.renderer, QueueRun::SwitchTarget, nullptr);
  return ok;
}

Canvas& Window::canvas() { return *impl_->canvas; }

// ---------------------------------------------------------------------------
// Scripted input and screenshots of the live window
// ---------------------------------------------------------------------------

namespace {

// The SDL key (and scancode, which ImGui reads) that translate_key maps to k.
bool sdl_key_for(Key k, SDL_Keycode& sym, SDL_Scancode& code) {
  for (int sc = 0; sc < SDL_NUM_SCANCODES; ++sc) {
    const SDL_Keycode candidate = SDL_GetKeyFromScancode(static_cast<SDL_Scancode>(sc));
    if (candidate != SDLK_UNKNOWN && translate_key(candidate) == k) {
      sym = candidate;
      code = static_cast<SDL_Scancode>(sc);
      return true;
    }
  }
  return false;
}

Uint16 sdl_mods(std::uint8_t m) {
  Uint16 out = 0;
  if (m & kModShift) out |= KMOD_LSHIFT;
  if (m & kModCtrl) out |= KMOD_LCTRL;
  if (m & kModAlt) out |= KMOD_LALT;
  if (m & kModGui) out |= KMOD_LGUI;
  return out;
}

Uint8 sdl_mouse_button(PointerButton b) {
  switch (b) {
    case PointerButton::Right: return SDL_BUTTON_RIGHT;
    case PointerButton::Middle: return SDL_BUTTON_MIDDLE;
    default: return SDL_BUTTON_LEFT;
  }
}

int sdl_pad_button(GamepadButton b) {
  switch (b) {
    case GamepadButton::A: return SDL_CONTROLLER_BUTTON_A;
    case GamepadButton::B: return SDL_CONTROLLER_BUTTON_B;
    case GamepadButton::X: return SDL_CONTROLLER_BUTTON_X;
    case GamepadButton::Y: return SDL_CONTROLLER_BUTTON_Y;
    case GamepadButton::Back: return SDL_CONTROLLER_BUTTON_BACK;
    case GamepadButton::Guide: return SDL_CONTROLLER_BUTTON_GUIDE;
    case GamepadButton::Start: return SDL_CONTROLLER_BUTTON_START;
    case GamepadButton::LeftStick: return SDL_CONTROLLER_BUTTON_LEFTSTICK;
    case GamepadButton::RightStick: return SDL_CONTROLLER_BUTTON_RIGHTSTICK;
    case GamepadButton::LeftShoulder: return SDL_CONTROLLER_BUTTON_LEFTSHOULDER;
    case GamepadButton::RightShoulder: return SDL_CONTROLLER_BUTTON_RIGHTSHOULDER;
    case GamepadButton::DpadUp: return SDL_CONTROLLER_BUTTON_DPAD_UP;
    case GamepadButton::DpadDown: return SDL_CONTROLLER_BUTTON_DPAD_DOWN;
    case GamepadButton::DpadLeft: return SDL_CONTROLLER_BUTTON_DPAD_LEFT;
    case GamepadButton::DpadRight: return SDL_CONTROLLER_BUTTON_DPAD_RIGHT;
    default: return -1;
  }
}

bool push(SDL_Event& e) {
  e.common.timestamp = SDL_GetTicks();
  return SDL_PushEvent(&e) == 1;
}

bool save_renderer_png(SDL_Renderer* renderer, int w, int h, const std::string& path, std::string& error,
                       const SDL_Rect* part = nullptr) {
  if (part) {
    w = part->w;
    h = part->h;
  }
  SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
  bool ok = s && SDL_RenderReadPixels(renderer, part, SDL_PIXELFORMAT_RGB24, s->pixels, s->pitch) == 0;
  if (!ok) error = std::string("cannot read back the image (SDL: ") + SDL_GetError() + ")";
  if (ok && IMG_SavePNG(s, path.c_str()) != 0) {
    error = "cannot write " + path + ": " + IMG_GetError();
    ok = false;
  }
  if (s) SDL_FreeSurface(s);
  return ok;
}

// A finger on the screen as SDL would report it (in pixels of the output,
// `ow` x `oh`), then SDL's own mouse emulation of the first finger
// (SDL_HINT_TOUCH_MOUSE_EVENTS) at (px, py) in points.
bool push_touch(const InputEvent& in, Uint32 window_id, int px, int py, int ow, int oh) {
  if (ow <= 0 || oh <= 0) return false;
  SDL_Event e;
  SDL_zero(e);
  e.type = in.type == InputType::TouchDown ? SDL_FINGERDOWN
           : in.type == InputType::TouchUp ? SDL_FINGERUP
                                           : SDL_FINGERMOTION;
  e.tfinger.touchId = 1;
  e.tfinger.fingerId = in.finger;
  e.tfinger.x = in.x / static_cast<float>(ow);
  e.tfinger.y = in.y / static_cast<float>(oh);
  e.tfinger.dx = in.dx / static_cast<float>(ow);
  e.tfinger.dy = in.dy / static_cast<float>(oh);
  e.tfinger.pressure = in.type == InputType::TouchUp ? 0.0f : 1.0f;
  e.tfinger.windowID = window_id;
  if (!push(e)) return false;
  auto touch_mouse = [&](Uint32 type) {
    SDL_Event me;
    SDL_zero(me);
    me.type = type;
    if (type == SDL_MOUSEMOTION) {
      me.motion.windowID = window_id;
      me.motion.which = SDL_TOUCH_MOUSEID;
      me.motion.x = px;
      me.motion.y = py;
      me.motion.state = in.type == InputType::TouchMove ? SDL_BUTTON_LMASK : 0;
    } else {
      me.button.windowID = window_id;
      me.button.which = SDL_TOUCH_MOUSEID;
      me.button.button = SDL_BUTTON_LEFT;
      me.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
      me.button.clicks = 1;
      me.button.x = px;
      me.button.y = py;
    }
    return push(me);
  };
  if (in.type == InputType::TouchDown) return touch_mouse(SDL_MOUSEMOTION) && touch_mouse(SDL_MOUSEBUTTONDOWN);
  if (in.type == InputType::TouchMove) return touch_mouse(SDL_MOUSEMOTION);
  return touch_mouse(SDL_MOUSEBUTTONUP);
}

}  // namespace

void Window::wake() {
  // An event nobody translates: poll_event drops it after it ended the wait.
  SDL_Event e;
  SDL_zero(e);
  e.type = SDL_USEREVENT;
  SDL_PushEvent(&e);
}

bool Window::push_event(const InputEvent& in) {
  Impl& m = *impl_;
  if (!m.window) return false;
  const Uint32 window_id = SDL_GetWindowID(m.window);
  const float ratio = m.pixel_ratio();
  int ow = 0;
  int oh = 0;
  m.output_size(ow, oh);
  const int px = static_cast<int>(in.x / ratio);
  const int py = static_cast<int>(in.y / ratio);
  SDL_Event e;
  SDL_zero(e);
  switch (in.type) {
    case InputType::Quit: e.type = SDL_QUIT; return push(e);
    case InputType::PointerMove:
      e.type = SDL_MOUSEMOTION;
      e.motion.windowID = window_id;
      e.motion.which = in.from_touch ? SDL_TOUCH_MOUSEID : 0;
      e.motion.x = px;
      e.motion.y = py;
      e.motion.xrel = static_cast<Sint32>(in.dx / ratio);
      e.motion.yrel = static_cast<Sint32>(in.dy / ratio);
      return push(e);
    case InputType::PointerDown:
    case InputType::PointerUp:
      e.type = in.type == InputType::PointerDown ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
      e.button.windowID = window_id;
      e.button.which = in.from_touch ? SDL_TOUCH_MOUSEID : 0;
      e.button.button = sdl_mouse_button(in.button);
      e.button.state = in.type == InputType::PointerDown ? SDL_PRESSED : SDL_RELEASED;
      e.button.clicks = 1;
      e.button.x = px;
      e.button.y = py;
      return push(e);
    case InputType::TouchDown:
    case InputType::TouchUp:
    case InputType::TouchMove: return push_touch(in, window_id, px, py, ow, oh);
    case InputType::Wheel:
      e.type = SDL_MOUSEWHEEL;
      e.wheel.windowID = window_id;
      e.wheel.x = static_cast<Sint32>(in.dx);
      e.wheel.y = static_cast<Sint32>(in.dy);
      e.wheel.preciseX = in.dx;
      e.wheel.preciseY = in.dy;
      e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
      return push(e);
    case InputType::KeyDown:
    case InputType::KeyUp: {
      SDL_Keycode sym = SDLK_UNKNOWN;
      SDL_Scancode code = SDL_SCANCODE_UNKNOWN;
      if (!sdl_key_for(in.key, sym, code)) return false;
      e.type = in.type == InputType::KeyDown ? SDL_KEYDOWN : SDL_KEYUP;
      e.key.windowID = window_id;
      e.key.state = in.type == InputType::KeyDown ? SDL_PRESSED : SDL_RELEASED;
      e.key.repeat = in.repeat ? 1 : 0;
      e.key.keysym.sym = sym;
      e.key.keysym.scancode = code;
      e.key.keysym.mod = sdl_mods(in.mods);
      return push(e);
    }
    case InputType::Text: {
      e.type = SDL_TEXTINPUT;
      e.text.windowID = window_id;
      static_assert(sizeof(e.text.text) >= sizeof(in.text));
      SDL_memcpy(e.text.text, in.text, sizeof(in.text));
      e.text.text[sizeof(e.text.text) - 1] = 0;
      return push(e);
    }
    case InputType::GamepadButtonDown:
    case InputType::GamepadButtonUp: {
      const int b = sdl_pad_button(in.pad_button);
      if (b < 0) return false;
      e.type = in.type == InputType::GamepadButtonDown ? SDL_CONTROLLERBUTTONDOWN : SDL_CONTROLLERBUTTONUP;
      e.cbutton.which = in.gamepad;
      e.cbutton.button = static_cast<Uint8>(b);
      e.cbutton.state = in.type == InputType::GamepadButtonDown ? SDL_PRESSED : SDL_RELEASED;
      return push(e);
    }
    case InputType::GamepadAxis: {
      // Scripted input only (random input in the kiosk soak test).
      static const SDL_GameControllerAxis kAxes[] = {SDL_CONTROLLER_AXIS_INVALID,     SDL_CONTROLLER_AXIS_LEFTX,
                                                     SDL_CONTROLLER_AXIS_LEFTY,       SDL_CONTROLLER_AXIS_RIGHTX,
                                                     SDL_CONTROLLER_AXIS_RIGHTY,      SDL_CONTROLLER_AXIS_TRIGGERLEFT,
                                                     SDL_CONTROLLER_AXIS_TRIGGERRIGHT};
      const int a = static_cast<int>(in.axis);
      if (a <= 0 || a > 6) return false;
      e.type = SDL_CONTROLLERAXISMOTION;
      e.caxis.which = in.gamepad;
      e.caxis.axis = static_cast<Uint8>(kAxes[a]);
      const float v = in.value < -1.0f ? -1.0f : in.value > 1.0f ? 1.0f : in.value;
      e.caxis.value = static_cast<Sint16>(v * 32767.0f);
      return push(e);
    }
    case InputType::GamepadAdded:
    case InputType::GamepadRemoved:
      // Added: `gamepad` is taken as a device index (opening it fails
      // harmlessly when there is no such device); removed: an instance id.
      e.type = in.type == InputType::GamepadAdded ? SDL_CONTROLLERDEVICEADDED : SDL_CONTROLLERDEVICEREMOVED;
      e.cdevice.which = in.gamepad;
      return push(e);
    default: return false;
  }
}

bool Window::end_frame_saving(const std::string& png_path, std::string& error, RectF part) {
  Impl& m = *impl_;
  imgui_backend::render();
  int w = 0;
  int h = 0;
  m.output_size(w, h);
  SDL_Rect r{static_cast<int>(part.x), static_cast<int>(part.y), static_cast<int>(part.w), static_cast<int>(part.h)};
  const bool cropped = part.w > 0 && part.h > 0;
  if (cropped) {
    r.x = std::clamp(r.x, 0, w - 1);
    r.y = std::clamp(r.y, 0, h - 1);
    r.w = std::clamp(r.w, 1, w - r.x);
    r.h = std::clamp(r.h, 1, h - r.y);
  }
  const bool ok = save_renderer_png(m.renderer, w, h, png_path, error, cropped ? &r : nullptr);
  colonial_run_queued_draws(m.renderer, QueueRun::Present);
  m.presented = true;
  return ok;
}

}  // namespace colonial::platform
