// The hard level's look ahead: the best few order sets are played on to
// the end of the year against the sampled orders of the others (the model
// of DumbBot, bot_model.h), everyone playing the model after this phase,
// and scored by what this power holds when the colonies are counted.
#include "bot.h"
#include "bot_internal.h"

namespace colonial {

using bot_detail::counting_phase;
using bot_detail::is_mine;
using bot_detail::kTried;

namespace {

// What the end of a played-on year is worth: each colony held, each unit.
struct YearWeights {
  int colony = 100, unit = 20;
};
constexpr YearWeights Y;

// The same orders, in any order.
bool same_orders(const OrderList& a, const OrderList& b) {
  if (a.size() != b.size()) return false;
  for (const Order& o : a) {
    bool found = false;
    for (const Order& p : b) found = found || p == o;
    if (!found) return false;
  }
  return true;
}

}  // namespace

// The improved set and the best few candidates by their one-phase totals,
// each played on against the first guesses; the best total is played.
// Every set meets the same draws (one stream per guess), so that they
// differ only by their orders.
void Bot::choose_by_year(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power,
                         const BotSearch& plan, int candidates, Random& random, OrderList& out) {
  const int guesses = plan.year_guesses < plan.guesses ? plan.year_guesses : plan.guesses;
  year_seed_ = random.next();
  std::int64_t best = year_total(map, pos, facts, power, out, guesses);
  for (int k = 0; k < plan.year_candidates; ++k) {
    int top = -1;
    for (int c = 0; c < candidates; ++c)
      if (totals_[c] > kTried && (top < 0 || totals_[c] > totals_[top])) top = c;
    if (top < 0) break;
    totals_[top] = kTried;
    if (candidates_[top] == out) continue;
    const std::int64_t total = year_total(map, pos, facts, power, candidates_[top], guesses);
    if (total > best) {
      best = total;
      out = candidates_[top];
    }
  }
}

std::int64_t Bot::year_total(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power,
                             const OrderList& mine, int guesses) {
  std::int64_t total = 0;
  for (int g = 0; g < guesses; ++g) {
    Random stream = year_stream(g);
    total += play_year(map, pos, facts, power, mine, g, stream);
  }
  return total;
}

// `mine` against guess g, the retreats, then (before a phase whose
// colonies are not counted) everyone on the model to the end of the year:
// the score of the year's end.
std::int64_t Bot::play_year(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power,
                            const OrderList& mine, int guess, Random& random) {
  combined_ = guesses_[guess];
  for (const Order& o : mine) combined_.push_back(o);
  adjudicate_movement(map, pos, combined_, end_, results_, facts);
  ++adjudications_;
  settle_retreats(map, end_, model_, random);
  if (counting_phase(map, pos)) {
    update_colony_owners(map, end_);
    return year_score(map, end_, power);
  }
  next_phase(map, end_);
  for (;;) {
    const bool counted = counting_phase(map, end_) && end_.phase.kind == PhaseKind::Movement;
    play_model_phase(map, end_, random);  // counts the colonies after a counting phase
    if (counted) return year_score(map, end_, power);
  }
}

// A winter's builds or disbands: the heuristic's and a few of the model's
// (drawn), each played on through the next year against the same draws of
// the others' orders, everyone on the model after this phase; the set that
// holds most when the year ends is given.
void Bot::choose_adjustment(const Map& map, const Position& pos, PowerId power, int options, int guesses,
                            Random& random, OrderList& out) {
  model_.prepare(map, pos);
  year_seed_ = random.next();
  int count = 0;
  candidates_[count++] = out;
  for (int k = 0; k < options && count < kMaxCandidates; ++k) {
    model_.orders(map, pos, power, &random, candidates_[count]);
    bool seen = false;
    for (int c = 0; c < count && !seen; ++c) seen = same_orders(candidates_[c], candidates_[count]);
    if (!seen) ++count;
  }
  if (count == 1) return;
  std::int64_t best = 0;
  for (int c = 0; c < count; ++c) {
    std::int64_t total = 0;
    for (int g = 0; g < guesses; ++g) {
      Random stream = year_stream(g);
      total += play_winter(map, pos, power, candidates_[c], stream);
    }
    if (c == 0 || total > best) {
      best = total;
      out = candidates_[c];
    }
  }
}

// `mine` with the others' adjustments drawn from the model, then everyone
// on the model to the end of the next year: the score of its end.
std::int64_t Bot::play_winter(const Map& map, const Position& pos, PowerId power, const OrderList& mine,
                              Random& random) {
  combined_ = mine;
  for (int w = 0; w < map.power_count(); ++w) {
    if (w == power) continue;
    model_.orders(map, pos, static_cast<PowerId>(w), &random, power_orders_);
    for (const Order& o : power_orders_) combined_.push_back(o);
  }
  adjudicate_adjustment(map, pos, combined_, end_, results_);
  ++adjudications_;
  next_phase(map, end_);
  for (;;) {
    const bool counted = counting_phase(map, end_) && end_.phase.kind == PhaseKind::Movement;
    play_model_phase(map, end_, random);
    if (counted) return year_score(map, end_, power);
  }
}

// The phase after `pos` (just played, retreats settled) on the Seasons
// calendar: Spring, Fall, Winter.
void Bot::next_phase(const Map& map, Position& pos) const {
  (void)map;
  pos.standoffs = ProvinceSet();
  pos.phase.kind = PhaseKind::Movement;
  if (pos.phase.season == Season::Spring) {
    pos.phase.season = Season::Fall;
  } else if (pos.phase.season == Season::Fall) {
    pos.phase.season = Season::Winter;
    pos.phase.kind = PhaseKind::Adjustment;
  } else {
    pos.phase.season = pos.phase.season == Season::Turn ? Season::Turn : Season::Spring;
    pos.phase.year = static_cast<i16>(pos.phase.year + 1);
  }
}

// One phase of `pos` with every power on the model, then on to the next
// phase (colonies counted after a Fall).
void Bot::play_model_phase(const Map& map, Position& pos, Random& random) {
  rollout_model_.prepare(map, pos);
  rollout_orders_.clear();
  for (int w = 0; w < map.power_count(); ++w) {
    rollout_model_.orders(map, pos, static_cast<PowerId>(w), &random, power_orders_);
    for (const Order& o : power_orders_) rollout_orders_.push_back(o);
  }
  ++adjudications_;
  if (pos.phase.kind == PhaseKind::Adjustment) {
    adjudicate_adjustment(map, pos, rollout_orders_, next_, results_);
    pos = next_;
  } else {
    adjudicate_movement(map, pos, rollout_orders_, next_, results_);
    pos = next_;
    settle_retreats(map, pos, rollout_model_, random);
    if (counting_phase(map, pos)) update_colony_owners(map, pos);
  }
  next_phase(map, pos);
}

// The dislodged units of `pos` (just adjudicated) retreat as the model has
// them, every power alike; `pos` becomes the position after the retreats.
void Bot::settle_retreats(const Map& map, Position& pos, DumbBotModel& model, Random& random) {
  if (!pos.has_dislodged()) return;
  const PhaseKind kind = pos.phase.kind;
  pos.phase.kind = PhaseKind::Retreat;
  retreat_orders_.clear();
  for (int w = 0; w < map.power_count(); ++w) {
    model.orders(map, pos, static_cast<PowerId>(w), &random, power_orders_);
    for (const Order& o : power_orders_) retreat_orders_.push_back(o);
  }
  adjudicate_retreat(map, pos, retreat_orders_, retreated_, results_);
  pos = retreated_;
  pos.phase.kind = kind;
}

// The year's score of the position after a counting phase's movement
// (`after`, from `before`): the colonies as they will be counted, the units
// not dislodged.
int Bot::counted_score(const Map& map, const Position& before, const Position& after, PowerId power) const {
  int s = 0;
  for (ProvinceId p : map.colony_provinces()) {
    const Unit& u = after.units[p];
    PowerId owner = before.owner[p];
    if (u.present()) owner = colony_counts_for(map, after.rules, p, u.power) ? u.power : kNoPower;
    if (owner != kNoPower && is_mine(after, power, owner) && colony_counts_for(map, after.rules, p, power))
      s += Y.colony;
  }
  for (int p = 0; p < map.province_count(); ++p)
    if (after.units[p].present() && after.units[p].power == power) s += Y.unit;
  return s;
}

int Bot::year_score(const Map& map, const Position& end, PowerId power) const {
  int s = 0;
  for (ProvinceId p : map.colony_provinces())
    if (end.owner[p] != kNoPower && is_mine(end, power, end.owner[p]) && colony_counts_for(map, end.rules, p, power))
      s += Y.colony;
  for (int p = 0; p < map.province_count(); ++p)
    if (end.units[p].present() && end.units[p].power == power) s += Y.unit;
  return s;
}

}  // namespace colonial
