// board_bench: the board renderer's figures, as the game draws it.
//
//   board_bench [--frames N] [--size WxH] [--gpu] [--texture-limit N] [--instructions] [--memory]
//
// Opens a window (the reference figures are taken under Xvfb:
//   xvfb-run -a -s "-screen 0 1920x1080x24" board_bench
// ) and prints: start-up to the first frame; the median and 90th percentile
// time of whole frames (SDL_Renderer queues draws and runs them at present,
// so only whole frames can be timed) for an empty frame, the start position,
// the game's layout with its status panel, every unit with orders and
// results, an animation, panning zoomed in, a highlight change, the orders
// screen with the D-pad cursor moving; and the texture memory. Uses SDL's
// software renderer unless --gpu is given (SDL_RENDER_DRIVER picks which).
// It measures; it never fails on slow figures.
//
// --memory prints the process's own memory (RssAnon: its heap, and the
// software renderer's textures; not the shared libraries) and its RSS, with
// the board on screen.
//
// --instructions counts the instructions of each kind of frame, and of the
// start-up to the first frame: the bench runs itself again under valgrind's
// callgrind (--count KIND), counting inside counted_frame (or from the start
// to the first frame), split where SDL runs the queued draws
// (colonial_run_queued_draws, callgrind dumping its counts on entering and
// on leaving it): inside, with the software renderer, is the rasteriser
// (what a GPU does on a Pi) and the copy to the window.
// What remains is the CPU's share on a Pi, shown by the object file it ran
// in: our code (with Dear ImGui, built in), SDL's renderer front end (and
// its event loop), the C and C++ libraries, the text renderer.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "adjudicator.h"
#include "board_view.h"
#include "clock.h"
#include "files.h"
#include "game.h"
#include "instructions.h"
#include "legal.h"
#include "map.h"
#include "order_entry.h"
#include "position.h"
#include "process_memory.h"
#include "status_panel.h"
#include "window.h"

namespace colonial {
namespace {

double ms_since(std::int64_t t0) { return static_cast<double>(platform::monotonic_ns() - t0) / 1e6; }

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double p90(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, v.size() * 9 / 10)];
}

struct Options {
  int frames = 300;
  int width = 1280;
  int height = 720;
  bool gpu = false;
  int texture_limit = 0;
  bool instructions = false;
  bool memory = false;
  bool art_cache = true;  // as the app starts: the decoded, composed art from the user's cache
  std::string count;      // --count KIND: the run that --instructions measures
};

// What a frame draws: nothing but the clear, the board alone, the game's
// layout (status panel and board), or the orders screen (board and order pad).
enum class Layout : std::uint8_t { Empty, Board, Game, Orders };

// Everything the frames draw.
struct Scene {
  std::unique_ptr<Map> map = std::make_unique<Map>();
  std::unique_ptr<Game> game = std::make_unique<Game>();
  std::unique_ptr<OrderEntry> entry = std::make_unique<OrderEntry>();
  platform::Window window;
  BoardView view;
  const Position& position() const { return game->position(); }
};

// The order pad docked at the right, as the orders screen has it.
float orders_panel(Scene& s, float w, float h) {
  const float panel = std::min(ImGui::GetFontSize() * 24.0f, w * 0.4f);
  s.entry->set_panel_rect(w - panel, 0, panel, h);
  s.entry->apply_highlights(s.view);
  s.view.set_orders(&s.entry->orders());
  s.entry->draw_panel();
  return panel;
}

// One whole frame, presented: SDL_Renderer queues the draws and executes
// them when presenting, so only whole frames can be timed.
void draw_frame(Scene& s, Layout layout) {
  platform::InputEvent e;
  while (s.window.poll_event(e, 0)) {
  }
  s.window.begin_frame();
  const float w = static_cast<float>(s.window.output_width());
  const float h = static_cast<float>(s.window.output_height());
  const float left =
      layout == Layout::Game ? draw_status_panel(*s.map, s.position(), w, h, s.view.uses_anchors()) : 0.0f;
  const float right = layout == Layout::Orders ? orders_panel(s, w, h) : 0.0f;
  s.view.set_view({left, 0, w - left - right, h});
  s.window.canvas().clear({24, 34, 48, 255});
  if (layout != Layout::Empty) s.view.draw(s.window.canvas());
  if (layout == Layout::Orders) s.entry->draw_cursor(s.window.canvas(), s.view);
  s.window.end_frame();
}

// A frame that --instructions counts (not inlined: callgrind collects inside it).
[[gnu::noinline]] void counted_frame(Scene& s, Layout layout) { draw_frame(s, layout); }

constexpr int kCountedFrames = 10;
constexpr int kSettleFrames = 70;  // more than BoardView keeps the board at rest before caching it
constexpr int kWarmFrames = 3;     // before counting: text cached, layout made, as in play

// The D-pad pressed once: the order pad's cursor moves to the next place.
void press_dpad(Scene& s, int i) {
  platform::InputEvent e;
  e.type = platform::InputType::GamepadButtonDown;
  e.pad_button = i % 8 < 4 ? platform::GamepadButton::DpadRight : platform::GamepadButton::DpadDown;
  s.entry->handle_event(e, s.view);
}

// A unit selected, with its neighbours as targets: a new highlight.
void select_unit(Scene& s, int i) {
  ProvinceSet targets;
  const ProvinceId p = static_cast<ProvinceId>(i % s.map->province_count());
  s.map->army_neighbours(p).for_each([&](int q) { targets.set(q); });
  s.view.set_selected(p);
  s.view.set_targets(targets);
}

// Every unit ordered (random but coherent orders), with the results.
void show_results(Scene& s) {
  static Position after;
  static PhaseResults results;
  Random random{1870};
  OrderList orders;
  random_orders(*s.map, s.position(), random, orders);
  adjudicate_movement(*s.map, s.position(), orders, after, results);
  s.view.set_results(&results);
}

// The --count run under callgrind: kCountedFrames frames of one kind.
int count_frames(const std::string& kind, Scene& s) {
  Layout layout = Layout::Game;
  if (kind == "results") show_results(s);
  if (kind == "cursor") layout = Layout::Orders;
  if (kind != "steady" && kind != "results" && kind != "highlight" && kind != "cursor") return 2;
  for (int i = 0; i < kWarmFrames; ++i) draw_frame(s, layout);
  for (int i = 0; i < kCountedFrames; ++i) {
    if (kind == "highlight") select_unit(s, i);
    if (kind == "cursor") press_dpad(s, i);
    counted_frame(s, layout);
  }
  return 0;
}

// The objects' instructions in three groups: ours (the program, Dear ImGui
// built in, and stb, ImGui's font rasteriser), SDL's, and the rest (C and C++
// libraries, the text renderer, X11).
struct Shares {
  double ours = 0, sdl = 0, rest = 0;
};

Shares shares_of(const platform::InstructionCounts& c, double per) {
  Shares s;
  const std::string self = platform::own_executable();
  for (const auto& [object, n] : c.by_object) {
    const double v = static_cast<double>(n) / per;
    if (object == self || object.find("libstb") != std::string::npos)
      s.ours += v;
    else if (object.find("libSDL2-2.0") != std::string::npos)
      s.sdl += v;
    else
      s.rest += v;
  }
  return s;
}

// The objects of the rest above a tenth of it, for the curious.
std::string rest_detail(const platform::InstructionCounts& c, double per, double rest) {
  std::string out;
  const std::string self = platform::own_executable();
  for (const auto& [object, n] : c.by_object) {
    const double v = static_cast<double>(n) / per;
    if (object == self || object.find("libstb") != std::string::npos ||
        object.find("libSDL2-2.0") != std::string::npos || v < rest * 0.1)
      continue;
    char item[160];
    std::snprintf(item, sizeof item, "%s%s %.2f M", out.empty() ? "" : ", ",
                  object.substr(object.rfind('/') + 1).c_str(), v / 1e6);
    out += item;
  }
  return out;
}

struct Kind {
  const char* name;
  const char* what;
  double goal;        // millions, the CPU's share (a tap answered within a frame on a Pi 3)
  const char* env{};  // added to the counted run's environment
};

constexpr Kind kKinds[] = {
    {"startup", "start-up to the first frame (warm art cache)", 60},
    // A Pi's KMS/DRM screen has no X11 (whose input method alone reads the
    // whole table of compose sequences): the same without it.
    {"startup", "the same without X11 (SDL's offscreen video)", 60, "SDL_VIDEODRIVER=offscreen"},
    {"steady", "a steady frame (start position, game layout)", 2},
    {"results", "every order and result drawn", 0},
    {"highlight", "a frame that changes the highlight", 5},
    {"cursor", "the orders screen, the D-pad cursor moving", 5},
};

bool count_kind(const Kind& k, const Options& o, platform::SplitCounts& counts) {
  std::vector<std::string> command = {platform::own_executable(), "--count", k.name, "--size",
                                      std::to_string(o.width) + "x" + std::to_string(o.height)};
  if (o.gpu) command.push_back("--gpu");
  if (o.texture_limit > 0) {
    command.push_back("--texture-limit");
    command.push_back(std::to_string(o.texture_limit));
  }
  // The start-up from the program's start; frames inside counted_frame.
  const std::string collect = std::strcmp(k.name, "startup") ? "*counted_frame*" : "";
  std::vector<std::string> env;
  if (k.env) env.emplace_back(k.env);
  std::string output, error;
  if (platform::count_instructions_split(command, collect, "colonial_run_queued_draws", counts, output, error, env))
    return true;
  std::fprintf(stderr, "board_bench: %s\n", error.c_str());
  return false;
}

int print_instructions(const Options& o) {
  std::printf(
      "instructions (valgrind --tool=callgrind; the same on a busy machine), in millions per frame:\n"
      "  %-46s %8s %8s | %8s = %6s + %6s + %6s | %s\n",
      "", "whole", "queue", "CPU", "ours", "SDL", "rest", "goal (CPU)");
  for (const Kind& k : kKinds) {
    platform::SplitCounts counts;
    if (!count_kind(k, o, counts)) return 1;
    const double per = std::strcmp(k.name, "startup") ? kCountedFrames : 1;
    const Shares s = shares_of(counts.outside, per);
    const double inside = static_cast<double>(counts.inside.total) / per / 1e6;
    const double outside = static_cast<double>(counts.outside.total) / per / 1e6;
    char goal[16] = "";
    if (k.goal > 0) std::snprintf(goal, sizeof goal, "<= %.0f", k.goal);
    std::printf("  %-46s %8.2f %8.2f | %8.2f = %6.2f + %6.2f + %6.2f | %s\n", k.what, inside + outside, inside, outside,
                s.ours / 1e6, s.sdl / 1e6, s.rest / 1e6, goal);
    const std::string rest = rest_detail(counts.outside, per, s.rest);
    if (!rest.empty()) std::printf("  %-46s rest: %s\n", "", rest.c_str());
    // With a GPU renderer, what SDL's back end does in the queue (turning
    // the draws into GL calls) is the CPU's too; the GL driver's share here
    // is Mesa's software rasteriser, on a Pi its driver for the GPU.
    if (o.gpu)
      std::printf("  %-46s queue: SDL's back end %.2f M, the GL driver and the rest %.2f M\n", "",
                  shares_of(counts.inside, per).sdl / 1e6,
                  (static_cast<double>(counts.inside.total) / per - shares_of(counts.inside, per).sdl) / 1e6);
  }
  std::printf(
      "  (queue: where SDL runs the queued draws (colonial_run_queued_draws: presenting, switching the render\n"
      "   target): the rasteriser, the copy to the window; CPU: the rest, by where it ran: ours = this program\n"
      "   with ImGui, SDL = libSDL2 (render front end, events), rest = C/C++ libraries, text, X11)\n");
  return 0;
}

void print_memory(const char* when) {
  std::printf("%-44s %s\n", when, platform::describe(platform::process_memory()).c_str());
}

template <typename F>
std::vector<double> run(Scene& s, int frames, Layout layout, F&& before_each) {
  std::vector<double> ms;
  for (int i = 0; i < frames; ++i) {
    before_each(i);
    const std::int64_t t0 = platform::monotonic_ns();
    draw_frame(s, layout);
    ms.push_back(ms_since(t0));
  }
  return ms;
}

void print(const char* what, const std::vector<double>& ms) {
  std::printf("%-44s median %6.2f ms, p90 %6.2f ms\n", what, median(ms), p90(ms));
}

// The timed frames of every kind.
void time_frames(Scene& s, int frames) {
  auto nothing = [](int) {};
  print("empty frame (clear and present only):", run(s, frames, Layout::Empty, nothing));
  print("start position, board filling the window:", run(s, frames, Layout::Board, nothing));
  print("start position, game layout (panel + board):", run(s, frames, Layout::Game, nothing));
  show_results(s);
  print("all units with orders and results:", run(s, frames, Layout::Board, nothing));
  s.view.set_animation(0.5f);
  print("the same, animating:",
        run(s, frames, Layout::Board, [&](int i) { s.view.set_animation(static_cast<float>(i % 60) / 60.0f); }));
  s.view.set_animation(-1);
  s.view.set_results(nullptr);
  // Zoomed in to the most detailed level, panning a little every frame.
  draw_frame(s, Layout::Board);
  const float w = static_cast<float>(s.window.output_width()), h = static_cast<float>(s.window.output_height());
  s.view.camera().zoom_at({w * 0.6f, h * 0.5f}, 4.0f, false);
  print("zoomed in x4, panning:",
        run(s, frames, Layout::Board, [&](int i) { s.view.camera().pan_by(i % 120 < 60 ? 6.0f : -6.0f, 0); }));
  s.view.camera().fit(false);
  print("frame with a highlight change:",
        run(s, std::max(frames / 2, 3), Layout::Board, [&](int i) { select_unit(s, i); }));
  print("frame with a unit selected (no change):", run(s, frames, Layout::Board, nothing));
  s.view.clear_highlights();
  print("orders screen, the D-pad cursor moving:", run(s, frames, Layout::Orders, [&](int i) { press_dpad(s, i); }));
}

bool parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const bool more = i + 1 < argc;
    if (!std::strcmp(argv[i], "--instructions")) {
      o.instructions = true;
    } else if (!std::strcmp(argv[i], "--memory")) {
      o.memory = true;
    } else if (!std::strcmp(argv[i], "--no-art-cache")) {
      o.art_cache = false;
    } else if (!std::strcmp(argv[i], "--count") && more) {
      o.count = argv[++i];
    } else if (!std::strcmp(argv[i], "--frames") && more) {
      o.frames = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--texture-limit") && more) {
      o.texture_limit = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--size") && more) {
      if (std::sscanf(argv[++i], "%dx%d", &o.width, &o.height) != 2) o.width = 0;
    } else if (!std::strcmp(argv[i], "--gpu")) {
      o.gpu = true;
    } else {
      std::fprintf(stderr,
                   "usage: board_bench [--frames N] [--size WxH] [--gpu] [--texture-limit N] [--instructions] "
                   "[--memory] [--no-art-cache]\n");
      return false;
    }
  }
  if (o.frames < 1 || o.frames > 100000 || o.width < 320 || o.height < 240 || o.width > 7680 || o.height > 4320 ||
      o.texture_limit < 0) {
    std::fprintf(stderr, "board_bench: --frames wants 1..100000 and --size 320x240..7680x4320\n");
    return false;
  }
  return true;
}

// The map, a game at its start (Britain's orders screen), the window and the
// board with its art.
bool open_scene(const Options& o, Scene& s) {
  MapErrors errors;
  if (!load_map(builtin_map_text("colonial"), "colonial.map", *s.map, errors)) {
    std::fprintf(stderr, "board_bench: the built-in map does not load\n");
    return false;
  }
  GameSettings settings;
  settings.rules.map_options = s.map->default_options();
  s.game->start(*s.map, settings);
  s.entry->begin(*s.game, s.map->find_power("Britain"));
  std::string searched;
  platform::WindowOptions wo;
  wo.title = "Colonial board benchmark";
  wo.width = o.width;
  wo.height = o.height;
  wo.software_renderer = !o.gpu;
  wo.font_path = platform::find_asset("fonts/DejaVuSans.ttf", searched);
  std::string error;
  if (wo.font_path.empty()) {
    std::fprintf(stderr, "board_bench: cannot find fonts/DejaVuSans.ttf (looked in: %s)\n", searched.c_str());
    return false;
  }
  if (s.window.open(wo, false, error) != platform::OpenStatus::Ok) {
    std::fprintf(stderr, "board_bench: %s (run it under xvfb-run)\n", error.c_str());
    return false;
  }
  s.view.set_map(s.map.get());
  s.view.set_position(&s.position());
  if (o.texture_limit > 0) s.view.set_texture_limit(o.texture_limit);
  std::string cache_dir, why;
  if (o.art_cache && platform::user_cache_dir(cache_dir, why)) s.view.set_art_cache(cache_dir + "board-art.cache");
  return true;
}

int bench(int argc, char** argv, std::int64_t start) {
  Options o;
  if (!parse_options(argc, argv, o)) return 2;
  Scene s;
  if (!open_scene(o, s)) return 1;
  const double before_art = ms_since(start);
  const std::int64_t art_start = platform::monotonic_ns();
  std::string error;
  if (!s.view.load_art(s.window.canvas(), error)) {
    std::fprintf(stderr, "board_bench: %s\n", error.c_str());
    return 1;
  }
  const double art_ms = ms_since(art_start);
  if (!o.count.empty() && o.count != "startup") return count_frames(o.count, s);
  draw_frame(s, Layout::Game);
  if (o.count == "startup") std::_Exit(0);  // counted up to here; no teardown
  const double first_frame = ms_since(start);

  std::printf("board_bench: %dx%d window (%dx%d pixels), video driver %s, renderer %s, %d frames each\n", o.width,
              o.height, s.window.output_width(), s.window.output_height(), s.window.video_driver().c_str(),
              s.window.renderer_name().c_str(), o.frames);
  std::printf("%-44s %6.1f ms (SDL, window, fonts %.1f ms; board art %.1f ms, its cache: %s)\n",
              "start-up to first frame (game layout):", first_frame, before_art, art_ms,
              s.view.art_cache_note().empty() ? "none" : s.view.art_cache_note().c_str());
  // The app's first second at rest: the board at the screen's size goes
  // into the art cache then (the next start reads it), halvings are let go.
  for (int i = 0; i < kSettleFrames; ++i) draw_frame(s, Layout::Game);
  if (o.memory) print_memory("memory with the board on screen:");
  time_frames(s, o.frames);
  if (o.memory) print_memory("memory after every kind of frame:");

  const ImGuiIO& io = ImGui::GetIO();
  const double canvas_mb = static_cast<double>(s.window.canvas().texture_bytes()) / (1024.0 * 1024.0);
  const double imgui_mb = static_cast<double>(io.Fonts->TexWidth) * io.Fonts->TexHeight * 4 / (1024.0 * 1024.0);
  std::printf("%-44s %6.1f MiB (the board's, icons, cached text; ImGui's font %.1f MiB more)\n",
              "texture memory:", canvas_mb, imgui_mb);
  return o.instructions ? print_instructions(o) : 0;
}

}  // namespace
}  // namespace colonial

int main(int argc, char** argv) {
  const std::int64_t start = colonial::platform::monotonic_ns();
  return colonial::bench(argc, argv, start);
}
