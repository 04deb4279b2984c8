// colonial-judge subcommands register themselves here, so that each lives in
// its own file (cmd_*.cpp) and main.cpp never needs editing.
#pragma once

#include <string>
#include <string_view>

namespace colonial::judge {

// A subcommand: `colonial-judge NAME ARGS...`. run() gets the arguments after
// NAME and returns the process exit code (0 ok, 1 failed check, 2 usage error).
// The summary and usage are English, marked N_() for the catalogs, and
// translated when printed (translate.h).
struct Command {
  std::string_view name;
  std::string_view summary;                     // one line for `colonial-judge --help`
  std::string_view usage;                       // full help for `colonial-judge help NAME`
  int (*run)(int argc, char** argv) = nullptr;  // = nullptr: constant-initialised, so registration order is safe
  std::string (*usage_text)() = nullptr;        // the full help made when asked, when `usage` is not all of it
};

// Called by a static object in each cmd_*.cpp.
struct CommandRegistration {
  explicit CommandRegistration(const Command& c);
};

// The long-running commands (serve, daide) end cleanly on Ctrl+C or a
// service manager's stop: after stop_on_signals(), SIGINT and SIGTERM only
// set the flag stop_requested() reads.
void stop_on_signals();
bool stop_requested();

// Seconds on a clock that only goes forward (CLOCK_MONOTONIC), for timers
// and benchmarks.
double monotonic_seconds();

}  // namespace colonial::judge
