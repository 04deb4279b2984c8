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

// The running program's path (/proc/self/exe), to run itself again.
std::string own_executable();

}  // namespace colonial::platform
