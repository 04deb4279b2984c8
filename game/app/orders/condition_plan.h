// ConditionPlan: a power's retreats and adjustments planned in advance with
// its movement orders (the club's house rules: "If CAN is dislodged,
// retreat YUN, CHU", "If 2 builds: build A TON, F ANN"). The logic of the
// order pad's "Plan retreats and builds" step, without ImGui, so that tests
// drive it: it offers only the engine's planning choices
// (conditional_retreat_choices, conditional_adjustment_choices) and keeps
// what the player picks as the Conditions Game::submit_conditions takes.
//
// Retreats are a preference list per unit: picking a choice appends it
// (first pick = first preference), picking it again removes it. Builds and
// disbands are planned per count ("if 1 build", "if 2 builds"...): up to
// that many orders.
#pragma once

#include "conditions.h"
#include "legal.h"

namespace colonial {

class Game;

class ConditionPlan {
 public:
  // Starts planning for `power` in the game's current phase, with what it
  // already handed in (Game::conditions_of). Plans are for movement phases
  // only (available()).
  void begin(const Game& game, PowerId power);
  bool available() const { return map_ != nullptr && pos_->phase.kind == PhaseKind::Movement; }

  // --- retreats: the power's units, each with its choices
  int unit_count() const { return units_.size(); }
  ProvinceId unit(int i) const { return units_[i]; }
  const PlanOrders& retreat_choices(ProvinceId p);  // Disband last
  // 1-based preference of `o` for the unit in p; 0 when not picked.
  int retreat_rank(ProvinceId p, const Order& o) const;
  void toggle_retreat(ProvinceId p, const Order& o);

  // --- builds and disbands by count
  const AdjustmentChoices& adjustment_choices() const { return adjust_; }
  // 1-based position of `o` among the orders planned for `count` builds
  // (disbands when `disband`); 0 when not picked.
  int adjustment_rank(bool disband, int count, const Order& o) const;
  // Adds or removes `o` for that count; refused (false) when the count's
  // orders are full or the order is there twice.
  bool toggle_adjustment(bool disband, int count, const Order& o);

  // What the player planned, as Game::submit_conditions takes it.
  const ConditionList& conditions() const { return conditions_; }
  int planned() const { return conditions_.size(); }
  // True when the engine would accept the plan; else why, and which one.
  bool valid(ReasonText& why) const;
  void clear() { conditions_.clear(); }
  bool dirty() const { return !(conditions_ == initial_); }

 private:
  Condition* find(ConditionKind kind, LocationId at, int count);
  const Condition* find(ConditionKind kind, LocationId at, int count) const;
  void drop_empty();

  const Map* map_ = nullptr;
  const Position* pos_ = nullptr;
  PowerId power_ = kNoPower;
  FixedVector<ProvinceId, kMaxUnits> units_;
  ProvinceId choices_for_ = kNoProvince;
  PlanOrders choices_;
  AdjustmentChoices adjust_;
  ConditionList conditions_;
  ConditionList initial_;
};

}  // namespace colonial
