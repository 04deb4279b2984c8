// App: the game as players use it - new game, pass-and-play with hand-off
// screens (or one companion screen for a game master), orders, results
// resolving on the board, history, autosave and resume, help, kiosk mode and
// scripted input for the end-to-end tests.
//
// The state lives in plain classes tested on their own (app_flow.h: whose
// turn and which screen; app_setup.h: the new-game choices; app_autosave.h;
// app_layout.h; app_script.h). This class owns them with the window, the
// board view and the order pad, turns events into their calls and draws the
// screens (screen_*.cpp, one file per screen).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "autosave.h"
#include "board_view.h"
#include "bot.h"
#include "game.h"
#include "layout.h"
#include "map.h"
#include "new_game_setup.h"
#include "order_entry.h"
#include "order_sheet.h"
#include "phone_table.h"
#include "position_editor.h"
#include "script_player.h"
#include "sound.h"
#include "staff_pin.h"
#include "tables.h"
#include "timer_alerts.h"
#include "turn_flow.h"
#include "window.h"

namespace colonial {

struct AppOptions {
  std::string variant = "colonial";       // board for new games (a built-in name or a map file)
  std::string save_path;                  // autosave record; empty = <user data dir>/autosave.colonial
  bool no_save = false;                   // never read or write a save (--no-save)
  bool new_game = false;                  // start on the new-game screen even if a game is saved
  bool kiosk = false;                     // fullscreen, no quitting from the UI, Esc ignored
  std::string pin_file;                   // --kiosk-pin-file: the staff PIN's hash (else kept beside the save)
  double idle_minutes = 10;               // kiosk: the attract view after this long without input (0: never)
  int archive_days = 14;                  // kiosk: a saved game untouched this long is archived at start
  bool companion = false;                 // start in companion (game-master) mode
  std::string phones_listen = "0.0.0.0";  // where the phones' order server listens (--phones-listen)
  bool serve_phones = false;              // serve the phones once a game is in play (--phones)
  bool frame_stats = false;               // print frame times at exit (--frame-stats; benchmarks)
  std::string script;                     // --script FILE
  std::string shots_dir;                  // where the script's screenshots go
  std::string font;                       // TrueType font path
  int width = 1280;                       // window size in points
  int height = 800;
  u64 seed = 0;        // random draw of powers (0: from the clock)
  float ui_scale = 1;  // times the automatic UI scale (--ui-scale)
};

// Runs the app until the players leave. Returns the process exit status (0;
// 1 when the window cannot open or a script fails).
int run_app(const AppOptions& options);

// Says why the window could not open, with what to do about it (a display
// to set; for KMS/DRM, the screen's device and who holds it). Returns 1.
int report_open_failure(platform::OpenStatus status, const std::string& error);

class App {
 public:
  // How long the board takes to play out a phase's results.
  static constexpr double kResultsAnimationSeconds = 2.5;

  App(platform::Window& window, const AppOptions& options);
  ~App();
  // Prepares the game (resume or new-game screen) and loads the script.
  bool start(std::string& error);
  int run();

  // --- for scripted input
  bool widget_centre(std::string_view label, platform::PointF& at) const;
  // Where the board's names are drawn (script step `labels`).
  std::string board_labels() const;
  bool place_centre(std::string_view code, platform::PointF& at) const;
  bool widget_nth(std::size_t n, platform::PointF& at) const;
  platform::PointF output_size() const;
  std::string screen_label() const { return tables_open_ ? "tables" : screen_name(flow_.screen()); }

 private:
  // [SECTION] time and the loop (app.cpp)
  double now() const;
  void handle_event(const platform::InputEvent& e);
  void on_escape();
  void on_board_tap(platform::PointF at, bool long_press);
  void update();
  void draw_frame();
  void save_now();
  void pump_phones();
  // The computer's seats: their orders made on a worker thread while the
  // screen says so (Screen::Computer), then handed in; stop_computer waits
  // for a decision under way before the game or its board changes.
  void pump_computer();
  void stop_computer();

  // [SECTION] game lifecycle (app.cpp)
  void resume_or_new();
  // The new-game screen for the table of autosave_ (its game archived when
  // one is started), on the board of options_.variant.
  void show_new_game();
  void start_game(const GameSettings& settings, const Position& start);
  void prepare_screen();
  OrderEntry& entry_for(PowerId p);
  bool entry_begun(PowerId p) const;
  void done_pressed();
  void adjudicate_with_current();

  // [SECTION] screens (screen_*.cpp)
  void draw_top_bar();
  void draw_countdown();
  void draw_menu();
  void draw_surrender_item(float w);
  void draw_new_game();
  void draw_handoff();
  void draw_orders();
  void draw_results();
  void draw_history();
  void draw_game_over();
  void draw_computer();
  void draw_computer_seats();
  void draw_help();
  void draw_phones();
  void start_phones();
  void draw_editor();
  void draw_sheet();
  void draw_branches();
  void draw_table_view(int history_index);
  void draw_dialogs();

  // [SECTION] the kiosk's staff mode (screens/screen_staff.cpp)
  enum class PinPad : std::uint8_t { Closed, Unlock, Choose, Again };
  bool load_staff_pin(std::string& error);
  void open_pin_pad(PinPad mode);
  void pin_entered();
  void draw_pin_pad();
  // The kiosk's settings (persist/kiosk_settings.h): read at start from
  // beside the autosave, changed by staff in a dialog of the menu.
  void load_kiosk_settings();
  void draw_kiosk_settings();
  void draw_staff_gate(const char* what);
  void lock_staff(const char* why);
  void check_staff_idle();
  // A passer-by at a kiosk: only the games in play, no new game or settings.
  bool staff_locked() const { return options_.kiosk && !staff_; }
  // The kiosk left alone: the attract view (screens/screen_staff.cpp).
  void check_idle();
  void draw_attract();

  // [SECTION] the kiosk's tables (screens/screen_tables.cpp): several games,
  // one record each (persist/tables.h), on a start screen players pick
  // theirs from; staff add, archive and delete them.
  void open_tables();
  void read_tables();
  void make_table_thumbnails();
  void draw_tables();
  void draw_table_row(std::size_t i, float thumb_w);
  void play_table(std::size_t i);
  void new_table();
  void forget_table(std::size_t i, bool archive);
  // Leaves the table in play for another: saved, its computer decision and
  // its phones stopped.
  void leave_table();
  std::string default_table_name() const;
  void open_editor();
  void picture_requested(int history_index);
  void after_game_changed();
  void draw_result_list(int history_index);
  void draw_standings(const Position& position, bool with_adjustments);
  bool begin_panel(const char* id);
  void end_panel();

  platform::Window& window_;
  AppOptions options_;
  std::string variant_;  // of the game being played (a resumed save may name another board)
  std::unique_ptr<Map> map_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<Game> scratch_;
  // The computer players' worker: its bot (large, made once), the position
  // and powers of the decision under way, its orders when ready.
  std::unique_ptr<Bot> bot_;
  std::thread computer_thread_;
  std::atomic<bool> computer_ready_{false};
  std::atomic<int> computer_progress_{0};
  int computer_total_ = 0;
  int computer_job_phase_ = -1;
  u32 computer_job_powers_ = 0;
  Position computer_position_;
  OrderList computer_orders_;
  bool computer_seats_open_ = false;  // the dialog: who plays each power
  // What if (the orders screen's Preview): the power's orders adjudicated
  // against a guess of the others', shown on the board instead of its
  // orders, labelled a guess. Remade when the orders or the guess change.
  bool preview_on_ = false;
  PreviewGuess preview_guess_ = PreviewGuess::OthersHold;
  std::unique_ptr<Bot> preview_bot_;
  struct PreviewMade {
    int phase = -1;
    PowerId power = kNoPower;
    PreviewGuess guess = PreviewGuess::OthersHold;
    OrderList orders;
  } preview_made_;
  Position preview_after_;
  PhaseResults preview_results_;
  bool show_preview(PowerId p, const OrderList& orders);
  void draw_preview_label();
  Position start_preview_;  // the new-game screen's board
  TurnFlow flow_;
  Autosave autosave_;
  // One order pad per power (companion mode keeps each power's work while
  // the game master moves between them); each only ever holds its own
  // power's orders.
  std::unique_ptr<OrderEntry> entries_[kMaxPowers];
  int entry_phase_[kMaxPowers] = {-1, -1, -1, -1, -1, -1, -1, -1};  // history size when begun
  const Position* drawn_position_ = nullptr;
  OrderList companion_orders_;  // companion mode: every power's orders, for the board
  Screen last_screen_ = Screen::NewGame;
  int last_shown_ = -1;
  BoardView view_;
  NewGameChoices choices_;
  Playback playback_;
  Layout layout_;
  bool panel_collapsed_ = false;
  float ui_factor_ = 1;  // the players' text size, times the automatic scale

  // The players' phones (companion and kiosk modes): the order server.
  PhoneTable phones_;
  bool phones_open_ = false;
  PowerId reissue_confirm_ = kNoPower;
  std::string phones_error_;

  // The game master's tools: the position editor (open when set), the
  // order sheet pasted in, rolling back and the branches, the table's
  // results view, a picture of the board.
  std::unique_ptr<PositionEditor> editor_;
  bool sheet_open_ = false;
  std::unique_ptr<OrderSheet> sheet_;
  std::string sheet_text_;
  OrderList sheet_board_;  // the sheet's orders and the implicit holds, drawn while it is open
  int rollback_confirm_ = -1;
  bool branches_open_ = false;
  int restore_confirm_ = -1;
  bool table_view_ = false;
  std::string picture_path_;  // the next frame draws the board alone into this PNG

  // The phase timer's warnings, heard and seen at the table.
  platform::Sound sound_;
  TimerAlerts timer_alerts_;
  bool sound_on_ = true;

  // UI state
  bool running_ = true;
  bool help_open_ = false;
  bool menu_open_ = false;   // the Menu button was pressed: open the menu
  bool close_menu_ = false;  // Esc: close it
  bool quit_confirm_ = false;
  bool new_game_confirm_ = false;
  bool companion_confirm_ = false;
  bool agreement_confirm_ = false;
  bool surrender_confirm_ = false;  // house rule SURRENDER, asked of the power on screen
  bool end_time_confirm_ = false;   // the game master ends the game: time is up
  bool end_by_units_ = false;       // ...counting units (club) rather than colonies
  bool adjudicate_confirm_ = false;
  std::string notice_;       // a message shown over everything until dismissed
  std::string save_error_;   // the last autosave problem (shown in the top bar)
  std::string setup_error_;  // the new-game form's problem
  char name_buffers_[kMaxPowers][24] = {};

  // input
  bool press_active_ = false;
  double press_started_ = 0;
  platform::PointF pointer_{};
  bool pointer_inside_ = false;

  // clock: real, or virtual under a script
  long frame_ = 0;
  std::vector<double> frame_ms_;  // --frame-stats
  double present_ms_ = 0;         // the last frame's present (the display's wait)
  double last_update_ = 0;

  // scripted input
  std::unique_ptr<ScriptPlayer> script_;
  std::string pending_shot_;
  int script_status_ = 0;
  std::uint64_t script_events_ = 0;  // input events the script has sent
  // The kiosk's staff mode: the PIN's hash, where it is kept, the pad.
  bool staff_ = false;
  PinPad pin_pad_ = PinPad::Closed;
  std::string pin_hash_, pin_path_, pin_entry_, pin_first_, pin_message_;
  std::string kiosk_settings_path_;  // beside the autosave; empty without one
  bool kiosk_settings_open_ = false;
  PinLock pin_lock_;
  double last_input_ = 0;  // now() of the last input event
  bool idle_ = false;      // the attract view shows; the next input only ends it
  bool script_finished_ = false;

  // The kiosk's tables: the records beside the autosave, as last read.
  std::unique_ptr<KioskTables> tables_;
  std::vector<TableSummary> table_list_;
  std::vector<platform::ImageId> table_thumbnails_;  // per table; 0: none
  bool thumbnails_made_ = false;
  bool tables_open_ = false;
  std::size_t table_selected_ = 0;  // the row the keys and the pad are on
  int table_confirm_ = -1;          // the table staff asked to archive or delete
  bool table_confirm_archive_ = false;
  bool table_confirm_open_ = false;
  char table_name_buffer_[24] = {};  // the new-game form's table name
};

}  // namespace colonial
