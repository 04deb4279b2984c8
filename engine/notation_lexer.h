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

// Decodes one UTF-8 sequence at s[i]; returns its length (1 for ASCII, and
// for a stray or invalid byte, which then counts as a word character, with
// cp = U+FFFD).
int decode_utf8(std::string_view s, std::size_t i, u32& cp);

// Appends text with what a terminal or a log could choke on replaced by '?'
// (control characters, broken UTF-8), so an error message quotes "—" as the
// em dash the player typed and never carries a cut or invalid sequence.
template <int N>
void append_printable(FixedString<N>& out, std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    u32 cp = 0;
    const int len = decode_utf8(s, i, cp);
    const bool control = cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
    if (control || cp == 0xFFFD) {
      out.append('?');
    } else if (out.size() + len <= out.capacity()) {
      out.append(s.substr(i, static_cast<std::size_t>(len)));
    } else {
      break;  // a sequence that does not fit whole is left out, not cut
    }
    i += static_cast<std::size_t>(len);
  }
}

template <int N>
void append_lower(FixedString<N>& out, std::string_view s) {
  for (char c : s) out.append(lower(c));
}

// "nc", "sc", "ec", "wc" (empty for none).
std::string_view coast_code(Coast c);
// "north coast" ... in the phrases in use (empty for none).
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
