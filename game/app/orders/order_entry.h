// OrderEntry: the order pad of one power for the current phase, for the
// orders screen. Taps and clicks on the board, a keyboard or gamepad cursor
// that snaps from province to province, the panel's buttons and a typed-order
// box all build orders from the legal choices only (OrderEntryModel, which
// holds the logic; this class adds the ImGui panel and the board).
//
// Embedding (tests/app/test_order_entry_shots.cpp does the frame part):
//   entry.begin(game, power);                        // on showing the screen
//   event:  if (!entry.handle_event(e, view)) {      // keys and gamepad first
//             BoardGesture g = view.handle_input(e);
//             if (g.tap) entry.tap_at(view, g.at, g.secondary); }
//   frame:  entry.apply_highlights(view); view.set_orders(&entry.orders());
//           view.draw(canvas); entry.draw_cursor(canvas, view);
//           (inside the ImGui frame) entry.draw_panel();
//   Done:   game.submit(power, entry.orders());
//
// Privacy: an OrderEntry only ever holds the orders of the power given to
// begin(); the panel shows nothing of other powers' orders.
#pragma once

#include <functional>
#include <utility>

#include "condition_plan.h"
#include "order_entry_model.h"

namespace colonial {

class BoardView;
class Game;

namespace platform {
class Canvas;
struct InputEvent;
struct PointF;
}  // namespace platform

class OrderEntry {
 public:
  // Starts entering orders for `power` in the game's current phase; loads
  // the orders it already submitted. The game must outlive the entry's use;
  // call begin() again after the game moves to another phase.
  void begin(const Game& game, PowerId power);

  // The board was tapped or clicked on province p (BoardView does the hit
  // test); long_press = the hold shortcut (a right click, a long press).
  void tap_province(ProvinceId p, bool long_press);
  // The same from a screen point, through the board's one hit test
  // (BoardView::pick), preferring what this step can use.
  void tap_at(const BoardView& view, platform::PointF at, bool long_press);

  // Keyboard and gamepad: move the cursor to the next province that matters
  // in direction (dx, dy) (screen axes: +x right, +y down), using where the
  // view draws each province. activate = A / Enter; back = B / Escape: one
  // step back in the order being built (twice or more cancels it).
  void cursor_move(float dx, float dy, const BoardView& view);
  void cursor_activate();
  void back();
  ProvinceId cursor() const { return model_.cursor(); }

  // Keys and gamepad buttons bound to the pad (arrows and the D-pad move the
  // cursor, Enter/Space/A activate, Escape/B back, Ctrl+Z/Y undo, shoulders
  // or Tab cycle the action, letters pick actions: H M S C T P R D A F W,
  // 1-4 a coast). Returns true if the event was used (then do not pass it
  // to the board). Events the ImGui overlay captured are left alone.
  bool handle_event(const platform::InputEvent& e, const BoardView& view);

  // The ImGui window "Orders" (collapsible): the growing sentence, the
  // action buttons valid now, coast choice, Cancel and Undo, the typed-order
  // box and the power's order list. By default it floats at the right of the
  // display, sized for it; set_panel_rect() docks it to a rectangle (ImGui
  // points; w <= 0 floats again). draw_panel_contents() draws the same into
  // a window the caller has begun.
  void draw_panel();
  void draw_panel_contents();
  void set_panel_rect(float x, float y, float w, float h);
  // True when the player folded the panel to its title bar (last frame):
  // the board may take the room.
  bool panel_collapsed() const { return collapsed_; }

  // Tells the board what to highlight: the selected unit and the provinces a
  // tap may pick in this step (without a selection, the power's units that
  // take orders, undimmed).
  void apply_highlights(BoardView& view) const;
  // Draws the keyboard/gamepad cursor as a ring on the board (after the
  // board); nothing while the player uses taps.
  void draw_cursor(platform::Canvas& canvas, const BoardView& view) const;

  // The orders entered so far (complete orders only): arrows, and "Done".
  const OrderList& orders() const { return model_.orders(); }
  // An order still in the text field when Done is pressed is entered first,
  // as its Enter would: typed and not entered, it would be lost without a
  // word. False, with the parser's reason shown, when it is not an order.
  bool enter_typed();
  bool dirty() const { return model_.dirty(); }  // changed since begin()

  OrderEntryModel& model() { return model_; }
  const OrderEntryModel& model() const { return model_; }
  // The retreats and builds planned in advance (movement phases; club house
  // rules): the panel's "Plan retreats and builds" step. Hand them in with
  // the orders: Game::submit_conditions(power, plan().conditions()).
  ConditionPlan& plan() { return plan_; }
  const ConditionPlan& plan() const { return plan_; }
  // The panel's "Plan retreats and builds" was pressed (once): the host
  // opens the plan's dialog over the screen and draws it with draw_plan()
  // until that returns false ("Done planning"). `above` draws what is open
  // over it, inside its popup.
  bool take_plan_request() { return std::exchange(plan_requested_, false); }
  // Whether the panel offers the plan at all (the lessons leave it out: a
  // newcomer has one thing to learn at a time).
  void offer_plan(bool on) { plan_offered_ = on; }
  bool draw_plan(const std::function<void()>& above = {});

 private:
  void draw_sentence();
  void draw_actions(float button_h);
  void scroll_actions_into_view();
  void draw_typed_box(float button_h);
  void draw_order_list(float row_h);
  void draw_plan_button(float button_h);
  void draw_plan_choices(float button_h);

  OrderEntryModel model_;
  ConditionPlan plan_;
  bool plan_requested_ = false;
  bool plan_offered_ = true;
  char typed_[256] = {};
  bool refocus_typed_ = false;
  bool cursor_shown_ = false;  // the cursor was moved since the last tap
  bool collapsed_ = false;
  // The unit and step whose action buttons were last brought into view: on
  // a short screen they would be below the fold when a unit is chosen.
  ProvinceId actions_shown_for_ = kNoProvince;
  EntryStep actions_shown_step_ = EntryStep::Idle;
  float panel_x_ = 0, panel_y_ = 0, panel_w_ = 0, panel_h_ = 0;
};

}  // namespace colonial
