#include "game_session.h"

#include <cstdio>

#include "event_line.h"
#include "translate.h"

namespace colonial {

GameSession::GameSession(Modals& modals)
    : modals_(modals),
      map_(std::make_unique<Map>()),
      game_(std::make_unique<Game>()),
      scratch_(std::make_unique<Game>()) {}

GameSession::~GameSession() { computer_.stop(); }

bool GameSession::load_board(const std::string& variant, std::string& error) {
  computer_.stop();
  variant_ = variant;
  return load_variant_map(variant_, *map_, error);
}

void GameSession::save(double now) {
  if (!record_.enabled() || !flow_.attached()) return;
  flow_.store_time_used(now);
  std::string error;
  if (record_.save(*game_, variant_, error)) {
    save_error_.clear();
  } else {
    save_error_ = text::format(text::tr("Not saved: %s"), error.c_str());
    std::fprintf(stderr, "colonial: autosave failed: %s\n", error.c_str());
  }
}

void GameSession::forget_pads() {
  for (int& phase : pad_phase_) phase = -1;
}

bool GameSession::resume(TableMode mode, double now) {
  computer_.stop();
  // Order pads belong to the game they were begun for.
  forget_pads();
  if (!record_.enabled()) return false;
  const ResumeOutcome r = record_.resume(*map_, *game_, *scratch_);
  if (r.status == ResumeStatus::Resumed) {
    variant_ = r.variant;
    flow_.begin(*game_, mode, now);
    if (!r.message.empty()) modals_.notify(r.message);
    std::printf("colonial: resumed the game saved in %s%s\n", record_.path().c_str(),
                r.from_backup ? " (from its backup)" : "");
    text::emit_event("resumed", {{"file", record_.path()}, {"from-backup", r.from_backup ? "yes" : "no"}});
    return true;
  }
  if (r.status == ResumeStatus::Damaged) {
    modals_.notify(r.message + " " + text::tr("You can start a new game."));
    std::fprintf(stderr, "colonial: %s\n", r.message.c_str());
    text::emit_event("record-damaged", {{"file", record_.path()}, {"kept", r.kept_as}});
  }
  return false;
}

bool GameSession::open_record(const std::string& file, TableMode mode, double now, std::string& why) {
  // Read aside first, so that a damaged or foreign file touches nothing.
  auto map = std::make_unique<Map>();
  auto game = std::make_unique<Game>();
  std::string variant;
  if (!Autosave::read_into(file, *map, *game, *scratch_, variant, why)) return false;
  computer_.stop();
  std::string error;
  const std::string kept = record_.archive(error);
  if (!error.empty()) {
    why = text::format(text::tr("the game in play could not be kept aside (%s)"), error.c_str());
    return false;
  }
  if (!kept.empty()) std::printf("colonial: the previous game is kept as %s\n", kept.c_str());
  map_.swap(map);
  game_.swap(game);
  variant_ = variant;
  forget_pads();
  flow_.begin(*game_, mode, now);
  save(now);
  std::printf("colonial: opened the game recorded in %s\n", file.c_str());
  text::emit_event("record-opened", {{"file", file}, {"variant", variant_}});
  return true;
}

void GameSession::leave_for_new_game(const std::string& variant, TableMode mode) {
  // A failed resume, or the last table played, may have loaded another board.
  std::string error;
  if (!load_board(variant, error)) modals_.notify(error);
  flow_.leave_game();
  flow_.set_mode(mode);
}

void GameSession::start(const GameSettings& settings, const Position& start, double now) {
  computer_.stop();
  // Whatever was saved before is kept, never overwritten.
  std::string error;
  const std::string kept = record_.archive(error);
  if (!error.empty())
    modals_.notify(text::format(text::tr("The previous game could not be kept aside (%s)."), error.c_str()));
  else if (!kept.empty())
    std::printf("colonial: the previous game is kept as %s\n", kept.c_str());
  game_->start_from(*map_, settings, start);
  forget_pads();
  flow_.begin(*game_, flow_.mode(), now);
  save(now);
}

void GameSession::restart_from(const Position& start, u32 civil_disorder, double now) {
  std::string error;
  const std::string kept = record_.archive(error);
  if (!kept.empty()) std::printf("colonial: the previous game is kept as %s\n", kept.c_str());
  const GameSettings settings = game_->settings();
  game_->start_from(*map_, settings, start);
  for (PowerId p = 0; p < map_->power_count(); ++p)
    if ((civil_disorder >> p) & 1u) game_->surrender(p);
  changed(now);
}

void GameSession::changed(double now) {
  computer_.stop();
  forget_pads();
  // Orders handed in again are to be corrected: nobody is done yet.
  flow_.begin(*game_, flow_.mode(), now, false);
  save(now);
}

void GameSession::ended(double now) {
  save(now);
  flow_.begin(*game_, flow_.mode(), now);
}

bool GameSession::pad_begun(PowerId p) const {
  return p < kMaxPowers && pads_[p] && pad_phase_[p] == game_->history_size();
}

void GameSession::restart_pad(PowerId p) {
  if (p < kMaxPowers) pad_phase_[p] = -1;
}

OrderEntry& GameSession::pad(PowerId p) {
  if (!pads_[p]) pads_[p] = std::make_unique<OrderEntry>();
  if (pad_phase_[p] != game_->history_size()) {
    pads_[p]->begin(*game_, p);
    pad_phase_[p] = game_->history_size();
  }
  return *pads_[p];
}

const OrderList& GameSession::orders_keyed_in() {
  keyed_in_.clear();
  for (PowerId p = 0; p < map_->power_count(); ++p)
    if (pad_begun(p))
      for (const Order& o : pads_[p]->orders()) keyed_in_.push_back(o);
  return keyed_in_;
}

void GameSession::done() {
  const PowerId p = flow_.power();
  if (flow_.screen() != Screen::Orders || p == kNoPower) return;
  if (!pad(p).enter_typed()) return;
  const OrderList orders = pad(p).orders();
  // The retreats and builds planned in advance go in with the orders.
  const ConditionPlan& plan = pad(p).plan();
  ReasonText why;
  if (plan.available() && !plan.valid(why)) {
    modals_.notify(text::format(text::tr("The planned retreats and builds cannot be handed in: %s"), why.c_str()));
    return;
  }
  if (plan.available() && !game_->submit_conditions(p, plan.conditions())) {
    modals_.notify(text::tr("The planned retreats and builds could not be handed in (too many for this phase)."));
    return;
  }
  if (!flow_.submit_done(orders))
    modals_.notify(
        text::tr("These orders could not be submitted (the game refused them). Check the order list and try again."));
}

void GameSession::adjudicate_with_current() {
  // Orders keyed in before the deadline count, Done or not: in pass-and-play
  // only the power at the screen can have any; in companion mode any power
  // the game master has begun.
  for (PowerId p = 0; p < map_->power_count(); ++p)
    if (flow_.is_asked(p) && !flow_.is_done(p) && pad_begun(p)) {
      if (!pads_[p]->orders().empty()) game_->submit(p, pads_[p]->orders());
      const ConditionPlan& plan = pads_[p]->plan();
      ReasonText why;
      if (plan.available() && plan.dirty() && plan.valid(why)) game_->submit_conditions(p, plan.conditions());
    }
  flow_.adjudicate_now();
}

void GameSession::adjudicate_if_time_is_up(double now) {
  if (!flow_.attached() || !flow_.expired(now)) return;
  adjudicate_with_current();
  modals_.notify(text::tr("Time is up: the phase was adjudicated. Units without orders held."));
}

}  // namespace colonial
