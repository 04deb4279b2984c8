// The phones at the table: the order server inside the app (game/server),
// turned on by the game master in companion or kiosk mode. Each power's
// player opens their seat's URL (a QR code on the Phones screen) and sends
// orders and Done from their own phone; this class hands those to the game
// and the turn flow on the app's thread, and publishes the table for the
// phones. When every power asked is done, the phase is adjudicated as when
// the game master says so.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "game.h"
#include "order_server.h"
#include "seats.h"
#include "turn_flow.h"

namespace colonial {

class PhoneTable {
 public:
  PhoneTable();
  ~PhoneTable();

  // Serves `game`'s map at `listen` ("0.0.0.0": every interface, as the
  // phones are on the club's Wi-Fi), port 8080 or any free one. The seats'
  // secrets are kept at `seats_path` (beside the autosave). False with
  // `error`.
  bool start(const Map& map, const std::string& listen, const std::string& seats_path, std::string& error);
  void stop();
  bool running() const { return server_ && server_->running(); }

  // Each frame: applies what the phones sent (their orders go into the game
  // at once; Done and Not done into the flow), publishes the table, and
  // returns true when something changed that must be saved now. `save`
  // writes the record; a submission is answered only after it.
  bool pump(Game& game, TurnFlow& flow, int seconds_left, const std::function<bool()>& save);

  // True when the phones have said Done for every power asked.
  static bool everyone_done(const TurnFlow& flow) { return flow.asked() != 0 && flow.waiting() == 0; }

  std::string url(PowerId p) const { return server_ ? server_->url(p) : std::string(); }
  bool reissue(PowerId p, std::string& error) { return seats_.reissue(p, error); }
  server::OrderServer::Counters counters() const {
    return server_ ? server_->counters() : server::OrderServer::Counters{};
  }
  // The power whose phone changed its orders last frame (the app refreshes
  // its order pad for it), a bit per power.
  u32 changed_powers() const { return changed_; }

 private:
  server::Seats seats_;
  std::unique_ptr<server::OrderServer> server_;
  u32 changed_ = 0;
  int last_serial_ = -1;
  u32 last_done_ = 0;
  int last_seconds_ = -2;
};

}  // namespace colonial
