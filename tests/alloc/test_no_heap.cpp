// "No heap after start-up", proved: every engine entry point a game uses is
// run inside an AllocationWindow and must allocate nothing.
#include <doctest/doctest.h>

#include <vector>

#include "alloc_counter.h"
#include "map.h"
#include "position.h"

using namespace colonial;
using colonial::AllocationWindow;

namespace {
Map g_map;  // large: static storage, as the app keeps it
}

TEST_CASE("the counter sees allocations (control)") {
  AllocationWindow w;
  std::vector<int> v(100);
  v[7] = 1;
  CHECK(w.count() >= 1);
  CHECK(v[7] == 1);
}

TEST_CASE("loading the built-in maps allocates nothing") {
  for (const char* name : {"colonial", "standard"}) {
    MapErrors errors;
    bool ok = false;
    std::size_t n = 0;
    {
      AllocationWindow w;
      ok = load_map(builtin_map_text(name), name, g_map, errors);
      n = w.count();
    }
    CHECK(ok);
    CHECK(n == 0);
  }
}

TEST_CASE("rejecting a broken map allocates nothing") {
  MapErrors errors;
  std::size_t n = 0;
  {
    AllocationWindow w;
    load_map("map X\nprovince A sea \"A\"\nlink A B both\nnonsense here\n", "bad.map", g_map, errors);
    FixedString<1024> text;
    errors.format(text);
    n = w.count();
  }
  CHECK_FALSE(errors.ok());
  CHECK(n == 0);
}

TEST_CASE("positions and board options allocate nothing") {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
  static Position p;
  std::size_t n = 0;
  int units = 0;
  {
    AllocationWindow w;
    for (u32 mask = 0; mask < 8; ++mask) {
      g_map.set_options(mask);
      set_start_position(g_map, p);
      for (PowerId pw = 0; pw < g_map.power_count(); ++pw) units += p.unit_count(pw) + p.colony_count(g_map, pw);
    }
    n = w.count();
  }
  CHECK(units == 8 * (29 + 29));
  CHECK(n == 0);
}

// ---------------------------------------------------------------------------
// A whole game: random legal orders through parse/format, adjudication of
// every phase kind, the game record written and read back. All of it after
// start-up, all of it without the heap.
// ---------------------------------------------------------------------------

#include "game.h"
#include "game_rules.h"
#include "legal.h"
#include "notation.h"
#include "record.h"
#include "scoring.h"

namespace {

Game g_game, g_loaded, g_scratch;
BufferSink<1 << 22> g_record;
LegalOrders g_legal;

unsigned g_seed = 2024;
unsigned next_random() {
  g_seed = g_seed * 1664525u + 1013904223u;
  return g_seed >> 8;
}

// Gives every power with a choice one random legal order per unit (or its
// adjustments), each written out and parsed back as a player would type it.
// Returns the number of orders that failed to round-trip.
int order_randomly(Game& game) {
  const Map& map = game.map();
  const Position& pos = game.position();
  int failures = 0;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    OrderList orders;
    if (pos.phase.kind == PhaseKind::Adjustment) {
      g_legal.clear();
      legal_adjustments(map, pos, p, g_legal);
      int due = game.adjustment_due(p);
      int n = due < 0 ? -due : due;
      // Nothing owed: the list holds conversions only (Era of Empire).
      if (n == 0 && !g_legal.empty() && (next_random() & 1)) n = 1;
      for (int k = 0; k < n && !g_legal.empty(); ++k)
        orders.push_back(g_legal[static_cast<int>(next_random() % static_cast<unsigned>(g_legal.size()))]);
    } else {
      for (int i = 0; i < map.province_count(); ++i) {
        bool mine = pos.phase.kind == PhaseKind::Retreat
                        ? pos.dislodged[i].unit.present() && pos.dislodged[i].unit.power == p
                        : pos.units[i].present() && pos.units[i].power == p;
        if (!mine) continue;
        g_legal.clear();
        legal_orders(map, pos, static_cast<ProvinceId>(i), g_legal);
        if (!g_legal.empty())
          orders.push_back(g_legal[static_cast<int>(next_random() % static_cast<unsigned>(g_legal.size()))]);
      }
    }
    OrderList typed;
    for (const Order& o : orders) {
      OrderText text;
      format_order_with_power(map, o, (next_random() & 1) ? OrderStyle::Rulebook : OrderStyle::Judge, text);
      ParseContext ctx;
      ctx.map = &map;
      ctx.position = &pos;
      ctx.phase = pos.phase.kind;
      Order back;
      ParseError err;
      if (!parse_order(ctx, text.view(), back, err))
        ++failures;
      else
        typed.push_back(back);
    }
    if (!typed.empty()) game.submit(p, typed);
  }
  return failures;
}

}  // namespace

namespace {

struct RandomGame {
  int phases = 0, failures = 0, records_ok = 0, kinds_seen[3] = {};
  int systems_scored = 0;  // scoring systems that scored the finished game
  bool read_back = false;
  std::size_t allocations = 0;
};

void play_random_game(const GameSettings& settings, RandomGame& out) {
  AllocationWindow w;
  g_game.start(g_map, settings);
  while (!g_game.over() && out.phases < 300) {
    ++out.kinds_seen[static_cast<int>(g_game.phase().kind)];
    out.failures += order_randomly(g_game);
    if (!g_game.adjudicate()) break;
    ++out.phases;
    if (out.phases % 10 == 0) {
      g_record.size = 0;
      TextSink sink = g_record.sink();
      out.records_ok += write_record(g_game, "colonial", sink);
    }
  }
  g_record.size = 0;
  TextSink sink = g_record.sink();
  write_record(g_game, "colonial", sink);
  RecordError err;
  out.read_back =
      read_record(g_record.view(), g_map, g_loaded, g_scratch, err) && verify_record(g_loaded, g_scratch, err);
  ScoreInput input;
  if (score_input_of_game(g_game, input))
    for (const ScoringSystemInfo& info : kScoringSystems) {
      ScoringSystem system{};
      ScoreSheet sheet;
      if (!find_scoring_system(info.name, system)) continue;
      score_game(system, input, sheet);
      out.systems_scored += sheet.count == input.players.size();
    }
  out.allocations = w.count();
}

}  // namespace

TEST_CASE("a whole game of random legal orders, with records, allocates nothing") {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
  GameSettings settings;
  settings.rules.map_options = g_map.default_options();
  settings.rules.calendar = Calendar::Biennial1995;
  settings.last_year = 1920;
  RandomGame game;
  play_random_game(settings, game);
  CHECK(game.phases > 20);
  CHECK(game.kinds_seen[0] > 10);  // movement
  CHECK(game.kinds_seen[1] > 0);   // retreat
  CHECK(game.kinds_seen[2] > 0);   // adjustment
  CHECK(game.failures == 0);
  CHECK(game.records_ok == game.phases / 10);
  CHECK(game.read_back);
  CHECK(game.systems_scored == kScoringSystemCount);
  CHECK(game.allocations == 0);
}

TEST_CASE("a whole game under Era of Empire's rules, with records, allocates nothing") {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
  GameSettings settings;
  RuleText why;
  std::size_t setting_allocations = 0;
  {
    AllocationWindow w;
    REQUIRE(colonial_preset(g_map, "era-of-empire", settings));
    REQUIRE(set_game_rule(g_map, settings, "players", "Turkey+China+Holland,Britain+France+Japan", why));
    REQUIRE(set_game_rule(g_map, settings, "last-year", "1895", why));
    setting_allocations = w.count();
  }
  RandomGame game;
  play_random_game(settings, game);
  CHECK(game.phases > 20);
  CHECK(game.kinds_seen[2] > 0);  // winters: builds, disbands, conversions
  CHECK(game.failures == 0);
  CHECK(game.read_back);
  CHECK(game.systems_scored == kScoringSystemCount);
  CHECK(game.allocations == 0);
  CHECK(setting_allocations == 0);
}
