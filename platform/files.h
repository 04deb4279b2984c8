// Files: where the user's data and our assets live, reading a whole file,
// and saving one so that a crash or power cut never leaves a broken file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace colonial::platform {

// The per-user directory for saves and settings, with a trailing '/'
// (SDL_GetPrefPath: ~/.local/share/colonial/ on Linux); created if missing.
// Returns false with `error` when there is no writable home.
bool user_data_dir(std::string& out, std::string& error);

// The per-user directory for caches, with a trailing '/':
// $XDG_CACHE_HOME/colonial/, else ~/.cache/colonial/; created if missing.
// Returns false with `error` when there is neither or it cannot be made.
bool user_cache_dir(std::string& out, std::string& error);

// Reads the whole file into `out`. On failure returns false and `error`
// names the file and the reason ("cannot open x.map: No such file ...").
bool read_file(const std::string& path, std::string& out, std::string& error);

// Atomic save: writes `data` to PATH.tmp, flushes it to disk (fsync), keeps
// the current PATH (the last good save) as PATH.bak, then renames PATH.tmp
// over PATH and syncs the directory. At every instant PATH is either the old
// or the new complete file. Returns false with `error` and leaves PATH
// untouched on failure.
bool save_file_atomic(const std::string& path, std::string_view data, std::string& error);

// Whether anything is at `path` (a file, a folder).
bool file_exists(const std::string& path);

// "PATH:LINE: WHAT": where a line of a file was refused, and why.
std::string line_refused(const std::string& path, int line, std::string_view what);

// Hands the user the file just written at `path` (a saved picture, a game's
// record): in a browser, as a download, since the page's own files are out
// of the user's reach; elsewhere it is already in their folder and this
// does nothing.
void offer_download(const std::string& path);

// Asks the user for a file to open: in a browser, the page's file chooser
// (packaging/web/pre.js; a canvas cannot ask for one), whose answer comes
// later through take_opened_file. Elsewhere a record is opened by naming it
// (colonial --save FILE): nothing.
void ask_for_file_to_open();

// A file the user picked in the page, copied into the page's files: its
// path (once); empty when none is waiting. Elsewhere always empty.
std::string take_opened_file();

// True once when the page found it can keep no offline copy of the app (no
// service worker: a plain http:// address that is not this machine's, or a
// browser without them, or its registration refused). Elsewhere false.
bool offline_copy_refused();

// Whether what is saved outlives the program: false in a browser that
// refused the page its storage (IndexedDB), with `why`.
bool saves_are_kept(std::string& why);

// Directories searched for assets (fonts, maps, art), best first:
// $COLONIAL_ASSETS, then <exe dir>/../share/games/colonial/assets (an installed
// package), or when that is absent the source tree the binary was built from.
std::vector<std::string> asset_dirs();

// The full path of assets/<relative> in the first directory that has it;
// empty when none does (then `searched` lists where we looked, for the
// error message).
std::string find_asset(std::string_view relative, std::string& searched);

// The text font, DejaVu Sans: the assets' copy (a source tree), else the
// system's from Debian's fonts-dejavu-core, which the package depends on
// rather than carrying a copy. Empty when neither is there (`searched` as
// for find_asset).
std::string find_font(std::string& searched);

}  // namespace colonial::platform
