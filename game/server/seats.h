// Seats: one secret per power of a served game, the part of a power's URL
// that lets its phone read and change that power's orders and nobody
// else's. 128 random bits from the operating system (getrandom), written as
// 32 hex digits. Kept beside the game's record (GAME.seats, readable by its
// owner only) so that the phones' URLs survive a restart of the app or the
// judge; re-issuing a seat (a lost phone) makes its old URL dead at once.
#pragma once

#include <array>
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

  // The power whose secret this is, or kNoPower. Compares in constant time
  // (every seat, every byte), so the answer's timing tells nothing.
  PowerId power_of(std::string_view secret) const;

  const std::string& secret(PowerId p) const { return secrets_[p]; }
  int power_count() const { return power_count_; }

 private:
  bool save(std::string& error) const;
  std::string path_;
  int power_count_ = 0;
  std::array<std::string, kMaxPowers> secrets_;
};

// kSecretBytes random bytes from the operating system, as hex. False with
// `error` if the generator fails (never silently a weaker secret).
bool new_secret(std::string& out, std::string& error);

}  // namespace colonial::server
