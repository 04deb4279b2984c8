// Properties of the parser and formatter over many generated inputs:
//  - every order the formatter writes (both styles, both maps) reads back to
//    the same Order;
//  - "fuzz smoke": tens of thousands of random, token-soup and mutated lines
//    never crash the parser, every rejection carries a kind and a message,
//    and every acceptance formats and reads back to itself.
// The inputs come from a fixed-seed generator, so a failure repeats.
#include <cstdlib>
#include <string>
#include <vector>

#include "conditions.h"
#include "test_notation_fixture.h"

using namespace colonial;
using namespace colonial::test;

// Named, so that its helpers stay apart from other files' in a unity build.
namespace notation_roundtrip_test {

namespace {

struct Rng {
  u64 state;
  explicit Rng(u64 seed) : state(seed) {}
  u64 next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  int below(int n) { return static_cast<int>(next() % static_cast<u64>(n)); }
  bool chance(int percent) { return below(100) < percent; }
};

LocationId random_location(const Map& m, Rng& rng) { return static_cast<LocationId>(rng.below(m.location_count())); }

UnitType random_unit(Rng& rng, bool allow_none) {
  int k = rng.below(allow_none ? 3 : 2);
  return k == 0 ? UnitType::Army : k == 1 ? UnitType::Fleet : UnitType::None;
}

PowerId random_power(const Map& m, Rng& rng) {
  return rng.chance(40) ? kNoPower : static_cast<PowerId>(rng.below(m.power_count()));
}

// A fleet moving to a split-coast province without a coast gets the one it
// can reach; generate what the parser would produce.
void settle_coast(const Map& m, Order& o) {
  if (o.unit != UnitType::Fleet || o.to == kNoLocation) return;
  ProvinceId p = m.province_of(o.to);
  if (!m.has_coasts(p) || m.coast_of(o.to) != Coast::None) return;
  const ProvinceInfo& info = m.province(p);
  int reachable = 0;
  LocationId only = kNoLocation;
  for (int k = 0; k < info.coast_count; ++k) {
    LocationId c = static_cast<LocationId>(info.first_coast + k);
    if (m.fleet_adjacent(o.at, c)) {
      ++reachable;
      only = c;
    }
  }
  if (reachable == 1) o.to = only;
}

// Coasts mean nothing to armies: the parser drops them.
void drop_army_coasts(const Map& m, Order& o) {
  auto province_loc = [&](LocationId l) { return l == kNoLocation ? l : static_cast<LocationId>(m.province_of(l)); };
  bool moves = o.kind == OrderKind::Move || o.kind == OrderKind::Retreat || o.kind == OrderKind::RailMove;
  if (o.unit == UnitType::Army) {
    o.at = province_loc(o.at);
    if (moves) o.to = province_loc(o.to);
  }
  if (o.other_unit == UnitType::Army) {
    o.other_at = province_loc(o.other_at);
    if (o.kind == OrderKind::Support) o.to = province_loc(o.to);
  }
  if (o.kind == OrderKind::Convoy) o.to = province_loc(o.to);
}

// An Order as the parser could return it without a position, for `phase`.
Order random_order(const Map& m, Rng& rng, PhaseKind phase) {
  Order o;
  o.power = random_power(m, rng);
  o.unit = random_unit(rng, true);
  o.at = random_location(m, rng);
  switch (phase) {
    case PhaseKind::Movement: {
      int k = rng.below(7);
      if (k == 0) {
        o.kind = OrderKind::Hold;
      } else if (k == 1 || k == 2) {
        o.kind = OrderKind::Move;
        o.to = random_location(m, rng);
        o.via_convoy = rng.chance(20);
        settle_coast(m, o);
      } else if (k == 3) {
        o.kind = OrderKind::Support;
        o.other_unit = random_unit(rng, true);
        o.other_at = random_location(m, rng);
        o.other_power = random_power(m, rng);
        o.to = rng.chance(50) ? kNoLocation : random_location(m, rng);
      } else if (k == 4) {
        o.kind = OrderKind::Convoy;
        o.other_unit = random_unit(rng, true);
        o.other_at = random_location(m, rng);
        o.other_power = random_power(m, rng);
        o.to = random_location(m, rng);
      } else if (k == 5 && m.railroad_count() > 0) {
        const Railroad& r = m.railroad(0);
        o.kind = OrderKind::RailMove;
        o.unit = rng.chance(50) ? UnitType::Army : UnitType::None;
        o.at = r.stations[rng.below(r.stations.size())];
        o.to = r.stations[rng.below(r.stations.size())];
      } else if (k == 6 && m.canal_count() > 0) {
        const Canal& c = m.canal(0);
        o.kind = OrderKind::CanalPermit;
        o.at = c.via;
        o.other_unit = rng.chance(70) ? UnitType::Fleet : UnitType::None;
        o.other_power = random_power(m, rng);
        bool forward = rng.chance(50);
        o.other_at = forward ? c.sea_a : c.sea_b;
        o.to = forward ? c.sea_b : c.sea_a;
      } else {
        o.kind = OrderKind::Hold;
      }
      break;
    }
    case PhaseKind::Retreat:
      if (rng.chance(70)) {
        o.kind = OrderKind::Retreat;
        o.to = random_location(m, rng);
        settle_coast(m, o);
      } else {
        o.kind = OrderKind::Disband;
      }
      break;
    case PhaseKind::Adjustment: {
      int k = rng.below(3);
      if (k == 0) {
        o.kind = OrderKind::Build;
        o.unit = random_unit(rng, false);
      } else if (k == 1) {
        o.kind = OrderKind::Disband;
      } else {
        o = Order{};
        o.kind = OrderKind::Waive;
        o.power = random_power(m, rng);
        if (rng.chance(50)) o.at = random_location(m, rng);
      }
      break;
    }
  }
  drop_army_coasts(m, o);
  return o;
}

void check_round_trip(const Map& m, const char* map_name) {
  Rng rng(0x5eed0000u + static_cast<u64>(m.province_count()));
  int checked = 0;
  for (PhaseKind phase : {PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment}) {
    ParseContext ctx;
    ctx.map = &m;
    ctx.phase = phase;
    for (int i = 0; i < 4000; ++i) {
      Order o = random_order(m, rng, phase);
      for (OrderStyle style : {OrderStyle::Rulebook, OrderStyle::Judge}) {
        OrderText text;
        format_order_with_power(m, o, style, text);
        Order back;
        ParseError err;
        bool ok = parse_order(ctx, text.view(), back, err);
        if (!ok || !(back == o)) {
          OrderText again;
          if (ok) format_order_with_power(m, back, OrderStyle::Judge, again);
          FAIL_CHECK(map_name << ": '" << text.c_str() << "' read back as "
                              << (ok ? again.c_str() : err.message.c_str()));
        }
        ++checked;
      }
    }
  }
  CHECK(checked == 24000);
}

// Pieces that make plausible and implausible order text.
// clang-format off
const char* const kSoup[] = {
    "A", "F", "a", "f", "Army", "fleet", "H", "S", "C", "SC", "-", "->", "—", "–", "to", "via", "convoy", "by", "R",
    "D", "B", "Build", "Disband", "Remove", "Waive", "If", "is", "dislodged", ",", ";", ":", "/", "nc", "sc", "ec",
    "(", ")", "north", "coast", "and", "or", "retreat", "two", "centres", "are", "gained", "lost", "DRAW",
    "SURRENDER", "TSR", "the", "in", "Britain:", "France", "Dutch", "TURK.", "MAN", "AS", "SUN.S.", "Bay of",
    "Bengal", "Mid-Atlantic", "Ocean", "stp", "spa", "mun", "ber", "HK", "EGY", "MED", "RS", "MOS", "IRK", "ARB",
    "BAN", "x", "#", "\xE2\x80\x94", "\xC3\xA9", "\xFF", "\x80", "\t", "  ", ".", "..", "=>", "--->", "0", "12",
    "builds", "build:", "disband:", "1", "2", "waive", "If 2 builds:", "If 1 disband:", "CAN", "YUN", "TON", "ANN",
    "If CAN is dislodged, retreat", "SC British F", "RS-MED", "Turkey:",
};
// clang-format on

std::string random_bytes(Rng& rng) {
  std::string s;
  int n = rng.below(rng.chance(5) ? 700 : 40);
  for (int i = 0; i < n; ++i) s += static_cast<char>(rng.below(256));
  return s;
}

std::string soup(Rng& rng) {
  std::string s;
  int n = 1 + rng.below(12);
  for (int i = 0; i < n; ++i) {
    if (i && rng.chance(80)) s += ' ';
    s += kSoup[rng.below(static_cast<int>(sizeof kSoup / sizeof kSoup[0]))];
  }
  return s;
}

std::string mutate(std::string s, Rng& rng) {
  int edits = 1 + rng.below(4);
  for (int e = 0; e < edits; ++e) {
    int k = rng.below(4);
    std::size_t at = s.empty() ? 0 : static_cast<std::size_t>(rng.below(static_cast<int>(s.size()) + 1));
    if (k == 0)
      s.insert(at, 1, static_cast<char>(rng.below(256)));
    else if (k == 1 && at < s.size())
      s.erase(at, 1);
    else if (k == 2 && at < s.size())
      s[at] = static_cast<char>(rng.below(256));
    else
      s.insert(at, kSoup[rng.below(static_cast<int>(sizeof kSoup / sizeof kSoup[0]))]);
  }
  return s;
}

struct SmokeStats {
  int lines = 0, accepted = 0, conditionals = 0;
};

// Parses `text` every way; acceptances must format and read back unchanged.
void smoke_one(const ParseContext& ctx, const Position& start, const std::string& text, SmokeStats& stats) {
  const Map& m = *ctx.map;
  ++stats.lines;
  Order o;
  ParseError err;
  if (parse_order(ctx, text, o, err)) {
    ++stats.accepted;
    for (OrderStyle style : {OrderStyle::Rulebook, OrderStyle::Judge}) {
      OrderText t;
      format_order_with_power(m, o, style, t);
      Order back;
      ParseError err2;
      bool ok = parse_order(ctx, t.view(), back, err2);
      if (!ok || !(back == o))
        FAIL_CHECK("'" << text << "' formats as '" << t.c_str() << "' which reads "
                       << (ok ? "differently" : err2.message.c_str()));
    }
  } else {
    if (err.kind == ParseErrorKind::None || err.message.empty() || err.column < 0 ||
        err.column > static_cast<int>(text.size()))
      FAIL_CHECK("'" << text << "' rejected without a proper error");
    for (char c : err.message.view())
      if (static_cast<unsigned char>(c) < 0x20) FAIL_CHECK("control character in message for '" << text << "'");
  }
  Statement s;
  if (parse_statement(ctx, text, s, err)) {
    StatementText t;
    format_statement(m, s, OrderStyle::Judge, t);
    Statement back;
    ParseError err2;
    bool ok = parse_statement(ctx, t.view(), back, err2);
    if (!ok || !(back == s))
      FAIL_CHECK("statement '" << text << "' formats as '" << t.c_str() << "' which reads "
                               << (ok ? "differently" : err2.message.c_str()));
    if (s.kind == StatementKind::Conditional) {
      ++stats.conditionals;
      // The checks made at submission take any conditional the parser
      // reads, against its position or the start.
      if (ctx.phase == PhaseKind::Movement) {
        ConditionList mine;
        for (const Condition& c : s.conditions) mine.push_back(c);
        ReasonText why;
        int bad = 0;
        if (!check_conditions(m, ctx.position ? *ctx.position : start, mine, why, bad) &&
            (why.empty() || bad >= mine.size()))
          FAIL_CHECK("conditional '" << text << "' refused without a reason");
      }
    }
  }
  ParsedOrders line;
  parse_order_line(ctx, text, line, err);
}

}  // namespace

TEST_CASE("notation: every formatted order reads back (Colonial)") {
  check_round_trip(builtin_map("colonial"), "colonial");
}

TEST_CASE("notation: every formatted order reads back (Standard)") {
  check_round_trip(builtin_map("standard"), "standard");
}

TEST_CASE("notation: fuzz smoke - no input breaks the parser") {
  // Under an emulator (the ARM cross build's tests) a fifth as many inputs a
  // board: COLONIAL_FUZZ_INPUTS says how many. The host and the sanitizers
  // run them all.
  const char* count_text = std::getenv("COLONIAL_FUZZ_INPUTS");
  const int inputs = count_text ? std::atoi(count_text) : 15000;
  REQUIRE(inputs >= 1000);
  Rng rng(0xF022);
  SmokeStats stats;
  for (const char* name : {"colonial", "standard"}) {
    const Map& m = builtin_map(name);
    Position start;
    set_start_position(m, start);
    Position dislodged;
    for (int p = 0; p < m.province_count(); ++p)
      if (start.units[p].present() && rng.chance(50)) dislodged.dislodged[p].unit = start.units[p];
    // Valid orders (without a position) to mutate, with their phase; and
    // the statements of the house rules and the canal.
    std::vector<std::pair<std::string, PhaseKind>> seeds;
    for (const char* line :
         {"If CAN is dislodged, retreat YUN, CHU, disband", "If 2 builds: build A TON, F ANN; if 1 build: build A TON",
          "If 1 disband: disband F ANN", "If two supply centres are gained, build A LON and waive",
          "Turkey: A EGY-SUD, SC British F RS-MED", "F EGY S F MED-RS SC British F RS-MED", "DRAW", "SURRENDER"})
      for (int copies = 0; copies < 20; ++copies) seeds.emplace_back(line, PhaseKind::Movement);
    for (PhaseKind phase : {PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment})
      for (int i = 0; i < 100; ++i) {
        OrderText t;
        format_order_with_power(m, random_order(m, rng, phase),
                                rng.chance(50) ? OrderStyle::Rulebook : OrderStyle::Judge, t);
        seeds.emplace_back(std::string(t.view()), phase);
      }
    for (int i = 0; i < inputs; ++i) {
      ParseContext ctx;
      ctx.map = &m;
      ctx.phase = static_cast<PhaseKind>(rng.below(3));
      std::string text;
      int k = rng.below(3);
      if (k == 0) {
        text = random_bytes(rng);
      } else if (k == 1) {
        text = soup(rng);
      } else {
        const auto& seed = seeds[static_cast<std::size_t>(rng.below(static_cast<int>(seeds.size())))];
        text = rng.chance(20) ? seed.first : mutate(seed.first, rng);
        ctx.phase = seed.second;
      }
      int with = rng.below(3);
      ctx.position = with == 0 || k == 2 ? nullptr : ctx.phase == PhaseKind::Retreat ? &dislodged : &start;
      if (rng.chance(20)) ctx.power = static_cast<PowerId>(rng.below(m.power_count()));
      smoke_one(ctx, start, text, stats);
    }
  }
  MESSAGE("fuzz smoke: " << stats.lines << " lines, " << stats.accepted << " read as orders, " << stats.conditionals
                         << " as conditionals");
  CHECK(stats.lines == 2 * inputs);
  // The mutations keep some lines valid (about one in ten, one in a hundred
  // a conditional); if none were, the smoke would test only the error paths.
  CHECK(stats.accepted > inputs / 15);
  CHECK(stats.conditionals > inputs / 150);
}

}  // namespace notation_roundtrip_test
