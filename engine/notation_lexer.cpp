// The text helpers, the tokenizer and the suggestion distance of the
// notation code (see notation_lexer.h).
#include "notation_lexer.h"

#include <initializer_list>

#include "phrases.h"

namespace colonial::notation_internal {

bool word_equals(std::string_view raw, std::string_view kw) {
  std::size_t k = 0;
  for (char c : raw) {
    if (c == '.') continue;
    if (k >= kw.size() || lower(c) != kw[k]) return false;
    ++k;
  }
  return k == kw.size() && k > 0;
}

std::string_view coast_code(Coast c) {
  switch (c) {
    case Coast::North: return "nc";
    case Coast::South: return "sc";
    case Coast::East: return "ec";
    case Coast::West: return "wc";
    case Coast::None: break;
  }
  return "";
}

std::string_view coast_words(Coast c) {
  switch (c) {
    case Coast::North: return phrase(Phrase::CoastNorth);
    case Coast::South: return phrase(Phrase::CoastSouth);
    case Coast::East: return phrase(Phrase::CoastEast);
    case Coast::West: return phrase(Phrase::CoastWest);
    case Coast::None: break;
  }
  return "";
}

int decode_utf8(std::string_view s, std::size_t i, u32& cp) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  int len = c >= 0xF0 && c < 0xF8 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 1;
  if (c >= 0xF8) len = 1;
  if (len == 1 || i + static_cast<std::size_t>(len) > s.size()) {
    cp = 0xFFFD;
    return 1;
  }
  u32 v = c & (len == 2 ? 0x1Fu : len == 3 ? 0x0Fu : 0x07u);
  for (int k = 1; k < len; ++k) {
    unsigned char cc = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
    if ((cc & 0xC0) != 0x80) {
      cp = 0xFFFD;
      return 1;
    }
    v = (v << 6) | (cc & 0x3Fu);
  }
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
  const u32 least = len == 2 ? 0x80u : len == 3 ? 0x800u : 0x10000u;
  if (v < least || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF) {
    cp = 0xFFFD;
    return 1;
  }
  cp = v;
  return len;
}

namespace {

// Unicode code points that the tokenizer treats specially.
enum class CharClass : u8 { Word, Space, Dash, Arrow };

CharClass classify(u32 cp) {
  if (cp >= 0x2010 && cp <= 0x2015) return CharClass::Dash;  // hyphen .. horizontal bar
  if (cp == 0x2212 || cp == 0xFE58 || cp == 0xFE63 || cp == 0xFF0D) return CharClass::Dash;
  if (cp == 0x2192 || cp == 0x21D2 || cp == 0x27F6 || cp == 0x279C || cp == 0x2794) return CharClass::Arrow;
  if (cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200B) || cp == 0x202F || cp == 0x205F || cp == 0x3000 || cp == 0xFEFF)
    return CharClass::Space;
  if ((cp >= 0x2018 && cp <= 0x201F) || cp == 0xAB || cp == 0xBB) return CharClass::Space;  // quotes
  return CharClass::Word;
}

bool is_ascii_space(unsigned char c) {
  // Brackets and quotes are read as spaces: "A(lvp)", "ARB(nc)", "(via
  // convoy)" and quoted orders then need no rules of their own.
  return c <= 0x20 || c == 0x7F || c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == '"' ||
         c == '\'' || c == '`' || c == '!' || c == '?';
}

bool is_ascii_dash(char c) { return c == '-' || c == '=' || c == '>'; }

// The arrows players type, after Unicode dashes became '-' and arrows "->".
bool is_known_arrow(std::string_view a) {
  for (std::string_view k : {"-", "--", "->", "-->", "=>", "==>", "-=>", "->>"})
    if (a == k) return true;
  return false;
}

}  // namespace

bool tokenize(std::string_view text, TokenList& out, ParseError& err) {
  out.count = 0;
  bool space_before = true;
  int depth = 0;
  std::size_t i = 0;
  auto push = [&](Tok kind, std::size_t b, std::size_t e) {
    if (out.count == kMaxTokens) return false;
    Token& t = out.items[out.count++];
    t.kind = kind;
    t.begin = static_cast<u16>(b);
    t.end = static_cast<u16>(e);
    t.glued = !space_before;
    t.bracketed = depth > 0;
    space_before = false;
    return true;
  };
  auto too_many = [&](std::size_t at) {
    err.kind = ParseErrorKind::TooLong;
    err.column = static_cast<int>(at);
    err.message.assign(phrase(Phrase::ErrTooManyWords));
    return false;
  };
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '#') break;  // comment to end of line
    u32 cp = c;
    int len = c < 0x80 ? 1 : decode_utf8(text, i, cp);
    CharClass cls = c < 0x80 ? CharClass::Word : classify(cp);
    if ((c < 0x80 && is_ascii_space(c)) || cls == CharClass::Space) {
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
      space_before = true;
      i += static_cast<std::size_t>(len);
      continue;
    }
    if (c == ':' || c == ',' || c == ';' || c == '/') {
      Tok k = c == ':' ? Tok::Colon : c == ',' ? Tok::Comma : c == ';' ? Tok::Semicolon : Tok::Slash;
      if (!push(k, i, i + 1)) return too_many(i);
      ++i;
      continue;
    }
    if ((c < 0x80 && is_ascii_dash(text[i])) || cls == CharClass::Dash || cls == CharClass::Arrow) {
      // A run of dash characters is one arrow token.
      std::size_t b = i;
      FixedString<12> ascii;
      bool overflow = false;
      while (i < text.size()) {
        unsigned char d = static_cast<unsigned char>(text[i]);
        u32 dcp = d;
        int dl = d < 0x80 ? 1 : decode_utf8(text, i, dcp);
        CharClass dc = d < 0x80 ? CharClass::Word : classify(dcp);
        if (d < 0x80 && is_ascii_dash(text[i]))
          overflow |= !ascii.append(text[i]);
        else if (dc == CharClass::Dash)
          overflow |= !ascii.append('-');
        else if (dc == CharClass::Arrow)
          overflow |= !ascii.append("->");
        else
          break;
        i += static_cast<std::size_t>(dl);
      }
      if (overflow || !is_known_arrow(ascii.view())) {
        err.kind = ParseErrorKind::Syntax;
        err.column = static_cast<int>(b);
        FixedString<64> found;
        found.append('\'');
        append_printable(found, text.substr(b, i - b));
        found.append('\'');
        err.message.clear();
        append_phrase(err.message, Phrase::ErrNotArrow, {{"found", found.view()}});
        return false;
      }
      if (!push(Tok::Dash, b, i)) return too_many(b);
      continue;
    }
    // A word: everything else up to a separator. Dots stay inside ("SUL.S.").
    std::size_t b = i;
    while (i < text.size()) {
      unsigned char d = static_cast<unsigned char>(text[i]);
      if (d < 0x80) {
        if (is_ascii_space(d) || d == '#' || d == ':' || d == ',' || d == ';' || d == '/' || is_ascii_dash(text[i]))
          break;
        ++i;
        continue;
      }
      u32 dcp = d;
      int dl = decode_utf8(text, i, dcp);
      if (classify(dcp) != CharClass::Word) break;
      i += static_cast<std::size_t>(dl);
    }
    bool only_dots = true;
    for (std::size_t k = b; k < i; ++k) only_dots &= text[k] == '.';
    if (only_dots) {  // a full stop standing alone ends nothing
      space_before = true;
      continue;
    }
    if (!push(Tok::Word, b, i)) return too_many(b);
  }
  return true;
}

int edit_distance(std::string_view a, std::string_view b, int limit) {
  int la = static_cast<int>(a.size()), lb = static_cast<int>(b.size());
  if (la > kMaxCompare || lb > kMaxCompare) return limit + 1;
  int diff = la > lb ? la - lb : lb - la;
  if (diff > limit) return limit + 1;
  int prev2[kMaxCompare + 1], prev[kMaxCompare + 1], cur[kMaxCompare + 1];
  for (int j = 0; j <= lb; ++j) prev[j] = j;
  for (int j = 0; j <= lb; ++j) prev2[j] = j;
  for (int i = 1; i <= la; ++i) {
    cur[0] = i;
    int row_min = cur[0];
    for (int j = 1; j <= lb; ++j) {
      int cost = a[static_cast<std::size_t>(i - 1)] == b[static_cast<std::size_t>(j - 1)] ? 0 : 1;
      int v = prev[j - 1] + cost;
      if (prev[j] + 1 < v) v = prev[j] + 1;
      if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
      if (i > 1 && j > 1 && a[static_cast<std::size_t>(i - 1)] == b[static_cast<std::size_t>(j - 2)] &&
          a[static_cast<std::size_t>(i - 2)] == b[static_cast<std::size_t>(j - 1)] && prev2[j - 2] + 1 < v)
        v = prev2[j - 2] + 1;
      cur[j] = v;
      if (v < row_min) row_min = v;
    }
    if (row_min > limit) return limit + 1;
    for (int j = 0; j <= lb; ++j) {
      prev2[j] = prev[j];
      prev[j] = cur[j];
    }
  }
  return prev[lb];
}

}  // namespace colonial::notation_internal
