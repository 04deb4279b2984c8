// board_bench: the board renderer's figures, as the game draws it.
//
//   board_bench [--frames N] [--size WxH] [--gpu] [--instructions]
//
// Opens a window (the reference figures are taken under Xvfb:
//   xvfb-run -a -s "-screen 0 1920x1080x24" board_bench
// ) and prints: start-up to the first frame; the median and 90th percentile
// time of whole frames (SDL_Renderer queues draws and runs them at present,
// so only whole frames can be timed) for an empty frame, the start position,
// the game's layout with its status panel, every unit with orders and
// results, an animation, panning zoomed in, and a highlight change (which
// recolours the board); and the texture memory. Uses SDL's software renderer
// unless --gpu is given. It measures; it never fails on slow figures.
// --instructions also counts the instructions of a frame (start position,
// orders and results, a highlight change): the bench runs itself again
// under valgrind's callgrind, counting inside counted_frame only.
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
#include "instructions.h"
#include "legal.h"
#include "map.h"
#include "position.h"
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

// What a frame draws: the board and/or the game's status panel beside it.
struct Frame {
  bool board = true;
  bool panel = false;
};

// One whole frame, presented: SDL_Renderer queues the draws and executes
// them when presenting, so only whole frames can be timed.
void draw_frame(platform::Window& window, BoardView& view, const Map& map, const Position& position, Frame f) {
  platform::InputEvent e;
  while (window.poll_event(e, 0)) {
  }
  window.begin_frame();
  const float w = static_cast<float>(window.output_width());
  const float h = static_cast<float>(window.output_height());
  const float panel = f.panel ? draw_status_panel(map, position, w, h, view.uses_anchors()) : 0.0f;
  view.set_view({panel, 0, w - panel, h});
  window.canvas().clear({24, 34, 48, 255});
  if (f.board) view.draw(window.canvas());
  window.end_frame();
}

// A frame that --instructions counts (not inlined: callgrind collects inside it).
[[gnu::noinline]] void counted_frame(platform::Window& window, BoardView& view, const Map& map,
                                     const Position& position) {
  draw_frame(window, view, map, position, Frame{true, false});
}

constexpr int kCountedFrames = 10;
constexpr const char* kCountedKinds[] = {"start", "results", "highlight"};

// The --count run under callgrind: kCountedFrames frames of one kind.
int count_frames(const std::string& kind, platform::Window& window, BoardView& view, const Map& map,
                 const Position& position) {
  static Position after;
  static PhaseResults results;
  if (kind == "results") {
    Random random{1870};
    OrderList orders;
    random_orders(map, position, random, orders);
    adjudicate_movement(map, position, orders, after, results);
    view.set_results(&results);
  } else if (kind != "start" && kind != "highlight") {
    return 2;
  }
  for (int i = 0; i < kCountedFrames; ++i) {
    if (kind == "highlight") {
      ProvinceSet targets;
      const ProvinceId p = static_cast<ProvinceId>(i % map.province_count());
      map.army_neighbours(p).for_each([&](int q) { targets.set(q); });
      view.set_selected(p);
      view.set_targets(targets);
    }
    counted_frame(window, view, map, position);
  }
  return 0;
}

int print_instructions(int width, int height, bool gpu) {
  std::printf("instructions per frame (valgrind --tool=callgrind; the same on a busy machine):\n");
  for (const char* kind : kCountedKinds) {
    std::vector<std::string> command = {platform::own_executable(), "--count", kind, "--size",
                                        std::to_string(width) + "x" + std::to_string(height)};
    if (gpu) command.push_back("--gpu");
    std::uint64_t n = 0;
    std::string output, error;
    if (!platform::count_instructions(command, "*counted_frame*", n, output, error)) {
      std::fprintf(stderr, "board_bench: %s\n", error.c_str());
      return 1;
    }
    std::printf("  %-42s %12.0f instructions/frame\n", kind, static_cast<double>(n) / kCountedFrames);
  }
  return 0;
}

template <typename F>
std::vector<double> run(platform::Window& window, BoardView& view, const Map& map, const Position& position, int frames,
                        Frame f, F&& before_each) {
  std::vector<double> ms;
  for (int i = 0; i < frames; ++i) {
    before_each(i);
    const std::int64_t t0 = platform::monotonic_ns();
    draw_frame(window, view, map, position, f);
    ms.push_back(ms_since(t0));
  }
  return ms;
}

void print(const char* what, const std::vector<double>& ms) {
  std::printf("%-44s median %6.2f ms, p90 %6.2f ms\n", what, median(ms), p90(ms));
}

int bench(int argc, char** argv, std::int64_t start) {
  int frames = 300;
  int width = 1280;
  int height = 720;
  bool gpu = false;
  bool instructions = false;
  bool art_cache = true;  // as the app starts: the decoded, composed art from the user's cache
  std::string count;      // --count KIND: the run that --instructions measures
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--instructions")) {
      instructions = true;
    } else if (!std::strcmp(argv[i], "--no-art-cache")) {
      art_cache = false;
    } else if (!std::strcmp(argv[i], "--count") && i + 1 < argc) {
      count = argv[++i];
    } else if (!std::strcmp(argv[i], "--frames") && i + 1 < argc) {
      frames = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--size") && i + 1 < argc) {
      if (std::sscanf(argv[++i], "%dx%d", &width, &height) != 2) width = 0;
    } else if (!std::strcmp(argv[i], "--gpu")) {
      gpu = true;
    } else {
      std::fprintf(stderr, "usage: board_bench [--frames N] [--size WxH] [--gpu] [--instructions] [--no-art-cache]\n");
      return 2;
    }
  }
  if (frames < 1 || frames > 100000 || width < 320 || height < 240 || width > 7680 || height > 4320) {
    std::fprintf(stderr, "board_bench: --frames wants 1..100000 and --size 320x240..7680x4320\n");
    return 2;
  }
  auto map = std::make_unique<Map>();
  MapErrors errors;
  if (!load_map(builtin_map_text("colonial"), "colonial.map", *map, errors)) {
    std::fprintf(stderr, "board_bench: the built-in map does not load\n");
    return 1;
  }
  auto position = std::make_unique<Position>();
  set_start_position(*map, *position);
  std::string searched;
  const std::string font = platform::find_asset("fonts/DejaVuSans.ttf", searched);
  if (font.empty()) {
    std::fprintf(stderr, "board_bench: cannot find fonts/DejaVuSans.ttf (looked in: %s)\n", searched.c_str());
    return 1;
  }
  platform::Window window;
  platform::WindowOptions wo;
  wo.title = "Colonial board benchmark";
  wo.width = width;
  wo.height = height;
  wo.software_renderer = !gpu;
  wo.font_path = font;
  std::string error;
  if (window.open(wo, false, error) != platform::OpenStatus::Ok) {
    std::fprintf(stderr, "board_bench: %s (run it under xvfb-run)\n", error.c_str());
    return 1;
  }
  BoardView view;
  view.set_map(map.get());
  view.set_position(position.get());
  std::string cache_dir, why;
  if (art_cache && platform::user_cache_dir(cache_dir, why)) view.set_art_cache(cache_dir + "board-art.cache");
  const double before_art = ms_since(start);
  const std::int64_t art_start = platform::monotonic_ns();
  if (!view.load_art(window.canvas(), error)) {
    std::fprintf(stderr, "board_bench: %s\n", error.c_str());
    return 1;
  }
  const double art_ms = ms_since(art_start);
  if (!count.empty()) return count_frames(count, window, view, *map, *position);
  draw_frame(window, view, *map, *position, Frame{true, true});
  const double first_frame = ms_since(start);

  std::printf("board_bench: %dx%d window (%dx%d pixels), video driver %s, renderer %s, %d frames each\n", width, height,
              window.output_width(), window.output_height(), window.video_driver().c_str(),
              window.renderer_name().c_str(), frames);
  std::printf("%-44s %6.1f ms (SDL, window, fonts %.1f ms; board art %.1f ms, its cache: %s)\n",
              "start-up to first frame (game layout):", first_frame, before_art, art_ms,
              view.art_cache_note().empty() ? "none" : view.art_cache_note().c_str());
  auto nothing = [](int) {};
  print("empty frame (clear and present only):",
        run(window, view, *map, *position, frames, Frame{false, false}, nothing));
  print("start position, board filling the window:",
        run(window, view, *map, *position, frames, Frame{true, false}, nothing));
  print("start position, game layout (panel + board):",
        run(window, view, *map, *position, frames, Frame{true, true}, nothing));

  // Every unit ordered (random but coherent orders), drawn with results.
  Random random{1870};
  OrderList orders;
  random_orders(*map, *position, random, orders);
  Position after;
  PhaseResults results;
  adjudicate_movement(*map, *position, orders, after, results);
  view.set_results(&results);
  print("all units with orders and results:", run(window, view, *map, *position, frames, Frame{true, false}, nothing));
  view.set_animation(0.5f);
  print("the same, animating:", run(window, view, *map, *position, frames, Frame{true, false},
                                    [&](int i) { view.set_animation(static_cast<float>(i % 60) / 60.0f); }));
  view.set_animation(-1);
  view.set_results(nullptr);

  // Zoomed in to the most detailed level, panning a little every frame.
  draw_frame(window, view, *map, *position, Frame{true, false});
  view.camera().zoom_at(
      {static_cast<float>(window.output_width()) * 0.6f, static_cast<float>(window.output_height()) * 0.5f}, 4.0f,
      false);
  print("zoomed in x4, panning:", run(window, view, *map, *position, frames, Frame{true, false},
                                      [&](int i) { view.camera().pan_by(i % 120 < 60 ? 6.0f : -6.0f, 0); }));
  view.camera().fit(false);

  // Highlights: selecting a unit, then another (a new overlay each frame).
  std::vector<double> recolour;
  for (int i = 0; i < std::max(frames / 2, 3); ++i) {
    ProvinceSet targets;
    const ProvinceId p = static_cast<ProvinceId>(i % map->province_count());
    map->army_neighbours(p).for_each([&](int q) { targets.set(q); });
    view.set_selected(p);
    view.set_targets(targets);
    const std::int64_t t0 = platform::monotonic_ns();
    draw_frame(window, view, *map, *position, Frame{true, false});
    recolour.push_back(ms_since(t0));
  }
  print("frame with a highlight change:", recolour);
  // The same highlight kept: what the overlay costs in every frame.
  print("frame with a unit selected (no change):",
        run(window, view, *map, *position, frames, Frame{true, false}, nothing));
  view.clear_highlights();

  const ImGuiIO& io = ImGui::GetIO();
  const double canvas_mb = static_cast<double>(window.canvas().texture_bytes()) / (1024.0 * 1024.0);
  const double imgui_mb = static_cast<double>(io.Fonts->TexWidth) * io.Fonts->TexHeight * 4 / (1024.0 * 1024.0);
  std::printf("%-44s %6.1f MiB (board in 3 sizes, icons, cached text; ImGui's font %.1f MiB more)\n",
              "texture memory:", canvas_mb, imgui_mb);
  return instructions ? print_instructions(width, height, gpu) : 0;
}

}  // namespace
}  // namespace colonial

int main(int argc, char** argv) {
  const std::int64_t start = colonial::platform::monotonic_ns();
  return colonial::bench(argc, argv, start);
}
