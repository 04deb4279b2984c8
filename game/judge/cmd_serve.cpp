// colonial-judge serve: the order server without a screen, for a club's
// Raspberry Pi: each power's phone enters its orders at its seat's URL; the
// phase is adjudicated when every power asked is done, or when the phase
// timer runs out.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include "command.h"
#include "command_line.h"
#include "files.h"
#include "game.h"
#include "record.h"
#include "report.h"
#include "session.h"
#include "table_host.h"

namespace colonial::judge {
namespace {

volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

constexpr std::string_view kServeUsage =
    "usage: colonial-judge serve GAME [--listen ADDR] [--port N] [--url-host HOST]\n"
    "                            [--reissue POWER]... [--for SECONDS]\n"
    "\n"
    "Serves the game's order pad to the players' phones: prints one line per power,\n"
    "POWER URL, to be opened (or scanned) on that player's phone. The URL carries a\n"
    "secret that lets it read and change that power's orders only; the secrets are\n"
    "kept in GAME.seats, so the URLs stay the same when the server is started again.\n"
    "Orders are saved into GAME as they arrive. When every power with a decision is\n"
    "done, or the phase timer (new --timer) runs out, the phase is adjudicated, its\n"
    "results printed and the phones show them. Ctrl+C stops serving (nothing is lost).\n"
    "\n"
    "  --listen ADDR    the address to listen on (default 127.0.0.1, this machine\n"
    "                   only; 0.0.0.0 for the phones on the club's network)\n"
    "  --port N         the port (default 8080; 0 picks a free one)\n"
    "  --url-host HOST  the host name or address written in the URLs (default: this\n"
    "                   machine's network address when listening on 0.0.0.0)\n"
    "  --reissue POWER  a new secret for POWER's seat (a lost phone): its old URL\n"
    "                   stops working\n"
    "  --for SECONDS    stop after this long (for tests and demonstrations)\n";

double now_seconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

void print_last_results(const Game& g) {
  const PhaseRecord& rec = g.history(g.history_size() - 1);
  PhaseText phase;
  format_phase(rec.position.phase, phase);
  std::printf("\n%s: results\n", phase.c_str());
  for (const OrderResult& r : rec.results.results) {
    ResultText t;
    describe_result(g.map(), r, OrderStyle::Judge, t);
    std::printf("  %s: %s\n", r.order.power < g.map().power_count() ? g.map().power(r.order.power).name : "-",
                t.c_str());
  }
  PhaseText next;
  format_phase(g.phase(), next);
  if (g.over())
    std::printf("The game is over.\n");
  else
    std::printf("Now %s.\n", next.c_str());
  std::fflush(stdout);
}

int run_serve(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("serve", kServeUsage, argc, argv,
                {{"listen", true}, {"port", true}, {"url-host", true}, {"reissue", true}, {"for", true}}, 1, 1, code))
    return code;
  const std::string path = cl.word(0);
  server::ServerOptions options;
  options.port = 8080;
  double run_for = 0;
  std::string reissue[kMaxPowers];
  int reissues = 0;
  for (const auto& [name, value] : cl.options()) {
    const char* v = value.c_str();
    if (name == "listen") {
      options.listen = value;
    } else if (name == "port") {
      char* end = nullptr;
      const long port = std::strtol(v, &end, 10);
      if (!*v || *end || port < 0 || port > 65535) return fail("serve", "--port wants 0 to 65535, not " + value, 2);
      options.port = static_cast<int>(port);
    } else if (name == "url-host") {
      options.url_host = value;
    } else if (name == "reissue") {
      if (reissues < kMaxPowers) reissue[reissues++] = value;
    } else if (name == "for") {
      char* end = nullptr;
      run_for = std::strtod(v, &end);
      if (!*v || *end || run_for <= 0) return fail("serve", "--for wants seconds, not " + value, 2);
    }
  }
  if (!load_game(path)) return 1;
  Game& game = session().game;
  const Map& map = game.map();

  server::Seats seats;
  std::string error;
  if (!seats.load_or_create(path + ".seats", map.power_count(), error)) return fail("serve", error);
  for (int i = 0; i < reissues; ++i) {
    const PowerId p = map.find_power(reissue[i]);
    if (p == kNoPower) return fail("serve", "no power '" + reissue[i] + "'", 2);
    if (!seats.reissue(p, error)) return fail("serve", error);
    std::printf("%s: a new seat; the old URL no longer works\n", map.power(p).name);
  }

  // The web board, when this judge was built beside the app's art.
  std::string searched;
  const std::string board_json = platform::find_asset("art/colonial_web.json", searched);
#ifdef COLONIAL_BUILD_ART_DIR
  options.art_dir = COLONIAL_BUILD_ART_DIR "/";
#endif
  if (!board_json.empty()) options.art_dir = board_json.substr(0, board_json.size() - std::strlen("colonial_web.json"));

  server::OrderServer srv(map, seats);
  if (!srv.start(options, error)) return fail("serve", error);
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);

  std::printf("Serving %s on %s port %d. One line per power: open the URL on its player's phone.\n", path.c_str(),
              options.listen.c_str(), srv.port());
  for (PowerId p = 0; p < map.power_count(); ++p)
    if (game.is_playing(p)) std::printf("%s %s\n", map.power(p).name, srv.url(p).c_str());
  std::fflush(stdout);

  u32 done = 0;
  const double started = now_seconds();
  double phase_started = now_seconds() - game.timer_used();
  auto timer_seconds = [&]() {
    if (game.over()) return 0;
    return static_cast<int>(game.settings().timer_seconds[static_cast<int>(game.phase().kind)]);
  };
  auto seconds_left = [&]() {
    const int t = timer_seconds();
    if (t <= 0) return -1;
    const double left = t - (now_seconds() - phase_started);
    return left > 0 ? static_cast<int>(left + 0.999) : 0;
  };
  auto save = [&]() {
    if (timer_seconds() > 0) game.set_timer_used(static_cast<u32>(now_seconds() - phase_started));
    return save_game(path);
  };
  auto adjudicate = [&](const char* why) {
    std::printf("\n%s: adjudicating.\n", why);
    if (!game.adjudicate()) return false;
    done = 0;
    phase_started = now_seconds();
    game.set_timer_used(0);
    print_last_results(game);
    return save();
  };
  srv.publish(server::table_view(game, done, seconds_left()));
  while (!g_stop && !(run_for > 0 && now_seconds() - started >= run_for)) {
    bool changed = false;
    srv.apply_submissions(
        [&](const server::Submission& s) {
          server::SubmissionResult r = server::apply_submission(game, s, game.history_size(), done);
          if (r.status != 0) return r;
          if (s.kind == server::Submission::Kind::Orders || s.kind == server::Submission::Kind::Clear) {
            if (!save()) {
              // Back to what is on disk: the phone is told nothing changed.
              load_game(path);
              return server::SubmissionResult{500, "the game could not be saved on the server; nothing was changed"};
            }
          }
          std::printf("%s: %s\n", map.power(s.power).name, r.message.c_str());
          std::fflush(stdout);
          changed = true;
          return r;
        },
        [&] { return server::table_view(game, done, seconds_left()); }, 250);
    const u32 asked = server::asked_powers(game);
    if (!game.over() && asked != 0 && (asked & ~done) == 0) {
      if (!adjudicate("Every power is done")) return fail("serve", "the game could not be adjudicated or saved");
      changed = true;
    } else if (!game.over() && timer_seconds() > 0 && seconds_left() == 0) {
      if (!adjudicate("Time is up")) return fail("serve", "the game could not be adjudicated or saved");
      changed = true;
    }
    (void)changed;
    srv.publish(server::table_view(game, done, seconds_left()));
  }
  srv.stop();
  save();
  std::printf("Stopped serving; the game is saved in %s.\n", path.c_str());
  return 0;
}

const CommandRegistration registration({
    "serve",
    "serve the order pad to the players' phones (one URL per power)",
    kServeUsage,
    &run_serve,
});

}  // namespace
}  // namespace colonial::judge
