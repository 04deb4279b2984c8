#include "tables.h"

#include <sys/stat.h>

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "autosave.h"
#include "files.h"
#include "report.h"
#include "translate.h"

namespace colonial {

namespace {

namespace fs = std::filesystem;

constexpr const char* kTablePrefix = "table-";
constexpr const char* kRecordSuffix = ".colonial";
constexpr const char* kArchivePrefix = "game-";  // Autosave::archive's names

// A record of this table is there: the file, its backup, or a damaged copy
// set aside (FILE.damaged, FILE.damaged.2, ...).
bool any_file_of(const std::string& path) {
  return platform::file_exists(path) || platform::file_exists(path + ".bak") ||
         platform::file_exists(path + ".damaged");
}

std::time_t modified(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? st.st_mtime : 0;
}

}  // namespace

KioskTables::KioskTables(std::string first_path) : first_(std::move(first_path)) {
  assert(!first_.empty());
  const std::size_t slash = first_.rfind('/');
  dir_ = slash == std::string::npos ? std::string() : first_.substr(0, slash + 1);
}

std::string KioskTables::path_for(int number) const {
  assert(number >= 1);
  if (number == 1) return first_;
  std::string path = dir_ + kTablePrefix;
  path += std::to_string(number);
  path += kRecordSuffix;
  return path;
}

int KioskTables::number_of(const std::string& path) const {
  if (path == first_) return 1;
  if (path.compare(0, dir_.size(), dir_) != 0) return 0;
  const std::string name = path.substr(dir_.size());
  const std::size_t prefix = std::char_traits<char>::length(kTablePrefix);
  const std::size_t suffix = std::char_traits<char>::length(kRecordSuffix);
  if (name.size() <= prefix + suffix || name.compare(0, prefix, kTablePrefix) != 0 ||
      name.compare(name.size() - suffix, suffix, kRecordSuffix) != 0)
    return 0;
  const std::string digits = name.substr(prefix, name.size() - prefix - suffix);
  if (digits.empty() || digits.size() > 6 || digits[0] == '0' ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return 0;
  const int n = std::atoi(digits.c_str());
  return n >= 2 ? n : 0;
}

std::vector<std::string> KioskTables::paths() const {
  std::vector<int> numbers;
  if (any_file_of(first_)) numbers.push_back(1);
  std::error_code ec;
  for (fs::directory_iterator it(dir_.empty() ? "." : dir_, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    // table-N.colonial, or its .bak or .damaged copy alone.
    for (const char* extra : {".bak", ".damaged"}) {
      const std::string e = extra;
      if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0)
        name.resize(name.size() - e.size());
    }
    const int n = number_of(dir_ + name);
    if (n >= 2 && std::find(numbers.begin(), numbers.end(), n) == numbers.end()) numbers.push_back(n);
  }
  std::sort(numbers.begin(), numbers.end());
  std::vector<std::string> out;
  out.reserve(numbers.size());
  for (const int n : numbers) out.push_back(path_for(n));
  return out;
}

std::vector<std::string> KioskTables::kept_records() const {
  std::vector<std::string> out;
  for (const std::string& path : paths())
    if (platform::file_exists(path)) out.push_back(path);
  std::vector<std::string> archived;
  std::error_code ec;
  for (fs::directory_iterator it(dir_.empty() ? "." : dir_, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.starts_with(kArchivePrefix) && name.ends_with(kRecordSuffix) && it->is_regular_file(ec))
      archived.push_back(dir_ + name);
  }
  // Their names are their time stamps (Autosave::archive).
  std::sort(archived.begin(), archived.end());
  out.insert(out.end(), archived.begin(), archived.end());
  return out;
}

std::string KioskTables::new_path() const {
  for (int n = 1;; ++n)
    if (!any_file_of(path_for(n))) return path_for(n);
}

void KioskTables::read_all(Map& map, Game& game, Game& scratch, std::vector<TableSummary>& out) const {
  out.clear();
  for (const std::string& path : paths()) {
    TableSummary t;
    t.path = path;
    t.number = number_of(path);
    t.name = text::format(text::tr("Table %d"), t.number);
    // Whatever the language on screen, a script names table 1 "Table 1"
    // and the log reads the same.
    t.label = "Table " + std::to_string(t.number);
    Autosave save(path);
    const ResumeOutcome r = platform::file_exists(path) || platform::file_exists(path + ".bak")
                                ? save.resume(map, game, scratch)
                                : ResumeOutcome{};
    t.last_activity = modified(platform::file_exists(path) ? path : path + ".bak");
    if (r.status != ResumeStatus::Resumed) {
      // Unreadable now, or set aside at an earlier start.
      t.damaged = true;
      t.message =
          r.status == ResumeStatus::Damaged
              ? r.message
              : text::format(text::tr("The saved game could not be read. It is kept as %s.damaged."), path.c_str());
      out.push_back(std::move(t));
      continue;
    }
    t.message = r.message;  // the backup was used
    t.variant = r.variant;
    if (!game.settings().table_name.empty()) t.name = t.label = game.settings().table_name.c_str();
    PhaseText phase;
    describe_phase(game.phase(), phase);
    t.phase = phase.c_str();
    t.over = game.over();
    if (t.over) {
      SentenceText end;
      describe_game_end(map, game.result(), end);
      t.result = end.c_str();
    } else {
      // As the app's turn flow asks: a person's seat with a choice that has
      // not handed in yet.
      for (PowerId p = 0; p < map.power_count(); ++p) {
        if (!game.has_choice(p) || ((game.settings().computer_powers >> p) & 1u) || game.handed_in(p)) continue;
        if (!t.waiting.empty()) t.waiting += ", ";
        t.waiting += power_name(map, p);
      }
    }
    t.position = game.position();
    out.push_back(std::move(t));
  }
}

bool KioskTables::remove(const std::string& path, std::string& error) const {
  assert(number_of(path) >= 1);
  std::vector<std::string> files = {path, path + ".bak", path + ".damaged"};
  for (int n = 2; n < 1000 && platform::file_exists(path + ".damaged." + std::to_string(n)); ++n)
    files.push_back(path + ".damaged." + std::to_string(n));
  for (const std::string& f : files) {
    std::error_code ec;
    fs::remove(f, ec);
    if (ec) {
      error = "cannot delete " + f + ": " + ec.message();
      return false;
    }
  }
  return true;
}

std::string KioskTables::Archived::sentence() const {
  return "the game untouched for " + std::to_string(days) + " days " +
         (kept.empty() ? "could not be archived: " + error : "is archived as " + kept);
}

std::vector<KioskTables::Archived> KioskTables::archive_stale(int days, std::time_t now) const {
  std::vector<Archived> archived;
  if (days <= 0) return archived;
  for (const std::string& path : paths()) {
    if (!platform::file_exists(path)) continue;
    const double age = std::difftime(now, modified(path)) / 86400.0;
    if (age < days) continue;
    Archived a;
    a.days = static_cast<int>(age);
    a.kept = Autosave(path).archive(a.error);
    archived.push_back(std::move(a));
  }
  return archived;
}

}  // namespace colonial
