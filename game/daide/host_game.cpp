// The phases: each begun (NOW, TME, the local powers' orders), processed
// when every order is in or at the deadline (ORD, SCO), and the end (SLO
// or DRW, SMR, OFF).
#include <algorithm>

#include "host.h"
#include "legal.h"
#include "orders.h"

namespace colonial::daide {

int Host::deadline_of(PhaseKind kind) const {
  if (options_.deadline_seconds > 0) return options_.deadline_seconds;
  return game_.settings().timer_seconds[static_cast<int>(kind)];
}

void Host::begin_phase(double now) {
  phase_ = game_.phase();
  for (Seat& s : seats_) {
    s.orders.clear();
    s.ordered = false;
  }
  for (Client& c : clients_) {
    c.no_go_ahead = false;
    c.reminded.clear();
  }
  const int seconds = deadline_of(phase_.kind);
  deadline_at_ = seconds > 0 ? now + seconds : 0;
  send_all(now_message());
  if (seconds > 0) send_all(Builder().add(tok::TME).open().number(seconds).close().tokens);
  if (!play_local) return;
  OrderList orders;
  for (PowerId p = 0; p < map_.power_count(); ++p)
    if (((options_.local_powers >> p) & 1u) && game_.has_choice(p)) {
      play_local(p, orders);
      game_.submit(p, orders);
    }
}

void Host::advance(double now) {
  while (started_ && !finished_ && ready()) process(now);
}

bool Host::ready() const {
  if (!started_ || finished_ || game_.over()) return false;
  for (PowerId p = 0; p < map_.power_count(); ++p) {
    if (((options_.local_powers >> p) & 1u) || !owes_orders(p) || seats_[p].client < 0 || seats_[p].lapsed) continue;
    if (clients_[seats_[p].client].no_go_ahead || missing_count(p) > 0) return false;
  }
  return true;
}

void Host::process(double now) {
  if (!started_ || finished_) return;
  const bool at_deadline = deadline_at_ > 0 && now >= deadline_at_;
  for (PowerId p = 0; p < map_.power_count(); ++p) {
    if (((options_.local_powers >> p) & 1u) || !owes_orders(p)) continue;
    if (missing_count(p) > 0) ++seats_[p].missed;
    if (at_deadline && !seats_[p].ordered && seats_[p].client >= 0 && !seats_[p].lapsed) {
      seats_[p].lapsed = true;
      if (log) log(std::string(map_.power(p).name) + " let the deadline pass without orders");
    }
  }
  const Position before = game_.position();
  if (!game_.adjudicate()) {
    // The record cannot hold another phase: the game stops here.
    if (log) log("the game's history is full; the game stops");
    close_all();
    return;
  }
  announce_results(before);
  if (on_phase) on_phase();
  if (game_.over()) {
    announce_end();
    send_all(now_message());
    close_all();
    return;
  }
  begin_phase(now);
}

void Host::announce_results(const Position& before) {
  const PhaseRecord& rec = game_.history(game_.history_size() - 1);
  last_results_.clear();
  for (const OrderResult& r : rec.results.results) {
    Builder b;
    b.add(tok::ORD);
    put_turn(b, before.phase, map_.start_year());
    b.open();
    if (!put_order(rep_, before, rec.results, r.order, b)) continue;
    b.close().open();
    put_result(r, b);
    b.close();
    last_results_.push_back(b.tokens);
    send_all(b.tokens);
  }
  const Tokens centres = centres_message();
  if (centres != last_centres_ || game_.phase().kind == PhaseKind::Adjustment) send_all(centres);
  last_centres_ = centres;
  if (log) {
    PhaseText text;
    format_phase(before.phase, text);
    log(std::string(text.c_str()) + " processed");
  }
}

void Host::announce_end() {
  const GameResult& r = game_.result();
  if (r.end == GameEnd::Victory && r.winner != kNoPower)
    send_all(Builder().add(tok::SLO).open().add(rep_.power_token(r.winner)).close().tokens);
  else
    send_all(Tokens{tok::DRW});
  send_all(summary_message());
}

Tokens Host::now_message() const {
  const Position& pos = game_.position();
  Builder b;
  b.add(tok::NOW);
  put_turn(b, pos.phase, map_.start_year());
  for (ProvinceId p = 0; p < map_.province_count(); ++p) {
    const Unit& u = pos.units[p];
    if (u.present()) rep_.put_unit(b, u.power, u.type, unit_location(map_, p, u));
  }
  if (pos.phase.kind != PhaseKind::Retreat) return b.tokens;
  static thread_local LegalOrders legal;
  for (ProvinceId p = 0; p < map_.province_count(); ++p) {
    const Unit& u = pos.dislodged[p].unit;
    if (!u.present()) continue;
    Builder unit;
    rep_.put_unit(unit, u.power, u.type, unit_location(map_, p, u));
    b.append(Tokens(unit.tokens.begin(), unit.tokens.end() - 1)).add(tok::MRT).open();
    legal_orders(map_, pos, p, legal);
    for (const Order& o : legal)
      if (o.kind == OrderKind::Retreat) rep_.put_location(b, o.to);
    b.close().close();
  }
  return b.tokens;
}

Tokens Host::centres_message() const {
  const Position& pos = game_.position();
  Builder b;
  b.add(tok::SCO);
  for (PowerId w = 0; w <= map_.power_count(); ++w) {
    const PowerId owner = w == map_.power_count() ? kNoPower : w;
    Builder list;
    for (ProvinceId p : map_.colony_provinces())
      if (pos.owner[p] == owner || (owner == kNoPower && pos.owner[p] >= map_.power_count()))
        list.add(rep_.province_token(p));
    if (list.tokens.empty() && owner != kNoPower) continue;
    b.open().add(owner == kNoPower ? tok::UNO : rep_.power_token(owner)).append(list.tokens).close();
  }
  return b.tokens;
}

// SMR (turn) (power ('name') ('version') centres [year eliminated]) ...
Tokens Host::summary_message() const {
  const Position& pos = game_.position();
  Builder b;
  b.add(tok::SMR);
  put_turn(b, pos.phase, map_.start_year());
  for (PowerId p = 0; p < map_.power_count(); ++p) {
    const int centres = pos.colony_count(map_, p);
    b.open().add(rep_.power_token(p)).text(seats_[p].name).text(seats_[p].version).number(centres);
    if (centres == 0 && !pos.has_unit_of(p)) {
      int year = pos.phase.year;
      for (int i = game_.history_size() - 1; i >= 0; --i) {
        const Position& then = game_.history(i).position;
        if (then.colony_count(map_, p) > 0 || then.has_unit_of(p)) break;
        year = then.phase.year;
      }
      b.number(year);
    }
    b.close();
  }
  return b.tokens;
}

bool Host::owes_orders(PowerId p) const {
  if (!game_.is_playing(p)) return false;
  const Position& pos = game_.position();
  switch (pos.phase.kind) {
    case PhaseKind::Movement: return pos.has_unit_of(p);
    case PhaseKind::Retreat:
      for (const DislodgedUnit& d : pos.dislodged)
        if (d.unit.present() && d.unit.power == p) return true;
      return false;
    case PhaseKind::Adjustment: return adjustment_count(map_, pos, p) != 0;
  }
  return false;
}

bool Host::has_order_for(PowerId p, ProvinceId where) const {
  return std::any_of(seats_[p].orders.begin(), seats_[p].orders.end(), [&](const PendingOrder& o) {
    return o.order.kind != OrderKind::Waive && o.order.kind != OrderKind::CanalPermit &&
           map_.province_of(o.order.at) == where;
  });
}

int Host::missing_count(PowerId p) const {
  if (!owes_orders(p)) return 0;
  const Position& pos = game_.position();
  int missing = 0;
  if (pos.phase.kind == PhaseKind::Adjustment) {
    const int due = adjustment_count(map_, pos, p);
    missing = (due > 0 ? due : -due) - static_cast<int>(seats_[p].orders.size());
    return missing > 0 ? missing : 0;
  }
  for (ProvinceId q = 0; q < map_.province_count(); ++q) {
    const Unit& u = pos.phase.kind == PhaseKind::Retreat ? pos.dislodged[q].unit : pos.units[q];
    missing += u.present() && u.power == p && !has_order_for(p, q);
  }
  return missing;
}

// MIS (unit) ... in movement, MIS (unit MRT (places)) ... in retreats,
// MIS (n) in adjustments (n > 0 removals, n < 0 builds), MIS alone when
// nothing is missing.
Tokens Host::missing_message(PowerId p) const {
  Builder b;
  b.add(tok::MIS);
  const Position& pos = game_.position();
  if (missing_count(p) == 0) return b.tokens;
  if (pos.phase.kind == PhaseKind::Adjustment) {
    const int due = adjustment_count(map_, pos, p);
    return b.open().number(due > 0 ? -missing_count(p) : missing_count(p)).close().tokens;
  }
  const Tokens now = now_message();
  // The units of the NOW message that have no order yet, as written there.
  Reader r(now);
  r.take(tok::NOW);
  r.skip_group();
  Tokens unit;
  while (r.group(unit)) {
    Tokens whole = Builder().group(unit).tokens;
    Reader u(whole);
    LocationId at = kNoLocation;
    Token power = 0;
    u.open();
    u.take_if(is_power, power);
    if (!u.take(tok::AMY)) u.take(tok::FLT);
    const bool dislodged = std::find(unit.begin(), unit.end(), tok::MRT) != unit.end();
    if (!rep_.read_location(u, at) || at == kNoLocation || rep_.power_of(power) != p) continue;
    if ((pos.phase.kind == PhaseKind::Retreat) != dislodged) continue;
    if (!has_order_for(p, map_.province_of(at))) b.append(whole);
  }
  return b.tokens;
}

void Host::remind(double now) {
  if (deadline_at_ <= 0) return;
  const double left = deadline_at_ - now;
  for (ClientId id = 0; id < static_cast<ClientId>(clients_.size()); ++id) {
    Client& c = clients_[id];
    if (!joined(id)) continue;
    for (int s : c.reminders)
      if (left <= s && std::find(c.reminded.begin(), c.reminded.end(), s) == c.reminded.end()) {
        c.reminded.push_back(s);
        send(id, Builder().add(tok::TME).open().number(s).close().tokens);
      }
  }
}

}  // namespace colonial::daide
