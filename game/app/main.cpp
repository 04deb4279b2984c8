// colonial: the game. Opens a window with the board and its overlay, or with
// --screenshot draws the start position into a PNG and exits.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "board_view.h"
#include "clock.h"
#include "files.h"
#include "map.h"
#include "overlay.h"
#include "position.h"
#include "window.h"

namespace colonial {
namespace {

constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;
constexpr int kMaxScreenshotSide = 7680;

struct Options {
  bool help = false;
  bool version = false;
  std::string map = "colonial";
  std::string screenshot;  // empty: play
  int width = 1280;        // screenshot size in pixels
  int height = 720;
  bool size_given = false;
};

void print_help() {
  std::printf(
      "colonial %s - Colonial Diplomacy: the board, its rules and a table to play at\n"
      "\n"
      "usage: colonial [--map NAME|FILE] [--screenshot FILE [--size WxH]]\n"
      "\n"
      "  --map NAME|FILE    the board: a built-in map (colonial, standard) or a map\n"
      "                     file in the format of docs/MAP-FORMAT.md (default colonial)\n"
      "  --screenshot FILE  draw the start position once into FILE (PNG) and exit;\n"
      "                     works without a display (SDL's offscreen driver)\n"
      "  --size WxH         the screenshot's size in pixels (default 1280x720)\n"
      "  --version          print the version and exit\n"
      "  --help             print this help and exit\n"
      "\n"
      "In the window: drag, the wheel, a pinch, the arrow keys, + and - or a gamepad's\n"
      "sticks move and zoom the board (Home shows all of it); F2 switches to the\n"
      "colour-blind palette and back; F11 or Alt+Enter toggles fullscreen; Esc quits.\n"
      "Environment: SDL_VIDEODRIVER picks the display (x11, wayland, kmsdrm, offscreen);\n"
      "COLONIAL_ASSETS names the assets directory if it is not found by itself.\n"
      "Exit status: 0 success, 1 failure, 2 usage error.\n",
      COLONIAL_VERSION);
}

bool parse_size(const char* text, int& w, int& h) {
  char x = 0;
  char rest = 0;
  return std::sscanf(text, "%d%c%d%c", &w, &x, &h, &rest) == 3 && (x == 'x' || x == 'X');
}

// Returns 0 when the options are good, else prints why and returns kExitUsage.
int parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const char* a = argv[i];
    auto value = [&](const char* name) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "colonial: %s needs a value; run colonial --help\n", name);
        return nullptr;
      }
      return argv[++i];
    };
    if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
      o.help = true;
    } else if (!std::strcmp(a, "--version")) {
      o.version = true;
    } else if (!std::strcmp(a, "--map")) {
      const char* v = value(a);
      if (!v) return kExitUsage;
      o.map = v;
    } else if (!std::strcmp(a, "--screenshot")) {
      const char* v = value(a);
      if (!v) return kExitUsage;
      if (!*v) {
        std::fprintf(stderr, "colonial: --screenshot needs a file name\n");
        return kExitUsage;
      }
      o.screenshot = v;
    } else if (!std::strcmp(a, "--size")) {
      const char* v = value(a);
      if (!v) return kExitUsage;
      if (!parse_size(v, o.width, o.height) || o.width < platform::kMinWindowWidth ||
          o.height < platform::kMinWindowHeight || o.width > kMaxScreenshotSide || o.height > kMaxScreenshotSide) {
        std::fprintf(stderr, "colonial: --size wants WIDTHxHEIGHT between %dx%d and %dx%d, not '%s'\n",
                     platform::kMinWindowWidth, platform::kMinWindowHeight, kMaxScreenshotSide, kMaxScreenshotSide,
                     v);
        return kExitUsage;
      }
      o.size_given = true;
    } else {
      std::fprintf(stderr, "colonial: unknown option '%s'; run colonial --help\n", a);
      return kExitUsage;
    }
  }
  if (o.size_given && o.screenshot.empty()) {
    std::fprintf(stderr, "colonial: --size only applies to --screenshot (the window is resized by hand)\n");
    return kExitUsage;
  }
  return 0;
}

// Loads a built-in map by name, or else a map file.
bool load_board(const std::string& name, Map& map) {
  std::string file_text;
  std::string_view text = builtin_map_text(name);
  std::string file_name = name + ".map";
  if (text.empty()) {
    std::string error;
    if (!platform::read_file(name, file_text, error)) {
      std::fprintf(stderr, "colonial: %s (the built-in maps are: colonial, standard)\n", error.c_str());
      return false;
    }
    text = file_text;
    file_name = name;
  }
  MapErrors errors;
  if (!load_map(text, file_name, map, errors)) {
    FixedString<4096> report;
    errors.format(report);
    std::fprintf(stderr, "colonial: cannot load the map:\n%s", report.c_str());
    return false;
  }
  return true;
}

// One frame: the board beside the status panel, and a tooltip for the
// location under the pointer (if any). Sizes in output pixels; ratio =
// pixels per ImGui point.
void draw_frame(platform::Canvas& canvas, BoardView& view, const Map& map, const Position& position, float out_w,
                float out_h, float ratio, const platform::PointF* pointer) {
  const float panel_points = draw_status_panel(map, position, out_w / ratio, out_h / ratio, view.uses_anchors());
  const float left = panel_points * ratio;
  view.set_view({left, 0, out_w - left, out_h});
  canvas.clear({24, 34, 48, 255});
  view.draw(canvas);
  if (pointer && !ImGui::GetIO().WantCaptureMouse) {
    const LocationId l = view.location_at(*pointer, 24.0f * ratio);
    if (l != kNoLocation) draw_location_tooltip(map, position, l);
  }
}

// The overlay grows with the screen (a 4K monitor without OS scaling gets a
// double-size panel), in quarter steps so that resizing the window does not
// re-rasterise the font at every pixel. Sizes in ImGui points.
float ui_scale_for(float display_w, float display_h) {
  const float s = std::min(display_w / 1280.0f, display_h / 720.0f);
  return std::clamp(std::floor(s * 4.0f) / 4.0f, 1.0f, 3.0f);
}

std::string find_font() {
  std::string searched;
  std::string path = platform::find_asset("fonts/DejaVuSans.ttf", searched);
  if (path.empty())
    std::fprintf(stderr,
                 "colonial: cannot find fonts/DejaVuSans.ttf in the assets (looked in: %s); set COLONIAL_ASSETS "
                 "to the assets directory of the source tree\n",
                 searched.c_str());
  return path;
}

int report_open_failure(platform::OpenStatus status, const std::string& error) {
  if (status == platform::OpenStatus::NoDisplay)
    std::fprintf(stderr,
                 "colonial: %s. Set DISPLAY (X11) or WAYLAND_DISPLAY to a running display, or use "
                 "SDL_VIDEODRIVER=offscreen with --screenshot FILE to draw without one.\n",
                 error.c_str());
  else
    std::fprintf(stderr, "colonial: %s\n", error.c_str());
  return kExitFailure;
}

int take_screenshot(const Options& o, const Map& map, const Position& position, const std::string& font) {
  platform::Window window;
  platform::WindowOptions wo;
  wo.title = "Colonial (screenshot)";
  wo.width = o.width;
  wo.height = o.height;
  wo.hidden = true;
  wo.software_renderer = true;  // the same pixels on every machine
  wo.font_path = font;
  std::string error;
  const platform::OpenStatus status = window.open(wo, true, error);
  if (status != platform::OpenStatus::Ok) return report_open_failure(status, error);
  BoardView view;
  view.set_map(&map);
  view.set_position(&position);
  // ImGui sizes auto-fitting panels and tables over its first frames; the
  // second frame is the settled one.
  window.set_ui_scale(ui_scale_for(static_cast<float>(o.width), static_cast<float>(o.height)));
  for (int frame = 0; frame < 2; ++frame) {
    if (!window.begin_offscreen_frame(o.width, o.height, error)) {
      std::fprintf(stderr, "colonial: %s\n", error.c_str());
      return kExitFailure;
    }
    draw_frame(window.canvas(), view, map, position, static_cast<float>(o.width), static_cast<float>(o.height),
               1.0f, nullptr);
    window.end_offscreen_frame();
  }
  if (!window.save_frame_png(o.screenshot, error)) {
    std::fprintf(stderr, "colonial: %s\n", error.c_str());
    return kExitFailure;
  }
  std::printf("colonial: wrote %s (%dx%d, video driver %s, renderer %s)\n", o.screenshot.c_str(), o.width,
              o.height, window.video_driver().c_str(), window.renderer_name().c_str());
  return 0;
}

int play(const Map& map, const Position& position, const std::string& font) {
  platform::Window window;
  platform::WindowOptions wo;
  wo.title = "Colonial - " + std::string(map.name());
  wo.font_path = font;
  std::string error;
  const platform::OpenStatus status = window.open(wo, false, error);
  if (status != platform::OpenStatus::Ok) return report_open_failure(status, error);
  BoardView view;
  view.set_map(&map);
  view.set_position(&position);
  platform::PointF pointer;
  bool pointer_inside = false;
  bool announced = false;
  double last_frame = platform::seconds_since_start();
  for (bool running = true; running;) {
    // Sleep until something happens (or a quarter second passes), then take
    // every pending event before drawing once.
    // While the board glides (a zoom, a held stick) frames follow at once.
    platform::InputEvent e;
    for (int wait = view.animating() ? 0 : 250; running && window.poll_event(e, wait); wait = 0) {
      // Pan and zoom: drag, wheel, pinch, arrows, + and -, gamepad sticks.
      view.handle_input(e);
      switch (e.type) {
        case platform::InputType::Quit: running = false; break;
        case platform::InputType::KeyDown:
          if (e.key == platform::Key::Escape) running = false;
          if (e.key == platform::Key::F11 || (e.key == platform::Key::Enter && (e.mods & platform::kModAlt)))
            if (!e.repeat) window.toggle_fullscreen();
          if (e.key == platform::Key::F2 && !e.repeat)
            view.set_palette(view.palette() == PaletteKind::Board ? PaletteKind::ColourBlind : PaletteKind::Board);
          break;
        case platform::InputType::PointerMove:
          pointer = {e.x, e.y};
          pointer_inside = true;
          break;
        case platform::InputType::PointerLeave: pointer_inside = false; break;
        default: break;
      }
    }
    if (!running) break;
    const double now = platform::seconds_since_start();
    view.update(static_cast<float>(now - last_frame));
    last_frame = now;
    const float ratio = window.pixel_ratio();
    view.gestures().set_pixel_ratio(ratio);
    window.set_ui_scale(ui_scale_for(static_cast<float>(window.output_width()) / ratio,
                                     static_cast<float>(window.output_height()) / ratio));
    window.begin_frame();
    draw_frame(window.canvas(), view, map, position, static_cast<float>(window.output_width()),
               static_cast<float>(window.output_height()), window.pixel_ratio(), pointer_inside ? &pointer : nullptr);
    window.end_frame();
    if (!announced) {
      // One line for whoever started us from a terminal (and for the tests).
      std::printf("colonial: playing %s on %s (%s renderer), %dx%d pixels; Esc quits\n",
                  std::string(map.name()).c_str(), window.video_driver().c_str(), window.renderer_name().c_str(),
                  window.output_width(), window.output_height());
      std::fflush(stdout);
      announced = true;
    }
  }
  return 0;
}

}  // namespace
}  // namespace colonial

int main(int argc, char** argv) {
  using namespace colonial;
  Options o;
  if (const int rc = parse_options(argc, argv, o)) return rc;
  if (o.help) {
    print_help();
    return 0;
  }
  if (o.version) {
    std::printf("colonial %s\n", COLONIAL_VERSION);
    return 0;
  }
  // Map and Position are large plain values; keep them off the stack.
  auto map = std::make_unique<Map>();
  if (!load_board(o.map, *map)) return kExitFailure;
  auto position = std::make_unique<Position>();
  set_start_position(*map, *position);
  const std::string font = find_font();
  if (font.empty()) return kExitFailure;
  return o.screenshot.empty() ? play(*map, *position, font) : take_screenshot(o, *map, *position, font);
}
