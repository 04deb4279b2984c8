// tournament --vs-daide: whole games on our DAIDE server (game/daide) with
// external clients in six seats, started by a command line for each game
// and stopped after it; our computer player in the seventh, seat rotated.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>  // environ

#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bot.h"
#include "server.h"
#include "session.h"
#include "tournament.h"

namespace colonial::judge {
namespace {

Bot g_seat_bot;  // large: static storage

// One game's figures for the seat.
struct SeatGame {
  PowerId seat = kNoPower;
  bool voided = false;
  bool solo = false;
  bool survived = false;
  int centres = 0;
  double others = 0;  // the other powers' mean
  double share = 0;   // sum-of-squares share, 0..1
};

std::string fill(std::string command, const std::string& key, const std::string& value) {
  for (std::size_t at = command.find(key); at != std::string::npos; at = command.find(key, at + value.size()))
    command.replace(at, key.size(), value);
  return command;
}

// Starts `command` through the shell in a process group of its own, its
// output thrown away.
pid_t spawn(const std::string& command) {
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0);
  std::string shell = "/bin/sh", dash_c = "-c", line = command;
  char* argv[] = {shell.data(), dash_c.data(), line.data(), nullptr};
  pid_t pid = -1;
  if (posix_spawn(&pid, "/bin/sh", &files, &attr, argv, environ) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attr);
  return pid;
}

// Stops the clients still running (TERM, then KILL a second later).
void stop(std::vector<pid_t>& children) {
  for (pid_t pid : children) kill(-pid, SIGTERM);
  const double until = daide::monotonic_seconds() + 1;
  for (pid_t& pid : children)
    while (pid > 0) {
      if (waitpid(pid, nullptr, WNOHANG) != 0) {
        pid = -1;
      } else if (daide::monotonic_seconds() > until) {
        kill(-pid, SIGKILL);
        waitpid(pid, nullptr, 0);
        pid = -1;
      } else {
        usleep(20000);
      }
    }
  children.clear();
}

SeatGame figures(const Game& g, PowerId seat) {
  const Map& map = g.map();
  SeatGame s;
  s.seat = seat;
  const GameResult& r = g.result();
  s.solo = r.end == GameEnd::Victory && r.winner == seat;
  s.survived = (g.position().powers_on_board(map) >> seat) & 1u;
  s.centres = g.position().colony_count(map, seat);
  double squares = 0, others = 0;
  for (PowerId w = 0; w < map.power_count(); ++w) {
    const int c = g.position().colony_count(map, w);
    squares += static_cast<double>(c) * c;
    if (w != seat) others += c;
  }
  s.others = others / (map.power_count() - 1);
  if (r.end == GameEnd::Victory && r.winner != kNoPower)
    s.share = s.solo ? 1.0 : 0.0;
  else
    s.share = squares > 0 ? static_cast<double>(s.centres) * s.centres / squares : 0;
  return s;
}

struct Interval {
  double low = 0, high = 0;
};
// Wilson's 95% interval of a proportion.
Interval proportion(int k, int n) {
  if (n == 0) return {};
  const double z = 1.96, p = static_cast<double>(k) / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}
// The mean and its 95% interval (normal approximation).
Interval mean_interval(const std::vector<double>& v, double& mean) {
  mean = 0;
  if (v.empty()) return {};
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  double var = 0;
  for (double x : v) var += (x - mean) * (x - mean);
  const double sd = v.size() > 1 ? std::sqrt(var / static_cast<double>(v.size() - 1)) : 0;
  const double half = 1.96 * sd / std::sqrt(static_cast<double>(v.size()));
  return {mean - half, mean + half};
}

// "solos S of N; survived V of N; ...", then the intervals, for the games
// of one power (seat == kNoPower: all).
void print_figures(const Map& map, const std::vector<SeatGame>& all, PowerId seat, int voided) {
  int n = 0, solos = 0, survived = 0;
  std::vector<double> centres, shares;
  double others = 0;
  for (const SeatGame& s : all) {
    if (s.voided || (seat != kNoPower && s.seat != seat)) continue;
    ++n;
    solos += s.solo;
    survived += s.survived;
    centres.push_back(s.centres);
    shares.push_back(100 * s.share);
    others += s.others;
  }
  double mean_centres = 0, mean_share = 0;
  const Interval c = mean_interval(centres, mean_centres), q = mean_interval(shares, mean_share);
  const Interval so = proportion(solos, n), su = proportion(survived, n);
  if (n == 0 && seat != kNoPower) return;
  if (seat == kNoPower) {
    std::printf(
        "solos %d of %d; survived %d of %d; voided %d; mean centres %.1f (others %.1f); sum-of-squares share %.0f%%\n",
        solos, n, survived, n, voided, mean_centres, n ? others / n : 0.0, mean_share);
    std::printf(
        "95%% intervals: solos %.0f-%.0f%%; survived %.0f-%.0f%%; mean centres %.1f-%.1f; sum-of-squares share "
        "%.0f-%.0f%%\n",
        100 * so.low, 100 * so.high, 100 * su.low, 100 * su.high, c.low, c.high, q.low, q.high);
    return;
  }
  std::printf(
      "  %-9s %3d games; solos %d (%.0f-%.0f%%); survived %d (%.0f-%.0f%%); mean centres %.1f (%.1f-%.1f; others "
      "%.1f); sum-of-squares share %.0f%% (%.0f-%.0f%%)\n",
      map.power(seat).name, n, solos, 100 * so.low, 100 * so.high, survived, 100 * su.low, 100 * su.high, mean_centres,
      c.low, c.high, n ? others / n : 0.0, mean_share, q.low, q.high);
}

// Plays one game; false (with why) when it was voided.
bool play_daide_game(const DaideTournament& t, long index, PowerId seat, Tally& tally, std::string& why) {
  Session& s = session();
  GameSettings settings = map_default_settings(s.map);
  settings.last_year = static_cast<int>(t.last_year);
  Game& g = s.game;
  g.start(s.map, settings);
  daide::HostOptions options;
  options.deadline_seconds = t.deadline_seconds;
  options.local_powers = t.seat_external ? 0 : u32{1} << seat;
  options.seed = static_cast<u64>(t.seed + index);
  options.local_version = std::string(bot_level_name(t.level));
  daide::Host host(s.map, g, options);
  const u64 seed = static_cast<u64>(t.seed) + static_cast<u64>(index) * 104729u;
  host.play_local = [&](PowerId p, OrderList& out) {
    const auto start = std::chrono::steady_clock::now();
    g_seat_bot.decide(s.map, g.position(), p, t.level, seed, out);
    tally.decision_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  };
  daide::Server server(host);
  if (!server.listen("127.0.0.1", 0, why)) return false;
  const std::string command = fill(fill(t.command, "{host}", "127.0.0.1"), "{port}", std::to_string(server.port()));
  std::vector<pid_t> children;
  for (PowerId p = 0; p < s.map.power_count(); ++p)
    if (!((options.local_powers >> p) & 1u)) children.push_back(spawn(command));
  const double start = daide::monotonic_seconds();
  while (!host.finished() && why.empty()) {
    server.poll_once(0.25);
    const double waited = daide::monotonic_seconds() - start;
    if (!host.started() && waited > 60) why = "the clients did not all join within 60 s";
    if (waited > t.game_seconds) {
      PhaseText phase;
      format_phase(g.phase(), phase);
      why = "stuck in " + std::string(phase.c_str()) + " after " + std::to_string(t.game_seconds) + " s";
    }
  }
  if (!host.finished()) host.close_all();
  for (double until = daide::monotonic_seconds() + 2;
       server.open_connections() > 0 && daide::monotonic_seconds() < until;)
    server.poll_once(0.05);
  server.close_all();
  stop(children);
  return why.empty();
}

}  // namespace

int run_daide_tournament(const DaideTournament& t) {
  Session& s = session();
  if (!load_variant(t.variant, s.map)) return 2;
  s.variant = t.variant;  // the records' variant
  Tally tally;
  std::vector<SeatGame> games;
  int voided = 0;
  const std::string level = t.seat_external ? "baseline" : std::string(bot_level_name(t.level));
  const std::string opponent = t.command.substr(0, t.command.find(' '));
  const double start = daide::monotonic_seconds();
  for (long i = 0; i < t.games; ++i) {
    const PowerId seat = static_cast<PowerId>(i % s.map.power_count());
    std::string why;
    if (!play_daide_game(t, i, seat, tally, why)) {
      ++voided;
      std::printf("game %ld: %s voided: %s\n", i + 1, s.map.power(seat).name, why.c_str());
      std::fflush(stdout);
      continue;
    }
    count_result(s.game, seat, tally);
    print_game_line(i + 1, s.game, seat, level);
    if (!t.records.empty()) save_game(t.records + "/game-" + std::to_string(i + 1) + ".colonial");
    games.push_back(figures(s.game, seat));
  }
  print_summary(level, opponent.substr(opponent.rfind('/') + 1), static_cast<long>(games.size()), tally);
  print_figures(s.map, games, kNoPower, voided);
  for (PowerId p = 0; p < s.map.power_count(); ++p) print_figures(s.map, games, p, voided);
  std::printf("wall time %.0f s\n", daide::monotonic_seconds() - start);
  return 0;
}

}  // namespace colonial::judge
