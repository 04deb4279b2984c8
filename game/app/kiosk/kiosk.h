// Kiosk: a club's table running unattended (--kiosk). Staff mode behind a
// PIN (StaffMode); the kiosk's settings (how long before the attract view,
// how old a game left alone must be to be archived: kiosk_settings.h), kept
// beside the record and changed by staff in a dialog; the attract view when
// nobody has touched the screen for a while; and several tables, one game
// each, on a start screen players pick theirs from (TablesScreen).
//
// Idle: after idle_minutes without input the attract view covers the
// screen: the game at this table, its last results, "tap to play"; after as
// long again it dims. An orders screen left open goes back behind its
// hand-off card first, so the attract view never shows pending orders and
// whoever comes next must reveal them again. With several tables the
// attract view lists them all, and the club's season standings when a game
// played to a scoring system has finished here (SeasonView).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "autosave.h"
#include "game_session.h"
#include "modals.h"
#include "season_view.h"
#include "staff_mode.h"
#include "tables_screen.h"

namespace colonial {

struct KioskOptions {
  bool on = false;              // --kiosk
  std::string pin_file;         // --kiosk-pin-file
  double idle_minutes = 10;     // until the attract view (0: never); the kiosk's settings may change it
  int archive_days = 14;        // a game untouched this long is archived at start (0: never)
  std::string language_option;  // --language as given ("" for none): the "Automatic" language's
};

class Kiosk {
 public:
  explicit Kiosk(KioskOptions options);
  ~Kiosk();

  bool on() const { return options_.on; }
  // At start, for the games kept in `record`: the staff PIN (chosen now at
  // the first start), the settings kept beside the record, and the tables
  // (the stale ones archived); the settings are saved whenever their dialog
  // closes (its close hook in `modals`). False with `error` when the PIN
  // file given cannot be read.
  bool start(const Autosave& record, Modals& modals, std::string& error);

  StaffMode& staff() { return staff_; }
  // A passer-by at a kiosk: only the games in play, no new game or settings.
  bool staff_locked() const { return options_.on && !staff_.on(); }
  // The kiosk's tables; null without (not a kiosk, or no record).
  TablesScreen* tables() { return tables_.get(); }
  // The season of its finished games; null without (as the tables).
  SeasonView* season() { return season_.get(); }
  // Staff's season (ModalKind::Season).
  void draw_season(Modals& modals, const std::function<void()>& above);

  // Input came at `now` (a press while idle only ends the attract view).
  void touched(double now) { last_input_ = now; }
  // Each frame: staff mode locked after five minutes alone, which closes
  // the staff's settings; the attract view after idle_minutes.
  void update(GameSession& session, Modals& modals, double now);

  // The settings dialog (ModalKind::KioskSettings).
  void draw_settings(GameSession& session, Modals& modals, double now, const std::function<void()>& above);
  // The club's scoring system for new games, as staff set it (scored false:
  // none set).
  void club_scoring(bool& scored, ScoringSystem& system) const;
  // When the attract view comes, in minutes (0: never).
  double idle_minutes() const { return options_.idle_minutes; }
  // The attract view (ModalKind::Attract).
  void draw_attract(const GameSession& session, double now, const std::function<void()>& above);
  // The press that woke the attract view asked for the lessons: a touch or
  // click on its "Learn to play" line, or the pad's Y (a handheld's way).
  bool asks_for_lessons(const platform::InputEvent& e) const;

 private:
  void load_settings(const Autosave& record, Modals& modals);
  void save_settings(Modals& modals);
  void go_idle(GameSession& session, Modals& modals, double now);
  void draw_timer_settings(GameSession& session, float label_w, float value_w, double now);
  void draw_attract_game(const GameSession& session);
  void draw_attract_season(float height);

  KioskOptions options_;
  std::string language_;       // the staff's choice of language ("" automatic), kept in the settings
  std::string palette_;        // the staff's choice of the board's colours ("" the printed board's), kept there too
  std::string scoring_;        // the club's scoring system's name ("" none), kept there too
  std::string settings_path_;  // beside the record; empty without one
  StaffMode staff_;
  std::unique_ptr<TablesScreen> tables_;
  std::unique_ptr<SeasonView> season_;
  bool season_reported_ = false;                                 // the attract view's season-shown event printed
  double last_input_ = 0;                                        // the app's clock at the last input
  float learn_x_ = 0, learn_y_ = 0, learn_w_ = 0, learn_h_ = 0;  // the attract view's "Learn to play" line
};

}  // namespace colonial
