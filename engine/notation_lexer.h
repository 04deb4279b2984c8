// Internal to the notation code: the text helpers, the tokenizer and the
// "did you mean" distance shared by the order parser, the statement parser
// and the formatter. Not part of the engine's API (see notation.h).
#pragma once

#include <string_view>

#include "fixed.h"
#include "notation.h"
#include "types.h"

namespace colonial::notation_internal {

// ---------------------------------------------------------------------------
// text helpers

inline char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// True if `raw` equals the lower-case keyword `kw`, ignoring case and dots
// ("S." is "s", "TURK." is "turk").
bool word_equals(std::string_view raw, std::string_view kw);

// Appends text with bytes a terminal or a log could choke on replaced, so an
// error message never carries control characters or broken UTF-8.
template <int N>
void append_printable(FixedString<N>& out, std::string_view s) {
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    out.append((u < 0x20 || u >= 0x7F) ? '?' : c);
  }
}

template <int N>
void append_lower(FixedString<N>& out, std::string_view s) {
  for (char c : s) out.append(lower(c));
}

// "army", "fleet" or "unit".
std::string_view unit_word(UnitType t);
// "nc", "sc", "ec", "wc" (empty for none).
std::string_view coast_code(Coast c);
// "north coast" ... (empty for none).
std::string_view coast_words(Coast c);

// ---------------------------------------------------------------------------
// tokenizer

enum class Tok : u8 { Word, Dash, Colon, Comma, Semicolon, Slash };

struct Token {
  u16 begin = 0;
  u16 end = 0;
  Tok kind = Tok::Word;
  bool glued = false;      // no space between this token and the previous one
  bool bracketed = false;  // inside (), [] or {}: "Britain (Blue): A Mad"
};

constexpr int kMaxTokens = 128;

struct TokenList {
  Token items[kMaxTokens];
  int count = 0;
};

// Splits text into words, dashes (a run of dash characters or arrows is one
// token), colons, commas, semicolons and slashes; '#' starts a comment.
// False with err set on an unknown arrow or too many tokens.
bool tokenize(std::string_view text, TokenList& out, ParseError& err);

// ---------------------------------------------------------------------------
// suggestions

constexpr int kMaxCompare = 48;

// Optimal string alignment distance, giving up (returning limit+1) once the
// distance must exceed limit.
int edit_distance(std::string_view a, std::string_view b, int limit);

// How many typing mistakes we still call "close" for a name of this length.
inline int suggestion_limit(int length) { return length <= 3 ? 1 : length <= 6 ? 2 : 3; }

struct Suggestions {
  int score = 1000;  // edit distance per 100 characters: lower is closer
  int span_words = 0;
  FixedVector<int, 3> aliases;  // alias indices, distinct targets
};

}  // namespace colonial::notation_internal
