// colonial-judge datc FILE...: runs adjudication test cases written in the
// jDip/godip DATC text format through the app's order parser and adjudicator.
//
// Format (see tests/data/datc/README.md): `VARIANT_ALL <map>` once, then cases
// from `CASE <name>` to `END` with the blocks PRESTATE_SETPHASE, PRESTATE,
// PRESTATE_SUPPLYCENTER_OWNERS, PRESTATE_DISLODGED, PRESTATE_RESULTS, ORDERS,
// POSTSTATE, POSTSTATE_SAME, POSTSTATE_DISLODGED, and our RULES (rule
// switches for one case, e.g. the rulebook's reading of 6.245). Keywords are
// case-insensitive, `#` starts a comment, and the reader forgives the small
// typos the published files contain (misspelt power names, a missing colon).
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "adjudicator.h"
#include "command.h"
#include "command_line.h"
#include "game.h"
#include "game_rules.h"
#include "legal.h"
#include "map.h"
#include "notation.h"
#include "phrases.h"
#include "record.h"
#include "setup.h"

namespace colonial::judge {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// About 60 bytes of a line, control characters as '?'; UTF-8 (an em dash)
// is kept, and never cut inside a character.
std::string printable(std::string_view s) {
  std::string out;
  std::size_t i = 0;
  for (; i < s.size() && (i < 60 || (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    out += c < 0x20 || c == 0x7F ? '?' : s[i];
  }
  if (i < s.size()) out += "...";
  return out;
}

int edit_distance(const std::string& a, const std::string& b) {
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diag = row[0];
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// A unit line of a state block: "England: F stp/nc" (colon optional).
struct UnitLine {
  PowerId power = kNoPower;
  UnitType type = UnitType::None;
  LocationId at = kNoLocation;
  int line = 0;
};

// An order line: its power and the text after "Power:".
struct OrderLine {
  PowerId power = kNoPower;
  std::string text;
  bool success = false;  // PRESTATE_RESULTS only
  int line = 0;
};

enum class Block { None, State, Owners, Dislodged, Results, Orders, Post, PostDislodged, Result };

struct Case {
  std::string name;
  int line = 0;
  Phase phase;
  bool phase_given = false;
  std::vector<UnitLine> state, owners, dislodged, post, post_dislodged;
  bool owners_given = false, post_given = false, post_same = false;
  std::vector<OrderLine> results, orders;
  std::vector<std::pair<std::string, std::string>> rules;  // RULES name=value (our extension)
  // RESULT (our extension): how the game should stand after the phase,
  // e.g. "victory Britain" or "draw Britain China"; the case is then played
  // through a Game, which counts centres and ends the game.
  std::string result;
  int result_line = 0;
  std::vector<std::string> errors;  // the case is malformed: it fails with these
};

class DatcFile {
 public:
  DatcFile(std::string path, bool verbose) : path_(std::move(path)), verbose_(verbose) {}
  // Runs every case; returns false if the file itself could not be used.
  bool run(int& passed, int& failed);

 private:
  bool load_variant(std::string_view name, int line);
  PowerId find_power(std::string_view name) const;
  bool parse_unit_line(std::string_view text, int line, UnitLine& out, std::string& error) const;
  bool split_power(std::string_view text, PowerId& power, std::string& rest) const;
  void add_line(Case& c, Block block, std::string_view text, int line);
  bool check_case(Case& c, std::vector<std::string>& diffs, std::vector<std::string>& notes);
  bool case_settings(const Case& c, GameSettings& settings, std::vector<std::string>& diffs);
  bool case_position(const Case& c, const GameSettings& settings, Position& pos, std::vector<std::string>& diffs) const;
  void rebuild_movement(const Case& c, Position& pos, std::vector<std::string>& notes) const;
  bool case_orders(const Case& c, const Position& pos, OrderList& orders, std::vector<std::string>& diffs,
                   std::vector<std::string>& notes) const;
  void compare_units(const Case& c, const Position& after, std::vector<std::string>& diffs) const;
  void play_in_game(const Case& c, const GameSettings& settings, const Position& pos, Position& after,
                    PhaseResults& results, std::vector<std::string>& diffs, std::vector<std::string>& notes);
  bool expected_result(const Case& c, GameResult& out, std::string& error) const;
  std::string describe(PowerId power, UnitType type, LocationId at) const;
  void report(const Case& c, bool ok, const std::vector<std::string>& diffs, const std::vector<std::string>& notes,
              int& passed, int& failed);

  std::string path_;
  bool verbose_;
  Map map_;
  bool map_loaded_ = false;
  // RULES lines outside a case (after VARIANT_ALL): for every case after them.
  std::vector<std::pair<std::string, std::string>> file_rules_;
};

bool DatcFile::load_variant(std::string_view name, int line) {
  // "Colonial", "Colonial Diplomacy", "colonial96"; "Standard", "Classical".
  std::string key = lower(trim(name));
  std::string_view builtin = key.rfind("colonial", 0) == 0                                   ? "colonial"
                             : key.rfind("standard", 0) == 0 || key.rfind("classic", 0) == 0 ? "standard"
                                                                                             : "";
  if (builtin.empty()) {
    std::fprintf(stderr, "%s:%d: unknown variant '%.*s' (this judge knows Standard and Colonial)\n", path_.c_str(),
                 line, static_cast<int>(name.size()), name.data());
    return false;
  }
  MapErrors errors;
  if (!load_map(builtin_map_text(builtin), builtin, map_, errors)) {
    FixedString<2048> text;
    errors.format(text);
    std::fprintf(stderr, "%s:%d: the built-in %.*s map does not load:\n%s", path_.c_str(), line,
                 static_cast<int>(builtin.size()), builtin.data(), text.c_str());
    return false;
  }
  map_loaded_ = true;
  return true;
}

// A power by name or alias; failing that the nearest name within two typos
// ("Germnay"), if only one is that near.
PowerId DatcFile::find_power(std::string_view name) const {
  PowerId p = map_.find_power(name);
  if (p != kNoPower) return p;
  std::string key = lower(name);
  int best = 3, count = 0;
  PowerId found = kNoPower;
  for (int i = 0; i < map_.power_count(); ++i) {
    int d = edit_distance(key, lower(map_.power(static_cast<PowerId>(i)).name));
    if (d < best) {
      best = d;
      found = static_cast<PowerId>(i);
      count = 1;
    } else if (d == best) {
      ++count;
    }
  }
  return count == 1 ? found : kNoPower;
}

bool DatcFile::split_power(std::string_view text, PowerId& power, std::string& rest) const {
  text = trim(text);
  size_t colon = text.find(':');
  size_t space = text.find_first_of(" \t");
  size_t cut = colon != std::string_view::npos && (space == std::string_view::npos || colon < space) ? colon : space;
  if (cut == std::string_view::npos) return false;
  power = find_power(trim(text.substr(0, cut)));
  rest = std::string(trim(text.substr(cut + 1)));
  return power != kNoPower;
}

bool DatcFile::parse_unit_line(std::string_view text, int line, UnitLine& out, std::string& error) const {
  std::string rest;
  out.line = line;
  if (!split_power(text, out.power, rest)) {
    error = "no power in '" + printable(trim(text)) + "'";
    return false;
  }
  ReasonText why;
  if (!read_unit_text(map_, rest, out.type, out.at, why)) {
    error = std::string(why.view());
    return false;
  }
  return true;
}

void DatcFile::add_line(Case& c, Block block, std::string_view text, int line) {
  std::string error;
  UnitLine u;
  switch (block) {
    case Block::None:
      c.errors.push_back("line " + std::to_string(line) + ": '" + printable(text) + "' is in no block");
      return;
    case Block::State:
    case Block::Owners:
    case Block::Dislodged:
    case Block::Post:
    case Block::PostDislodged: {
      if (!parse_unit_line(text, line, u, error)) {
        c.errors.push_back("line " + std::to_string(line) + ": " + error);
        return;
      }
      auto& list = block == Block::State       ? c.state
                   : block == Block::Owners    ? c.owners
                   : block == Block::Dislodged ? c.dislodged
                   : block == Block::Post      ? c.post
                                               : c.post_dislodged;
      list.push_back(u);
      return;
    }
    case Block::Result:
      if (!c.result.empty()) {
        c.errors.push_back("line " + std::to_string(line) + ": RESULT takes one line");
        return;
      }
      c.result = std::string(trim(text));
      c.result_line = line;
      return;
    case Block::Results:
    case Block::Orders: {
      OrderLine o;
      o.line = line;
      std::string_view body = text;
      if (block == Block::Results) {
        size_t colon = body.find(':');
        std::string head = upper(trim(body.substr(0, colon == std::string_view::npos ? 0 : colon)));
        if (head != "SUCCESS" && head != "FAILURE") {
          c.errors.push_back("line " + std::to_string(line) + ": a result starts with SUCCESS: or FAILURE:");
          return;
        }
        o.success = head == "SUCCESS";
        body = body.substr(colon + 1);
      }
      if (!split_power(body, o.power, o.text)) {
        c.errors.push_back("line " + std::to_string(line) + ": no power in '" + printable(trim(body)) + "'");
        return;
      }
      (block == Block::Results ? c.results : c.orders).push_back(o);
      return;
    }
  }
}

std::string DatcFile::describe(PowerId power, UnitType type, LocationId at) const {
  std::string s = power < map_.power_count() ? map_.power(power).name : "?";
  s += ": ";
  s += unit_letter(type);
  s += ' ';
  OrderText t;
  format_location(map_, at, OrderStyle::Judge, t);
  s += t.c_str();
  return s;
}

// The settings of a case: the map's defaults, then the file's RULES lines,
// then the case's own, each by the names of the judge's --rule.
bool DatcFile::case_settings(const Case& c, GameSettings& settings, std::vector<std::string>& diffs) {
  settings = map_default_settings(map_);
  using Rules = std::vector<std::pair<std::string, std::string>>;
  for (const Rules* list : {static_cast<const Rules*>(&file_rules_), &c.rules})
    for (const auto& [name, value] : *list) {
      RuleText why;
      if (!set_game_rule(map_, settings, name, value, why)) {
        std::string diff = "RULES ";
        diff += name;
        diff += '=';
        diff += value;
        diff += ": ";
        diff += why.c_str();
        diffs.push_back(std::move(diff));
        return false;
      }
    }
  return true;
}

// "victory Britain", "victory Britain France" (shared), "draw Britain China
// Russia", "turn-limit Britain", "none": the words of the record's result
// line, without the measure.
bool DatcFile::expected_result(const Case& c, GameResult& out, std::string& error) const {
  std::istringstream words(c.result);
  std::string end, name;
  words >> end;
  if (!game_end_from_name(lower(end), out.end)) {
    error = "line " + std::to_string(c.result_line) +
            ": RESULT must be a record's ending (none, victory, draw, agreement, turn-limit, "
            "all-surrendered, time-limit), then the powers";
    return false;
  }
  u32 powers = 0;
  while (words >> name) {
    const PowerId p = find_power(name);
    if (p == kNoPower) {
      error = "line " + std::to_string(c.result_line) + ": no power '" + printable(name) + "'";
      return false;
    }
    powers |= u32{1} << p;
  }
  if (out.end == GameEnd::Draw || std::popcount(powers) > 1)
    out.sharing = powers;
  else if (powers)
    out.winner = static_cast<PowerId>(std::countr_zero(powers));
  return true;
}

// The case played through a Game (for RESULT, and for powers nobody plays,
// which are in civil disorder): orders handed in by power with the DRAW
// votes of the ORDERS block, one phase adjudicated, centres counted after a
// counting turn, the game's ending checked. `after` is the position the
// phase left (before any further phase began), `results` its results.
void DatcFile::play_in_game(const Case& c, const GameSettings& settings, const Position& pos, Position& after,
                            PhaseResults& results, std::vector<std::string>& diffs, std::vector<std::string>& notes) {
  static Game game;  // large: its history
  game.start_from(map_, settings, pos);
  OrderList by_power[kMaxPowers];
  bool votes[kMaxPowers] = {};
  ParseContext ctx;
  ctx.map = &map_;
  ctx.position = &game.position();
  ctx.phase = c.phase.kind;
  for (const OrderLine& line : c.orders) {
    ctx.power = line.power;
    Statement st;
    ParseError err;
    if (!parse_statement(ctx, line.text, st, err) ||
        (st.kind != StatementKind::Order && st.kind != StatementKind::Draw)) {
      notes.push_back("line " + std::to_string(line.line) + ": '" + printable(line.text) + "' not read");
      continue;
    }
    if (st.kind == StatementKind::Draw) {
      votes[line.power] = true;
      continue;
    }
    st.order.power = line.power;
    by_power[line.power].push_back(st.order);
  }
  for (PowerId p = 0; p < map_.power_count(); ++p) {
    if (!by_power[p].empty() && !game.submit(p, by_power[p]))
      notes.push_back(std::string(map_.power(p).name) + " is not playing: its orders are not handed in");
    game.vote_draw(p, votes[p]);
  }
  if (!game.adjudicate()) {
    diffs.push_back("the game did not adjudicate the phase");
    return;
  }
  const PhaseRecord& played = game.history(game.history_size() - 1);
  results = played.results;
  after = game.position();
  if (c.result.empty()) return;
  GameResult expected;
  std::string error;
  if (!expected_result(c, expected, error)) {
    diffs.push_back(error);
    return;
  }
  const GameResult& got = game.result();
  auto text = [&](const GameResult& r) {
    std::string s(game_end_name(r.end));
    for (PowerId p = 0; p < map_.power_count(); ++p)
      if (p == r.winner || ((r.sharing >> p) & 1u)) s += std::string(" ") + map_.power(p).name;
    return s;
  };
  if (got.end != expected.end || got.winner != expected.winner || got.sharing != expected.sharing)
    diffs.push_back("result expected '" + text(expected) + "', got '" + text(got) + "'");
}

// Sets up the position, parses and adjudicates the orders, compares.
bool DatcFile::check_case(Case& c, std::vector<std::string>& diffs, std::vector<std::string>& notes) {
  GameSettings settings;
  if (!case_settings(c, settings, diffs)) return false;
  // The set-up decides the home centres (where the 1995 rules build).
  apply_board(map_, settings.rules);
  Position pos;
  if (!case_position(c, settings, pos, diffs)) return false;
  if (c.phase.kind == PhaseKind::Retreat) rebuild_movement(c, pos, notes);
  OrderList orders;
  if (!case_orders(c, pos, orders, diffs, notes)) return false;

  Position after;
  PhaseResults results;
  if (!c.result.empty() || settings.unplayed_powers) {
    play_in_game(c, settings, pos, after, results, diffs, notes);
    if (!diffs.empty()) return false;
  } else {
    switch (c.phase.kind) {
      case PhaseKind::Movement: adjudicate_movement(map_, pos, orders, after, results); break;
      case PhaseKind::Retreat: adjudicate_retreat(map_, pos, orders, after, results); break;
      case PhaseKind::Adjustment: adjudicate_adjustment(map_, pos, orders, after, results); break;
    }
  }
  for (const OrderResult& r : results.results) {
    if (r.outcome != Outcome::Void) continue;
    ReasonText why;
    describe_void(map_, r.order, r.reason, why);
    OrderText t;
    format_order(map_, r.order, OrderStyle::Judge, t);
    notes.push_back(std::string("void: ") + t.c_str() + ": " + why.c_str());
  }
  compare_units(c, after, diffs);
  return diffs.empty();
}

// The case's phase, owners and units on the start position's board.
bool DatcFile::case_position(const Case& c, const GameSettings& settings, Position& pos,
                             std::vector<std::string>& diffs) const {
  set_start_position(map_, pos);
  pos.clear_units();
  pos.rules = settings.rules;
  pos.phase = c.phase;
  // On the 1995 calendar a turn is meant, whatever season is written (its
  // adjustments may say Winter).
  if (pos.rules.calendar == Calendar::Biennial1995 && pos.phase.season != Season::Winter)
    pos.phase.season = Season::Turn;
  if (c.owners_given) {
    for (PowerId& o : pos.owner) o = kNoPower;
    for (const UnitLine& u : c.owners) pos.owner[map_.province_of(u.at)] = u.power;
  }
  for (const UnitLine& u : c.state) {
    ProvinceId p = map_.province_of(u.at);
    if (pos.units[p].present()) {
      diffs.push_back("line " + std::to_string(u.line) + ": two units in one province");
      return false;
    }
    pos.units[p] = Unit{u.type, u.power, map_.coast_of(u.at)};
  }
  return true;
}

// A retreat case: what the movement phase left, rebuilt from its results
// (where the attackers came from, where standoffs happened).
void DatcFile::rebuild_movement(const Case& c, Position& pos, std::vector<std::string>& notes) const {
  struct Move {
    ProvinceId from, to;
    bool convoyed, success;
  };
  std::vector<Move> moves;
  ParseContext prev;
  prev.map = &map_;
  prev.phase = PhaseKind::Movement;
  for (const OrderLine& r : c.results) {
    prev.power = r.power;
    Order o;
    ParseError err;
    if (!parse_order(prev, r.text, o, err)) {
      notes.push_back("line " + std::to_string(r.line) + ": result not read: " + err.message.c_str());
      continue;
    }
    if (o.kind != OrderKind::Move) continue;
    ProvinceId from = map_.province_of(o.at), to = map_.province_of(o.to);
    bool convoyed = o.via_convoy || (o.unit == UnitType::Army && !map_.army_adjacent(from, to));
    moves.push_back({from, to, convoyed, r.success});
  }
  for (const UnitLine& u : c.dislodged) {
    ProvinceId p = map_.province_of(u.at);
    ProvinceId attacker = kNoProvince;
    for (const Move& m : moves)
      if (m.success && m.to == p && (!m.convoyed || pos.rules.no_retreat_to_convoy_origin)) attacker = m.from;
    pos.dislodged[p] = DislodgedUnit{Unit{u.type, u.power, map_.coast_of(u.at)}, attacker};
  }
  for (int p = 0; p < map_.province_count(); ++p) {
    int bounced = 0;
    for (const Move& m : moves)
      if (!m.success && m.to == p) ++bounced;
    if (bounced >= 2 && !pos.units[p].present()) pos.standoffs.set(p);
  }
}

// The case's orders read on `pos`; one not read holds, with a note.
bool DatcFile::case_orders(const Case& c, const Position& pos, OrderList& orders, std::vector<std::string>& diffs,
                           std::vector<std::string>& notes) const {
  ParseContext ctx;
  ctx.map = &map_;
  ctx.phase = c.phase.kind;
  ctx.position = &pos;
  for (const OrderLine& line : c.orders) {
    ctx.power = line.power;
    Order o;
    ParseError err;
    if (!parse_order(ctx, line.text, o, err)) {
      notes.push_back("line " + std::to_string(line.line) + ": '" + printable(line.text) + "' not read (" +
                      err.message.c_str() + "): the unit holds");
      continue;
    }
    if (o.power == kNoPower) o.power = line.power;
    if (!orders.push_back(o)) {
      diffs.push_back("too many orders");
      return false;
    }
  }
  return true;
}

// The units (and dislodged units) after the phase against the case's, as
// sets of "Power: T loc".
void DatcFile::compare_units(const Case& c, const Position& after, std::vector<std::string>& diffs) const {
  auto compare = [&](const char* what, std::vector<std::string> expected, std::vector<std::string> got) {
    std::sort(expected.begin(), expected.end());
    std::sort(got.begin(), got.end());
    std::vector<std::string> missing, extra;
    std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(), std::back_inserter(missing));
    std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(), std::back_inserter(extra));
    for (const std::string& m : missing) diffs.push_back(std::string(what) + " expected " + m + ", missing");
    for (const std::string& e : extra) diffs.push_back(std::string(what) + " unexpected " + e);
  };
  std::vector<std::string> expected, got, expected_dislodged, got_dislodged;
  const std::vector<UnitLine>& post = c.post_same ? c.state : c.post;
  for (const UnitLine& u : post) expected.push_back(describe(u.power, u.type, u.at));
  if (!c.post_same)
    for (const UnitLine& u : c.post_dislodged) expected_dislodged.push_back(describe(u.power, u.type, u.at));
  for (int p = 0; p < map_.province_count(); ++p) {
    ProvinceId pp = static_cast<ProvinceId>(p);
    if (after.units[p].present())
      got.push_back(describe(after.units[p].power, after.units[p].type, unit_location(map_, pp, after.units[p])));
    const Unit& d = after.dislodged[p].unit;
    if (d.present()) got_dislodged.push_back(describe(d.power, d.type, unit_location(map_, pp, d)));
  }
  compare("unit", expected, got);
  compare("dislodged", expected_dislodged, got_dislodged);
}

void DatcFile::report(const Case& c, bool ok, const std::vector<std::string>& diffs,
                      const std::vector<std::string>& notes, int& passed, int& failed) {
  if (ok) {
    ++passed;
    if (!verbose_) return;
    std::printf("%s:%d: %s: passed\n", path_.c_str(), c.line, c.name.c_str());
  } else {
    ++failed;
    std::printf("%s:%d: %s: FAILED:", path_.c_str(), c.line, c.name.c_str());
    for (size_t i = 0; i < diffs.size(); ++i) std::printf("%s %s", i ? ";" : "", diffs[i].c_str());
    std::printf("\n");
  }
  if (!ok || verbose_)
    for (const std::string& n : notes) std::printf("    %s\n", n.c_str());
}

bool DatcFile::run(int& passed, int& failed) {
  std::ifstream in(path_);
  if (!in) {
    std::fprintf(stderr, "colonial-judge datc: cannot read '%s'\n", path_.c_str());
    return false;
  }
  std::string raw;
  int line = 0, cases = 0, stray_lines = 0;
  constexpr int kMaxStrayReports = 5;
  bool in_case = false, parser_lines = false;
  Case c;
  Block block = Block::None;
  while (std::getline(in, raw)) {
    ++line;
    std::string_view text = raw;
    size_t hash = text.find('#');
    if (hash != std::string_view::npos) text = text.substr(0, hash);
    text = trim(text);
    if (text.empty()) continue;
    std::string first = upper(text.substr(0, text.find_first_of(" \t")));
    std::string_view rest = trim(text.substr(std::min(text.size(), first.size())));

    if (first == "VARIANT_ALL") {
      if (!load_variant(rest, line)) return false;
      continue;
    }
    if (first == "CASE") {
      if (in_case) {
        c.errors.push_back("no END before the next CASE at line " + std::to_string(line));
        std::vector<std::string> none;
        report(c, false, c.errors, none, passed, failed);
      }
      if (!map_loaded_) {
        std::fprintf(stderr, "%s:%d: CASE before VARIANT_ALL\n", path_.c_str(), line);
        return false;
      }
      c = Case();
      c.name = rest.empty() ? "(unnamed)" : std::string(rest);
      c.line = line;
      c.phase.year = 1901;
      c.phase.season = Season::Spring;
      in_case = true;
      block = Block::None;
      ++cases;
      continue;
    }
    if (!in_case && first == "RULES") {
      // Our extension: after VARIANT_ALL, rules for every case that follows.
      std::istringstream ws{std::string(rest)};
      std::string item;
      while (ws >> item) {
        size_t eq = item.find('=');
        file_rules_.emplace_back(lower(item.substr(0, eq)), eq == std::string::npos ? "on" : item.substr(eq + 1));
      }
      continue;
    }
    if (!in_case) {
      if (first == "ORD:" || first == "RES:" || first == "SETUP" || first == "SETUPDISLODGED" || first == "END" ||
          first == "VARIANT:") {
        parser_lines = true;
        continue;
      }
      if (!parser_lines && ++stray_lines <= kMaxStrayReports)
        std::fprintf(stderr, "%s:%d: '%s' outside a case is ignored%s\n", path_.c_str(), line, printable(text).c_str(),
                     stray_lines == kMaxStrayReports ? " (and any further such lines)" : "");
      continue;
    }
    if (first == "END") {
      std::vector<std::string> diffs, notes;
      bool ok = c.errors.empty() && check_case(c, diffs, notes);
      report(c, ok, c.errors.empty() ? diffs : c.errors, notes, passed, failed);
      in_case = false;
      continue;
    }
    if (first == "PRESTATE_SETPHASE") {
      // "Spring 1901, Movement", "1870, Movement": the engine's reader. The
      // season is kept as written; the case's calendar decides (check_case).
      if (!read_phase_text(rest, false, c.phase))
        c.errors.push_back("line " + std::to_string(line) + ": cannot read the phase '" + printable(rest) + "'");
      continue;
    }
    if (first == "RULES") {
      // Our extension: rule switches for this case ("RULES
      // convoy-all-routes=on"), to test the rulebook's readings.
      std::istringstream ws{std::string(rest)};
      std::string item;
      while (ws >> item) {
        size_t eq = item.find('=');
        c.rules.emplace_back(lower(item.substr(0, eq)), eq == std::string::npos ? "on" : item.substr(eq + 1));
      }
      continue;
    }
    if (first == "PRESTATE")
      block = Block::State;
    else if (first == "PRESTATE_SUPPLYCENTER_OWNERS") {
      block = Block::Owners;
      c.owners_given = true;
    } else if (first == "PRESTATE_DISLODGED")
      block = Block::Dislodged;
    else if (first == "PRESTATE_RESULTS")
      block = Block::Results;
    else if (first == "ORDERS")
      block = Block::Orders;
    else if (first == "POSTSTATE") {
      block = Block::Post;
      c.post_given = true;
    } else if (first == "POSTSTATE_SAME") {
      block = Block::None;
      c.post_same = true;
    } else if (first == "POSTSTATE_DISLODGED")
      block = Block::PostDislodged;
    else if (first == "RESULT")
      block = Block::Result;
    else {
      add_line(c, block, text, line);
      continue;
    }
    if (!rest.empty()) add_line(c, block, rest, line);
  }
  if (in_case) {
    c.errors.push_back("the file ends inside the case");
    std::vector<std::string> none;
    report(c, false, c.errors, none, passed, failed);
  }
  if (cases == 0)
    std::fprintf(stderr, "%s: no adjudication cases%s\n", path_.c_str(),
                 parser_lines ? " (an order-parser case file: ORD:/RES: lines are not adjudication cases)" : "");
  return true;
}

constexpr std::string_view kDatcUsage =
    N_("usage: colonial-judge datc [-v] FILE...\n\n"
       "Reads adjudication test cases in the jDip/godip DATC text format (VARIANT_ALL\n"
       "Standard or Colonial; CASE ... END blocks), runs each through the order parser\n"
       "and the adjudicator, prints one line per failed case with the difference, and\n"
       "ends with 'N passed, M failed'. -v also lists passed cases and notes (orders\n"
       "not read, void orders). Exit 1 if any case failed.");

int run_datc(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("datc", kDatcUsage, argc, argv, {{"verbose", false, 'v'}}, 1, 1 << 20, code)) return code;
  const bool verbose = cl.has("verbose");
  const std::vector<std::string>& files = cl.words();
  int passed = 0, failed = 0;
  for (const std::string& f : files) {
    // A Map is large: keep it off the stack.
    auto file = std::make_unique<DatcFile>(f, verbose);
    if (!file->run(passed, failed)) ++failed;
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

const CommandRegistration datc_registration({
    "datc",
    N_("run DATC adjudication test cases (jDip/godip text format)"),
    kDatcUsage,
    &run_datc,
});

}  // namespace
}  // namespace colonial::judge
