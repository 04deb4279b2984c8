#include "table_host.h"

#include "notation.h"
#include "report.h"

namespace colonial::server {

u32 asked_powers(const Game& game) {
  u32 asked = 0;
  if (game.over()) return 0;
  for (PowerId p = 0; p < game.map().power_count(); ++p)
    if (game.is_playing(p) && game.has_choice(p)) asked |= u32{1} << p;
  return asked;
}

TableView table_view(const Game& game, u32 done, int seconds_left) {
  const Map& map = game.map();
  TableView v;
  v.serial = game.history_size();
  v.position = game.position();
  v.asked = asked_powers(game);
  v.done = done & v.asked;
  for (const Order& o : game.pending_orders())
    if (o.power < map.power_count()) v.orders[o.power].push_back(o);
  v.draw_votes = game.draw_votes();
  v.surrenders = game.pending_surrenders();
  v.over = game.over();
  PhaseText phase;
  format_phase(game.phase(), phase);
  v.status = v.over ? "the game is over" : std::string(phase.view());
  v.seconds_left = seconds_left;
  if (game.history_size() > 0) {
    const PhaseRecord& last = game.history(game.history_size() - 1);
    PhaseText last_phase;
    format_phase(last.position.phase, last_phase);
    v.last_phase = std::string(last_phase.view());
    for (const OrderResult& r : last.results.results) {
      ResultText t;
      describe_result(map, r, OrderStyle::Judge, t);
      if (r.order.power < map.power_count()) v.last_results += std::string(map.power(r.order.power).name) + ": ";
      v.last_results += std::string(t.view()) + "\n";
    }
  }
  return v;
}

SubmissionResult apply_submission(Game& game, const Submission& s, int serial, u32& done) {
  if (s.serial != serial) return {409, "the phase has moved on: these orders were for an earlier phase; reload"};
  if (game.over() || !(asked_powers(game) >> s.power & 1u)) return {409, "you have no orders to give now"};
  const u32 bit = u32{1} << s.power;
  switch (s.kind) {
    case Submission::Kind::Orders:
      if (!game.submit(s.power, s.orders)) return {400, "these orders could not be taken (another power's unit?)"};
      game.vote_draw(s.power, s.draw);
      game.hand_in_surrender(s.power, s.surrender);
      if (game.phase().kind == PhaseKind::Movement && !game.submit_conditions(s.power, s.conditions))
        return {400, "too many conditionals this phase"};
      return {0, std::to_string(s.orders.size()) + " order(s) saved" +
                     (s.conditions.empty() ? std::string()
                                           : ", " + std::to_string(s.conditions.size()) + " conditional(s)")};
    case Submission::Kind::Clear:
      game.clear_orders(s.power);
      game.vote_draw(s.power, false);
      game.hand_in_surrender(s.power, false);
      return {0, "every order taken back: your units will hold"};
    case Submission::Kind::Done: done |= bit; return {0, "done"};
    case Submission::Kind::NotDone: done &= ~bit; return {0, "not done"};
  }
  return {400, "unknown request"};
}

}  // namespace colonial::server
