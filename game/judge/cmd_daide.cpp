// colonial-judge daide: a game served to DAIDE clients (the no-press bots
// of the hobby: DumbBot and those that followed it) over the DAIDE
// client-server protocol (game/daide).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bot.h"
#include "command.h"
#include "command_line.h"
#include "game.h"
#include "server.h"
#include "session.h"
#include "translate.h"

namespace colonial::judge {
namespace {

using text::tr;

Bot g_local_bot;  // large: static storage

constexpr std::string_view kDaideUsage =
    N_("usage: colonial-judge daide GAME [--port N] [--listen ADDR] [--deadline SECONDS]\n"
       "                            [--for SECONDS] [--quiet]\n"
       "\n"
       "Serves GAME (a record made by `colonial-judge new`, on any board) to DAIDE\n"
       "clients: the no-press bots of the hobby such as David Norman's DumbBot, which\n"
       "speak the Diplomacy AI Development Environment's client-server protocol.\n"
       "Every power still playing waits for a client (NME), except the game's computer\n"
       "seats (new --computer POWER=LEVEL), which our computer player plays here. When\n"
       "every seat is taken the game starts (HLO); each phase is processed when every\n"
       "connected player has a full set of orders, or at the deadline (missing orders\n"
       "are NMRs: units hold). A client that disconnects leaves its power in civil\n"
       "disorder until it comes back with IAM. GAME is saved after every phase: the\n"
       "app resumes it, `colonial-judge verify` checks it. Ends with the game (SLO or\n"
       "DRW, SMR, OFF), at --for, or at Ctrl+C. No press (syntax level 0). How the\n"
       "board is shown to clients (names, railroad, canal, Hong Kong): docs/DAIDE.md.\n"
       "\n"
       "  --listen ADDR       the address to listen on (default 127.0.0.1)\n"
       "  --port N            the port (default 16713, DAIDE's; 0 picks a free one)\n"
       "  --deadline SECONDS  each phase's deadline (default 60; 0: the game's own\n"
       "                      phase timers, and none when it has none)\n"
       "  --for SECONDS       stop after this long (for tests and demonstrations)\n"
       "  --quiet             print only the address\n");

bool read_count(const std::string& text, long low, long high, long& out) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || !end || *end != 0 || v < low || v > high) return false;
  out = v;
  return true;
}

int run_daide(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("daide", kDaideUsage, argc, argv,
                {{"port", true}, {"listen", true}, {"deadline", true}, {"for", true}, {"quiet", false}}, 1, 1, code))
    return code;
  long port = 16713, deadline = 60, limit = 0;
  if (!read_count(cl.value("port", "16713"), 0, 65535, port))
    return fail("daide", text::format(tr("--port wants 0 to 65535, not %s"), cl.value("port").c_str()), 2);
  if (!read_count(cl.value("deadline", "60"), 0, 86400, deadline))
    return fail("daide", tr("--deadline wants 0 to 86400 seconds"), 2);
  if (!read_count(cl.value("for", "0"), 0, 86400 * 30, limit))
    return fail("daide", text::format(tr("--for wants seconds, not %s"), cl.value("for").c_str()), 2);
  const std::string path = cl.word(0);
  if (!load_game(path)) return 1;
  Session& s = session();
  if (s.game.over()) return fail("daide", tr("the game has ended: there is nothing to play"));
  daide::HostOptions options;
  options.deadline_seconds = static_cast<int>(deadline);
  options.local_powers = s.game.settings().computer_powers;
  options.seed = static_cast<u64>(daide::monotonic_seconds() * 1000);
  daide::Host host(s.map, s.game, options);
  const bool quiet = cl.has("quiet");
  host.play_local = [&](PowerId p, OrderList& out) {
    g_local_bot.decide(s.map, s.game.position(), p, s.game.settings().computer_level[p], 1, out);
  };
  host.on_phase = [&] { save_game(path); };
  if (!quiet)
    host.log = [](const std::string& line) {
      std::printf("%s\n", line.c_str());
      std::fflush(stdout);
    };
  daide::Server server(host);
  std::string error;
  if (!server.listen(cl.value("listen", "127.0.0.1"), static_cast<int>(port), error)) return fail("daide", error);
  std::printf(tr("DAIDE server on %s port %d for %s\n"), cl.value("listen", "127.0.0.1").c_str(), server.port(),
              path.c_str());
  std::fflush(stdout);
  stop_on_signals();
  const double start = daide::monotonic_seconds();
  double finished_at = 0;
  while (!stop_requested()) {
    server.poll_once(0.5);
    const double now = daide::monotonic_seconds();
    if (limit > 0 && now - start >= static_cast<double>(limit)) break;
    if (host.finished() && finished_at == 0) finished_at = now;
    // Once the game is over, the last messages get a moment to leave.
    if (finished_at > 0 && (server.open_connections() == 0 || now - finished_at > 5)) break;
  }
  if (!host.finished()) host.close_all();
  server.poll_once(0);
  server.close_all();
  if (!save_game(path)) return 1;
  if (!quiet) std::printf("%s\n", s.game.over() ? tr("The game is over.") : tr("Stopped; the game is saved."));
  return 0;
}

const CommandRegistration kDaide({"daide", N_("serve a game to DAIDE clients (DumbBot and the hobby's bots)"),
                                  kDaideUsage, run_daide});

}  // namespace
}  // namespace colonial::judge
