// The C library function musl's gettext maps a catalog with, for the browser
// build only (platform/CMakeLists.txt adds this file under Emscripten).
//
// Emscripten 3.1.6 replaces musl's __map_file by a JavaScript stub
// (src/library.js) that always fails and, unlike musl's, returns -1 rather
// than a null pointer. musl's dcngettext checks for null only, so it takes
// the address 0xffffffff for a mapped catalog of an unset size and reads
// past the end of memory on the first lookup: every translated message
// crashed the page. A definition here is linked instead of the stub (the
// linker resolves it before it imports JavaScript functions); it is musl's
// own, over Emscripten's file system, whose mmap copies the file into the
// heap.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>

// NOLINTNEXTLINE(bugprone-reserved-identifier,readability-identifier-naming): musl's own name, called by its gettext
extern "C" const unsigned char* __map_file(const char* path, std::size_t* size) {
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  void* map = MAP_FAILED;
  struct stat st {};
  if (fstat(fd, &st) == 0 && st.st_size > 0) {
    map = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    *size = static_cast<std::size_t>(st.st_size);
  }
  close(fd);
  return map == MAP_FAILED ? nullptr : static_cast<const unsigned char*>(map);
}
