#include "record.h"

#include <cstring>

#include "game_rules.h"
#include "legal.h"
#include "map.h"
#include "notation.h"
#include "text_lines.h"

namespace colonial {

// ---------------------------------------------------------------------------
// [SECTION] Names
// ---------------------------------------------------------------------------

namespace {

constexpr std::string_view kOutcomeNames[] = {
    "succeeded", "bounced",        "cut",          "no-convoy",     "convoy-disrupted", "not-matched", "void",
    "no-order",  "civil-disorder", "canal-closed", "stopped-short", "converted",
};

constexpr std::string_view kVoidReasonNames[] = {
    "none",
    "wrong-phase",
    "no-unit",
    "wrong-power",
    "wrong-unit-type",
    "no-power",
    "duplicate-order",
    "same-province",
    "cannot-reach",
    "coast-needed",
    "unit-cannot-stand",
    "support-self",
    "support-into-own-province",
    "support-cannot-reach",
    "no-unit-to-support",
    "convoy-not-fleet-at-sea",
    "no-army-to-convoy",
    "convoy-not-coastal",
    "convoy-no-route",
    "rule-not-in-force",
    "not-dislodged",
    "retreat-occupied",
    "retreat-to-attacker",
    "retreat-to-standoff",
    "not-home-colony",
    "not-owned",
    "build-occupied",
    "not-own-unit",
    "no-adjustment",
    "no-builds-left",
    "already-built",
    "no-disbands-left",
    "already-disbanded",
    "canal-unheld",
    "not-canal-holder",
    "no-fleet-to-permit",
    "not-railroad-owner",
    "railroad-armies-only",
    "not-on-railroad",
    "railroad-in-use",
    "province-closed",
    "hong-kong-closed",
    "canal-permit-conflict",
    "not-supply-centre",
    "conversion-not-owned-centre",
    "conversion-inland",
    "convert-and-disband",
};

constexpr std::string_view kGameEndNames[] = {"none",       "victory",         "draw",      "agreement",
                                              "turn-limit", "all-surrendered", "time-limit"};

// A value's word in its table of record words ("unknown" past its end), and back.
template <typename Enum, std::size_t N>
std::string_view word_of(const std::string_view (&names)[N], Enum value) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? names[i] : std::string_view("unknown");
}

template <typename Enum, std::size_t N>
bool value_of(const std::string_view (&names)[N], std::string_view word, Enum& out) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == word) {
      out = static_cast<Enum>(i);
      return true;
    }
  return false;
}

bool outcome_from_name(std::string_view s, Outcome& out) { return value_of(kOutcomeNames, s, out); }
bool void_reason_from_name(std::string_view s, VoidReason& out) { return value_of(kVoidReasonNames, s, out); }

}  // namespace

std::string_view outcome_name(Outcome o) { return word_of(kOutcomeNames, o); }
std::string_view void_reason_name(VoidReason r) { return word_of(kVoidReasonNames, r); }
std::string_view game_end_name(GameEnd e) { return word_of(kGameEndNames, e); }
bool game_end_from_name(std::string_view s, GameEnd& out) { return value_of(kGameEndNames, s, out); }

namespace {

// Endings decided by the most colonies or units name what was counted.
bool ending_by_most(GameEnd e) { return e == GameEnd::Agreement || e == GameEnd::TurnLimit || e == GameEnd::TimeLimit; }
std::string_view measure_name(EndMeasure m) { return m == EndMeasure::Units ? "units" : "colonies"; }

// ---------------------------------------------------------------------------
// [SECTION] Writing
// ---------------------------------------------------------------------------

class RecordWriter {
 public:
  RecordWriter(const Map& map, TextSink& sink) : map_(map), sink_(sink) {}

  void line(std::string_view a, std::string_view b = {}, std::string_view c = {}) {
    sink_.put(a);
    sink_.put(b);
    sink_.put(c);
    sink_.put("\n");
  }

  void powers_line(std::string_view keyword, u32 mask) {
    if (!mask) return;
    sink_.put(keyword);
    for (PowerId p = 0; p < map_.power_count(); ++p)
      if ((mask >> p) & 1u) {
        sink_.put(" ");
        sink_.put(map_.power(p).name);
      }
    sink_.put("\n");
  }

  void location_text(LocationId l, OrderText& out) { format_location(map_, l, OrderStyle::Judge, out); }

  void position(const Position& pos) {
    OrderText loc;
    for (int p = 0; p < map_.province_count(); ++p) {
      const Unit& u = pos.units[p];
      if (!u.present()) continue;
      location_text(unit_location(map_, static_cast<ProvinceId>(p), u), loc);
      unit_line("  unit ", u, loc);
    }
    for (int p = 0; p < map_.province_count(); ++p) {
      const DislodgedUnit& d = pos.dislodged[p];
      if (!d.unit.present()) continue;
      location_text(unit_location(map_, static_cast<ProvinceId>(p), d.unit), loc);
      sink_.put("  dislodged ");
      sink_.put(map_.power(d.unit.power).name);
      sink_.put(d.unit.type == UnitType::Army ? " A " : " F ");
      sink_.put(loc.view());
      if (d.attacker_from != kNoProvince) {
        location_text(d.attacker_from, loc);
        sink_.put(" from ");
        sink_.put(loc.view());
      }
      sink_.put("\n");
    }
    for (PowerId w = 0; w < map_.power_count(); ++w) {
      bool any = false;
      for (int p = 0; p < map_.province_count(); ++p) {
        if (pos.owner[p] != w) continue;
        if (!any) {
          sink_.put("  owner ");
          sink_.put(map_.power(w).name);
          any = true;
        }
        location_text(static_cast<LocationId>(p), loc);
        sink_.put(" ");
        sink_.put(loc.view());
      }
      if (any) sink_.put("\n");
    }
    if (!pos.standoffs.empty()) {
      sink_.put("  standoff");
      pos.standoffs.for_each([&](int p) {
        location_text(static_cast<LocationId>(p), loc);
        sink_.put(" ");
        sink_.put(loc.view());
      });
      sink_.put("\n");
    }
  }

  void unit_line(std::string_view prefix, const Unit& u, const OrderText& loc) {
    sink_.put(prefix);
    sink_.put(map_.power(u.power).name);
    sink_.put(u.type == UnitType::Army ? " A " : " F ");
    sink_.put(loc.view());
    sink_.put("\n");
  }

  void result(const OrderResult& r) {
    OrderText text;
    format_order_with_power(map_, r.order, OrderStyle::Judge, text);
    sink_.put("  order ");
    sink_.put(text.view());
    sink_.put(" => ");
    sink_.put(outcome_name(r.outcome));
    if (r.reached != kNoProvince) {
      OrderText loc;
      location_text(r.reached, loc);
      sink_.put(" at ");
      sink_.put(loc.view());
    }
    if (r.reason != VoidReason::None) {
      sink_.put(" ");
      sink_.put(void_reason_name(r.reason));
    }
    if (r.dislodged) {
      sink_.put(" dislodged");
      if (r.dislodged_from != kNoProvince) {
        OrderText loc;
        location_text(r.dislodged_from, loc);
        sink_.put(" from ");
        sink_.put(loc.view());
      }
    }
    if (r.destroyed) sink_.put(" destroyed");
    if (r.conditional) sink_.put(" conditional");
    sink_.put("\n");
  }

  // "  condition Britain: If A can is dislodged, retreat yun, chu"
  void condition(const Condition& c) {
    Statement st;
    st.kind = StatementKind::Conditional;
    st.power = c.power;
    st.conditions.push_back(c);
    StatementText text;
    format_statement(map_, st, OrderStyle::Judge, text);
    line("  condition ", text.view());
  }

  // "  skipped Britain: A can - yun => retreat-occupied"
  void skipped(const SkippedOrder& k) {
    OrderText text;
    format_order_with_power(map_, k.order, OrderStyle::Judge, text);
    sink_.put("  skipped ");
    sink_.put(text.view());
    sink_.put(" => ");
    sink_.put(void_reason_name(k.reason));
    sink_.put("\n");
  }

  void phase_heading(std::string_view keyword, const Phase& phase) {
    PhaseText name;
    format_phase(phase, name);
    line(keyword, name.view());
  }

 private:
  const Map& map_;
  TextSink& sink_;
};

void append_int(TextSink& sink, long v) {
  FixedString<24> s;
  s.append_int(v);
  sink.put(s.view());
}

// Free text in quotes, readable back whatever a player typed: '"' and '\\'
// are escaped with a backslash; a control character (a line break would end
// the record's line) becomes a space.
void put_quoted(TextSink& sink, std::string_view text) {
  sink.put("\"");
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      const char escaped[2] = {'\\', c};
      sink.put(std::string_view(escaped, 2));
    } else {
      sink.put(u < 0x20 || u == 0x7f ? std::string_view(" ") : std::string_view(&c, 1));
    }
  }
  sink.put("\"");
}

void write_result(TextSink& sink, const Map& map, const GameResult& r) {
  sink.put("result ");
  sink.put(game_end_name(r.end));
  if (ending_by_most(r.end)) {
    sink.put(" ");
    sink.put(measure_name(r.measure));
  }
  if (r.sharing) {
    for (PowerId p = 0; p < map.power_count(); ++p)
      if ((r.sharing >> p) & 1u) {
        sink.put(" ");
        sink.put(map.power(p).name);
      }
  } else if (r.winner != kNoPower) {
    sink.put(" ");
    sink.put(map.power(r.winner).name);
  }
  sink.put("\n");
}

// A phase played ("phase ..."), or a game master's edit ("edit ...": the
// position before it and who is in civil disorder after it).
void write_phase(RecordWriter& w, const PhaseRecord& rec) {
  w.line("");
  w.phase_heading(rec.edit ? "edit " : "phase ", rec.position.phase);
  w.position(rec.position);
  w.powers_line("  draw-votes", rec.draw_votes);
  w.powers_line("  surrenders", rec.surrenders);
  for (const Condition& c : rec.conditions) w.condition(c);
  for (const SkippedOrder& k : rec.skipped) w.skipped(k);
  for (const OrderResult& res : rec.results.results) w.result(res);
  w.line("end");
}

void write_pending(RecordWriter& w, const Map& map, const OrderList& pending) {
  for (const Order& o : pending) {
    OrderText text;
    format_order_with_power(map, o, OrderStyle::Judge, text);
    w.line("  pending ", text.view());
  }
}

}  // namespace

bool write_record(const Game& game, std::string_view variant, TextSink& sink) {
  const Map& map = game.map();
  const GameSettings& s = game.settings();
  RecordWriter w(map, sink);
  w.line("# Colonial game record. Plain text: see docs/RECORD-FORMAT.md.");
  sink.put("colonial-record ");
  append_int(sink, kRecordVersion);
  sink.put("\n");
  w.line("variant ", variant);
  if (map.option_count() > 0) {
    sink.put("board");
    for (int i = 0; i < map.option_count(); ++i) {
      sink.put(" ");
      sink.put(map.option(i).name);
      sink.put(((s.rules.map_options >> i) & 1u) ? "=on" : "=off");
    }
    sink.put("\n");
  }
  // Every setting of the table that lives on the rules line; the optional
  // ones only when a new game's default differs.
  sink.put("rules");
  const GameSettings fresh;
  for (const GameRuleInfo& info : kGameRules) {
    if (info.record == RuleRecordPlace::OwnLine) continue;
    RuleText value, initial;
    game_rule_value(map, s, info.name, value);
    if (info.record == RuleRecordPlace::RulesLineIfSet && game_rule_value(map, fresh, info.name, initial) &&
        value == initial)
      continue;
    sink.put(" ");
    sink.put(info.name);
    sink.put("=");
    sink.put(value.view());
  }
  sink.put("\n");
  sink.put("victory ");
  append_int(sink, s.victory_colonies);
  sink.put("\nlast-year ");
  append_int(sink, s.last_year);
  sink.put("\ntime-limit-by ");
  sink.put(measure_name(s.time_limit_measure));
  if (s.secret_end_year > 0) {
    sink.put("\nsecret-end-year ");
    append_int(sink, s.secret_end_first);
    sink.put("-");
    append_int(sink, s.secret_end_last);
    sink.put(" ");
    append_int(sink, s.secret_end_year);
  }
  sink.put("\ntimers movement=");
  append_int(sink, s.timer_seconds[0]);
  sink.put(" retreat=");
  append_int(sink, s.timer_seconds[1]);
  sink.put(" adjustment=");
  append_int(sink, s.timer_seconds[2]);
  sink.put("\n");
  w.powers_line("unplayed", s.unplayed_powers);
  if (s.computer_powers) {
    sink.put("computer");
    for (PowerId p = 0; p < map.power_count(); ++p)
      if ((s.computer_powers >> p) & 1u) {
        sink.put(" ");
        sink.put(map.power(p).name);
        sink.put("=");
        sink.put(bot_level_name(s.computer_level[p]));
      }
    sink.put("\n");
  }
  if (!s.table_name.empty()) {
    sink.put("table ");
    put_quoted(sink, s.table_name.view());
    sink.put("\n");
  }
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (s.player_names[p].empty()) continue;
    sink.put("player ");
    sink.put(map.power(p).name);
    sink.put(" ");
    put_quoted(sink, s.player_names[p].view());
    sink.put("\n");
  }
  w.powers_line("surrendered", game.surrendered_mask());
  write_result(sink, map, game.result());
  for (int i = 0; i < game.history_size(); ++i) write_phase(w, game.history(i));
  sink.put("\n");
  w.phase_heading("current ", game.phase());
  w.position(game.position());
  w.powers_line("  draw-votes", game.draw_votes());
  w.powers_line("  surrenders", game.pending_surrenders());  // handed in, in force at adjudication
  for (const Condition& c : game.conditions()) w.condition(c);
  w.powers_line("  conditional", game.conditional_powers());
  w.powers_line("  covered", game.covered_powers());
  for (const SkippedOrder& k : game.skipped_conditions()) w.skipped(k);
  w.powers_line("  done-without-orders", game.done_without_orders());
  if (game.timer_used() > 0) {
    sink.put("  timer-used ");
    append_int(sink, static_cast<long>(game.timer_used()));
    sink.put("\n");
  }
  write_pending(w, map, game.pending_orders());
  w.line("end");

  // The lines abandoned by rollbacks: never lost, restorable.
  for (int b = 0; b < game.branch_count(); ++b) {
    const Branch& branch = game.branch(b);
    sink.put("\nbranch from ");
    append_int(sink, branch.fork);
    if (branch.fork < game.history_size()) {
      PhaseText left;
      format_phase(game.history(branch.fork).position.phase, left);
      sink.put("  # left the line played at ");
      sink.put(left.view());
    }
    sink.put("\n");
    w.powers_line("surrendered", branch.surrendered);
    write_result(sink, map, branch.result);
    for (int i = 0; i < branch.count; ++i) write_phase(w, game.archived(branch.first + i));
    sink.put("\n");
    w.phase_heading("current ", branch.position.phase);
    w.position(branch.position);
    w.powers_line("  draw-votes", branch.draw_votes);
    w.powers_line("  surrenders", branch.surrender_pending);
    write_pending(w, map, branch.pending);
    w.line("end");
    w.line("end-branch");
  }
  return !sink.failed;
}

// ---------------------------------------------------------------------------
// [SECTION] Reading
// ---------------------------------------------------------------------------

namespace {

constexpr int kMaxWords = 160;
using Words = FixedVector<std::string_view, kMaxWords>;

// Splits a line into words; a quoted word keeps its spaces (and its escapes:
// see put_quoted). Returns false on an unterminated quote or too many words.
bool split_words(std::string_view line, Words& out) {
  out.clear();
  std::size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '"') {
      // The word is kept escaped (\" and \\); unescape_into() reads it.
      std::size_t close = i + 1;
      while (close < line.size() && line[close] != '"') close += line[close] == '\\' ? 2 : 1;
      if (close >= line.size()) return false;
      if (!out.push_back(line.substr(i + 1, close - i - 1))) return false;
      i = close + 1;
      continue;
    }
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (!out.push_back(line.substr(start, i - start))) return false;
  }
  return true;
}

// A quoted word as put_quoted wrote it, without its escapes.
template <int N>
void unescape_into(std::string_view word, FixedString<N>& out) {
  out.clear();
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] == '\\' && i + 1 < word.size()) ++i;
    out.append(word[i]);
  }
}

// "1870 Movement", "Spring 1901 Retreat", "Winter 1901 Adjustment".
bool parse_phase(const Words& w, int first, Phase& out) {
  int i = first;
  Phase p;
  p.season = Season::Turn;
  if (i < w.size()) {
    std::string_view s = w[i];
    if (s == "Spring")
      p.season = Season::Spring;
    else if (s == "Fall")
      p.season = Season::Fall;
    else if (s == "Winter")
      p.season = Season::Winter;
    if (p.season != Season::Turn) ++i;
  }
  long year = 0;
  if (i >= w.size() || !parse_number(w[i], 1, 9999, year)) return false;
  p.year = static_cast<i16>(year);
  ++i;
  if (i >= w.size()) return false;
  if (w[i] == "Movement")
    p.kind = PhaseKind::Movement;
  else if (w[i] == "Retreat")
    p.kind = PhaseKind::Retreat;
  else if (w[i] == "Adjustment")
    p.kind = PhaseKind::Adjustment;
  else
    return false;
  if (i + 1 != w.size()) return false;
  out = p;
  return true;
}

class RecordReader {
 public:
  RecordReader(std::string_view text, Map& map, Game& scratch, RecordError& err)
      : text_(text), map_(map), game_(scratch), err_(err) {}

  bool run() {
    std::string_view rest = text_, line;
    while (!failed_ && next_line(rest, line)) {
      ++line_;
      if (line.size() > 4096) return fail("line too long");
      handle(line);
    }
    if (failed_) return false;
    if (!seen_version_) return fail_at(0, "not a Colonial game record (no 'colonial-record' line)");
    if (!seen_current_) return fail_at(0, "the record ends before its 'current' phase: it is incomplete");
    if (block_ != Block::None) return fail_at(0, "the last phase has no 'end' line: the record is incomplete");
    if (in_branch_) return fail_at(0, "the last branch has no 'end-branch' line: the record is incomplete");
    return true;
  }

 private:
  enum class Block : u8 { None, Phase, Current };

  bool fail(const char* what, std::string_view detail = {}) { return fail_at(line_, what, detail); }
  bool fail_at(int line, const char* what, std::string_view detail = {}) {
    if (failed_) return false;
    failed_ = true;
    err_.line = line;
    err_.message.assign(what);
    if (!detail.empty()) {
      err_.message.append(": ");
      err_.message.append_quoted(detail, 80);
    }
    return false;
  }

  void handle(std::string_view raw) {
    std::size_t hash = raw.find('#');
    std::string_view line = hash == std::string_view::npos ? raw : raw.substr(0, hash);
    // Order text may hold no '#', so cutting comments is safe.
    Words w;
    if (!split_words(line, w)) return (void)fail("unterminated quote or too many words");
    if (w.empty()) return;
    std::string_view kw = w[0];
    if (!seen_version_) {
      long v = 0;
      if (kw != "colonial-record" || w.size() != 2 || !parse_number(w[1], 1, 1000, v))
        return (void)fail("not a Colonial game record: expected 'colonial-record 1' first");
      if (v > kRecordVersion) return (void)fail("record written by a newer version of Colonial", w[1]);
      seen_version_ = true;
      return;
    }
    if (block_ == Block::None) return header(w);
    return block_line(w, line);
  }

  PowerId power(std::string_view name) {
    PowerId p = map_.find_power(name);
    if (p == kNoPower) fail("unknown power", name);
    return p;
  }

  u32 power_mask(const Words& w, int first) {
    u32 m = 0;
    for (int i = first; i < w.size(); ++i) {
      PowerId p = power(w[i]);
      if (p == kNoPower) return 0;
      m |= u32{1} << p;
    }
    return m;
  }

  void header(const Words& w) {
    std::string_view kw = w[0];
    if (seen_current_) return branch_header(w);
    if (started_ && kw != "phase" && kw != "edit" && kw != "current")
      return (void)fail("settings must come before the first phase", kw);
    if (kw == "variant") {
      if (w.size() != 2) return (void)fail("expected: variant NAME");
      // The map's name, or the board file the map was read from.
      const bool ours =
          equals_ignore_case(w[1], map_.name()) || (!map_.file_name().empty() && w[1] == map_.file_name());
      if (map_.name().empty() || !ours) return (void)fail("the record is for another variant", w[1]);
    } else if (kw == "board") {
      settings_.rules.map_options = 0;
      for (int i = 1; i < w.size(); ++i) {
        std::size_t eq = w[i].find('=');
        if (eq == std::string_view::npos) return (void)fail("expected OPTION=on|off", w[i]);
        int o = map_.find_option(w[i].substr(0, eq));
        if (o < 0) return (void)fail("unknown board option", w[i].substr(0, eq));
        bool on = false;
        if (!on_off_from_text(w[i].substr(eq + 1), on)) return (void)fail("expected on or off", w[i].substr(eq + 1));
        if (on) settings_.rules.map_options |= u32{1} << o;
      }
    } else if (kw == "rules") {
      for (int i = 1; i < w.size(); ++i) {
        std::size_t eq = w[i].find('=');
        if (eq == std::string_view::npos) return (void)fail("expected RULE=VALUE", w[i]);
        RuleText why;
        if (!set_game_rule(map_, settings_, w[i].substr(0, eq), w[i].substr(eq + 1), why))
          return (void)fail(why.c_str());
      }
    } else if (kw == "victory" || kw == "last-year") {
      long n = 0;
      if (w.size() != 2 || !parse_number(w[1], 0, 9999, n)) return (void)fail("expected a number after", kw);
      if (kw == "victory")
        settings_.victory_colonies = static_cast<int>(n);
      else
        settings_.last_year = static_cast<int>(n);
    } else if (kw == "timers") {
      for (int i = 1; i < w.size(); ++i) {
        std::size_t eq = w[i].find('=');
        long n = 0;
        if (eq == std::string_view::npos || !parse_number(w[i].substr(eq + 1), 0, 65535, n))
          return (void)fail("expected KIND=SECONDS", w[i]);
        std::string_view k = w[i].substr(0, eq);
        int slot = k == "movement" ? 0 : k == "retreat" ? 1 : k == "adjustment" ? 2 : -1;
        if (slot < 0) return (void)fail("unknown timer", k);
        settings_.timer_seconds[slot] = static_cast<u16>(n);
      }
    } else if (kw == "secret-end-year") {
      // secret-end-year FIRST-LAST YEAR: the range staff chose and the year drawn from it.
      const std::size_t dash = w.size() == 3 ? w[1].find('-') : std::string_view::npos;
      long first = 0, last = 0, year = 0;
      if (dash == std::string_view::npos || !parse_number(w[1].substr(0, dash), 1, 9999, first) ||
          !parse_number(w[1].substr(dash + 1), 1, 9999, last) || !parse_number(w[2], 1, 9999, year) || year < first ||
          year > last)
        return (void)fail("expected: secret-end-year FIRST-LAST YEAR, the year in the range");
      settings_.secret_end_first = static_cast<int>(first);
      settings_.secret_end_last = static_cast<int>(last);
      settings_.secret_end_year = static_cast<int>(year);
    } else if (kw == "time-limit-by") {
      if (w.size() != 2 || (w[1] != "units" && w[1] != "colonies"))
        return (void)fail("expected: time-limit-by units|colonies");
      settings_.time_limit_measure = w[1] == "units" ? EndMeasure::Units : EndMeasure::Colonies;
    } else if (kw == "unplayed") {
      settings_.unplayed_powers = power_mask(w, 1);
    } else if (kw == "computer") {
      for (int i = 1; i < w.size(); ++i) {
        const std::size_t eq = w[i].find('=');
        BotLevel level = BotLevel::Normal;
        if (eq == std::string_view::npos || !parse_bot_level(w[i].substr(eq + 1), level))
          return (void)fail("expected POWER=easy|normal|hard", w[i]);
        const PowerId p = power(w[i].substr(0, eq));
        if (p == kNoPower) return;
        settings_.computer_powers |= u32{1} << p;
        settings_.computer_level[p] = level;
      }
    } else if (kw == "player") {
      if (w.size() != 3) return (void)fail("expected: player POWER \"NAME\"");
      PowerId p = power(w[1]);
      if (p != kNoPower) unescape_into(w[2], settings_.player_names[p]);
    } else if (kw == "table") {
      if (w.size() != 2) return (void)fail("expected: table \"NAME\"");
      unescape_into(w[1], settings_.table_name);
    } else if (kw == "surrendered") {
      surrendered_ = power_mask(w, 1);
    } else if (kw == "result") {
      read_result(w, result_);
    } else if (kw == "phase" || kw == "edit" || kw == "current") {
      begin_block(w, kw == "current" ? Block::Current : Block::Phase);
      record_.edit = kw == "edit";
    } else {
      fail("unknown line", kw);
    }
  }

  // After the current phase: the lines abandoned by rollbacks.
  //   branch from FORK / surrendered ... / result ... / phase|edit ... end /
  //   current ... end / end-branch
  void branch_header(const Words& w) {
    std::string_view kw = w[0];
    if (kw == "branch") {
      long fork = 0;
      if (in_branch_) return (void)fail("a branch inside a branch: 'end-branch' is missing");
      if (w.size() != 3 || w[1] != "from" || !parse_number(w[2], 0, kMaxHistory, fork))
        return (void)fail("expected: branch from PHASE-NUMBER");
      in_branch_ = true;
      branch_seen_current_ = false;
      branch_ = Branch();
      branch_.fork = static_cast<int>(fork);
      branch_.first = game_.archived_count();
      return;
    }
    if (!in_branch_) return (void)fail("text after the current phase", kw);
    if (kw == "surrendered") {
      branch_.surrendered = power_mask(w, 1);
    } else if (kw == "result") {
      read_result(w, branch_.result);
    } else if ((kw == "phase" || kw == "edit" || kw == "current") && !branch_seen_current_) {
      begin_block(w, kw == "current" ? Block::Current : Block::Phase);
      record_.edit = kw == "edit";
    } else if (kw == "end-branch") {
      if (!branch_seen_current_) return (void)fail("a branch ends before its current phase");
      in_branch_ = false;
      if (!game_.append_branch(branch_)) fail("too many branches");
    } else {
      fail("unknown line in a branch", kw);
    }
  }

  void read_result(const Words& w, GameResult& out) {
    if (w.size() < 2) return (void)fail("expected: result none|victory|draw|...");
    if (!game_end_from_name(w[1], out.end)) return (void)fail("unknown result", w[1]);
    int first = 2;
    if (ending_by_most(out.end) && w.size() > 2 && (w[2] == "units" || w[2] == "colonies")) {
      out.measure = w[2] == "units" ? EndMeasure::Units : EndMeasure::Colonies;
      first = 3;
    }
    // One power: the winner; several: they share (a draw, or a tie for the
    // most colonies or units).
    if (out.end == GameEnd::Draw || w.size() > first + 1)
      out.sharing = power_mask(w, first);
    else if (w.size() == first + 1)
      out.winner = power(w[first]);
  }

  void begin_block(const Words& w, Block kind) {
    Phase phase;
    if (!parse_phase(w, 1, phase))
      return (void)fail("expected a phase such as '1870 Movement' or 'Spring 1901 Retreat'");
    if (!started_) {
      started_ = true;
      apply_board(map_, settings_.rules);
      game_.start_from(map_, settings_, Position());
    }
    block_ = kind;
    position_ = Position();
    position_.rules = settings_.rules;
    position_.phase = phase;
    record_ = PhaseRecord();
    pending_.clear();
    if (kind == Block::Current) (in_branch_ ? branch_seen_current_ : seen_current_) = true;
  }

  LocationId location(std::string_view s) {
    std::size_t slash = s.find('/');
    ProvinceLookup l = map_.find_province(s.substr(0, slash));
    if (l.status != LookupStatus::Found) {
      fail("unknown province", s);
      return kNoLocation;
    }
    if (slash == std::string_view::npos) return l.province;
    std::string_view c = s.substr(slash + 1);
    Coast coast = coast_from_text(c);
    LocationId loc = map_.location_of(l.province, coast);
    if (loc == kNoLocation) fail("no such coast", s);
    return loc;
  }

  bool unit_words(const Words& w, int first, Unit& u, ProvinceId& where) {
    if (w.size() < first + 3) return fail("expected: POWER A|F PLACE");
    u.power = power(w[first]);
    if (u.power == kNoPower) return false;
    if (w[first + 1] == "A")
      u.type = UnitType::Army;
    else if (w[first + 1] == "F")
      u.type = UnitType::Fleet;
    else
      return fail("expected A or F", w[first + 1]);
    LocationId l = location(w[first + 2]);
    if (l == kNoLocation) return false;
    where = map_.province_of(l);
    u.coast = map_.coast_of(l);
    if (!map_.can_stand(u.type, l)) return fail("that unit cannot stand there", w[first + 2]);
    return true;
  }

  void block_line(const Words& w, std::string_view line) {
    std::string_view kw = w[0];
    if (kw == "end") return end_block();
    if (kw == "unit") {
      Unit u;
      ProvinceId p = kNoProvince;
      if (!unit_words(w, 1, u, p)) return;
      if (w.size() != 4) return (void)fail("expected: unit POWER A|F PLACE");
      if (position_.units[p].present()) return (void)fail("two units in one province", w[3]);
      position_.units[p] = u;
    } else if (kw == "dislodged") {
      DislodgedUnit d;
      ProvinceId p = kNoProvince;
      if (!unit_words(w, 1, d.unit, p)) return;
      if (w.size() == 6 && w[4] == "from") {
        LocationId from = location(w[5]);
        if (from == kNoLocation) return;
        d.attacker_from = map_.province_of(from);
      } else if (w.size() != 4) {
        return (void)fail("expected: dislodged POWER A|F PLACE [from PLACE]");
      }
      position_.dislodged[p] = d;
    } else if (kw == "owner") {
      if (w.size() < 2) return (void)fail("expected: owner POWER PLACE...");
      PowerId pw = power(w[1]);
      for (int i = 2; i < w.size() && pw != kNoPower; ++i) {
        LocationId l = location(w[i]);
        if (l == kNoLocation) return;
        position_.owner[map_.province_of(l)] = pw;
      }
    } else if (kw == "standoff") {
      for (int i = 1; i < w.size(); ++i) {
        LocationId l = location(w[i]);
        if (l == kNoLocation) return;
        position_.standoffs.set(map_.province_of(l));
      }
    } else if (kw == "draw-votes") {
      record_.draw_votes = power_mask(w, 1);
    } else if (kw == "surrenders") {
      // Played phase: who had surrendered by its end; current phase: the
      // surrenders handed in, in force when it is adjudicated.
      record_.surrenders = power_mask(w, 1);
    } else if (kw == "order") {
      if (block_ != Block::Phase) return (void)fail("'order' lines belong to a played phase; use 'pending'");
      if (record_.edit) return (void)fail("an edit of the position has no orders");
      read_order_result(line);
    } else if (kw == "condition") {
      read_condition(after_keyword(line, "condition"));
    } else if (kw == "skipped") {
      read_skipped(after_keyword(line, "skipped"));
    } else if (kw == "done-without-orders") {
      if (block_ != Block::Current || in_branch_)
        return (void)fail("'done-without-orders' belongs to the current phase");
      done_without_orders_ = power_mask(w, 1);
    } else if (kw == "conditional" || kw == "covered") {
      if (block_ != Block::Current) return (void)fail("'conditional' and 'covered' belong to the current phase");
      (kw == "conditional" ? conditional_ : covered_) = power_mask(w, 1);
    } else if (kw == "timer-used") {
      if (block_ != Block::Current) return (void)fail("'timer-used' belongs to the current phase");
      long n = 0;
      if (w.size() != 2 || !parse_number(w[1], 0, 1000000, n)) return (void)fail("expected: timer-used SECONDS");
      timer_used_ = static_cast<u32>(n);
    } else if (kw == "pending") {
      if (block_ != Block::Current) return (void)fail("'pending' orders belong to the current phase");
      Order o;
      if (!read_order(after_keyword(line, "pending"), o)) return;
      if (!pending_.push_back(o)) return (void)fail("too many pending orders");
    } else {
      fail("unknown line in a phase", kw);
    }
  }

  static std::string_view after_keyword(std::string_view line, std::string_view kw) {
    std::size_t at = line.find(kw);
    return at == std::string_view::npos ? line : line.substr(at + kw.size());
  }

  bool read_order(std::string_view text, Order& out) {
    ParseContext ctx;
    ctx.map = &map_;
    ctx.phase = position_.phase.kind;
    ParseError perr;
    if (!parse_order(ctx, text, out, perr)) {
      FixedString<200> msg;
      msg.assign("bad order: ");
      msg.append(perr.message.view());
      return fail(msg.c_str());
    }
    if (out.power == kNoPower) return fail("an order in a record needs its power", text);
    return true;
  }

  // "condition Britain: If A can is dislodged, retreat yun, chu": read as a
  // statement of the movement phase the condition was handed in for, with
  // no position (the record's position may be a later phase's).
  void read_condition(std::string_view text) {
    ParseContext ctx;
    ctx.map = &map_;
    ctx.phase = PhaseKind::Movement;
    Statement st;
    ParseError perr;
    if (!parse_statement(ctx, text, st, perr) || st.kind != StatementKind::Conditional || st.power == kNoPower) {
      FixedString<200> msg;
      msg.assign("bad condition: ");
      msg.append(st.kind == StatementKind::Conditional || !perr.message.empty() ? perr.message.view()
                                                                                : "not 'Power: If ...'");
      return (void)fail(msg.c_str());
    }
    for (const Condition& c : st.conditions)
      if (!record_.conditions.push_back(c)) return (void)fail("too many conditions in one phase");
  }

  // "skipped Britain: A can - yun => retreat-occupied"
  void read_skipped(std::string_view body) {
    std::size_t arrow = body.find("=>");
    if (arrow == std::string_view::npos) return (void)fail("expected 'ORDER => REASON'");
    SkippedOrder k;
    if (!read_order(body.substr(0, arrow), k.order)) return;
    Words w;
    if (!split_words(body.substr(arrow + 2), w) || w.size() != 1 || !void_reason_from_name(w[0], k.reason))
      return (void)fail("expected a reason after '=>'");
    if (!record_.skipped.push_back(k)) fail("too many skipped orders in one phase");
  }

  // "order Britain: F hon - scs => bounced [reason] [dislodged [from X]] [destroyed] [conditional]"
  void read_order_result(std::string_view line) {
    std::string_view body = after_keyword(line, "order");
    std::size_t arrow = body.find("=>");
    if (arrow == std::string_view::npos) return (void)fail("expected 'ORDER => OUTCOME'");
    OrderResult r;
    if (!read_order(body.substr(0, arrow), r.order)) return;
    Words w;
    if (!split_words(body.substr(arrow + 2), w) || w.empty()) return (void)fail("expected an outcome after '=>'");
    if (!outcome_from_name(w[0], r.outcome)) return (void)fail("unknown outcome", w[0]);
    int i = 1;
    if (i + 1 < w.size() && w[i] == "at") {
      const LocationId l = location(w[i + 1]);
      if (l == kNoLocation) return;
      r.reached = map_.province_of(l);
      i += 2;
    }
    if (i < w.size() && void_reason_from_name(w[i], r.reason)) ++i;
    if (i < w.size() && w[i] == "dislodged") {
      r.dislodged = true;
      ++i;
      if (i + 1 < w.size() && w[i] == "from") {
        LocationId l = location(w[i + 1]);
        if (l == kNoLocation) return;
        r.dislodged_from = map_.province_of(l);
        i += 2;
      }
    }
    if (i < w.size() && w[i] == "destroyed") {
      r.destroyed = true;
      ++i;
    }
    if (i < w.size() && w[i] == "conditional") {
      r.conditional = true;
      ++i;
    }
    if (i != w.size()) return (void)fail("unexpected words after the outcome", w[i]);
    if (!record_.results.results.push_back(r)) fail("too many results in one phase");
  }

  void end_block() {
    if (block_ == Block::Phase) {
      record_.position = position_;
      record_.results.phase = position_.phase;
      if (in_branch_) {
        if (!game_.append_archived(record_)) return (void)fail("too many phases in the branches");
        ++branch_.count;
      } else if (!game_.append_history(record_)) {
        return (void)fail("too many phases for one game");
      }
    } else if (in_branch_) {
      branch_.position = position_;
      branch_.pending = pending_;
      branch_.draw_votes = record_.draw_votes;
      branch_.surrender_pending = record_.surrenders;
    } else {
      game_.restore(map_, settings_, position_, result_, surrendered_);
      game_.restore_pending(pending_, record_.draw_votes, record_.surrenders, done_without_orders_);
      game_.restore_conditions(record_.conditions, conditional_, covered_, record_.skipped);
      game_.set_timer_used(timer_used_);
    }
    block_ = Block::None;
  }

  std::string_view text_;
  Map& map_;
  Game& game_;
  RecordError& err_;
  int line_ = 0;
  bool failed_ = false;
  bool seen_version_ = false;
  bool seen_current_ = false;
  bool started_ = false;
  Block block_ = Block::None;
  GameSettings settings_;
  GameResult result_;
  u32 surrendered_ = 0;
  Position position_;
  PhaseRecord record_;
  OrderList pending_;
  u32 timer_used_ = 0;
  u32 conditional_ = 0;
  u32 covered_ = 0;
  u32 done_without_orders_ = 0;
  bool in_branch_ = false;
  bool branch_seen_current_ = false;
  Branch branch_;
};

}  // namespace

std::string_view record_variant(std::string_view text) {
  std::size_t at = text.find("\nvariant ");
  if (text.find("colonial-record") == std::string_view::npos || at == std::string_view::npos) return {};
  std::string_view rest = text.substr(at + 9);
  std::size_t end = rest.find_first_of(" \t\r\n#");
  return rest.substr(0, end);
}

bool read_record(std::string_view text, Map& map, Game& game, Game& scratch, RecordError& err) {
  err = RecordError();
  RecordReader reader(text, map, scratch, err);
  if (!reader.run()) return false;
  game = scratch;
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Verification by replay
// ---------------------------------------------------------------------------

namespace {

// Submits the orders of a recorded phase (the orders players gave: results
// of units without orders and removals by rule are the adjudicator's own).
bool submit_recorded(Game& g, const PhaseRecord& rec) {
  const Map& map = g.map();
  // The powers in the order their orders were given (France before Britain
  // if France pressed Done first): the results list orders in that order, so
  // the replay must submit in it too.
  u32 submitted = 0;
  for (const OrderResult& first : rec.results.results) {
    const PowerId p = first.order.power;
    if (p >= map.power_count() || ((submitted >> p) & 1u) || first.outcome == Outcome::NoOrder ||
        first.outcome == Outcome::CivilDisorder || first.conditional)
      continue;
    submitted |= u32{1} << p;
    OrderList orders;
    for (const OrderResult& r : rec.results.results)
      if (r.order.power == p && r.outcome != Outcome::NoOrder && r.outcome != Outcome::CivilDisorder && !r.conditional)
        orders.push_back(r.order);
    if (!g.submit(p, orders)) return false;
  }
  // Conditionals handed in with the movement orders; the orders they gave
  // later are the replay's own (the loop above leaves them out).
  for (PowerId p = 0; p < map.power_count(); ++p) {
    ConditionList mine;
    for (const Condition& c : rec.conditions)
      if (c.power == p) mine.push_back(c);
    if (!mine.empty() && !g.submit_conditions(p, mine)) return false;
  }
  for (PowerId p = 0; p < map.power_count(); ++p) {
    g.vote_draw(p, (rec.draw_votes >> p) & 1u);
    // Surrenders of this phase were handed in with its orders.
    if ((rec.surrenders >> p) & 1u) g.hand_in_surrender(p, true);
  }
  return true;
}

void phase_message(RecordError& err, const Phase& phase, const char* what) {
  PhaseText name;
  format_phase(phase, name);
  err.message.assign(name.view());
  err.message.append(": ");
  err.message.append(what);
}

}  // namespace

namespace {

// Replays `count` records, the first at history index `first_index`, in
// `scratch` (which stands at the first one's position), then checks the
// position reached against `end` (and `result`). An edit passes to the
// position the next record (or `end`) starts from.
bool replay(Game& scratch, const PhaseRecord* const* records, int count, int first_index, const Position& end,
            const GameResult* result, RecordError& err) {
  for (int i = 0; i < count; ++i) {
    const PhaseRecord& rec = *records[i];
    err.line = first_index + i + 1;
    if (!(scratch.position() == rec.position)) {
      phase_message(err, rec.position.phase, "the recorded position is not what the previous phase produced");
      return false;
    }
    if (rec.edit) {
      const Position& next = i + 1 < count ? records[i + 1]->position : end;
      if (!scratch.apply_edit(next, rec.surrenders)) {
        phase_message(err, rec.position.phase, "the game master's edit could not be replayed");
        return false;
      }
      continue;
    }
    if (!submit_recorded(scratch, rec) || !scratch.adjudicate()) {
      phase_message(err, rec.position.phase, "the recorded orders could not be replayed");
      return false;
    }
    if (!(scratch.history(scratch.history_size() - 1).results == rec.results)) {
      phase_message(err, rec.position.phase, "the recorded results differ from the adjudicator's");
      return false;
    }
  }
  err.line = 0;
  // The game master's endings are declared, not adjudicated: declared again
  // on the replayed game, they must name the same winners.
  if (result && result->end == GameEnd::Agreement) scratch.end_by_agreement();
  if (result && result->end == GameEnd::TimeLimit) scratch.end_by_time_limit(result->measure);
  if (!(scratch.position() == end) || (result && !(scratch.result() == *result))) {
    phase_message(err, end.phase, "the current position is not what the last phase produced");
    return false;
  }
  return true;
}

}  // namespace

bool verify_record(const Game& game, Game& scratch, RecordError& err) {
  err = RecordError();
  Map& map = const_cast<Map&>(game.map());
  static const PhaseRecord* records[kMaxHistory];
  if (game.history_size() > 0) {
    scratch.start_from(map, game.settings(), game.history(0).position);
    for (int i = 0; i < game.history_size(); ++i) records[i] = &game.history(i);
    if (!replay(scratch, records, game.history_size(), 0, game.position(), &game.result(), err)) return false;
  }
  // Each branch replays from where it left: the line played up to its fork,
  // then its own phases.
  for (int b = 0; b < game.branch_count(); ++b) {
    const Branch& branch = game.branch(b);
    if (branch.count == 0) continue;
    const PhaseRecord& first = game.archived(branch.first);
    scratch.start_from(map, game.settings(), first.position);
    const u32 surrendered =
        branch.fork > 0 && branch.fork <= game.history_size() ? game.history(branch.fork - 1).surrenders : 0;
    scratch.restore(map, game.settings(), first.position, GameResult(), surrendered);
    for (int i = 0; i < branch.count; ++i) records[i] = &game.archived(branch.first + i);
    if (!replay(scratch, records, branch.count, branch.fork, branch.position, nullptr, err)) {
      FixedString<200> msg;
      msg.assign("branch ");
      msg.append_int(b + 1);
      msg.append(": ");
      msg.append(err.message.view());
      err.message = msg;
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Judge-notation export and import
// ---------------------------------------------------------------------------

bool export_judge_text(const Game& game, TextSink& sink) {
  const Map& map = game.map();
  u32 surrendered = 0;
  for (int i = 0; i < game.history_size(); ++i) {
    const PhaseRecord& rec = game.history(i);
    PhaseText name;
    format_phase(rec.position.phase, name);
    if (rec.edit) {
      // Judge notation has no words for a corrected position: the export
      // says so, and an import stops there.
      sink.put(i > 0 ? "\n" : "");
      sink.put("# ");
      sink.put(name.view());
      sink.put(
          ": the game master edited the position here; the orders below cannot be replayed from the "
          "start\n");
      continue;
    }
    if (i > 0) sink.put("\n");
    sink.put(name.view());
    sink.put("\n");
    for (const OrderResult& r : rec.results.results) {
      // Orders conditionals gave are given again by the conditionals.
      if (r.outcome == Outcome::NoOrder || r.outcome == Outcome::CivilDisorder || r.conditional) continue;
      OrderText text;
      format_order_with_power(map, r.order, OrderStyle::Judge, text);
      sink.put(text.view());
      sink.put("\n");
    }
    for (const Condition& c : rec.conditions) {
      Statement st;
      st.kind = StatementKind::Conditional;
      st.power = c.power;
      st.conditions.push_back(c);
      StatementText text;
      format_statement(map, st, OrderStyle::Judge, text);
      sink.put(text.view());
      sink.put("\n");
    }
    for (PowerId p = 0; p < map.power_count(); ++p) {
      if ((rec.draw_votes >> p) & 1u) {
        sink.put(map.power(p).name);
        sink.put(": DRAW\n");
      }
      if (((rec.surrenders & ~surrendered) >> p) & 1u) {
        sink.put(map.power(p).name);
        sink.put(": SURRENDER\n");
      }
    }
    surrendered |= rec.surrenders;
  }
  return !sink.failed;
}

namespace {

bool flush_phase(Game& g, OrderList& orders, ConditionList& conditions, u32& votes, u32& surrenders, RecordError& err,
                 int line) {
  for (PowerId p = 0; p < g.map().power_count(); ++p) {
    OrderList mine;
    for (const Order& o : orders)
      if (o.power == p) mine.push_back(o);
    ConditionList planned;
    for (const Condition& c : conditions)
      if (c.power == p) planned.push_back(c);
    if ((!mine.empty() && !g.submit(p, mine)) || (!planned.empty() && !g.submit_conditions(p, planned))) {
      err.line = line;
      err.message.assign(mine.empty() ? "conditionals outside a movement phase, or for a power out of the game: "
                                      : "orders for a power that is out of the game: ");
      err.message.append(g.map().power(p).name);
      return false;
    }
    g.vote_draw(p, (votes >> p) & 1u);
    if ((surrenders >> p) & 1u) g.hand_in_surrender(p, true);
  }
  orders.clear();
  conditions.clear();
  votes = surrenders = 0;
  if (!g.adjudicate()) {
    err.line = line;
    err.message.assign("the game is over or too long; cannot play this phase");
    return false;
  }
  return true;
}

}  // namespace

bool import_judge_text(std::string_view text, Map& map, const GameSettings& settings, Game& game, RecordError& err) {
  err = RecordError();
  game.start(map, settings);
  OrderList orders;
  ConditionList conditions;
  u32 votes = 0, surrenders = 0;
  bool in_phase = false;
  int line_no = 0;
  std::string_view rest = text, line;
  while (next_line(rest, line)) {
    ++line_no;
    std::size_t hash = line.find('#');
    if (hash != std::string_view::npos) line = line.substr(0, hash);
    Words w;
    if (!split_words(line, w)) {
      err.line = line_no;
      err.message.assign("too many words or an unterminated quote");
      return false;
    }
    Phase heading;
    if (!w.empty() && parse_phase(w, 0, heading)) {
      if (in_phase && !flush_phase(game, orders, conditions, votes, surrenders, err, line_no)) return false;
      if (!(heading == game.phase())) {
        PhaseText want;
        format_phase(game.phase(), want);
        err.line = line_no;
        err.message.assign("this heading does not follow the game: the next phase is ");
        err.message.append(want.view());
        return false;
      }
      in_phase = true;
    } else if (!w.empty()) {
      if (!in_phase) {
        err.line = line_no;
        err.message.assign("orders before the first phase heading (such as 'Spring 1901 Movement')");
        return false;
      }
      ParseContext ctx;
      ctx.map = &map;
      ctx.position = &game.position();
      ctx.phase = game.phase().kind;
      Statement st;
      ParseError perr;
      if (!parse_statement(ctx, line, st, perr)) {
        err.line = line_no;
        err.message.assign(perr.message.view());
        return false;
      }
      if (st.power == kNoPower) {
        err.line = line_no;
        err.message.assign("write the power before the order, as in 'England: F lon - nth'");
        return false;
      }
      if (st.kind == StatementKind::Draw)
        votes |= u32{1} << st.power;
      else if (st.kind == StatementKind::Surrender)
        surrenders |= u32{1} << st.power;
      else if (st.kind == StatementKind::Order) {
        st.order.power = st.power;
        if (!orders.push_back(st.order)) {
          err.line = line_no;
          err.message.assign("too many orders in one phase");
          return false;
        }
      } else {
        for (const Condition& c : st.conditions)
          if (!conditions.push_back(c)) {
            err.line = line_no;
            err.message.assign("too many conditionals in one phase");
            return false;
          }
      }
    }
  }
  return !in_phase || flush_phase(game, orders, conditions, votes, surrenders, err, line_no);
}

}  // namespace colonial
