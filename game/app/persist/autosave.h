// Autosave: the game in progress, kept in one record file (engine/record.h)
// in the user's data directory, saved atomically after every Done and every
// phase, and resumed when the app starts. A damaged file is never lost and
// never crashes the app: it is moved aside (FILE.damaged), the player is told,
// and the last good save before it (FILE.bak, kept by every atomic save) is
// offered if it reads.
#pragma once

#include <string>
#include <string_view>

#include "game.h"
#include "map.h"

namespace colonial {

enum class ResumeStatus : u8 {
  NoSave = 0,  // nothing saved (first start, or the last game was finished)
  Resumed,     // the game is back
  Damaged,     // the save could not be read; it was kept aside
};

struct ResumeOutcome {
  ResumeStatus status = ResumeStatus::NoSave;
  std::string message;       // for the player, when Damaged (and when the backup was used)
  std::string kept_as;       // where the damaged file went
  bool from_backup = false;  // Resumed from FILE.bak (one save older)
  std::string variant;       // the resumed record's variant
};

// Loads the map a record names ("colonial", "standard" or a map file path).
// Returns false with a sentence in `error`.
bool load_variant_map(std::string_view variant, Map& map, std::string& error);

class Autosave {
 public:
  // `path` is the record file; empty disables saving (and resuming).
  explicit Autosave(std::string path = {}) : path_(std::move(path)) {}
  const std::string& path() const { return path_; }
  bool enabled() const { return !path_.empty(); }

  // The default place: <user data dir>/autosave.colonial. Empty with
  // `error` when there is no writable home.
  static std::string default_path(std::string& error);

  // Writes the whole game atomically. False with `error` (the previous save
  // is intact then).
  bool save(const Game& game, std::string_view variant, std::string& error);

  // Reads the save into `game` (with `map` loaded for its variant). A save
  // that cannot be read is renamed to PATH.damaged (or .damaged.2, ...) and
  // reported; then PATH.bak is tried, and used if it reads.
  ResumeOutcome resume(Map& map, Game& game, Game& scratch);

  // Moves the save out of the way before another game starts, so that the
  // game replaced is never lost: renamed to game-YYYYMMDD-HHMMSS.colonial
  // beside it (colonial-judge reads it). Returns the new name, or empty with
  // `error` (or without, when there was nothing saved).
  std::string archive(std::string& error);
  // Renames a file that cannot be read to FILE.damaged (or .damaged.2,
  // ...), out of the way of the next save and never lost. Returns the new
  // name, or empty with `error`.
  static std::string keep_aside(const std::string& file, std::string& error);

  // Whether `file` is a record of a later version of the format than this
  // program reads (written by a newer Colonial): such a save is left where
  // it is, untouched, for that version to resume.
  static bool written_by_newer_version(const std::string& file);

  // The record reader: reads `file` into `game` (with `map` loaded for its
  // variant, `scratch` the replay's working space). False with `why` (a
  // sentence: an empty file, not a record, its line and what is wrong).
  static bool read_into(const std::string& file, Map& map, Game& game, Game& scratch, std::string& variant,
                        std::string& why);

 private:
  std::string path_;
};

}  // namespace colonial
