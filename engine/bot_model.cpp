#include "bot_model.h"

#include "map.h"

namespace colonial {

namespace {

constexpr int kModelSpreadSteps = 10;

DumbBotModel::Value abs_value(DumbBotModel::Value v) { return v < 0 ? -v : v; }

}  // namespace

// The season's weights: what a centre to take and one to keep are worth,
// and how much each step of the spread counts.
DumbBotModel::SeasonWeightsView DumbBotModel::season(const Position& pos) const {
  const Tuning& t = tuning;
  if (pos.phase.kind == PhaseKind::Adjustment) return {t.winter_attack, t.winter_defence, t.winter_spread};
  if (pos.phase.season == Season::Fall) return {t.fall_attack, t.fall_defence, t.fall_spread};
  return {t.spring_attack, t.spring_defence, t.spring_spread};
}

// ---------------------------------------------------------------------------
// [SECTION] Values
// ---------------------------------------------------------------------------

// The places a unit can stand and where each can move: an army along the
// army links, a fleet along the fleet links (to a coast of a split province).
void DumbBotModel::make_links(const Map& map) {
  for (int v = 0; v < kNodes; ++v) {
    valid_[v] = false;
    links_[v].count = 0;
  }
  auto add = [&](Links& k, int node, ProvinceId p) {
    if (k.count == kMaxLinks) return;
    int i = k.count++;
    for (; i > 0 && k.province[i - 1] > p; --i) {
      k.node[i] = k.node[i - 1];
      k.province[i] = k.province[i - 1];
    }
    k.node[i] = static_cast<u16>(node);
    k.province[i] = p;
  };
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pp = static_cast<ProvinceId>(p);
    if (map.province(pp).kind == ProvinceKind::Sea) continue;
    valid_[p] = true;
    map.army_neighbours(pp).for_each([&](int q) { add(links_[p], q, static_cast<ProvinceId>(q)); });
  }
  for (int l = 0; l < map.location_count(); ++l) {
    const LocationId ll = static_cast<LocationId>(l);
    if (!map.can_stand(UnitType::Fleet, ll)) continue;
    const int v = node_of(UnitType::Fleet, ll);
    valid_[v] = true;
    map.fleet_neighbours(ll).for_each([&](int m) {
      add(links_[v], node_of(UnitType::Fleet, static_cast<LocationId>(m)), map.province_of(static_cast<LocationId>(m)));
    });
  }
  node_count_ = 0;
  for (int v = 0; v < kNodes; ++v)
    if (valid_[v]) nodes_[node_count_++] = static_cast<u16>(v);
}

// Centres by owner (a centre that never counts for its holder counts as
// unowned, as DAIDE reports it), each power's size, and how many units of
// each power could move into each province.
void DumbBotModel::count_neighbours(const Map& map, const Position& pos) {
  int centres[kMaxPowers + 1] = {};
  for (ProvinceId p : map.colony_provinces()) ++centres[owner_of(map, pos, p)];
  const Tuning& t = tuning;
  for (int w = 0; w <= kMaxPowers; ++w)
    size_[w] = t.size_square * centres[w] * centres[w] + t.size_linear * centres[w] + t.size_constant;
  for (int w = 0; w < kMaxPowers; ++w)
    for (int p = 0; p < kMaxProvinces; ++p) reach_[w][p] = 0;
  for (int q = 0; q < map.province_count(); ++q) {
    const Unit& u = pos.units[q];
    if (!u.present() || u.power >= kMaxPowers) continue;
    int* counts = reach_[u.power];
    if (t.count_own_province) ++counts[q];
    if (u.type == UnitType::Army)
      map.army_neighbours(static_cast<ProvinceId>(q)).for_each([&](int d) { ++counts[d]; });
    else
      map.fleet_reach(unit_location(map, static_cast<ProvinceId>(q), u)).for_each([&](int d) { ++counts[d]; });
  }
}

int DumbBotModel::owner_of(const Map& map, const Position& pos, ProvinceId p) const {
  const PowerId w = pos.owner[p];
  if (w >= kMaxPowers || !colony_counts_for(map, pos.rules, p, w)) return kMaxPowers;
  return w;
}

// The size of the largest other power with a unit that could move into p.
int DumbBotModel::defence(PowerId power, ProvinceId p) const {
  int largest = 0;
  for (int w = 0; w < kMaxPowers; ++w)
    if (w != power && reach_[w][p] > 0 && size_[w] > largest) largest = size_[w];
  return largest;
}

int DumbBotModel::competition(PowerId power, ProvinceId p) const {
  int most = 0;
  for (int w = 0; w < kMaxPowers; ++w)
    if (w != power && reach_[w][p] > most) most = reach_[w][p];
  return most;
}

// Each node's value to every power: the season-weighted value of its
// province spread over ten steps, plus the power's strength and minus the
// competition next to it (in a winter, plus the danger to a centre of its
// own instead).
void DumbBotModel::proximity(const Map& map, const Position& pos) {
  const SeasonWeightsView s = season(pos);
  const int powers = map.power_count() < kMaxPowers ? map.power_count() : kMaxPowers;
  Lanes* from = spread_[0];
  Lanes* to = spread_[1];
  for (int i = 0; i < node_count_; ++i) {
    const int v = nodes_[i];
    const ProvinceId p = province_of_node(map, v);
    const bool colony = map.province(p).colony;
    const int owner = colony ? owner_of(map, pos, p) : kMaxPowers;
    for (int w = 0; w < kMaxPowers; ++w) {
      Value base = 0;
      if (colony && w < powers)
        base = owner == w ? Value{s.defence} * defence(static_cast<PowerId>(w), p) : Value{s.attack} * size_[owner];
      from[v][w] = base;
      dest_[v][w] = Value{s.spread[0]} * base;
    }
  }
  for (int step = 1; step < kModelSpreadSteps; ++step) {
    spread_step(from, to, s.spread[step]);
    Lanes* t = from;
    from = to;
    to = t;
  }
  const bool winter = pos.phase.kind == PhaseKind::Adjustment;
  for (int i = 0; i < node_count_; ++i) {
    const int v = nodes_[i];
    const ProvinceId p = province_of_node(map, v);
    const int owner = winter && map.province(p).colony ? owner_of(map, pos, p) : kMaxPowers;
    for (int w = 0; w < powers; ++w) {
      const PowerId power = static_cast<PowerId>(w);
      if (!winter)
        dest_[v][w] += Value{tuning.strength} * reach_[w][p] - Value{tuning.competition} * competition(power, p);
      else if (owner == w)
        dest_[v][w] += Value{tuning.winter_defence_weight} * defence(power, p);
    }
  }
}

// One step of the spread, every power at once: a node's value and, for
// each neighbouring province, the best of the node's links into it, over
// five; added to the values with the step's weight.
void DumbBotModel::spread_step(const Lanes* from, Lanes* to, Value weight) {
  for (int n = 0; n < node_count_; ++n) {
    const int v = nodes_[n];
    const Links& k = links_[v];
    Value sum[kMaxPowers];
    for (int w = 0; w < kMaxPowers; ++w) sum[w] = from[v][w];
    for (int i = 0; i < k.count;) {
      const Value* first = from[k.node[i]];
      int j = i + 1;
      if (j < k.count && k.province[j] == k.province[i]) {
        Value best[kMaxPowers];
        for (int w = 0; w < kMaxPowers; ++w) best[w] = first[w];
        for (; j < k.count && k.province[j] == k.province[i]; ++j)
          for (int w = 0; w < kMaxPowers; ++w)
            if (from[k.node[j]][w] > best[w]) best[w] = from[k.node[j]][w];
        for (int w = 0; w < kMaxPowers; ++w) sum[w] += best[w];
      } else {
        for (int w = 0; w < kMaxPowers; ++w) sum[w] += first[w];
      }
      i = j;
    }
    for (int w = 0; w < kMaxPowers; ++w) {
      to[v][w] = sum[w] / 5;
      dest_[v][w] += weight * to[v][w];
    }
  }
}

ProvinceId DumbBotModel::province_of_node(const Map& map, int node) {
  return node < kMaxProvinces ? static_cast<ProvinceId>(node)
                              : map.province_of(static_cast<LocationId>(node - kMaxProvinces));
}

void DumbBotModel::prepare(const Map& map, const Position& pos) {
  // The links change only with the map and its options.
  if (links_map_ != &map || links_options_ != map.options() || links_provinces_ != map.province_count()) {
    make_links(map);
    links_map_ = &map;
    links_options_ = map.options();
    links_provinces_ = map.province_count();
  }
  count_neighbours(map, pos);
  proximity(map, pos);
}

// ---------------------------------------------------------------------------
// [SECTION] Choosing among places
// ---------------------------------------------------------------------------

// Options best first (a stable insertion sort: few options).
void DumbBotModel::sort_choice(Choice& c) {
  for (int i = 1; i < c.count; ++i)
    for (int j = i; j > 0 && c.value[j] > c.value[j - 1]; --j) {
      const u16 n = c.node[j];
      c.node[j] = c.node[j - 1];
      c.node[j - 1] = n;
      const Value v = c.value[j];
      c.value[j] = c.value[j - 1];
      c.value[j - 1] = v;
    }
}

// Whether to pass over option `cur` for the next best one: never half the
// time, otherwise the more likely the closer their values.
bool DumbBotModel::take_next(Value cur, Value next, Random& random) const {
  if (random.below(100) < tuning.play_best) return false;
  const Value scale = abs_value(cur) > 0 ? abs_value(cur) : 1;
  return Value{random.below(100)} * scale >= Value{tuning.alternative} * (cur - next);
}

bool DumbBotModel::pick(const Choice& c, Random* random, int& chosen, bool upward) const {
  int i = 0;
  while (i < c.count && ((c.dropped >> i) & 1u)) ++i;
  if (i == c.count) return false;
  if (random != nullptr)
    for (;;) {
      int j = i + 1;
      while (j < c.count && ((c.dropped >> j) & 1u)) ++j;
      if (j == c.count) break;
      if (upward ? !take_next(-c.value[i], -c.value[j], *random) : !take_next(c.value[i], c.value[j], *random)) break;
      i = j;
    }
  chosen = i;
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Movement
// ---------------------------------------------------------------------------

Order DumbBotModel::unit_order(const Map& map, const Position& pos, PowerId power, ProvinceId at) const {
  Order o;
  o.kind = OrderKind::Hold;
  o.power = power;
  o.unit = pos.units[at].type;
  o.at = unit_location(map, at, pos.units[at]);
  return o;
}

// Our units in a random order (province order without a Random), each with
// its options: staying, or a move along one of its links.
void DumbBotModel::list_units(const Map& map, const Position& pos, PowerId power, Random* random) {
  unit_count_ = 0;
  for (int p = 0; p < kMaxProvinces; ++p) by_province_[p] = mover_into_[p] = -1;
  for (int p = 0; p < map.province_count(); ++p) {
    if (!pos.units[p].present() || pos.units[p].power != power) continue;
    UnitPlan& u = units_[unit_count_];
    u = UnitPlan();
    u.at = static_cast<ProvinceId>(p);
    u.order = unit_order(map, pos, power, u.at);
    const int here = node_of(u.order.unit, u.order.at);
    Choice& c = u.choice;
    const Links& k = links_[here];
    for (int i = 0; i < k.count && c.count < kMaxOptions; ++i) {
      c.node[c.count] = k.node[i];
      c.value[c.count++] = dest_[k.node[i]][power];
    }
    if (c.count < kMaxOptions) {
      c.node[c.count] = static_cast<u16>(here);
      c.value[c.count++] = dest_[here][power];
    }
    sort_choice(c);
    by_province_[p] = unit_count_;
    queue_[unit_count_] = unit_count_;
    ++unit_count_;
  }
  if (random != nullptr)
    for (int i = unit_count_ - 1; i > 0; --i) {
      const int j = random->below(i + 1);
      const int t = queue_[i];
      queue_[i] = queue_[j];
      queue_[j] = t;
    }
}

bool DumbBotModel::needs_support(PowerId power, ProvinceId p, int threshold) const {
  return competition(power, p) >= threshold;
}

void DumbBotModel::support(const Map& map, UnitPlan& u, const UnitPlan& other, ProvinceId into) const {
  u.order.kind = OrderKind::Support;
  u.order.other_unit = other.order.unit;
  u.order.other_at = other.order.at;
  u.order.other_power = other.order.power;
  u.order.to = into == kNoProvince ? kNoLocation : static_cast<LocationId>(into);
  (void)map;
}

// Orders unit u: the option picked, unless a friend stands there unordered
// (returns that friend's index: u waits for it), or a friend stays there or
// already goes there (then u supports it if the place is contested, or
// else drops the option and picks again). Returns -1 once u is ordered.
int DumbBotModel::place_unit(const Map& map, PowerId power, int u, Random* random) {
  UnitPlan& me = units_[u];
  for (;;) {
    int i = 0;
    if (!pick(me.choice, random, i)) break;
    const int node = me.choice.node[i];
    const ProvinceId d = province_of_node(map, node);
    if (d == me.at) break;
    const int there = by_province_[d];
    if (there >= 0 && !units_[there].ordered && me.defers < kMaxDefers) {
      ++me.defers;
      return there;
    }
    const bool stays = there >= 0 && units_[there].order.kind != OrderKind::Move;
    const int mover = mover_into_[d];
    if (stays || mover >= 0) {
      if (needs_support(power, d, stays ? tuning.hold_support : tuning.move_support)) {
        support(map, me, stays ? units_[there] : units_[mover], stays ? kNoProvince : d);
        me.ordered = true;
        return -1;
      }
      me.choice.dropped |= 1u << i;
      continue;
    }
    me.order.kind = OrderKind::Move;
    me.order.to = node < kMaxProvinces ? static_cast<LocationId>(node) : static_cast<LocationId>(node - kMaxProvinces);
    mover_into_[d] = u;
    me.ordered = true;
    return -1;
  }
  me.ordered = true;  // holds
  return -1;
}

// Every unit in the queue's order; one that waits for a friend goes just
// behind it in the queue.
void DumbBotModel::choose_moves(const Map& map, PowerId power, Random* random) {
  int h = 0;
  while (h < unit_count_) {
    const int u = queue_[h];
    const int wait_for = place_unit(map, power, u, random);
    if (wait_for < 0) {
      ++h;
      continue;
    }
    int j = h;
    while (queue_[j] != wait_for) ++j;
    for (int k = h; k < j; ++k) queue_[k] = queue_[k + 1];
    queue_[j] = u;
  }
}

// Units left holding support the most contested move or stand of a friend
// next to them.
void DumbBotModel::support_idle_units(const Map& map, PowerId power) {
  for (int h = 0; h < unit_count_; ++h) {
    UnitPlan& me = units_[queue_[h]];
    if (me.order.kind != OrderKind::Hold) continue;
    int best = -1, best_other = -1;
    ProvinceId best_into = kNoProvince;
    for (int i = 0; i < me.choice.count; ++i) {
      const ProvinceId d = province_of_node(map, me.choice.node[i]);
      if (d == me.at) continue;
      const int c = competition(power, d);
      if (c <= best) continue;
      if (mover_into_[d] >= 0 && needs_support(power, d, tuning.idle_move_support)) {
        best = c;
        best_other = mover_into_[d];
        best_into = d;
      } else if (by_province_[d] >= 0 && units_[by_province_[d]].order.kind != OrderKind::Move &&
                 needs_support(power, d, tuning.idle_hold_support)) {
        best = c;
        best_other = by_province_[d];
        best_into = kNoProvince;
      }
    }
    if (best_other >= 0) support(map, me, units_[best_other], best_into);
  }
}

void DumbBotModel::movement(const Map& map, const Position& pos, PowerId power, Random* random, OrderList& out) {
  list_units(map, pos, power, random);
  choose_moves(map, power, random);
  support_idle_units(map, power);
  for (int u = 0; u < unit_count_; ++u) {
    Order& o = units_[u].order;
    if (check_order(map, pos, o) != VoidReason::None) o = unit_order(map, pos, power, units_[u].at);
    out.push_back(o);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Retreats and adjustments
// ---------------------------------------------------------------------------

// Each dislodged unit to the best free place not taken by another of ours,
// or disbanded when there is none.
void DumbBotModel::retreats(const Map& map, const Position& pos, PowerId power, Random* random, OrderList& out) {
  ProvinceSet taken;
  for (int p = 0; p < map.province_count(); ++p) {
    const Unit& u = pos.dislodged[p].unit;
    if (!u.present() || u.power != power) continue;
    legal_orders(map, pos, static_cast<ProvinceId>(p), legal_);
    if (legal_.empty()) continue;
    Choice c;
    Order disband = legal_[0];
    for (const Order& o : legal_) {
      if (o.kind == OrderKind::Disband) disband = o;
      if (o.kind != OrderKind::Retreat || c.count == kMaxOptions) continue;
      c.node[c.count] = static_cast<u16>(o.to);
      c.value[c.count++] = dest_[node_of(u.type, o.to)][power];
    }
    sort_choice(c);
    Order chosen = disband;
    int i = 0;
    while (pick(c, random, i)) {
      const LocationId to = static_cast<LocationId>(c.node[i]);
      if (!taken.test(map.province_of(to))) {
        chosen = disband;
        chosen.kind = OrderKind::Retreat;
        chosen.to = to;
        taken.set(map.province_of(to));
        break;
      }
      c.dropped |= 1u << i;
    }
    out.push_back(chosen);
  }
}

void DumbBotModel::builds(const Map& map, const Position& pos, PowerId power, int due, Random* random, OrderList& out) {
  legal_adjustments(map, pos, power, legal_);
  Choice c;
  int index[kMaxOptions];
  for (int i = 0; i < legal_.size() && c.count < kMaxOptions; ++i) {
    const Order& o = legal_[i];
    if (o.kind != OrderKind::Build || is_conversion(map, pos, o)) continue;
    c.node[c.count] = static_cast<u16>(i);
    c.value[c.count++] = dest_[node_of(o.unit, o.at)][power];
  }
  sort_choice(c);
  for (int k = 0; k < c.count; ++k) index[k] = c.node[k];
  for (int n = 0; n < due; ++n) {
    int i = 0;
    if (!pick(c, random, i)) break;
    const Order& o = legal_[index[i]];
    out.push_back(o);
    for (int k = 0; k < c.count; ++k)
      if (map.province_of(legal_[index[k]].at) == map.province_of(o.at)) c.dropped |= 1u << k;
  }
}

// The units standing where they are worth least go first. Walking up
// from the least, the next is as likely as staying (the description's
// test of "nearly as good" always passes when the next is worth more).
void DumbBotModel::removals(const Map& map, const Position& pos, PowerId power, int due, Random* random,
                            OrderList& out) {
  DisbandOrders disbands;
  disbands_of(map, pos, power, disbands);
  Choice c;
  for (int i = 0; i < disbands.size() && c.count < kMaxOptions; ++i) {
    c.node[c.count] = static_cast<u16>(i);
    c.value[c.count++] = -dest_[node_of(disbands[i].unit, disbands[i].at)][power];
  }
  sort_choice(c);
  for (int n = 0; n < due; ++n) {
    int i = 0;
    if (!pick(c, random, i, true)) break;
    out.push_back(disbands[c.node[i]]);
    c.dropped |= 1u << i;
  }
}

void DumbBotModel::orders(const Map& map, const Position& pos, PowerId power, Random* random, OrderList& out) {
  out.clear();
  if (power >= map.power_count() || power >= kMaxPowers) return;
  switch (pos.phase.kind) {
    case PhaseKind::Movement: movement(map, pos, power, random, out); break;
    case PhaseKind::Retreat: retreats(map, pos, power, random, out); break;
    case PhaseKind::Adjustment: {
      const int due = adjustment_count(map, pos, power);
      if (due > 0) builds(map, pos, power, due, random, out);
      if (due < 0) removals(map, pos, power, -due, random, out);
      break;
    }
  }
}

}  // namespace colonial
