#include "process_memory.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#else
#include <malloc.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "files.h"

namespace colonial::platform {

ProcessMemory process_memory() {
  ProcessMemory m;
#ifdef __EMSCRIPTEN__
  // A page's program holds its WebAssembly memory, which grows and never
  // shrinks: all of it is the program's own.
  m.anon_kib = m.rss_kib = m.peak_kib = static_cast<long>(emscripten_get_heap_size() / 1024);
  return m;
#endif
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

void return_free_memory() {
#ifndef __EMSCRIPTEN__
  malloc_trim(0);  // a page's WebAssembly memory cannot shrink
#endif
}

}  // namespace colonial::platform
