// App: start-up, the loop, a frame, and the game's life. Input is routed in
// app_input.cpp; the screens are drawn in screens/screen_*.cpp.
//
// [SECTION] Start-up and the loop
// [SECTION] A frame
// [SECTION] The game's life
#include "app.h"

#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <utility>

#include "board_palette.h"
#include "clock.h"
#include "event_line.h"
#include "files.h"
#include "language.h"
#include "main_loop.h"
#include "process_memory.h"
#include "record.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

using text::format;
using text::tr;

namespace {

constexpr double kScriptFrameSeconds = 1.0 / 60.0;

// Kiosk mode: SIGTERM and SIGINT (the club's administrator, a shutdown) end
// the app cleanly; installing these before SDL starts keeps SDL from turning
// them into quit events, which kiosk mode ignores (a passer-by's Alt+F4).
volatile std::sig_atomic_t g_stop_signal = 0;
void on_stop_signal(int) { g_stop_signal = 1; }

// What the screen is called in scripts and logs: "tables" while the
// kiosk's tables cover it.
std::string screen_label(const Modals& modals, const TurnFlow& flow) {
  if (modals.is_open(ModalKind::Tables)) return "tables";
  // A lesson over the screen (a script's `expect lesson`).
  if (modals.is_open(ModalKind::Lesson)) return "lesson";
  return screen_name(flow.screen());
}

// What a script asks of the app: where its widgets and the board's places
// are drawn, and which screen shows.
class AppWorld : public ScriptWorld {
 public:
  // The session is not const: the order pad's cursor is read through
  // GameSession::pad, which starts a power's pad on first use.
  AppWorld(const platform::Window& window, GameSession& session, const BoardView& view, const Modals& modals,
           const Position* const& drawn, const OrderEntry& lesson_pad)
      : window_(window), session_(session), view_(view), modals_(modals), drawn_(drawn), lesson_pad_(lesson_pad) {}
  // A script names widgets in English, or in the language on screen: the
  // same script plays a French or German table.
  bool widget(std::string_view label, platform::PointF& at) override {
    return ui_target_find(label, window_.pixel_ratio(), at) || ui_target_find(tr(label), window_.pixel_ratio(), at);
  }
  bool widget_exact(std::string_view label, platform::PointF&) override { return ui_target_drawn(label); }
  bool scroll_to(std::string_view label) override {
    // The label the widget is drawn under: the English one or its translation.
    return ui_target_drawn(label) ? ui_target_scroll_to(label) : ui_target_scroll_to(tr(label));
  }
  bool widget_nth(std::size_t n, platform::PointF& at) override { return ui_target_nth(n, window_.pixel_ratio(), at); }
  std::size_t widget_count() override { return ui_target_count(); }
  std::string screen() override { return screen_label(modals_, session_.flow()); }
  bool widget_whole(std::string_view label) override {
    platform::PointF at;
    return ui_target_find(label, window_.pixel_ratio(), at) ? ui_target_whole(label) : ui_target_whole(tr(label));
  }
  std::string focused() override { return ui_target_focused(); }
  bool focus_on(std::string_view label) override {
    const std::string on = ui_target_focused();
    return on == label || on == tr(label);
  }
  std::string cursor() override {
    const TurnFlow& flow = session_.flow();
    const bool lesson = modals_.is_open(ModalKind::Lesson);
    if (!lesson && (flow.screen() != Screen::Orders || flow.power() == kNoPower)) return {};
    const ProvinceId c = lesson ? lesson_pad_.cursor() : session_.pad(flow.power()).cursor();
    return c == kNoProvince ? std::string() : std::string(session_.map().province(c).code);
  }
  platform::PointF output_size() override {
    return {static_cast<float>(window_.output_width()), static_cast<float>(window_.output_height())};
  }
  bool place(std::string_view code, platform::PointF& at) override;
  std::string board_labels() override;

 private:
  const platform::Window& window_;
  GameSession& session_;
  const BoardView& view_;
  const Modals& modals_;
  const Position* const& drawn_;  // the position on the board last frame
  const OrderEntry& lesson_pad_;  // the lesson's order pad, while a lesson is open
};

// The place's unit (as the board last drew it), else the province.
bool AppWorld::place(std::string_view code, platform::PointF& at) {
  const Map& map = session_.map();
  const ProvinceLookup l = map.find_province(code);
  if (l.status != LookupStatus::Found) return false;
  const ProvinceId p = l.province;
  LocationId loc = p;
  if (drawn_ && drawn_->units[p].present()) loc = unit_location(map, p, drawn_->units[p]);
  at = view_.screen_point(loc);
  return true;
}

// Where the board's names are drawn (script step `labels`): the events
// board-label and board-middle (docs/EVENTS.md).
std::string AppWorld::board_labels() {
  const Map& map = session_.map();
  std::string out;
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const char* code = map.province(p).code;
    platform::RectF box;
    if (view_.label_box(p, box))
      out += text::event_line("board-label", {{"code", code},
                                              {"x", static_cast<int>(box.x + box.w * 0.5f)},
                                              {"y", static_cast<int>(box.y + box.h * 0.5f)}}) +
             "\n";
    const platform::PointF middle = view_.label_point(p);
    out += text::event_line("board-middle",
                            {{"code", code}, {"x", static_cast<int>(middle.x)}, {"y", static_cast<int>(middle.y)}}) +
           "\n";
  }
  return out;
}

KioskOptions kiosk_options(const AppOptions& o) {
  return {o.kiosk, o.pin_file, o.idle_minutes, o.archive_days, o.language};
}

TableMode table_mode(const AppOptions& o) { return o.companion ? TableMode::Companion : TableMode::PassAndPlay; }

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Start-up and the loop
// ---------------------------------------------------------------------------

int report_open_failure(platform::OpenStatus status, const std::string& error) {
  const char* driver = std::getenv("SDL_VIDEODRIVER");
  if (status == platform::OpenStatus::NoDisplay && driver && !std::strcmp(driver, "kmsdrm"))
    // A Pi without a desktop (the kiosk's systemd unit): the screen itself.
    std::fprintf(stderr,
                 "colonial: %s. KMS/DRM needs a screen at /dev/dri/card* that this user may open (groups video "
                 "and render, or a login session on the console) and that no other program (a desktop, another "
                 "copy of the game) holds.\n",
                 error.c_str());
  else if (status == platform::OpenStatus::NoDisplay)
    std::fprintf(stderr,
                 "colonial: %s. Set DISPLAY (X11) or WAYLAND_DISPLAY to a running display, or use "
                 "SDL_VIDEODRIVER=offscreen with --screenshot FILE to draw without one.\n",
                 error.c_str());
  else
    std::fprintf(stderr, "colonial: %s\n", error.c_str());
  return 1;
}

int run_app(const AppOptions& options) {
  if (options.kiosk) {
    std::signal(SIGTERM, on_stop_signal);
    std::signal(SIGINT, on_stop_signal);
  }
  platform::Window window;
  platform::WindowOptions wo;
  wo.title = "Colonial";
  wo.font_path = options.font;
  wo.width = options.width;
  wo.height = options.height;
  std::string error;
  const platform::OpenStatus status = window.open(wo, false, error);
  if (status != platform::OpenStatus::Ok) return report_open_failure(status, error);
  auto app = std::make_unique<App>(window, options);
  if (!app->start(error)) {
    std::fprintf(stderr, "colonial: %s\n", error.c_str());
    return 1;
  }
  return app->run();
}

App::App(platform::Window& window, const AppOptions& options)
    : window_(window),
      options_(options),
      session_(modals_),
      kiosk_(kiosk_options(options)),
#if COLONIAL_PHONES
      phones_(options.phones_listen),
#endif
      ui_factor_(options.ui_scale) {
}

App::~App() { session_.computer().stop(); }

bool App::start(std::string& error) {
  if (!session_.load_board(options_.variant, error)) return false;
  // The board art decoded and composed once, kept for the next start.
  std::string cache_dir, no_cache;
  if (platform::user_cache_dir(cache_dir, no_cache))
    view_.set_art_cache(cache_dir + "board-art.cache");
  else
    std::fprintf(stderr, "colonial: the board art is not cached (%s)\n", no_cache.c_str());
  if (!options_.no_save) {
    std::string path = options_.save_path;
    std::string why;
    if (path.empty()) path = Autosave::default_path(why);
    if (path.empty() || !platform::saves_are_kept(why))
      modals_.notify(format(tr("Games cannot be saved on this device (%s). You can still play."), why.c_str()));
    if (!path.empty() && Autosave::written_by_newer_version(path)) {
      // Left as it is for the newer version; this one plays without saving.
      text::emit_event("record-newer", {{"file", path}});
      modals_.notify(platform::in_a_browser()
                         ? tr("The game saved here was written by a newer version of Colonial than this copy of the "
                              "page: reload the page to get the newer version. Until then nothing is saved and that "
                              "game is left as it was.")
                         : format(tr("The game saved in %s was written by a newer version of Colonial: update Colonial "
                                     "to go on with it. Until then nothing is saved and that game is left as it was."),
                                  path.c_str()));
    } else {
      session_.use_record(Autosave(path));
    }
  }
  if (!options_.kiosk) load_app_settings();
  if (!options_.script.empty()) {
    std::string text;
    if (!platform::read_file(options_.script, text, error)) return false;
    std::vector<ScriptStep> steps;
    if (!parse_script(text, steps, error)) {
      error = options_.script + ": " + error;
      return false;
    }
    script_.player = std::make_unique<ScriptPlayer>(std::move(steps));
  }
  if (options_.kiosk && !window_.fullscreen()) window_.toggle_fullscreen();
  if (!kiosk_.start(session_.record(), modals_, error)) return false;
  if (kiosk_.tables() && !options_.new_game && kiosk_.tables()->any()) {
    // The kiosk's start screen, when there is any game to pick.
    show_new_game();
    kiosk_.tables()->open(session_, modals_, now());
  } else {
    resume_or_new();
  }
  // Asked for once: a later table or game resumes as usual.
  options_.new_game = false;
  last_update_ = now();
  return true;
}

// The player's settings beside the record ("settings"); none yet: the
// defaults. A file this version cannot read is explained and left as it is
// until the player changes a setting.
void App::load_app_settings() {
  if (!session_.record().enabled()) return;
  const std::string& save = session_.record().path();
  const std::size_t slash = save.rfind('/');
  settings_path_ = (slash == std::string::npos ? std::string() : save.substr(0, slash + 1)) + "settings";
  if (::access(settings_path_.c_str(), F_OK) != 0) return;
  std::string error;
  if (!read_app_settings(settings_path_, settings_, error)) {
    modals_.notify(format(tr("Your settings could not be read (%s); the defaults are used."), error.c_str()));
    return;
  }
  std::string notice;
  view_.set_palette(palette_of_setting(settings_.palette, settings_path_, notice));
  if (!notice.empty()) modals_.notify(notice);
}

// The board's colours, chosen in the menu or with F2: at once, and kept for
// the next start (a kiosk's players choose for themselves until it goes idle).
void App::choose_palette(PaletteKind kind) {
  view_.set_palette(kind);
  if (settings_path_.empty()) return;
  settings_.palette = std::string(palette_code(kind));
  std::string error;
  if (!write_app_settings(settings_path_, settings_, error))
    modals_.notify(format(tr("Your settings were not saved (%s)."), error.c_str()));
}

double App::now() const {
  // Under a script the clock is the frame count: timers, long presses and
  // animations then play the same on every machine.
  return script_.player ? static_cast<double>(frame_) * kScriptFrameSeconds : platform::seconds_since_start();
}

int App::run() {
  // Kept for as long as the loop runs (in a browser, beyond this call).
  auto world = std::make_shared<AppWorld>(window_, session_, view_, modals_, drawn_position_, lessons_.pad);
  return platform::run_main_loop([this, world] { return frame(*world); }, [this] { return finish(); });
}

bool App::frame(ScriptWorld& world) {
  ++frame_;
  if (script_.player && !play_script_frame(world)) {
    exit_status_ = script_.status;
    return false;
  }
  const bool busy = script_.player || view_.animating() || playback_.running(now()) || press_.active;
  platform::InputEvent e;
  for (int wait = busy ? 0 : 250; window_.poll_event(e, wait); wait = 0) handle_event(e);
  if (g_stop_signal) running_ = false;
  const double frame_start = platform::seconds_since_start();
  update();
  draw_frame();
  if (options_.frame_stats)
    stats_.ms.push_back((platform::seconds_since_start() - frame_start) * 1000.0 - stats_.present_ms);
  if (!announced_) {
    // One line for whoever started us from a terminal (and for the tests).
    std::printf("colonial: playing %s on %s (%s renderer), %dx%d pixels; %s\n",
                std::string(session_.map().name()).c_str(), window_.video_driver().c_str(),
                window_.renderer_name().c_str(), window_.output_width(), window_.output_height(),
                options_.kiosk ? "kiosk mode (Esc ignored)" : "Esc asks before quitting");
    std::printf("colonial: language %s\n", text::current_language().c_str());
    text::emit_event("playing", {{"map", session_.map().name()},
                                 {"video", window_.video_driver()},
                                 {"renderer", window_.renderer_name()},
                                 {"width", window_.output_width()},
                                 {"height", window_.output_height()},
                                 {"kiosk", options_.kiosk ? "yes" : "no"}});
    // The language the screens are drawn in, which the scripted runs check.
    text::emit_event("language", {{"code", text::current_language()}});
    // A page whose browser offers no WebGL draws on the CPU (SDL's software
    // renderer to the canvas): it works, more slowly, and says why.
    if (platform::in_a_browser() && window_.renderer_name() == "software") {
      text::emit_event("no-webgl", {});
      modals_.notify(tr("This browser offers no WebGL: the board is drawn without the graphics card, more slowly."));
    }
    std::fflush(stdout);
    announced_ = true;
  }
  if (script_.status != 0) {
    exit_status_ = script_.status;
    return false;
  }
  return running_;
}

int App::finish() {
  if (exit_status_ != 0) return exit_status_;
  if (script_.player && !script_.finished) {
    std::printf("colonial: quit by the player at script step %zu\n", script_.player->step_index());
    text::emit_event("quit-by-player", {{"step", script_.player->step_index()}});
  }
  if (options_.frame_stats && !stats_.ms.empty()) {
    std::vector<double>& ms = stats_.ms;
    std::sort(ms.begin(), ms.end());
    std::printf(
        "colonial: %zu frames: median %.2f ms, p90 %.2f ms, max %.2f ms (update and draw; the present waits for the "
        "display)\n",
        ms.size(), ms[ms.size() / 2], ms[ms.size() * 9 / 10], ms.back());
    std::printf("colonial: memory with the board on screen: %s\n",
                platform::describe(platform::process_memory()).c_str());
  }
  session_.save(now());
  return 0;
}

// The script's step for this frame: its input events queued, its
// screenshot and printout asked for. False when the loop ends here (the
// script failed, with status 1, or finished).
bool App::play_script_frame(ScriptWorld& world) {
  ScriptFrame sf;
  const ScriptPlayer::Status st = script_.player->frame(world, sf);
  if (st == ScriptPlayer::Status::Failed) {
    std::fprintf(stderr, "colonial: %s\n  (widgets on screen: %s)\n", script_.player->error().c_str(),
                 ui_target_list().c_str());
    script_.status = 1;
    return false;
  }
  auto finished = [&] {
    const std::string screen = screen_label(modals_, session_.flow());
    std::printf("colonial: script finished on the %s screen after %llu input events\n", screen.c_str(),
                static_cast<unsigned long long>(script_.events));
    text::emit_event("script-finished", {{"screen", screen}, {"inputs", script_.events}});
    script_.finished = true;
  };
  if (st == ScriptPlayer::Status::Finished) {
    finished();
    return false;
  }
  for (const platform::InputEvent& e : sf.events)
    if (!window_.push_event(e)) std::fprintf(stderr, "colonial: the script's event could not be queued\n");
  script_.events += sf.events.size();
  // The clock is the frame count: a jump in time is a jump in frames.
  frame_ += std::lround(sf.pass_seconds / kScriptFrameSeconds);
  script_.pending_shot = sf.screenshot;
  if (!sf.print.empty()) std::fputs(sf.print.c_str(), stdout);
  if (sf.quit) {
    finished();
    running_ = false;
  }
  return true;
}

void App::update() {
  const double t = now();
  view_.update(static_cast<float>(std::max(0.0, t - last_update_)));
  last_update_ = t;
#if COLONIAL_PHONES
  if (options_.serve_phones && session_.flow().attached()) {
    options_.serve_phones = false;  // once: the game master may stop serving
    phones_.start(session_, t);
  }
  phones_.pump(session_, t);
#endif
  session_.pump_computer();
  kiosk_.update(session_, modals_, t);
  // One minute left, time up: a tone the table hears (and a line in the log).
  timer_warnings_.update(session_.flow(), session_.game().history_size(), t);
  session_.adjudicate_if_time_is_up(t);
  notice_screen_change();
  if (session_.flow().take_save_request()) session_.save(t);
  if (const std::string opened = platform::take_opened_file(); !opened.empty()) open_record(opened);
  if (platform::offline_copy_refused()) {
    text::emit_event("no-offline-copy", {});
    modals_.notify(
        tr("Colonial cannot be installed from this address: open its published HTTPS copy to install it "
           "and play offline."));
  }
}

// Screen changes: the results animation starts when results appear, and the
// board's gestures start afresh behind a hand-off card.
void App::notice_screen_change() {
  const TurnFlow& flow = session_.flow();
  const Screen s = flow.screen();
  if (s == Screen::Results && (last_screen_ != Screen::Results || last_shown_ != flow.shown_phase()))
    playback_.start(now(), kResultsAnimationSeconds);
  if (s == Screen::Handoff && last_screen_ != Screen::Handoff) view_.gestures().reset();
  if (s == Screen::GameOver && last_screen_ != Screen::GameOver) report_game_over();
  last_screen_ = s;
  last_shown_ = flow.shown_phase();
}

namespace {

// The year of the game's last played phase (the current phase stands in the
// year after the end).
int last_played_year(const Game& game) {
  const int n = game.history_size();
  return n > 0 ? game.history(n - 1).position.phase.year : game.phase().year;
}

}  // namespace

// The game's end for other programs: how it ended and, when it is scored,
// each power's points ("points=Britain:7006.00,China:5505.00": a player's powers
// each carry the player's points).
void App::report_game_over() {
  const Game& game = session_.game();
  const Map& map = game.map();
  const GameResult& r = game.result();
  if (r.end == GameEnd::None) return;
  text::emit_event("game-over", {{"end", game_end_name(r.end)},
                                 {"year", last_played_year(game)},
                                 {"winner", r.winner == kNoPower ? "none" : map.power(r.winner).name}});
  ScoreInput input;
  ScoreSheet sheet;
  if (!score_finished_game(game, input, sheet)) return;
  std::string points;
  for (int i = 0; i < input.players.size(); ++i)
    for (PowerId p = 0; p < map.power_count(); ++p)
      if ((input.players[i].powers >> p) & 1u) {
        // Appended piece by piece: GCC 12 for aarch64 warns falsely
        // (restrict) on a literal + a temporary string.
        if (!points.empty()) points += ',';
        points += map.power(p).name;
        points += text::format(":%.2f", sheet.points[i]);
      }
  text::emit_event("game-scored", {{"system", scoring_system_info(game.settings().scoring).name}, {"points", points}});
}

// ---------------------------------------------------------------------------
// [SECTION] A frame
// ---------------------------------------------------------------------------

void App::draw_frame() {
  lay_out_frame();
  prepare_screen();
  window_.begin_frame();
  ui_targets_begin_frame();
  platform::Canvas& canvas = window_.canvas();
  canvas.clear(app_palette().background());
  view_.draw(canvas);
  const TurnFlow& flow = session_.flow();
  if (modals_.is_open(ModalKind::Lesson)) {
    if (!lessons_.run.tried() && !lessons_.done) lessons_.pad.draw_cursor(canvas, view_);
  } else if (flow.screen() == Screen::Orders && flow.power() != kNoPower && !modals_.is_open(ModalKind::Editor)) {
    session_.pad(flow.power()).draw_cursor(canvas, view_);
  }
  // A picture of the board for the club's records: this frame draws the
  // board alone (with its orders and results) and saves it.
  if (!gm_.picture_requested()) {
    // The kiosk's start screen covers the game's.
    if (!modals_.is_open(ModalKind::Tables)) draw_screen();
    modals_.draw([this](const Modal& entry, const Modals::Above& above) { draw_modal(entry, above); });
  }
  ui_targets_end_frame();
  end_frame();
}

// The UI scale, the layout, the board's place, and whether the keys and the
// pad move through ImGui's widgets (a form) or belong to the screen.
void App::lay_out_frame() {
  const float ratio = window_.pixel_ratio();
  const float w = static_cast<float>(window_.output_width()) / ratio;
  const float h = static_cast<float>(window_.output_height()) / ratio;
  // The automatic scale for the screen, times the players' choice (menu:
  // text size; --ui-scale), in quarter steps.
  const float scale = std::clamp(std::round(ui_scale_for_display(w, h) * ui_factor_ * 4.0f) / 4.0f, 0.75f, 4.0f);
  window_.set_ui_scale(scale);
  const Screen screen = session_.flow().screen();
  // The table's results view gives the board the whole width.
  const bool board_only = gm_.table_view() && screen == Screen::Results;
  // A lesson has the orders screen's layout over whatever screen is under it.
  const bool lesson = modals_.is_open(ModalKind::Lesson);
  layout_ = compute_layout(w, h, scale, (panel_collapsed_ || board_only) && (screen != Screen::Handoff || lesson),
                           screen == Screen::NewGame && !lesson);
  LayoutRect board = layout_.board;
  // The hand-off card covers the board and the panel alike.
  if (screen == Screen::Handoff && !lesson) board = {0, layout_.top_bar.h, w, h - layout_.top_bar.h};
  view_.gestures().set_pixel_ratio(ratio);
  view_.set_view({board.x * ratio, board.y * ratio, board.w * ratio, board.h * ratio});
  apply_touch_style(scale);
  // Keyboard and gamepad move through ImGui's widgets on the forms; on the
  // board screens the keys and the pad belong to the order pad and screens.
  const bool form = modals_.empty() ? screen == Screen::NewGame : modals_.form();
  ImGuiIO& io = ImGui::GetIO();
  if (form)
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard | ImGuiConfigFlags_NavEnableGamepad;
  else
    io.ConfigFlags &= ~(ImGuiConfigFlags_NavEnableKeyboard | ImGuiConfigFlags_NavEnableGamepad);
}

// What the board shows on each screen. Pending orders are drawn only on the
// orders screen, and only those of the power whose screen it is.
void App::prepare_screen() {
  view_.set_orders(nullptr);
  view_.set_results(nullptr);
  view_.set_animation(-1);
  view_.clear_highlights();
  Game& game = session_.game();
  const TurnFlow& flow = session_.flow();
  const Position* pos = &new_game_.board();
  if (modals_.is_open(ModalKind::Lesson) && lessons_.run.started()) {
    // The lesson's own game: its orders being given, or the try played out,
    // framed once the board has the lesson's layout.
    if (std::exchange(lessons_.frame_pending, false)) frame_lesson();
    const LessonRun& run = lessons_.run;
    if (run.tried() && !lessons_.done) {
      pos = &run.try_record().position;
      view_.set_results(&run.try_record().results);
      view_.set_animation(playback_.t(now()));
    } else {
      pos = &run.game().position();
      if (!lessons_.done) {
        view_.set_orders(&lessons_.pad.orders());
        lessons_.pad.apply_highlights(view_);
      }
    }
  } else if (modals_.is_open(ModalKind::Editor)) {
    // The editor's draft, as the table has it.
    pos = &gm_.editor().position();
  } else if (modals_.is_open(ModalKind::OrderSheet) && flow.attached()) {
    // A pasted sheet: its orders on the board at once, missing ones as holds.
    pos = &game.position();
    view_.set_orders(&gm_.sheet_board());
  } else if (flow.screen() == Screen::Orders && flow.power() != kNoPower) {
    pos = &game.position();
    OrderEntry& pad = session_.pad(flow.power());
    // The game master sees every power's orders keyed in so far.
    view_.set_orders(flow.mode() == TableMode::Companion ? &session_.orders_keyed_in() : &pad.orders());
    pad.apply_highlights(view_);
    if (preview_.on() && flow.mode() == TableMode::PassAndPlay &&
        preview_.show(session_.map(), game.position(), flow.power(), pad.orders())) {
      view_.set_orders(nullptr);
      view_.set_results(&preview_.results());
      view_.set_animation(1.0f);
    }
  } else if (flow.screen() == Screen::Results || flow.screen() == Screen::History) {
    const int i = flow.screen() == Screen::Results ? flow.shown_phase() : flow.history_index();
    pos = &game.position();
    if (i >= 0 && i < game.history_size()) {
      const PhaseRecord& rec = game.history(i);
      pos = &rec.position;
      view_.set_results(&rec.results);
      view_.set_animation(playback_.t(now()));
    }
  } else if (flow.screen() != Screen::NewGame) {
    pos = &game.position();
  }
  view_.set_position(pos);
  drawn_position_ = pos;
}

void App::draw_screen() {
  draw_top_bar();
  draw_countdown();
  // The editor and a lesson take the screen's panel.
  if (modals_.is_open(ModalKind::Editor) || modals_.is_open(ModalKind::Lesson)) return;
  switch (session_.flow().screen()) {
    case Screen::NewGame: draw_new_game(); break;
    case Screen::Handoff: draw_handoff(); break;
    case Screen::Orders: draw_orders(); break;
    case Screen::Results: draw_results(); break;
    case Screen::History: draw_history(); break;
    case Screen::GameOver: draw_game_over(); break;
    case Screen::Computer:
      session_.computer().draw_card(session_.map(), session_.game(), session_.flow(), layout_.top_bar.h, now());
      break;
  }
  const TurnFlow& flow = session_.flow();
  if (flow.screen() == Screen::Orders && flow.mode() == TableMode::PassAndPlay &&
      preview_.showing(session_.game().position(), flow.power()))
    preview_.draw_label(layout_.board.x, layout_.board.y, layout_.board.w);
}

// One entry of the modal stack, with those above it inside (modals.h).
void App::draw_modal(const Modal& entry, const Modals::Above& above) {
  const double t = now();
  switch (entry.kind) {
    case ModalKind::Menu: above(); return;  // drawn by the top bar, under its button
    case ModalKind::Help: draw_help(above); return;
    case ModalKind::Notice: draw_notice(entry, above); return;
    case ModalKind::Question: draw_question(entry, above); return;
#if COLONIAL_PHONES
    case ModalKind::Phones: phones_.draw(session_, modals_, t, above); return;
#else
    case ModalKind::Phones: return;  // never opened without the phones (the menu says where they are)
#endif
    case ModalKind::OrderSheet: gm_.draw_sheet(session_, modals_, layout_, t, above); return;
    case ModalKind::Lesson: draw_lesson(above); return;
    case ModalKind::Editor: gm_.draw_editor(session_, modals_, layout_, panel_collapsed_, t, above); return;
    case ModalKind::Branches: gm_.draw_branches(session_, modals_, t, above); return;
    case ModalKind::PinPad: kiosk_.staff().draw_pad(modals_, t, above); return;
    case ModalKind::KioskSettings: kiosk_.draw_settings(session_, modals_, t, above); return;
    case ModalKind::Season: kiosk_.draw_season(modals_, above); return;
    case ModalKind::Attract: kiosk_.draw_attract(session_, t, above); return;
    case ModalKind::Tables:
      if (TablesScreen* tables = kiosk_.tables())
        tables->draw({session_, modals_, kiosk_.staff(), *this, window_.canvas(), view_, kiosk_.staff_locked(), t,
                      kiosk_.season()},
                     above);
      else
        above();
      return;
    case ModalKind::ComputerSeats: {
      if (!session_.flow().attached()) {
        modals_.close_serial(entry.serial);
        above();
        return;
      }
      const ComputerPlayers::SeatsAnswer seats = ComputerPlayers::draw_seats(session_.map(), session_.game(), above);
      if (seats.changed) {
        session_.flow().seats_changed();
        session_.save(t);
      }
      if (seats.closed) modals_.close_serial(entry.serial);
      return;
    }
    case ModalKind::Plan: {
      // The order pad's own dialog, while its orders screen is up.
      const TurnFlow& flow = session_.flow();
      if (flow.screen() != Screen::Orders || flow.power() == kNoPower) {
        modals_.close_serial(entry.serial);
        above();
        return;
      }
      if (!session_.pad(flow.power()).draw_plan(above)) modals_.close_serial(entry.serial);
      return;
    }
  }
}

// The frame shown, or saved: the board alone as a picture, or the whole
// screen as the script's screenshot.
void App::end_frame() {
  if (gm_.picture_requested()) {
    const std::string path = gm_.take_picture();
    std::string error;
    const float ratio = window_.pixel_ratio();
    const LayoutRect& b = layout_.board;
    if (window_.end_frame_saving(path, error, {b.x * ratio, b.y * ratio, b.w * ratio, b.h * ratio})) {
      modals_.notify(format(tr("The board is saved as %s"), path.c_str()));
      std::printf("colonial: picture %s\n", path.c_str());
      text::emit_event("picture", {{"file", path}});
      platform::offer_download(path);
    } else {
      modals_.notify(format(tr("The picture could not be saved: %s"), error.c_str()));
    }
  } else if (!script_.pending_shot.empty()) {
    const std::string dir = options_.shots_dir.empty() ? std::string(".") : options_.shots_dir;
    const std::string path = dir + "/" + script_.pending_shot + ".png";
    std::string error;
    if (!window_.end_frame_saving(path, error)) {
      std::fprintf(stderr, "colonial: screenshot: %s\n", error.c_str());
      script_.status = 1;
    } else {
      const std::string screen = screen_label(modals_, session_.flow());
      std::printf("colonial: screenshot %s (%s screen)\n", path.c_str(), screen.c_str());
      text::emit_event("screenshot", {{"name", script_.pending_shot}, {"file", path}, {"screen", screen}});
      // Text cut off on it: a translation longer than its button.
      if (const std::string clipped = ui_clipped_list(); !clipped.empty()) {
        std::printf("colonial: clipped on %s: %s\n", script_.pending_shot.c_str(), clipped.c_str());
        text::emit_event("clipped", {{"shot", script_.pending_shot}, {"what", clipped}});
      }
    }
    script_.pending_shot.clear();
  } else {
    const double before_present = platform::seconds_since_start();
    window_.end_frame();
    stats_.present_ms = (platform::seconds_since_start() - before_present) * 1000.0;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] The game's life
// ---------------------------------------------------------------------------

void App::resume_or_new() {
  if (!options_.new_game && session_.resume(table_mode(options_), now())) {
    view_.set_map(&session_.map());
    if (TablesScreen* tables = kiosk_.tables()) tables->name_from(session_.game(), session_.record().path());
    return;
  }
  show_new_game();
}

void App::open_record(const std::string& file) {
  const std::string name = file.substr(file.find_last_of('/') + 1);
  std::string why;
  if (session_.open_record(file, table_mode(options_), now(), why)) {
    view_.set_map(&session_.map());
    view_.camera().fit(false);
    // TRANSLATORS: %s is the name of the file opened.
    modals_.notify(format(tr("The game recorded in %s is on the table."), name.c_str()));
  } else {
    // TRANSLATORS: the file's name, then why it is not a game record this app reads.
    modals_.notify(format(tr("%s was not opened: %s. The game in play goes on as it was."), name.c_str(), why.c_str()));
    std::fprintf(stderr, "colonial: %s was not opened: %s\n", file.c_str(), why.c_str());
    text::emit_event("record-refused", {{"file", file}});
  }
  // The page's copy of the picked file is spent.
  std::remove(file.c_str());
}

// The new-game screen for the record in use (its game archived when one is
// started), on the board of options_.variant.
void App::show_new_game() {
  session_.leave_for_new_game(options_.variant, table_mode(options_));
  new_game_.reset(session_.map(), options_.seed);
  if (kiosk_.on()) {
    // The club's scoring system, which staff may still change for this game.
    bool scored = false;
    ScoringSystem system{};
    kiosk_.club_scoring(scored, system);
    new_game_.set_scoring(scored, system);
  }
  view_.set_map(&session_.map());
  if (TablesScreen* tables = kiosk_.tables()) tables->name_default(session_.record().path());
}

// "Start game" on the new-game screen: the game made from the choices.
void App::start_new_game() {
  GameSettings settings = new_game_.settings();
  if (TablesScreen* tables = kiosk_.tables())
    settings.table_name.assign(tables->name_for_new_game(session_.record().path()));
  session_.start(settings, new_game_.start(), now());
  view_.set_map(&session_.map());
  view_.camera().fit(false);
  if (session_.flow().mode() != TableMode::PassAndPlay) return;
  // Announce who plays what (a random draw is news to everybody).
  const Map& map = session_.map();
  std::string deal;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if ((settings.unplayed_powers >> p) & 1u) continue;
    if (!deal.empty()) deal += "; ";
    deal += std::string(power_name(map, p)) + " - " + settings.player_names[p].c_str();
  }
  // TRANSLATORS: who plays which power, "Britain - Anna; China - Ben".
  modals_.notify(format(tr("Powers: %s."), deal.c_str()));
}

void App::leave_table() {
  session_.save(now());
  session_.computer().stop();
#if COLONIAL_PHONES
  if (phones_.running()) {
    // The phones' seats belong to the table they were given for.
    phones_.stop();
    std::printf("colonial: the phones of %s stopped\n", session_.record().path().c_str());
  }
#endif
  modals_.close_all_but(ModalKind::Tables);
  gm_.table_view() = false;
}

void App::open_table(const std::string& path) {
  session_.use_record(Autosave(path));
  resume_or_new();
}

void App::new_table_at(const std::string& path) {
  session_.use_record(Autosave(path));
  show_new_game();
}

}  // namespace colonial
