// StaffMode: the kiosk's PIN pad between a passer-by and everything but the
// games in play (new games, settings, the phones, ending a game, leaving the
// app). The PIN is chosen at the kiosk's first start (or given as a hash
// with --kiosk-pin-file) and kept only as a hash beside the record. Five
// wrong PINs lock the pad for a minute; staff mode locks itself again after
// five minutes without input, when the kiosk goes idle, and at "Lock".
// The pad is an entry of the modal stack (ModalKind::PinPad).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "autosave.h"
#include "modals.h"
#include "staff_pin.h"

namespace colonial {

class StaffMode {
 public:
  enum class Pad : std::uint8_t {
    Unlock,  // staff mode asked for: the PIN
    Choose,  // the first start: the PIN chosen...
    Again,   // ...and typed again
  };

  // The PIN's hash: from `pin_file` (read only) when given, else kept beside
  // `record`; without one the PIN is chosen now (the pad opens). False with
  // `error` when `pin_file` cannot be read.
  bool load(const std::string& pin_file, const Autosave& record, Modals& modals, std::string& error);

  bool on() const { return on_; }
  void open_pad(Pad mode, Modals& modals);
  // Staff mode ends. Why staff mode locked: the staff's button, five minutes without input,
  // the kiosk going idle.
  enum class LockReason { ByStaff, NoInput, KioskIdle };
  void lock(LockReason why);
  // Five minutes without input (`idle`: seconds since the last) lock it.
  void check_idle(double idle);
  // The kiosk went idle: a pad asking to unlock closes, a PIN half typed is
  // forgotten, staff mode locks.
  void went_idle(Modals& modals);

  // A key of the pad: "0" to "9", "Clear" or "OK" (the digits typed are
  // never shown).
  void press(std::string_view key, Modals& modals, double now);
  std::string_view message() const { return message_; }
  std::size_t typed() const { return entry_.size(); }

  // The pad (ModalKind::PinPad); `above` draws what is open over it.
  void draw_pad(Modals& modals, double now, const std::function<void()>& above);
  // What a passer-by sees where staff would start a game: `what`, and the
  // way to the pad.
  void draw_gate(const char* what, Modals& modals);

 private:
  void entered(Modals& modals, double now);
  void unlock(Modals& modals, double now);
  void choose();
  void confirm(Modals& modals);
  void close_pad(Modals& modals);

  bool on_ = false;
  Pad pad_ = Pad::Unlock;
  std::string hash_;     // the PIN's hash
  std::string path_;     // where it is kept (empty: a --kiosk-pin-file's, never rewritten)
  std::string entry_;    // the digits typed
  std::string first_;    // the PIN chosen, until typed again
  std::string message_;  // what the pad says under the dots
  PinLock lock_;
};

}  // namespace colonial
