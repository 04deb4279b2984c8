#include "staff_pin.h"

#if COLONIAL_KIOSK_PIN
#include <sodium.h>
#endif

#include <algorithm>
#include <cmath>

#include "files.h"
#include "text_lines.h"

namespace colonial {

#if COLONIAL_KIOSK_PIN
constexpr std::size_t kHashBytes = crypto_pwhash_STRBYTES;
#else
// libsodium's crypto_pwhash_STRBYTES: a hash from a native kiosk is still read.
constexpr std::size_t kHashBytes = 128;
constexpr const char* kNoPinHere = "the kiosk's staff PIN works in the app on a computer or a Raspberry Pi";
#endif

bool valid_pin(std::string_view pin) {
  if (pin.size() < 4 || pin.size() > 8) return false;
  for (char c : pin)
    if (c < '0' || c > '9') return false;
  return true;
}

std::string hash_pin(std::string_view pin, std::string& error) {
#if !COLONIAL_KIOSK_PIN
  (void)pin;
  error = kNoPinHere;
  return {};
#else
  if (sodium_init() < 0) {
    error = "libsodium could not start";
    return {};
  }
  char out[crypto_pwhash_STRBYTES];
  // Interactive limits: a staff member waits well under a second, on a Pi too.
  if (crypto_pwhash_str(out, pin.data(), pin.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
    error = "not enough memory to hash the PIN";
    return {};
  }
  return out;
#endif
}

bool pin_matches(std::string_view pin, std::string_view hash) {
#if !COLONIAL_KIOSK_PIN
  (void)pin;
  (void)hash;
  return false;
#else
  if (sodium_init() < 0 || hash.empty() || hash.size() >= kHashBytes) return false;
  const std::string stored(hash);
  return crypto_pwhash_str_verify(stored.c_str(), pin.data(), pin.size()) == 0;
#endif
}

bool read_pin_file(const std::string& path, std::string& hash, std::string& error) {
  std::string text;
  if (!platform::read_file(path, text, error)) return false;
  std::string_view rest = text, line;
  while (next_line(rest, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    if (line.rfind("$argon2", 0) != 0 || line.size() >= kHashBytes) {
      error = path + " holds no PIN hash (make one with colonial --make-pin-hash)";
      return false;
    }
    hash.assign(line);
    return true;
  }
  error = path + " is empty: it should hold the staff PIN's hash";
  return false;
}

bool write_pin_file(const std::string& path, const std::string& hash, std::string& error) {
  return platform::save_file_atomic(path, "# The kiosk's staff PIN (Argon2id hash, never the PIN)\n" + hash + "\n",
                                    error);
}

// (now + 60) - now is not always 60 in doubles: a microsecond's slack keeps a
// fresh lock at 60 seconds rather than 61, and a lock still on at 1 at least.
int PinLock::seconds_left(double now) const {
  if (!locked(now)) return 0;
  return std::max(1, static_cast<int>(std::ceil(locked_until_ - now - 1e-6)));
}

void PinLock::tried(bool right, double now) {
  if (right) {
    wrong_ = 0;
    return;
  }
  if (++wrong_ >= kTries) {
    wrong_ = 0;
    locked_until_ = now + kLockSeconds;
  }
}

}  // namespace colonial
