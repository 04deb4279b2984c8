// The program's own words through GNU gettext (the C library's libintl, text
// domain "colonial"): tr("Saved.") is the message in the language in use
// (language.h), the English itself when it has no translation. Strings are
// marked for xgettext (po/extract.sh) by these calls, or by N_ and NC_
// (phrases.h) where they are written long before they are shown.
#pragma once

#include <string>
#include <string_view>

#include "phrases.h"

namespace colonial::text {

inline constexpr const char* kTextDomain = "colonial";

// gettext: the translation of `message`.
const char* tr(const char* message);
// The same for text that is not NUL-terminated where it is (a string_view
// table), as a copy.
std::string tr(std::string_view message);
// pgettext: a message whose English alone is ambiguous, told apart by its
// context ("power", "phase").
const char* trc(const char* context, const char* message);
// ngettext: the form of the language for the count n ("1 unit", "2 units").
const char* trn(const char* singular, const char* plural, unsigned long n);
// npgettext: both.
const char* trcn(const char* context, const char* singular, const char* plural, unsigned long n);

// printf into a string: for a translated format ("%d units") whose result
// goes into a longer message.
[[gnu::format(printf, 1, 2)]] std::string format(const char* format, ...);

}  // namespace colonial::text
