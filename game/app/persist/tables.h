// The kiosk's tables: several games kept at once, each in its own record
// file, so that a club's tables play side by side and resuming one never
// touches another. The first table is the autosave itself
// (autosave.colonial); the others are table-2.colonial, table-3.colonial,
// ... beside it. Every record is written by its own Autosave (atomic, with
// its .bak), read the same way (a damaged one set aside as FILE.damaged,
// its backup used when good), archived as game-STAMP.colonial, never
// deleted except by staff. No SDL, no ImGui: tested alone.
#pragma once

#include <ctime>
#include <string>
#include <vector>

#include "game.h"
#include "map.h"

namespace colonial {

// What the start screen shows of one table.
struct TableSummary {
  std::string path;      // its record
  int number = 1;        // 1 for the autosave, N for table-N.colonial
  std::string name;      // the record's table name, else "Table N" in the language on screen
  std::string label;     // the same in the log and in scripts: the record's name, else "Table N" in English
  bool damaged = false;  // unreadable (set aside); only staff can remove it
  std::string message;   // for staff: what was wrong, what became of the file
  std::string variant;   // "colonial", "standard" or a map file
  std::string phase;     // "1870 Movement"
  std::string waiting;   // the people still to give orders: "Britain, China"
  bool over = false;
  std::string result;             // how the game ended, when over
  std::time_t last_activity = 0;  // the record's last save
  Position position;              // for its thumbnail
};

class KioskTables {
 public:
  // `first_path`: the autosave, whose folder holds the other tables.
  explicit KioskTables(std::string first_path);

  // Every table's record, by number: those with a record, a backup only, or
  // only a damaged file set aside (shown as damaged until staff remove it).
  std::vector<std::string> paths() const;
  // Every game record kept here: each table's record that is there (in
  // number order), then the games archived beside them (game-*.colonial,
  // oldest first). What a season is read from.
  std::vector<std::string> kept_records() const;
  // The record of a new table: the first number free.
  std::string new_path() const;
  // The table number of a record path (1 for the autosave); 0 if it is none
  // of this kiosk's.
  int number_of(const std::string& path) const;

  // Reads every table into `out` (in number order), with `map`, `game` and
  // `scratch` as working space (left holding the last table read).
  void read_all(Map& map, Game& game, Game& scratch, std::vector<TableSummary>& out) const;

  // Removes a table: its record, backup and damaged copies. False with
  // `error` when a file stays.
  bool remove(const std::string& path, std::string& error) const;
  // Archives (as game-STAMP.colonial beside them) the tables whose record
  // was last saved `days` or more before `now`. Returns one for each.
  struct Archived {
    int days = 0;       // untouched for so long
    std::string kept;   // where it went ("" if it could not be archived)
    std::string error;  // why not
    // "the game untouched for N days is archived as FILE", or why not.
    std::string sentence() const;
  };
  std::vector<Archived> archive_stale(int days, std::time_t now) const;

 private:
  std::string path_for(int number) const;
  std::string dir_;    // with its trailing '/'
  std::string first_;  // the autosave
};

}  // namespace colonial
