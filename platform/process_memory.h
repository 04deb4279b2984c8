// The process's own memory, as Linux counts it (/proc/self/status), for the
// benchmarks and --frame-stats: RssAnon is what the program itself holds
// (its heap, and the textures of the software renderer), not the shared
// libraries mapped from files. SDL-free.
#pragma once

#include <string>

namespace colonial::platform {

struct ProcessMemory {
  long anon_kib = 0;  // RssAnon
  long rss_kib = 0;   // VmRSS: anon, file-backed and shared
  long file_kib = 0;  // RssFile: libraries and other mapped files
  long peak_kib = 0;  // VmHWM: the highest RSS so far
};

// All zero where /proc is not there.
ProcessMemory process_memory();

// "RssAnon 41.2 MiB, RSS 60.1 MiB (files 17.0 MiB), peak RSS 75.3 MiB"
std::string describe(const ProcessMemory& m);

// Gives the heap's free pages back to the system (glibc's malloc_trim):
// after the art is loaded, what it decoded and let go of.
void return_free_memory();

}  // namespace colonial::platform
