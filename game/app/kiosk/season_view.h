// SeasonView: the club's season at a kiosk. Its finished games are the
// records it keeps (each table's, and the games archived beside them:
// persist/tables.h); those played to a scoring system make the standings
// (game/season: the table `colonial-judge score` prints from the same
// records). Staff (ModalKind::Season) see the whole table, choose the
// system when games were scored by several and how many best games count,
// merge two spellings of a player's name, and export the table as CSV and
// as a printable page into the kiosk's folder. The attract view shows its
// top rows to passers-by. What staff choose is kept in a small file beside
// the kiosk's settings ("season"), saved atomically; a damaged one is said
// in a line and ignored (the games themselves untouched), and set aside
// whole (season.damaged) by the first change staff make.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "modals.h"
#include "season.h"
#include "tables.h"

namespace colonial {

class SeasonView {
 public:
  // The kiosk's records are `first_path` (its autosave) and those beside
  // it; the season's file and exports go in the same folder.
  explicit SeasonView(const std::string& first_path);

  // The club's scoring system for new games (the kiosk's settings; "" or
  // an unknown name: none): what the table is shown by when staff have not
  // chosen and its games were scored by it.
  void set_club_system(const std::string& name);

  // Reads the season's file and every finished game again, and makes the
  // standings.
  void read();
  // The standings shown (no rows: no scored game has finished).
  const Standings& standings() const { return standings_; }

  // Staff's view (ModalKind::Season): read afresh, then opened.
  void open(Modals& modals);
  void draw(Modals& modals, const std::function<void()>& above);
  // The attract view's table: its heading and as many of the first rows as
  // fit in `height` points; returns the rows drawn (0: nothing drawn).
  int draw_top_rows(float height) const;

 private:
  void read_settings();
  void save_settings();
  void choose_system();
  void compute();
  void export_to(bool page);
  void draw_choices();
  void draw_table(float height);
  void draw_merging();
  std::string file_name(const std::string& path) const;

  KioskTables tables_;
  std::string dir_;               // the kiosk's folder, with its trailing '/'
  std::string settings_path_;     // the season's file
  std::string settings_problem_;  // why the file was not used ("" when it was)
  SeasonSettings settings_;
  std::vector<SeasonGame> scored_;      // the finished games played to a system
  int unscored_ = 0;                    // finished games played to none
  std::vector<std::string> left_out_;   // records not read, and why
  std::vector<ScoringSystem> systems_;  // those of scored_, most games first
  ScoringSystem system_ = ScoringSystem::CentreCount;
  bool has_club_system_ = false;
  ScoringSystem club_system_ = ScoringSystem::CentreCount;
  Standings standings_;
  std::string exported_;  // the line after an export
  bool export_failed_ = false;
  int picked_ = -1;           // the row tapped first to merge (-1: none)
  int target_ = -1;           // the row it is another spelling of
  bool scroll_top_ = false;   // the table is shown from its first row at the next frame
  std::string save_problem_;  // a failed save of the season's file
  float below_h_ = 0;         // the height of what the dialog draws under its table (the last frame's)
};

}  // namespace colonial
