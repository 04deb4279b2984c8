// The order-entry state machine: one power's orders for the current phase,
// built from taps, a cursor and buttons, offering legal choices only.
//
// This is the logic of OrderEntry (order_entry.h) without ImGui or the board,
// so that tests can drive it: every choice it offers comes from legal_orders
// or legal_adjustments, and every order it stores is one of those lists'
// orders (or a typed order that check_order accepts). It only ever holds the
// orders of the power it was started for (pass-and-play privacy).
//
// Building an order, by step:
//   Idle      nothing selected; tapping one of the power's units selects it
//             (a dislodged unit in a retreat phase, a free home colony or a
//             unit in an adjustment phase).
//   Action    a unit is selected; the action (Move by default, or Support,
//             Convoy, TSR, Canal permission, Retreat, Build army...) decides
//             what the board offers. Tapping a highlighted province makes the
//             order; tapping the unit again holds (or, for actions without a
//             target - Disband, Build - makes the order).
//   Other     Support / Convoy: the supported or convoyed unit is chosen; tap
//             its destination (for a support, the unit itself = support to
//             hold).
//   Coast     a fleet's move or build that could mean two coasts: which one.
//
// It allocates nothing: the lists are fixed-size members (about 80 KB in
// all: keep an OrderEntryModel in static storage or inside a long-lived
// object, not on a small stack).
#pragma once

#include <string_view>

#include "fixed.h"
#include "legal.h"
#include "notation.h"
#include "order.h"
#include "position.h"

namespace colonial {

class Game;
class Map;

enum class EntryStep : u8 { Idle = 0, Action, Other, Coast };

// What the player asks of the selected unit (or of the power, for Waive).
enum class EntryAction : u8 {
  None = 0,
  Hold,
  Move,
  Support,
  Convoy,
  Rail,         // A MOS-TSR-VLA (rule 9.2)
  CanalPermit,  // F EGY SC F MED-RED (rule 9.34)
  Retreat,
  Disband,  // retreat phase, or a removal in an adjustment phase
  BuildArmy,
  BuildFleet,
  Waive,
};

// The label of an action's button: "Hold", "Move", "Support", "Convoy",
// "TSR", "Canal", "Retreat", "Disband", "Build army", "Build fleet", "Waive".
std::string_view action_label(EntryAction a);

// A point on the screen for each province (the cursor snaps between them).
struct ScreenPoint {
  float x = 0;
  float y = 0;
  bool valid = false;  // false: the province is not drawn (not a candidate)
};

// One line of the order list: an order entered, or what happens without one
// ("A DEL holds (no order)").
struct EntryRow {
  Order order;                            // the order (or the implicit one)
  ProvinceId unit = kNoProvince;          // the unit or build site it is for; kNoProvince for summaries
  bool implicit = false;                  // no order entered: what the rules do instead
  VoidReason problem = VoidReason::None;  // an order loaded from the game that is void now
};

using EntryText = FixedString<256>;

class OrderEntryModel {
 public:
  static constexpr int kUndoDepth = 32;

  // Starts entering orders for `power` in the game's current phase, with the
  // orders it already submitted. The game must outlive the model's use (or
  // begin() be called again).
  void begin(const Game& game, PowerId power);

  // --- input
  // A tap (click, A button on the cursor) on province p; long_press is the
  // hold shortcut (a disband or the default build in an adjustment phase).
  void tap(ProvinceId p, bool long_press);
  // A button: an action for the selected unit, or Waive for the power.
  // Actions that need no target (Hold, Disband, builds without a coast
  // question, Waive) make the order at once.
  void choose(EntryAction a);
  bool available(EntryAction a) const;
  // The actions offered now, in the order the panel shows them.
  int actions(EntryAction* out, int capacity) const;
  // Gamepad: the next (dir > 0) or previous action (Action step), or coast
  // (Coast step).
  void cycle(int dir);
  // The Coast step: choose candidate i of coast_choices().
  void choose_coast(int i);
  // Support / Convoy: whether a move by convoy is wanted when the unit could
  // also walk there (DATC 4.A.3); only offered when it makes a difference.
  void set_via_convoy(bool on) { via_convoy_ = on; }
  bool via_convoy() const { return via_convoy_; }
  bool via_convoy_matters() const;
  // One step back in the order being built (Escape, B); true if there was one.
  bool back();
  // Drops the order being built.
  void cancel();
  // Reverts the last change to the order list; false if there is none.
  bool undo();
  bool can_undo() const { return !undo_.empty(); }
  // Selects the unit (or build site) of an order-list row to change its order.
  void edit(ProvinceId unit);
  // Deletes the order of this unit (or build site); the unit then holds (or
  // disbands, in a retreat phase). remove_row() deletes the order of a row
  // of the list (also a Waive).
  void remove(ProvinceId unit);
  void remove_row(int row);
  // Reads one or several typed orders ("F HK S F GOS-SCS, A DEL H") with the
  // one parser. All are added, or none: false with the reason in message().
  bool type_orders(std::string_view text);

  // --- the cursor (keyboard and gamepad)
  // Moves the cursor to the nearest province in direction (dx, dy) among
  // those that matter in this step (the power's units, the highlighted
  // targets), or any province if none lies that way. points[p] is where
  // province p is drawn.
  void cursor_move(float dx, float dy, const ScreenPoint* points, int count);
  void cursor_activate() { tap(cursor_, false); }
  ProvinceId cursor() const { return cursor_; }
  void set_cursor(ProvinceId p);  // ignored for a province not on the map

  // --- state
  const Map& map() const { return *map_; }
  const Position& position() const { return *pos_; }
  PowerId power() const { return power_; }
  PhaseKind phase() const { return pos_->phase.kind; }
  bool started() const { return map_ != nullptr; }
  EntryStep step() const { return step_; }
  EntryAction action() const { return action_; }
  ProvinceId selected() const { return selected_; }
  ProvinceId other() const { return other_; }  // supported / convoyed unit
  // The provinces a tap may pick in this step (Idle: the units and build
  // sites the power may order now).
  const ProvinceSet& targets() const { return targets_; }
  // Coast step: the candidate orders, one per coast, and the one the cursor
  // would pick.
  const FixedVector<Order, 4>& coast_choices() const { return coasts_; }
  int coast_pick() const { return coast_pick_; }
  // Adjustment phase: builds (> 0) or disbands (< 0) due, and how many are
  // still to enter.
  int adjustment_due() const { return due_; }
  int adjustments_left() const;
  // True if the power's unit in p may be converted to the other type now
  // (Era of Empire's conversion: it uses no build).
  bool convertible(ProvinceId p) const;
  // The label of an action button for the selected unit or site: a build
  // where the power's own unit stands reads "Convert to army".
  std::string_view action_text(EntryAction a) const;

  // The complete orders entered (what "Done" submits).
  const OrderList& orders() const { return orders_; }
  bool dirty() const { return !(orders_ == initial_); }
  // The order of the unit (or build site) in province p, or nullptr.
  const Order* order_of(ProvinceId p) const;
  // The canal permission (SC) the unit in p gives beside its own order, or
  // nullptr.
  const Order* permit_of(ProvinceId p) const;

  // --- text for the panel (orders in rulebook style, dashes as " - ")
  // The order as built so far: "F HK S F GOS - SCS" grows one choice at a time.
  void sentence(EntryText& out) const;
  // What to do now: "Tap one of your units", "Tap where F HK moves"...
  void hint(EntryText& out) const;
  // The last problem (a typed order that did not parse, a refused choice);
  // empty when none. Cleared by the next successful step.
  std::string_view message() const { return message_.view(); }
  // "Build 2", "Disband 1", or empty outside adjustments.
  void adjustment_title(EntryText& out) const;
  // The order list: every unit of the power (movement, retreat) with its
  // order or the implicit one, or the adjustments entered and what is left.
  int row_count() const { return rows_.size(); }
  const EntryRow& row(int i) const { return rows_[i]; }
  void row_text(int i, EntryText& out) const;
  // An order as the panel writes it: rulebook style, ASCII dashes.
  void order_text(const Order& o, EntryText& out) const;

 private:
  void reset_step();
  void select(ProvinceId p);
  void set_action(EntryAction a);
  void refresh_targets();
  void refresh_rows();
  void commit(const Order& o);
  VoidReason admit(const OrderList& list, const Order& o) const;
  void put(OrderList& list, const Order& o) const;
  void push_undo();
  bool orderable(ProvinceId p) const;
  EntryAction default_action() const;
  bool pick_target(ProvinceId p);
  void pick_destination(OrderKind kind, ProvinceId d);
  void commit_self();
  void commit_self_default();
  void commit_build(UnitType t);
  int count_kind(OrderKind k) const;
  // Builds entered that use a build (conversions do not).
  int counted_builds(const OrderList& list) const;
  bool any_convertible() const;
  int find_order(ProvinceId p) const;
  ProvinceId order_province(const Order& o) const;
  void unit_text(UnitType t, LocationId at, EntryText& out) const;
  void location_text(LocationId l, EntryText& out) const;

  const Game* game_ = nullptr;
  const Map* map_ = nullptr;
  const Position* pos_ = nullptr;
  PowerId power_ = kNoPower;
  int due_ = 0;

  OrderList orders_;
  OrderList initial_;
  FixedVector<OrderList, kUndoDepth> undo_;
  FixedVector<EntryRow, kMaxOrders + 2> rows_;

  EntryStep step_ = EntryStep::Idle;
  EntryAction action_ = EntryAction::None;
  ProvinceId selected_ = kNoProvince;
  ProvinceId other_ = kNoProvince;
  ProvinceId cursor_ = kNoProvince;
  bool via_convoy_ = false;
  ProvinceSet targets_;
  FixedVector<Order, 4> coasts_;
  int coast_pick_ = 0;
  EntryStep coast_from_ = EntryStep::Action;  // where Back returns from the Coast step
  // The selected unit's legal orders (movement, retreat), or the power's
  // legal adjustments (adjustment phase, for the whole phase).
  LegalOrders legal_;
  Order last_;  // the last order made, echoed in the sentence bar
  FixedString<256> message_;
};

}  // namespace colonial
