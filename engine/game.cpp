#include "game.h"

#include <algorithm>
#include <bit>

#include "contract.h"
#include "legal.h"
#include "map.h"
#include "phrases.h"

namespace colonial {

// ---------------------------------------------------------------------------
// [SECTION] Start and restore
// ---------------------------------------------------------------------------

bool draw_secret_end_year(GameSettings& s, int first, int last, u32 random) {
  if (first < 1 || last > 9999 || first > last) return false;
  s.secret_end_first = first;
  s.secret_end_last = last;
  // Only years the calendar plays, each as likely: on the 1995 calendar an
  // odd year would end the game after the even year following it, making
  // that year twice as likely as the others.
  const int step = s.rules.calendar == Calendar::Biennial1995 ? 2 : 1;
  const int years = (last - first) / step + 1;
  s.secret_end_year = first + step * static_cast<int>(random % static_cast<u32>(years));
  COLONIAL_ASSERT(s.secret_end_year >= first && s.secret_end_year <= last);
  return true;
}

GameSettings map_default_settings(const Map& map) {
  GameSettings s;
  s.rules.map_options = map.default_options();
  s.rules.calendar = map.biennial_calendar() ? Calendar::Biennial1995 : Calendar::Seasons;
  s.victory_colonies = map.victory_colonies();
  return s;
}

GameSettings random_game_settings(const Map& map) {
  GameSettings settings = map_default_settings(map);
  settings.last_year = map.start_year() + 99;
  return settings;
}

// Not inlined: colonial-judge bench --instructions counts inside it.
[[gnu::noinline]] long play_random_game(Map& map, const GameSettings& settings, Random& random, Game& game,
                                        OrderList& orders) {
  long phases = 0;
  game.start(map, settings);
  while (!game.over()) {
    random_orders(map, game.position(), random, orders, game.facts());
    game.submit_each(orders);
    if (!game.adjudicate()) break;
    ++phases;
  }
  return phases;
}

void apply_board(Map& map, const RuleOptions& rules) {
  map.set_options(rules.map_options);
  map.set_setup(rules.setup);
}

void Game::start(Map& map, const GameSettings& settings) {
  apply_board(map, settings.rules);
  Position start;
  set_start_position(map, start);
  start_from(map, settings, start);
}

void Game::start_from(Map& map, const GameSettings& settings, const Position& position) {
  map_ = &map;
  settings_ = settings;
  apply_board(map, settings.rules);
  set_position(position);
  position_.rules = settings.rules;
  if (settings.rules.calendar == Calendar::Biennial1995) {
    if (position_.phase.season != Season::Winter) position_.phase.season = Season::Turn;
  } else if (position_.phase.season == Season::Turn) {
    position_.phase.season = Season::Spring;
  }
  pending_.clear();
  done_without_orders_ = 0;
  draw_votes_ = 0;
  timer_used_ = 0;
  surrendered_ = 0;
  surrender_pending_ = 0;
  conditions_.clear();
  conditional_ = covered_ = 0;
  skipped_.clear();
  result_ = GameResult();
  history_.clear();
  branches_.clear();
  archive_.clear();
}

void Game::restore(Map& map, const GameSettings& settings, const Position& position, const GameResult& result,
                   u32 surrendered) {
  map_ = &map;
  settings_ = settings;
  apply_board(map, settings.rules);
  set_position(position);
  position_.rules = settings.rules;
  result_ = result;
  surrendered_ = surrendered;
  surrender_pending_ = 0;
  conditions_.clear();
  conditional_ = covered_ = 0;
  skipped_.clear();
  pending_.clear();
  done_without_orders_ = 0;
  draw_votes_ = 0;
  timer_used_ = 0;
}

void Game::restore_pending(const OrderList& orders, u32 draw_votes, u32 pending_surrenders, u32 done_without_orders) {
  pending_ = orders;
  done_without_orders_ = 0;
  for (PowerId p = 0; p < kMaxPowers; ++p)
    if (((done_without_orders >> p) & 1u) && !handed_in(p)) done_without_orders_ |= u32{1} << p;
  draw_votes_ = draw_votes;
  surrender_pending_ = pending_surrenders & ~surrendered_;
}

void Game::restore_conditions(const ConditionList& conditions, u32 conditional, u32 covered,
                              const SkippedOrders& skipped) {
  conditions_ = conditions;
  conditional_ = conditional;
  covered_ = covered;
  skipped_ = skipped;
}

// ---------------------------------------------------------------------------
// [SECTION] Players and choices
// ---------------------------------------------------------------------------

bool Game::is_playing(PowerId p) const {
  // Most who ask have a unit: found before the whole board is surveyed.
  return gives_orders(p) && (position_.has_unit_of(p) || ((on_board() >> p) & 1u));
}

bool Game::gives_orders(PowerId p) const {
  return p < map_->power_count() && !(((settings_.unplayed_powers | surrendered_) >> p) & 1u);
}

u32 Game::remaining_players() const {
  const u32 all = (u32{1} << map_->power_count()) - 1;
  return on_board() & all & ~settings_.unplayed_powers & ~surrendered_;
}

int Game::adjustment_due(PowerId p) const {
  int due = adjustment_count(*map_, position_, p);
  if (due <= 0) return due;
  // Builds go only on free home colonies the power still owns (8.323), or
  // any free centre it owns under conscription.
  const int free = free_build_places(*map_, position_, p);
  return due < free ? due : free;
}

bool Game::has_choice(PowerId p) const {
  if (!is_playing(p) || over()) return false;
  // Its conditionals decided everything this phase asks of it.
  if ((covered_ >> p) & 1u) return false;
  switch (position_.phase.kind) {
    case PhaseKind::Movement: return position_.has_unit_of(p);
    case PhaseKind::Retreat: {
      for (int i = 0; i < map_->province_count(); ++i) {
        const DislodgedUnit& d = position_.dislodged[i];
        if (!d.unit.present() || d.unit.power != p) continue;
        LegalOrders legal;
        legal_orders(*map_, position_, static_cast<ProvinceId>(i), legal);
        for (const Order& o : legal)
          if (o.kind == OrderKind::Retreat) return true;
      }
      return false;
    }
    case PhaseKind::Adjustment: {
      int due = adjustment_due(p);
      if (due > 0) return true;
      // Disbanding every unit leaves nothing to choose.
      if (due < 0 && position_.unit_count(p) > -due) return true;
      // A unit it keeps may be converted (Era of Empire).
      return due == 0 && may_convert(position_, p);
    }
  }
  return false;
}

// ---------------------------------------------------------------------------
// [SECTION] Orders
// ---------------------------------------------------------------------------

bool Game::submit(PowerId power, const OrderList& orders) {
  if (over() || !is_playing(power)) return false;
  for (const Order& o : orders)
    if (o.power != power && o.power != kNoPower) return false;
  clear_orders(power);
  for (Order o : orders) {
    o.power = power;
    if (!pending_.push_back(o)) return false;
  }
  if (orders.empty()) done_without_orders_ |= u32{1} << power;
  return true;
}

bool Game::submit_each(const OrderList& orders) {
  // What submit does for each power in turn, in three passes over the lists
  // rather than one over each per power: count each power's share, drop the
  // earlier orders of the powers taken, then place each order in its
  // power's run at the end.
  int share[kMaxPowers + 1] = {};  // the last: orders of no power, left out
  const Order* first[kMaxPowers + 1] = {};
  for (const Order& o : orders) {
    const int w = std::min<int>(o.power, kMaxPowers);
    if (share[w]++ == 0) first[w] = &o;
  }
  u32 taken = 0;
  bool all = true;
  for (PowerId w = 0; w < map_->power_count(); ++w) {
    if (share[w] == 0) continue;
    // A unit of the power where its first order stands shows it is on the
    // board, without looking for one (is_playing).
    const LocationId at = first[w]->at;
    const Unit* there = at < map_->location_count() ? &position_.units[map_->province_of(at)] : nullptr;
    const bool unit_there = there && there->present() && there->power == w;
    const bool playing = unit_there ? gives_orders(w) : is_playing(w);
    if (over() || !playing)
      all = false;
    else
      taken |= u32{1} << w;
  }
  const auto is_taken = [&](PowerId w) { return w < kMaxPowers && ((taken >> w) & 1u); };
  int kept = 0;
  for (const Order& o : pending_) kept += static_cast<int>(!is_taken(o.power));
  int start[kMaxPowers], total = kept;
  for (PowerId w = 0; w < kMaxPowers; ++w) {
    start[w] = total;
    if (is_taken(w)) total += share[w];
  }
  // More than the pending list holds: nothing changes.
  if (total > OrderList::kCapacity) return false;
  kept = 0;
  for (int i = 0; i < pending_.size(); ++i)
    if (!is_taken(pending_[i].power)) pending_[kept++] = pending_[i];
  pending_.resize_down(kept);
  while (pending_.size() < total) pending_.append_slot();
  for (const Order& o : orders)
    if (is_taken(o.power)) pending_[start[o.power]++] = o;
  conditional_ &= ~taken;
  done_without_orders_ &= ~taken;
  return all;
}

void Game::clear_orders(PowerId power) {
  int kept = 0;
  while (kept < pending_.size() && pending_[kept].power != power) ++kept;
  for (int i = kept; i < pending_.size(); ++i)
    if (pending_[i].power != power) pending_[kept++] = pending_[i];
  pending_.resize_down(kept);
  done_without_orders_ &= ~(u32{1} << power);
  // Orders of its own replace those its conditionals gave.
  conditional_ &= ~(u32{1} << power);
}

bool Game::submit_conditions(PowerId p, const ConditionList& mine) {
  if (over() || !is_playing(p) || position_.phase.kind != PhaseKind::Movement) return false;
  for (const Condition& c : mine)
    if (c.power != p) return false;
  int others = 0;
  for (const Condition& c : conditions_) others += c.power != p;
  if (others + mine.size() > ConditionList::kCapacity) return false;
  for (int i = conditions_.size() - 1; i >= 0; --i)
    if (conditions_[i].power == p) conditions_.erase_at(i);
  for (const Condition& c : mine) conditions_.push_back(c);
  return true;
}

int Game::conditions_of(PowerId p, ConditionList& out) const {
  out.clear();
  for (const Condition& c : conditions_)
    if (c.power == p) out.push_back(c);
  return out.size();
}

// The phase after a movement phase begins: each power's conditionals become
// its pending orders, unless it is out of the game or has nothing to decide.
void Game::apply_conditions() {
  conditional_ = covered_ = 0;
  skipped_.clear();
  // A power that handed in none has nothing planned and is asked as usual.
  u32 planning = 0;
  for (const Condition& c : conditions_)
    if (c.power < kMaxPowers) planning |= u32{1} << c.power;
  planning &= ~(surrendered_ | settings_.unplayed_powers);
  for (PowerId p = 0; p < map_->power_count(); ++p) {
    if (!((planning >> p) & 1u) || !has_choice(p)) continue;
    OrderList planned;
    bool covered = false;
    orders_from_conditions(*map_, position_, conditions_, p, planned, skipped_, covered);
    for (const Order& o : planned) pending_.push_back(o);
    if (!planned.empty()) conditional_ |= u32{1} << p;
    if (covered) covered_ |= u32{1} << p;
  }
}

bool Game::handed_in(PowerId power) const {
  COLONIAL_ASSERT(power < kMaxPowers);
  if ((done_without_orders_ >> power) & 1u) return true;
  for (const Order& o : pending_)
    if (o.power == power) return true;
  return false;
}

int Game::orders_of(PowerId power, OrderList& out) const {
  out.clear();
  for (const Order& o : pending_)
    if (o.power == power) out.push_back(o);
  return out.size();
}

void Game::vote_draw(PowerId p, bool vote) {
  if (vote)
    draw_votes_ |= u32{1} << p;
  else
    draw_votes_ &= ~(u32{1} << p);
}

void Game::surrender(PowerId p) {
  if (p >= map_->power_count()) return;
  surrendered_ |= u32{1} << p;
  surrender_pending_ &= ~(u32{1} << p);
}

bool Game::set_computer(PowerId p, bool computer, BotLevel level) {
  if (p >= map_->power_count() || over()) return false;
  const u32 bit = u32{1} << p;
  if (!computer) {
    settings_.computer_powers &= ~bit;
    return true;
  }
  settings_.computer_powers |= bit;
  settings_.computer_level[p] = level;
  surrendered_ &= ~bit;
  surrender_pending_ &= ~bit;
  return true;
}

bool Game::set_timers(const u16 (&seconds)[3]) {
  if (over()) return false;
  for (int k = 0; k < 3; ++k) settings_.timer_seconds[k] = seconds[k];
  return true;
}

void Game::hand_in_surrender(PowerId p, bool surrender) {
  if (p >= map_->power_count() || surrendered(p)) return;
  if (surrender)
    surrender_pending_ |= u32{1} << p;
  else
    surrender_pending_ &= ~(u32{1} << p);
}

// ---------------------------------------------------------------------------
// [SECTION] Adjudication and the sequence of phases
// ---------------------------------------------------------------------------

bool Game::adjudicate() {
  if (over() || history_.full()) return false;
  // A surrendered or unplayed power is in civil disorder (8.33): its units
  // hold, its dislodged units disband, its removals follow the rule.
  u32 silent = surrendered_ | settings_.unplayed_powers;
  OrderList heard;
  if (silent != 0)
    for (const Order& o : pending_)
      if (!((silent >> o.power) & 1u)) heard.push_back(o);
  // Most phases nobody is silent: the pending orders as they are (cleared
  // only after the last use below).
  const OrderList& orders = silent != 0 ? heard : pending_;

  PhaseRecord& rec = history_.append_slot();
  rec.begin(position_);
  rec.draw_votes = draw_votes_;
  // Surrenders handed in with these orders take effect now: the orders were
  // given before, and are carried out; from now on the power is silent.
  surrendered_ |= surrender_pending_;
  surrender_pending_ = 0;
  rec.surrenders = surrendered_;
  Position after;
  switch (position_.phase.kind) {
    case PhaseKind::Movement: adjudicate_movement(*map_, position_, orders, after, rec.results, facts()); break;
    case PhaseKind::Retreat: adjudicate_retreat(*map_, position_, orders, after, rec.results); break;
    case PhaseKind::Adjustment: adjudicate_adjustment(*map_, position_, orders, after, rec.results, facts()); break;
  }
  rec.results.phase = position_.phase;
  // The orders given are the first results, in order: mark those the
  // conditionals gave.
  for (int i = 0; i < orders.size() && i < rec.results.results.size(); ++i)
    rec.results.results[i].conditional = ((conditional_ >> orders[i].power) & 1u) != 0;
  if (position_.phase.kind == PhaseKind::Movement)
    rec.conditions = conditions_;
  else
    rec.skipped = skipped_;
  conditional_ = covered_ = 0;
  skipped_.clear();
  pending_.clear();
  done_without_orders_ = 0;
  check_draw_and_surrender();
  draw_votes_ = 0;
  timer_used_ = 0;  // a new phase: its timer starts from full
  if (!over()) {
    advance(after);
  } else {
    set_position(after);
  }
  // Conditionals last from their movement phase through its retreats and
  // adjustments.
  if (position_.phase.kind == PhaseKind::Movement)
    conditions_.clear();
  else if (!over())
    apply_conditions();
  return true;
}

// ---------------------------------------------------------------------------
// The game master's corrections: edits, rollbacks, branches

bool Game::apply_edit(const Position& edited, u32 surrendered) {
  if (over() || history_.full()) return false;
  PhaseRecord& rec = history_.append_slot();
  rec.begin(position_);
  rec.edit = true;
  rec.surrenders = surrendered;
  set_position(edited);
  position_.rules = settings_.rules;
  surrendered_ = surrendered;
  surrender_pending_ = 0;
  pending_.clear();
  done_without_orders_ = 0;
  draw_votes_ = 0;
  conditions_.clear();
  conditional_ = covered_ = 0;
  skipped_.clear();
  timer_used_ = 0;
  return true;
}

bool Game::archive_line(int fork, FixedString<160>& why) {
  const int phases = history_.size() - fork;
  if (branches_.full() || archive_.size() + phases > archive_.kCapacity) {
    why.clear();
    append_phrase(why, Phrase::ArchiveFull, {{"branches", kMaxBranches}, {"phases", kMaxArchivedPhases}});
    return false;
  }
  Branch b;
  b.fork = fork;
  b.first = archive_.size();
  b.count = phases;
  for (int i = fork; i < history_.size(); ++i) archive_.push_back(history_[i]);
  b.position = position_;
  b.pending = pending_;
  b.draw_votes = draw_votes_;
  b.surrendered = surrendered_;
  b.surrender_pending = surrender_pending_;
  b.result = result_;
  branches_.push_back(b);
  return true;
}

void Game::remove_branch(int b) {
  const Branch gone = branches_[b];
  for (int i = 0; i < gone.count; ++i) archive_.erase_at(gone.first);
  branches_.erase_at(b);
  for (Branch& other : branches_)
    if (other.first > gone.first) other.first -= gone.count;
}

bool Game::rollback(int index, FixedString<160>& why) {
  if (history_.empty()) {
    why.assign(phrase(Phrase::RollbackNothing));
    return false;
  }
  if (index < 0 || index >= history_.size()) {
    why.assign(phrase(Phrase::RollbackNoSuchPhase));
    return false;
  }
  if (history_[index].edit) {
    why.assign(phrase(Phrase::RollbackEdit));
    return false;
  }
  if (!archive_line(index, why)) return false;
  const PhaseRecord rec = history_[index];
  history_.resize_down(index);
  set_position(rec.position);
  surrendered_ = index > 0 ? history_[index - 1].surrenders : 0;
  surrender_pending_ = rec.surrenders & ~surrendered_;
  result_ = GameResult();
  // The orders given then are handed in again, for the game master to
  // correct: those a power gave (not the holds of units without orders).
  pending_.clear();
  done_without_orders_ = 0;
  for (const OrderResult& r : rec.results.results)
    if (r.outcome != Outcome::NoOrder && r.outcome != Outcome::CivilDisorder && !r.conditional)
      pending_.push_back(r.order);
  draw_votes_ = rec.draw_votes;
  conditions_ = rec.conditions;
  conditional_ = covered_ = 0;
  skipped_.clear();
  timer_used_ = 0;
  return true;
}

bool Game::restore_branch(int b, FixedString<160>& why) {
  if (b < 0 || b >= branches_.size()) {
    why.assign(phrase(Phrase::RestoreNoSuchBranch));
    return false;
  }
  const Branch branch = branches_[b];
  // The branch goes on from the position the line played has at its fork.
  const Position& start = branch.count > 0 ? archive_[branch.first].position : branch.position;
  const Position& here = branch.fork < history_.size() ? history_[branch.fork].position : position_;
  if (branch.fork > history_.size() || !(start == here)) {
    why.assign(phrase(Phrase::RestoreUnreachable));
    return false;
  }
  if (!archive_line(branch.fork, why)) return false;
  history_.resize_down(branch.fork);
  for (int i = 0; i < branch.count; ++i) history_.push_back(archive_[branch.first + i]);
  set_position(branch.position);
  pending_ = branch.pending;
  done_without_orders_ = 0;
  draw_votes_ = branch.draw_votes;
  surrendered_ = branch.surrendered;
  surrender_pending_ = branch.surrender_pending;
  result_ = branch.result;
  conditions_.clear();
  conditional_ = covered_ = 0;
  skipped_.clear();
  timer_used_ = 0;
  remove_branch(b);
  return true;
}

bool Game::counting_turn(const Phase& phase) const {
  if (settings_.rules.calendar == Calendar::Seasons) return phase.season == Season::Fall;
  // 1995: every second turn counts - 1872, 1876, ... (rule 4.34, 8.2).
  int turn = (phase.year - map_->start_year()) / 2;
  return turn % 2 == 1;
}

Phase Game::next_movement(const Phase& phase) const {
  Phase next = phase;
  next.kind = PhaseKind::Movement;
  if (settings_.rules.calendar == Calendar::Biennial1995) {
    next.season = Season::Turn;
    next.year = static_cast<i16>(phase.year + 2);
  } else if (phase.season == Season::Spring) {
    next.season = Season::Fall;
  } else {
    next.season = Season::Spring;
    next.year = static_cast<i16>(phase.year + 1);
  }
  return next;
}

bool Game::needs_adjustment(const Position& pos, const int (&due)[kMaxPowers]) const {
  for (PowerId p = 0; p < map_->power_count(); ++p) {
    if (due[p] != 0) return true;
    // Conversions are made in the adjustment phase, with nothing owed too;
    // only a power that gives orders makes them.
    const bool silent = ((surrendered_ | settings_.unplayed_powers) >> p) & 1u;
    if (!silent && may_convert(pos, p)) return true;
  }
  return false;
}

bool Game::may_convert(const Position& pos, PowerId p) const {
  ConversionOrders conversions;
  conversions_of(*map_, pos, p, conversions);
  return !conversions.empty();
}

void Game::advance(const Position& after) {
  Phase current = position_.phase;
  set_position(after);
  position_.rules = settings_.rules;
  if (current.kind == PhaseKind::Movement && position_.has_dislodged()) {
    position_.phase = current;
    position_.phase.kind = PhaseKind::Retreat;
    return;
  }
  position_.standoffs.clear();
  if (current.kind != PhaseKind::Adjustment && counting_turn(current)) {
    int due[kMaxPowers];
    count_colonies_and_check_victory(position_, due);
    position_changed();
    if (over()) return;
    if (needs_adjustment(position_, due)) {
      position_.phase = current;
      position_.phase.kind = PhaseKind::Adjustment;
      if (settings_.rules.calendar == Calendar::Seasons) position_.phase.season = Season::Winter;
      return;
    }
  }
  Phase from = current;
  if (current.kind == PhaseKind::Adjustment && settings_.rules.calendar == Calendar::Seasons)
    from.season = Season::Fall;
  position_.phase = next_movement(from);
  const bool past_limit = settings_.last_year > 0 && position_.phase.year > settings_.last_year;
  const bool past_secret = settings_.secret_end_year > 0 && position_.phase.year > settings_.secret_end_year;
  if (past_limit || past_secret) finish_by_most(GameEnd::TurnLimit, settings_.time_limit_measure);
}

// ---------------------------------------------------------------------------
// [SECTION] How the game ends
// ---------------------------------------------------------------------------
// Every ending counts players: the powers one player commands
// (RuleOptions::player_of) count together, for victory as for a draw - the
// 1995 rules too, where 4.2 has "a player" control the colonies needed.

u32 Game::player_powers(PowerId p) const {
  const u32 all = (u32{1} << map_->power_count()) - 1;
  return powers_of_player(settings_.rules, p) & all;
}

int Game::player_count(u32 powers) const {
  int n = 0;
  u32 seen = 0;
  for (PowerId p = 0; p < map_->power_count(); ++p)
    if (((powers >> p) & 1u) && !((seen >> p) & 1u)) {
      seen |= player_powers(p);
      ++n;
    }
  return n;
}

void Game::set_winners(u32 powers) {
  if (std::popcount(powers) == 1)
    result_.winner = static_cast<PowerId>(std::countr_zero(powers));
  else
    result_.sharing = powers;
}

// The players with the most colonies or units among the powers in
// `counted`, as the mask of those powers, and that most.
u32 Game::most(const Position& pos, u32 counted, EndMeasure by, int& best) const {
  int units[kMaxPowers], colonies[kMaxPowers];
  pos.count_all(*map_, units, colonies);
  return most_of(by == EndMeasure::Units ? units : colonies, counted, best);
}

u32 Game::most_of(const int (&count)[kMaxPowers], u32 counted, int& best) const {
  best = -1;
  u32 top = 0, seen = 0;
  for (PowerId p = 0; p < map_->power_count(); ++p) {
    if (!((counted >> p) & 1u) || ((seen >> p) & 1u)) continue;
    const u32 player = player_powers(p) & counted;
    seen |= player;
    int n = 0;
    for (PowerId q = 0; q < map_->power_count(); ++q)
      if ((player >> q) & 1u) n += count[q];
    if (n > best) {
      best = n;
      top = player;
    } else if (n == best) {
      top |= player;
    }
  }
  return top;
}

void Game::count_colonies_and_check_victory(Position& pos, int (&due)[kMaxPowers]) {
  update_colony_owners(*map_, pos);
  int units[kMaxPowers], colonies[kMaxPowers];
  pos.count_all(*map_, units, colonies);
  for (int w = 0; w < kMaxPowers; ++w) due[w] = colonies[w] - units[w];
  int best = 0;
  const u32 top = most_of(colonies, (u32{1} << map_->power_count()) - 1, best);
  if (best <= 0 || best < settings_.victory_colonies) return;
  // Two or more over the line at once with equal counts: under the 1995
  // rules nobody has won yet; Era of Empire: "If they're tied in Supply
  // Center count, they rejoice in their shared victory".
  if (player_count(top) > 1 && settings_.endings != Endings::EraOfEmpire) return;
  result_.end = GameEnd::Victory;
  set_winners(top);
}

void Game::check_draw_and_surrender() {
  // Nobody surrendered and nobody voted: nothing ends the game here.
  if (surrendered_ == 0 && draw_votes_ == 0) return;
  const u32 all = (u32{1} << map_->power_count()) - 1;
  const u32 players = (on_board() | surrendered_) & all & ~settings_.unplayed_powers;
  u32 standing = players & ~surrendered_;
  if (players && !standing) {
    result_.end = GameEnd::AllSurrendered;
    return;
  }
  // Surrender: if all but one player surrendered, the last one wins alone.
  if (player_count(standing) == 1 && player_count(players) > 1) {
    result_.end = GameEnd::Victory;
    set_winners(standing);
    return;
  }
  // Draw: every remaining (not surrendered) player voted DRAW; the draw is
  // shared among them. Surrendering players may cede to an alliance this
  // way. Era of Empire's draw includes all survivors: the players still
  // owning a supply centre vote for it and share it.
  u32 voters = standing;
  if (settings_.endings == Endings::EraOfEmpire) {
    voters = 0;
    for (PowerId p = 0; p < map_->power_count(); ++p) {
      if (!((standing >> p) & 1u)) continue;
      const u32 player = player_powers(p) & standing;
      for (PowerId q = 0; q < map_->power_count(); ++q)
        if (((player >> q) & 1u) && position_.colony_count(*map_, q) > 0) voters |= u32{1} << p;
    }
  }
  if (voters && (draw_votes_ & voters) == voters) {
    result_.end = GameEnd::Draw;
    result_.sharing = voters;
  }
}

// The player with the most colonies or units wins; players tied for the
// most share the win. Powers out of the game (surrendered, unplayed) are not
// counted, as in a draw ("Powers that have resigned ... do not share").
void Game::finish_by_most(GameEnd how, EndMeasure by) {
  result_ = GameResult();
  result_.end = how;
  result_.measure = by;
  const u32 counted = ((u32{1} << map_->power_count()) - 1) & ~settings_.unplayed_powers & ~surrendered_;
  int best = 0;
  set_winners(most(position_, counted, by, best));
}

void Game::end_by_agreement() {
  if (!over()) finish_by_most(GameEnd::Agreement, EndMeasure::Colonies);
}

void Game::end_by_time_limit(EndMeasure by) {
  if (!over()) finish_by_most(GameEnd::TimeLimit, by);
}

// ---------------------------------------------------------------------------
// [SECTION] Names of phases
// ---------------------------------------------------------------------------

void format_phase(const Phase& phase, PhaseText& out) {
  out.clear();
  switch (phase.season) {
    case Season::Spring: out.append("Spring "); break;
    case Season::Fall: out.append("Fall "); break;
    case Season::Winter: out.append("Winter "); break;
    case Season::Turn: break;
  }
  out.append_int(phase.year);
  switch (phase.kind) {
    case PhaseKind::Movement: out.append(" Movement"); break;
    case PhaseKind::Retreat: out.append(" Retreat"); break;
    case PhaseKind::Adjustment: out.append(" Adjustment"); break;
  }
}

void describe_phase(const Phase& phase, PhaseText& out) {
  // One phrase per season and kind, in the order of the enums.
  static constexpr Phrase kNames[4][3] = {
      {Phrase::PhaseSpringMovement, Phrase::PhaseSpringRetreat, Phrase::PhaseSpringAdjustment},
      {Phrase::PhaseFallMovement, Phrase::PhaseFallRetreat, Phrase::PhaseFallAdjustment},
      {Phrase::PhaseWinterMovement, Phrase::PhaseWinterRetreat, Phrase::PhaseWinterAdjustment},
      {Phrase::PhaseTurnMovement, Phrase::PhaseTurnRetreat, Phrase::PhaseTurnAdjustment},
  };
  const int season = phase.season == Season::Spring   ? 0
                     : phase.season == Season::Fall   ? 1
                     : phase.season == Season::Winter ? 2
                                                      : 3;
  const int kind = phase.kind == PhaseKind::Movement ? 0 : phase.kind == PhaseKind::Retreat ? 1 : 2;
  out.clear();
  append_phrase(out, kNames[season][kind], {{"year", static_cast<long>(phase.year)}});
}

// ---------------------------------------------------------------------------
// [SECTION] Presets
// ---------------------------------------------------------------------------

bool colonial_preset(const Map& map, std::string_view name, GameSettings& out) {
  const int otaru = map.find_option("otaru_sakhalin"), moulmein = map.find_option("moulmein"),
            vladivostok = map.find_option("vladivostok_sakhalin");
  if (otaru < 0 || moulmein < 0 || vladivostok < 0) return false;
  bool known = false;
  for (const PresetInfo& p : kColonialPresets) known = known || p.name == name;
  if (!known) return false;
  // All three optional rules of section 9; 9.11 off (the errata deleted it,
  // the club struck it).
  out.rules.railroad = out.rules.canal = out.rules.hong_kong = true;
  out.rules.china_waits_for_hong_kong = false;
  out.rules.convoy_all_routes = out.rules.no_retreat_to_convoy_origin = false;
  out.rules.conscription = out.rules.conversion = out.rules.united_powers = false;
  out.rules.civil_disorder = CivilDisorderRule::Rule1995;
  out.rules.calendar = Calendar::Biennial1995;
  out.victory_colonies = 24;
  out.endings = Endings::Rule1995;
  out.time_limit_measure = EndMeasure::Colonies;  // rule 4.2; the club counts units
  auto bit = [](int option) { return u32{1} << option; };
  if (name == "ah1995") {
    out.rules.map_options = bit(otaru);
  } else if (name == "club") {
    out.rules.map_options = bit(vladivostok);  // "only A VLA-SAK is legal"
    // "After the two month limit is reached, the player with the most units
    // wins."
    out.time_limit_measure = EndMeasure::Units;
  } else if (name == "judges") {
    out.rules.map_options = bit(otaru) | bit(moulmein);
    out.rules.calendar = Calendar::Seasons;
    out.victory_colonies = 30;
  } else {  // era-of-empire
    // Its own board has straits and no published data; on ours the second
    // print's bridge stands for them. It has no railroad or canal rule (a
    // fleet passes Egypt in two moves) and no Hong Kong rule.
    out.rules.map_options = bit(otaru);
    out.rules.railroad = out.rules.canal = out.rules.hong_kong = false;
    out.rules.conscription = out.rules.conversion = out.rules.united_powers = true;
    out.rules.civil_disorder = CivilDisorderRule::EraOfEmpire;
    out.rules.calendar = Calendar::Seasons;
    out.victory_colonies = 22;
    out.endings = Endings::EraOfEmpire;
  }
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Set-ups for fewer players (section 12)
// ---------------------------------------------------------------------------

namespace {

u32 mask_of(const Map& map, std::initializer_list<const char*> names) {
  u32 m = 0;
  for (const char* n : names) {
    PowerId p = map.find_power(n);
    if (p == kNoPower) return 0;
    m |= u32{1} << p;
  }
  return m;
}

// A starting unit of a set-up change. On a colony it owns it from the start,
// as the set-up's other units own theirs (8.2: "each major power controls
// the colonies on which it has military units").
bool put_unit(const Map& map, Position& pos, const char* power, UnitType type, const char* where) {
  PowerId p = map.find_power(power);
  ProvinceLookup l = map.find_province(where);
  if (p == kNoPower || l.status != LookupStatus::Found) return false;
  pos.units[l.province] = Unit{type, p, Coast::None};
  if (map.province(l.province).colony) pos.owner[l.province] = p;
  return true;
}

}  // namespace

bool colonial_player_setup(const Map& map, int player_count, PlayerSetup& setup, Position& start) {
  setup = PlayerSetup();
  setup.player_count = player_count;
  set_start_position(map, start);
  auto add = [&](std::initializer_list<const char*> names) {
    u32 m = mask_of(map, names);
    setup.powers_of.push_back(m);
    return m != 0;
  };
  bool ok = true;
  switch (player_count) {
    case 7:
      for (PowerId p = 0; p < map.power_count(); ++p) setup.powers_of.push_back(u32{1} << p);
      return true;
    case 2: {  // 12.1: Russia neutral and may not be entered; Holland starts with a fleet in Borneo.
      ok = add({"Turkey", "China", "Holland"}) && add({"Britain", "France", "Japan"});
      setup.unplayed = mask_of(map, {"Russia"});
      ok = ok && put_unit(map, start, "Holland", UnitType::Fleet, "BOR");
      // All of Russia's home country, as the board colours it (the map's
      // region), not only its starting colonies: "Russia is neutral and may
      // not be entered". Its units stay there, holding, and cannot be
      // dislodged.
      setup.closed = map.home_country(map.find_power("Russia"));
      start.rules.closed = setup.closed;
      break;
    }
    case 3:  // 12.2
      ok = add({"Turkey", "Japan", "Holland"}) && add({"Russia", "France"}) && add({"Britain", "China"});
      break;
    case 4:  // 12.3: Holland starts with a fleet in Borneo.
      ok = add({"Russia"}) && add({"Turkey", "China"}) && add({"France", "Britain"}) && add({"Holland", "Japan"});
      ok = ok && put_unit(map, start, "Holland", UnitType::Fleet, "BOR");
      break;
    case 5:  // 12.4
      ok = add({"Russia", "France"}) && add({"Britain"}) && add({"China"}) && add({"Holland"}) &&
           add({"Japan", "Turkey"});
      break;
    case 6:  // 12.5: China unplayed (holds) with armies in Mongolia, Kashgar,
             // Chungking; Britain has an army in Bengal.
      ok = add({"Britain"}) && add({"France"}) && add({"Holland"}) && add({"Japan"}) && add({"Russia"}) &&
           add({"Turkey"});
      setup.unplayed = mask_of(map, {"China"});
      ok = ok && put_unit(map, start, "China", UnitType::Army, "MON") &&
           put_unit(map, start, "China", UnitType::Army, "KAG") &&
           put_unit(map, start, "China", UnitType::Army, "CHU") &&
           put_unit(map, start, "Britain", UnitType::Army, "BEN");
      break;
    default: return false;
  }
  return ok;
}

}  // namespace colonial
