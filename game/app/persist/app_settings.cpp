#include "app_settings.h"

#include <sstream>

#include "files.h"
#include "text_lines.h"

namespace colonial {

bool palette_name_well_formed(const std::string& name) {
  return !name.empty() && name.size() <= 32 &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == std::string::npos;
}

bool read_setting_lines(
    const std::string& path,
    const std::function<std::string(const std::string& key, const std::string& value, bool one_value)>& take,
    std::string& error) {
  std::string text;
  if (!platform::read_file(path, text, error)) return false;
  std::string_view rest = text, text_line;
  for (int number = 1; next_line(rest, text_line); ++number) {
    std::string line(text_line);
    if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string key, value, extra;
    if (!(words >> key)) continue;
    const bool one_value = static_cast<bool>(words >> value) && !(words >> extra);
    if (const std::string what = take(key, value, one_value); !what.empty()) {
      error = platform::line_refused(path, number, what);
      return false;
    }
  }
  return true;
}

std::string palette_setting(const std::string& value, bool one_value, std::string& palette) {
  if (!one_value || !palette_name_well_formed(value))
    return "palette wants a palette's name such as board, protanopia, deuteranopia or tritanopia";
  palette = value;
  return {};
}

bool read_app_settings(const std::string& path, AppSettings& out, std::string& error) {
  AppSettings read = out;
  const bool ok = read_setting_lines(
      path,
      [&](const std::string& key, const std::string& value, bool one_value) -> std::string {
        if (key == "palette") return palette_setting(value, one_value, read.palette);
        return "unknown setting '" + key + "' (palette)";
      },
      error);
  if (ok) out = read;
  return ok;
}

bool write_app_settings(const std::string& path, const AppSettings& settings, std::string& error) {
  std::ostringstream text;
  text << "# The player's settings, as chosen in the app (Menu).\n";
  if (!settings.palette.empty()) text << "palette " << settings.palette << "\n";
  return platform::save_file_atomic(path, text.str(), error);
}

}  // namespace colonial
