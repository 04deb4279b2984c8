// Internal to the notation code: the parser of one line of text, shared by
// the order parser (notation_parser.cpp: names, units, orders, checks
// against the position) and the statement parser (notation_statements.cpp:
// DRAW, SURRENDER, conditionals). Not part of the engine's API (see
// notation.h).
#pragma once

#include <initializer_list>
#include <string_view>

#include "map.h"
#include "notation.h"
#include "notation_lexer.h"
#include "phrases.h"

namespace colonial::notation_internal {

struct LocRef {
  ProvinceId province = kNoProvince;
  LocationId loc = kNoLocation;
  Coast coast = Coast::None;
  int column = 0;
};

struct UnitRef {
  PowerId nationality = kNoPower;
  UnitType type = UnitType::None;
  LocRef where;
};

// A piece of an error message (the message's own size).
using ErrorText = decltype(ParseError::message);

class Parser {
 public:
  Parser(const ParseContext& ctx, std::string_view text, ParseError& err)
      : ctx_(ctx), map_(*ctx.map), text_(text), err_(err) {}

  // Tokenizes; false on error.
  bool start();

  // "Power:" or a leading power name ("Turkey F EGY S ...", "BRITISH A ...")
  // at pos_: at the start, or after a separator in a line of several orders
  // ("France: F GOS S F AND-MAL; Holland: F AND-MAL").
  bool read_power_prefix();

  PowerId power() const { return power_; }
  bool at_end() const { return pos_ >= toks_.count; }

  // DRAW / SURRENDER at pos_, alone.
  bool is_vote(StatementKind& kind) const;

  bool is_conditional() const { return word_is(pos_, {"if"}); }

  // One order starting at pos_. `multi`: stop before a comma or a new unit
  // instead of calling trailing words an error.
  bool parse_one_order(Order& o, bool multi);

  // Skips commas/semicolons/"and" between orders.
  void skip_separators() {
    while (!at_end() && (tok(pos_).kind == Tok::Comma || tok(pos_).kind == Tok::Semicolon || word_is(pos_, {"and"})))
      ++pos_;
  }

  bool parse_conditional(Statement& s);

 private:
  // --- token access
  const Token& tok(int i) const { return toks_.items[i]; }
  std::string_view word(int i) const {
    return text_.substr(tok(i).begin, static_cast<std::size_t>(tok(i).end - tok(i).begin));
  }
  int column(int i) const { return i < toks_.count ? tok(i).begin : static_cast<int>(text_.size()); }
  bool is_word(int i) const { return i < toks_.count && tok(i).kind == Tok::Word; }
  bool word_is(int i, std::initializer_list<std::string_view> kws) const;
  bool is_dash(int i) const { return i < toks_.count && tok(i).kind == Tok::Dash; }
  // A '-' joining two words with no spaces: "Port-Arthur", "Mid-Atlantic".
  bool glued_hyphen(int i) const {
    return is_dash(i) && word(i) == "-" && tok(i).glued && i + 1 < toks_.count && tok(i + 1).glued &&
           tok(i + 1).kind == Tok::Word && i > 0 && tok(i - 1).kind == Tok::Word;
  }

  bool unit_word_at(int i, UnitType& t) const;
  bool is_article(int i) const {
    UnitType t;
    if (word_is(i, {"an", "the"})) return true;
    return word_is(i, {"a"}) && unit_word_at(i + 1, t);  // "a Fleet in Berlin"
  }
  bool is_hold_word(int i) const { return word_is(i, {"h", "hold", "holds", "stand", "stands", "hld"}); }
  bool is_support_word(int i) const {
    return word_is(i, {"s", "support", "supports", "supporting", "sup", "supp", "spt"});
  }
  bool is_convoy_word(int i) const {
    return word_is(i, {"c", "convoy", "convoys", "convoying", "transport", "transports", "cvy"});
  }
  bool is_canal_word(int i) const { return word_is(i, {"sc"}); }
  bool is_move_word(int i) const {
    return is_dash(i) || word_is(i, {"m", "mv", "move", "moves", "moving", "to", "into", "attack", "attacks",
                                     "attacking", "advance", "advances", "advancing", "go", "goes", "going"});
  }
  bool is_retreat_word(int i) const { return word_is(i, {"r", "retreat", "retreats", "retreating"}); }
  bool is_disband_word(int i) const {
    return word_is(i, {"d", "disband", "disbands", "disbanded", "remove", "removes", "removed", "destroy"});
  }
  bool is_build_word(int i) const { return word_is(i, {"b", "build", "builds"}); }
  bool is_waive_word(int i) const { return word_is(i, {"w", "waive", "waives", "waived", "pass"}); }
  bool is_via_convoy(int i, int& end) const;
  int railroad_at(int i) const;

  // A unit order begins at i: "A LON", "F North Sea", "Army in ...".
  bool starts_unit_order(int i) const {
    UnitType t;
    if (is_article(i)) ++i;
    return unit_word_at(i, t) && is_word(i + 1);
  }

  // --- errors
  bool fail(ParseErrorKind kind, int col, Phrase message, std::initializer_list<PhraseArg> args = {});
  void msg_begin(ParseErrorKind kind, int col) {
    err_.kind = kind;
    err_.column = col;
    err_.message.clear();
  }
  // 'text' of tokens [b, e), as the player wrote it.
  void quote_tokens(int b, int e, ErrorText& out) const;
  bool expected(int i, Phrase what);
  bool trailing_error(int first);

  // "Hong Kong (HK)".
  void describe_province(ProvinceId p, ErrorText& out) const;

  // --- powers
  PowerId match_power(int i, int& end) const;
  PowerId power_by_letter(std::string_view w) const;
  bool unknown_power(int b, int e);

  // Lower case, no dots, words joined by single spaces.
  void normalized_span(int b, int e, FixedString<64>& out) const;

  // --- provinces

  // The longest name starting at token i. Words join with spaces, and glued
  // hyphens stay ("Mid-Atlantic Ocean"). Returns the token after the name.
  int match_name(int i, ProvinceLookup& out) const;

  bool is_filler_before_location(int i) const { return word_is(i, {"the", "in", "at", "on", "from", "of"}); }

  // Reads a location at pos_ (with fillers and a coast). On failure err_ is set.
  bool read_location(LocRef& out, Phrase what);

  bool ambiguous(int b, int e, const ProvinceLookup& l);

  bool is_keyword(int i) const {
    UnitType t;
    return is_hold_word(i) || is_support_word(i) || is_convoy_word(i) || is_move_word(i) || is_retreat_word(i) ||
           is_disband_word(i) || is_build_word(i) || unit_word_at(i, t) || word_is(i, {"via", "by", "and", "is"});
  }

  bool unknown_province(int i);

  // Coast forms after a split-coast province: "/nc", "/n", "nc", "north",
  // "north coast". A '/' after any province must name a coast.
  static bool coast_from_word(std::string_view w, bool short_ok, Coast& c);

  bool read_coast(LocRef& out);

  // Splits a word players glue together ("FJAVA", "FCEYSF", "RSC") when it is
  // no name: [A|F] PROVINCE [S|C|H [A|F]]. Only a split that is unique counts.
  bool split_glued_word(int i, bool allow_unit);

  // Two short words that together are a name ("R S" for RS) when the first
  // alone is none.
  bool rejoin_split_name(int i, ProvinceLookup& l) const;

  // [Nationality] [article] [A|F] [Nationality] [in] LOCATION [coast]
  bool read_unit(UnitRef& u, bool allow_nationality, Phrase what);

  void read_nationality(UnitRef& u);

  // --- orders

  bool phase_error(int col, Phrase what);
  // "the army in Canton is Chinese, not French".
  bool wrong_power(int col, ProvinceId p, UnitType type, PowerId owner, PowerId power);

  void set_subject(Order& o, const UnitRef& u) {
    o.unit = u.type;
    o.at = u.where.loc;
    subject_ = u;
  }
  void set_other(Order& o, const UnitRef& u);

  // Verb-first forms and "UNIT LOC verb ..." forms.
  bool parse_order_words(Order& o);

  // True when a name starts at i, so a verb word there ("B", "D", "SC") is
  // read as the province a map may give that name.
  bool province_here(int i) const {
    ProvinceLookup l;
    return match_name(i, l) != i;
  }

  // After the subject: "-LOC[-LOC...] [via convoy]", "R LOC", "to LOC".
  bool parse_path(Order& o, int vcol, bool retreat_word);

  bool parse_support(Order& o);

  bool parse_convoy(Order& o);

  // SC [Nationality] [F] SEA-SEA: the Egypt power lets a fleet use the canal.
  bool parse_canal_permit(Order& o, int vcol);

  // --- checks against the position, and filling in what it tells

  const Unit* unit_at(ProvinceId p) const {
    const Position& pos = *ctx_.position;
    const Unit& u = ctx_.phase == PhaseKind::Retreat ? pos.dislodged[p].unit : pos.units[p];
    return u.present() ? &u : nullptr;
  }

  bool resolve(Order& o);

  // Coasts mean nothing to armies (DATC 6.B.12): "A GAS-SPA/nc" is a move to
  // Spain. Dropping them here gives every reader one Order for one meaning.
  void drop_army_coasts(Order& o) const;

  bool check_subject(Order& o);

  // --- conditionals

  // "MUN is dislodged" | "two supply centres are gained" | "one is lost"
  bool parse_condition_head(Condition& c);

  bool read_count(int& n);
  bool read_number(int& n);

  // "retreat(s) [(in order of preference)][:] BER, KIE [or disband]" for a
  // dislodged unit; "build A LON and F EDI" / "disband F LON" for centres.
  bool parse_condition_body(Condition& c);

  const ParseContext& ctx_;
  const Map& map_;
  std::string_view text_;
  ParseError& err_;
  TokenList toks_;
  int pos_ = 0;
  PowerId power_ = kNoPower;
  UnitRef subject_;
  UnitRef other_;
  bool has_other_ = false;
  bool subject_written_ = false;
  bool multi_ = false;  // reading a line of several orders
};

// Fills err for a context without a map; returns false.
bool no_map(ParseError& err);

}  // namespace colonial::notation_internal
