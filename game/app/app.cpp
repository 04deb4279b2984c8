// App: the loop, input, the game's lifecycle and autosave. The screens are
// drawn in screen_*.cpp.
//
// [SECTION] Start-up and the loop
// [SECTION] Input
// [SECTION] The game's lifecycle
// [SECTION] Scripted input
#include "app.h"

#include <imgui.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <ctime>

#include "board_palette.h"
#include "clock.h"
#include "controls.h"
#include "files.h"
#include "process_memory.h"
#include "touch_ui.h"

namespace colonial {

namespace {

constexpr double kLongPressSeconds = 0.5;
constexpr double kScriptFrameSeconds = 1.0 / 60.0;

// Kiosk mode: SIGTERM and SIGINT (the club's administrator, a shutdown) end
// the app cleanly; installing these before SDL starts keeps SDL from turning
// them into quit events, which kiosk mode ignores (a passer-by's Alt+F4).
volatile std::sig_atomic_t g_stop_signal = 0;
void on_stop_signal(int) { g_stop_signal = 1; }

class AppWorld : public ScriptWorld {
 public:
  explicit AppWorld(const App& app) : app_(app) {}
  bool widget(std::string_view label, platform::PointF& at) override { return app_.widget_centre(label, at); }
  bool place(std::string_view code, platform::PointF& at) override { return app_.place_centre(code, at); }
  std::string screen() override { return app_.screen_label(); }
  platform::PointF output_size() override { return app_.output_size(); }
  std::size_t widget_count() override { return ui_target_count(); }
  bool widget_nth(std::size_t n, platform::PointF& at) override { return app_.widget_nth(n, at); }
  std::string board_labels() override { return app_.board_labels(); }

 private:
  const App& app_;
};

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
      variant_(options.variant),
      map_(std::make_unique<Map>()),
      game_(std::make_unique<Game>()),
      scratch_(std::make_unique<Game>()),
      ui_factor_(options.ui_scale) {}

App::~App() { stop_computer(); }

bool App::start(std::string& error) {
  if (!load_variant_map(variant_, *map_, error)) return false;
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
    if (path.empty()) notice_ = "Games cannot be saved on this device (" + why + "). You can still play.";
    autosave_ = Autosave(path);
  }
  if (!options_.script.empty()) {
    std::string text;
    if (!platform::read_file(options_.script, text, error)) return false;
    std::vector<ScriptStep> steps;
    if (!parse_script(text, steps, error)) {
      error = options_.script + ": " + error;
      return false;
    }
    script_ = std::make_unique<ScriptPlayer>(std::move(steps));
  }
  if (options_.kiosk && !window_.fullscreen()) window_.toggle_fullscreen();
  if (!load_staff_pin(error)) return false;
  load_kiosk_settings();
  if (options_.kiosk && autosave_.enabled()) {
    // The kiosk's tables: games left too long archived first, then the
    // start screen when there is any game to pick.
    tables_ = std::make_unique<KioskTables>(autosave_.path());
    for (const std::string& line : tables_->archive_stale(options_.archive_days, std::time(nullptr)))
      std::printf("colonial: %s\n", line.c_str());
  }
  if (tables_ && !options_.new_game && !tables_->paths().empty()) {
    show_new_game();
    open_tables();
  } else {
    resume_or_new();
  }
  // Asked for once: a later table or game resumes as usual.
  options_.new_game = false;
  last_update_ = now();
  return true;
}

double App::now() const {
  // Under a script the clock is the frame count: timers, long presses and
  // animations then play the same on every machine.
  return script_ ? static_cast<double>(frame_) * kScriptFrameSeconds : platform::seconds_since_start();
}

int App::run() {
  AppWorld world(*this);
  bool announced = false;
  while (running_) {
    ++frame_;
    if (script_) {
      ScriptFrame sf;
      const ScriptPlayer::Status st = script_->frame(world, sf);
      if (st == ScriptPlayer::Status::Failed) {
        std::fprintf(stderr, "colonial: %s\n  (widgets on screen: %s)\n", script_->error().c_str(),
                     ui_target_list().c_str());
        return 1;
      }
      if (st == ScriptPlayer::Status::Finished) {
        std::printf("colonial: script finished on the %s screen after %llu input events\n", screen_label().c_str(),
                    static_cast<unsigned long long>(script_events_));
        script_finished_ = true;
        break;
      }
      for (const platform::InputEvent& e : sf.events)
        if (!window_.push_event(e)) std::fprintf(stderr, "colonial: the script's event could not be queued\n");
      script_events_ += sf.events.size();
      pending_shot_ = sf.screenshot;
      if (!sf.print.empty()) std::fputs(sf.print.c_str(), stdout);
      if (sf.quit) {
        std::printf("colonial: script finished on the %s screen after %llu input events\n", screen_label().c_str(),
                    static_cast<unsigned long long>(script_events_));
        script_finished_ = true;
        running_ = false;
      }
    }
    const bool busy = script_ || view_.animating() || playback_.running(now()) || press_active_;
    platform::InputEvent e;
    for (int wait = busy ? 0 : 250; window_.poll_event(e, wait); wait = 0) handle_event(e);
    if (g_stop_signal) running_ = false;
    const double frame_start = platform::seconds_since_start();
    update();
    draw_frame();
    if (options_.frame_stats)
      frame_ms_.push_back((platform::seconds_since_start() - frame_start) * 1000.0 - present_ms_);
    if (!announced) {
      // One line for whoever started us from a terminal (and for the tests).
      std::printf("colonial: playing %s on %s (%s renderer), %dx%d pixels; %s\n", std::string(map_->name()).c_str(),
                  window_.video_driver().c_str(), window_.renderer_name().c_str(), window_.output_width(),
                  window_.output_height(), options_.kiosk ? "kiosk mode (Esc ignored)" : "Esc asks before quitting");
      std::fflush(stdout);
      announced = true;
    }
    if (script_status_ != 0) return script_status_;
  }
  if (script_ && !script_finished_)
    std::printf("colonial: quit by the player at script step %zu\n", script_->step_index());
  if (options_.frame_stats && !frame_ms_.empty()) {
    std::sort(frame_ms_.begin(), frame_ms_.end());
    std::printf(
        "colonial: %zu frames: median %.2f ms, p90 %.2f ms, max %.2f ms (update and draw; the present waits for the "
        "display)\n",
        frame_ms_.size(), frame_ms_[frame_ms_.size() / 2], frame_ms_[frame_ms_.size() * 9 / 10], frame_ms_.back());
    std::printf("colonial: memory with the board on screen: %s\n",
                platform::describe(platform::process_memory()).c_str());
  }
  save_now();
  return 0;
}

void App::update() {
  const double t = now();
  view_.update(static_cast<float>(std::max(0.0, t - last_update_)));
  last_update_ = t;
  pump_phones();
  pump_computer();
  check_staff_idle();
  check_idle();
  // One minute left, time up: a tone the table hears (and a line in the log).
  if (flow_.attached() && flow_.timed() && (flow_.screen() == Screen::Handoff || flow_.screen() == Screen::Orders)) {
    const TimerAlerts::Alert alert = timer_alerts_.update(game_->history_size(), flow_.seconds_left(t));
    if (alert != TimerAlerts::Alert::None) {
      const bool minute = alert == TimerAlerts::Alert::OneMinute;
      std::printf("colonial: timer: %s\n", minute ? "one minute left" : "time is up");
      std::fflush(stdout);
      std::string error;
      if (sound_on_ && !sound_.tone(minute ? 880.0f : 660.0f, minute ? 250 : 700, 0.6f, error) && !error.empty())
        std::fprintf(stderr, "colonial: %s\n", error.c_str());
    }
  }
  if (flow_.attached() && flow_.expired(t)) {
    adjudicate_with_current();
    notice_ = "Time is up: the phase was adjudicated. Units without orders held.";
  }
  // Screen changes: the results animation starts when results appear.
  const Screen s = flow_.screen();
  if (s == Screen::Results && (last_screen_ != Screen::Results || last_shown_ != flow_.shown_phase()))
    playback_.start(t, kResultsAnimationSeconds);
  if (s == Screen::Handoff && last_screen_ != Screen::Handoff) view_.gestures().reset();
  last_screen_ = s;
  last_shown_ = flow_.shown_phase();
  if (flow_.take_save_request()) save_now();
}

// The phones: their orders go into the game at once (saved before they are
// answered); when every power asked has said Done, the phase is played as
// when the game master says so.
void App::pump_phones() {
  if (!phones_.running() || !flow_.attached()) return;
  const int left = flow_.timed() ? static_cast<int>(flow_.seconds_left(now()) + 0.999) : -1;
  const bool changed = phones_.pump(*game_, flow_, left, [this] {
    save_now();
    return save_error_.empty();
  });
  // An order pad begun for a power whose phone changed its orders starts
  // again from the game's (the phone's) orders.
  for (PowerId p = 0; p < map_->power_count(); ++p)
    if ((phones_.changed_powers() >> p) & 1u) entry_phase_[p] = -1;
  const Screen s = flow_.screen();
  if (changed && PhoneTable::everyone_done(flow_) && (s == Screen::Orders || s == Screen::Handoff))
    flow_.adjudicate_now();
}

void App::pump_computer() {
  if (computer_thread_.joinable()) {
    if (!computer_ready_.load()) return;
    computer_thread_.join();
    // Still the decision the flow waits for (a seat handed back to a person
    // meanwhile, or the game left, makes it void).
    if (flow_.attached() && flow_.screen() == Screen::Computer && computer_job_phase_ == game_->history_size() &&
        computer_job_powers_ == flow_.computer_turn()) {
      std::printf("colonial: the computer gave its orders (%d powers)\n", computer_total_);
      std::fflush(stdout);
      flow_.computer_done(computer_orders_);
      return;
    }
  }
  if (!flow_.attached() || flow_.screen() != Screen::Computer) return;
  if (!bot_) bot_ = std::make_unique<Bot>();
  computer_position_ = game_->position();
  computer_job_phase_ = game_->history_size();
  computer_job_powers_ = flow_.computer_turn();
  computer_total_ = std::popcount(computer_job_powers_);
  computer_progress_ = 0;
  computer_ready_ = false;
  const GameSettings settings = game_->settings();
  // The same game gives the same computer orders: seeded by the phase.
  const u64 seed = static_cast<u64>(computer_job_phase_) * 7919u + 1u;
  const Map* map = map_.get();
  computer_thread_ = std::thread([this, map, settings, seed] {
    computer_orders_.clear();
    OrderList mine;
    for (PowerId p = 0; p < map->power_count(); ++p) {
      if (!((computer_job_powers_ >> p) & 1u)) continue;
      bot_->decide(*map, computer_position_, p, settings.computer_level[p], seed, mine);
      for (const Order& o : mine) computer_orders_.push_back(o);
      ++computer_progress_;
    }
    computer_ready_ = true;
  });
}

// The preview of power p's orders, remade when they or the guess changed;
// false when there is none (not a movement phase).
bool App::show_preview(PowerId p, const OrderList& orders) {
  if (game_->phase().kind != PhaseKind::Movement) return false;
  if (preview_made_.phase == game_->history_size() && preview_made_.power == p &&
      preview_made_.guess == preview_guess_ && preview_made_.orders == orders)
    return true;
  if (!preview_bot_) preview_bot_ = std::make_unique<Bot>();
  preview_made_.phase = -1;
  if (!preview_bot_->preview(*map_, game_->position(), p, orders, preview_guess_, preview_after_, preview_results_))
    return false;
  preview_made_ = {game_->history_size(), p, preview_guess_, orders};
  return true;
}

void App::stop_computer() {
  if (computer_thread_.joinable()) computer_thread_.join();
}

void App::save_now() {
  if (!autosave_.enabled() || !flow_.attached()) return;
  flow_.store_time_used(now());
  std::string error;
  if (autosave_.save(*game_, variant_, error)) {
    save_error_.clear();
  } else {
    save_error_ = "Not saved: " + error;
    std::fprintf(stderr, "colonial: autosave failed: %s\n", error.c_str());
  }
}

void App::draw_frame() {
  const float ratio = window_.pixel_ratio();
  const float out_w = static_cast<float>(window_.output_width());
  const float out_h = static_cast<float>(window_.output_height());
  const float w = out_w / ratio;
  const float h = out_h / ratio;
  // The automatic scale for the screen, times the players' choice (menu:
  // text size; --ui-scale), in quarter steps.
  const float scale = std::clamp(std::round(ui_scale_for_display(w, h) * ui_factor_ * 4.0f) / 4.0f, 0.75f, 4.0f);
  window_.set_ui_scale(scale);
  const Screen screen = flow_.screen();
  // The table's results view gives the board the whole width.
  const bool board_only = table_view_ && screen == Screen::Results;
  layout_ = compute_layout(w, h, scale, (panel_collapsed_ || board_only) && screen != Screen::Handoff,
                           screen == Screen::NewGame);
  LayoutRect board = layout_.board;
  // The hand-off card covers the board and the panel alike.
  if (screen == Screen::Handoff) board = {0, layout_.top_bar.h, w, h - layout_.top_bar.h};
  view_.gestures().set_pixel_ratio(ratio);
  view_.set_view({board.x * ratio, board.y * ratio, board.w * ratio, board.h * ratio});
  apply_touch_style(scale);
  // Keyboard and gamepad move through ImGui's widgets on the forms; on the
  // board screens the keys and the pad belong to the order pad and screens.
  ImGuiIO& io = ImGui::GetIO();
  const bool form = screen == Screen::NewGame || help_open_ || phones_open_ || sheet_open_ || branches_open_ ||
                    quit_confirm_ || new_game_confirm_ || companion_confirm_ || adjudicate_confirm_ ||
                    agreement_confirm_ || surrender_confirm_ || end_time_confirm_ || computer_seats_open_ ||
                    kiosk_settings_open_ || !notice_.empty();
  if (form)
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard | ImGuiConfigFlags_NavEnableGamepad;
  else
    io.ConfigFlags &= ~(ImGuiConfigFlags_NavEnableKeyboard | ImGuiConfigFlags_NavEnableGamepad);

  prepare_screen();
  window_.begin_frame();
  ui_targets_begin_frame();
  platform::Canvas& canvas = window_.canvas();
  canvas.clear(app_palette().background());
  view_.draw(canvas);
  if (screen == Screen::Orders && flow_.power() != kNoPower && !editor_)
    entry_for(flow_.power()).draw_cursor(canvas, view_);
  // A picture of the board for the club's records: this frame draws the
  // board alone (with its orders and results) and saves it.
  const bool picture = !picture_path_.empty();
  if (!picture && tables_open_) {
    // The kiosk's start screen alone, with what may open over it.
    draw_tables();
    draw_dialogs();
    draw_kiosk_settings();
    draw_pin_pad();
    draw_attract();
  } else if (!picture) {
    draw_top_bar();
    draw_countdown();
    if (editor_) {
      draw_editor();
    } else {
      switch (screen) {
        case Screen::NewGame: draw_new_game(); break;
        case Screen::Handoff: draw_handoff(); break;
        case Screen::Orders: draw_orders(); break;
        case Screen::Results: draw_results(); break;
        case Screen::History: draw_history(); break;
        case Screen::GameOver: draw_game_over(); break;
        case Screen::Computer: draw_computer(); break;
      }
    }
    draw_help();
    draw_phones();
    draw_sheet();
    draw_branches();
    draw_dialogs();
    draw_computer_seats();
    draw_kiosk_settings();
    draw_preview_label();
    draw_pin_pad();
    draw_attract();
  }
  ui_targets_end_frame();
  if (picture) {
    std::string error;
    const LayoutRect& b = layout_.board;
    if (window_.end_frame_saving(picture_path_, error, {b.x * ratio, b.y * ratio, b.w * ratio, b.h * ratio})) {
      notice_ = "The board is saved as " + picture_path_;
      std::printf("colonial: picture %s\n", picture_path_.c_str());
    } else {
      notice_ = "The picture could not be saved: " + error;
    }
    picture_path_.clear();
  } else if (!pending_shot_.empty()) {
    std::string dir = options_.shots_dir.empty() ? std::string(".") : options_.shots_dir;
    const std::string path = dir + "/" + pending_shot_ + ".png";
    std::string error;
    if (!window_.end_frame_saving(path, error)) {
      std::fprintf(stderr, "colonial: screenshot: %s\n", error.c_str());
      script_status_ = 1;
    } else {
      std::printf("colonial: screenshot %s (%s screen)\n", path.c_str(), screen_label().c_str());
    }
    pending_shot_.clear();
  } else {
    const double before_present = platform::seconds_since_start();
    window_.end_frame();
    present_ms_ = (platform::seconds_since_start() - before_present) * 1000.0;
  }
}

// What the board shows on each screen. Pending orders are drawn only on the
// orders screen, and only those of the power whose screen it is.
void App::prepare_screen() {
  view_.set_orders(nullptr);
  view_.set_results(nullptr);
  view_.set_animation(-1);
  view_.clear_highlights();
  const Position* pos = &start_preview_;
  if (editor_) {
    // The editor's draft, as the table has it.
    view_.set_position(&editor_->position());
    drawn_position_ = &editor_->position();
    return;
  }
  if (sheet_open_ && flow_.attached()) {
    // A pasted sheet: its orders on the board at once, missing ones as holds.
    view_.set_position(&game_->position());
    view_.set_orders(&sheet_board_);
    drawn_position_ = &game_->position();
    return;
  }
  switch (flow_.screen()) {
    case Screen::NewGame: break;
    case Screen::Handoff:
    case Screen::Computer:
    case Screen::GameOver: pos = &game_->position(); break;
    case Screen::Orders: {
      pos = &game_->position();
      if (flow_.power() == kNoPower) break;
      OrderEntry& entry = entry_for(flow_.power());
      view_.set_orders(&entry.orders());
      if (flow_.mode() == TableMode::Companion) {
        // The game master sees every power's orders keyed in so far.
        companion_orders_.clear();
        for (PowerId p = 0; p < map_->power_count(); ++p)
          if (entry_begun(p))
            for (const Order& o : entries_[p]->orders()) companion_orders_.push_back(o);
        view_.set_orders(&companion_orders_);
      }
      entry.apply_highlights(view_);
      if (preview_on_ && flow_.mode() == TableMode::PassAndPlay && show_preview(flow_.power(), entry.orders())) {
        view_.set_orders(nullptr);
        view_.set_results(&preview_results_);
        view_.set_animation(1.0f);
      }
      break;
    }
    case Screen::Results:
    case Screen::History: {
      const int i = flow_.screen() == Screen::Results ? flow_.shown_phase() : flow_.history_index();
      if (i < 0 || i >= game_->history_size()) {
        pos = &game_->position();
        break;
      }
      const PhaseRecord& rec = game_->history(i);
      pos = &rec.position;
      view_.set_position(pos);
      view_.set_results(&rec.results);
      view_.set_animation(playback_.t(now()));
      break;
    }
  }
  view_.set_position(pos);
  drawn_position_ = pos;
}

// ---------------------------------------------------------------------------
// [SECTION] Input
// ---------------------------------------------------------------------------

void App::handle_event(const platform::InputEvent& e) {
  using platform::InputType;
  last_input_ = now();
  // The attract view: a touch, a key or a button wakes the kiosk, and does
  // nothing else (the board under a finger is not tapped).
  if (idle_) {
    if (e.type == InputType::PointerDown || e.type == InputType::TouchDown || e.type == InputType::KeyDown ||
        e.type == InputType::GamepadButtonDown) {
      idle_ = false;
      std::printf("colonial: idle: woken\n");
    }
    return;
  }
  switch (e.type) {
    case InputType::Quit:
      // The game is saved after every step; leaving loses nothing. A kiosk
      // stays (its window cannot be closed by whoever stands at it).
      if (!options_.kiosk) running_ = false;
      return;
    case InputType::PointerMove:
      pointer_ = {e.x, e.y};
      pointer_inside_ = true;
      break;
    case InputType::PointerLeave: pointer_inside_ = false; break;
    default: break;
  }
  const bool dialog_open = help_open_ || phones_open_ || sheet_open_ || branches_open_ || rollback_confirm_ >= 0 ||
                           quit_confirm_ || new_game_confirm_ || companion_confirm_ || adjudicate_confirm_ ||
                           agreement_confirm_ || surrender_confirm_ || end_time_confirm_ || computer_seats_open_ ||
                           kiosk_settings_open_ || tables_open_ || !notice_.empty();
  // In a text box the keys are the box's (Esc leaves it: ImGui does that).
  const bool typing = e.ui_captured && (e.type == InputType::KeyDown || e.type == InputType::Text);
  if (!e.repeat) {
    switch (action_for(e, Place::Anywhere)) {
      case Action::BackOrClose:
        if (!(typing && ImGui::GetIO().WantTextInput)) on_escape();
        return;
      case Action::Fullscreen:
        if (!options_.kiosk) window_.toggle_fullscreen();
        return;
      case Action::ColourBlindPalette:
        view_.set_palette(view_.palette() == PaletteKind::Board ? PaletteKind::ColourBlind : PaletteKind::Board);
        return;
      case Action::Help: help_open_ = !help_open_; return;
      default: break;
    }
  }
  // The kiosk's tables: the arrows or the pad choose a row, Enter or A
  // plays it (unless a question or the PIN pad is over them).
  if (tables_open_ && !typing && pin_pad_ == PinPad::Closed && !table_confirm_open_ && !quit_confirm_ &&
      !kiosk_settings_open_ && notice_.empty() && !help_open_) {
    const Action a = action_for(e, Place::Tables);
    const std::size_t n = table_list_.size();
    if (a == Action::TablePrevious && n > 0) table_selected_ = (table_selected_ + n - 1) % n;
    if (a == Action::TableNext && n > 0) table_selected_ = (table_selected_ + 1) % n;
    if (a == Action::PlayTable && table_selected_ < n && !e.repeat) play_table(table_selected_);
    if (a != Action::None) return;
  }
  // Dialogs and the help are modal: ImGui has the input.
  if (dialog_open) return;

  const Screen screen = flow_.screen();
  if (!typing) {
    switch (screen) {
      case Screen::Handoff:
        if (action_for(e, Place::Handoff) == Action::Reveal) {
          flow_.reveal();
          return;
        }
        break;
      case Screen::Results:
        switch (action_for(e, Place::Results)) {
          case Action::Continue:
            if (playback_.running(now()))
              playback_.stop();
            else
              flow_.continue_play(now());
            return;
          case Action::Replay: playback_.start(now(), kResultsAnimationSeconds); return;
          default: break;
        }
        break;
      case Screen::History:
        switch (action_for(e, Place::History)) {
          case Action::HistoryPrevious:
            flow_.step_history(-1);
            playback_.stop();
            return;
          case Action::HistoryNext:
            flow_.step_history(1);
            playback_.stop();
            return;
          default: break;
        }
        break;
      default: break;
    }
  }
  if (screen == Screen::Orders) {
    // Done (Ctrl+Enter) works even from the typed-order box.
    const Action a = action_for(e, Place::Orders);
    if (a == Action::Done && !e.repeat) {
      done_pressed();
      return;
    }
    if (a == Action::OpenHistory && !typing && flow_.can_open_history()) {
      flow_.open_history();
      return;
    }
    if (flow_.power() != kNoPower && entry_for(flow_.power()).handle_event(e, view_)) return;
  }

  // The board: pan and zoom everywhere, taps on the orders screen.
  if (e.type == InputType::PointerDown || e.type == InputType::TouchDown) {
    if (!e.ui_captured && (e.type == InputType::TouchDown || !e.from_touch)) {
      press_active_ = true;
      press_started_ = now();
    }
  }
  const BoardGesture g = view_.handle_input(e);
  if (e.type == InputType::PointerUp || e.type == InputType::TouchUp) {
    const bool long_press = press_active_ && now() - press_started_ >= kLongPressSeconds;
    press_active_ = false;
    if (g.tap) on_board_tap(g.at, long_press || g.secondary);
  }
}

void App::on_escape() {
  if (!notice_.empty()) {
    notice_.clear();
    return;
  }
  if (sheet_open_ || branches_open_ || rollback_confirm_ >= 0) {
    sheet_open_ = branches_open_ = false;
    rollback_confirm_ = restore_confirm_ = -1;
    return;
  }
  if (editor_) {
    editor_.reset();
    return;
  }
  // The kiosk's tables: back to the table in play (a kiosk never quits).
  if (tables_open_) {
    if (flow_.attached() && !quit_confirm_ && !kiosk_settings_open_ && !table_confirm_open_) tables_open_ = false;
    quit_confirm_ = false;
    table_confirm_open_ = false;
    return;
  }
  if (help_open_ || phones_open_ || menu_open_ || quit_confirm_ || new_game_confirm_ || companion_confirm_ ||
      adjudicate_confirm_ || agreement_confirm_ || surrender_confirm_ || end_time_confirm_) {
    help_open_ = phones_open_ = menu_open_ = quit_confirm_ = new_game_confirm_ = companion_confirm_ =
        adjudicate_confirm_ = agreement_confirm_ = surrender_confirm_ = end_time_confirm_ = false;
    reissue_confirm_ = kNoPower;
    return;
  }
  // The menu (or a list opened in the form): Esc closes it.
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
    close_menu_ = true;
    return;
  }
  switch (flow_.screen()) {
    case Screen::Orders:
      if (flow_.power() != kNoPower && entry_for(flow_.power()).model().step() != EntryStep::Idle) {
        entry_for(flow_.power()).back();
        return;
      }
      break;
    case Screen::History: flow_.close_history(); return;
    default: break;
  }
  // Never quit by accident: ask (and in a kiosk, never).
  if (!options_.kiosk) quit_confirm_ = true;
}

void App::on_board_tap(platform::PointF at, bool long_press) {
  if (editor_) {
    editor_->tap(view_.pick(at));
    return;
  }
  if (flow_.screen() != Screen::Orders || flow_.power() == kNoPower) return;
  OrderEntry& entry = entry_for(flow_.power());
  const ProvinceId before = entry.model().selected();
  entry.tap_at(view_, at, long_press);
  // A handheld's fitted board is too small to pick targets by finger: zoom
  // to the unit just selected (pinch or the wheel zoom back out).
  const ProvinceId selected = entry.model().selected();
  constexpr float kHandheldBoardWidth = 720;  // pixels; a 640x480 screen's board is ~370
  if (selected != kNoProvince && selected != before && view_.camera().view().w < kHandheldBoardWidth)
    view_.focus_on(selected, 2.5f);
}

// ---------------------------------------------------------------------------
// [SECTION] The game's lifecycle
// ---------------------------------------------------------------------------

void App::resume_or_new() {
  stop_computer();
  const TableMode mode = options_.companion ? TableMode::Companion : TableMode::PassAndPlay;
  // Order pads and the preview belong to the game they were begun for.
  for (int& e : entry_phase_) e = -1;
  preview_made_.phase = -1;
  if (!options_.new_game && autosave_.enabled()) {
    const ResumeOutcome r = autosave_.resume(*map_, *game_, *scratch_);
    if (r.status == ResumeStatus::Resumed) {
      variant_ = r.variant;
      view_.set_map(map_.get());
      flow_.begin(*game_, mode, now());
      if (!r.message.empty()) notice_ = r.message;
      std::snprintf(
          table_name_buffer_, sizeof table_name_buffer_, "%s",
          game_->settings().table_name.empty() ? default_table_name().c_str() : game_->settings().table_name.c_str());
      std::printf("colonial: resumed the game saved in %s%s\n", autosave_.path().c_str(),
                  r.from_backup ? " (from its backup)" : "");
      return;
    }
    if (r.status == ResumeStatus::Damaged) {
      notice_ = r.message + " You can start a new game.";
      std::fprintf(stderr, "colonial: %s\n", r.message.c_str());
    }
  }
  show_new_game();
}

void App::show_new_game() {
  stop_computer();
  // A failed resume, or the last table played, may have loaded another
  // board: back to ours.
  std::string error;
  variant_ = options_.variant;
  if (!load_variant_map(variant_, *map_, error)) notice_ += " " + error;
  flow_.leave_game();
  flow_.set_mode(options_.companion ? TableMode::Companion : TableMode::PassAndPlay);
  default_choices(*map_, choices_);
  choices_.seed = options_.seed ? options_.seed : static_cast<u64>(std::time(nullptr));
  view_.set_map(map_.get());
  map_->set_options(choices_.settings.rules.map_options);
  set_start_position(*map_, start_preview_);
  std::snprintf(table_name_buffer_, sizeof table_name_buffer_, "%s", default_table_name().c_str());
}

void App::start_game(const GameSettings& settings, const Position& start) {
  stop_computer();
  // Whatever was saved before is kept, never overwritten.
  std::string error;
  const std::string kept = autosave_.archive(error);
  if (!error.empty())
    notice_ = "The previous game could not be kept aside (" + error + ").";
  else if (!kept.empty())
    std::printf("colonial: the previous game is kept as %s\n", kept.c_str());
  GameSettings with_table = settings;
  if (tables_) {
    if (!table_name_buffer_[0])
      std::snprintf(table_name_buffer_, sizeof table_name_buffer_, "%s", default_table_name().c_str());
    with_table.table_name.assign(table_name_buffer_);
  }
  game_->start_from(*map_, with_table, start);
  for (int& e : entry_phase_) e = -1;
  view_.set_map(map_.get());
  view_.camera().fit(false);
  flow_.begin(*game_, flow_.mode(), now());
  save_now();
}

// The game changed under the flow (an edit, a rollback, a branch restored):
// the flow starts the phase again, order pads start afresh, and it is saved.
void App::after_game_changed() {
  stop_computer();
  for (int& e : entry_phase_) e = -1;
  flow_.begin(*game_, flow_.mode(), now());
  save_now();
}

bool App::entry_begun(PowerId p) const {
  return p < kMaxPowers && entries_[p] && entry_phase_[p] == game_->history_size();
}

OrderEntry& App::entry_for(PowerId p) {
  if (!entries_[p]) entries_[p] = std::make_unique<OrderEntry>();
  if (entry_phase_[p] != game_->history_size()) {
    entries_[p]->begin(*game_, p);
    entry_phase_[p] = game_->history_size();
  }
  return *entries_[p];
}

void App::done_pressed() {
  const PowerId p = flow_.power();
  if (flow_.screen() != Screen::Orders || p == kNoPower) return;
  const OrderList orders = entry_for(p).orders();
  // The retreats and builds planned in advance go in with the orders.
  const ConditionPlan& plan = entry_for(p).plan();
  ReasonText why;
  if (plan.available() && !plan.valid(why)) {
    notice_ = std::string("The planned retreats and builds cannot be handed in: ") + why.c_str();
    return;
  }
  if (plan.available() && !game_->submit_conditions(p, plan.conditions())) {
    notice_ = "The planned retreats and builds could not be handed in (too many for this phase).";
    return;
  }
  if (!flow_.submit_done(orders))
    notice_ = "These orders could not be submitted (the game refused them). Check the order list and try again.";
}

void App::adjudicate_with_current() {
  // Orders keyed in before the deadline count, Done or not: in pass-and-play
  // only the power at the screen can have any; in companion mode any power
  // the game master has begun.
  for (PowerId p = 0; p < map_->power_count(); ++p)
    if (flow_.is_asked(p) && !flow_.is_done(p) && entry_begun(p)) {
      if (!entries_[p]->orders().empty()) game_->submit(p, entries_[p]->orders());
      const ConditionPlan& plan = entries_[p]->plan();
      ReasonText why;
      if (plan.available() && plan.dirty() && plan.valid(why)) game_->submit_conditions(p, plan.conditions());
    }
  flow_.adjudicate_now();
}

// ---------------------------------------------------------------------------
// [SECTION] Scripted input
// ---------------------------------------------------------------------------

bool App::widget_centre(std::string_view label, platform::PointF& at) const {
  return ui_target_find(label, window_.pixel_ratio(), at);
}

bool App::widget_nth(std::size_t n, platform::PointF& at) const { return ui_target_nth(n, window_.pixel_ratio(), at); }

platform::PointF App::output_size() const {
  return {static_cast<float>(window_.output_width()), static_cast<float>(window_.output_height())};
}

std::string App::board_labels() const {
  std::string out;
  char line[96];
  for (int i = 0; i < map_->province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const char* code = map_->province(p).code;
    platform::RectF box;
    if (view_.label_box(p, box)) {
      std::snprintf(line, sizeof line, "label %s %d %d\n", code, static_cast<int>(box.x + box.w * 0.5f),
                    static_cast<int>(box.y + box.h * 0.5f));
      out += line;
    }
    const platform::PointF middle = view_.label_point(p);
    std::snprintf(line, sizeof line, "middle %s %d %d\n", code, static_cast<int>(middle.x), static_cast<int>(middle.y));
    out += line;
  }
  return out;
}

bool App::place_centre(std::string_view code, platform::PointF& at) const {
  const ProvinceLookup l = map_->find_province(code);
  if (l.status != LookupStatus::Found) return false;
  const ProvinceId p = l.province;
  LocationId loc = p;
  if (drawn_position_ && drawn_position_->units[p].present()) loc = unit_location(*map_, p, drawn_position_->units[p]);
  at = view_.screen_point(loc);
  return true;
}

}  // namespace colonial
