// Joining the game: NME, OBS, IAM, the map accepted, the seats taken, HLO.
#include "host.h"

namespace colonial::daide {
namespace {

int seats_wanted(const Game& game, u32 local) {
  int n = 0;
  for (PowerId p = 0; p < game.map().power_count(); ++p) n += game.is_playing(p) && !((local >> p) & 1u);
  return n;
}

}  // namespace

void Host::on_name(ClientId id, const Tokens& t, bool observer) {
  Reader r(t);
  r.take(t[0]);
  std::string name, version;
  const bool named = r.text(name) && r.text(version);
  if ((!named && !(observer && r.done())) || !r.at_end()) return send(id, huh(t, r.furthest()));
  Client& c = clients_[id];
  const Tokens echo(t.begin() + 1, t.end());
  Builder answer;
  answer.add(t[0]).append(echo);
  int players = 0;
  for (const Client& other : clients_) players += other.open && other.role == Client::Role::Player;
  const bool full = !observer && (started_ || players >= seats_wanted(game_, options_.local_powers));
  if (c.role != Client::Role::None || full) return reply(id, tok::REJ, answer.tokens);
  c.role = observer ? Client::Role::Observer : Client::Role::Player;
  c.name = name;
  c.version = version;
  reply(id, tok::YES, answer.tokens);
  send(id, Builder().add(tok::MAP).text(rep_.map_name()).tokens);
  if (log)
    log("client " + std::to_string(id) + (observer ? " observes" : " joins") + (name.empty() ? "" : ": " + name));
  // An observer of a game under way gets where it stands.
  if (observer && started_) {
    send(id, hello(kNoPower));
    send(id, centres_message());
    send(id, now_message());
  }
}

void Host::on_i_am(ClientId id, const Tokens& t) {
  Reader r(t);
  Token power = 0;
  int passcode = 0;
  const bool ok = r.take(tok::IAM) && r.open() && r.take_if(is_power, power) && r.close() && r.open() &&
                  r.number(passcode) && r.close() && r.at_end();
  if (!ok) return send(id, huh(t, r.furthest()));
  const Tokens echo(t.begin() + 1, t.end());
  const PowerId p = rep_.power_of(power);
  Client& c = clients_[id];
  const bool allowed = started_ && !game_.over() && p != kNoPower && c.role == Client::Role::None &&
                       seats_[p].client < 0 && seats_[p].civil_disorder && seats_[p].passcode == passcode;
  if (!allowed) return reply(id, tok::REJ, Builder().add(tok::IAM).append(echo).tokens);
  c.role = Client::Role::Player;
  c.power = p;
  c.map_accepted = true;
  seats_[p].client = id;
  seats_[p].civil_disorder = false;
  seats_[p].lapsed = false;
  reply(id, tok::YES, Builder().add(tok::IAM).append(echo).tokens);
  if (log) log(std::string(map_.power(p).name) + " is back (IAM)");
  const Tokens back = Builder().add(tok::NOT).open().add(tok::CCD).open().add(power).close().close().tokens;
  for (ClientId other = 0; other < static_cast<ClientId>(clients_.size()); ++other)
    if (other != id && joined(other)) send(other, back);
}

void Host::on_yes(ClientId id, const Tokens& t, double now) {
  Reader r(t);
  Tokens inner;
  if (!r.take(tok::YES) || !r.group(inner) || !r.at_end()) return send(id, huh(t, r.furthest()));
  // YES (MAP ('name')): the client will play on the map. Other YES
  // answers (to SVE, say) need nothing.
  if (inner.empty() || inner[0] != tok::MAP || !joined(id)) return;
  clients_[id].map_accepted = true;
  maybe_start(now);
}

void Host::maybe_start(double now) {
  if (started_) return;
  int ready_players = 0;
  for (const Client& c : clients_)
    ready_players += c.open && !c.close_after_output && c.role == Client::Role::Player && c.map_accepted;
  if (ready_players < seats_wanted(game_, options_.local_powers)) return;
  take_seats();
  started_ = true;
  for (ClientId id = 0; id < static_cast<ClientId>(clients_.size()); ++id)
    if (joined(id)) send(id, hello(clients_[id].power));
  send_all(centres_message());
  last_centres_ = centres_message();
  begin_phase(now);
  advance(now);
}

// The players who accepted the map take the powers in turn; their names go
// into the game's record.
void Host::take_seats() {
  GameSettings settings = game_.settings();
  PowerId next = 0;
  const u32 local = options_.local_powers;
  for (ClientId id = 0; id < static_cast<ClientId>(clients_.size()); ++id) {
    Client& c = clients_[id];
    if (!c.open || c.close_after_output || c.role != Client::Role::Player || !c.map_accepted) continue;
    while (next < map_.power_count() && (((local >> next) & 1u) || !game_.is_playing(next))) ++next;
    if (next >= map_.power_count()) {
      // More players than seats (one joined after another left): it watches.
      c.role = Client::Role::Observer;
      continue;
    }
    c.power = next;
    seats_[next].client = id;
    seats_[next].name = c.name;
    seats_[next].version = c.version;
    settings.player_names[next].assign(std::string_view(c.name).substr(0, 23));
    ++next;
  }
  for (PowerId p = 0; p < map_.power_count(); ++p)
    if ((local >> p) & 1u) {
      seats_[p].name = options_.local_name;
      seats_[p].version = options_.local_version;
      settings.player_names[p].assign(std::string_view(options_.local_name).substr(0, 23));
    }
  const OrderList pending = game_.pending_orders();
  const u32 votes = game_.draw_votes();
  game_.restore(map_, settings, game_.position(), game_.result(), game_.surrendered_mask());
  game_.restore_pending(pending, votes);
}

// HLO (power) (passcode) ((LVL 0) (MTL s) (RTL s) (BTL s))
Tokens Host::hello(PowerId p) const {
  Builder b;
  b.add(tok::HLO).open().add(p == kNoPower ? tok::UNO : rep_.power_token(p)).close();
  b.open().number(p == kNoPower ? 0 : seats_[p].passcode).close();
  b.open().open().add(tok::LVL).number(0).close();
  const Token limits[3] = {tok::MTL, tok::RTL, tok::BTL};
  for (int k = 0; k < 3; ++k) {
    const int s = deadline_of(static_cast<PhaseKind>(k));
    if (s > 0) b.open().add(limits[k]).number(s).close();
  }
  return b.close().tokens;
}

}  // namespace colonial::daide
