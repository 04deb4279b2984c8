#include "turn_flow.h"

#include "map.h"
#include "report.h"

namespace colonial {

const char* screen_name(Screen s) {
  switch (s) {
    case Screen::NewGame: return "new-game";
    case Screen::Handoff: return "handoff";
    case Screen::Orders: return "orders";
    case Screen::Results: return "results";
    case Screen::History: return "history";
    case Screen::GameOver: return "game-over";
    case Screen::Computer: return "computer";
  }
  return "";
}

void TurnFlow::begin(Game& game, TableMode mode, double now, bool given_orders_done) {
  game_ = &game;
  mode_ = mode;
  previous_ = kNoPower;
  shown_ = game.history_size() - 1;
  problem_.clear();
  begin_phase(now);
  // A resumed phase goes on with the time it had left, not a fresh timer.
  clock_.start(now, static_cast<double>(game.timer_used()));
  // A resumed record holds what was handed in (orders, or none): those
  // powers are done.
  if (given_orders_done && (screen_ == Screen::Handoff || screen_ == Screen::Orders)) {
    for (PowerId p = 0; p < game.map().power_count(); ++p)
      if (is_asked(p) && game.handed_in(p)) done_ |= u32{1} << p;
    if (!waiting()) {
      people_done();
    } else {
      power_ = kNoPower;
      hand_to(first_waiting());
    }
  }
}

void TurnFlow::leave_game() {
  game_ = nullptr;
  screen_ = Screen::NewGame;
  power_ = previous_ = kNoPower;
  asked_ = done_ = computer_ = 0;
}

void TurnFlow::set_mode(TableMode mode) {
  mode_ = mode;
  if (!game_ || (screen_ != Screen::Handoff && screen_ != Screen::Orders)) return;
  // The power at the screen keeps its turn if it is still waiting.
  const PowerId p = power_ != kNoPower && ((waiting() >> power_) & 1u) ? power_
                    : first_waiting() != kNoPower                      ? first_waiting()
                                                                       : power_;
  hand_to(p);
}

bool TurnFlow::same_player(PowerId a, PowerId b) const {
  if (!game_ || a == kNoPower || b == kNoPower || a == b) return false;
  const auto& names = game_->settings().player_names;
  return !names[a].empty() && names[a] == names[b];
}

PowerId TurnFlow::first_waiting() const {
  if (!game_) return kNoPower;
  const int n = game_->map().power_count();
  // Someone playing several powers (section 12) does them all before the
  // device goes on.
  for (PowerId p = 0; p < n; ++p)
    if (((waiting() >> p) & 1u) && same_player(power_, p)) return p;
  // Else in the map's order, starting after the current power so that Done
  // moves round the table rather than back to the top.
  const int start = power_ == kNoPower ? 0 : power_ + 1;
  for (int i = 0; i < n; ++i) {
    const PowerId p = static_cast<PowerId>((start + i) % n);
    if ((waiting() >> p) & 1u) return p;
  }
  return kNoPower;
}

void TurnFlow::hand_to(PowerId p) {
  if (power_ != kNoPower && power_ != p) previous_ = power_;
  power_ = p;
  screen_ = mode_ == TableMode::Companion ? Screen::Orders : Screen::Handoff;
}

void TurnFlow::begin_phase(double now) {
  clock_.start(now);
  shown_forced_ = false;
  asked_ = done_ = computer_ = 0;
  power_ = previous_ = kNoPower;
  if (game_->over()) {
    screen_ = Screen::GameOver;
    return;
  }
  const u32 computer_powers = game_->settings().computer_powers;
  for (PowerId p = 0; p < game_->map().power_count(); ++p)
    if (game_->has_choice(p)) ((computer_powers >> p) & 1u ? computer_ : asked_) |= u32{1} << p;
  if (!asked_ && computer_) {
    screen_ = Screen::Computer;
    return;
  }
  if (!asked_) {
    // Nobody decides anything: the outcome is forced; show it.
    adjudicate();
    shown_forced_ = true;
    return;
  }
  hand_to(first_waiting());
}

void TurnFlow::reveal() {
  if (screen_ == Screen::Handoff) screen_ = Screen::Orders;
}

void TurnFlow::cover() {
  if (mode_ == TableMode::PassAndPlay && screen_ == Screen::Orders) screen_ = Screen::Handoff;
}

bool TurnFlow::submit_done(const OrderList& orders) {
  if (!game_ || screen_ != Screen::Orders || power_ == kNoPower) return false;
  if (!game_->submit(power_, orders)) return false;
  done_ |= u32{1} << power_;
  save_due_ = true;
  if (mode_ == TableMode::Companion) {
    const PowerId next = first_waiting();
    if (next != kNoPower) power_ = next;
    return true;
  }
  const PowerId next = first_waiting();
  if (next == kNoPower)
    people_done();
  else
    hand_to(next);
  return true;
}

void TurnFlow::select(PowerId p) {
  if (game_ && p < game_->map().power_count() && is_asked(p)) power_ = p;
}

bool TurnFlow::submit_for(PowerId p, const OrderList& orders) {
  select(p);
  if (power_ != p) return false;
  return submit_done(orders);
}

void TurnFlow::set_done(PowerId p, bool done) {
  if (!game_ || !is_asked(p) || (screen_ != Screen::Handoff && screen_ != Screen::Orders)) return;
  const u32 bit = u32{1} << p;
  done_ = done ? done_ | bit : done_ & ~bit;
  save_due_ = true;
}

void TurnFlow::adjudicate_now() {
  if (game_ && (screen_ == Screen::Handoff || screen_ == Screen::Orders)) people_done();
}

void TurnFlow::people_done() {
  if (!computer_) {
    adjudicate();
    return;
  }
  power_ = kNoPower;
  screen_ = Screen::Computer;
}

void TurnFlow::seats_changed() {
  if (!game_ || (screen_ != Screen::Handoff && screen_ != Screen::Orders && screen_ != Screen::Computer)) return;
  const u32 computer_powers = game_->settings().computer_powers;
  u32 choice = 0;
  for (PowerId p = 0; p < game_->map().power_count(); ++p)
    if (game_->has_choice(p)) choice |= u32{1} << p;
  asked_ = choice & ~computer_powers;
  computer_ = choice & computer_powers;
  done_ &= asked_;
  if (!waiting()) {
    people_done();
  } else if (screen_ == Screen::Computer || !((waiting() >> power_) & 1u) || power_ == kNoPower) {
    hand_to(first_waiting());
  }
}

bool TurnFlow::computer_done(const OrderList& orders) {
  if (!game_ || screen_ != Screen::Computer) return false;
  OrderList mine;
  for (PowerId p = 0; p < game_->map().power_count(); ++p) {
    if (!((computer_ >> p) & 1u)) continue;
    mine.clear();
    for (const Order& o : orders)
      if (o.power == p) mine.push_back(o);
    if (!mine.empty()) game_->submit(p, mine);
  }
  adjudicate();
  return true;
}

void TurnFlow::adjudicate() {
  const Map& map = game_->map();
  for (auto& note : adjustment_notes_) note.clear();
  if (game_->phase().kind == PhaseKind::Adjustment) {
    for (PowerId p = 0; p < map.power_count(); ++p) {
      ResultText text;
      describe_adjustment(*game_, p, text);
      adjustment_notes_[p] = text.c_str();
    }
  }
  shown_forced_ = false;
  if (!game_->adjudicate()) {
    problem_ = game_->over() ? "The game is over." : "The game's history is full: no more phases can be played.";
    screen_ = Screen::GameOver;
    return;
  }
  shown_ = game_->history_size() - 1;
  power_ = previous_ = kNoPower;
  asked_ = done_ = computer_ = 0;
  screen_ = Screen::Results;
  save_due_ = true;
}

bool TurnFlow::timed() const {
  if (!game_) return false;
  return game_->settings().timer_seconds[static_cast<int>(game_->phase().kind)] > 0;
}

double TurnFlow::seconds_left(double now) const {
  if (!timed()) return 0;
  return clock_.left(now, game_->settings().timer_seconds[static_cast<int>(game_->phase().kind)]);
}

void TurnFlow::store_time_used(double now) {
  if (!game_ || game_->over()) return;
  const double used = timed() ? clock_.used(now) : 0;
  game_->set_timer_used(used > 0 ? static_cast<u32>(used) : 0u);
}

bool TurnFlow::expired(double now) const {
  return timed() && (screen_ == Screen::Handoff || screen_ == Screen::Orders) && seconds_left(now) <= 0;
}

void TurnFlow::continue_play(double now) {
  if (!game_ || screen_ != Screen::Results) return;
  begin_phase(now);
}

bool TurnFlow::can_open_history() const { return game_ && game_->history_size() > 0; }

void TurnFlow::open_history() {
  if (!can_open_history() || screen_ == Screen::History) return;
  history_return_ = screen_;
  history_index_ = screen_ == Screen::Results ? shown_ : game_->history_size() - 1;
  screen_ = Screen::History;
}

void TurnFlow::close_history() {
  if (screen_ == Screen::History) screen_ = history_return_;
}

void TurnFlow::step_history(int delta) {
  if (!game_ || game_->history_size() == 0) return;
  int i = history_index_ + delta;
  if (i < 0) i = 0;
  if (i >= game_->history_size()) i = game_->history_size() - 1;
  history_index_ = i;
}

}  // namespace colonial
