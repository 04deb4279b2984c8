// GameMasterTools: what a game master at a table uses beside the orders
// (companion mode): the position editor, to make the app's board match the
// table's; the order sheet, a whole phase's orders typed or pasted at once;
// playing a phase again (rollback) and the branches that keeps; the results
// in large type for the table; and a picture of the board for the club's
// records. Each dialog is an entry of the modal stack (modals.h).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "game_session.h"
#include "layout.h"
#include "modals.h"
#include "order_sheet.h"
#include "position_editor.h"

namespace colonial {

class GameMasterTools {
 public:
  GameMasterTools();
  ~GameMasterTools();

  using Above = std::function<void()>;

  // --- the position editor (ModalKind::Editor): a panel beside the board
  void open_editor(const Game& game, Modals& modals);
  const PositionEditor& editor() const { return *editor_; }
  // A tap on the board while the editor is open.
  void tap(ProvinceId p) { editor_->tap(p); }
  void draw_editor(GameSession& session, Modals& modals, const Layout& layout, bool& panel_collapsed, double now,
                   const Above& above);

  // --- the order sheet (ModalKind::OrderSheet): a window over the panel
  // The sheet's orders and a hold for each unit they leave out, drawn on
  // the board while it is open.
  const OrderList& sheet_board() const { return sheet_board_; }
  void draw_sheet(GameSession& session, Modals& modals, const Layout& layout, double now, const Above& above);

  // --- playing a phase again (Question::Rollback) and the branches kept
  void draw_rollback(GameSession& session, Modals& modals, const Modal& question, double now, const Above& above);
  void draw_branches(GameSession& session, Modals& modals, double now, const Above& above);

  // --- the results for the table to read, and pictures of the board
  bool& table_view() { return table_view_; }
  // The next frame draws the board alone into a PNG named by the game and
  // the phase of `history_index`, beside the record (or in the user data
  // directory). take_picture(): where, once.
  void request_picture(const GameSession& session, int history_index);
  std::string take_picture() { return std::move(picture_path_); }
  bool picture_requested() const { return !picture_path_.empty(); }

 private:
  void read_sheet(const GameSession& session);
  void accept_sheet(GameSession& session, Modals& modals, double now);
  void draw_sheet_lines(const Map& map, int& good);
  void draw_editor_phase(const Game& game);
  void draw_editor_tools(const Map& map);
  void draw_editor_end(GameSession& session, Modals& modals, double now);

  std::unique_ptr<PositionEditor> editor_;
  std::unique_ptr<OrderSheet> sheet_;  // large: made when first needed
  std::string sheet_text_;
  OrderList sheet_board_;
  bool table_view_ = false;
  std::string picture_path_;
};

}  // namespace colonial
