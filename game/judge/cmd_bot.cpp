// colonial-judge bot and tournament: the computer players (engine/bot.h)
// giving orders for a power of a game, and playing whole games against
// each other or against random orders to measure how strong they are.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bot.h"
#include "bot_daide.h"
#include "command.h"
#include "command_line.h"
#include "instructions.h"
#include "legal.h"
#include "notation.h"
#include "session.h"
#include "tournament.h"
#include "translate.h"

namespace colonial::judge {
namespace {

using Clock = std::chrono::steady_clock;

// Large: static storage.
Bot g_bot;

bool read_level(std::string_view command, std::string_view option, const std::string& text, BotLevel& out) {
  if (parse_bot_level(text, out)) return true;
  fail(command,
       text::format(text::tr("--%s wants easy, normal or hard, not '%s'"), std::string(option).c_str(), text.c_str()));
  return false;
}

bool read_number(std::string_view command, std::string_view option, const std::string& text, long low, long high,
                 long& out) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (!text.empty() && end && *end == 0 && v >= low && v <= high) {
    out = v;
    return true;
  }
  fail(command, text::format(text::tr("--%s wants a number from %ld to %ld, not '%s'"), std::string(option).c_str(),
                             low, high, text.c_str()));
  return false;
}

// What a power has to order in the game's phase; empty when it has something.
std::string nothing_to_order(const Game& g, PowerId p) {
  using text::format;
  using text::tr;
  const std::string name(power_name(g.map(), p));
  if (g.over()) return tr("the game has ended: there is nothing to order");
  if (!g.is_playing(p))
    return format(tr("%s is out of the game (no units, no colonies, or in civil disorder)"), name.c_str());
  const Position& pos = g.position();
  switch (pos.phase.kind) {
    case PhaseKind::Movement:
      if (!pos.has_unit_of(p)) return format(tr("%s has no units to order"), name.c_str());
      break;
    case PhaseKind::Retreat: {
      bool any = false;
      for (const DislodgedUnit& d : pos.dislodged) any = any || (d.unit.present() && d.unit.power == p);
      if (!any) return format(tr("%s has no dislodged units to retreat in this phase"), name.c_str());
      break;
    }
    case PhaseKind::Adjustment:
      if (g.adjustment_due(p) == 0) return format(tr("%s has no builds or disbands due in this phase"), name.c_str());
      break;
  }
  return {};
}

// ---------------------------------------------------------------------------
// bot
// ---------------------------------------------------------------------------

constexpr std::string_view kBotUsage =
    N_("usage: colonial-judge bot GAME --power POWER [--level easy|normal|hard] [--seed N]\n"
       "         [--style judge|rulebook] [--instructions]\n"
       "\n"
       "Prints the computer player's orders for POWER in the current phase of GAME,\n"
       "one per line in judge notation, ready for `colonial-judge submit GAME`\n"
       "(a club can hand an abandoned power to it). The game is not changed. The\n"
       "same game, power, level and seed (default 1) give the same orders. Levels:\n"
       "easy (a search that tries 12 order sets of the heuristic against 6 guesses\n"
       "of the others' orders), normal (24 against 16 guesses drawn from a model\n"
       "of DumbBot, then one unit at a time, the best 4 played on to the year's\n"
       "end) and hard (40 against 24, the best 12 played on, then one unit at a time\n"
       "played on against 4 of the guesses, builds chosen the same way); default\n"
       "normal. It never looks at orders handed in.\n"
       "--instructions also prints the instructions the decision took (valgrind).");

constexpr std::string_view kBotDaideUsage =
    N_("usage: colonial-judge bot --daide HOST:PORT [--level easy|normal|hard]\n"
       "         [--power POWER [--passcode N]] [--name NAME] [--seed N] [--timeout SECONDS]\n"
       "\n"
       "Plays a whole game as a DAIDE client on the server at HOST:PORT (such as\n"
       "`colonial-judge daide`): joins (NME), plays the Standard or the Colonial board\n"
       "as our server describes them (any other map is refused: HUH, then it leaves),\n"
       "and orders every phase with the computer player at --level until the game ends\n"
       "(a solo or a draw, then OFF). With a phase's time limit from the server, the\n"
       "orders go in before it: the easy level's when the search would miss it.\n"
       "--power refuses any other power the server gives; with --passcode it takes\n"
       "that power back (IAM) instead of joining. --timeout: give up when the server\n"
       "says nothing for this long beyond its longest phase limit (default 300).\n"
       "Exits 0 when the game ended, 1 with a line saying why when it did not.");

// Both usages: the game's and the server's.
std::string bot_usage() { return text::tr(kBotUsage) + "\n\n" + text::tr(kBotDaideUsage); }

[[gnu::noinline]] void decide_counted(const Game& g, PowerId p, BotLevel level, u64 seed, OrderList& out) {
  g_bot.decide(g.map(), g.position(), p, level, seed, out);
}

int run_bot(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("bot", bot_usage(), argc, argv,
                {{"power", true},
                 {"level", true},
                 {"seed", true},
                 {"style", true},
                 {"instructions", false},
                 {"daide", true},
                 {"passcode", true},
                 {"name", true},
                 {"timeout", true}},
                0, 1, code))
    return code;
  if (cl.has("daide")) {
    if (!cl.words().empty()) return fail("bot", text::tr("--daide plays on a server: no GAME with it"), 2);
    return run_bot_daide(cl);
  }
  for (const char* only_daide : {"passcode", "name", "timeout"})
    if (cl.has(only_daide))
      return fail("bot", text::format(text::tr("--%s goes with --daide HOST:PORT"), only_daide), 2);
  if (cl.words().size() != 1) {
    fail("bot", text::tr("GAME is required (or --daide HOST:PORT)"));
    std::fprintf(stderr, "%s\n", bot_usage().c_str());
    return 2;
  }
  if (!cl.has("power")) {
    fail("bot", text::tr("--power POWER is required"));
    std::fprintf(stderr, "%s\n", bot_usage().c_str());
    return 2;
  }
  BotLevel level = BotLevel::Normal;
  if (!read_level("bot", "level", cl.value("level", "normal"), level)) return 2;
  long seed = 1;
  if (!read_number("bot", "seed", cl.value("seed", "1"), 0, 2147483647L, seed)) return 2;
  const std::string style_name = cl.value("style", "judge");
  if (style_name != "judge" && style_name != "rulebook") {
    fail("bot", text::format(text::tr("--style wants judge or rulebook, not '%s'"), style_name.c_str()));
    return 2;
  }
  const OrderStyle style = style_name == "judge" ? OrderStyle::Judge : OrderStyle::Rulebook;
  if (!load_game(cl.word(0))) return 1;
  const Game& g = session().game;
  const PowerId power = g.map().find_power(cl.value("power"));
  if (power == kNoPower)
    return fail("bot", text::format(text::tr("no power '%s' on this map"), cl.value("power").c_str()));
  const std::string why = nothing_to_order(g, power);
  if (!why.empty()) return fail("bot", why);
  static OrderList orders;
  decide_counted(g, power, level, static_cast<u64>(seed), orders);
  for (const Order& o : orders) {
    OrderText t;
    format_order_with_power(g.map(), o, style, t);
    std::printf("%s\n", t.c_str());
  }
  if (orders.empty())
    std::printf(text::tr("# %s has no orders to give that would change anything\n"),
                std::string(power_name(g.map(), power)).c_str());
  if (!cl.has("instructions")) return 0;
  std::vector<std::string> command = {
      platform::own_executable(),         "bot",    cl.word(0),          "--power", cl.value("power"), "--level",
      std::string(bot_level_name(level)), "--seed", std::to_string(seed)};
  std::uint64_t instructions = 0;
  std::string output, error;
  if (!platform::count_instructions(command, "colonial::judge::*decide_counted*", instructions, output, error))
    return fail("bot", error);
  std::printf(text::tr("# %llu instructions for this decision (valgrind --tool=callgrind)\n"),
              static_cast<unsigned long long>(instructions));
  return 0;
}

// ---------------------------------------------------------------------------
// tournament
// ---------------------------------------------------------------------------

constexpr std::string_view kTournamentUsage =
    N_("usage: colonial-judge tournament --games N --seed S --bot easy|normal|hard\n"
       "         --vs random|easy|normal|hard [--variant colonial|standard|FILE.map]\n"
       "         [--last-year YEAR] [--instructions]\n"
       "       colonial-judge tournament --games N --seed S --bot easy|normal|hard|daide\n"
       "         --vs-daide 'COMMAND' [--variant ...] [--last-year YEAR]\n"
       "         [--deadline SECONDS] [--game-seconds SECONDS] [--records DIR]\n"
       "\n"
       "Plays N whole games with the computer player at level --bot on one seat\n"
       "(the first game's seat is the map's first power, then each next power in\n"
       "turn) and --vs on all the others: random legal orders, or the computer at\n"
       "that level. A game ends by the rules (victory, or the most colonies after\n"
       "--last-year; default 50 years after the map's start: 1920 on Colonial).\n"
       "Prints a line per game, then\n"
       "  LEVEL vs OPPONENT: N games, W won, D shared, L lost; mean colonies B\n"
       "  (others O); decision median T ms, max M ms\n"
       "where won counts games whose result names the seat alone (outright or\n"
       "most colonies at the end), shared those it shares, B the seat's colonies\n"
       "at the end and O the mean of the other powers'; the times are the seat's\n"
       "decisions (wall clock, this machine). --instructions also plays one game\n"
       "under valgrind and prints the seat's mean instructions per decision.\n"
       "\n"
       "--vs-daide plays each game on a DAIDE server on 127.0.0.1 (as `colonial-judge\n"
       "daide`) with the external client COMMAND in the other six seats: COMMAND is\n"
       "run through the shell six times a game, {host} and {port} replaced by the\n"
       "server's (for DumbBot: 'dumbbot -i{host} -p{port}'), and stopped after it.\n"
       "--bot daide puts a seventh client in the seat too (the baseline). Each game\n"
       "runs to a solo or its last year, whose survivors share a draw; one still\n"
       "going after --game-seconds (default 900), or whose clients do not join, is\n"
       "voided and said so. --deadline is each phase's (default 10 s). After the\n"
       "summary line: solos S of N; survived V of N; voided X; mean centres B (others\n"
       "O); sum-of-squares share Q% (a solo counts 100%, a draw C*C over the sum of\n"
       "every power's C*C), the 95% intervals, and the same per power. --records\n"
       "keeps each game's record in DIR (game-N.colonial: the app resumes it).\n"
       "The lines of results and figures stay in English, as scripts read them.");

// The seat's decision, apart so that --instructions counts only it.
[[gnu::noinline]] void decide_for_seat(const Map& map, const Position& pos, PowerId p, BotLevel level, u64 seed,
                                       OrderList& out) {
  g_bot.decide(map, pos, p, level, seed, out);
}

// Plays one game; the seat's decisions are timed into `tally`.
void play_game(Map& map, const GameSettings& settings, PowerId seat, BotLevel level, bool vs_random, BotLevel vs,
               u64 seed, Tally& tally, long& decisions) {
  Game& g = session().game;
  g.start(map, settings);
  Random random{seed};
  static OrderList orders, all;
  while (!g.over()) {
    if (vs_random) random_orders(map, g.position(), random, all);
    for (int w = 0; w < map.power_count(); ++w) {
      const PowerId p = static_cast<PowerId>(w);
      if (!g.is_playing(p) || !g.has_choice(p)) continue;
      orders.clear();
      if (p == seat) {
        const Clock::time_point start = Clock::now();
        decide_for_seat(map, g.position(), p, level, seed, orders);
        tally.decision_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        ++decisions;
      } else if (vs_random) {
        for (const Order& o : all)
          if (o.power == p) orders.push_back(o);
      } else {
        g_bot.decide(map, g.position(), p, vs, seed + static_cast<u64>(w) * 7919u, orders);
      }
      if (!orders.empty()) g.submit(p, orders);
    }
    if (!g.adjudicate()) break;
  }
}

// tournament --vs-daide: its options read, the games played by
// run_daide_tournament.
int daide_tournament(const CommandLine& cl) {
  DaideTournament t;
  if (!cl.has("games") || !cl.has("bot")) {
    std::fputs(text::tr("colonial-judge tournament: --games and --bot are required\n"), stderr);
    return 2;
  }
  if (!read_number("tournament", "games", cl.value("games"), 1, 100000, t.games)) return 2;
  if (!read_number("tournament", "seed", cl.value("seed", "1"), 0, 2147483647L, t.seed)) return 2;
  t.seat_external = cl.value("bot") == "daide";
  if (!t.seat_external && !read_level("tournament", "bot", cl.value("bot"), t.level)) return 2;
  t.command = cl.value("vs-daide");
  if (t.command.find("{port}") == std::string::npos) {
    std::fputs(text::tr("colonial-judge tournament: --vs-daide wants a command with {port} (and {host}) in it\n"),
               stderr);
    return 2;
  }
  t.variant = cl.value("variant", "colonial");
  Session& s = session();
  if (!load_variant(t.variant, s.map)) return 2;
  t.last_year = s.map.start_year() < 1920 ? 1920 : s.map.start_year() + 50;
  long deadline = 10, game_seconds = 900;
  if (cl.has("last-year") && !read_number("tournament", "last-year", cl.value("last-year"), s.map.start_year(),
                                          s.map.start_year() + 400, t.last_year))
    return 2;
  if (!read_number("tournament", "deadline", cl.value("deadline", "10"), 1, 3600, deadline)) return 2;
  if (!read_number("tournament", "game-seconds", cl.value("game-seconds", "900"), 1, 86400, game_seconds)) return 2;
  t.deadline_seconds = static_cast<int>(deadline);
  t.game_seconds = static_cast<int>(game_seconds);
  t.records = cl.value("records");
  return run_daide_tournament(t);
}

int run_tournament(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("tournament", kTournamentUsage, argc, argv,
                {{"games", true},
                 {"seed", true},
                 {"bot", true},
                 {"vs", true},
                 {"variant", true},
                 {"last-year", true},
                 {"instructions", false},
                 {"vs-daide", true},
                 {"deadline", true},
                 {"game-seconds", true},
                 {"records", true}},
                0, 0, code))
    return code;
  if (cl.has("vs-daide")) return daide_tournament(cl);
  for (const char* required : {"games", "bot", "vs"})
    if (!cl.has(required)) {
      std::fprintf(stderr, text::tr("colonial-judge tournament: --%s is required\n%s\n"), required,
                   text::tr(kTournamentUsage).c_str());
      return 2;
    }
  long games = 0, seed = 1;
  if (!read_number("tournament", "games", cl.value("games"), 1, 100000, games)) return 2;
  if (!read_number("tournament", "seed", cl.value("seed", "1"), 0, 2147483647L, seed)) return 2;
  BotLevel level = BotLevel::Normal, vs = BotLevel::Easy;
  if (!read_level("tournament", "bot", cl.value("bot"), level)) return 2;
  const std::string vs_name = cl.value("vs");
  const bool vs_random = vs_name == "random";
  if (!vs_random && !parse_bot_level(vs_name, vs)) {
    std::fprintf(stderr, text::tr("colonial-judge tournament: --vs wants random, easy, normal or hard, not '%s'\n"),
                 vs_name.c_str());
    return 2;
  }
  Session& s = session();
  if (!load_variant(cl.value("variant", "colonial"), s.map)) return 2;
  GameSettings settings = map_default_settings(s.map);
  long last_year = s.map.start_year() + 50;
  if (cl.has("last-year") && !read_number("tournament", "last-year", cl.value("last-year"), s.map.start_year(),
                                          s.map.start_year() + 400, last_year))
    return 2;
  settings.last_year = static_cast<int>(last_year);

  Tally tally;
  tally.decision_ms.reserve(static_cast<std::size_t>(games) * 200);
  long decisions = 0;
  for (long i = 0; i < games; ++i) {
    const PowerId seat = static_cast<PowerId>(i % s.map.power_count());
    play_game(s.map, settings, seat, level, vs_random, vs, static_cast<u64>(seed) + static_cast<u64>(i) * 104729u,
              tally, decisions);
    const Game& g = s.game;
    count_result(g, seat, tally);
    print_game_line(i + 1, g, seat, bot_level_name(level));
  }
  print_summary(bot_level_name(level), vs_name, games, tally);
  if (!cl.has("instructions")) return 0;
  std::vector<std::string> command = {platform::own_executable(),
                                      "tournament",
                                      "--games",
                                      "1",
                                      "--seed",
                                      std::to_string(seed),
                                      "--bot",
                                      std::string(bot_level_name(level)),
                                      "--vs",
                                      vs_name,
                                      "--variant",
                                      cl.value("variant", "colonial"),
                                      "--last-year",
                                      std::to_string(last_year)};
  std::uint64_t instructions = 0;
  std::string output, error;
  if (!platform::count_instructions(command, "colonial::judge::*decide_for_seat*", instructions, output, error))
    return fail("tournament", error);
  // The counted game is the first game above: its seat's decisions.
  long counted = 0;
  {
    Tally one;
    long n = 0;
    play_game(s.map, settings, 0, level, vs_random, vs, static_cast<u64>(seed), one, n);
    counted = n;
  }
  std::printf("instructions per decision (one game under valgrind, %ld decisions): mean %.0f\n", counted,
              counted ? static_cast<double>(instructions) / static_cast<double>(counted) : 0.0);
  return 0;
}

const CommandRegistration kBot({"bot", N_("print the computer player's orders for a power"), kBotUsage, run_bot,
                                bot_usage});
const CommandRegistration kTournament({"tournament", N_("play whole games with computer players and count the results"),
                                       kTournamentUsage, run_tournament});

}  // namespace
}  // namespace colonial::judge
