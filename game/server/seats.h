// Seats: one secret per power of a served game, the part of a power's URL
// that lets its phone read and change that power's orders and nobody
// else's; and one for the game master's seat, which sees and changes every
// power's orders and runs the table (it can be turned off). 128 random bits
// from the operating system (getrandom), written as 32 hex digits. Kept
// beside the game's record (GAME.seats, readable by its owner only) so that
// the URLs survive a restart of the app or the judge; re-issuing a seat (a
// lost phone or tablet) makes its old URL dead at once.
//
// Threads: the server's threads ask power_of and is_gm while the host may
// re-issue a seat; a mutex keeps them apart.
#pragma once

#include <array>
#include <mutex>
#include <string>
#include <string_view>

#include "types.h"

namespace colonial::server {

inline constexpr int kSecretBytes = 16;
inline constexpr int kSecretLength = 2 * kSecretBytes;

class Seats {
 public:
  // Reads the seats file at `path`; makes new secrets for the powers it
  // lacks (or all, when there is no file yet) and saves it. False with
  // `error` when the file cannot be read or written, or is damaged (then it
  // is left as it is: a damaged seats file is the game master's to look at).
  bool load_or_create(const std::string& path, int power_count, std::string& error);

  // A new secret for power p, saved at once; the old one stops working.
  bool reissue(PowerId p, std::string& error);
  // The same for the game master's seat.
  bool reissue_gm(std::string& error);
  // Turns the game master's seat on or off (saved): off, its URL answers 403
  // like any wrong one, and the powers' seats go on as they are.
  bool set_gm_on(bool on, std::string& error);

  // The power whose secret this is, or kNoPower. Compares in constant time
  // (every seat, every byte), so the answer's timing tells nothing. The game
  // master's secret is no power's.
  PowerId power_of(std::string_view secret) const;
  // True when this is the game master's secret and the seat is on (in
  // constant time too).
  bool is_gm(std::string_view secret) const;

  std::string secret(PowerId p) const;
  std::string gm_secret() const;
  bool gm_on() const;
  int power_count() const { return power_count_; }

 private:
  bool save(std::string& error) const;
  bool read_line(std::string_view line, std::string& error);
  std::string path_;
  int power_count_ = 0;
  std::array<std::string, kMaxPowers> secrets_;
  std::string gm_;
  bool gm_on_ = true;
  mutable std::mutex mutex_;
};

// kSecretBytes random bytes from the operating system, as hex. False with
// `error` if the generator fails (never silently a weaker secret).
bool new_secret(std::string& out, std::string& error);

}  // namespace colonial::server
