#include "translate.h"

#include <libintl.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace colonial::text {

namespace {

// pgettext's key, as gettext.h builds it: the context, EOT, the message.
// The text is short: a buffer on the stack, else a string.
class ContextKey {
 public:
  ContextKey(const char* context, const char* message) {
    const std::size_t c = std::strlen(context), m = std::strlen(message);
    if (c + m + 2 <= sizeof small_) {
      std::memcpy(small_, context, c);
      small_[c] = '\004';
      std::memcpy(small_ + c + 1, message, m + 1);
      key_ = small_;
    } else {
      large_ = std::string(context) + '\004' + message;
      key_ = large_.c_str();
    }
  }
  const char* c_str() const { return key_; }

 private:
  char small_[512];
  std::string large_;
  const char* key_ = nullptr;
};

}  // namespace

const char* tr(const char* message) { return dgettext(kTextDomain, message); }

std::string tr(std::string_view message) { return tr(std::string(message).c_str()); }

const char* trc(const char* context, const char* message) {
  const ContextKey key(context, message);
  const char* translated = dgettext(kTextDomain, key.c_str());
  return translated == key.c_str() ? message : translated;
}

const char* trn(const char* singular, const char* plural, unsigned long n) {
  return dngettext(kTextDomain, singular, plural, n);
}

const char* trcn(const char* context, const char* singular, const char* plural, unsigned long n) {
  const ContextKey key(context, singular);
  const char* translated = dngettext(kTextDomain, key.c_str(), plural, n);
  return translated == key.c_str() ? singular : translated;
}

std::string format(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  std::string out(n > 0 ? static_cast<std::size_t>(n) : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, format, again);
  va_end(again);
  return out;
}

}  // namespace colonial::text
