// The statement parser: what a player may write besides unit orders, DRAW,
// SURRENDER and the conditional retreats and adjustments of the club house
// rules (see notation.h).
#include "notation_parser.h"

namespace colonial {
namespace notation_internal {

bool Parser::is_vote(StatementKind& kind) const {
  if (pos_ + 1 != toks_.count || toks_.items[pos_].kind != Tok::Word) return false;
  std::string_view w = word(pos_);
  for (std::string_view k : {"draw", "drawn"})
    if (word_equals(w, k)) {
      kind = StatementKind::Draw;
      return true;
    }
  for (std::string_view k : {"surrender", "surrenders", "resign", "resigns", "concede", "concedes"})
    if (word_equals(w, k)) {
      kind = StatementKind::Surrender;
      return true;
    }
  return false;
}

bool Parser::parse_conditional(Statement& s) {
  s.kind = StatementKind::Conditional;
  while (!at_end()) {
    if (!word_is(pos_, {"if"})) return expected(pos_, Phrase::ExpectNextIf);
    ++pos_;
    if (s.conditions.full()) return fail(ParseErrorKind::TooLong, column(pos_), Phrase::ErrTooManyConditions);
    Condition c;
    c.power = power_;
    if (!parse_condition_head(c)) return false;
    if (!at_end() && (tok(pos_).kind == Tok::Comma || tok(pos_).kind == Tok::Colon || word_is(pos_, {"then"}))) ++pos_;
    if (!parse_condition_body(c)) return false;
    s.conditions.push_back(c);
    while (!at_end() && (tok(pos_).kind == Tok::Semicolon || tok(pos_).kind == Tok::Comma)) ++pos_;
  }
  if (s.conditions.empty()) return expected(pos_, Phrase::ExpectCondition);
  return true;
}

bool Parser::parse_condition_head(Condition& c) {
  int count = 0;
  if (read_count(count)) {
    c.count = count;
    // "If 2 builds", "If one disband", "If 1 removal"
    if (word_is(pos_, {"build", "builds"})) {
      c.kind = ConditionKind::Builds;
      ++pos_;
      return true;
    }
    if (word_is(pos_, {"disband", "disbands", "removal", "removals", "remove", "removes"})) {
      c.kind = ConditionKind::Disbands;
      ++pos_;
      return true;
    }
    // "If two supply centres are gained", "if only one is lost"
    while (word_is(
        pos_, {"supply", "center", "centers", "centre", "centres", "sc", "scs", "colony", "colonies", "dot", "dots"}))
      ++pos_;
    if (!word_is(pos_, {"is", "are"})) return expected(pos_, Phrase::ExpectCountWord);
    ++pos_;
    if (word_is(pos_, {"gained", "won", "taken"}))
      c.kind = ConditionKind::Builds;
    else if (word_is(pos_, {"lost"}))
      c.kind = ConditionKind::Disbands;
    else
      return expected(pos_, Phrase::ExpectGainedLost);
    ++pos_;
    return true;
  }
  UnitRef u;
  if (!read_unit(u, false, Phrase::ExpectConditionHead)) return false;
  c.kind = ConditionKind::Dislodged;
  c.unit = u.type;
  c.at = u.where.loc;
  if (!word_is(pos_, {"is"})) return expected(pos_, Phrase::ExpectIsDislodged);
  ++pos_;
  if (!word_is(pos_, {"dislodged"})) return expected(pos_, Phrase::ExpectDislodged);
  ++pos_;
  if (ctx_.position) {
    const Unit& un = ctx_.position->units[u.where.province];
    if (!un.present())
      return fail(ParseErrorKind::NoUnit, u.where.column, Phrase::ErrNoUnitIn,
                  {{"place", map_.province(u.where.province).name}});
    if (power_ != kNoPower && un.power != power_)
      return wrong_power(u.where.column, u.where.province, UnitType::None, un.power, power_);
    c.unit = un.type;
    if (un.type == UnitType::Fleet && un.coast != Coast::None) c.at = map_.location_of(u.where.province, un.coast);
  }
  return true;
}

bool Parser::read_count(int& n) {
  int start = pos_;
  if (word_is(pos_, {"only", "exactly", "just"})) ++pos_;
  if (!read_number(n)) {
    pos_ = start;
    return false;
  }
  return true;
}

bool Parser::read_number(int& n) {
  if (!is_word(pos_)) return false;
  static constexpr std::string_view kNumbers[] = {"zero", "one",   "two",   "three", "four", "five",
                                                  "six",  "seven", "eight", "nine",  "ten"};
  for (int k = 0; k <= 10; ++k)
    if (word_equals(word(pos_), kNumbers[k])) {
      n = k;
      ++pos_;
      return n > 0;
    }
  std::string_view w = word(pos_);
  if (w.empty() || w.size() > 2) return false;
  int v = 0;
  for (char ch : w) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + (ch - '0');
  }
  if (v <= 0) return false;
  n = v;
  ++pos_;
  return true;
}

bool Parser::parse_condition_body(Condition& c) {
  if (c.kind == ConditionKind::Dislodged) {
    if (!is_retreat_word(pos_)) return expected(pos_, Phrase::ExpectRetreatList);
    ++pos_;
    while (word_is(pos_, {"in", "order", "of", "preference", "to"}) && !province_here(pos_)) ++pos_;
    if (!at_end() && tok(pos_).kind == Tok::Colon) ++pos_;
    for (;;) {
      if (word_is(pos_, {"or", "else", "otherwise", "then"})) ++pos_;
      if (is_disband_word(pos_)) {
        ++pos_;
        Order d;
        d.kind = OrderKind::Disband;
        d.power = power_;
        d.unit = c.unit;
        d.at = c.at;
        if (!c.orders.push_back(d)) return fail(ParseErrorKind::TooLong, column(pos_), Phrase::ErrTooManyAlternatives);
      } else {
        LocRef to;
        if (!read_location(to, Phrase::ExpectRetreatTo)) return false;
        Order r;
        r.kind = OrderKind::Retreat;
        r.power = power_;
        r.unit = c.unit;
        r.at = c.at;
        r.to = to.loc;
        if (!c.orders.push_back(r)) return fail(ParseErrorKind::TooLong, to.column, Phrase::ErrTooManyAlternatives);
      }
      if (!at_end() && tok(pos_).kind == Tok::Comma && (word_is(pos_ + 1, {"or"}) || !word_is(pos_ + 1, {"if"}))) {
        ++pos_;
        continue;
      }
      if (word_is(pos_, {"or", "else", "otherwise", "then"})) continue;
      break;
    }
    return true;
  }
  // Builds (and waives) or removals, the verb optional: "build A LON and F
  // EDI", "A TON, F ANN", "disband F ANN", "waive".
  const bool building = c.kind == ConditionKind::Builds;
  for (;;) {
    if (is_build_word(pos_) || is_disband_word(pos_)) {
      if (is_build_word(pos_) != building)
        return fail(ParseErrorKind::Syntax, column(pos_),
                    building ? Phrase::ErrBuildsNotDisbands : Phrase::ErrDisbandsNotBuilds);
      ++pos_;
    }
    Order o;
    o.power = power_;
    int col = column(pos_);
    if (building && is_waive_word(pos_) && !province_here(pos_)) {
      ++pos_;
      o.kind = OrderKind::Waive;
    } else {
      UnitRef u;
      if (!read_unit(u, false, building ? Phrase::ExpectConditionBuild : Phrase::ExpectConditionDisband)) return false;
      col = u.where.column;
      o.kind = building ? OrderKind::Build : OrderKind::Disband;
      o.unit = u.type;
      o.at = u.where.loc;
      if (building && o.unit == UnitType::None) {
        if (map_.province(u.where.province).kind == ProvinceKind::Land)
          o.unit = UnitType::Army;
        else
          return fail(ParseErrorKind::Syntax, u.where.column, Phrase::ErrSayWhichUnit);
      }
      drop_army_coasts(o);
    }
    if (!c.orders.push_back(o)) return fail(ParseErrorKind::TooLong, col, Phrase::ErrTooManyInCondition);
    if (word_is(pos_, {"and"}) || (!at_end() && tok(pos_).kind == Tok::Comma && !word_is(pos_ + 1, {"if"}))) {
      ++pos_;
      if (word_is(pos_, {"and"})) ++pos_;
      continue;
    }
    break;
  }
  return true;
}

}  // namespace notation_internal

using notation_internal::no_map;
using notation_internal::Parser;

bool parse_statement(const ParseContext& ctx, std::string_view text, Statement& out, ParseError& err) {
  out = Statement{};
  if (!ctx.map) return no_map(err);
  Parser p(ctx, text, err);
  if (!p.start() || !p.read_power_prefix()) return false;
  out.power = p.power();
  StatementKind vote;
  if (p.is_vote(vote)) {
    out.kind = vote;
    return true;
  }
  if (p.is_conditional()) return p.parse_conditional(out);
  out.kind = StatementKind::Order;
  if (!p.parse_one_order(out.order, false)) return false;
  out.power = out.order.power;  // the position may have told whose unit it is
  return true;
}

}  // namespace colonial
