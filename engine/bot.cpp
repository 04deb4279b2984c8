#include "bot.h"

#include "bot_internal.h"
#include "game.h"
#include "map.h"

namespace colonial {

namespace {

// The weights of the heuristic and of the search's scores, by name.
struct Weights {
  // What a colony is worth to the power valuing it (DumbBot's ideas, our
  // numbers): a neutral one most, one of another power by that power's
  // size (taking from the leader is worth more), its own by the danger it
  // is in (per unit of others that could walk in).
  int neutral = 100, enemy = 70, per_enemy = 4, per_enemy_sq = 0, own_quiet = 4, own_threat = 90;
  // The value a unit feels in a province: the province's own value, then
  // the values of the provinces one, two, ... moves away, each spread a
  // step further and weighted less (the nearest colonies pull hardest);
  // in a phase whose colonies are counted, the colony itself pulls harder.
  int spread[8] = {64, 100, 30, 10, 6, 5, 4, 3};
  int fall_s0 = 100;
  // An outcome of one adjudication, as the search scores it for the power.
  int unit = 20, own_held = 30, taken = 70, lost = 60, dislodged = 35, enemy_dislodged = 8, value_div = 200;
  // The guesses of the others: 0 our heuristic, 1 the DumbBot-like model of
  // sizes, 2 both in turn; the model's sizes a*s*s + b*s + c.
  int model = 2;
  int model_neutral = 16, model_enemy = 16, model_per = 4, model_sq = 1;
  int guess_noise = 40;
};
constexpr Weights T;

constexpr int kSpreadSteps = 8;
using bot_detail::counting_phase;
using bot_detail::is_mine;
using bot_detail::kTried;

}  // namespace

BotSearch bot_search(BotLevel level) {
  switch (level) {
    case BotLevel::Easy: return {12, 6, 0};
    case BotLevel::Normal: return {24, 16, 2, true, 4, 8};
    case BotLevel::Hard: return {40, 24, 3, true, 12, 24, 6, 4};
  }
  return {12, 6, 0};
}

// ---------------------------------------------------------------------------
// [SECTION] Province values
// ---------------------------------------------------------------------------

// Which units could move into each province: each other power's (reach),
// and all of the others' together (threat).
void Bot::count_reach(const Map& map, const Position& pos, PowerId power) {
  const int n = map.province_count();
  for (int p = 0; p < n; ++p) {
    threat_[p] = 0;
    for (int w = 0; w < kMaxPowers; ++w) reach_[w][p] = 0;
  }
  for (int q = 0; q < n; ++q) {
    const Unit& u = pos.units[q];
    if (!u.present()) continue;
    const ProvinceId qq = static_cast<ProvinceId>(q);
    if (is_mine(pos, power, u.power)) continue;
    const int w = u.power < kMaxPowers ? u.power : 0;
    auto count = [&](int d) {
      ++threat_[d];
      ++reach_[w][d];
    };
    if (u.type == UnitType::Army)
      map.army_neighbours(qq).for_each(count);
    else
      map.fleet_neighbours(unit_location(map, qq, u)).for_each([&](int l) {
        count(map.province_of(static_cast<LocationId>(l)));
      });
  }
}

// What each colony is worth to `power`. Ours: a neutral one most, one of
// another power by that power's size, our own by the danger it is in. The
// model of the others (DumbBot's idea): a colony is worth the size of the
// power that owns it (a*s*s + b*s + c), so the largest draws every attack,
// and our own the size of the largest power next to it.
int Bot::colony_value(const Position& pos, PowerId power, PowerId owner, ProvinceId p, const int* colonies,
                      bool model) const {
  auto size = [&](PowerId w) {
    const int c = w < kMaxPowers ? colonies[w] : 0;
    return T.model_sq * c * c + T.model_per * c + T.model_enemy;
  };
  if (!model) {
    if (owner == kNoPower) return T.neutral;
    if (is_mine(pos, power, owner)) return T.own_quiet + T.own_threat * threat_[p];
    const int c = owner < kMaxPowers ? colonies[owner] : 0;
    return T.enemy + T.per_enemy * c + T.per_enemy_sq * c * c;
  }
  if (owner == kNoPower) return T.model_neutral;
  if (!is_mine(pos, power, owner)) return size(owner);
  int largest = 0;
  for (int w = 0; w < kMaxPowers; ++w)
    if (reach_[w][p] > 0 && size(static_cast<PowerId>(w)) > largest) largest = size(static_cast<PowerId>(w));
  return largest;
}

void Bot::value_provinces(const Map& map, const Position& pos, PowerId power, bool model) {
  const int n = map.province_count();
  int units[kMaxPowers], colonies[kMaxPowers];
  pos.count_all(map, units, colonies);
  count_reach(map, pos, power);
  for (int p = 0; p < n; ++p) {
    const ProvinceId pp = static_cast<ProvinceId>(p);
    base_[p] = 0;
    if (pos.rules.closed.test(p) || !colony_counts_for(map, pos.rules, pp, power)) continue;
    base_[p] = colony_value(pos, power, pos.owner[p], pp, colonies, model);
  }
  spread(map, base_, UnitType::Army, army_value_);
  spread(map, base_, UnitType::Fleet, fleet_value_);
  if (T.fall_s0 && counting_phase(map, pos))
    for (int p = 0; p < n; ++p) {
      army_value_[p] += T.fall_s0 * base_[p];
      fleet_value_[p] += T.fall_s0 * base_[p];
    }
}

void Bot::spread(const Map& map, const int* base, UnitType type, int* out) {
  const int n = map.province_count();
  int* from = scratch_[0];
  int* to = scratch_[1];
  for (int p = 0; p < n; ++p) {
    from[p] = base[p];
    out[p] = T.spread[0] * base[p];
  }
  for (int step = 1; step < kSpreadSteps; ++step) {
    for (int p = 0; p < n; ++p) {
      const ProvinceId pp = static_cast<ProvinceId>(p);
      int sum = from[p];
      if (type == UnitType::Army)
        map.army_neighbours(pp).for_each([&](int q) { sum += from[q]; });
      else
        map.for_each_fleet_neighbour_province(pp, [&](ProvinceId q) { sum += from[q]; });
      to[p] = sum / 5;
    }
    for (int p = 0; p < n; ++p) out[p] += T.spread[step] * to[p];
    int* t = from;
    from = to;
    to = t;
  }
}

int Bot::value_at(const Map& map, UnitType type, LocationId l) const {
  const ProvinceId p = map.province_of(l);
  return type == UnitType::Army ? army_value_[p] : fleet_value_[p];
}

// ---------------------------------------------------------------------------
// [SECTION] The heuristic
// ---------------------------------------------------------------------------

void Bot::heuristic(const Map& map, const Position& pos, PowerId power, int noise, Random& random, OrderList& out) {
  styled_heuristic(map, pos, power, noise, random, out, false);
}

void Bot::styled_heuristic(const Map& map, const Position& pos, PowerId power, int noise, Random& random,
                           OrderList& out, bool model) {
  out.clear();
  if (power >= map.power_count()) return;
  value_provinces(map, pos, power, model);
  switch (pos.phase.kind) {
    case PhaseKind::Movement: movement(map, pos, power, noise, random, out); break;
    case PhaseKind::Retreat: retreats(map, pos, power, out); break;
    case PhaseKind::Adjustment: adjustments(map, pos, power, out); break;
  }
}

// The movement heuristic, step by step: the units in an order (random when
// there is noise), each sent where its value is highest, moves that would
// bounce off our own units dropped, supports for the moves that need them,
// convoys across one sea, then the orders written out.
void Bot::movement(const Map& map, const Position& pos, PowerId power, int noise, Random& random, OrderList& out) {
  list_units(map, pos, power, noise, random);
  choose_destinations(map, pos, power, noise, random);
  stay_behind_friends(pos, power);
  add_supports(map, pos, power);
  add_convoys(map, pos, power);
  write_orders(map, pos, power, out);
}

// The units to order, in a random order when there is noise (which unit
// gets the best space first matters).
void Bot::list_units(const Map& map, const Position& pos, PowerId power, int noise, Random& random) {
  MovementPlan& m = plan_;
  m.count = 0;
  for (int p = 0; p < map.province_count(); ++p)
    if (pos.units[p].present() && pos.units[p].power == power) m.mine[m.count++] = static_cast<ProvinceId>(p);
  if (noise > 0)
    for (int i = m.count - 1; i > 0; --i) {
      const int j = random.below(i + 1);
      const ProvinceId t = m.mine[i];
      m.mine[i] = m.mine[j];
      m.mine[j] = t;
    }
  m.claimed = ProvinceSet();
  for (ProvinceId& t : m.target) t = kNoProvince;
  m.rail_used = false;
}

// Each unit in turn takes the free place worth the most to it (staying is
// worth its own province's value).
void Bot::choose_destinations(const Map& map, const Position& pos, PowerId power, int noise, Random& random) {
  MovementPlan& m = plan_;
  auto jitter = [&](int value) {
    if (noise <= 0 || value <= 0) return value;
    return value + random.below(value / 100 * noise + 1);
  };
  for (int i = 0; i < m.count; ++i) {
    const ProvinceId p = m.mine[i];
    const Unit& u = pos.units[p];
    const LocationId at = unit_location(map, p, u);
    legal_orders(map, pos, p, legal_);
    Order best;
    best.kind = OrderKind::Hold;
    best.power = power;
    best.unit = u.type;
    best.at = at;
    // Staying is worth the province's value, unless another of ours comes
    // in (then it must move or bounce its friend).
    int best_value = m.claimed.test(p) ? -1 : jitter(value_at(map, u.type, at));
    for (const Order& o : legal_) {
      if (o.kind != OrderKind::Move && o.kind != OrderKind::RailMove) continue;
      if (o.via_convoy) continue;  // carried armies are arranged below, by our own fleets only
      if (o.kind == OrderKind::RailMove && m.rail_used) continue;
      const ProvinceId d = map.province_of(o.to);
      // Not where another of ours goes, nor into the place of one coming
      // here (two of ours swapping places bounce).
      if (m.claimed.test(d) || m.target[d] == p) continue;
      const int v = jitter(value_at(map, u.type, o.to));
      if (v > best_value) {
        best = o;
        best_value = v;
      }
    }
    if (best.kind == OrderKind::RailMove) m.rail_used = true;
    const ProvinceId d = best.kind == OrderKind::Hold ? p : map.province_of(best.to);
    m.claimed.set(d);
    m.chosen[p] = best;
    m.chosen_value[p] = best_value;
    m.target[p] = d;
  }
}

// A move into a province where another of ours stays bounces: it holds
// instead (and may support below).
void Bot::stay_behind_friends(const Position& pos, PowerId power) {
  MovementPlan& m = plan_;
  for (int i = 0; i < m.count; ++i) {
    const ProvinceId p = m.mine[i];
    if (m.chosen[p].kind == OrderKind::Hold) continue;
    const ProvinceId d = m.target[p];
    const Unit& there = pos.units[d];
    if (!there.present() || there.power != power || m.target[d] != d) continue;
    m.chosen[p].kind = OrderKind::Hold;
    m.chosen[p].to = kNoLocation;
    m.target[p] = p;
  }
}

// Units that stay back a move of ours into a contested province (one a
// unit of another power stands in or could reach), or one of ours that
// stays in danger.
void Bot::add_supports(const Map& map, const Position& pos, PowerId power) {
  MovementPlan& m = plan_;
  for (int i = 0; i < m.count; ++i) {
    const ProvinceId p = m.mine[i];
    if (m.chosen[p].kind != OrderKind::Hold) continue;
    legal_orders(map, pos, p, legal_);
    int best_value = 0;
    for (const Order& o : legal_) {
      if (o.kind != OrderKind::Support) continue;
      const ProvinceId from = map.province_of(o.other_at);
      if (pos.units[from].power != power) continue;
      const int v = support_value(map, pos, power, o);
      if (v > best_value) {
        best_value = v;
        m.chosen[p] = o;
      }
    }
  }
}

// What a support of one of our own units is worth: holding a colony in
// danger, or a move into a province someone may contest.
int Bot::support_value(const Map& map, const Position& pos, PowerId power, const Order& o) const {
  const ProvinceId from = map.province_of(o.other_at);
  const Order& theirs = plan_.chosen[from];
  if (o.to == kNoLocation) {
    if (theirs.kind != OrderKind::Hold && theirs.kind != OrderKind::Support) return 0;
    return base_[from] > T.own_quiet ? base_[from] : 0;
  }
  if (theirs.kind != OrderKind::Move || theirs.to == kNoLocation || map.province_of(theirs.to) != map.province_of(o.to))
    return 0;
  const ProvinceId d = map.province_of(o.to);
  const bool contested = (pos.units[d].present() && pos.units[d].power != power) || base_[d] > 0;
  return contested ? plan_.chosen_value[from] / 50 + 1 : 0;
}

// Our fleets at sea that stay carry an army of ours that stays to a
// better shore across that one sea.
void Bot::add_convoys(const Map& map, const Position& pos, PowerId power) {
  MovementPlan& m = plan_;
  for (int i = 0; i < m.count; ++i) {
    const ProvinceId f = m.mine[i];
    if (pos.units[f].type != UnitType::Fleet || map.province(f).kind != ProvinceKind::Sea ||
        m.chosen[f].kind != OrderKind::Hold)
      continue;
    for (int k = 0; k < m.count; ++k) {
      const ProvinceId a = m.mine[k];
      if (pos.units[a].type != UnitType::Army || m.chosen[a].kind != OrderKind::Hold || !map.fleet_adjacent(f, a))
        continue;
      if (try_convoy(map, pos, power, f, a)) break;
    }
  }
}

bool Bot::try_convoy(const Map& map, const Position& pos, PowerId power, ProvinceId f, ProvinceId a) {
  MovementPlan& m = plan_;
  int best_value = m.chosen_value[a] + m.chosen_value[a] / 8;
  ProvinceId best_shore = kNoProvince;
  map.fleet_neighbours(f).for_each([&](int l) {
    const ProvinceId d = map.province_of(static_cast<LocationId>(l));
    if (d == a || map.army_adjacent(a, d) || m.claimed.test(d) || !map.can_stand(UnitType::Army, d)) return;
    const int v = army_value_[d];
    if (v > best_value) {
      best_value = v;
      best_shore = d;
    }
  });
  if (best_shore == kNoProvince) return false;
  Order carry = m.chosen[f];
  carry.kind = OrderKind::Convoy;
  carry.other_unit = UnitType::Army;
  carry.other_at = a;
  carry.other_power = power;
  carry.to = best_shore;
  Order voyage = m.chosen[a];
  voyage.kind = OrderKind::Move;
  voyage.to = best_shore;
  if (check_order(map, pos, carry) != VoidReason::None || check_order(map, pos, voyage) != VoidReason::None)
    return false;
  m.chosen[f] = carry;
  m.chosen[a] = voyage;
  m.claimed.set(best_shore);
  return true;
}

// The orders in province order, as a player would write them; a canal we
// hold lets our own fleet through (then no other fleet passes, rule 9.34).
void Bot::write_orders(const Map& map, const Position& pos, PowerId power, OrderList& out) {
  MovementPlan& m = plan_;
  for (int i = 0; i < m.count; ++i) {
    Order& o = m.chosen[m.mine[i]];
    // Everything offered came from the legal lists; a last check keeps a
    // combination the checks above missed from ever going out.
    if (check_order(map, pos, o) != VoidReason::None) {
      o.kind = OrderKind::Hold;
      o.to = o.other_at = kNoLocation;
      o.other_unit = UnitType::None;
      o.other_power = kNoPower;
    }
  }
  for (int p = 0; p < map.province_count(); ++p)
    if (pos.units[p].present() && pos.units[p].power == power) out.push_back(m.chosen[p]);
  if (!pos.rules.canal || map.canal_count() == 0) return;
  legal_canal_permits(map, pos, power, legal_);
  for (const Order& permit : legal_) {
    const ProvinceId fleet = map.province_of(permit.other_at);
    if (pos.units[fleet].power != power) continue;
    const Order& theirs = m.chosen[fleet];
    if (theirs.kind == OrderKind::Move && theirs.to == permit.to) {
      out.push_back(permit);
      break;
    }
  }
}

void Bot::retreats(const Map& map, const Position& pos, PowerId power, OrderList& out) {
  ProvinceSet taken;
  for (int p = 0; p < map.province_count(); ++p) {
    const Unit& u = pos.dislodged[p].unit;
    if (!u.present() || u.power != power) continue;
    legal_orders(map, pos, static_cast<ProvinceId>(p), legal_);
    if (legal_.empty()) continue;
    Order best = legal_[0];  // the disband comes first
    int best_value = -1;
    for (const Order& o : legal_) {
      if (o.kind != OrderKind::Retreat || taken.test(map.province_of(o.to))) continue;
      const int v = value_at(map, u.type, o.to);
      if (v > best_value) {
        best_value = v;
        best = o;
      }
    }
    if (best.kind == OrderKind::Retreat) taken.set(map.province_of(best.to));
    out.push_back(best);
  }
}

void Bot::adjustments(const Map& map, const Position& pos, PowerId power, OrderList& out) {
  const int due = adjustment_count(map, pos, power);
  if (due > 0) {
    legal_adjustments(map, pos, power, legal_);
    // The best build of each place, then the best places.
    ProvinceSet used;
    for (int k = 0; k < due; ++k) {
      int best = -1, best_value = -1;
      for (int i = 0; i < legal_.size(); ++i) {
        const Order& o = legal_[i];
        if (o.kind != OrderKind::Build || is_conversion(map, pos, o) || used.test(map.province_of(o.at))) continue;
        const int v = value_at(map, o.unit, o.at);
        if (v > best_value) {
          best_value = v;
          best = i;
        }
      }
      if (best < 0) break;
      used.set(map.province_of(legal_[best].at));
      out.push_back(legal_[best]);
    }
  } else if (due < 0) {
    DisbandOrders disbands;
    disbands_of(map, pos, power, disbands);
    ProvinceSet used;
    for (int k = 0; k < -due; ++k) {
      int worst = -1, worst_value = 0;
      for (int i = 0; i < disbands.size(); ++i) {
        const Order& o = disbands[i];
        if (used.test(map.province_of(o.at))) continue;
        const int v = value_at(map, o.unit, o.at);
        if (worst < 0 || v < worst_value) {
          worst_value = v;
          worst = i;
        }
      }
      if (worst < 0) break;
      used.set(map.province_of(disbands[worst].at));
      out.push_back(disbands[worst]);
    }
  }
}

// ---------------------------------------------------------------------------
// [SECTION] The search
// ---------------------------------------------------------------------------

int Bot::score(const Map& map, const Position& before, const Position& after, PowerId power) const {
  int s = 0;
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pp = static_cast<ProvinceId>(p);
    const Unit& u = after.units[p];
    const bool counts = colony_counts_for(map, before.rules, pp, power);
    const bool ours = before.owner[p] != kNoPower && is_mine(before, power, before.owner[p]);
    if (u.present() && u.power == power) {
      s += T.unit + (u.type == UnitType::Army ? army_value_[p] : fleet_value_[p]) / T.value_div;
      if (counts) s += ours ? T.own_held : T.taken;
    } else if (u.present() && counts && ours && !is_mine(before, power, u.power)) {
      s -= T.lost;
    }
    const Unit& d = after.dislodged[p].unit;
    if (d.present()) s += d.power == power ? -T.dislodged : T.enemy_dislodged;
  }
  return s;
}

void Bot::search(const Map& map, const Position& pos, PowerId power, BotLevel level, Random& random, OrderList& out) {
  const BotSearch plan = bot_search(level);
  // Every trial below is adjudicated on this one position: its facts once.
  const PositionFacts facts(map, pos);
  count_scores_ = plan.model_guesses && counting_phase(map, pos);
  const int candidates = plan.candidates < kMaxCandidates ? plan.candidates : kMaxCandidates;
  const int guesses = plan.guesses < kMaxGuesses ? plan.guesses : kMaxGuesses;
  if (plan.model_guesses)
    sample_guesses(map, pos, power, guesses, random);
  else
    make_guesses(map, pos, power, guesses, random);
  // Then our candidates: the plain heuristic first, then with more and more
  // noise.
  for (int c = 0; c < candidates; ++c) {
    if (plan.model_guesses && c >= candidates / 2)
      model_.orders(map, pos, power, &random, candidates_[c]);
    else
      heuristic(map, pos, power, c == 0 ? 0 : 15 + (c * 60) / candidates, random, candidates_[c]);
  }
  int best = 0;
  for (int c = 0; c < candidates; ++c) {
    totals_[c] = try_against_guesses(map, pos, facts, power, candidates_[c], guesses);
    if (totals_[c] > totals_[best]) best = c;
  }
  out = candidates_[best];
  std::int64_t best_total = totals_[best];
  for (int pass = 0; pass < plan.improve_passes; ++pass)
    if (!improve(map, pos, facts, power, guesses, out, best_total)) break;
  if (plan.year_candidates > 0) choose_by_year(map, pos, facts, power, plan, candidates, random, out);
  if (plan.year_improve_guesses > 0) {
    std::int64_t year_best = year_total(map, pos, facts, power, out, plan.year_improve_guesses);
    improve(map, pos, facts, power, plan.year_improve_guesses, out, year_best, true);
  }
}

// Each guess is every other power's heuristic with noise (our own model of
// how they value colonies, or the DumbBot-like one, in turn).
void Bot::make_guesses(const Map& map, const Position& pos, PowerId power, int guesses, Random& random) {
  for (int g = 0; g < guesses; ++g) {
    guesses_[g].clear();
    for (int w = 0; w < map.power_count(); ++w) {
      const PowerId other = static_cast<PowerId>(w);
      if (is_mine(pos, power, other) || !pos.has_unit_of(other)) continue;
      const bool model = T.model == 1 || (T.model == 2 && g % 2 == 1);
      styled_heuristic(map, pos, other, g < (T.model == 2 ? 2 : 1) ? 0 : T.guess_noise, random, combined_, model);
      for (const Order& o : combined_) guesses_[g].push_back(o);
    }
  }
}

// Each guess is every other power's orders drawn from the model of DumbBot.
void Bot::sample_guesses(const Map& map, const Position& pos, PowerId power, int guesses, Random& random) {
  model_.prepare(map, pos);
  for (int g = 0; g < guesses; ++g) {
    guesses_[g].clear();
    for (int w = 0; w < map.power_count(); ++w) {
      const PowerId other = static_cast<PowerId>(w);
      if (is_mine(pos, power, other) || !pos.has_unit_of(other)) continue;
      model_.orders(map, pos, other, &random, combined_);
      for (const Order& o : combined_) guesses_[g].push_back(o);
    }
  }
}

// Whether a unit's order `o` is one to try in place of `current`: a move
// along its own links, a hold, or a support of one of ours.
bool Bot::worth_trying(const Map& map, const Position& pos, PowerId power, const Order& current, const Order& o) {
  const bool own_support = (o.kind == OrderKind::Support || o.kind == OrderKind::Convoy) &&
                           pos.units[map.province_of(o.other_at)].power == power;
  if (o.kind != OrderKind::Hold && o.kind != OrderKind::Move && !own_support) return false;
  if (o.kind == OrderKind::Move && (o.via_convoy || !map.unit_reaches(o.unit, o.at, map.province_of(o.to))))
    return false;
  return !(o == current);
}

// One unit at a time: each other order it could give (a move, a hold, a
// support of one of ours) replaces its order when the set does better
// against the same guesses, after this phase or (`by_year`) played on to
// the end of the year. False when nothing did.
bool Bot::improve(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power, int guesses,
                  OrderList& out, std::int64_t& best_total, bool by_year) {
  bool improved = false;
  for (int i = 0; i < out.size(); ++i) {
    if (out[i].kind == OrderKind::CanalPermit) continue;
    const ProvinceId p = map.province_of(out[i].at);
    legal_orders(map, pos, p, legal_);
    for (const Order& o : legal_) {
      if (!worth_trying(map, pos, power, out[i], o)) continue;
      trial_ = out;
      trial_[i] = o;
      const std::int64_t total = by_year ? year_total(map, pos, facts, power, trial_, guesses)
                                         : try_against_guesses(map, pos, facts, power, trial_, guesses);
      if (total > best_total) {
        best_total = total;
        out = trial_;
        improved = true;
      }
    }
  }
  return improved;
}

std::int64_t Bot::try_against_guesses(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power,
                                      const OrderList& mine, int guesses) {
  std::int64_t total = 0;
  for (int g = 0; g < guesses; ++g) {
    combined_ = guesses_[g];
    for (const Order& o : mine) combined_.push_back(o);
    adjudicate_movement(map, pos, combined_, after_, results_, facts);
    ++adjudications_;
    total += count_scores_ ? counted_score(map, pos, after_, power) : score(map, pos, after_, power);
  }
  return total;
}

bool Bot::preview(const Map& map, const Position& pos, PowerId power, const OrderList& mine, PreviewGuess guess,
                  Position& after, PhaseResults& results) {
  if (pos.phase.kind != PhaseKind::Movement || power >= map.power_count()) return false;
  combined_.clear();
  if (guess == PreviewGuess::ComputerGuess) {
    Random random{1};
    for (int w = 0; w < map.power_count(); ++w) {
      const PowerId other = static_cast<PowerId>(w);
      if (other == power || !pos.has_unit_of(other)) continue;
      heuristic(map, pos, other, 0, random, trial_);
      for (const Order& o : trial_) combined_.push_back(o);
    }
  }
  for (const Order& o : mine)
    if (o.power == power) combined_.push_back(o);
  adjudicate_movement(map, pos, combined_, after, results);
  return true;
}

void Bot::decide(const Map& map, const Position& pos, PowerId power, BotLevel level, u64 seed, OrderList& out) {
  out.clear();
  adjudications_ = 0;
  if (power >= map.power_count()) return;
  // One stream per position and power: the same question, the same answer.
  Random random{seed ^ (static_cast<u64>(pos.phase.year) << 20) ^ (static_cast<u64>(pos.phase.season) << 12) ^
                (static_cast<u64>(pos.phase.kind) << 8) ^ power};
  if (pos.phase.kind != PhaseKind::Movement || !pos.has_unit_of(power)) {
    heuristic(map, pos, power, 0, random, out);
    const BotSearch plan = bot_search(level);
    if (pos.phase.kind == PhaseKind::Adjustment && plan.adjustment_options > 0 && !out.empty())
      choose_adjustment(map, pos, power, plan.adjustment_options, plan.year_guesses, random, out);
    return;
  }
  search(map, pos, power, level, random, out);
}

u32 play_computer_powers(Game& game, Bot& bot, u64 seed) {
  const GameSettings& settings = game.settings();
  u32 played = 0;
  OrderList orders;
  for (PowerId p = 0; p < game.map().power_count(); ++p) {
    if (!((settings.computer_powers >> p) & 1u) || !game.has_choice(p) || game.handed_in(p)) continue;
    bot.decide(game.map(), game.position(), p, settings.computer_level[p], seed, orders);
    if (game.submit(p, orders)) played |= u32{1} << p;
  }
  return played;
}

}  // namespace colonial
