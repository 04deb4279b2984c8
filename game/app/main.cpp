// colonial: the game. Parses the command line and plays (app.h: new game,
// pass-and-play, results, history, autosave), or with --screenshot draws the
// start position into a PNG and exits.
#include <getopt.h>
#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "app.h"
#include "autosave.h"
#include "board_art.h"
#include "board_view.h"
#include "controls.h"
#include "event_line.h"
#include "files.h"
#include "language.h"
#include "layout.h"
#include "map.h"
#include "position.h"
#include "staff_pin.h"
#include "status_panel.h"
#include "translate.h"
#include "window.h"

namespace colonial {
namespace {

using text::tr;

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
  bool make_pin_hash = false;  // print the hash of a PIN read from stdin
  AppOptions app;              // playing: save, kiosk, script (app.h)
};

void print_help() {
  // In the language of --language (or the system's); option names, the
  // notation and the environment's names stay as typed.
  std::printf(tr("colonial %s - Colonial Diplomacy: the board, its rules and a table to play at\n\n"),
              COLONIAL_VERSION);
  std::fputs(tr("usage: colonial [--map NAME|FILE] [--kiosk] [--companion] [--phones] [--new-game]\n"
                "                [--save FILE | --no-save]\n"
                "                [--window WxH] [--ui-scale F] [--language LANG]\n"
                "                [--script FILE [--shots DIR]] [--seed N]\n"
                "       colonial [--map NAME|FILE] --screenshot FILE [--size WxH]\n"
                "\n"),
             stdout);
  std::fputs(tr("  --map NAME|FILE    the board: a built-in map (colonial, standard) or a map\n"
                "                     file in the format of docs/MAP-FORMAT.md (default colonial)\n"
                "  --kiosk            fullscreen for a club's table: only the games in play; new\n"
                "                     games, settings and leaving are behind the staff PIN (Menu,\n"
                "                     Staff...), chosen at the first start and kept hashed beside\n"
                "                     the save; Esc is ignored; SIGTERM stops it (the game is saved).\n"
                "                     It keeps several tables, one game each (the save, then\n"
                "                     table-N.colonial beside it), on a start screen to pick from\n"
                "  --kiosk-pin-file FILE  the staff PIN's hash from FILE (made by --make-pin-hash)\n"
                "  --make-pin-hash    read a PIN (4 to 8 digits) from standard input, print the line\n"
                "                     to keep in a --kiosk-pin-file, and exit\n"
                "  --idle-minutes M   kiosk: after M minutes without input (default 10; 0 never)\n"
                "                     the attract view; an orders screen goes back to its hand-off\n"
                "  --archive-days D   kiosk: a saved game untouched for D days (default 14; 0 never)\n"
                "                     is archived at start, never deleted\n"),
             stdout);
  std::fputs(tr("  --companion        start in companion mode: one screen where a game master keys\n"
                "                     in every power's orders (no hand-off screens)\n"
                "  --phones           serve the players' phones and the game master's tablet as\n"
                "                     soon as a game is in play (as Menu, Phones..., Start serving\n"
                "                     phones); their addresses are printed\n"
                "  --phones-listen ADDR  the address the players' phones reach (menu: Phones...);\n"
                "                     default 0.0.0.0, every network of this machine\n"
                "  --frame-stats      print the median and 90th percentile frame time, and the\n"
                "                     memory the game holds (RssAnon), at exit\n"
                "  --new-game         start on the new-game screen even if a game is saved (the\n"
                "                     saved game is kept aside when the new one starts)\n"
                "  --save FILE        the autosave record (default: autosave.colonial in the user\n"
                "                     data directory); --no-save plays without saving\n"),
             stdout);
  std::fputs(tr("  --script FILE      feed the timed input events of FILE (tap X Y, key NAME, text,\n"
                "                     wait N, button LABEL, place CODE, screenshot NAME, quit;\n"
                "                     see game/app/script/script_player.h) through the input path, on a\n"
                "                     virtual clock; --shots DIR is where screenshots go\n"
                "  --window WxH       the window's size in points (default 1280x800, at most the\n"
                "                     screen)\n"
                "  --ui-scale F       panels and text F times their automatic size (0.5 to 3)\n"
                "  --language LANG    the language of the screens: en, fr or de (default: the\n"
                "                     system's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; a\n"
                "                     kiosk's staff may choose one in its settings)\n"
                "  --seed N           the random draw of powers (default: the clock)\n"
                "  --screenshot FILE  draw the start position once into FILE (PNG) and exit;\n"
                "                     works without a display (SDL's offscreen driver)\n"
                "  --size WxH         the screenshot's size in pixels (default 1280x720)\n"
                "  --version          print the version and exit\n"
                "  --help             print this help and exit\n"
                "A value follows its option as --size 800x600 or --size=800x600; a long option\n"
                "may be shortened while it stays unambiguous (--comp for --companion).\n"
                "\n"),
             stdout);
  std::fputs(tr("The game is saved after every Done and every phase, and resumes when the app\n"
                "starts again.\n"
                "Environment: SDL_VIDEODRIVER picks the display (x11, wayland, kmsdrm, offscreen),\n"
                "SDL_RENDER_DRIVER the renderer (opengles2, opengl, software; a GPU renderer that\n"
                "cannot start gives way to the software one); COLONIAL_ASSETS names the assets\n"
                "directory if it is not found by itself.\n"
                "Exit status: 0 success, 1 failure, 2 usage error.\n"
                "\n"),
             stdout);
  std::printf("%s\n\n%s", tr("Controls in the window:"), controls_text(text::trc).c_str());
}

bool parse_size(const char* text, int& w, int& h) {
  char x = 0;
  char rest = 0;
  return std::sscanf(text, "%d%c%d%c", &w, &x, &h, &rest) == 3 && (x == 'x' || x == 'X');
}

// The long options, for getopt_long: each with its value as "--name VALUE"
// or "--name=VALUE".
enum OptionId : int {
  kOptHelp = 'h',
  kOptVersion = 1000,
  kOptMap,
  kOptScreenshot,
  kOptSize,
  kOptKiosk,
  kOptCompanion,
  kOptFrameStats,
  kOptPhonesListen,
  kOptPhones,
  kOptNewGame,
  kOptNoSave,
  kOptSave,
  kOptScript,
  kOptShots,
  kOptWindow,
  kOptUiScale,
  kOptSeed,
  kOptPinFile,
  kOptMakePinHash,
  kOptIdleMinutes,
  kOptArchiveDays,
  kOptLanguage,
};
constexpr option kLongOptions[] = {
    {"help", no_argument, nullptr, kOptHelp},
    {"version", no_argument, nullptr, kOptVersion},
    {"map", required_argument, nullptr, kOptMap},
    {"screenshot", required_argument, nullptr, kOptScreenshot},
    {"size", required_argument, nullptr, kOptSize},
    {"kiosk", no_argument, nullptr, kOptKiosk},
    {"companion", no_argument, nullptr, kOptCompanion},
    {"frame-stats", no_argument, nullptr, kOptFrameStats},
    {"phones-listen", required_argument, nullptr, kOptPhonesListen},
    {"phones", no_argument, nullptr, kOptPhones},
    {"new-game", no_argument, nullptr, kOptNewGame},
    {"no-save", no_argument, nullptr, kOptNoSave},
    {"save", required_argument, nullptr, kOptSave},
    {"script", required_argument, nullptr, kOptScript},
    {"shots", required_argument, nullptr, kOptShots},
    {"window", required_argument, nullptr, kOptWindow},
    {"ui-scale", required_argument, nullptr, kOptUiScale},
    {"seed", required_argument, nullptr, kOptSeed},
    {"kiosk-pin-file", required_argument, nullptr, kOptPinFile},
    {"make-pin-hash", no_argument, nullptr, kOptMakePinHash},
    {"idle-minutes", required_argument, nullptr, kOptIdleMinutes},
    {"archive-days", required_argument, nullptr, kOptArchiveDays},
    {"language", required_argument, nullptr, kOptLanguage},
    {nullptr, 0, nullptr, 0},
};

// A size option's value, WIDTHxHEIGHT within what we lay out and draw.
bool size_option(const char* name, const char* v, int& w, int& h) {
  if (parse_size(v, w, h) && w >= platform::kMinWindowWidth && h >= platform::kMinWindowHeight &&
      w <= kMaxScreenshotSide && h <= kMaxScreenshotSide)
    return true;
  std::fprintf(stderr, tr("colonial: --%s wants WIDTHxHEIGHT between %dx%d and %dx%d, not '%s'\n"), name,
               platform::kMinWindowWidth, platform::kMinWindowHeight, kMaxScreenshotSide, kMaxScreenshotSide, v);
  return false;
}

// A file option's value: not empty.
bool file_option(const char* name, const char* v, std::string& out) {
  if (!*v) {
    std::fprintf(stderr, tr("colonial: --%s needs a file name\n"), name);
    return false;
  }
  out = v;
  return true;
}

// A number option's value within [low, high] (whole when asked); `wants`
// says what in the message.
bool number_option(const char* name, const char* v, double low, double high, bool whole, const char* wants,
                   double& out) {
  char* end = nullptr;
  out = std::strtod(v, &end);
  if (*v && end && !*end && out >= low && out <= high && (!whole || out == std::floor(out))) return true;
  std::fprintf(stderr, tr("colonial: --%s wants %s, not '%s'\n"), name, wants, v);
  return false;
}

// The value of --language, if given (the last one), read before the other
// options so that their messages are in that language; the option's own
// errors are parse_options'.
std::string language_option(int argc, char** argv) {
  opterr = 0;
  optind = 0;  // glibc: start afresh
  std::string language;
  int id = 0;
  while ((id = getopt_long(argc, argv, ":h", kLongOptions, nullptr)) != -1)
    if (id == kOptLanguage) language = optarg;
  return language;
}

// Returns 0 when the options are good, else prints why and returns kExitUsage.
// getopt_long (the C library's) reads them: "--size=800x600" as well as
// "--size 800x600", and any unambiguous abbreviation of a long option.
int parse_options(int argc, char** argv, Options& o) {
  opterr = 0;  // our messages, not getopt's
  optind = 0;
  int id = 0;
  double number = 0;
  while ((id = getopt_long(argc, argv, ":h", kLongOptions, nullptr)) != -1) {
    const char* v = optarg;
    switch (id) {
      case kOptHelp: o.help = true; break;
      case kOptVersion: o.version = true; break;
      case kOptMap: o.map = v; break;
      case kOptScreenshot:
        if (!file_option("screenshot", v, o.screenshot)) return kExitUsage;
        break;
      case kOptSize:
        if (!size_option("size", v, o.width, o.height)) return kExitUsage;
        o.size_given = true;
        break;
      case kOptKiosk: o.app.kiosk = true; break;
      case kOptPinFile:
        if (!file_option("kiosk-pin-file", v, o.app.pin_file)) return kExitUsage;
        break;
      case kOptMakePinHash: o.make_pin_hash = true; break;
      case kOptIdleMinutes:
        if (!number_option("idle-minutes", v, 0, 1440, false, tr("minutes from 0 (never) to 1440"), number))
          return kExitUsage;
        o.app.idle_minutes = number;
        break;
      case kOptArchiveDays:
        if (!number_option("archive-days", v, 0, 3650, true, tr("whole days from 0 (never) to 3650"), number))
          return kExitUsage;
        o.app.archive_days = static_cast<int>(number);
        break;
      case kOptLanguage:
        if (text::language_code(v).empty()) {
          std::fprintf(stderr, tr("colonial: --language wants a language such as en, fr or de, not '%s'\n"), v);
          return kExitUsage;
        }
        o.app.language = v;
        break;
      case kOptCompanion: o.app.companion = true; break;
      case kOptFrameStats: o.app.frame_stats = true; break;
      case kOptPhonesListen: o.app.phones_listen = v; break;
      case kOptPhones: o.app.serve_phones = true; break;
      case kOptNewGame: o.app.new_game = true; break;
      case kOptNoSave: o.app.no_save = true; break;
      case kOptSave:
        if (!file_option("save", v, o.app.save_path)) return kExitUsage;
        break;
      case kOptScript:
        if (!file_option("script", v, o.app.script)) return kExitUsage;
        break;
      case kOptShots:
        if (!file_option("shots", v, o.app.shots_dir)) return kExitUsage;
        break;
      case kOptWindow:
        if (!size_option("window", v, o.app.width, o.app.height)) return kExitUsage;
        break;
      case kOptUiScale:
        if (!number_option("ui-scale", v, 0.5, 3, false, tr("a factor from 0.5 to 3"), number)) return kExitUsage;
        o.app.ui_scale = static_cast<float>(number);
        break;
      case kOptSeed: {
        char* end = nullptr;
        const unsigned long long seed = std::strtoull(v, &end, 10);
        if (!*v || !end || *end || seed == 0 || *v == '-') {
          std::fprintf(stderr, tr("colonial: --seed wants a positive whole number, not '%s'\n"), v);
          return kExitUsage;
        }
        o.app.seed = seed;
        break;
      }
      case ':':
        std::fprintf(stderr, tr("colonial: %s needs a value; run colonial --help\n"), argv[optind - 1]);
        return kExitUsage;
      default:
        // An unknown or ambiguous option: named as it was written.
        std::fprintf(stderr, tr("colonial: unknown option '%s'; run colonial --help\n"), argv[optind - 1]);
        return kExitUsage;
    }
  }
  if (optind < argc) {
    std::fprintf(stderr, tr("colonial: unexpected argument '%s'; run colonial --help\n"), argv[optind]);
    return kExitUsage;
  }
  if (o.app.no_save && !o.app.save_path.empty()) {
    std::fputs(tr("colonial: --save and --no-save contradict each other\n"), stderr);
    return kExitUsage;
  }
  if (!o.app.shots_dir.empty() && o.app.script.empty()) {
    std::fputs(tr("colonial: --shots only applies to --script\n"), stderr);
    return kExitUsage;
  }
  if (o.size_given && o.screenshot.empty()) {
    std::fputs(tr("colonial: --size only applies to --screenshot (the window is resized by hand)\n"), stderr);
    return kExitUsage;
  }
  return 0;
}

// Loads a built-in map by name, or else a map file.
bool load_board(const std::string& name, Map& map) {
  std::string error;
  if (load_variant_map(name, map, error)) return true;
  // A name that is neither a built-in map nor a file may be a typo.
  const bool no_file = builtin_map_text(name).empty() && ::access(name.c_str(), F_OK) != 0;
  // TRANSLATORS: the program's name, what went wrong, then (or nothing)
  // " (the built-in maps are: colonial, standard)".
  std::fprintf(stderr, tr("colonial: %s%s\n"), error.c_str(),
               no_file ? tr(" (the built-in maps are: colonial, standard)") : "");
  return false;
}

// One frame: the board beside the status panel. Sizes in output pixels.
void draw_frame(platform::Canvas& canvas, BoardView& view, const Map& map, const Position& position, float out_w,
                float out_h) {
  const float left = draw_status_panel(map, position, out_w, out_h, view.uses_anchors());
  view.set_view({left, 0, out_w - left, out_h});
  canvas.clear({24, 34, 48, 255});
  view.draw(canvas);
}

std::string find_font() {
  std::string searched;
  std::string path = platform::find_font(searched);
  if (path.empty())
    std::fprintf(stderr,
                 tr("colonial: cannot find the font DejaVuSans.ttf (looked in: %s); install fonts-dejavu-core or set "
                    "COLONIAL_ASSETS to the assets directory of the source tree\n"),
                 searched.c_str());
  return path;
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
  window.set_ui_scale(ui_scale_for_display(static_cast<float>(o.width), static_cast<float>(o.height)));
  for (int frame = 0; frame < 2; ++frame) {
    if (!window.begin_offscreen_frame(o.width, o.height, error)) {
      std::fprintf(stderr, tr("colonial: %s\n"), error.c_str());
      return kExitFailure;
    }
    draw_frame(window.canvas(), view, map, position, static_cast<float>(o.width), static_cast<float>(o.height));
    window.end_offscreen_frame();
  }
  if (!window.save_frame_png(o.screenshot, error)) {
    std::fprintf(stderr, tr("colonial: %s\n"), error.c_str());
    return kExitFailure;
  }
  // Where the art and the font came from: an installed package shows its own.
  std::string searched;
  const std::string art = find_board_art(searched);
  std::printf(tr("colonial: wrote %s (%dx%d, video driver %s, renderer %s; art %s, font %s)\n"), o.screenshot.c_str(),
              o.width, o.height, window.video_driver().c_str(), window.renderer_name().c_str(), art.c_str(),
              font.c_str());
  text::emit_event("board-picture", {{"file", o.screenshot},
                                     {"width", o.width},
                                     {"height", o.height},
                                     {"video", window.video_driver()},
                                     {"renderer", window.renderer_name()}});
  return 0;
}

}  // namespace
}  // namespace colonial

int main(int argc, char** argv) {
  using namespace colonial;
  // The language before any text is made: the option, else the system's; a
  // kiosk's staff setting may change it once the settings are read.
  const std::string language_code = language_option(argc, argv);
  const text::LanguageChoice language =
      text::use_language(text::requested_language(text::language_code(language_code).empty() ? "" : language_code));
  // TRANSLATORS: the program's name, then what went wrong.
  if (!language.warning.empty()) std::fprintf(stderr, tr("colonial: %s\n"), language.warning.c_str());
  Options o;
  if (const int rc = parse_options(argc, argv, o)) return rc;
  if (o.help) {
    print_help();
    return 0;
  }
  // What this build cannot do (a browser's): said, not pretended.
  if (!COLONIAL_PHONES && o.app.serve_phones) {
    std::fputs(tr("colonial: the players' phones are served by the app on a computer or a Pi\n"), stderr);
    return kExitUsage;
  }
  if (!COLONIAL_KIOSK_PIN && (o.app.kiosk || o.make_pin_hash)) {
    std::fputs(tr("colonial: the kiosk runs in the app on a computer or a Pi\n"), stderr);
    return kExitUsage;
  }
  if (o.make_pin_hash) {
    std::string pin;
    for (int c = std::getchar(); c != EOF && c != '\n'; c = std::getchar())
      if (c != '\r') pin += static_cast<char>(c);
    if (!valid_pin(pin)) {
      std::fputs(tr("colonial: a staff PIN is 4 to 8 digits\n"), stderr);
      return kExitUsage;
    }
    std::string error;
    const std::string hash = hash_pin(pin, error);
    if (hash.empty()) {
      std::fprintf(stderr, tr("colonial: %s\n"), error.c_str());
      return kExitFailure;
    }
    std::printf("%s\n", hash.c_str());
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
  if (!o.screenshot.empty()) return take_screenshot(o, *map, *position, font);
  o.app.variant = o.map;
  o.app.font = font;
  return run_app(o.app);
}
