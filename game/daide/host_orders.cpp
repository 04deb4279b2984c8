// A player's orders (SUB, NOT (SUB)) and the requests any client may make
// (MAP, MDF, HLO, SCO, NOW, MIS, GOF, DRW, TME, ORD, SMR, ...).
#include <algorithm>
#include <cmath>

#include "host.h"
#include "legal.h"
#include "orders.h"

namespace colonial::daide {
namespace {

bool is_season(Token t) { return category(t) == kCategoryPhase; }

}  // namespace

bool Host::playing(ClientId id) const {
  const Client& c = clients_[id];
  return started_ && !game_.over() && joined(id) && c.role == Client::Role::Player && c.power != kNoPower;
}

void Host::on_submit(ClientId id, const Tokens& t, double now) {
  const Tokens echo(t.begin() + 1, t.end());
  const Tokens rejected = Builder().add(tok::SUB).append(echo).tokens;
  Reader r(t);
  r.take(tok::SUB);
  // SUB (turn) (order) ...: the turn, when given, must be this one.
  const std::size_t start = r.position();
  Token season = 0;
  int year = 0;
  bool turn_given = r.open() && r.take_if(is_season, season) && r.number(year) && r.close();
  if (!turn_given) r.rewind(start);
  std::vector<Tokens> orders;
  std::vector<std::size_t> starts;
  while (!r.done()) {
    starts.push_back(r.position());
    orders.emplace_back();
    if (!r.group(orders.back())) return send(id, huh(t, r.furthest()));
  }
  if (orders.empty()) return send(id, huh(t, r.position()));
  if (!playing(id)) return reply(id, tok::REJ, rejected);
  const Phase& phase = game_.phase();
  if (turn_given && (season != season_token(phase, map_.start_year()) || year != phase.year))
    return reply(id, tok::REJ, rejected);
  const PowerId p = clients_[id].power;
  seats_[p].ordered = true;
  seats_[p].lapsed = false;
  // Every order read first: one that breaks the syntax changes nothing.
  std::vector<ReadOrder> read(orders.size());
  for (std::size_t i = 0; i < orders.size(); ++i) {
    std::size_t error_at = 0;
    if (!read_order(rep_, game_.position(), p, orders[i], read[i], error_at))
      return send(id, huh(t, starts[i] + 1 + error_at));
  }
  for (std::size_t i = 0; i < orders.size(); ++i) {
    Token note = read[i].note;
    if (note == tok::MBV) accept_order(p, orders[i], read[i].order, note);
    if (note != tok::MBV && log)
      log(std::string(map_.power(p).name) + ": " + rep_.names().format(orders[i]) + " refused (" +
          std::string(rep_.names().name(note)) + ")");
    send(id, Builder().add(tok::THX).group(orders[i]).open().add(note).close().tokens);
  }
  hand_in(p);
  send(id, missing_message(p));
  advance(now);
}

// Keeps an order that the rules allow, replacing the unit's earlier one;
// in adjustments, up to what the power is due. False (and the note why)
// when it is one too many.
bool Host::accept_order(PowerId p, const Tokens& text, Order order, Token& note) {
  std::vector<PendingOrder>& mine = seats_[p].orders;
  order.power = p;
  if (game_.phase().kind != PhaseKind::Adjustment) {
    const ProvinceId at = map_.province_of(order.at);
    std::erase_if(mine, [&](const PendingOrder& o) { return map_.province_of(o.order.at) == at; });
    mine.push_back({order, text});
    return true;
  }
  const int due = adjustment_count(map_, game_.position(), p);
  const bool removal = order.kind == OrderKind::Disband;
  if ((removal && due >= 0) || (!removal && due <= 0) || static_cast<int>(mine.size()) >= (due > 0 ? due : -due)) {
    note = removal ? tok::NMR : tok::NMB;
    return false;
  }
  const bool twice =
      order.kind != OrderKind::Waive && std::any_of(mine.begin(), mine.end(), [&](const PendingOrder& o) {
        return o.order.kind != OrderKind::Waive && map_.province_of(o.order.at) == map_.province_of(order.at);
      });
  if (twice) {
    note = removal ? tok::NMR : tok::ESC;
    return false;
  }
  mine.push_back({order, text});
  return true;
}

// The power's orders into the game. A fleet of the power sailing through a
// canal the power holds gets its permission with it (DAIDE has no order
// for one).
void Host::hand_in(PowerId p) {
  OrderList list;
  for (const PendingOrder& o : seats_[p].orders) list.push_back(o.order);
  const Position& pos = game_.position();
  if (pos.phase.kind == PhaseKind::Movement && pos.rules.canal && map_.canal_count() > 0) {
    static thread_local LegalOrders permits;
    legal_canal_permits(map_, pos, p, permits);
    for (const Order& permit : permits) {
      const bool ours = std::any_of(seats_[p].orders.begin(), seats_[p].orders.end(), [&](const PendingOrder& o) {
        return o.order.kind == OrderKind::Move && o.order.at == permit.other_at && o.order.to == permit.to;
      });
      if (ours && pos.units[map_.province_of(permit.other_at)].power == p) {
        list.push_back(permit);
        break;
      }
    }
  }
  game_.submit(p, list);
}

void Host::on_not(ClientId id, const Tokens& t, double now) {
  Reader r(t);
  Tokens inner;
  if (!r.take(tok::NOT) || !r.group(inner) || !r.at_end() || inner.empty()) return send(id, huh(t, r.furthest()));
  const Tokens echo(t.begin(), t.end());
  Client& c = clients_[id];
  const Token what = inner[0];
  if (what == tok::SUB && playing(id)) {
    std::vector<PendingOrder>& mine = seats_[c.power].orders;
    Reader sub(inner);
    sub.take(tok::SUB);
    Tokens order;
    if (sub.done()) {
      mine.clear();
    } else if (!sub.group(order) || !sub.at_end() ||
               std::erase_if(mine, [&](const PendingOrder& o) { return o.text == order; }) == 0) {
      return reply(id, tok::REJ, echo);
    }
    hand_in(c.power);
    reply(id, tok::YES, echo);
    return advance(now);
  }
  if ((what == tok::GOF || what == tok::DRW) && inner.size() == 1 && playing(id)) {
    if (what == tok::GOF) c.no_go_ahead = true;
    if (what == tok::DRW) game_.vote_draw(c.power, false);
    return reply(id, tok::YES, echo);
  }
  if (what == tok::TME && joined(id)) {
    int seconds = -1;
    Reader tme(inner);
    tme.take(tok::TME);
    const bool one = tme.open() && tme.number(seconds) && tme.close() && tme.at_end();
    const std::size_t removed = one ? std::erase(c.reminders, seconds) : c.reminders.size();
    if (!one) c.reminders.clear();
    return reply(id, removed > 0 || !one ? tok::YES : tok::REJ, echo);
  }
  if (what == tok::SUB || what == tok::GOF || what == tok::DRW || what == tok::TME) return reply(id, tok::REJ, echo);
  send(id, huh(t, 2));
}

void Host::on_request(ClientId id, const Tokens& t, double now) {
  const Client& c = clients_[id];
  const bool alone = t.size() == 1;
  switch (t[0]) {
    case tok::MAP:
      if (!alone) break;
      if (c.role == Client::Role::None) return reply(id, tok::REJ, t);
      return send(id, Builder().add(tok::MAP).text(rep_.map_name()).tokens);
    case tok::MDF:
      if (!alone) break;
      return send(id, rep_.map_definition());
    case tok::HLO:
      if (!alone) break;
      if (!started_ || c.role == Client::Role::None) return reply(id, tok::REJ, t);
      return send(id, hello(c.power));
    case tok::SCO:
      if (!alone) break;
      return send(id, centres_message());
    case tok::NOW:
      if (!alone) break;
      return send(id, now_message());
    case tok::MIS:
      if (!alone) break;
      if (!playing(id)) return reply(id, tok::REJ, t);
      return send(id, missing_message(c.power));
    case tok::ORD:
      if (!alone) break;
      if (last_results_.empty()) return reply(id, tok::REJ, t);
      for (const Tokens& ord : last_results_) send(id, ord);
      return;
    case tok::GOF: return on_go_ahead(id, t, now);
    case tok::DRW: return on_draw(id, t);
    case tok::TME: return on_time(id, t);
    case tok::SMR: return on_summary(id, t);
    case tok::HST:
    case tok::ADM:
      // The history of earlier turns and admin messages are not offered.
      return reply(id, tok::REJ, t);
    default: return send(id, huh(t, 0));
  }
  send(id, huh(t, 1));
}

void Host::on_go_ahead(ClientId id, const Tokens& t, double now) {
  if (t.size() != 1) return send(id, huh(t, 1));
  if (!playing(id)) return reply(id, tok::REJ, t);
  clients_[id].no_go_ahead = false;
  reply(id, tok::YES, t);
  if (missing_count(clients_[id].power) > 0) send(id, missing_message(clients_[id].power));
  advance(now);
}

void Host::on_draw(ClientId id, const Tokens& t) {
  // DRW (powers) is a partial draw, not part of this game's level.
  if (t.size() != 1) return send(id, huh(t, 1));
  if (!playing(id)) return reply(id, tok::REJ, t);
  game_.vote_draw(clients_[id].power, true);
  reply(id, tok::YES, t);
}

void Host::on_time(ClientId id, const Tokens& t) {
  if (t.size() == 1) {
    if (!started_ || game_.over() || deadline_at_ <= 0) return reply(id, tok::REJ, t);
    const int left = static_cast<int>(std::lround(deadline_at_ - last_now_));
    return send(id, Builder().add(tok::TME).open().number(std::max(left, 0)).close().tokens);
  }
  Reader r(t);
  int seconds = 0;
  if (!r.take(tok::TME) || !r.open() || !r.number(seconds) || !r.close() || !r.at_end())
    return send(id, huh(t, r.furthest()));
  int longest = 0;
  for (int k = 0; k < 3; ++k) longest = std::max(longest, deadline_of(static_cast<PhaseKind>(k)));
  if (seconds < 0 || seconds > longest || !joined(id)) return reply(id, tok::REJ, t);
  clients_[id].reminders.push_back(seconds);
  reply(id, tok::YES, t);
}

void Host::on_summary(ClientId id, const Tokens& t) {
  if (t.size() != 1) return send(id, huh(t, 1));
  if (!game_.over()) return reply(id, tok::REJ, t);
  const GameResult& r = game_.result();
  if (r.end == GameEnd::Victory && r.winner != kNoPower)
    send(id, Builder().add(tok::SLO).open().add(rep_.power_token(r.winner)).close().tokens);
  else
    send(id, Tokens{tok::DRW});
  send(id, summary_message());
}

}  // namespace colonial::daide
