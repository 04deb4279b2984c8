#include "autosave.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <system_error>

#include "files.h"
#include "record.h"
#include "translate.h"

namespace colonial {

bool load_variant_map(std::string_view variant, Map& map, std::string& error) {
  std::string file_text;
  std::string_view text = builtin_map_text(variant);
  std::string file_name = std::string(variant) + ".map";
  if (text.empty()) {
    if (!platform::read_file(std::string(variant), file_text, error)) return false;
    text = file_text;
    file_name = variant;
  }
  MapErrors errors;
  if (!load_map(text, file_name, map, errors)) {
    FixedString<1024> report;
    errors.format(report);
    std::string_view lines = report.view();
    while (!lines.empty() && lines.back() == '\n') lines.remove_suffix(1);
    error = "cannot load the map:\n" + std::string(lines);
    return false;
  }
  return true;
}

std::string Autosave::default_path(std::string& error) {
  std::string dir;
  if (!platform::user_data_dir(dir, error)) return {};
  return dir + "autosave.colonial";
}

bool Autosave::save(const Game& game, std::string_view variant, std::string& error) {
  if (!enabled()) return true;
  std::string text;
  TextSink sink{&text, [](void* c, std::string_view t) {
                  static_cast<std::string*>(c)->append(t);
                  return true;
                }};
  if (!write_record(game, variant, sink)) {
    error = "cannot write the game record";
    return false;
  }
  return platform::save_file_atomic(path_, text, error);
}

bool Autosave::read_into(const std::string& file, Map& map, Game& game, Game& scratch, std::string& variant,
                         std::string& why) {
  std::string text;
  if (!platform::read_file(file, text, why)) return false;
  if (text.empty()) {
    why = "the file is empty (the device may have lost power while the first save was written)";
    return false;
  }
  const std::string_view v = record_variant(text);
  if (v.empty()) {
    why = "it is not a Colonial game record";
    return false;
  }
  variant = v;
  if (!load_variant_map(v, map, why)) {
    why = "its board '" + variant + "': " + why;
    return false;
  }
  RecordError err;
  if (!read_record(text, map, game, scratch, err)) {
    why = err.line > 0 ? "line " + std::to_string(err.line) + ": " + err.message.c_str() : err.message.c_str();
    return false;
  }
  return true;
}

bool Autosave::written_by_newer_version(const std::string& file) {
  std::string text;
  std::string why;
  if (!platform::file_exists(file) || !platform::read_file(file, text, why)) return false;
  // The record's first line that is not blank or a comment, as the reader
  // takes it: `colonial-record N`.
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = text.substr(at, end - at);
    at = end + 1;
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    int version = 0;
    char after = 0;
    const int got = std::sscanf(line.c_str() + first, "colonial-record %d%c", &version, &after);
    return (got == 1 || (got == 2 && (after == ' ' || after == '\t' || after == '\r' || after == '#'))) &&
           version > kRecordVersion;
  }
  return false;
}

std::string Autosave::keep_aside(const std::string& file, std::string& error) {
  for (int n = 1; n < 1000; ++n) {
    // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on
    // "literal" + std::to_string(n).
    std::string to = file + ".damaged";
    if (n > 1) to += '.' + std::to_string(n);
    if (platform::file_exists(to)) continue;
    std::error_code ec;
    std::filesystem::rename(file, to, ec);
    if (ec) {
      error = ec.message();
      return {};
    }
    return to;
  }
  error = "too many damaged saves kept already";
  return {};
}

ResumeOutcome Autosave::resume(Map& map, Game& game, Game& scratch) {
  ResumeOutcome out;
  if (!enabled()) return out;
  const std::string backup = path_ + ".bak";
  if (!platform::file_exists(path_) && !platform::file_exists(backup)) return out;
  std::string why;
  if (platform::file_exists(path_)) {
    if (read_into(path_, map, game, scratch, out.variant, why)) {
      out.status = ResumeStatus::Resumed;
      return out;
    }
    std::string error;
    out.kept_as = keep_aside(path_, error);
    out.message = text::format(text::tr("The saved game could not be read (%s)."), why.c_str()) + " ";
    out.message += out.kept_as.empty() ? text::format(text::tr("It could not be moved aside (%s); it is still at %s."),
                                                      error.c_str(), path_.c_str())
                                       : text::format(text::tr("It is kept as %s."), out.kept_as.c_str());
  }
  // The previous save, one Done or one phase older, is the next best thing.
  std::string backup_why;
  if (platform::file_exists(backup) && read_into(backup, map, game, scratch, out.variant, backup_why)) {
    out.status = ResumeStatus::Resumed;
    out.from_backup = true;
    out.message += " ";
    out.message += text::tr("The save before it was good: the game goes on from there (the last step may be missing).");
    return out;
  }
  if (out.message.empty()) return out;  // only a stale backup of a finished game
  out.status = ResumeStatus::Damaged;
  return out;
}

std::string Autosave::archive(std::string& error) {
  if (!enabled() || !platform::file_exists(path_)) return {};
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  const std::filesystem::path dir = std::filesystem::path(path_).parent_path();
  for (int n = 1; n < 100; ++n) {
    std::string name = std::string("game-") + stamp;
    if (n > 1) name += '-' + std::to_string(n);
    name += ".colonial";
    std::string to = (dir / name).string();
    if (platform::file_exists(to)) continue;
    std::error_code ec;
    std::filesystem::rename(path_, to, ec);
    if (ec) {
      error = "cannot keep the previous game as " + to + ": " + ec.message();
      return {};
    }
    std::filesystem::remove(path_ + ".bak", ec);
    return to;
  }
  error = "too many saved games with the same time stamp";
  return {};
}

}  // namespace colonial
