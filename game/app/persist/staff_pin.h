// The kiosk's staff PIN: kept only as a hash (libsodium's crypto_pwhash_str,
// Argon2id, salted), never in clear, in a file of its own; and the pad's
// lock after five wrong PINs in a row. No SDL, no ImGui: tested alone.
#pragma once

#include <string>
#include <string_view>

namespace colonial {

// A PIN is 4 to 8 digits.
bool valid_pin(std::string_view pin);

// The hash to store for `pin` (a line of text), or empty when it cannot be
// made (then `error` says why).
std::string hash_pin(std::string_view pin, std::string& error);

// True when `pin` matches the stored `hash` (as hash_pin made it).
bool pin_matches(std::string_view pin, std::string_view hash);

// Reads the hash kept in `path` (hash_pin's line; blank lines and '#'
// comments ignored). False with `error` when the file is missing, unreadable
// or holds no hash hash_pin could have made.
bool read_pin_file(const std::string& path, std::string& hash, std::string& error);

// Saves `hash` to `path` atomically.
bool write_pin_file(const std::string& path, const std::string& hash, std::string& error);

// The pad's lock: five wrong PINs in a row lock it for a minute. Times are
// seconds on any clock that only goes forward (the app's).
class PinLock {
 public:
  static constexpr int kTries = 5;
  static constexpr double kLockSeconds = 60;

  // Whether the pad takes a PIN at `now`.
  bool locked(double now) const { return now < locked_until_; }
  // Seconds until it takes one again (0 when it does).
  int seconds_left(double now) const;
  // A PIN was tried at `now`: `right` or not. A right one clears the count.
  void tried(bool right, double now);
  int wrong_in_a_row() const { return wrong_; }

 private:
  int wrong_ = 0;
  double locked_until_ = -1;
};

}  // namespace colonial
