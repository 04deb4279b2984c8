#include "process_memory.h"

#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "files.h"

namespace colonial::platform {

ProcessMemory process_memory() {
  ProcessMemory m;
  std::string text, error;
  if (!read_file("/proc/self/status", text, error)) return m;
  auto field = [&](const char* name) {
    const std::size_t at = text.find(name);
    return at == std::string::npos ? 0L : std::atol(text.c_str() + at + std::strlen(name));
  };
  m.anon_kib = field("RssAnon:");
  m.rss_kib = field("VmRSS:");
  m.file_kib = field("RssFile:");
  m.peak_kib = field("VmHWM:");
  return m;
}

std::string describe(const ProcessMemory& m) {
  char text[160];
  std::snprintf(text, sizeof text, "RssAnon %.1f MiB, RSS %.1f MiB (files %.1f MiB), peak RSS %.1f MiB",
                static_cast<double>(m.anon_kib) / 1024.0, static_cast<double>(m.rss_kib) / 1024.0,
                static_cast<double>(m.file_kib) / 1024.0, static_cast<double>(m.peak_kib) / 1024.0);
  return text;
}

void return_free_memory() { malloc_trim(0); }

}  // namespace colonial::platform
