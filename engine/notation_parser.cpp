// The order parser: names, units, orders and the checks against the
// position (see notation.h for what is accepted).
#include "notation_parser.h"

namespace colonial {
namespace notation_internal {

bool Parser::start() {
  err_ = ParseError{};
  if (text_.size() > static_cast<std::size_t>(kMaxOrderTextLength))
    return fail(ParseErrorKind::TooLong, kMaxOrderTextLength, Phrase::ErrTooLong);
  if (!tokenize(text_, toks_, err_)) return false;
  if (toks_.count == 0) return fail(ParseErrorKind::Empty, 0, Phrase::ErrEmpty);
  return true;
}

bool Parser::read_power_prefix() {
  int b = pos_;
  PowerId prefix = kNoPower;
  int colon = -1;
  // "If 2 builds: ..." begins a conditional; its colon names no power.
  for (int i = b; i < toks_.count && i <= b + 4 && !word_is(b, {"if"}); ++i) {
    if (tok(i).kind == Tok::Colon) {
      colon = i;
      break;
    }
    if (tok(i).kind != Tok::Word && !glued_hyphen(i)) break;
  }
  if (colon > b) {
    // Words in brackets after the power are remarks: "Britain (Blue):".
    int named = colon;
    while (named > b && tok(named - 1).bracketed) --named;
    if (named == b) named = colon;
    int end = b;
    prefix = match_power(b, end);
    if (prefix == kNoPower || end != named) {
      prefix = named == b + 1 ? power_by_letter(word(b)) : kNoPower;
      if (prefix == kNoPower) return unknown_power(b, named);
    }
    pos_ = colon + 1;
  } else if (colon == b) {
    pos_ = b + 1;  // a stray ':'
  } else {
    // Without a colon a power name leads only when it is no province name
    // ("English Channel", "ENG"), or is one but a unit word follows it.
    int end = b;
    PowerId p = match_power(b, end);
    if (p != kNoPower && end < toks_.count) {
      UnitType t;
      ProvinceLookup l;
      int province_end = match_name(b, l);
      if (province_end == b || (province_end == end && unit_word_at(end, t))) {
        prefix = p;
        pos_ = end;
      }
    }
  }
  if (b == 0) power_ = ctx_.power;
  if (prefix != kNoPower) {
    if (ctx_.power != kNoPower && prefix != ctx_.power) {
      return fail(ParseErrorKind::WrongPower, column(b), Phrase::ErrOrdersForOther,
                  {{"power", power_name(map_, ctx_.power)}, {"other", power_name(map_, prefix)}});
    }
    power_ = prefix;
  }
  if (pos_ >= toks_.count) return fail(ParseErrorKind::Empty, static_cast<int>(text_.size()), Phrase::ErrEmpty);
  return true;
}

bool Parser::parse_one_order(Order& o, bool multi) {
  o = Order{};
  o.power = power_;
  multi_ = multi;
  int first = pos_;
  if (!parse_order_words(o)) return false;
  if (!at_end()) {
    // After a whole order, "SC" begins the canal permission its power gives
    // besides: "F EGY S F MED-RS SC British F RS-MED".
    if (multi && (tok(pos_).kind == Tok::Comma || tok(pos_).kind == Tok::Semicolon || word_is(pos_, {"and"}) ||
                  starts_unit_order(pos_) || (is_canal_word(pos_) && !province_here(pos_)))) {
      // the caller continues with the next order
    } else {
      return trailing_error(first);
    }
  }
  return resolve(o);
}

bool Parser::word_is(int i, std::initializer_list<std::string_view> kws) const {
  if (!is_word(i)) return false;
  for (std::string_view k : kws)
    if (word_equals(word(i), k)) return true;
  return false;
}

bool Parser::unit_word_at(int i, UnitType& t) const {
  if (word_is(i, {"a", "army", "armies"})) {
    t = UnitType::Army;
    return true;
  }
  if (word_is(i, {"f", "fleet", "fleets"})) {
    t = UnitType::Fleet;
    return true;
  }
  return false;
}

bool Parser::is_via_convoy(int i, int& end) const {
  if (word_is(i, {"via", "by"}) && word_is(i + 1, {"convoy", "c", "sea"})) {
    end = i + 2;
    return true;
  }
  if (word_is(i, {"vc", "viaconvoy"})) {
    end = i + 1;
    return true;
  }
  return false;
}

int Parser::railroad_at(int i) const {
  if (!is_word(i)) return -1;
  for (int r = 0; r < map_.railroad_count(); ++r) {
    FixedString<24> name;
    for (const char* c = map_.railroad(r).name; *c; ++c) name.append(lower(*c));
    if (word_equals(word(i), name.view())) return r;
  }
  return -1;
}

bool Parser::fail(ParseErrorKind kind, int col, Phrase message, std::initializer_list<PhraseArg> args) {
  msg_begin(kind, col);
  append_phrase(err_.message, phrase(message), args);
  return false;
}

void Parser::quote_tokens(int b, int e, ErrorText& out) const {
  if (b >= toks_.count) return;
  if (e > toks_.count) e = toks_.count;
  out.append('\'');
  append_printable(out, text_.substr(tok(b).begin, static_cast<std::size_t>(tok(e - 1).end - tok(b).begin)));
  out.append('\'');
}

bool Parser::expected(int i, Phrase what) {
  if (i >= toks_.count)
    return fail(ParseErrorKind::Syntax, column(i), Phrase::ErrExpectedAtEnd, {{"what", phrase(what)}});
  ErrorText found;
  quote_tokens(i, i + 1, found);
  return fail(ParseErrorKind::Syntax, column(i), Phrase::ErrExpected,
              {{"what", phrase(what)}, {"found", found.view()}});
}

bool Parser::trailing_error(int first) {
  ErrorText found, order;
  quote_tokens(pos_, pos_ + 1, found);
  quote_tokens(first, pos_, order);
  return fail(ParseErrorKind::Syntax, column(pos_), Phrase::ErrUnexpected,
              {{"found", found.view()}, {"order", order.view()}});
}

void Parser::describe_province(ProvinceId p, ErrorText& out) const {
  out.append(map_.province(p).name);
  out.append(" (");
  out.append(map_.province(p).abbrev[0] ? map_.province(p).abbrev : map_.province(p).code);
  out.append(')');
}

PowerId Parser::match_power(int i, int& end) const {
  PowerId best = kNoPower;
  FixedString<64> buf;
  int j = i;
  for (int words = 0; words < 3 && is_word(j); ++words) {
    if (words > 0) buf.append(' ');
    buf.append(word(j));
    PowerId p = map_.find_power(buf.view());
    if (p != kNoPower) {
      best = p;
      end = j + 1;
    }
    if (glued_hyphen(j + 1)) {
      PowerId ph;
      FixedString<64> hb = buf;
      hb.append('-');
      hb.append(word(j + 2));
      ph = map_.find_power(hb.view());
      if (ph != kNoPower) {
        best = ph;
        end = j + 3;
      }
    }
    ++j;
  }
  return best;
}

PowerId Parser::power_by_letter(std::string_view w) const {
  if (w.size() != 1) return kNoPower;
  for (int p = 0; p < map_.power_count(); ++p)
    if (lower(map_.power(static_cast<PowerId>(p)).letter) == lower(w[0])) return static_cast<PowerId>(p);
  return kNoPower;
}

bool Parser::unknown_power(int b, int e) {
  ErrorText found;
  quote_tokens(b, e, found);
  FixedString<64> key;
  normalized_span(b, e, key);
  int best = 1000;
  PowerId best_power = kNoPower;
  int limit = suggestion_limit(key.size());
  for (int i = 0; i < map_.alias_count(); ++i) {
    PowerId p = map_.alias_power(i);
    if (p == kNoPower) continue;
    char norm[kMaxCompare + 1];
    int n = normalize_name(map_.alias(i), norm, sizeof norm);
    int d = edit_distance(key.view(), std::string_view(norm, static_cast<std::size_t>(n)), limit);
    if (d <= limit && d < best) {
      best = d;
      best_power = p;
    }
  }
  // The names to type, as the parser reads them: the map's own.
  if (best_power != kNoPower)
    return fail(ParseErrorKind::UnknownPower, column(b), Phrase::ErrNoPowerDidYouMean,
                {{"found", found.view()}, {"power", map_.power(best_power).name}});
  ErrorText powers;
  for (int p = 0; p < map_.power_count(); ++p) {
    if (p) powers.append(p + 1 == map_.power_count() ? phrase(Phrase::ListAnd) : ", ");
    powers.append(map_.power(static_cast<PowerId>(p)).name);
  }
  return fail(ParseErrorKind::UnknownPower, column(b), Phrase::ErrNoPowerList,
              {{"found", found.view()}, {"powers", powers.view()}});
}

void Parser::normalized_span(int b, int e, FixedString<64>& out) const {
  char buf[kMaxCompare + 1];
  for (int i = b; i < e && i < toks_.count; ++i) {
    if (i > b && !tok(i).glued) out.append(' ');
    int n = normalize_name(text_.substr(tok(i).begin, static_cast<std::size_t>(tok(i).end - tok(i).begin)), buf,
                           sizeof buf);
    out.append(std::string_view(buf, static_cast<std::size_t>(n)));
  }
}

int Parser::match_name(int i, ProvinceLookup& out) const {
  out = ProvinceLookup{};
  if (!is_word(i)) return i;
  int best_end = i;
  FixedString<64> buf;
  int j = i;
  for (int words = 0; words < 6 && is_word(j); ++words) {
    if (words > 0) buf.append(' ');
    if (!buf.append(word(j))) break;
    ProvinceLookup l = map_.find_province(buf.view());
    if (l.status != LookupStatus::NotFound) {
      out = l;
      best_end = j + 1;
    }
    // Try the hyphenated continuation, then go on with spaced words.
    if (glued_hyphen(j + 1)) {
      FixedString<64> hb = buf;
      hb.append('-');
      hb.append(word(j + 2));
      ProvinceLookup lh = map_.find_province(hb.view());
      if (lh.status != LookupStatus::NotFound) {
        out = lh;
        best_end = j + 3;
      }
      // "Mid-Atlantic Ocean": continue from the hyphenated form.
      int k = j + 3;
      FixedString<64> hb2 = hb;
      for (int w2 = words + 1; w2 < 6 && is_word(k) && !tok(k).glued; ++w2, ++k) {
        hb2.append(' ');
        if (!hb2.append(word(k))) break;
        ProvinceLookup l2 = map_.find_province(hb2.view());
        if (l2.status != LookupStatus::NotFound) {
          out = l2;
          best_end = k + 1;
        }
      }
    }
    ++j;
  }
  return best_end;
}

bool Parser::read_location(LocRef& out, Phrase what) {
  ProvinceLookup l;
  while (is_filler_before_location(pos_) && match_name(pos_, l) == pos_ && is_word(pos_ + 1)) ++pos_;
  if (at_end()) return expected(pos_, what);
  if (!is_word(pos_)) return expected(pos_, what);
  int end = match_name(pos_, l);
  out.column = column(pos_);
  // "RSC A ERI-ADE": a name glued to the order letter.
  if (l.status == LookupStatus::NotFound && !is_keyword(pos_) && split_glued_word(pos_, false))
    end = match_name(pos_, l);
  // "F R S C A EGY-ADE": a short name broken in two.
  if (l.status == LookupStatus::NotFound && rejoin_split_name(pos_, l)) end = pos_ + 2;
  if (l.status == LookupStatus::Ambiguous) return ambiguous(pos_, end, l);
  if (l.status == LookupStatus::NotFound) return unknown_province(pos_);
  out.province = l.province;
  out.loc = l.province;
  out.coast = Coast::None;
  pos_ = end;
  return read_coast(out);
}

bool Parser::ambiguous(int b, int e, const ProvinceLookup& l) {
  ErrorText found, provinces, codes;
  quote_tokens(b, e, found);
  for (int i = 0; i < l.candidates.size(); ++i) {
    const std::string_view separator = i + 1 == l.candidates.size() ? phrase(Phrase::ListOr) : ", ";
    if (i) provinces.append(separator);
    describe_province(l.candidates[i], provinces);
    if (i) codes.append(separator);
    const ProvinceInfo& p = map_.province(l.candidates[i]);
    codes.append(p.abbrev[0] ? p.abbrev : p.code);
  }
  return fail(ParseErrorKind::AmbiguousProvince, column(b), Phrase::ErrAmbiguous,
              {{"found", found.view()}, {"provinces", provinces.view()}, {"codes", codes.view()}});
}

bool Parser::unknown_province(int i) {
  // Try the word alone and with the words after it ("Bay of Bengla").
  Suggestions best;
  int words = 0;
  for (int e = i + 1; e <= toks_.count && words < 3; ++e) {
    if (!is_word(e - 1) || (e - 1 > i && is_keyword(e - 1))) break;
    ++words;
    FixedString<64> key;
    normalized_span(i, e, key);
    int limit = suggestion_limit(key.size());
    for (int a = 0; a < map_.alias_count(); ++a) {
      if (map_.alias_province(a) == kNoProvince) continue;
      char norm[kMaxCompare + 1];
      int n = normalize_name(map_.alias(a), norm, sizeof norm);
      int d = edit_distance(key.view(), std::string_view(norm, static_cast<std::size_t>(n)), limit);
      if (d > limit) continue;
      // Distance relative to length decides between spans; ties go to the
      // longer span (more of what the player wrote is explained).
      int score = d * 100 / (!key.empty() ? key.size() : 1);
      if (best.aliases.empty() || score < best.score || (score == best.score && words > best.span_words)) {
        best.score = score;
        best.span_words = words;
        best.aliases.clear();
        best.aliases.push_back(a);
      } else if (score == best.score && words == best.span_words) {
        bool dup = false;
        for (int k : best.aliases) dup |= map_.alias_province(k) == map_.alias_province(a);
        if (!dup) best.aliases.push_back(a);
      }
    }
  }
  ErrorText found, provinces;
  quote_tokens(i, i + (best.span_words ? best.span_words : 1), found);
  if (best.aliases.empty())
    return fail(ParseErrorKind::UnknownProvince, column(i), Phrase::ErrNoProvince, {{"found", found.view()}});
  for (int k = 0; k < best.aliases.size(); ++k) {
    if (k) provinces.append(k + 1 == best.aliases.size() ? phrase(Phrase::ListOr) : ", ");
    int a = best.aliases[k];
    ProvinceId p = map_.alias_province(a);
    std::string_view alias = map_.alias(a);
    if (alias == std::string_view(map_.province(p).name)) {
      describe_province(p, provinces);
    } else {
      provinces.append(alias);
      provinces.append(" (");
      provinces.append(map_.province(p).name);
      provinces.append(')');
    }
  }
  return fail(ParseErrorKind::UnknownProvince, column(i), Phrase::ErrNoProvinceDidYouMean,
              {{"found", found.view()}, {"provinces", provinces.view()}});
}

bool Parser::coast_from_word(std::string_view w, bool short_ok, Coast& c) {
  struct Form {
    std::string_view text;
    Coast coast;
    bool is_short;
  };
  static constexpr Form kForms[] = {
      {"nc", Coast::North, false}, {"north", Coast::North, false}, {"ncoast", Coast::North, false},
      {"sc", Coast::South, false}, {"south", Coast::South, false}, {"scoast", Coast::South, false},
      {"ec", Coast::East, false},  {"east", Coast::East, false},   {"ecoast", Coast::East, false},
      {"wc", Coast::West, false},  {"west", Coast::West, false},   {"wcoast", Coast::West, false},
      {"n", Coast::North, true},   {"s", Coast::South, true},      {"e", Coast::East, true},
      {"w", Coast::West, true},
  };
  for (const Form& f : kForms)
    if ((short_ok || !f.is_short) && word_equals(w, f.text)) {
      c = f.coast;
      return true;
    }
  return false;
}

bool Parser::read_coast(LocRef& out) {
  const ProvinceInfo& info = map_.province(out.province);
  Coast c = Coast::None;
  int col = column(pos_);
  if (pos_ < toks_.count && tok(pos_).kind == Tok::Slash) {
    if (!is_word(pos_ + 1) || !coast_from_word(word(pos_ + 1), true, c)) {
      return fail(ParseErrorKind::UnknownCoast, col, Phrase::ErrCoastAfterSlash);
    }
    pos_ += 2;
    if (word_is(pos_, {"coast", "cst"})) ++pos_;
  } else if (info.coast_count > 0 && is_word(pos_) && coast_from_word(word(pos_), false, c)) {
    ++pos_;
    if (word_is(pos_, {"coast", "cst"})) ++pos_;
  } else {
    return true;
  }
  if (info.coast_count == 0)
    return fail(ParseErrorKind::UnknownCoast, col, Phrase::ErrNoSeparateCoasts,
                {{"place", info.name}, {"coast", coast_code(c)}});
  LocationId l = map_.location_of(out.province, c);
  if (l == kNoLocation) {
    ErrorText coasts;
    for (int k = 0; k < info.coast_count; ++k) {
      if (k) coasts.append(phrase(Phrase::ListAnd));
      coasts.append(coast_code(map_.coast_of(static_cast<LocationId>(info.first_coast + k))));
    }
    return fail(ParseErrorKind::UnknownCoast, col, Phrase::ErrNoSuchCoast,
                {{"place", info.name}, {"coast", coast_words(c)}, {"coasts", coasts.view()}});
  }
  out.coast = c;
  out.loc = l;
  return true;
}

bool Parser::split_glued_word(int i, bool allow_unit) {
  if (!is_word(i) || toks_.count + 3 > kMaxTokens) return false;
  std::string_view w = word(i);
  if (w.size() < 3 || w.size() > 24) return false;
  struct Piece {
    u16 begin, end;
  };
  Piece found[4];
  int found_count = 0, solutions = 0;
  Piece cur[4];
  // unit? province (order-letter unit?)?
  for (std::size_t u = 0; u <= (allow_unit ? 1u : 0u); ++u) {
    if (u == 1 && lower(w[0]) != 'a' && lower(w[0]) != 'f') continue;
    for (std::size_t pe = u + 1; pe <= w.size(); ++pe) {
      ProvinceLookup l = map_.find_province(w.substr(u, pe - u));
      if (l.status != LookupStatus::Found) continue;
      int n = 0;
      if (u) cur[n++] = Piece{0, 1};
      cur[n++] = Piece{static_cast<u16>(u), static_cast<u16>(pe)};
      std::size_t rest = w.size() - pe;
      bool ok = false;
      if (rest == 0) {
        ok = u == 1;  // a bare province needs no split
      } else {
        char o = lower(w[pe]);
        if (o == 's' || o == 'c' || o == 'h') {
          cur[n++] = Piece{static_cast<u16>(pe), static_cast<u16>(pe + 1)};
          if (rest == 1)
            ok = true;
          else if (rest == 2 && (lower(w[pe + 1]) == 'a' || lower(w[pe + 1]) == 'f')) {
            cur[n++] = Piece{static_cast<u16>(pe + 1), static_cast<u16>(pe + 2)};
            ok = true;
          }
        }
      }
      if (ok) {
        ++solutions;
        found_count = n;
        for (int k = 0; k < n; ++k) found[k] = cur[k];
      }
    }
  }
  if (solutions != 1) return false;
  Token base = tok(i);
  for (int k = toks_.count - 1; k > i; --k) toks_.items[k + found_count - 1] = toks_.items[k];
  toks_.count += found_count - 1;
  for (int k = 0; k < found_count; ++k) {
    Token& t = toks_.items[i + k];
    t.kind = Tok::Word;
    t.begin = static_cast<u16>(base.begin + found[k].begin);
    t.end = static_cast<u16>(base.begin + found[k].end);
    t.glued = k == 0 ? base.glued : false;  // read as separate words
  }
  return true;
}

bool Parser::rejoin_split_name(int i, ProvinceLookup& l) const {
  if (!is_word(i) || !is_word(i + 1) || word(i).size() > 3 || word(i + 1).size() > 3) return false;
  FixedString<8> joined;
  joined.append(word(i));
  joined.append(word(i + 1));
  ProvinceLookup j = map_.find_province(joined.view());
  if (j.status != LookupStatus::Found) return false;
  l = j;
  return true;
}

bool Parser::read_unit(UnitRef& u, bool allow_nationality, Phrase what) {
  u = UnitRef{};
  if (allow_nationality) read_nationality(u);
  if (is_article(pos_)) ++pos_;
  UnitType t;
  if (unit_word_at(pos_, t)) {
    // "A" followed by a province is an army; "a" alone before a name too.
    u.type = t;
    ++pos_;
  } else if (is_word(pos_)) {
    ProvinceLookup l;
    if (match_name(pos_, l) == pos_ && !is_filler_before_location(pos_) && !is_keyword(pos_) &&
        split_glued_word(pos_, true) && unit_word_at(pos_, t)) {
      u.type = t;
      ++pos_;
    }
  }
  if (allow_nationality && u.nationality == kNoPower) read_nationality(u);
  return read_location(u.where, what);
}

void Parser::read_nationality(UnitRef& u) {
  if (!is_word(pos_)) return;
  int end = 0;
  PowerId p = match_power(pos_, end);
  if (p == kNoPower) return;
  ProvinceLookup l;
  UnitType t;
  // A power name that is also (the start of) a province name counts as a
  // nationality only before a unit word or another name: "S Eng F LON",
  // but "S ENG" and "S English Channel" are provinces.
  int province_end = match_name(pos_, l);
  if (province_end > end) return;
  if (province_end == end) {
    ProvinceLookup l2;
    if (!unit_word_at(end, t) && match_name(end, l2) == end) return;
  }
  u.nationality = p;
  pos_ = end;
}

bool Parser::phase_error(int col, Phrase what) {
  const Phrase in_phase = ctx_.phase == PhaseKind::Movement  ? Phrase::InMovementPhase
                          : ctx_.phase == PhaseKind::Retreat ? Phrase::InRetreatPhase
                                                             : Phrase::InAdjustmentPhase;
  return fail(ParseErrorKind::WrongPhase, col, what, {{"phase", phrase(in_phase)}});
}

void Parser::set_other(Order& o, const UnitRef& u) {
  o.other_unit = u.type;
  o.other_at = u.where.loc;
  o.other_power = u.nationality;
  other_ = u;
  has_other_ = true;
}

bool Parser::parse_order_words(Order& o) {
  has_other_ = false;
  subject_ = UnitRef{};
  subject_written_ = false;
  int verb_col = column(pos_);
  if (is_build_word(pos_) && !province_here(pos_)) {
    ++pos_;
    if (ctx_.phase != PhaseKind::Adjustment) return phase_error(verb_col, Phrase::ErrBuildPhase);
    UnitRef u;
    if (!read_unit(u, false, Phrase::ExpectBuildUnit)) return false;
    o.kind = OrderKind::Build;
    set_subject(o, u);
    return true;
  }
  if (is_disband_word(pos_) && !province_here(pos_)) {
    ++pos_;
    if (ctx_.phase == PhaseKind::Movement) return phase_error(verb_col, Phrase::ErrDisbandPhase);
    UnitRef u;
    if (!read_unit(u, false, Phrase::ExpectDisbandUnit)) return false;
    o.kind = OrderKind::Disband;
    set_subject(o, u);
    subject_written_ = true;
    return true;
  }
  if (is_waive_word(pos_) && !province_here(pos_)) {
    ++pos_;
    if (ctx_.phase != PhaseKind::Adjustment) return phase_error(verb_col, Phrase::ErrWaivePhase);
    o.kind = OrderKind::Waive;
    if (word_is(pos_, {"build", "builds", "a"}) && !province_here(pos_)) ++pos_;
    if (!at_end() && is_word(pos_) && !starts_unit_order(pos_)) {
      LocRef l;
      if (!read_location(l, Phrase::ExpectProvince)) return false;
      o.at = l.loc;
    }
    return true;
  }
  if (is_retreat_word(pos_) && !province_here(pos_)) {
    ++pos_;
    UnitRef u;
    if (!read_unit(u, false, Phrase::ExpectRetreatUnit)) return false;
    set_subject(o, u);
    subject_written_ = true;
    return parse_path(o, column(pos_), true);
  }
  if (word_is(pos_, {"m", "move", "moves", "attack", "attacks", "advance", "advances"}) && !province_here(pos_)) {
    ++pos_;
    UnitRef u;
    if (!read_unit(u, false, Phrase::ExpectMoveUnit)) return false;
    set_subject(o, u);
    subject_written_ = true;
    return parse_path(o, column(pos_), false);
  }
  if (is_canal_word(pos_) && !province_here(pos_)) {
    ++pos_;
    return parse_canal_permit(o, verb_col);
  }

  UnitRef u;
  if (!read_unit(u, false, Phrase::ExpectUnit)) return false;
  set_subject(o, u);
  subject_written_ = true;
  if (at_end() || tok(pos_).kind == Tok::Comma || tok(pos_).kind == Tok::Semicolon ||
      (multi_ && starts_unit_order(pos_))) {
    switch (ctx_.phase) {
      case PhaseKind::Movement: o.kind = OrderKind::Hold; return true;
      case PhaseKind::Adjustment: o.kind = OrderKind::Build; return true;  // "A OMSK F SUM"
      case PhaseKind::Retreat:
        return fail(ParseErrorKind::Syntax, column(pos_), Phrase::ErrSayRetreat,
                    {{"place", map_.province(u.where.province).name}});
    }
  }
  int vcol = column(pos_);
  if (is_hold_word(pos_)) {
    ++pos_;
    if (ctx_.phase != PhaseKind::Movement) return phase_error(vcol, Phrase::ErrHoldPhase);
    o.kind = OrderKind::Hold;
    return true;
  }
  if (is_canal_word(pos_)) {
    ++pos_;
    return parse_canal_permit(o, vcol);
  }
  if (is_support_word(pos_)) {
    ++pos_;
    if (ctx_.phase != PhaseKind::Movement) return phase_error(vcol, Phrase::ErrSupportPhase);
    return parse_support(o);
  }
  if (is_convoy_word(pos_)) {
    ++pos_;
    if (ctx_.phase != PhaseKind::Movement) return phase_error(vcol, Phrase::ErrConvoyPhase);
    return parse_convoy(o);
  }
  if (is_retreat_word(pos_)) {
    ++pos_;
    return parse_path(o, vcol, true);
  }
  if (is_move_word(pos_) || (railroad_at(pos_) >= 0 && !province_here(pos_))) return parse_path(o, vcol, false);
  if (is_disband_word(pos_)) {
    ++pos_;
    if (ctx_.phase == PhaseKind::Movement) return phase_error(vcol, Phrase::ErrDisbandPhase);
    o.kind = OrderKind::Disband;
    return true;
  }
  if (is_build_word(pos_)) {
    ++pos_;
    if (ctx_.phase != PhaseKind::Adjustment) return phase_error(vcol, Phrase::ErrBuildPhase);
    o.kind = OrderKind::Build;
    return true;
  }
  ErrorText found;
  quote_tokens(pos_, pos_ + 1, found);
  return fail(ParseErrorKind::Syntax, vcol, Phrase::ErrOrderAfterUnit, {{"found", found.view()}});
}

bool Parser::parse_path(Order& o, int vcol, bool retreat_word) {
  FixedVector<LocRef, 8> stops;
  int rail = -1;
  bool first = true, after_rail = false;
  ProvinceLookup l;
  auto rail_word = [&](int i) { return railroad_at(i) >= 0 && match_name(i, l) == i; };
  for (;;) {
    bool sep = false;
    while (is_move_word(pos_) || word_is(pos_, {"on", "of"})) {
      // "to" may also begin nothing else; "of"/"on" only after a verb.
      ++pos_;
      sep = true;
    }
    // The railroad's name separates like a dash ("A MOS TSR IRK").
    if (!sep && !(first && retreat_word) && !after_rail && !(stops.empty() && rail < 0 && rail_word(pos_))) break;
    first = after_rail = false;
    if (rail_word(pos_)) {
      if (!stops.empty() || rail >= 0) return expected(pos_, Phrase::ExpectRailroadFirst);
      rail = railroad_at(pos_);
      ++pos_;
      after_rail = true;
      continue;
    }
    LocRef dest;
    if (!read_location(dest, Phrase::ExpectDestination)) return false;
    if (!stops.push_back(dest)) return fail(ParseErrorKind::TooLong, dest.column, Phrase::ErrTooManyProvinces);
  }
  if (stops.empty()) return expected(pos_, Phrase::ExpectDestination);
  int via_end = 0;
  bool via = false;
  if (is_via_convoy(pos_, via_end)) {
    via = true;
    pos_ = via_end;
  }
  // The railroad named after the move: "A MOS-IRK via TSR", "A MOS-IRK TSR".
  if (rail < 0 && !via && stops.size() == 1) {
    if (word_is(pos_, {"via", "by", "on", "using"}) && rail_word(pos_ + 1)) {
      rail = railroad_at(pos_ + 1);
      pos_ += 2;
    } else if (rail_word(pos_)) {
      rail = railroad_at(pos_);
      ++pos_;
    }
  }
  const LocRef& dest = stops[stops.size() - 1];
  o.to = dest.loc;
  switch (ctx_.phase) {
    case PhaseKind::Adjustment: return phase_error(vcol, Phrase::ErrNoMovePhase);
    case PhaseKind::Retreat:
      if (rail >= 0 || via || stops.size() > 1) return fail(ParseErrorKind::Syntax, vcol, Phrase::ErrRetreatOneSpace);
      o.kind = OrderKind::Retreat;
      return true;
    case PhaseKind::Movement:
      if (retreat_word) return phase_error(vcol, Phrase::ErrRetreatPhase);
      if (rail >= 0) {
        if (via) return fail(ParseErrorKind::Syntax, vcol, Phrase::ErrRailAndConvoy);
        o.kind = OrderKind::RailMove;
        return true;
      }
      o.kind = OrderKind::Move;
      // "A LVP-IRI-ECH-LON" spells out the convoy route.
      o.via_convoy = via || stops.size() > 1;
      return true;
  }
  return true;
}

bool Parser::parse_support(Order& o) {
  UnitRef other;
  if (!read_unit(other, true, Phrase::ExpectSupported)) return false;
  set_other(o, other);
  o.kind = OrderKind::Support;
  if (is_move_word(pos_)) {
    while (is_move_word(pos_)) ++pos_;
    // "S A MOS-TSR-IRK": naming the railroad is allowed, though the
    // rulebook writes the support of a railroad move as "S A MOS-IRK".
    ProvinceLookup name;
    if (railroad_at(pos_) >= 0 && match_name(pos_, name) == pos_) {
      ++pos_;
      while (is_move_word(pos_)) ++pos_;
    }
    LocRef dest;
    if (!read_location(dest, Phrase::ExpectSupportedGoes)) return false;
    o.to = dest.loc;
    int via_end;
    if (is_via_convoy(pos_, via_end)) pos_ = via_end;  // how it gets there is not the supporter's business
  } else if (is_hold_word(pos_)) {
    ++pos_;
  }
  return true;
}

bool Parser::parse_convoy(Order& o) {
  UnitRef other;
  if (!read_unit(other, true, Phrase::ExpectConvoyed)) return false;
  set_other(o, other);
  o.kind = OrderKind::Convoy;
  if (!is_move_word(pos_)) return expected(pos_, Phrase::ExpectConvoyDash);
  while (is_move_word(pos_)) ++pos_;
  LocRef dest;
  if (!read_location(dest, Phrase::ExpectConvoyedGoes)) return false;
  o.to = dest.loc;
  return true;
}

bool Parser::parse_canal_permit(Order& o, int vcol) {
  if (ctx_.phase != PhaseKind::Movement) return phase_error(vcol, Phrase::ErrCanalPhase);
  UnitRef other;
  if (!read_unit(other, true, Phrase::ExpectCanalFleet)) return false;
  set_other(o, other);
  o.kind = OrderKind::CanalPermit;
  if (!is_move_word(pos_)) return expected(pos_, Phrase::ExpectCanalDash);
  while (is_move_word(pos_)) ++pos_;
  LocRef dest;
  if (!read_location(dest, Phrase::ExpectFleetGoes)) return false;
  o.to = dest.loc;
  int canal = -1;
  for (int c = 0; c < map_.canal_count(); ++c) {
    ProvinceId a = map_.province_of(map_.canal(c).sea_a), b = map_.province_of(map_.canal(c).sea_b);
    if ((a == other.where.province && b == dest.province) || (b == other.where.province && a == dest.province))
      canal = c;
  }
  if (canal < 0) {
    const std::string_view from = map_.province(other.where.province).name, to = map_.province(dest.province).name;
    if (map_.canal_count() == 0)
      return fail(ParseErrorKind::NoCanal, vcol, Phrase::ErrNoCanals, {{"from", from}, {"to", to}});
    ErrorText route;
    route.append(map_.province(map_.province_of(map_.canal(0).sea_a)).code);
    route.append('-');
    route.append(map_.province(map_.province_of(map_.canal(0).sea_b)).code);
    return fail(ParseErrorKind::NoCanal, vcol, Phrase::ErrNoCanalJoins,
                {{"from", from}, {"to", to}, {"canal", map_.canal(0).name}, {"route", route.view()}});
  }
  if (o.at == kNoLocation) o.at = map_.canal(canal).via;  // the province whose holder permits
  return true;
}

bool Parser::resolve(Order& o) {
  bool needs_unit = o.kind != OrderKind::Build && o.kind != OrderKind::Waive &&
                    !(o.kind == OrderKind::CanalPermit && !subject_written_);
  if (o.kind == OrderKind::Build && o.unit == UnitType::None) {
    // An inland province can only hold an army; elsewhere say which.
    const ProvinceInfo& info = map_.province(map_.province_of(o.at));
    if (info.kind == ProvinceKind::Land) {
      o.unit = UnitType::Army;
    } else {
      return fail(ParseErrorKind::Syntax, subject_.where.column, Phrase::ErrSayBuildUnit,
                  {{"place", info.name}, {"code", info.abbrev[0] ? info.abbrev : info.code}});
    }
  }
  if (ctx_.position && o.kind == OrderKind::Build && o.unit == UnitType::Fleet && o.at < map_.province_count() &&
      map_.has_coasts(map_.province_of(o.at))) {
    // A fleet stands on one coast: a player writing it is asked which (the
    // order itself, read without a position as a record holds it, stays a
    // void build: DATC 6.B.14).
    const ProvinceInfo& info = map_.province(map_.province_of(o.at));
    ErrorText choices;
    for (int c = 0; c < info.coast_count; ++c) {
      OrderText loc;
      format_location(map_, static_cast<LocationId>(info.first_coast + c), OrderStyle::Rulebook, loc);
      if (c) choices.append(phrase(Phrase::ListOr));
      choices.append("Build F ");
      choices.append(loc.view());
    }
    return fail(ParseErrorKind::Syntax, subject_.where.column, Phrase::ErrSayBuildCoast,
                {{"place", info.name}, {"choices", choices.view()}});
  }
  if (ctx_.position) {
    if (needs_unit && !check_subject(o)) return false;
    if (o.kind == OrderKind::CanalPermit && !subject_written_) {
      const Unit& u = ctx_.position->units[map_.province_of(o.at)];
      if (u.present() && (o.power == kNoPower || u.power == o.power)) {
        o.unit = u.type;
        if (o.power == kNoPower) o.power = u.power;
      }
    }
    if (has_other_ && o.other_at != kNoLocation) {
      const Unit& u = ctx_.position->units[map_.province_of(o.other_at)];
      if (u.present()) {
        if (o.other_unit == UnitType::None) o.other_unit = u.type;
        if (u.type == UnitType::Fleet && u.coast != Coast::None && map_.coast_of(o.other_at) == Coast::None)
          o.other_at = map_.location_of(map_.province_of(o.other_at), u.coast);
      }
    }
  }
  drop_army_coasts(o);
  // A fleet moving to a split-coast province reaches it by one coast.
  if ((o.kind == OrderKind::Move || o.kind == OrderKind::Retreat) && o.unit == UnitType::Fleet && o.to != kNoLocation &&
      map_.coast_of(o.to) == Coast::None && map_.has_coasts(map_.province_of(o.to)) && o.at != kNoLocation) {
    const ProvinceInfo& info = map_.province(map_.province_of(o.to));
    LocationId only = kNoLocation;
    int reachable = 0;
    for (int k = 0; k < info.coast_count; ++k) {
      LocationId c = static_cast<LocationId>(info.first_coast + k);
      if (map_.fleet_adjacent(o.at, c)) {
        ++reachable;
        only = c;
      }
    }
    if (reachable == 1) o.to = only;
  }
  return true;
}

void Parser::drop_army_coasts(Order& o) const {
  auto province_loc = [&](LocationId l) { return l == kNoLocation ? l : static_cast<LocationId>(map_.province_of(l)); };
  bool army_moves = o.kind == OrderKind::Move || o.kind == OrderKind::Retreat || o.kind == OrderKind::RailMove;
  if (o.unit == UnitType::Army) {
    o.at = province_loc(o.at);
    if (army_moves) o.to = province_loc(o.to);
  }
  if (o.other_unit == UnitType::Army) {
    o.other_at = province_loc(o.other_at);
    if (o.kind == OrderKind::Support) o.to = province_loc(o.to);
  }
  if (o.kind == OrderKind::Convoy) o.to = province_loc(o.to);  // only armies are convoyed
}

bool Parser::check_subject(Order& o) {
  ProvinceId p = map_.province_of(o.at);
  const Unit* u = unit_at(p);
  const ProvinceInfo& info = map_.province(p);
  int col = subject_.where.column;
  if (!u || (o.unit != UnitType::None && u->type != o.unit)) {
    // "there is no army in Delhi (the unit there is a fleet)"
    const bool retreat = ctx_.phase == PhaseKind::Retreat;
    const Phrase none = o.unit == UnitType::Army    ? (retreat ? Phrase::ErrNoArmyDislodged : Phrase::ErrNoArmyIn)
                        : o.unit == UnitType::Fleet ? (retreat ? Phrase::ErrNoFleetDislodged : Phrase::ErrNoFleetIn)
                                                    : (retreat ? Phrase::ErrNoUnitDislodged : Phrase::ErrNoUnitIn);
    if (!u) return fail(ParseErrorKind::NoUnit, col, none, {{"place", info.name}});
    ErrorText error;
    append_phrase(error, phrase(none), {{"place", info.name}});
    const bool army = u->type == UnitType::Army;
    const Phrase there = retreat ? (army ? Phrase::ErrDislodgedIsArmy : Phrase::ErrDislodgedIsFleet)
                                 : (army ? Phrase::ErrThereIsArmy : Phrase::ErrThereIsFleet);
    return fail(ParseErrorKind::NoUnit, col, there, {{"error", error.view()}});
  }
  if (o.power != kNoPower && u->power != o.power) return wrong_power(col, p, u->type, u->power, o.power);
  o.unit = u->type;
  if (o.power == kNoPower) o.power = u->power;
  // The unit is where it is: a coast written wrongly names the same fleet
  // (DATC 6.B.10), and whether the move is possible from its real coast is
  // the adjudicator's question (6.B.11).
  o.at = u->type == UnitType::Fleet && u->coast != Coast::None ? map_.location_of(p, u->coast) : p;
  return true;
}

bool Parser::wrong_power(int col, ProvinceId p, UnitType type, PowerId owner, PowerId power) {
  const bool nobody = owner >= map_.power_count();
  const Phrase what = type == UnitType::Army    ? (nobody ? Phrase::ErrArmyOfNobody : Phrase::ErrArmyOfOther)
                      : type == UnitType::Fleet ? (nobody ? Phrase::ErrFleetOfNobody : Phrase::ErrFleetOfOther)
                                                : (nobody ? Phrase::ErrUnitOfNobody : Phrase::ErrUnitOfOther);
  return fail(
      ParseErrorKind::WrongPower, col, what,
      {{"place", map_.province(p).name}, {"owner", nation_name(map_, owner)}, {"nation", nation_name(map_, power)}});
}

bool no_map(ParseError& err) {
  err = ParseError{};
  err.kind = ParseErrorKind::Syntax;
  append_phrase(err.message, Phrase::ErrNoMap);
  return false;
}

}  // namespace notation_internal

using notation_internal::no_map;
using notation_internal::Parser;

std::string_view parse_error_kind_name(ParseErrorKind kind) {
  switch (kind) {
    case ParseErrorKind::None: return "none";
    case ParseErrorKind::Empty: return "empty";
    case ParseErrorKind::Syntax: return "syntax";
    case ParseErrorKind::UnknownProvince: return "unknown-province";
    case ParseErrorKind::AmbiguousProvince: return "ambiguous-province";
    case ParseErrorKind::UnknownPower: return "unknown-power";
    case ParseErrorKind::UnknownCoast: return "unknown-coast";
    case ParseErrorKind::NoUnit: return "no-unit";
    case ParseErrorKind::WrongPower: return "wrong-power";
    case ParseErrorKind::WrongPhase: return "wrong-phase";
    case ParseErrorKind::NoCanal: return "no-canal";
    case ParseErrorKind::NotAnOrder: return "not-an-order";
    case ParseErrorKind::TooLong: return "too-long";
    case ParseErrorKind::Refused: return "refused";
  }
  return "unknown";
}

bool parse_order(const ParseContext& ctx, std::string_view text, Order& out, ParseError& err) {
  out = Order{};
  if (!ctx.map) return no_map(err);
  Parser p(ctx, text, err);
  if (!p.start() || !p.read_power_prefix()) return false;
  StatementKind vote = StatementKind::Order;
  bool is_vote = p.is_vote(vote);
  if (is_vote || p.is_conditional()) {
    err.kind = ParseErrorKind::NotAnOrder;
    err.column = 0;
    err.message.assign(phrase(!is_vote                      ? Phrase::ErrConditionalNotOrder
                              : vote == StatementKind::Draw ? Phrase::ErrDrawNotOrder
                                                            : Phrase::ErrSurrenderNotOrder));
    return false;
  }
  return p.parse_one_order(out, false);
}

bool parse_order_line(const ParseContext& ctx, std::string_view text, ParsedOrders& out, ParseError& err) {
  out.clear();
  if (!ctx.map) return no_map(err);
  Parser p(ctx, text, err);
  if (!p.start() || !p.read_power_prefix()) return false;
  while (!p.at_end()) {
    Order o;
    if (!out.empty() && !p.read_power_prefix()) return false;  // "...; Holland: F AND-MAL"
    if (!p.parse_one_order(o, true)) return false;
    if (!out.push_back(o)) {
      err.kind = ParseErrorKind::TooLong;
      err.column = 0;
      err.message.assign(phrase(Phrase::ErrTooManyOrders));
      return false;
    }
    p.skip_separators();
  }
  return true;
}

}  // namespace colonial
