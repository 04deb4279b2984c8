#include "app_settings.h"

#include <sstream>

#include "files.h"
#include "text_lines.h"

namespace colonial {

bool palette_name_well_formed(const std::string& name) {
  return !name.empty() && name.size() <= 32 &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == std::string::npos;
}

bool read_app_settings(const std::string& path, AppSettings& out, std::string& error) {
  std::string text;
  if (!platform::read_file(path, text, error)) return false;
  AppSettings read = out;
  std::string_view rest = text, text_line;
  for (int number = 1; next_line(rest, text_line); ++number) {
    std::string line(text_line);
    if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string key, value, extra;
    if (!(words >> key)) continue;
    const bool one_value = static_cast<bool>(words >> value) && !(words >> extra);
    auto fail = [&](const std::string& what) {
      error = path;
      error += ':';
      error += std::to_string(number);
      error += ": ";
      error += what;
      return false;
    };
    if (key == "palette") {
      if (!one_value || !palette_name_well_formed(value))
        return fail("palette wants a palette's name such as board, protanopia, deuteranopia or tritanopia");
      read.palette = value;
    } else {
      return fail("unknown setting '" + key + "' (palette)");
    }
  }
  out = read;
  return true;
}

bool write_app_settings(const std::string& path, const AppSettings& settings, std::string& error) {
  std::ostringstream text;
  text << "# The player's settings, as chosen in the app (Menu).\n";
  if (!settings.palette.empty()) text << "palette " << settings.palette << "\n";
  return platform::save_file_atomic(path, text.str(), error);
}

}  // namespace colonial
