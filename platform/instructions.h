// Instruction counts for the benchmarks (--instructions): the same program
// run again under valgrind's callgrind, counting only inside one function.
// Instructions, unlike seconds, do not change when the machine is busy, so
// two builds can be compared on a shared machine, and a slower CPU (a
// Raspberry Pi) estimated from its instructions per second.
//
// The machines this runs on have no hardware counters (perf_event_open
// fails inside their virtual machines), so callgrind it is: Debian's
// valgrind package. SDL-free: the judge uses it too.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace colonial::platform {

// Runs `command` (program and arguments) under `valgrind --tool=callgrind`
// collecting only while a function whose name matches `function` (callgrind's
// --toggle-collect pattern, e.g. "colonial::adjudicate_movement*") runs, and
// sets `instructions` to the total executed there. False with `error` when
// valgrind is missing (the message names the package), fails, or writes no
// total. `command`'s output goes to `output`.
bool count_instructions(const std::vector<std::string>& command, const std::string& function,
                        std::uint64_t& instructions, std::string& output, std::string& error);

// Instructions by the object file they ran in (the program itself,
// libSDL2-2.0.so.0, libc.so.6...), the largest first: an object's own
// instructions only (a call from the program into SDL counts in SDL).
struct InstructionCounts {
  std::uint64_t total = 0;
  std::vector<std::pair<std::string, std::uint64_t>> by_object;
};

// One callgrind run of `command`, collecting inside functions matching
// `collect` (empty: from the program's start to its end), split at the
// function named `split` (exactly: callgrind applies only one dump option of
// a name with wildcards): `inside` holds what ran in it (with all it calls),
// `outside` the rest of what was collected. `env` (NAME=VALUE) is added to
// the program's environment.
struct SplitCounts {
  InstructionCounts inside, outside;
};
bool count_instructions_split(const std::vector<std::string>& command, const std::string& collect,
                              const std::string& split, SplitCounts& counts, std::string& output, std::string& error,
                              const std::vector<std::string>& env = {});

// The running program's path (/proc/self/exe), to run itself again.
std::string own_executable();

}  // namespace colonial::platform
