#include "seats.h"

#include <sys/random.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "files.h"

namespace colonial::server {

bool new_secret(std::string& out, std::string& error) {
  unsigned char bytes[kSecretBytes];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::string("the system's random generator failed: ") + std::strerror(errno);
      return false;
    }
    got += static_cast<std::size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  out.clear();
  for (unsigned char b : bytes) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return true;
}

namespace {

bool is_secret(std::string_view s) {
  if (s.size() != kSecretLength) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// Every byte compared whatever differs first, so the time taken tells
// nothing of how much of a guess was right.
bool same_secret(std::string_view mine, std::string_view given) {
  unsigned diff = given.size() == mine.size() ? 0u : 1u;
  for (std::size_t i = 0; i < mine.size(); ++i)
    diff |= static_cast<unsigned char>(mine[i]) ^ static_cast<unsigned char>(i < given.size() ? given[i] : 0);
  return diff == 0 && !mine.empty();
}

}  // namespace

// "3 SECRET" (power 3's seat) or "gm SECRET" / "gm SECRET off" (the game
// master's).
bool Seats::read_line(std::string_view l, std::string& error) {
  const std::size_t space = l.find(' ');
  const std::string_view index = l.substr(0, space == std::string_view::npos ? 0 : space);
  std::string_view secret = space == std::string_view::npos ? std::string_view() : l.substr(space + 1);
  if (index == "gm") {
    const bool off = secret.ends_with(" off");
    if (off) secret.remove_suffix(4);
    if (!is_secret(secret)) {
      error = "expected gm, a secret of " + std::to_string(kSecretLength) + " hex digits and maybe off";
      return false;
    }
    gm_ = std::string(secret);
    gm_on_ = !off;
    return true;
  }
  const int p = index.size() == 1 && index[0] >= '0' && index[0] <= '7' ? index[0] - '0' : -1;
  if (p < 0 || p >= power_count_ || !is_secret(secret)) {
    error = "expected a power number (0-" + std::to_string(power_count_ - 1) + ") and a secret of " +
            std::to_string(kSecretLength) + " hex digits";
    return false;
  }
  secrets_[static_cast<std::size_t>(p)] = std::string(secret);
  return true;
}

bool Seats::load_or_create(const std::string& path, int power_count, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  path_ = path;
  power_count_ = power_count;
  for (std::string& s : secrets_) s.clear();
  gm_.clear();
  gm_on_ = true;
  std::string text, read_error;
  bool changed = true;
  if (platform::read_file(path, text, read_error)) {
    changed = false;
    std::size_t pos = 0;
    int line = 0;
    while (pos < text.size()) {
      std::size_t end = text.find('\n', pos);
      if (end == std::string::npos) end = text.size();
      const std::string_view l(text.data() + pos, end - pos);
      pos = end + 1;
      ++line;
      if (l.empty() || l[0] == '#') continue;
      std::string why;
      if (!read_line(l, why)) {
        error = path + ":" + std::to_string(line) + ": ";
        error += why;
        return false;
      }
    }
  }
  for (int p = 0; p < power_count; ++p) {
    if (!secrets_[static_cast<std::size_t>(p)].empty()) continue;
    if (!new_secret(secrets_[static_cast<std::size_t>(p)], error)) return false;
    changed = true;
  }
  if (gm_.empty()) {
    if (!new_secret(gm_, error)) return false;
    changed = true;
  }
  return !changed || save(error);
}

bool Seats::reissue(PowerId p, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (p >= power_count_) {
    error = "no such seat";
    return false;
  }
  std::string fresh;
  if (!new_secret(fresh, error)) return false;
  const std::string old = secrets_[p];
  secrets_[p] = fresh;
  if (save(error)) return true;
  secrets_[p] = old;
  return false;
}

bool Seats::reissue_gm(std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string fresh;
  if (!new_secret(fresh, error)) return false;
  const std::string old = gm_;
  gm_ = fresh;
  if (save(error)) return true;
  gm_ = old;
  return false;
}

bool Seats::set_gm_on(bool on, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  const bool old = gm_on_;
  gm_on_ = on;
  if (save(error)) return true;
  gm_on_ = old;
  return false;
}

PowerId Seats::power_of(std::string_view secret) const {
  std::lock_guard<std::mutex> lock(mutex_);
  PowerId found = kNoPower;
  for (int p = 0; p < power_count_; ++p)
    if (same_secret(secrets_[static_cast<std::size_t>(p)], secret)) found = static_cast<PowerId>(p);
  return found;
}

bool Seats::is_gm(std::string_view secret) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return same_secret(gm_, secret) && gm_on_;
}

std::string Seats::secret(PowerId p) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return p < power_count_ ? secrets_[p] : std::string();
}

std::string Seats::gm_secret() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return gm_;
}

bool Seats::gm_on() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return gm_on_;
}

bool Seats::save(std::string& error) const {
  std::string text = "# The seats of a served game: power number (or gm) and the secret of its URL. Keep private.\n";
  for (int p = 0; p < power_count_; ++p) text += std::to_string(p) + " " + secrets_[static_cast<std::size_t>(p)] + "\n";
  text += "gm " + gm_ + (gm_on_ ? "\n" : " off\n");
  if (!platform::save_file_atomic(path_, text, error)) return false;
  ::chmod(path_.c_str(), S_IRUSR | S_IWUSR);
  return true;
}

}  // namespace colonial::server
