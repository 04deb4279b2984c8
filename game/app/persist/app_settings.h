// The player's own settings that outlast a restart (Menu: the board's
// colours), in a small text file beside the autosave ("settings"). A kiosk
// keeps its staff's choices in its own settings (kiosk_settings.h). No SDL,
// no ImGui: tested alone.
#pragma once

#include <functional>
#include <string>

namespace colonial {

struct AppSettings {
  // The board's palette by its name ("deuteranopia"; empty: the printed
  // board's), kept as written: a name from a later version is not lost when
  // the file is saved again with the other settings.
  std::string palette;
  bool operator==(const AppSettings&) const = default;
};

// Whether `name` can be a palette's name in a settings file (lower-case
// letters and '-', at most 32): a later version's name passes, nonsense
// does not.
bool palette_name_well_formed(const std::string& name);

// Reads a settings file of "KEY VALUE" lines (blank lines and '#' comments
// skipped): `take(key, value, one_value)` answers each line with "" or what
// is wrong with it. False with `error` ("PATH:LINE: what") for an unreadable
// file or the first line `take` refuses.
bool read_setting_lines(
    const std::string& path,
    const std::function<std::string(const std::string& key, const std::string& value, bool one_value)>& take,
    std::string& error);

// A "palette NAME" line's value kept in `palette`; "" or what is wrong.
std::string palette_setting(const std::string& value, bool one_value, std::string& palette);

// Reads `path` into `out`: lines "palette NAME"; blank lines and '#'
// comments ignored. False with `error` (the file, the line and what is
// wrong) for an unreadable file, an unknown line or a malformed value; `out`
// is then unchanged.
bool read_app_settings(const std::string& path, AppSettings& out, std::string& error);

// Saves `settings` to `path` atomically.
bool write_app_settings(const std::string& path, const AppSettings& settings, std::string& error);

}  // namespace colonial
