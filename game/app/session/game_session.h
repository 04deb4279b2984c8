// GameSession: the game played on this device and its life. It owns the board,
// the game, the record it is saved to after every step (Autosave), whose
// turn it is (TurnFlow), one order pad per power, and the computer players
// who think while the screen waits. A game is resumed from its record or
// chosen on the new-game screen, started, changed by the game master (an
// edit, a rollback, a branch restored), and saved; problems the players must
// read go on the modal stack as notices.
//
// No window: tests/app drive it (app_session_tests). Times are the app's
// clock in seconds, passed in.
#pragma once

#include <memory>
#include <string>

#include "autosave.h"
#include "computer_players.h"
#include "game.h"
#include "map.h"
#include "modals.h"
#include "order_entry.h"
#include "turn_flow.h"

namespace colonial {

class GameSession {
 public:
  explicit GameSession(Modals& modals);
  ~GameSession();
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  // The board of `variant` (a built-in name or a map file), for the next
  // game; false with `error`.
  bool load_board(const std::string& variant, std::string& error);

  const Map& map() const { return *map_; }
  Map& map() { return *map_; }
  const Game& game() const { return *game_; }
  Game& game() { return *game_; }
  const TurnFlow& flow() const { return flow_; }
  TurnFlow& flow() { return flow_; }
  ComputerPlayers& computer() { return computer_; }
  // The board of the game played (a resumed record may name another).
  const std::string& variant() const { return variant_; }

  // --- the record
  // Where games are saved and resumed from (disabled: never saved).
  void use_record(Autosave record) { record_ = std::move(record); }
  Autosave& record() { return record_; }
  const Autosave& record() const { return record_; }
  // Saves the game now, with the time used of the phase timer. A failure is
  // kept for the top bar (save_error) and logged.
  void save(double now);
  const std::string& save_error() const { return save_error_; }

  // --- the game's life
  // Resumes the game in the record; false when there is none to play (a
  // damaged record: a notice says so), and the new-game screen is next.
  bool resume(TableMode mode, double now);
  // Plays the game of the record in `file` (a browser's opened file) in
  // place of the one in play, which is archived as a new game's would be.
  // False with `why` (the record reader's reason) when the file is no
  // record it reads: then nothing changed.
  bool open_record(const std::string& file, TableMode mode, double now, std::string& why);
  // Leaves the game for the new-game screen on the board of `variant`.
  void leave_for_new_game(const std::string& variant, TableMode mode);
  // Starts a game; the record's previous game is archived first, never
  // overwritten.
  void start(const GameSettings& settings, const Position& start, double now);
  // A new game from the game master's edited position, with the same
  // settings; the powers of `civil_disorder` (a bit each) surrender.
  void restart_from(const Position& start, u32 civil_disorder, double now);
  // The game changed under the flow (an edit, a rollback, a branch
  // restored): the phase begins again, the pads start afresh, it is saved.
  void changed(double now);
  // The game ended (by agreement, by the time limit): saved, and the flow
  // shows the end.
  void ended(double now);

  // --- the order pads: one per power, each only ever with its power's orders
  // Power p's pad, begun for the current phase.
  OrderEntry& pad(PowerId p);
  bool pad_begun(PowerId p) const;
  // p's pad starts again from the game's orders (a phone changed them).
  void restart_pad(PowerId p);
  // Companion mode: every power's orders keyed in so far, for the board.
  const OrderList& orders_keyed_in();
  // Done for the power on screen: its orders and planned retreats and
  // builds handed in (a notice when the game refuses them).
  void done();
  // Adjudicates now: orders keyed in count, Done or not; units without
  // orders hold.
  void adjudicate_with_current();

  // --- each frame
  // The computer's orders, made on its worker and handed in when ready.
  void pump_computer() { computer_.pump(*map_, variant_, *game_, flow_); }
  // The phase timer ran out: adjudicated with the orders keyed in.
  void adjudicate_if_time_is_up(double now);

 private:
  void forget_pads();

  Modals& modals_;
  std::string variant_;
  std::unique_ptr<Map> map_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<Game> scratch_;  // working space of a resume
  Autosave record_;
  std::string save_error_;
  TurnFlow flow_;
  ComputerPlayers computer_;
  std::unique_ptr<OrderEntry> pads_[kMaxPowers];
  int pad_phase_[kMaxPowers] = {-1, -1, -1, -1, -1, -1, -1, -1};  // history size when begun
  OrderList keyed_in_;
};

}  // namespace colonial
