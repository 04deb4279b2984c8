// A table without a screen: `colonial-judge serve` (and the server tests'
// host). Holds what the app's turn flow holds for the app - who is done,
// the phase clock, what the game master's tablet shows (the results of the
// phase just played, a phase of the history) - and plays the phase when
// every power asked is done, when the phase timer runs out, or when the
// game master says so; the computer's seats give their orders first, as
// `colonial-judge adjudicate` has them do.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "bot.h"
#include "game.h"
#include "phase_clock.h"
#include "phrases.h"
#include "table_host.h"

namespace colonial::server {

class HeadlessTable final : public TableControls {
 public:
  struct Host {
    std::function<double()> now;                   // seconds, monotonic
    std::function<bool()> save;                    // writes the record; false: it was not saved
    std::function<void()> reload;                  // back to the record on disk (after a failed save)
    std::function<void(const std::string&)> said;  // a line for the log: "Britain: 2 order(s) saved"
    // A phase was played; `why` is marked English ("Every power is done") for
    // the caller to translate, `reason` the same for programs (the
    // phase-played event: all-done, time-up, game-master).
    std::function<void(const char* why, const char* reason)> played;
  };
  HeadlessTable(Game& game, Host host);

  // One turn of the host's loop: applies what the phones and the game
  // master sent (waiting up to `wait_ms` for the first), plays the phase
  // when it is due, and publishes the table. False when a phase could not
  // be played or saved.
  bool pump(OrderServer& server, int wait_ms);
  // What `server`'s phones and game master see of the table now, in its
  // languages.
  TableView view(const OrderServer& server);
  // Saves the record with the timer's time used.
  bool save();

  u32 done() const override { return done_; }
  void set_done(PowerId p, bool done) override;
  u32 waited_for() const override;
  TableScreen screen() const override;
  int shown() const override { return shown_; }
  int seconds_left() const override;
  bool clock_running() const override { return clock_.running(); }
  void clock(Submission::ClockAction action) override;
  void play() override { play_now(N_("The game master plays the phase"), "game-master"); }  // saved by the caller
  void next() override;
  void show_history(int index) override;
  void game_changed() override;
  bool last_played_without_asking() const override { return without_asking_; }

 private:
  int timer_seconds() const;
  bool play_now(const char* why, const char* reason);
  SubmissionResult apply(const Submission& s);

  Game& game_;
  Host host_;
  u32 done_ = 0;
  PhaseClock clock_;
  TableScreen screen_ = TableScreen::Orders;
  int shown_ = -1;
  TableScreen return_screen_ = TableScreen::Orders;  // where the history goes back to
  int return_shown_ = -1;
  std::unique_ptr<Bot> bot_;  // the computer's seats (large: made when first needed)
  bool failed_ = false;
  bool without_asking_ = false;  // the last phase played had nobody to ask
  TableSentences sentences_;
};

}  // namespace colonial::server
