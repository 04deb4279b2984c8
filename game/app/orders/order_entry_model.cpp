#include "order_entry_model.h"

#include <cmath>

#include "game.h"
#include "map.h"
#include "translate.h"

namespace colonial {
namespace {

using text::format;
using text::tr;
using text::trn;

constexpr std::string_view kEmDash = "\xE2\x80\x94";

// The actions each phase offers, in the order the panel shows them.
constexpr EntryAction kMovementActions[] = {EntryAction::Hold,   EntryAction::Move, EntryAction::Support,
                                            EntryAction::Convoy, EntryAction::Rail, EntryAction::CanalPermit};
constexpr EntryAction kRetreatActions[] = {EntryAction::Retreat, EntryAction::Disband};
constexpr EntryAction kAdjustmentActions[] = {EntryAction::BuildArmy, EntryAction::BuildFleet, EntryAction::Disband,
                                              EntryAction::Waive};

OrderKind kind_of(EntryAction a) {
  switch (a) {
    case EntryAction::Hold: return OrderKind::Hold;
    case EntryAction::Move: return OrderKind::Move;
    case EntryAction::Support: return OrderKind::Support;
    case EntryAction::Convoy: return OrderKind::Convoy;
    case EntryAction::Rail: return OrderKind::RailMove;
    case EntryAction::CanalPermit: return OrderKind::CanalPermit;
    case EntryAction::Retreat: return OrderKind::Retreat;
    case EntryAction::Disband: return OrderKind::Disband;
    case EntryAction::BuildArmy:
    case EntryAction::BuildFleet: return OrderKind::Build;
    case EntryAction::Waive: return OrderKind::Waive;
    case EntryAction::None: break;
  }
  return OrderKind::None;
}

template <int N>
void append_text(EntryText& out, const FixedString<N>& s) {
  out.append(s.view());
}

}  // namespace

std::string_view action_label(EntryAction a) {
  switch (a) {
    case EntryAction::Hold: return "Hold";
    case EntryAction::Move: return "Move";
    case EntryAction::Support: return "Support";
    case EntryAction::Convoy: return "Convoy";
    case EntryAction::Rail: return "TSR";
    case EntryAction::CanalPermit: return "Canal";
    case EntryAction::Retreat: return "Retreat";
    case EntryAction::Disband: return "Disband";
    case EntryAction::BuildArmy: return "Build army";
    case EntryAction::BuildFleet: return "Build fleet";
    case EntryAction::Waive: return "Waive";
    case EntryAction::None: break;
  }
  return "";
}

// ---------------------------------------------------------------------------
// Starting, selecting, choosing

void OrderEntryModel::begin(const Game& game, PowerId power) {
  game_ = &game;
  map_ = &game.map();
  pos_ = &game.position();
  power_ = power;
  due_ = phase() == PhaseKind::Adjustment ? game.adjustment_due(power) : 0;
  game.orders_of(power, orders_);
  // A move written in a retreat phase is a retreat: keep one spelling.
  if (phase() == PhaseKind::Retreat)
    for (Order& o : orders_)
      if (o.kind == OrderKind::Move) o.kind = OrderKind::Retreat;
  initial_ = orders_;
  undo_.clear();
  message_.clear();
  last_ = Order();
  cursor_ = kNoProvince;
  via_convoy_ = false;
  legal_.clear();
  if (phase() == PhaseKind::Adjustment) legal_adjustments(*map_, *pos_, power_, legal_);
  reset_step();
  refresh_rows();
}

void OrderEntryModel::reset_step() {
  step_ = EntryStep::Idle;
  action_ = EntryAction::None;
  selected_ = kNoProvince;
  other_ = kNoProvince;
  coasts_.clear();
  coast_pick_ = 0;
  // The selected unit's list means nothing without a selection; adjustments
  // keep the power's list for the whole phase.
  if (started() && phase() != PhaseKind::Adjustment) legal_.clear();
  refresh_targets();
}

bool OrderEntryModel::orderable(ProvinceId p) const {
  if (!started() || p >= map_->province_count()) return false;
  switch (phase()) {
    case PhaseKind::Movement: return pos_->units[p].present() && pos_->units[p].power == power_;
    case PhaseKind::Retreat: return pos_->dislodged[p].unit.present() && pos_->dislodged[p].unit.power == power_;
    case PhaseKind::Adjustment:
      for (const Order& o : legal_)
        if ((o.kind == OrderKind::Build || o.kind == OrderKind::Disband) && map_->province_of(o.at) == p) return true;
      return false;
  }
  return false;
}

EntryAction OrderEntryModel::default_action() const {
  switch (phase()) {
    case PhaseKind::Movement: return EntryAction::Move;
    case PhaseKind::Retreat: return available(EntryAction::Retreat) ? EntryAction::Retreat : EntryAction::Disband;
    case PhaseKind::Adjustment:
      if (due_ < 0) return EntryAction::Disband;
      return available(EntryAction::BuildArmy) ? EntryAction::BuildArmy : EntryAction::BuildFleet;
  }
  return EntryAction::None;
}

void OrderEntryModel::select(ProvinceId p) {
  selected_ = p;
  other_ = kNoProvince;
  coasts_.clear();
  coast_pick_ = 0;
  if (phase() != PhaseKind::Adjustment) legal_orders(*map_, *pos_, p, legal_);
  step_ = EntryStep::Action;
  action_ = EntryAction::None;  // so that available() answers for the unit
  action_ = default_action();
  refresh_targets();
}

void OrderEntryModel::set_action(EntryAction a) {
  action_ = a;
  step_ = EntryStep::Action;
  other_ = kNoProvince;
  coasts_.clear();
  coast_pick_ = 0;
  refresh_targets();
}

bool OrderEntryModel::available(EntryAction a) const {
  if (!started()) return false;
  if (a == EntryAction::Waive) {
    if (phase() != PhaseKind::Adjustment || due_ <= 0 || adjustments_left() <= 0) return false;
    for (const Order& o : legal_)
      if (o.kind == OrderKind::Waive) return true;
    return false;
  }
  if (step_ == EntryStep::Idle || selected_ == kNoProvince) return false;
  const OrderKind kind = kind_of(a);
  if (kind == OrderKind::None) return false;
  switch (phase()) {
    case PhaseKind::Movement:
      if (a == EntryAction::Retreat || a == EntryAction::Disband || kind == OrderKind::Build) return false;
      break;
    case PhaseKind::Retreat:
      if (a != EntryAction::Retreat && a != EntryAction::Disband) return false;
      break;
    case PhaseKind::Adjustment:
      if (kind != OrderKind::Build && kind != OrderKind::Disband) return false;
      break;
  }
  const UnitType built = a == EntryAction::BuildArmy ? UnitType::Army : UnitType::Fleet;
  for (const Order& o : legal_) {
    if (o.kind != kind) continue;
    if (phase() == PhaseKind::Adjustment) {
      if (map_->province_of(o.at) != selected_) continue;
      if (kind == OrderKind::Build && o.unit != built) continue;
    }
    return true;
  }
  return false;
}

int OrderEntryModel::actions(EntryAction* out, int capacity) const {
  const EntryAction* list = kMovementActions;
  int n = 6;
  if (started() && phase() == PhaseKind::Retreat) {
    list = kRetreatActions;
    n = 2;
  } else if (started() && phase() == PhaseKind::Adjustment) {
    list = kAdjustmentActions;
    n = 4;
  }
  int count = 0;
  for (int i = 0; i < n && count < capacity; ++i)
    if (available(list[i])) out[count++] = list[i];
  return count;
}

void OrderEntryModel::choose(EntryAction a) {
  if (!available(a)) return;
  message_.clear();
  switch (a) {
    case EntryAction::Hold:
    case EntryAction::Disband:
    case EntryAction::BuildArmy:
    case EntryAction::BuildFleet:
      action_ = a;
      commit_self();
      return;
    case EntryAction::Waive:
      for (const Order& o : legal_)
        if (o.kind == OrderKind::Waive) {
          commit(o);
          return;
        }
      return;
    default: set_action(a); return;
  }
}

void OrderEntryModel::cycle(int dir) {
  if (step_ == EntryStep::Coast) {
    const int n = coasts_.size();
    if (n > 0) coast_pick_ = ((coast_pick_ + (dir > 0 ? 1 : -1)) % n + n) % n;
    return;
  }
  if (step_ == EntryStep::Idle) return;
  EntryAction list[8];
  int n = actions(list, 8);
  // Waive is the power's, not the unit's: it is a button, not a mode.
  if (n > 0 && list[n - 1] == EntryAction::Waive) --n;
  if (n == 0) return;
  int at = 0;
  for (int i = 0; i < n; ++i)
    if (list[i] == action_) at = i;
  at = ((at + (dir > 0 ? 1 : -1)) % n + n) % n;
  set_action(list[at]);
}

// ---------------------------------------------------------------------------
// Taps

void OrderEntryModel::tap(ProvinceId p, bool long_press) {
  if (!started() || p >= map_->province_count()) return;
  cursor_ = p;
  message_.clear();
  const bool movement = phase() == PhaseKind::Movement;
  switch (step_) {
    case EntryStep::Idle:
      if (!orderable(p)) return;  // empty land or sea, another power's unit: nothing to do
      if (phase() == PhaseKind::Adjustment && adjustments_left() <= 0 && !order_of(p) && !convertible(p)) {
        message_.assign(due_ > 0 ? tr("Every build is entered; delete one to build here instead")
                                 : tr("Every disband is entered; delete one to disband this unit instead"));
        return;
      }
      select(p);
      // The hold shortcut (a disband or the default build in adjustments).
      if (long_press && phase() != PhaseKind::Retreat) commit_self_default();
      return;
    case EntryStep::Action:
      if (p == selected_) {
        if (long_press)
          commit_self_default();
        else
          commit_self();
        return;
      }
      if (long_press && movement && orderable(p)) {
        select(p);
        commit_self_default();
        return;
      }
      if (pick_target(p)) return;
      if (orderable(p) && (phase() != PhaseKind::Adjustment || adjustments_left() > 0 || order_of(p) || convertible(p)))
        select(p);
      return;
    case EntryStep::Other: {
      if (pick_target(p)) return;
      // Another unit to support or convoy instead.
      bool candidate = false;
      const OrderKind kind = kind_of(action_);
      for (const Order& o : legal_)
        if (o.kind == kind && map_->province_of(o.other_at) == p) candidate = true;
      if (candidate) {
        other_ = p;
        refresh_targets();
      } else if (p == selected_) {
        set_action(action_);
      }
      return;
    }
    case EntryStep::Coast:
      if (targets_.test(p)) choose_coast(coast_pick_);
      return;
  }
}

void OrderEntryModel::commit_self_default() {
  action_ = phase() == PhaseKind::Movement ? EntryAction::Hold : default_action();
  commit_self();
}

// The order the selected unit makes by itself under the current action.
void OrderEntryModel::commit_self() {
  switch (action_) {
    case EntryAction::Move:
    case EntryAction::Hold:
      for (const Order& o : legal_)
        if (o.kind == OrderKind::Hold) {
          commit(o);
          return;
        }
      return;
    case EntryAction::Disband:
      for (const Order& o : legal_)
        if (o.kind == OrderKind::Disband && map_->province_of(o.at) == selected_) {
          commit(o);
          return;
        }
      return;
    case EntryAction::BuildArmy: commit_build(UnitType::Army); return;
    case EntryAction::BuildFleet: commit_build(UnitType::Fleet); return;
    case EntryAction::Retreat:
      message_.assign(tr("Tap a highlighted province to retreat there, or choose Disband"));
      return;
    default:
      // Support, Convoy, TSR, Canal: the unit itself is no target; back to the first choice.
      set_action(default_action());
      return;
  }
}

void OrderEntryModel::commit_build(UnitType t) {
  FixedVector<Order, 4> found;
  for (const Order& o : legal_)
    if (o.kind == OrderKind::Build && o.unit == t && map_->province_of(o.at) == selected_) found.push_back(o);
  if (found.size() > 1) {
    action_ = t == UnitType::Army ? EntryAction::BuildArmy : EntryAction::BuildFleet;
    coasts_ = found;
    coast_pick_ = 0;
    coast_from_ = EntryStep::Action;
    step_ = EntryStep::Coast;
    refresh_targets();
  } else if (found.size() == 1) {
    commit(found[0]);
  }
}

bool OrderEntryModel::pick_target(ProvinceId p) {
  if (!targets_.test(p)) return false;
  if (step_ == EntryStep::Action) {
    switch (action_) {
      case EntryAction::Move: pick_destination(OrderKind::Move, p); return true;
      case EntryAction::Retreat: pick_destination(OrderKind::Retreat, p); return true;
      case EntryAction::Support:
      case EntryAction::Convoy:
        other_ = p;
        step_ = EntryStep::Other;
        refresh_targets();
        return true;
      case EntryAction::Rail:
        for (const Order& o : legal_)
          if (o.kind == OrderKind::RailMove && map_->province_of(o.to) == p) {
            commit(o);
            return true;
          }
        return false;
      case EntryAction::CanalPermit:
        for (const Order& o : legal_)
          if (o.kind == OrderKind::CanalPermit && map_->province_of(o.other_at) == p) {
            commit(o);
            return true;
          }
        return false;
      default: return false;
    }
  }
  if (step_ == EntryStep::Other) {
    const OrderKind kind = kind_of(action_);
    for (const Order& o : legal_) {
      if (o.kind != kind || map_->province_of(o.other_at) != other_) continue;
      const bool hold = o.to == kNoLocation;
      if ((hold && p == other_) || (!hold && map_->province_of(o.to) == p)) {
        commit(o);
        return true;
      }
    }
  }
  return false;
}

void OrderEntryModel::pick_destination(OrderKind kind, ProvinceId d) {
  FixedVector<Order, 4> found;
  const Order* walk = nullptr;
  const Order* sail = nullptr;
  for (const Order& o : legal_) {
    if (o.kind != kind || map_->province_of(o.to) != d) continue;
    if (o.via_convoy)
      sail = &o;
    else if (!walk)
      walk = &o;
    bool seen = false;
    for (const Order& f : found) seen = seen || f.to == o.to;
    if (!seen && !o.via_convoy) found.push_back(o);
  }
  if (found.size() > 1) {  // a fleet to a split-coast province: ask which coast
    coasts_ = found;
    coast_pick_ = 0;
    coast_from_ = EntryStep::Action;
    step_ = EntryStep::Coast;
    refresh_targets();
    return;
  }
  const Order* pick = via_convoy_ && sail ? sail : walk ? walk : sail;
  if (pick) commit(*pick);
}

void OrderEntryModel::choose_coast(int i) {
  if (step_ != EntryStep::Coast || i < 0 || i >= coasts_.size()) return;
  const Order o = coasts_[i];
  commit(o);
}

bool OrderEntryModel::via_convoy_matters() const {
  if (step_ != EntryStep::Action || action_ != EntryAction::Move) return false;
  for (const Order& o : legal_)
    if (o.kind == OrderKind::Move && o.via_convoy) return true;
  return false;
}

bool OrderEntryModel::back() {
  message_.clear();
  switch (step_) {
    case EntryStep::Idle: return false;
    case EntryStep::Coast:
      step_ = coast_from_;
      coasts_.clear();
      refresh_targets();
      return true;
    case EntryStep::Other: set_action(action_); return true;
    case EntryStep::Action:
      if (action_ != default_action())
        set_action(default_action());
      else
        reset_step();
      return true;
  }
  return false;
}

void OrderEntryModel::cancel() {
  message_.clear();
  reset_step();
}

void OrderEntryModel::edit(ProvinceId unit) {
  message_.clear();
  if (orderable(unit)) select(unit);
}

// ---------------------------------------------------------------------------
// The order list

ProvinceId OrderEntryModel::order_province(const Order& o) const {
  if (o.kind == OrderKind::Waive || o.at == kNoLocation || o.at >= map_->location_count()) return kNoProvince;
  return map_->province_of(o.at);
}

// A canal permission (SC) is given in addition to the Egypt unit's own
// order (rule 9.34): it has a slot of its own beside the unit's.
int OrderEntryModel::find_order(ProvinceId p) const {
  if (p == kNoProvince) return -1;
  for (int i = 0; i < orders_.size(); ++i)
    if (orders_[i].kind != OrderKind::CanalPermit && order_province(orders_[i]) == p) return i;
  return -1;
}

const Order* OrderEntryModel::permit_of(ProvinceId p) const {
  for (const Order& o : orders_)
    if (o.kind == OrderKind::CanalPermit && order_province(o) == p) return &o;
  return nullptr;
}

const Order* OrderEntryModel::order_of(ProvinceId p) const {
  const int i = find_order(p);
  return i < 0 ? nullptr : &orders_[i];
}

int OrderEntryModel::count_kind(OrderKind k) const {
  int n = 0;
  for (const Order& o : orders_) n += o.kind == k;
  return n;
}

int OrderEntryModel::counted_builds(const OrderList& list) const {
  int n = 0;
  for (const Order& o : list) n += o.kind == OrderKind::Build && !is_conversion(*map_, *pos_, o);
  return n;
}

int OrderEntryModel::adjustments_left() const {
  if (!started() || phase() != PhaseKind::Adjustment) return 0;
  if (due_ > 0) return due_ - counted_builds(orders_) - count_kind(OrderKind::Waive);
  return -due_ - count_kind(OrderKind::Disband);
}

bool OrderEntryModel::convertible(ProvinceId p) const {
  if (!started() || phase() != PhaseKind::Adjustment || p >= map_->province_count()) return false;
  for (const Order& o : legal_)
    if (o.kind == OrderKind::Build && map_->province_of(o.at) == p && is_conversion(*map_, *pos_, o)) return true;
  return false;
}

bool OrderEntryModel::any_convertible() const {
  for (const Order& o : legal_)
    if (o.kind == OrderKind::Build && is_conversion(*map_, *pos_, o)) return true;
  return false;
}

std::string_view OrderEntryModel::action_text(EntryAction a) const {
  if ((a == EntryAction::BuildArmy || a == EntryAction::BuildFleet) && convertible(selected_))
    return a == EntryAction::BuildArmy ? tr("Convert to army") : tr("Convert to fleet");
  return action_label(a);
}

// Whether `o` may join the list (replacing the order of its unit or site).
VoidReason OrderEntryModel::admit(const OrderList& list, const Order& o) const {
  if (o.power != power_) return phase() == PhaseKind::Adjustment ? VoidReason::NotOwnUnit : VoidReason::WrongPower;
  const VoidReason r = check_order(*map_, *pos_, o);
  if (r != VoidReason::None || phase() != PhaseKind::Adjustment) return r;
  // The budget of rule 8.32: an order for the same site replaces the old one.
  const ProvinceId at = order_province(o);
  // A conversion uses no build and may be ordered whatever is owed.
  if (o.kind == OrderKind::Build && is_conversion(*map_, *pos_, o)) return VoidReason::None;
  int builds = 0, disbands = 0;
  for (const Order& x : list) {
    if (x.kind != OrderKind::Waive && at != kNoProvince && order_province(x) == at) continue;
    builds += (x.kind == OrderKind::Build && !is_conversion(*map_, *pos_, x)) || x.kind == OrderKind::Waive;
    disbands += x.kind == OrderKind::Disband;
  }
  if ((o.kind == OrderKind::Build || o.kind == OrderKind::Waive) && builds >= due_) return VoidReason::NoBuildsLeft;
  if (o.kind == OrderKind::Disband && disbands >= -due_) return VoidReason::NoDisbandsLeft;
  return VoidReason::None;
}

void OrderEntryModel::put(OrderList& list, const Order& o) const {
  const ProvinceId at = order_province(o);
  const bool permit = o.kind == OrderKind::CanalPermit;
  for (Order& x : list)
    if (at != kNoProvince && order_province(x) == at && (x.kind == OrderKind::CanalPermit) == permit) {
      x = o;
      return;
    }
  list.push_back(o);
}

void OrderEntryModel::push_undo() {
  if (undo_.full()) undo_.erase_at(0);
  undo_.push_back(orders_);
}

void OrderEntryModel::commit(const Order& o) {
  const VoidReason r = admit(orders_, o);
  if (r != VoidReason::None) {
    ReasonText why;
    describe_void(*map_, o, r, why);
    message_.assign(why.view());
    return;
  }
  push_undo();
  put(orders_, o);
  last_ = o;
  message_.clear();
  reset_step();
  refresh_rows();
}

bool OrderEntryModel::undo() {
  if (undo_.empty()) return false;
  orders_ = undo_[undo_.size() - 1];
  undo_.pop_back();
  last_ = Order();
  message_.clear();
  reset_step();
  refresh_rows();
  return true;
}

void OrderEntryModel::remove(ProvinceId unit) {
  const int i = find_order(unit);
  if (i < 0) return;
  push_undo();
  orders_.erase_at(i);
  last_ = Order();
  reset_step();
  refresh_rows();
}

void OrderEntryModel::remove_row(int row) {
  if (row < 0 || row >= rows_.size() || rows_[row].implicit) return;
  // By the order itself: a Waive has no unit, and an order loaded from the
  // game may name a place that is not the power's any more.
  for (int i = 0; i < orders_.size(); ++i)
    if (orders_[i] == rows_[row].order) {
      push_undo();
      orders_.erase_at(i);
      last_ = Order();
      reset_step();
      refresh_rows();
      return;
    }
}

bool OrderEntryModel::type_orders(std::string_view text) {
  if (!started()) return false;
  message_.clear();
  ParseContext ctx;
  ctx.map = map_;
  ctx.position = pos_;
  ctx.power = power_;
  ctx.phase = phase();
  ParsedOrders parsed;
  ParseError err;
  if (!parse_order_line(ctx, text, parsed, err)) {
    message_.assign(err.message.view());
    return false;
  }
  OrderList next = orders_;
  for (Order o : parsed) {
    if (o.power == kNoPower) o.power = power_;
    if (phase() == PhaseKind::Retreat && o.kind == OrderKind::Move) o.kind = OrderKind::Retreat;
    const VoidReason r = admit(next, o);
    if (r != VoidReason::None) {
      ReasonText why;
      describe_void(*map_, o, r, why);
      message_.assign(why.view());
      return false;
    }
    put(next, o);
    last_ = o;
  }
  push_undo();
  orders_ = next;
  reset_step();
  refresh_rows();
  return true;
}

void OrderEntryModel::refresh_rows() {
  rows_.clear();
  if (!started()) return;
  const int n = map_->province_count();
  auto entered = [&](const Order& o, ProvinceId p) {
    EntryRow r;
    r.order = o;
    r.unit = p;
    r.problem = check_order(*map_, *pos_, o);
    rows_.push_back(r);
  };
  if (phase() == PhaseKind::Adjustment) {
    for (const Order& o : orders_) entered(o, order_province(o));
    const int left = adjustments_left();
    if (left > 0) {
      EntryRow r;
      r.implicit = true;
      r.order.kind = due_ > 0 ? OrderKind::Waive : OrderKind::Disband;
      r.order.power = power_;
      rows_.push_back(r);
    }
    return;
  }
  ProvinceSet listed;
  for (int i = 0; i < n; ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    if (!orderable(p)) continue;
    listed.set(p);
    if (const Order* o = order_of(p)) {
      entered(*o, p);
    } else {
      const Unit& u = phase() == PhaseKind::Retreat ? pos_->dislodged[p].unit : pos_->units[p];
      EntryRow r;
      r.implicit = true;
      r.unit = p;
      r.order.kind = phase() == PhaseKind::Retreat ? OrderKind::Disband : OrderKind::Hold;
      r.order.power = power_;
      r.order.unit = u.type;
      r.order.at = unit_location(*map_, p, u);
      rows_.push_back(r);
    }
    if (const Order* permit = permit_of(p)) entered(*permit, p);
  }
  // Orders loaded from the game for units that are not there (a record
  // written elsewhere): shown, with their problem, so they can be deleted.
  for (const Order& o : orders_) {
    const ProvinceId p = order_province(o);
    if (p == kNoProvince || !listed.test(p)) entered(o, p);
  }
}

// ---------------------------------------------------------------------------
// Targets and the cursor

void OrderEntryModel::refresh_targets() {
  targets_.clear();
  if (!started()) return;
  const int n = map_->province_count();
  switch (step_) {
    case EntryStep::Idle:
      for (int i = 0; i < n; ++i) {
        const ProvinceId p = static_cast<ProvinceId>(i);
        if (!orderable(p)) continue;
        if (phase() == PhaseKind::Adjustment && adjustments_left() <= 0 && !order_of(p) && !convertible(p)) continue;
        targets_.set(p);
      }
      return;
    case EntryStep::Action: {
      const OrderKind kind = kind_of(action_);
      for (const Order& o : legal_) {
        if (o.kind != kind) continue;
        switch (kind) {
          case OrderKind::Move:
          case OrderKind::Retreat:
          case OrderKind::RailMove: targets_.set(map_->province_of(o.to)); break;
          case OrderKind::Support:
          case OrderKind::Convoy:
          case OrderKind::CanalPermit: targets_.set(map_->province_of(o.other_at)); break;
          default: break;
        }
      }
      return;
    }
    case EntryStep::Other: {
      const OrderKind kind = kind_of(action_);
      for (const Order& o : legal_) {
        if (o.kind != kind || map_->province_of(o.other_at) != other_) continue;
        targets_.set(o.to == kNoLocation ? other_ : map_->province_of(o.to));
      }
      return;
    }
    case EntryStep::Coast:
      for (const Order& o : coasts_) targets_.set(map_->province_of(o.kind == OrderKind::Build ? o.at : o.to));
      return;
  }
}

void OrderEntryModel::set_cursor(ProvinceId p) {
  if (started() && p < map_->province_count()) cursor_ = p;
}

void OrderEntryModel::cursor_move(float dx, float dy, const ScreenPoint* points, int count) {
  if (!started() || (dx == 0 && dy == 0)) return;
  count = count < map_->province_count() ? count : map_->province_count();
  // No cursor yet: start on the selected unit or the first thing to tap.
  if (cursor_ == kNoProvince || cursor_ >= count || !points[cursor_].valid) {
    ProvinceId start = selected_;
    if (start == kNoProvince || start >= count || !points[start].valid) {
      start = kNoProvince;
      for (int i = 0; i < count && start == kNoProvince; ++i)
        if (targets_.test(i) && points[i].valid) start = static_cast<ProvinceId>(i);
      for (int i = 0; i < count && start == kNoProvince; ++i)
        if (points[i].valid) start = static_cast<ProvinceId>(i);
    }
    cursor_ = start;
    return;
  }
  const float len = std::sqrt(dx * dx + dy * dy);
  const float ux = dx / len, uy = dy / len;
  const ScreenPoint c = points[cursor_];
  // The nearest point in a cone of +-60 degrees around the direction,
  // preferring points straight ahead; first among the provinces that matter
  // now, then among all.
  ProvinceSet focus = targets_;
  if (selected_ != kNoProvince) focus.set(selected_);
  if (other_ != kNoProvince) focus.set(other_);
  for (int pass = 0; pass < 2; ++pass) {
    ProvinceId best = kNoProvince;
    float best_score = 0;
    for (int i = 0; i < count; ++i) {
      if (i == cursor_ || !points[i].valid || (pass == 0 && !focus.test(i))) continue;
      const float vx = points[i].x - c.x, vy = points[i].y - c.y;
      const float along = vx * ux + vy * uy;
      const float across = std::fabs(vx * uy - vy * ux);
      if (along <= 0 || across > along * 1.732f) continue;
      const float score = along + 2.0f * across;
      if (best == kNoProvince || score < best_score) {
        best = static_cast<ProvinceId>(i);
        best_score = score;
      }
    }
    if (best != kNoProvince) {
      cursor_ = best;
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// Text

void OrderEntryModel::location_text(LocationId l, EntryText& out) const {
  OrderText t;
  format_location(*map_, l, OrderStyle::Rulebook, t);
  append_text(out, t);
}

void OrderEntryModel::unit_text(UnitType t, LocationId at, EntryText& out) const {
  out.append(unit_letter(t));
  out.append(' ');
  location_text(at, out);
}

void OrderEntryModel::order_text(const Order& order, EntryText& out) const {
  out.clear();
  if (!started()) return;
  Order o = order;
  // The nationality of the power's own units goes without saying.
  if (o.other_power == power_) o.other_power = kNoPower;
  OrderText t;
  format_order(*map_, o, OrderStyle::Rulebook, t);
  // The rulebook's em dash as " - ": every font has it, and it reads as well.
  const std::string_view s = t.view();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.substr(i, kEmDash.size()) == kEmDash) {
      out.append(" - ");
      i += kEmDash.size() - 1;
    } else {
      out.append(s[i]);
    }
  }
}

void OrderEntryModel::sentence(EntryText& out) const {
  out.clear();
  if (!started()) return;
  if (step_ == EntryStep::Idle) {
    if (last_.kind != OrderKind::None) order_text(last_, out);
    return;
  }
  const ProvinceId p = selected_;
  Unit u = phase() == PhaseKind::Retreat ? pos_->dislodged[p].unit : pos_->units[p];
  const LocationId at = u.present() ? unit_location(*map_, p, u) : p;
  if (step_ == EntryStep::Coast) {
    EntryText chosen;
    order_text(coasts_[coast_pick_], chosen);
    out.append(chosen.view());
    out.append(" ?");
    return;
  }
  switch (action_) {
    case EntryAction::Hold:
      unit_text(u.type, at, out);
      out.append(" H");
      return;
    case EntryAction::Move:
    case EntryAction::Retreat:
      unit_text(u.type, at, out);
      out.append(" -");
      return;
    case EntryAction::Rail:
      unit_text(u.type, at, out);
      out.append("-TSR-");
      return;
    case EntryAction::CanalPermit:
      unit_text(u.type, at, out);
      out.append(" SC");
      return;
    case EntryAction::Support:
    case EntryAction::Convoy: {
      unit_text(u.type, at, out);
      out.append(action_ == EntryAction::Support ? " S" : " C");
      if (step_ != EntryStep::Other) return;
      const Unit& s = pos_->units[other_];
      out.append(' ');
      if (s.power != power_ && s.power < map_->power_count()) {
        out.append(map_->power(s.power).adjective);
        out.append(' ');
      }
      unit_text(s.type, unit_location(*map_, other_, s), out);
      if (action_ == EntryAction::Convoy) out.append(" -");
      return;
    }
    case EntryAction::Disband:
      // TRANSLATORS: the order being built, before its unit ("Disband A TON").
      out.append(tr("Disband "));
      unit_text(u.type, at, out);
      return;
    case EntryAction::BuildArmy:
    case EntryAction::BuildFleet:
      // TRANSLATORS: the order being built, before its unit ("Build A TON").
      out.append(tr("Build "));
      unit_text(action_ == EntryAction::BuildArmy ? UnitType::Army : UnitType::Fleet, p, out);
      return;
    case EntryAction::Waive:
    case EntryAction::None: return;
  }
}

void OrderEntryModel::hint(EntryText& out) const {
  out.clear();
  if (!started()) return;
  EntryText unit;
  if (selected_ != kNoProvince) {
    const Unit u = phase() == PhaseKind::Retreat ? pos_->dislodged[selected_].unit : pos_->units[selected_];
    if (u.present())
      unit_text(u.type, unit_location(*map_, selected_, u), unit);
    else
      location_text(selected_, unit);
  }
  switch (step_) {
    case EntryStep::Idle:
      if (phase() == PhaseKind::Movement)
        out.assign(targets_.empty() ? tr("You have no units to order")
                                    : tr("Tap one of your units to give it an order"));
      else if (phase() == PhaseKind::Retreat)
        out.assign(targets_.empty() ? tr("None of your units must retreat")
                                    : tr("Tap a dislodged unit to retreat or disband it"));
      else if (due_ > 0 && adjustments_left() > 0)
        out.assign(any_convertible() ? tr("Tap a highlighted colony to build there, a unit to convert it, or Waive")
                                     : tr("Tap a highlighted colony to build there, or Waive"));
      else if (due_ < 0 && adjustments_left() > 0)
        out.assign(any_convertible() ? tr("Tap a unit to disband or convert it") : tr("Tap a unit to disband it"));
      else if (any_convertible())
        out.assign(due_ > 0   ? tr("Every build is entered; tap a unit to convert it")
                   : due_ < 0 ? tr("Every disband is entered; tap a unit to convert it")
                              : tr("Tap a unit in one of your centres to convert it, or Done"));
      else
        out.assign(due_ > 0   ? tr("Every build is entered")
                   : due_ < 0 ? tr("Every disband is entered")
                              : tr("You have nothing to build or disband"));
      return;
    case EntryStep::Action:
      switch (action_) {
        case EntryAction::Move:
          // TRANSLATORS: %s is the unit in notation ("A TON").
          out.assign(format(targets_.empty() ? tr("Tap where %s holds: it cannot move")
                                             : tr("Tap where %s moves, or the unit again to hold"),
                            unit.c_str()));
          return;
        case EntryAction::Hold: out.assign(tr("Tap the unit again to hold")); return;
        case EntryAction::Support:
          // TRANSLATORS: %s is the unit in notation ("A TON").
          out.assign(format(tr("Tap the unit %s supports"), unit.c_str()));
          return;
        case EntryAction::Convoy:
          // TRANSLATORS: %s is the fleet in notation ("F SCS").
          out.assign(format(tr("Tap the army %s convoys"), unit.c_str()));
          return;
        case EntryAction::Rail: out.assign(tr("Tap the station the army goes to by the railroad")); return;
        case EntryAction::CanalPermit: out.assign(tr("Tap the fleet allowed through the canal")); return;
        case EntryAction::Retreat:
          out.assign(targets_.empty() ? tr("No retreat is possible: Disband")
                                      : tr("Tap where the unit retreats, or Disband"));
          return;
        case EntryAction::Disband: out.assign(tr("Tap the unit again (or Disband) to disband it")); return;
        case EntryAction::BuildArmy:
        case EntryAction::BuildFleet:
          out.assign(convertible(selected_) ? tr("Tap the unit again to convert it, or choose another action")
                                            : tr("Tap again to build, or choose the unit to build"));
          return;
        default: return;
      }
    case EntryStep::Other:
      out.assign(action_ == EntryAction::Support ? tr("Tap where it moves, or the unit itself to support it holding")
                                                 : tr("Tap where the army is carried"));
      return;
    case EntryStep::Coast: {
      const Order& o = coasts_[0];
      // TRANSLATORS: %s is a province's name as on the board (English).
      out.assign(format(tr("Which coast of %s?"),
                        map_->province(map_->province_of(o.kind == OrderKind::Build ? o.at : o.to)).name));
      return;
    }
  }
}

void OrderEntryModel::adjustment_title(EntryText& out) const {
  out.clear();
  if (!started() || phase() != PhaseKind::Adjustment || due_ == 0) return;
  const int n = due_ > 0 ? due_ : -due_;
  // TRANSLATORS: the adjustments due, as the pad's title ("Build 2").
  out.append(format(due_ > 0 ? trn("Build %d", "Build %d", static_cast<unsigned long>(n))
                             : trn("Disband %d", "Disband %d", static_cast<unsigned long>(n)),
                    n));
}

void OrderEntryModel::row_text(int i, EntryText& out) const {
  out.clear();
  if (i < 0 || i >= rows_.size()) return;
  const EntryRow& r = rows_[i];
  if (!r.implicit) {
    order_text(r.order, out);
    if (r.order.kind == OrderKind::Build && is_conversion(*map_, *pos_, r.order))
      out.append(r.order.unit == UnitType::Army ? tr(" (the fleet becomes an army)")
                                                : tr(" (the army becomes a fleet)"));
    if (r.problem != VoidReason::None) {
      ReasonText why;
      describe_void(*map_, r.order, r.problem, why);
      // TRANSLATORS: after an order the pad shows; %s says why it is void.
      out.append(format(tr(" (void: %s)"), why.c_str()));
    }
    return;
  }
  const int left = adjustments_left();
  switch (r.order.kind) {
    case OrderKind::Hold:
      unit_text(r.order.unit, r.order.at, out);
      // TRANSLATORS: after a unit in notation ("A TON holds (no order)").
      out.append(tr(" holds (no order)"));
      return;
    case OrderKind::Disband:
      if (phase() == PhaseKind::Retreat) {
        unit_text(r.order.unit, r.order.at, out);
        // TRANSLATORS: after a unit in notation ("A TON disbands (no order)").
        out.append(tr(" disbands (no order)"));
      } else {
        out.append(
            format(trn("%d disband left: the rules choose (8.33) if you do not",
                       "%d disbands left: the rules choose (8.33) if you do not", static_cast<unsigned long>(left)),
                   left));
      }
      return;
    case OrderKind::Waive:
      out.append(format(trn("%d build left: waived if you do not build", "%d builds left: waived if you do not build",
                            static_cast<unsigned long>(left)),
                        left));
      return;
    default: return;
  }
}

}  // namespace colonial
