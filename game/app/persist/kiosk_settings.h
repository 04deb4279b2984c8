// The kiosk's own settings, as staff set them in the app (Menu, Kiosk
// settings): how long without input before the attract view, how old a
// game left alone must be to be archived, the language of its screens, its
// colours and the club's scoring system for new games. Kept in a small text file beside
// the autosave ("kiosk-settings"), so they outlast a restart; the command
// line's --idle-minutes and --archive-days are the defaults until staff
// change them. No SDL, no ImGui: tested alone.
#pragma once

#include <string>

namespace colonial {

struct KioskSettings {
  double idle_minutes = 10;  // 0: never
  int archive_days = 14;     // 0: never
  std::string language;      // "fr": the screens' language; empty: the system's (or --language)
  std::string palette;       // the board's colours at the kiosk ("protanopia"; empty: the printed board's)
  std::string scoring;       // the club's scoring system for new games ("carnage"; empty: not scored)
  bool operator==(const KioskSettings&) const = default;
};

// The limits the app offers (and the file is held to).
inline constexpr double kMaxIdleMinutes = 240;
inline constexpr int kMaxArchiveDays = 3650;

// Reads `path` into `out`: lines "idle-minutes N", "archive-days N",
// "language CODE" (en, fr, de, ...), "palette NAME" (app_settings.h) and
// "scoring NAME" (engine/scoring.h's names, or none);
// blank lines and '#' comments ignored. False with `error` (the file, the
// line and what is wrong) for an unreadable file, an unknown line or a
// number out of range; `out` is then unchanged.
bool read_kiosk_settings(const std::string& path, KioskSettings& out, std::string& error);

// Saves `settings` to `path` atomically.
bool write_kiosk_settings(const std::string& path, const KioskSettings& settings, std::string& error);

}  // namespace colonial
