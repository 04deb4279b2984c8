#include "bot_daide.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "client.h"
#include "session.h"
#include "translate.h"

namespace colonial::judge {
namespace {

using text::format;
using text::tr;

// The boards the client knows (static storage: they are large).
Map g_standard, g_colonial;

// One line of what happens, on standard output.
void say(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

void on_note(daide::ClientNote note, const std::string& detail) {
  using daide::ClientNote;
  switch (note) {
    case ClientNote::Joined: return say(format(tr("joined; the map is %s"), detail.c_str()));
    case ClientNote::Playing: return say(format(tr("playing %s"), detail.c_str()));
    case ClientNote::OrdersSent: return say(format(tr("orders for %s"), detail.c_str()));
    case ClientNote::OrderRefused: return say(format(tr("an order was refused: %s"), detail.c_str()));
    case ClientNote::Unreadable:
      return say(format(tr("ignored what the server sent that we could not read: %s"), detail.c_str()));
    case ClientNote::LateSearch:
      return say(tr("the search would have missed the deadline: the easy level's orders went in"));
    case ClientNote::GameEnded: return say(format(tr("the game has ended: %s"), detail.c_str()));
    case ClientNote::ServerProblem: return say(format(tr("the server answered: %s"), detail.c_str()));
  }
}

// The exit line of an ending; empty for a game played to its end.
std::string ending_line(daide::ClientEnding e, const std::string& detail, const std::string& wanted) {
  using daide::ClientEnding;
  switch (e) {
    case ClientEnding::Playing:
    case ClientEnding::GameOver: return {};
    case ClientEnding::UnknownMap:
      return format(tr("the server's map '%s' is not one we know (Standard or Colonial as our server sends them): "
                       "told it so (HUH) and left"),
                    detail.c_str());
    case ClientEnding::BadMap: return format(tr("the server's map definition could not be read: %s"), detail.c_str());
    case ClientEnding::Refused: return tr("the server has no seat for us (REJ to NME: full, or the game has begun)");
    case ClientEnding::WrongPower:
      return format(tr("the server gave us %s, not %s: left the seat"), detail.c_str(), wanted.c_str());
    case ClientEnding::PowerTaken:
      return format(tr("the server refused us %s (taken, or a wrong passcode)"), detail.c_str());
    case ClientEnding::EndedMidGame:
      return format(tr("the server ended the game in %s before a solo or a draw (OFF)"), detail.c_str());
    case ClientEnding::Closed: return tr("the server closed the connection before the game ended");
    case ClientEnding::ProtocolError:
      return format(tr("the server ended the connection with protocol error %s"), detail.c_str());
    case ClientEnding::Silent: return format(tr("the server has said nothing for %s seconds: gave up"), detail.c_str());
    case ClientEnding::ConnectFailed: return format(tr("cannot connect to %s"), detail.c_str());
  }
  return {};
}

}  // namespace

int run_bot_daide(const CommandLine& cl) {
  const std::string address = cl.value("daide");
  const std::size_t colon = address.rfind(':');
  daide::ClientRun run;
  if (colon == std::string::npos || colon == 0 || colon + 1 == address.size())
    return fail("bot", format(tr("--daide wants HOST:PORT, not '%s'"), address.c_str()), 2);
  run.host = address.substr(0, colon);
  run.port = address.substr(colon + 1);
  if (run.host.size() > 2 && run.host.front() == '[' && run.host.back() == ']')
    run.host = run.host.substr(1, run.host.size() - 2);
  daide::ClientOptions options;
  if (!parse_bot_level(cl.value("level", "normal"), options.level))
    return fail("bot", format(tr("--%s wants easy, normal or hard, not '%s'"), "level", cl.value("level").c_str()), 2);
  char* end = nullptr;
  const std::string timeout = cl.value("timeout", "300");
  const long seconds = std::strtol(timeout.c_str(), &end, 10);
  if (timeout.empty() || *end != 0 || seconds < 1 || seconds > 86400)
    return fail("bot",
                format(tr("--%s wants a number from %ld to %ld, not '%s'"), "timeout", 1L, 86400L, timeout.c_str()), 2);
  run.silence_seconds = static_cast<double>(seconds);
  run.connect_seconds = std::min(10.0, run.silence_seconds);
  const std::string seed = cl.value("seed", "1");
  const long seed_value = std::strtol(seed.c_str(), &end, 10);
  if (seed.empty() || *end != 0 || seed_value < 0 || seed_value > 2147483647L)
    return fail("bot",
                format(tr("--%s wants a number from %ld to %ld, not '%s'"), "seed", 0L, 2147483647L, seed.c_str()), 2);
  options.seed = static_cast<u64>(seed_value);
  options.power = cl.value("power");
  if (cl.has("passcode")) {
    const std::string code = cl.value("passcode");
    const long passcode = std::strtol(code.c_str(), &end, 10);
    if (code.empty() || *end != 0 || passcode < 1 || passcode > 8191 || options.power.empty())
      return fail("bot", tr("--passcode wants 1 to 8191, with --power"), 2);
    options.passcode = static_cast<int>(passcode);
  }
  options.name = cl.value("name", "Colonial");
  options.version = std::string(bot_level_name(options.level));
  if (!load_variant("standard", g_standard) || !load_variant("colonial", g_colonial)) return 1;
  options.maps = {&g_standard, &g_colonial};
  daide::BotClient client(options);
  client.note = on_note;
  std::string detail;
  const daide::ClientEnding ending = daide::run_client(run, client, detail);
  const std::string line = ending_line(ending, detail, options.power);
  if (line.empty()) return 0;
  return fail("bot", line);
}

}  // namespace colonial::judge
