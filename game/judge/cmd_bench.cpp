// colonial-judge bench: how fast the adjudicator resolves a movement phase,
// and how many whole random games the engine plays per second.
//
// A benchmark, not a test: it prints figures and judges nothing. That the
// engine allocates nothing while doing this is proved by the allocation-
// counting test (tests/alloc), which plays the same kind of games with a
// counting malloc; this product binary uses the system allocator.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "adjudicator.h"
#include "bench.h"
#include "command.h"
#include "command_line.h"
#include "game.h"
#include "instructions.h"
#include "legal.h"
#include "map.h"
#include "notation.h"
#include "phrases.h"

namespace colonial::judge {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Maps and games are large: static storage.
Map g_bench_standard, g_bench_colonial;
Game g_game;

bool load(std::string_view name, Map& map) {
  MapErrors errors;
  if (load_map(builtin_map_text(name), name, map, errors)) return true;
  FixedString<2048> text;
  errors.format(text);
  std::fprintf(stderr, "colonial-judge bench: the built-in %.*s map does not load:\n%s", static_cast<int>(name.size()),
               name.data(), text.c_str());
  return false;
}

// A movement phase to time: the position, its orders, and what they are.
struct Scenario {
  const char* name;
  const Map* map;
  Position position;
  OrderList orders;
};

void describe(const Scenario& s, char* out, int cap) {
  int units = 0, moves = 0, supports = 0, convoys = 0;
  for (int p = 0; p < s.map->province_count(); ++p) units += s.position.units[p].present();
  for (const Order& o : s.orders) {
    moves += o.kind == OrderKind::Move;
    supports += o.kind == OrderKind::Support;
    convoys += o.kind == OrderKind::Convoy;
  }
  std::snprintf(out, static_cast<size_t>(cap), "%s: %d units, %d orders (%d moves, %d supports, %d convoys)", s.name,
                units, s.orders.size(), moves, supports, convoys);
}

// The Standard opening everyone knows, all 22 units ordered, through the
// order parser.
bool standard_opening(Scenario& s) {
  static const char* const kOrders[] = {
      "England: F lon-nth", "England: F edi-nwg",        "England: A lvp-yor", "France: F bre-mao",
      "France: A par-bur",  "France: A mar S A par-bur", "Germany: F kie-den", "Germany: A ber-kie",
      "Germany: A mun-ruh", "Italy: F nap-ion",          "Italy: A rom-apu",   "Italy: A ven H",
      "Austria: F tri-alb", "Austria: A vie-gal",        "Austria: A bud-ser", "Russia: F stp/sc-bot",
      "Russia: A mos-ukr",  "Russia: A war-gal",         "Russia: F sev-bla",  "Turkey: F ank-bla",
      "Turkey: A con-bul",  "Turkey: A smy-con",
  };
  s.name = "(a) Standard opening";
  s.map = &g_bench_standard;
  set_start_position(g_bench_standard, s.position);
  ParseContext ctx;
  ctx.map = &g_bench_standard;
  ctx.position = &s.position;
  for (const char* text : kOrders) {
    Order o;
    ParseError err;
    if (!parse_order(ctx, text, o, err)) {
      std::fprintf(stderr, "colonial-judge bench: cannot read '%s': %s\n", text, err.message.c_str());
      return false;
    }
    s.orders.push_back(o);
  }
  return true;
}

// The Colonial opening, all 29 units given random but coherent legal orders.
void colonial_opening(Scenario& s) {
  s.name = "(b) Colonial opening";
  s.map = &g_bench_colonial;
  set_start_position(g_bench_colonial, s.position);
  Random random{1870};
  random_orders(g_bench_colonial, s.position, random, s.orders);
}

// A crowded Colonial board: a fleet on most seas, armies on most coasts and
// inland spaces, owned by all seven powers; half try to move (armies often
// by sea), the rest support those moves and stays or convoy the voyages.
void colonial_crowded(Scenario& s) {
  s.name = "(c) Colonial crowded";
  s.map = &g_bench_colonial;
  set_start_position(g_bench_colonial, s.position);
  s.position.clear_units();
  Random random{1995};
  for (int p = 0; p < g_bench_colonial.province_count(); ++p) {
    const ProvinceId pp = static_cast<ProvinceId>(p);
    const ProvinceInfo& info = g_bench_colonial.province(pp);
    const int percent = info.kind == ProvinceKind::Sea ? 75 : info.kind == ProvinceKind::Coast ? 45 : 40;
    if (random.below(100) >= percent) continue;
    const PowerId w = static_cast<PowerId>(random.below(g_bench_colonial.power_count()));
    if (info.kind == ProvinceKind::Sea) {
      s.position.units[p] = Unit{UnitType::Fleet, w, Coast::None};
    } else if (info.kind == ProvinceKind::Coast && info.coast_count == 0 && random.below(4) == 0) {
      s.position.units[p] = Unit{UnitType::Fleet, w, Coast::None};
    } else {
      s.position.units[p] = Unit{UnitType::Army, w, Coast::None};
    }
  }
  random_orders(g_bench_colonial, s.position, random, s.orders);
}

// Median nanoseconds per adjudication over `samples` samples of `reps` runs.
double time_movement(const Scenario& s, int samples, int reps) {
  static Position after;
  static PhaseResults results;
  static double sample_ns[1001];
  samples = std::min(samples, 1001);
  for (int i = 0; i < reps; ++i) adjudicate_movement(*s.map, s.position, s.orders, after, results);  // warm up
  for (int k = 0; k < samples; ++k) {
    Clock::time_point start = Clock::now();
    for (int i = 0; i < reps; ++i) adjudicate_movement(*s.map, s.position, s.orders, after, results);
    sample_ns[k] = seconds_since(start) * 1e9 / reps;
  }
  std::sort(sample_ns, sample_ns + samples);
  return sample_ns[samples / 2];
}

OrderList g_orders;

void random_games(Map& map, const char* name, double budget, int max_games) {
  const RandomGamesRate r = time_random_games(map, budget, max_games, monotonic_seconds, g_game, g_orders);
  std::printf(
      "  random legal games, %-9s %d games in %.2f s: %.1f games/s (median of %d window%s %.1f; %.0f phases per "
      "game, %.0f phases/s; %d won outright, the rest reached the year limit)\n",
      name, r.games, r.seconds, r.games / r.seconds, r.windows, r.windows == 1 ? "" : "s", r.window_median,
      static_cast<double>(r.phases) / r.games, static_cast<double>(r.phases) / r.seconds, r.won);
}

// A hard computer player's decision at the Colonial board's start (the
// browser's worker times the same).
void hard_decision(int samples) {
  static Bot bot;
  const DecisionTime t = time_hard_decision(g_bench_colonial, samples, monotonic_seconds, bot);
  std::printf("  a hard computer player's decision, Colonial 1870, Britain: median %.0f ms of %d (min %.0f)\n",
              t.median_ms, t.samples, t.min_ms);
}

constexpr std::string_view kBenchUsage =
    N_("usage: colonial-judge bench [--quick] [--instructions]\n\n"
       "Prints the median time to adjudicate a movement phase for (a) the Standard\n"
       "opening with all 22 units ordered, (b) the Colonial opening with all 29 units\n"
       "ordered, (c) a crowded Colonial position thick with supports and convoys; and\n"
       "how many whole games of random legal orders the engine plays per second (to a\n"
       "result or 100 years), over 3 s and as the median of ten windows of 0.3 s;\n"
       "and the median time of a hard computer player's decision (Colonial, 1870).\n"
       "--quick runs a few samples and one game of each, as a smoke test.\n"
       "--instructions also counts the instructions of each (per phase,\n"
       "per game), which a busy machine does not change: the program runs itself\n"
       "again under valgrind's callgrind (Debian's valgrind). That none of this\n"
       "allocates is the allocation-counting test's proof (tests/alloc).");

// What --instructions runs under callgrind (the hidden --count option): a
// fixed amount of work, counted inside adjudicate_movement or
// play_random_game.
constexpr int kCountedPhases = 100;
constexpr int kCountedGames = 5;

int count_run(const std::string& what, const Scenario* scenarios) {
  static Position after;
  static PhaseResults results;
  if (what.rfind("movement-", 0) == 0) {
    const int i = std::atoi(what.c_str() + 9);
    if (i < 0 || i > 2) return 2;
    for (int k = 0; k < kCountedPhases; ++k)
      adjudicate_movement(*scenarios[i].map, scenarios[i].position, scenarios[i].orders, after, results);
    return 0;
  }
  Map& map = what == "games-standard" ? g_bench_standard : g_bench_colonial;
  if (what != "games-standard" && what != "games-colonial") return 2;
  const GameSettings settings = random_game_settings(map);
  Random random{2024};
  long phases = 0;
  for (int g = 0; g < kCountedGames; ++g) phases += play_random_game(map, settings, random, g_game, g_orders);
  std::printf("phases %ld\n", phases);
  return 0;
}

// Runs `what` (count_run) under callgrind; instructions in `function`.
bool count(const std::string& what, const char* function, std::uint64_t& instructions, std::string& output) {
  std::string error;
  if (platform::count_instructions({platform::own_executable(), "bench", "--count", what}, function, instructions,
                                   output, error))
    return true;
  std::fprintf(stderr, "colonial-judge bench: %s\n", error.c_str());
  return false;
}

int print_instructions(const Scenario* scenarios) {
  std::printf("instructions (valgrind --tool=callgrind; the same on a busy machine):\n");
  std::string output;
  for (int i = 0; i < 3; ++i) {
    std::uint64_t n = 0;
    if (!count("movement-" + std::to_string(i), "colonial::adjudicate_movement*", n, output)) return 1;
    std::printf("  %-40s %12.0f instructions/phase\n", scenarios[i].name, static_cast<double>(n) / kCountedPhases);
  }
  for (const char* which : {"games-standard", "games-colonial"}) {
    std::uint64_t n = 0;
    if (!count(which, "*play_random_game*", n, output)) return 1;
    const std::size_t at = output.find("phases ");
    const double phases = at == std::string::npos ? 0 : std::atof(output.c_str() + at + 7);
    std::printf(
        "  random legal games, %-19s %12.0f instructions/game (%.0f/phase, %d games)\n",
        std::strcmp(which, "games-standard") == 0 ? "Standard:" : "Colonial:", static_cast<double>(n) / kCountedGames,
        phases > 0 ? static_cast<double>(n) / phases : 0.0, kCountedGames);
  }
  return 0;
}

int run_bench(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("bench", kBenchUsage, argc, argv, {{"quick", false}, {"instructions", false}, {"count", true}}, 0, 0,
                code))
    return code;
  const bool quick = cl.has("quick");
  if (!load("standard", g_bench_standard) || !load("colonial", g_bench_colonial)) return 1;

  static Scenario scenarios[3];
  if (!standard_opening(scenarios[0])) return 1;
  colonial_opening(scenarios[1]);
  colonial_crowded(scenarios[2]);
  if (cl.has("count")) return count_run(cl.value("count"), scenarios);

  const int samples = quick ? 11 : 301;
  const int reps = quick ? 20 : 200;
  std::printf("colonial-judge bench: movement phases, median of %d samples of %d adjudications\n", samples, reps);
  for (const Scenario& s : scenarios) {
    const double ns = time_movement(s, samples, reps);
    char what[160];
    describe(s, what, sizeof what);
    std::printf("  %-76s %9.0f ns/phase\n", what, ns);
  }
  random_games(g_bench_standard, "Standard:", quick ? 0.0 : 3.0, quick ? 1 : 100000);
  random_games(g_bench_colonial, "Colonial:", quick ? 0.0 : 3.0, quick ? 1 : 100000);
  hard_decision(quick ? 1 : 5);
  return cl.has("instructions") ? print_instructions(scenarios) : 0;
}

const CommandRegistration bench_registration({
    "bench",
    N_("time the adjudicator and whole random games"),
    kBenchUsage,
    &run_bench,
});

}  // namespace
}  // namespace colonial::judge
