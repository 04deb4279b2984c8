// TablesScreen: the start screen of a club's kiosk keeping several games,
// one record each (persist/tables.h). Each row shows the table's board in
// small, its phase, the powers still to give orders (never the orders) and
// when it was last played; players pick theirs with Play, or with the
// arrows (the pad) and Enter (A). Staff (behind the PIN) add a table,
// archive or delete one (asked first), open the kiosk's settings or its
// season's standings, or leave;
// a damaged record shows as such and only staff can remove it, the other
// tables staying playable. An entry of the modal stack (ModalKind::Tables).
#pragma once

#include <imgui.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "board_view.h"
#include "canvas.h"
#include "game_session.h"
#include "input.h"
#include "modals.h"
#include "season_view.h"
#include "staff_mode.h"
#include "tables.h"

namespace colonial {

// What the tables ask of the app that plays them.
class TableHost {
 public:
  // The table in play is left for another: saved; its computer decision,
  // its phones and what was open over it stopped.
  virtual void leave_table() = 0;
  // The game in the record at `path` is played (the new-game screen when
  // it holds none).
  virtual void open_table(const std::string& path) = 0;
  // The new-game screen, for a new table whose record is `path`.
  virtual void new_table_at(const std::string& path) = 0;

 protected:
  ~TableHost() = default;
};

class TablesScreen {
 public:
  // The kiosk's records: `first_path` (the autosave) and those beside it.
  explicit TablesScreen(const std::string& first_path);
  ~TablesScreen();

  // At start: archives the games left for `days` (0: never).
  void archive_stale(int days);
  // There are tables to pick from.
  bool any() const { return !tables_.paths().empty(); }

  // The name of the table in play (the top bar shows it; the new-game form
  // edits it): the game's, else "Table N".
  char* name() { return name_; }
  static constexpr std::size_t kNameSize = 24;
  void name_from(const Game& game, const std::string& record_path);
  void name_default(const std::string& record_path);
  // The name a new game at this table gets (the form's, else the default).
  std::string name_for_new_game(const std::string& record_path);

  // Opens the screen (the tables read afresh, the one in play saved first).
  void open(GameSession& session, Modals& modals, double now);
  // Reads every table again (the attract view lists them).
  void read(GameSession& session, double now);
  const std::vector<TableSummary>& list() const { return list_; }

  // The arrows or the pad choose a row, Enter or A plays it.
  void handle_key(const platform::InputEvent& e, GameSession& session, Modals& modals, TableHost& host);

  struct Frame {
    GameSession& session;
    Modals& modals;
    StaffMode& staff;
    TableHost& host;
    platform::Canvas& canvas;
    const BoardView& view;
    bool staff_locked;
    double now;
    SeasonView* season = nullptr;  // staff's Season... (null: none)
  };
  void draw(const Frame& f, const std::function<void()>& above);
  // The staff's question (Question::ArchiveTable or DeleteTable).
  void draw_question(const Frame& f, const Modal& question, const std::function<void()>& above);

  // Staff: a new table, its game chosen on the new-game screen.
  void new_table(GameSession& session, Modals& modals, TableHost& host);

 private:
  void play(std::size_t i, GameSession& session, Modals& modals, TableHost& host);
  void forget(std::size_t i, bool archive, const Frame& f);
  void make_thumbnails(platform::Canvas& canvas, const BoardView& view, const std::string& variant);
  void draw_row(const Frame& f, std::size_t i, float thumb_w);
  // Where a row's buttons go: from `left` (window points) at the top of the
  // row, beside its summary, or in a row of their own under it.
  struct ButtonsPlace {
    bool beside = true;
    float left = 0;
  };
  ButtonsPlace buttons_place(const Frame& f, std::size_t i, float thumb_w) const;
  // `summary`: where the row's name and summary were drawn (screen points).
  void draw_row_buttons(const Frame& f, std::size_t i, ButtonsPlace where, float row_top, ImVec2 summary_min,
                        ImVec2 summary_max);
  void draw_footer(const Frame& f);
  // The footer's buttons' widths in the order drawn, the way back to the
  // table in play last, and how many lines they take on this screen.
  static std::vector<float> footer_widths(const Frame& f);
  static int footer_rows(const Frame& f);

  KioskTables tables_;
  std::vector<TableSummary> list_;             // as last read
  std::vector<platform::ImageId> thumbnails_;  // per row; 0: none
  bool thumbnails_made_ = false;
  std::size_t selected_ = 0;  // the row the keys and the pad are on
  char name_[kNameSize] = {};
};

}  // namespace colonial
