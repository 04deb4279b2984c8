// The host's connections: frames in, structural errors, and each language
// message sent to the part of the host that answers it.
#include "host.h"

#include "legal.h"

namespace colonial::daide {
namespace {

// A client that never reads what it is sent is dropped past this.
constexpr std::size_t kMaxUnsentBytes = 4u << 20;

}  // namespace

Host::Host(Map& map, Game& game, const HostOptions& options) : map_(map), game_(game), options_(options) {
  rep_.build(map_);
  Random random{options.seed ^ 0xDA1DEull};
  for (Seat& s : seats_) s.passcode = 1 + random.below(8000);
}

ClientId Host::connect(double now) {
  Client c;
  c.connected_at = now;
  clients_.push_back(std::move(c));
  return static_cast<ClientId>(clients_.size() - 1);
}

void Host::receive(ClientId id, const std::uint8_t* bytes, std::size_t count, double now) {
  if (id < 0 || id >= static_cast<ClientId>(clients_.size()) || !clients_[id].open) return;
  last_now_ = now;
  clients_[id].reader.feed(bytes, count);
  Frame f;
  while (clients_[id].open && !clients_[id].close_after_output && clients_[id].reader.next(f)) frame(id, f, now);
}

void Host::frame(ClientId id, const Frame& f, double now) {
  Client& c = clients_[id];
  if (!c.initial_received) {
    if (f.type != static_cast<std::uint8_t>(FrameType::Initial))
      return protocol_error(id, ProtocolError::InitialNotFirst);
    const ProtocolError e = check_initial(f.data);
    if (e != ProtocolError::None) return protocol_error(id, e);
    c.initial_received = true;
    const Bytes rm = rep_.representation_data();
    const Bytes frame = encode_frame(FrameType::Representation, rm.data(), rm.size());
    c.out.insert(c.out.end(), frame.begin(), frame.end());
    return;
  }
  switch (static_cast<FrameType>(f.type)) {
    case FrameType::Initial: return protocol_error(id, ProtocolError::SecondInitial);
    case FrameType::Representation: return protocol_error(id, ProtocolError::RepresentationFromClient);
    case FrameType::Final:
    case FrameType::Error:
      // The client is leaving: no answer (the protocol forbids one).
      clients_[id].close_after_output = true;
      return drop(id, now);
    case FrameType::Diplomacy: {
      Tokens t;
      if (!decode_tokens(f.data, t) || t.empty()) return protocol_error(id, ProtocolError::TooShort);
      for (Token x : t)
        if (is_reserved(x)) return protocol_error(id, ProtocolError::InvalidToken);
      return message(id, t, now);
    }
  }
  protocol_error(id, ProtocolError::UnknownMessage);
}

void Host::protocol_error(ClientId id, ProtocolError e) {
  Client& c = clients_[id];
  const Bytes em = encode_error(e);
  c.out.insert(c.out.end(), em.begin(), em.end());
  c.close_after_output = true;
  if (log) log("client " + std::to_string(id) + ": protocol error " + std::to_string(static_cast<int>(e)));
}

void Host::send(ClientId id, const Tokens& t) {
  Client& c = clients_[id];
  if (!c.open || c.close_after_output) return;
  const Bytes b = encode_message(t);
  c.out.insert(c.out.end(), b.begin(), b.end());
  if (c.out.size() > kMaxUnsentBytes) {
    // It reads nothing: let it go rather than hold the game's memory.
    c.close_after_output = true;
    c.out.clear();
  }
}

void Host::send_all(const Tokens& t) {
  for (ClientId id = 0; id < static_cast<ClientId>(clients_.size()); ++id)
    if (joined(id)) send(id, t);
}

void Host::reply(ClientId id, Token yes_or_rej, const Tokens& t) {
  send(id, Builder().add(yes_or_rej).group(t).tokens);
}

bool Host::joined(ClientId id) const {
  const Client& c = clients_[id];
  return c.open && !c.close_after_output && c.role != Client::Role::None;
}

Bytes Host::take_output(ClientId id) {
  if (id < 0 || id >= static_cast<ClientId>(clients_.size())) return {};
  Bytes b;
  b.swap(clients_[id].out);
  return b;
}

bool Host::wants_close(ClientId id) const {
  return id >= 0 && id < static_cast<ClientId>(clients_.size()) &&
         (!clients_[id].open || clients_[id].close_after_output);
}

void Host::disconnected(ClientId id, double now) {
  if (id < 0 || id >= static_cast<ClientId>(clients_.size()) || !clients_[id].open) return;
  drop(id, now);
  clients_[id].open = false;
  clients_[id].out.clear();
}

// The client is gone: its seat waits for it (IAM), its power in civil
// disorder.
void Host::drop(ClientId id, double now) {
  Client& c = clients_[id];
  const PowerId p = c.power;
  c.role = Client::Role::None;
  c.power = kNoPower;
  if (p == kNoPower || seats_[p].client != id) return;
  seats_[p].client = -1;
  if (!started_ || game_.over()) return;
  seats_[p].civil_disorder = true;
  if (log) log(std::string(map_.power(p).name) + " is in civil disorder (disconnected)");
  if (!game_.over()) send_all(Builder().add(tok::CCD).open().add(rep_.power_token(p)).close().tokens);
  advance(now);
}

void Host::message(ClientId id, const Tokens& t, double now) {
  if (!balanced(t)) return send(id, Builder().add(tok::PRN).group(t).tokens);
  switch (t[0]) {
    case tok::NME: return on_name(id, t, false);
    case tok::OBS: return on_name(id, t, true);
    case tok::IAM: return on_i_am(id, t);
    case tok::YES: return on_yes(id, t, now);
    case tok::SUB: return on_submit(id, t, now);
    case tok::NOT: return on_not(id, t, now);
    // The client believes something we sent was wrong: no answer to that.
    case tok::HUH:
    case tok::PRN:
    case tok::REJ: return;
    default: return on_request(id, t, now);
  }
}

void Host::close_all() {
  for (ClientId id = 0; id < static_cast<ClientId>(clients_.size()); ++id)
    if (clients_[id].open && !clients_[id].close_after_output) {
      send(id, Tokens{tok::OFF});
      clients_[id].close_after_output = true;
    }
  finished_ = true;
}

void Host::tick(double now) {
  last_now_ = now;
  for (ClientId id = 0; id < static_cast<ClientId>(clients_.size()); ++id) {
    Client& c = clients_[id];
    if (c.open && !c.initial_received && !c.close_after_output &&
        now - c.connected_at >= options_.first_message_seconds)
      protocol_error(id, ProtocolError::InitialTimer);
  }
  if (!started_ || finished_) return;
  remind(now);
  if (deadline_at_ > 0 && now >= deadline_at_) process(now);
  advance(now);
}

double Host::next_due(double now) const {
  double due = 1.0;
  if (started_ && !finished_ && deadline_at_ > 0) due = std::min(due, deadline_at_ - now);
  return due < 0 ? 0 : due;
}

}  // namespace colonial::daide
