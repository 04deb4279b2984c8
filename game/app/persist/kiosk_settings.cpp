#include "kiosk_settings.h"

#include <cstdlib>
#include <sstream>

#include "app_settings.h"
#include "files.h"
#include "language.h"
#include "scoring.h"
#include "text_lines.h"

namespace colonial {

bool read_kiosk_settings(const std::string& path, KioskSettings& out, std::string& error) {
  KioskSettings read = out;
  const bool ok = read_setting_lines(
      path,
      [&](const std::string& key, const std::string& value, bool one_value) -> std::string {
        char* end = nullptr;
        const double n = one_value ? std::strtod(value.c_str(), &end) : -1;
        const bool numeric = one_value && end && *end == 0;
        if (key == "idle-minutes") {
          if (!numeric || n < 0 || n > kMaxIdleMinutes)
            return "idle-minutes wants minutes from 0 (never) to " + std::to_string(static_cast<int>(kMaxIdleMinutes));
          read.idle_minutes = n;
        } else if (key == "archive-days") {
          if (!numeric || n < 0 || n > kMaxArchiveDays || n != static_cast<int>(n))
            return "archive-days wants whole days from 0 (never) to " + std::to_string(kMaxArchiveDays);
          read.archive_days = static_cast<int>(n);
        } else if (key == "language") {
          // Any language code: one without a catalog falls back to English
          // when used, with a line in the log.
          const bool letters = value.size() >= 2 && value.size() <= 3 &&
                               value.find_first_not_of("abcdefghijklmnopqrstuvwxyz") == std::string::npos;
          if (!one_value || !letters || text::language_code(value) != value)
            return "language wants a language code such as en, fr or de";
          read.language = value;
        } else if (key == "palette") {
          return palette_setting(value, one_value, read.palette);
        } else if (key == "scoring") {
          ScoringSystem system{};
          if (!one_value || (value != "none" && !find_scoring_system(value, system)))
            return "scoring wants none or a scoring system's name (colonial-judge score --systems lists them)";
          read.scoring = value == "none" ? std::string() : value;
        } else {
          return "unknown setting '" + key + "' (idle-minutes, archive-days, language, palette, scoring)";
        }
        return {};
      },
      error);
  if (ok) out = read;
  return ok;
}

bool write_kiosk_settings(const std::string& path, const KioskSettings& settings, std::string& error) {
  std::ostringstream text;
  text << "# The kiosk's settings, as its staff set them (Menu, Kiosk settings).\n"
       << "idle-minutes " << settings.idle_minutes << "\n"
       << "archive-days " << settings.archive_days << "\n";
  if (!settings.language.empty()) text << "language " << settings.language << "\n";
  if (!settings.palette.empty()) text << "palette " << settings.palette << "\n";
  if (!settings.scoring.empty()) text << "scoring " << settings.scoring << "\n";
  return platform::save_file_atomic(path, text.str(), error);
}

}  // namespace colonial
