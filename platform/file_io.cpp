// Reading and atomically saving files: plain POSIX, no SDL, so the
// command-line judge (and the ARM cross-build) use the same code as the app.
#include <fcntl.h>
#include <libintl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// The page's side of offer_download: the file's bytes as a Blob behind a
// link the page clicks.
EM_JS(void, page_offer_download, (const char* c_path), {
  const path = UTF8ToString(c_path);
  const bytes = FS.readFile(path);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], {
    type:
      path.endsWith('.png') ? 'image/png' : 'text/plain'
  }));
  link.download = path.split('/').pop();
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(
      function() { URL.revokeObjectURL(link.href); }, 10000);
});

// The page's file input (packaging/web/pre.js): opened, and the files
// picked, copied to /opened/, handed over one path at a time.
EM_JS(void, page_ask_for_file, (), {
  if (Module.colonialPickFile) Module.colonialPickFile();
});
EM_JS(int, page_take_opened_file, (char* out, int room), {
  const waiting = Module.colonialOpened || [];
  if (!waiting.length) return 0;
  stringToUTF8(waiting.shift(), out, room);
  return 1;
});
// Set by the page (packaging/web/pre.js) when it can keep no offline copy:
// taken once.
EM_JS(int, page_take_no_offline_copy, (), {
  const refused = !!Module.colonialNoOfflineCopy;
  Module.colonialNoOfflineCopy = false;
  return refused ? 1 : 0;
});
#endif

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "files.h"

namespace colonial::platform {

namespace {

std::string errno_text() { return std::strerror(errno); }

// A message about a file in the language in use: the C library's gettext in
// the programs' text domain, which game/text binds to the catalogs (before
// that, and in a language without a catalog, the English itself). Marked
// for xgettext by the name `localized` (po/extract.sh).
std::string localized(const char* format, const std::string& path, const std::string& why) {
  const char* f = dgettext("colonial", format);
  const int n = std::snprintf(nullptr, 0, f, path.c_str(), why.c_str());
  if (n < 0) return path + ": " + why;
  std::string out(static_cast<std::size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), f, path.c_str(), why.c_str());
  out.resize(static_cast<std::size_t>(n));
  return out;
}

// Writes all of data to fd, retrying short writes and interrupted calls.
bool write_all(int fd, std::string_view data) {
  const char* p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

// Creates (or truncates) path, writes data and syncs it to disk.
bool write_synced(const std::string& path, std::string_view data, std::string& error) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = localized("cannot create %s: %s", path, errno_text());
    return false;
  }
  if (!write_all(fd, data) || ::fsync(fd) != 0) {
    error = localized("cannot write %s: %s", path, errno_text());
    ::close(fd);
    return false;
  }
  if (::close(fd) != 0) {
    error = localized("cannot write %s: %s", path, errno_text());
    return false;
  }
  return true;
}

// Makes `bak` a copy of `path` without ever removing `path`: a hard link
// where the file system has them, a synced copy where it has not (FAT and
// exFAT cards on handhelds).
bool keep_backup(const std::string& path, const std::string& bak, std::string& error) {
  if (::unlink(bak.c_str()) != 0 && errno != ENOENT) {
    error = localized("cannot replace %s: %s", bak, errno_text());
    return false;
  }
  if (::link(path.c_str(), bak.c_str()) == 0) return true;
  std::string old;
  if (!read_file(path, old, error)) return false;
  return write_synced(bak, old, error);
}

void sync_directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // the rename happened; only its durability is weaker
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

bool user_cache_dir(std::string& out, std::string& error) {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  std::string base;
  if (xdg && *xdg == '/')
    base = xdg;
  else if (home && *home == '/')
    base = std::string(home) + "/.cache";
  else {
    error = "no cache directory: neither XDG_CACHE_HOME nor HOME is set";
    return false;
  }
  // mkdir -p, one level at a time (the base may not exist yet either).
  const std::string dir = base + "/colonial";
  for (std::size_t at = 0; at != std::string::npos;) {
    at = dir.find('/', at + 1);
    const std::string part = dir.substr(0, at);
    if (::mkdir(part.c_str(), 0755) != 0 && errno != EEXIST) {
      error = localized("cannot make the cache directory %s: %s", part, errno_text());
      return false;
    }
  }
  out = dir + "/";
  return true;
}

bool read_file(const std::string& path, std::string& out, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = localized("cannot open %s: %s", path, errno_text());
    return false;
  }
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    error = localized("cannot read %s: %s", path, dgettext("colonial", "it is a directory"));
    ::close(fd);
    return false;
  }
  out.clear();
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = localized("cannot read %s: %s", path, errno_text());
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return true;
}

bool save_file_atomic(const std::string& path, std::string_view data, std::string& error) {
  const std::string tmp = path + ".tmp";
  if (!write_synced(tmp, data, error)) {
    ::unlink(tmp.c_str());
    return false;
  }
  if (file_exists(path) && !keep_backup(path, path + ".bak", error)) {
    ::unlink(tmp.c_str());
    return false;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    error = localized("cannot replace %s: %s", path, errno_text());
    ::unlink(tmp.c_str());
    return false;
  }
  sync_directory_of(path);
#ifdef __EMSCRIPTEN__
  // In a browser the files live in memory until written to the page's
  // storage (IndexedDB, packaging/web/pre.js): after every save, so that a
  // reload or a closed tab resumes the game.
  EM_ASM({
    if (Module.colonialPersist) Module.colonialPersist();
  });
#endif
  return true;
}

void offer_download(const std::string& path) {
#ifdef __EMSCRIPTEN__
  page_offer_download(path.c_str());
#else
  (void)path;
#endif
}

void ask_for_file_to_open() {
#ifdef __EMSCRIPTEN__
  page_ask_for_file();
#endif
}

std::string take_opened_file() {
#ifdef __EMSCRIPTEN__
  char path[1024];
  if (page_take_opened_file(path, sizeof path)) return path;
#endif
  return {};
}

bool offline_copy_refused() {
#ifdef __EMSCRIPTEN__
  return page_take_no_offline_copy() != 0;
#else
  return false;
#endif
}

bool saves_are_kept(std::string& why) {
  // Set by the page (packaging/web/pre.js): `another-tab` when another tab
  // of the same app holds the saves, else `refused BROWSER'S REASON`.
  const char* problem = std::getenv("COLONIAL_STORAGE_PROBLEM");
  if (!problem || !*problem) return true;
  const std::string_view said = problem;
  if (said == "another-tab") {
    why = dgettext("colonial", "the game is open in another tab of this browser, which keeps it");
  } else {
    const std::string_view reason = said.substr(said.rfind("refused ", 0) == 0 ? 8 : 0);
    why = std::string(dgettext("colonial", "the browser keeps no storage for this page:")) + " " + std::string(reason);
  }
  return false;
}

std::vector<std::string> asset_dirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("COLONIAL_ASSETS"); env && *env) dirs.emplace_back(env);
  // Beside an installed binary, as Debian lays out games:
  // <prefix>/games/colonial and <prefix>/share/games/colonial/assets.
  char exe[4096];
  const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    std::string dir(exe, static_cast<std::size_t>(n));
    dir.resize(dir.rfind('/') + 1);
    dirs.push_back(dir + "../share/games/colonial/assets");
    // An installed program uses its own data only, never the tree it was
    // built from (the font then comes from the system: find_font).
    if (::access(dirs.back().c_str(), R_OK) == 0) return dirs;
  }
#ifdef COLONIAL_SOURCE_ASSETS
  dirs.emplace_back(COLONIAL_SOURCE_ASSETS);
#endif
  return dirs;
}

std::string find_asset(std::string_view relative, std::string& searched) {
  searched.clear();
  for (const std::string& dir : asset_dirs()) {
    std::string path = dir + "/" + std::string(relative);
    if (::access(path.c_str(), R_OK) == 0) return path;
    if (!searched.empty()) searched += ", ";
    searched += dir;
  }
  return {};
}

std::string find_font(std::string& searched) {
  std::string path = find_asset("fonts/DejaVuSans.ttf", searched);
  if (!path.empty()) return path;
  constexpr const char* kSystemFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  if (::access(kSystemFont, R_OK) == 0) return kSystemFont;
  searched += ", /usr/share/fonts/truetype/dejavu";
  return {};
}

bool file_exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

std::string line_refused(const std::string& path, int line, std::string_view what) {
  // Appended piece by piece: GCC 12 warns wrongly (-Wrestrict) about a
  // literal + std::to_string at -O3.
  std::string out = path;
  out += ':';
  out += std::to_string(line);
  out += ": ";
  out += what;
  return out;
}

}  // namespace colonial::platform
