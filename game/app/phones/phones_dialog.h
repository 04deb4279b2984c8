// PhonesDialog: the players' phones as order pads (game master, or kiosk
// staff). It runs the order server (PhoneTable) and draws its dialog: turn
// the server on or off, each seat's QR code for its player to scan, live
// which seats are done, and a new seat for a lost phone (its old address
// stops working at once). The game master's tablet has a seat of its own,
// which can be turned off. Each frame the phones' and the tablet's orders go
// into the game.
#pragma once

#include <functional>
#include <string>

#include "game_session.h"
#include "modals.h"
#include "phone_table.h"

namespace colonial {

class PhonesDialog {
 public:
  // `listen`: the address the phones reach (--phones-listen).
  explicit PhonesDialog(std::string listen) : listen_(std::move(listen)) {}

  bool running() const { return phones_.running(); }
  // Starts serving (the dialog's button, or --phones at start).
  void start(GameSession& session, double now);
  // The phones of the table in play stop (another table is chosen).
  void stop();

  // Each frame: the phones' orders into the game (saved before they are
  // answered); a pad begun for a power whose phone changed its orders
  // starts again; when every power asked is done, the phase is played.
  void pump(GameSession& session, double now);

  // The dialog (ModalKind::Phones) and its question (Question::NewSeat).
  // `above` draws what is open over it.
  void draw(GameSession& session, Modals& modals, double now, const std::function<void()>& above);
  void draw_new_seat(GameSession& session, Modals& modals, const Modal& question, const std::function<void()>& above);

 private:
  void draw_seats(GameSession& session, Modals& modals);
  void draw_gm_seat(Modals& modals, float qr);
  void draw_web_app(float qr);

  std::string listen_;
  PhoneTable phones_;
  std::string error_;  // why the phones are not served, or a seat not renewed
};

}  // namespace colonial
