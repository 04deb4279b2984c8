// The player's own settings that outlast a restart (Menu: the board's
// colours), in a small text file beside the autosave ("settings"). A kiosk
// keeps its staff's choices in its own settings (kiosk_settings.h). No SDL,
// no ImGui: tested alone.
#pragma once

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

// Reads `path` into `out`: lines "palette NAME"; blank lines and '#'
// comments ignored. False with `error` (the file, the line and what is
// wrong) for an unreadable file, an unknown line or a malformed value; `out`
// is then unchanged.
bool read_app_settings(const std::string& path, AppSettings& out, std::string& error);

// Saves `settings` to `path` atomically.
bool write_app_settings(const std::string& path, const AppSettings& settings, std::string& error);

}  // namespace colonial
