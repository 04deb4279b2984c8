#include "condition_plan.h"

#include "game.h"
#include "map.h"

namespace colonial {

void ConditionPlan::begin(const Game& game, PowerId power) {
  map_ = &game.map();
  pos_ = &game.position();
  power_ = power;
  units_.clear();
  choices_for_ = kNoProvince;
  choices_.clear();
  adjust_ = AdjustmentChoices{};
  conditions_.clear();
  if (!available()) return;
  for (int i = 0; i < map_->province_count(); ++i) {
    const Unit& u = pos_->units[i];
    if (u.present() && u.power == power) units_.push_back(static_cast<ProvinceId>(i));
  }
  conditional_adjustment_choices(*map_, *pos_, power, adjust_);
  game.conditions_of(power, conditions_);
  initial_ = conditions_;
}

const PlanOrders& ConditionPlan::retreat_choices(ProvinceId p) {
  if (p != choices_for_) {
    choices_.clear();
    if (available()) conditional_retreat_choices(*map_, *pos_, p, choices_);
    choices_for_ = p;
  }
  return choices_;
}

Condition* ConditionPlan::find(ConditionKind kind, LocationId at, int count) {
  for (Condition& c : conditions_)
    if (c.kind == kind &&
        (kind == ConditionKind::Dislodged ? map_->province_of(c.at) == map_->province_of(at) : c.count == count))
      return &c;
  return nullptr;
}

const Condition* ConditionPlan::find(ConditionKind kind, LocationId at, int count) const {
  return const_cast<ConditionPlan*>(this)->find(kind, at, count);
}

int ConditionPlan::retreat_rank(ProvinceId p, const Order& o) const {
  if (!available()) return 0;
  const Unit& u = pos_->units[p];
  const Condition* c = find(ConditionKind::Dislodged, unit_location(*map_, p, u), 0);
  if (!c) return 0;
  for (int i = 0; i < c->orders.size(); ++i)
    if (c->orders[i] == o) return i + 1;
  return 0;
}

void ConditionPlan::toggle_retreat(ProvinceId p, const Order& o) {
  if (!available() || !pos_->units[p].present() || pos_->units[p].power != power_) return;
  const Unit& u = pos_->units[p];
  const LocationId at = unit_location(*map_, p, u);
  Condition* c = find(ConditionKind::Dislodged, at, 0);
  if (!c) {
    Condition fresh;
    fresh.kind = ConditionKind::Dislodged;
    fresh.power = power_;
    fresh.unit = u.type;
    fresh.at = at;
    if (!conditions_.push_back(fresh)) return;
    c = &conditions_.back();
  }
  for (int i = 0; i < c->orders.size(); ++i)
    if (c->orders[i] == o) {
      c->orders.erase_at(i);
      drop_empty();
      return;
    }
  c->orders.push_back(o);
}

int ConditionPlan::adjustment_rank(bool disband, int count, const Order& o) const {
  const Condition* c = find(disband ? ConditionKind::Disbands : ConditionKind::Builds, kNoLocation, count);
  if (!c) return 0;
  for (int i = 0; i < c->orders.size(); ++i)
    if (c->orders[i] == o) return i + 1;
  return 0;
}

bool ConditionPlan::toggle_adjustment(bool disband, int count, const Order& o) {
  if (!available() || count < 1) return false;
  const ConditionKind kind = disband ? ConditionKind::Disbands : ConditionKind::Builds;
  Condition* c = find(kind, kNoLocation, count);
  if (c) {
    for (int i = 0; i < c->orders.size(); ++i)
      if (c->orders[i] == o) {
        c->orders.erase_at(i);
        drop_empty();
        return true;
      }
    // One build per colony: a fleet replaces an army planned in the same place.
    for (int i = 0; i < c->orders.size(); ++i)
      if (o.kind == OrderKind::Build && c->orders[i].kind == OrderKind::Build &&
          map_->province_of(c->orders[i].at) == map_->province_of(o.at)) {
        c->orders[i] = o;
        return true;
      }
    if (c->orders.size() >= count) return false;
    return c->orders.push_back(o);
  }
  Condition fresh;
  fresh.kind = kind;
  fresh.power = power_;
  fresh.count = count;
  fresh.orders.push_back(o);
  return conditions_.push_back(fresh);
}

void ConditionPlan::drop_empty() {
  for (int i = conditions_.size() - 1; i >= 0; --i)
    if (conditions_[i].orders.empty()) conditions_.erase_at(i);
}

bool ConditionPlan::valid(ReasonText& why) const {
  if (!available()) return true;
  int bad = -1;
  return check_conditions(*map_, *pos_, conditions_, why, bad);
}

}  // namespace colonial
