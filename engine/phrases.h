// The words of the engine's sentences: results, void reasons, adjustments,
// game ends, typed-order errors and the rules in brief, in one table of
// phrases (phrases.def) whose English is compiled in. The engine never
// reads files or calls gettext: the app and the judge fill a PhraseBook
// from the translation catalogs at start-up (game/text) and hand it over;
// without one the engine speaks English.
//
// A phrase is a pattern with named placeholders, "{unit} cannot reach
// {place}", filled in by append_phrase with no heap. A translation may put
// the placeholders in any order, leave some out, and use the extra ones a
// phrase declares (PHRASE_EXTRA). Counted phrases (PHRASE_N) have one form
// per plural form of the language, chosen by the count {n}.
//
// What a phrase never holds: orders in notation and province names are
// filled in as they are, so records, the judge notation and what the
// parser reads never depend on the language.
#pragma once

#include <initializer_list>
#include <string_view>

#include "fixed.h"
#include "types.h"

// Marks for xgettext (po/extract.sh): a string translated later by whoever
// shows it, with or without a context that tells translators where it goes.
#ifndef N_
#define N_(text) text
#endif
#ifndef NC_
#define NC_(context, text) text
#endif

namespace colonial {

enum class Phrase : u16 {
#define PHRASE(id, context, text) id,
#define PHRASE_EXTRA(id, context, text, extra) id,
#define PHRASE_N(id, context, singular, plural)
#include "phrases.def"
#undef PHRASE
#undef PHRASE_EXTRA
#undef PHRASE_N
  Count
};

// Phrases with a count: "Build {n}", "May convert {n} units".
enum class CountedPhrase : u16 {
#define PHRASE(id, context, text)
#define PHRASE_EXTRA(id, context, text, extra)
#define PHRASE_N(id, context, singular, plural) id,
#include "phrases.def"
#undef PHRASE
#undef PHRASE_EXTRA
#undef PHRASE_N
  Count
};

inline constexpr int kPhraseCount = static_cast<int>(Phrase::Count);
inline constexpr int kCountedPhraseCount = static_cast<int>(CountedPhrase::Count);

// What a phrase is in English, and where it goes (the translators'
// context, the catalog's msgctxt).
struct PhraseSource {
  std::string_view context;
  std::string_view text;    // the singular of a counted phrase
  std::string_view plural;  // counted phrases only
  std::string_view extra;   // placeholders given besides those of the text ("{nation}")
};
const PhraseSource& phrase_source(Phrase id);
const PhraseSource& phrase_source(CountedPhrase id);

// The most plural forms a language has (gettext's Arabic has six), and the
// counts whose form a book keeps: 0..kPluralSamples-1; a larger count n
// takes the form of 100 + n % 100, which every plural rule gettext knows
// gives the same form.
inline constexpr int kMaxPluralForms = 6;
inline constexpr int kPluralSamples = 200;
// The sampled count whose form count n takes.
inline int plural_sample(long n) {
  const unsigned long magnitude = n < 0 ? 0ul - static_cast<unsigned long>(n) : static_cast<unsigned long>(n);
  return static_cast<int>(magnitude < kPluralSamples ? magnitude : 100 + magnitude % 100);
}

// The phrases of one language. A new book is English; set() replaces a
// phrase with its translation (the text must outlive the book).
class PhraseBook {
 public:
  std::string_view get(Phrase id) const;
  std::string_view get(CountedPhrase id, long n) const;

  void set(Phrase id, const char* text);
  // `forms` are a counted phrase's distinct forms; form_of[n] says which one
  // count n takes (n < kPluralSamples).
  void set(CountedPhrase id, const char* const* forms, int form_count, const u8 (&form_of)[kPluralSamples]);

 private:
  struct Counted {
    const char* forms[kMaxPluralForms] = {};
    u8 form_of[kPluralSamples] = {};
    bool translated = false;
  };
  const char* text_[kPhraseCount] = {};
  Counted counted_[kCountedPhraseCount];
};

// The book this thread's sentences use: the one a PhrasesInUse put in place
// on this thread, else the process's (set_phrases), else English.
const PhraseBook& phrases();
// Sets the process's book (nullptr: English). The book must outlive its use.
void set_phrases(const PhraseBook* book);

// Another book for this thread while it lives (a server answering each
// phone in its own language), then the one before.
class PhrasesInUse {
 public:
  explicit PhrasesInUse(const PhraseBook& book);
  ~PhrasesInUse();
  PhrasesInUse(const PhrasesInUse&) = delete;
  PhrasesInUse& operator=(const PhrasesInUse&) = delete;

 private:
  const PhraseBook* before_;
};

inline std::string_view phrase(Phrase id) { return phrases().get(id); }
inline std::string_view phrase(CountedPhrase id, long n) { return phrases().get(id, n); }

// A placeholder's value: text, or a number written in decimal.
struct PhraseArg {
  PhraseArg(std::string_view placeholder, std::string_view value) : name(placeholder), text(value) {}
  PhraseArg(std::string_view placeholder, const char* value) : name(placeholder), text(value) {}
  PhraseArg(std::string_view placeholder, long value) : name(placeholder), number(value), is_number(true) {}
  PhraseArg(std::string_view placeholder, int value) : PhraseArg(placeholder, static_cast<long>(value)) {}
  std::string_view name;  // without braces: "place"
  std::string_view text;
  long number = 0;
  bool is_number = false;
};

namespace phrase_detail {
// Calls write(sink, piece) for each piece of `pattern` with its
// placeholders filled in from `args` (and `also`, if given); a placeholder
// with no argument stays as written.
void expand(std::string_view pattern, std::initializer_list<PhraseArg> args, const PhraseArg* also, void* sink,
            void (*write)(void* sink, std::string_view piece));
template <int N>
void write_to(void* sink, std::string_view piece) {
  static_cast<FixedString<N>*>(sink)->append(piece);
}
}  // namespace phrase_detail

// Appends `pattern` with its placeholders filled in (cut, like any append,
// at the string's capacity).
template <int N>
void append_phrase(FixedString<N>& out, std::string_view pattern, std::initializer_list<PhraseArg> args = {}) {
  phrase_detail::expand(pattern, args, nullptr, &out, &phrase_detail::write_to<N>);
}
template <int N>
void append_phrase(FixedString<N>& out, Phrase id, std::initializer_list<PhraseArg> args = {}) {
  append_phrase(out, phrase(id), args);
}
// A counted phrase: {n} is the count.
template <int N>
void append_phrase(FixedString<N>& out, CountedPhrase id, long n, std::initializer_list<PhraseArg> args = {}) {
  const PhraseArg count("n", n);
  phrase_detail::expand(phrase(id, n), args, &count, &out, &phrase_detail::write_to<N>);
}

class Map;
// A power's name and adjective in the current phrases: the map's own words
// translated when they are among the phrases (the powers of the Colonial and
// Standard boards), else as the map has them. "This power" and "" for an
// id that is not the map's.
std::string_view power_name(const Map& map, PowerId p);
std::string_view nation_name(const Map& map, PowerId p);

// The placeholders of a pattern, "{a} {b}" -> calls f("a"), f("b") (the
// catalogs' check compares a translation's with the phrase's).
template <typename F>
void for_each_placeholder(std::string_view pattern, F&& f) {
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '{') continue;
    const std::size_t close = pattern.find('}', i + 1);
    if (close == std::string_view::npos) return;
    f(pattern.substr(i + 1, close - i - 1));
    i = close;
  }
}

}  // namespace colonial
