// App: the game as players use it - new game, pass-and-play with hand-off
// screens (or one companion screen for a game master), orders, results
// resolving on the board, history, help. It keeps the loop (input, update,
// draw), the screen and the wiring; the parts live in classes of their own:
//
//   GameSession      the game, its record, whose turn, the order pads and
//                    the computer players (session/game_session.h)
//   Modals           what is open over the screen: it routes input and is
//                    drawn in order (flow/modals.h)
//   BoardView        the board (board/board_view.h)
//   NewGameForm      the new-game screen's choices (screens/new_game_form.h)
//   OrderPreview     what if: the orders against a guess (orders/order_preview.h)
//   Kiosk            staff mode, the kiosk's settings, idle, its tables (kiosk/)
//   GameMasterTools  the editor, the order sheet, rollback, pictures (gm/)
//   PhonesDialog     the players' phones as order pads (phones/)
//   TimerWarnings    the phase timer's tones (session/timer_warnings.h)
//   LessonRun        learning to play: a lesson on a game of its own
//                    (lessons/lessons.h), drawn by screens/screen_lessons.cpp
//
// app.cpp runs the loop and draws a frame, app_input.cpp routes input,
// screens/screen_*.cpp draw the screens and the app's own dialogs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app_settings.h"
#include "board_view.h"
#include "game_session.h"
#include "gm_tools.h"
#include "kiosk.h"
#include "layout.h"
#include "lessons.h"
#include "modals.h"
#include "new_game_form.h"
#include "order_preview.h"
#if COLONIAL_PHONES
#include "phones_dialog.h"
#endif
#include "script_player.h"
#include "timer_warnings.h"
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
  u64 seed = 0;          // random draw of powers (0: from the clock)
  float ui_scale = 1;    // times the automatic UI scale (--ui-scale)
  std::string language;  // --language as given ("" for none): a kiosk's staff may choose another
};

// Runs the app until the players leave. Returns the process exit status (0;
// 1 when the window cannot open or a script fails).
int run_app(const AppOptions& options);

// Says why the window could not open, with what to do about it (a display
// to set; for KMS/DRM, the screen's device and who holds it). Returns 1.
int report_open_failure(platform::OpenStatus status, const std::string& error);

class App final : private TableHost {
 public:
  // How long the board takes to play out a phase's results.
  static constexpr double kResultsAnimationSeconds = 2.5;
  // Lines the pad's D-pad scrolls the list of results by, per press.
  static constexpr float kPadScrollLines = 3;

  App(platform::Window& window, const AppOptions& options);
  ~App();
  // Prepares the game (resume, new-game screen or the kiosk's tables) and
  // loads the script.
  bool start(std::string& error);
  int run();

 private:
  // [SECTION] the loop and a frame (app.cpp)
  double now() const;
  // One frame: input, update, draw. False when the loop ends (the players
  // left, or the script ended or failed: exit_status_).
  bool frame(ScriptWorld& world);
  // After the last frame: the figures asked for, the game saved. The exit status.
  int finish();
  bool play_script_frame(ScriptWorld& world);
  void update();
  void notice_screen_change();
  void draw_frame();
  void lay_out_frame();
  void prepare_screen();
  void draw_screen();
  void draw_modal(const Modal& entry, const Modals::Above& above);
  void end_frame();

  // [SECTION] the game's life (app.cpp)
  void resume_or_new();
  // A record the user opened (a browser's file input): its game played, or
  // a notice with the reader's reason and the game in play left as it was.
  void open_record(const std::string& file);
  void show_new_game();
  void start_new_game();
  void leave_table() override;
  void open_table(const std::string& path) override;
  void new_table_at(const std::string& path) override;

  // [SECTION] input (app_input.cpp)
  void handle_event(const platform::InputEvent& e);
  bool handle_anywhere(const platform::InputEvent& e, bool typing);
  bool handle_screen_keys(const platform::InputEvent& e, bool typing);
  void handle_board(const platform::InputEvent& e);
  void on_escape();
  void on_board_tap(platform::PointF at, bool long_press);

  // [SECTION] the screens (screens/screen_*.cpp)
  bool begin_panel(const char* id);
  // The docked panel is short (a 480x320 handheld): screens keep its room
  // for what matters, with plain-height buttons.
  bool short_panel() const;
  void draw_top_bar();
  struct TopBarButtons {
    bool to_tables = false, history = false, panel_toggle = false;
    const char* panel_label = "";
    float x = 0.0f;
  };
  TopBarButtons top_bar_buttons(float bar_w);
  void draw_top_bar_buttons(const TopBarButtons& buttons);
  void draw_countdown();
  void draw_menu();
  void draw_menu_items(float w);
  void draw_settings_items(float w);
  void draw_colours_item();
  void load_app_settings();
  void choose_palette(PaletteKind kind);
  void draw_surrender_item(float w);
  void draw_new_game();
  void draw_handoff();
  void draw_power_tabs();
  void draw_orders();
  void draw_results();
  void draw_table_view(int history_index);
  void draw_history();
  void draw_history_tools(int history_index);
  void draw_game_over();
  void draw_result_list(int history_index);
  void draw_standings(const Position& position, bool with_adjustments);
  void draw_scores();
  void report_game_over();
  void draw_help(const Modals::Above& above);

  // [SECTION] learning to play (screens/screen_lessons.cpp)
  // Opens the first lesson over whatever shows (the new-game screen, a
  // kiosk's attract view): the game in play and its record stay as they are.
  void open_lessons();
  bool start_lesson(int index);
  void frame_lesson();
  void draw_lesson(const Modals::Above& above);
  void draw_lesson_result(float button_h);
  void draw_lessons_end(float button_h);
  void try_lesson();
  void lesson_again();
  void next_lesson();
  void leave_lessons();
  void play_against_computer();
  // The lesson's keys and the pad's buttons: the order pad's, Start tries,
  // A after a try goes on (Next, or Try again). True when used.
  bool handle_lesson_keys(const platform::InputEvent& e, bool typing);
  void on_lesson_tap(platform::PointF at, bool long_press);
  // A tap or A that gave no order is said so in the panel (a sentence, not silence).
  void note_if_no_order(bool nothing_changed);
  void on_lesson_escape();
  void draw_notice(const Modal& notice, const Modals::Above& above);
  void draw_question(const Modal& question, const Modals::Above& above);
  void answer_yes(const Modal& question);

  platform::Window& window_;
  AppOptions options_;
  Modals modals_;
  GameSession session_;
  BoardView view_;
  Layout layout_;
  Playback playback_;
  float pad_scroll_lines_ = 0;  // asked by the pad, not yet scrolled (draw_result_list)
  NewGameForm new_game_;
  OrderPreview preview_;
  Kiosk kiosk_;
  GameMasterTools gm_;
#if COLONIAL_PHONES
  PhonesDialog phones_;
#endif
  TimerWarnings timer_warnings_;
  // The lesson played, its own order pad, and what the panel says.
  struct Lessons {
    LessonRun run;
    OrderEntry pad;
    std::string note;            // a sentence for a tap off the board, or a try refused
    bool done = false;           // every lesson played: the end's card
    bool intro = true;           // a short panel shows the lesson's rule before the order pad
    bool frame_pending = false;  // the board to frame on the lesson at the next frame
    bool new_try = false;        // a try just made: its sentences shown from the first
  } lessons_;
  bool running_ = true;
  bool announced_ = false;  // the start-up line is printed
  int exit_status_ = 0;     // a failed script's status
  bool panel_collapsed_ = false;
  float ui_factor_ = 1;  // the players' text size, times the automatic scale
  // The player's settings (the board's colours), kept beside the record;
  // a kiosk keeps its own (Kiosk).
  AppSettings settings_;
  std::string settings_path_;  // empty: not kept (no record, or a kiosk)

  // A press on the board that may become a long one.
  struct Press {
    bool active = false;
    double started = 0;
  } press_;
  // What the board showed last frame: a screen change starts its animation.
  const Position* drawn_position_ = nullptr;
  Screen last_screen_ = Screen::NewGame;
  int last_shown_ = -1;

  // The clock: real, or the frame count under a script.
  long frame_ = 0;
  double last_update_ = 0;
  struct FrameStats {
    std::vector<double> ms;  // --frame-stats: each frame's update and draw
    double present_ms = 0;   // the last frame's present (the display's wait)
  } stats_;

  // Scripted input (the end-to-end tests).
  struct ScriptRun {
    std::unique_ptr<ScriptPlayer> player;
    std::string pending_shot;
    int status = 0;
    std::uint64_t events = 0;  // input events the script has sent
    bool finished = false;
  } script_;
};

}  // namespace colonial
