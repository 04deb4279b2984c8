// The phones at the table: the order server inside the app (game/server),
// turned on by the game master in companion or kiosk mode. Each power's
// player opens their seat's URL (a QR code on the Phones screen) and sends
// orders and Done from their own phone; the game master's tablet opens the
// game master's seat and runs the table from there (every power's orders,
// the sheet, the timer, play, results, history, rollback). This class
// hands what they send to the game and the turn flow on the app's thread,
// and publishes the table. When every power asked is done, the phase is
// adjudicated as when the game master says so.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "game.h"
#include "order_server.h"
#include "seats.h"
#include "table_host.h"
#include "turn_flow.h"

namespace colonial {

// The game master's seat where a seat is asked for (the Phones screen's
// "new seat" question): no power's.
inline constexpr PowerId kGmSeat = kMaxPowers;

class PhoneTable {
 public:
  PhoneTable();
  ~PhoneTable();

  // Serves `game`'s map at `listen` ("0.0.0.0": every interface, as the
  // phones are on the club's Wi-Fi), port 8080 or any free one. The seats'
  // secrets are kept at `seats_path` (beside the autosave). `wake` is
  // called from the server's threads when something waits for the app (it
  // ends the app's idle wait). False with `error`.
  bool start(const Map& map, const std::string& listen, const std::string& seats_path, std::function<void()> wake,
             std::string& error);
  void stop();
  bool running() const { return server_ && server_->running(); }

  // What only the app can do when the game master's tablet asks.
  struct Actions {
    std::function<void()> play;          // the phase played with every order keyed in
    std::function<void()> game_changed;  // the game went back (a rollback): its phase begins again
  };

  // Each frame: applies what the phones and the game master sent (orders
  // go into the game at once; Done, the timer, the screen into the flow),
  // publishes the table, and returns true when something changed that must
  // be saved now. `save` writes the record; a submission is answered only
  // after it. `now`: the app's clock, in seconds.
  bool pump(Game& game, TurnFlow& flow, double now, const std::function<bool()>& save, const Actions& actions);

  // True when the phones have said Done for every power asked.
  static bool everyone_done(const TurnFlow& flow) { return flow.asked() != 0 && flow.waiting() == 0; }

  std::string url(PowerId p) const { return server_ ? server_->url(p) : std::string(); }
  bool reissue(PowerId p, std::string& error) { return seats_.reissue(p, error); }
  // The game master's seat: its URL, a new secret, on or off.
  std::string gm_url() const { return server_ ? server_->gm_url() : std::string(); }
  // The whole app for a tablet's browser; empty when this table has no copy.
  std::string app_url() const { return server_ ? server_->app_url() : std::string(); }
  bool reissue_gm(std::string& error) { return seats_.reissue_gm(error); }
  bool set_gm_on(bool on, std::string& error) { return seats_.set_gm_on(on, error); }
  bool gm_on() const { return seats_.gm_on(); }
  server::OrderServer::Counters counters() const {
    return server_ ? server_->counters() : server::OrderServer::Counters{};
  }
  // The powers whose orders changed from afar last frame (the app refreshes
  // its order pad for them), a bit per power.
  u32 changed_powers() const { return changed_; }

 private:
  // What the phones see changes with any of these.
  struct Shown {
    int serial = -1;
    u32 done = 0;
    int seconds = -2;
    server::TableScreen screen = server::TableScreen::Orders;
    int index = -1;
    bool running = true;
    bool operator==(const Shown&) const = default;
  };
  server::Seats seats_;
  std::unique_ptr<server::OrderServer> server_;
  server::TableSentences sentences_;  // the phones' and the game master's sentences, kept between views
  u32 changed_ = 0;
  Shown last_;
};

}  // namespace colonial
