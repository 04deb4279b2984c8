// colonial-judge serve: the order server without a screen, for a club's
// Raspberry Pi: each power's phone enters its orders at its seat's URL, and
// the game master's tablet runs the table at the GM URL; the phase is
// adjudicated when every power asked is done, when the phase timer runs
// out, or when the game master plays it.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include "command.h"
#include "command_line.h"
#include "event_line.h"
#include "files.h"
#include "game.h"
#include "headless_table.h"
#include "phone_languages.h"
#include "record.h"
#include "report.h"
#include "session.h"
#include "translate.h"

namespace colonial::judge {
namespace {

using text::tr;

constexpr std::string_view kServeUsage =
    N_("usage: colonial-judge serve GAME [--listen ADDR] [--port N] [--url-host HOST]\n"
       "                            [--reissue POWER|gm]... [--gm on|off] [--app DIR|off]\n"
       "                            [--for SECONDS]\n"
       "\n"
       "Serves the game's order pad to the players' phones: prints one line per power,\n"
       "POWER URL, to be opened (or scanned) on that player's phone. The URL carries a\n"
       "secret that lets it read and change that power's orders only; the secrets are\n"
       "kept in GAME.seats, so the URLs stay the same when the server is started again.\n"
       "A last line, GM URL, is the game master's seat, for a tablet: every power's\n"
       "orders, the order sheet, the phase timer, playing the phase, the results, the\n"
       "history and rolling back (docs/ORDER-SERVER.md).\n"
       "Orders are saved into GAME as they arrive. When every power with a decision is\n"
       "done, the phase timer (new --timer) runs out or the game master says so, the\n"
       "phase is adjudicated, its results printed and the phones show them. Ctrl+C\n"
       "stops serving (nothing is lost).\n"
       "\n"
       "  --listen ADDR    the address to listen on (default 127.0.0.1, this machine\n"
       "                   only; 0.0.0.0 for the phones on the club's network)\n"
       "  --port N         the port (default 8080; 0 picks a free one)\n"
       "  --url-host HOST  the host name or address written in the URLs (default: this\n"
       "                   machine's network address when listening on 0.0.0.0)\n"
       "  --reissue POWER  a new secret for POWER's seat (a lost phone), or gm for the\n"
       "                   game master's: its old URL stops working\n"
       "  --gm on|off      the game master's seat on or off (kept in GAME.seats; on\n"
       "                   unless turned off); off, its URL is refused like any wrong one\n"
       "  --app DIR|off    the whole app for a tablet's browser (./scripts/web's\n"
       "                   build-web/site), served at /app/ and printed as APP URL;\n"
       "                   default: the installed copy or this tree's, when there is one\n"
       "  --for SECONDS    stop after this long (for tests and demonstrations)\n");

void print_last_results(const Game& g) {
  const PhaseRecord& rec = g.history(g.history_size() - 1);
  PhaseText phase;
  describe_phase(rec.position.phase, phase);
  std::printf(tr("\n%s: results\n"), phase.c_str());
  for (const OrderResult& r : rec.results.results) {
    ResultText t;
    describe_result(g.map(), r, OrderStyle::Judge, t);  // "Britain: A del - pun"
    std::printf("  %s\n", t.c_str());
  }
  PhaseText next;
  describe_phase(g.phase(), next);
  if (g.over())
    std::printf("%s\n", tr("The game is over."));
  else
    std::printf(tr("Now %s.\n"), next.c_str());
  std::fflush(stdout);
}

// The options after GAME; false (with the exit code) on a bad one.
struct ServeOptions {
  server::ServerOptions server;
  double run_for = 0;
  std::string reissue[kMaxPowers + 1];
  int reissues = 0;
  std::string gm;         // "on", "off" or empty: as GAME.seats says
  bool app_found = true;  // false: --app off or --app DIR, nothing looked for
};

bool read_serve_options(const CommandLine& cl, ServeOptions& out, int& code) {
  out.server.port = 8080;
  for (const auto& [name, value] : cl.options()) {
    const char* v = value.c_str();
    char* end = nullptr;
    if (name == "listen") {
      out.server.listen = value;
    } else if (name == "port") {
      const long port = std::strtol(v, &end, 10);
      if (!*v || *end || port < 0 || port > 65535)
        return (code = fail("serve", text::format(tr("--port wants 0 to 65535, not %s"), v), 2)), false;
      out.server.port = static_cast<int>(port);
    } else if (name == "url-host") {
      out.server.url_host = value;
    } else if (name == "reissue") {
      if (out.reissues <= kMaxPowers) out.reissue[out.reissues++] = value;
    } else if (name == "gm") {
      if (value != "on" && value != "off")
        return (code = fail("serve", text::format(tr("--gm wants on or off, not %s"), v), 2)), false;
      out.gm = value;
    } else if (name == "app") {
      out.app_found = false;
      if (value != "off") out.server.app_dir = value;
    } else if (name == "for") {
      out.run_for = std::strtod(v, &end);
      if (!*v || *end || out.run_for <= 0)
        return (code = fail("serve", text::format(tr("--for wants seconds, not %s"), v), 2)), false;
    }
  }
  return true;
}

// The seats' secrets from GAME.seats, re-issued and switched as asked.
bool prepare_seats(const std::string& path, const Map& map, const ServeOptions& o, server::Seats& seats, int& code) {
  std::string error;
  if (!seats.load_or_create(path + ".seats", map.power_count(), error)) return (code = fail("serve", error)), false;
  for (int i = 0; i < o.reissues; ++i) {
    const bool gm = o.reissue[i] == "gm" || o.reissue[i] == "GM";
    const PowerId p = gm ? kNoPower : map.find_power(o.reissue[i]);
    if (!gm && p == kNoPower)
      return (code = fail("serve", text::format(tr("no power '%s'"), o.reissue[i].c_str()), 2)), false;
    if (!(gm ? seats.reissue_gm(error) : seats.reissue(p, error))) return (code = fail("serve", error)), false;
    // TRANSLATORS: %s is GM or a power's name as the seats' lines write them.
    std::printf(tr("%s: a new seat; the old URL no longer works\n"), gm ? "GM" : map.power(p).name);
    text::emit_event("seat-reissued", {{"seat", gm ? "GM" : map.power(p).name}});
  }
  if (!o.gm.empty() && !seats.set_gm_on(o.gm == "on", error)) return (code = fail("serve", error)), false;
  return true;
}

// POWER URL for every power in the game, then GM URL.
void print_seats(const Game& game, const server::OrderServer& srv, const server::Seats& seats) {
  const Map& map = game.map();
  for (PowerId p = 0; p < map.power_count(); ++p)
    if (game.is_playing(p)) std::printf("%s %s\n", map.power(p).name, srv.url(p).c_str());
  if (seats.gm_on())
    std::printf("GM %s\n", srv.gm_url().c_str());
  else {
    std::printf("%s\n", tr("The game master's seat is off (--gm on turns it on)."));
    text::emit_event("gm-seat-off");
  }
  if (!srv.app_url().empty()) std::printf("APP %s\n", srv.app_url().c_str());
  std::fflush(stdout);
}

int run_serve(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("serve", kServeUsage, argc, argv,
                {{"listen", true},
                 {"port", true},
                 {"url-host", true},
                 {"reissue", true},
                 {"gm", true},
                 {"app", true},
                 {"for", true}},
                1, 1, code))
    return code;
  const std::string path = cl.word(0);
  ServeOptions o;
  if (!read_serve_options(cl, o, code)) return code;
  if (!load_game(path)) return 1;
  Game& game = session().game;
  const Map& map = game.map();
  server::Seats seats;
  if (!prepare_seats(path, map, o, seats, code)) return code;

  // The web board, when this judge was built beside the app's art.
  std::string searched, error;
  const std::string board_json = platform::find_asset("art/colonial_web.json", searched);
#ifdef COLONIAL_BUILD_ART_DIR
  o.server.art_dir = COLONIAL_BUILD_ART_DIR "/";
#endif
  if (!board_json.empty())
    o.server.art_dir = board_json.substr(0, board_json.size() - std::strlen("colonial_web.json"));

  if (o.app_found) o.server.app_dir = server::find_web_app();

  server::OrderServer srv(map, seats);
  srv.set_languages(server::phone_languages());
  if (!srv.start(o.server, error))
    return fail("serve", srv.port() < 0 ? error + tr("; --port and --listen choose another") : error);
  stop_on_signals();

  server::HeadlessTable table(game, {.now = monotonic_seconds,
                                     .save = [&] { return save_game(path); },
                                     .reload = [&] { load_game(path); },
                                     .said =
                                         [](const std::string& line) {
                                           std::printf("%s\n", line.c_str());
                                           std::fflush(stdout);
                                         },
                                     .played =
                                         [&](const char* why, const char* reason) {
                                           std::printf(tr("\n%s: adjudicating.\n"), tr(why));
                                           text::emit_event("phase-played", {{"reason", reason}});
                                           print_last_results(game);
                                         }});
  // What the phones see goes out before anyone has the addresses.
  srv.publish(table.view(srv));

  std::printf(tr("Serving %s on %s port %d. One line per power: open the URL on its player's phone.\n"), path.c_str(),
              o.server.listen.c_str(), srv.port());
  print_seats(game, srv, seats);

  const double started = monotonic_seconds();
  bool ok = true;
  while (ok && !stop_requested() && !(o.run_for > 0 && monotonic_seconds() - started >= o.run_for))
    ok = table.pump(srv, 250);
  srv.stop();
  table.save();
  if (!ok) return fail("serve", tr("the game could not be adjudicated or saved"));
  std::printf(tr("Stopped serving; the game is saved in %s.\n"), path.c_str());
  return 0;
}

const CommandRegistration serve_registration({
    "serve",
    N_("serve the order pad to the players' phones (one URL per power)"),
    kServeUsage,
    &run_serve,
});

}  // namespace
}  // namespace colonial::judge
