// TurnFlow: whose turn it is at the table and which screen shows.
//
// Pass-and-play: each power with a decision to make (Game::has_choice) gets
// a hand-off screen ("Pass to France"), then its orders screen; "Done"
// submits its orders (Game::submit) and hands the device on. When every
// power asked is done - or the phase timer runs out, missing orders holding -
// the phase is adjudicated and the results shown; "Continue" starts the next
// phase. Phases where nobody has a choice (forced disbands, a retreat with
// nowhere to go) are adjudicated at once and their results shown.
//
// Companion (game-master) mode: one screen where orders for any power are
// keyed in, for a table playing on the physical board; no hand-off screens.
//
// History: step through every phase played, then back to where one was.
//
// Plain state, no ImGui and no clock of its own: times are passed in (in
// seconds), so the tests drive it (tests/app/test_flow.cpp). The app asks
// take_save_request() after each call and autosaves when it says so.
#pragma once

#include <string>

#include "game.h"
#include "phase_clock.h"

namespace colonial {

enum class Screen : u8 {
  NewGame = 0,  // choosing a new game (or the only way on after a damaged save)
  Handoff,      // "Pass to France - tap to reveal": nothing private on screen
  Orders,       // one power's orders (pass-and-play), or any power's (companion)
  Results,      // the phase just adjudicated: animation and result list
  History,      // stepping through the phases played
  GameOver,     // the result of the game
  Computer,     // the computer's seats choosing their orders (the people's are in)
};

enum class TableMode : u8 {
  PassAndPlay = 0,  // one device passed round, orders secret
  Companion,        // one person keys in every power's orders
};

const char* screen_name(Screen s);  // "handoff", "orders"... (scripts, logs)

class TurnFlow {
 public:
  // Attaches a started (or resumed) game and begins its current phase.
  // Orders already submitted (a resumed record) count as Done, unless
  // `given_orders_done` is false: after a rollback they are handed in
  // again to be corrected, and the phase waits for the game master.
  void begin(Game& game, TableMode mode, double now, bool given_orders_done = true);
  // Back to the new-game screen; the game is detached.
  void leave_game();

  Screen screen() const { return screen_; }
  TableMode mode() const { return mode_; }
  bool attached() const { return game_ != nullptr; }
  // Switches the table mode. Into companion mode: the orders screen, for
  // the first power not done. Into pass-and-play: the hand-off screen.
  void set_mode(TableMode mode);

  // --- who
  // The power whose hand-off or orders screen this is (companion: the one
  // selected); kNoPower when none.
  PowerId power() const { return power_; }
  u32 asked() const { return asked_; }  // powers with a choice this phase (people's seats)
  u32 done() const { return done_; }    // powers that pressed Done
  bool is_asked(PowerId p) const { return (asked_ >> p) & 1u; }
  bool is_done(PowerId p) const { return (done_ >> p) & 1u; }
  // Powers asked and not yet done.
  u32 waiting() const { return asked_ & ~done_; }
  // True when a and b are played by the same person (the same non-empty
  // player name): the hand-off then says "now your other power".
  bool same_player(PowerId a, PowerId b) const;
  // The power handed the device before the current one (kNoPower if none).
  PowerId previous_power() const { return previous_; }

  // --- pass-and-play
  // Handoff -> Orders.
  void reveal();
  // Orders -> Handoff for the same power: an orders screen left alone goes
  // back behind its hand-off card (the orders begun are kept).
  void cover();
  // "Done" for power(): submits the orders (replacing any before), then
  // hands on, or adjudicates when every power asked is done. False (nothing
  // changes) when the game refuses the orders.
  bool submit_done(const OrderList& orders);

  // --- companion
  void select(PowerId p);
  // "Done" for power p; selects the next power not done. Adjudicates only
  // on adjudicate_now() (the game master decides when).
  bool submit_for(PowerId p, const OrderList& orders);

  // A player's own phone said Done or Not done for power p (its orders are
  // already in the game). Nothing else changes: the host decides when to
  // adjudicate.
  void set_done(PowerId p, bool done);

  // Adjudicates now with the orders submitted; missing orders hold (the
  // timer ran out, or the game master said so). The computer's seats give
  // theirs first (Screen::Computer).
  void adjudicate_now();

  // --- the computer's seats (GameSettings::computer_powers)
  // The computer's powers with a choice this phase. They are not asked:
  // when the people are done, the screen is Screen::Computer while the app
  // has their orders made (off the UI thread), then computer_done() hands
  // them in and the phase is adjudicated, so nobody sees them before the
  // results.
  u32 computer_turn() const { return computer_; }
  // The computer's orders (each with its power) for its powers this phase;
  // false (nothing changes) outside Screen::Computer.
  bool computer_done(const OrderList& orders);
  // Seats handed to the computer or back to a person during a phase: who
  // is asked and who the computer plays follow; when nobody is left
  // waiting, the computer's turn (or the adjudication) comes.
  void seats_changed();

  // --- the phase timer (GameSettings::timer_seconds; 0 = untimed)
  bool timed() const;
  double seconds_left(double now) const;  // never below 0
  bool expired(double now) const;
  // The phase timers changed during the phase: its clock starts again
  // from `now` with the new time (not the time already gone).
  void restart_clock(double now) { clock_.start(now); }
  // The game master stops the clock, runs it again, or gives the phase its
  // whole time back (stopped until run again). A stopped clock never runs out.
  void pause_clock(double now) { clock_.pause(now); }
  void resume_clock(double now) { clock_.resume(now); }
  void reset_clock() { clock_.reset(); }
  bool clock_running() const { return clock_.running(); }
  // Puts the whole seconds used of the current phase's timer into the game
  // (Game::timer_used), for the record; begin() resumes from them.
  void store_time_used(double now);

  // --- results
  // The history index of the phase the results screen shows.
  int shown_phase() const { return shown_; }
  // Adjustment phase: "Build 2" / "Disband 1 (forced: every unit)" for each
  // power, as they stood before the phase was adjudicated.
  const std::string& adjustment_note(PowerId p) const { return adjustment_notes_[p]; }
  // True if nobody had a choice in the phase shown (adjudicated at once).
  bool shown_was_forced() const { return shown_forced_; }
  // Results -> the next phase (or the end of the game).
  void continue_play(double now);

  // --- history
  bool can_open_history() const;
  void open_history();
  void close_history();
  int history_index() const { return history_index_; }
  // Moves by delta phases, within the phases played.
  void step_history(int delta);

  // True once after every change worth saving (a Done, an adjudication).
  bool take_save_request() {
    const bool s = save_due_;
    save_due_ = false;
    return s;
  }
  // A sentence when the game refused something (full history); empty else.
  const std::string& problem() const { return problem_; }

 private:
  void begin_phase(double now);
  void adjudicate();
  // The people are done: the computer's turn, or the adjudication.
  void people_done();
  PowerId first_waiting() const;
  void hand_to(PowerId p);

  Game* game_ = nullptr;
  Screen screen_ = Screen::NewGame;
  TableMode mode_ = TableMode::PassAndPlay;
  PowerId power_ = kNoPower;
  PowerId previous_ = kNoPower;
  u32 asked_ = 0;
  u32 done_ = 0;
  u32 computer_ = 0;
  PhaseClock clock_;
  int shown_ = -1;
  bool shown_forced_ = false;
  std::string adjustment_notes_[kMaxPowers];
  Screen history_return_ = Screen::Handoff;
  int history_index_ = 0;
  bool save_due_ = false;
  std::string problem_;
};

// The clock of the results animation: t runs from 0 to 1 over `duration`
// seconds after start().
class Playback {
 public:
  void start(double now, double duration = 2.5) {
    start_ = now;
    duration_ = duration;
    on_ = true;
  }
  void stop() { on_ = false; }
  bool on() const { return on_; }
  float t(double now) const {
    if (!on_) return 1;
    const double t = duration_ > 0 ? (now - start_) / duration_ : 1;
    return t < 0 ? 0.0f : t > 1 ? 1.0f : static_cast<float>(t);
  }
  bool running(double now) const { return on_ && t(now) < 1; }

 private:
  double start_ = 0;
  double duration_ = 2.5;
  bool on_ = false;
};

}  // namespace colonial
