// The language the program speaks: chosen from --language, else the
// system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English; used for
// gettext's messages (translate.h) and the engine's phrases (phrases.h).
//
// The catalogs (<dir>/<code>/LC_MESSAGES/colonial.mo, made by msgfmt from
// po/) are found relative to the program, so the build tree, the Debian
// package and a PortMaster port folder each find their own:
//   $COLONIAL_LOCALEDIR (if set), <exe dir>/locale (a port folder),
//   <exe dir>/../locale (the build tree), <exe dir>/../share/locale (the
//   package's /usr/games -> /usr/share/locale).
// A language with no catalog, or whose catalog is damaged, falls back to
// English with one line for the log; the program goes on.
//
// gettext's language is the whole process's (the LANGUAGE variable, which
// use_language sets at start-up, so that a later change only swaps the
// value of an entry the environment already has): choose it on the main
// thread at start-up, or at run time while no other thread uses text.
// Texts for a language other than the one in use (each phone in its own
// language) are prepared the same way, ahead: translations() and
// phrase_book(); a thread uses such a book with PhrasesInUse (phrases.h).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "phrases.h"

namespace colonial::text {

struct LanguageInfo {
  std::string_view code;    // "fr"
  std::string_view native;  // "Français": how a menu offers it
};

// The languages the tree has catalogs for, English first.
std::span<const LanguageInfo> languages();

// The language code of a locale or language name: "fr" for "fr_FR.UTF-8",
// "de" for "de-DE" or "de_AT@euro", "en" for "C", "POSIX" and "C.UTF-8",
// "" for nothing.
std::string language_code(std::string_view name);

// The language asked for: `option` (--language) when given, else the
// environment's as gettext reads it (LANGUAGE's first language when the
// locale is not plain C; then LC_ALL, LC_MESSAGES, LANG), else "en".
// `getenv` is the environment (replaced by tests).
using Getenv = const char* (*)(const char*);
std::string requested_language(std::string_view option, Getenv getenv);
std::string requested_language(std::string_view option);

struct LanguageChoice {
  std::string code;     // the language now in use: the one asked for, or "en"
  std::string warning;  // why not the one asked for (one line for the log), or empty
};

// Makes `code` the language of gettext and of the engine's phrases for the
// whole process.
LanguageChoice use_language(std::string_view code);
// The language in use ("en" until use_language says otherwise).
std::string current_language();

// Where catalogs are looked for, best first (see above).
std::vector<std::string> catalog_dirs();

// The directory holding a sound catalog for `code`, or empty with `why`
// (none found, or the first found is damaged).
std::string find_catalog(std::string_view code, std::string& why);

// Whether `data` is a catalog gettext can read safely: a GNU .mo file whose
// tables and strings all lie inside it. False with `why`.
bool check_catalog(std::string_view data, std::string& why);

// A message of the catalog, with its context if it has one.
struct Message {
  std::string_view context;
  std::string_view id;
};
// The translations of `messages` into `code` (English where there is
// none), whatever the language in use. Main thread (see above).
std::vector<std::string> translations(std::string_view code, std::span<const Message> messages);

// A message with a count: its English singular and plural.
struct CountedMessage {
  std::string_view context;
  std::string_view singular;
  std::string_view plural;
};
// Each message's form in `code` for each count 0 .. kPluralSamples - 1
// (phrases.h: a larger count n takes the form of plural_sample(n)), from
// the catalog's own plural rule, whatever the language in use. Main thread.
std::vector<std::vector<std::string>> counted_translations(std::string_view code,
                                                           std::span<const CountedMessage> messages);

// The engine's phrases in `code`, filled from its catalog (English where
// it has none), kept for the life of the process. Main thread.
const PhraseBook& phrase_book(std::string_view code);

}  // namespace colonial::text
