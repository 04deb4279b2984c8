#include "test_client.h"

#include <algorithm>
#include <iterator>
#include <set>

namespace colonial::daide::testing {

TestClient::TestClient(ClientPlan plan) : plan_(std::move(plan)), random_(plan_.seed * 0x9E3779B97F4A7C15ull + 1) {}

int TestClient::below(int n) {
  random_ ^= random_ << 13;
  random_ ^= random_ >> 7;
  random_ ^= random_ << 17;
  return n <= 0 ? 0 : static_cast<int>(random_ % static_cast<std::uint64_t>(n));
}

Bytes TestClient::opening() const {
  Bytes out = encode_initial();
  Builder b;
  if (plan_.rejoin_power.empty()) {
    b.add(tok::NME).text(plan_.name).text(plan_.version);
    const Bytes m = encode_message(b.tokens);
    out.insert(out.end(), m.begin(), m.end());
  }
  return out;
}

Bytes TestClient::rejoin() const {
  Bytes out = encode_initial();
  Token p = 0;
  names_.find(power_, p);
  send(Builder().add(tok::IAM).open().add(p).close().open().number(passcode_).close().tokens, out);
  return out;
}

void TestClient::send(const Tokens& t, Bytes& out) const {
  const Bytes m = encode_message(t);
  out.insert(out.end(), m.begin(), m.end());
}

Tokens TestClient::tokens(const std::string& text) const {
  Tokens t;
  names_.parse(text, t);
  return t;
}

void TestClient::receive(const std::uint8_t* bytes, std::size_t count, Bytes& out) {
  reader_.feed(bytes, count);
  Frame f;
  while (!done_ && !spinning_ && reader_.next(f)) {
    if (f.type == static_cast<std::uint8_t>(FrameType::Representation)) {
      if (!names_.set_from_representation(f.data)) problems_.push_back("a malformed RM");
      got_representation_ = true;
      if (!plan_.rejoin_power.empty()) {
        Token p = 0;
        names_.find(plan_.rejoin_power, p);
        send(Builder().add(tok::IAM).open().add(p).close().open().number(plan_.rejoin_passcode).close().tokens, out);
      }
    } else if (f.type == static_cast<std::uint8_t>(FrameType::Diplomacy)) {
      Tokens t;
      if (!decode_tokens(f.data, t) || t.empty()) problems_.push_back("a malformed DM");
      if (!t.empty()) message(t, out);
    } else if (f.type == static_cast<std::uint8_t>(FrameType::Error)) {
      error_ = "EM " + std::to_string(f.data.size() >= 2 ? f.data[1] : -1);
      done_ = true;
    } else {
      done_ = true;
    }
  }
}

void TestClient::message(const Tokens& t, Bytes& out) {
  std::string text = names_.format(t);
  log.push_back(text.substr(0, 200));
  if (!expected_.empty() && check_expected(t)) return;
  switch (t[0]) {
    case tok::MAP: {
      Reader r(t);
      r.take(tok::MAP);
      r.text(map_name_);
      return send(Tokens{tok::MDF}, out);
    }
    case tok::MDF: {
      std::string why;
      if (!read_map_definition(names_, t, map_, why)) problems_.push_back(why);
      return send(Builder().add(tok::YES).open().add(tok::MAP).text(map_name_).close().tokens, out);
    }
    case tok::HLO: return on_hello(t);
    case tok::SCO: return on_centres(t);
    case tok::NOW: return on_now(t, out);
    case tok::THX:
      if (t.size() >= 2 && t[t.size() - 2] != tok::MBV) {
        ++rejected_;
        problems_.push_back("rejected: " + text);
      }
      return;
    case tok::SLO:
    case tok::DRW: saw_end_ = true; return;
    case tok::OFF: done_ = true; return;
    case tok::YES:
      // Back in the game (IAM): where does it stand?
      if (t.size() > 2 && t[2] == tok::IAM) send(Tokens{tok::NOW}, out);
      return;
    case tok::HUH:
    case tok::PRN: problems_.push_back("the server did not understand: " + text); return;
    case tok::REJ:
      if (t.size() > 2 && t[2] == tok::IAM) problems_.push_back("IAM refused");
      return;
    default: return;
  }
}

// The garbage plan's answers: each message it sent expects one answer,
// in order (the server answers one message at a time).
bool TestClient::check_expected(const Tokens& t) {
  const Token first = t[0];
  if (first != tok::PRN && first != tok::HUH && first != tok::REJ && first != tok::THX && first != tok::MIS &&
      first != tok::YES)
    return false;
  const Expected e = expected_.front();
  expected_.pop_front();
  if (first != e.first)
    problems_.push_back("expected " + std::string(names_.name(e.first)) + ", got " + names_.format(t));
  if (e.note && (t.size() < 2 || t[t.size() - 2] != e.note))
    problems_.push_back("expected the note " + std::string(names_.name(e.note)) + ", got " + names_.format(t));
  return true;
}

void TestClient::on_hello(const Tokens& t) {
  Reader r(t);
  Token p = 0;
  if (r.take(tok::HLO) && r.open() && r.take_if(is_power, p) && r.close() && r.open() && r.number(passcode_))
    power_ = names_.name(p);
  else
    problems_.push_back("a malformed HLO");
}

void TestClient::on_centres(const Tokens& t) {
  Reader r(t);
  r.take(tok::SCO);
  owner_.clear();
  Tokens group;
  while (r.group(group)) {
    if (group.empty()) continue;
    const std::string who(names_.name(group[0]));
    for (std::size_t i = 1; i < group.size(); ++i) owner_[std::string(names_.name(group[i]))] = who;
  }
}

void TestClient::on_now(const Tokens& t, Bytes& out) {
  Reader r(t);
  r.take(tok::NOW);
  if (!r.group(turn_) || turn_.size() != 2) return problems_.push_back("a malformed NOW");
  units_.clear();
  Tokens u;
  while (r.group(u)) {
    SeenUnit s;
    Reader ur(u);
    Tokens where;
    ur.take_if(is_power, s.power);
    s.fleet = ur.take(tok::FLT);
    if (!s.fleet) ur.take(tok::AMY);
    if (!ur.take_if(is_province, s.province)) {
      if (!ur.group(where) || where.size() != 2) return problems_.push_back("a malformed unit in NOW");
      s.province = where[0];
      s.coast = where[1];
    }
    if (ur.take(tok::MRT)) {
      s.dislodged = true;
      Tokens places;
      ur.group(places);
      Reader pr(places);
      Token p = 0;
      Tokens coast;
      while (!pr.done())
        if (pr.take_if(is_province, p))
          s.retreats.push_back({p});
        else if (pr.group(coast))
          s.retreats.push_back(Builder().group(coast).tokens);
        else
          break;
    }
    units_.push_back(s);
  }
  if (done_ || power_.empty() || plan_.misbehaviour == Misbehaviour::Silent) return;
  const bool movement = turn_[0] == tok::SPR || turn_[0] == tok::FAL;
  if (movement && plan_.misbehaviour == Misbehaviour::Spin) {
    spinning_ = true;
    return;
  }
  if (movement && plan_.leave_after > 0 && ordered_ >= plan_.leave_after) {
    leaving_ = true;
    return;
  }
  if (movement && plan_.misbehaviour == Misbehaviour::Garbage) misbehave(out);
  Builder sub;
  sub.add(tok::SUB).group(turn_);
  const std::size_t empty = sub.tokens.size();
  if (movement) movement_orders(sub);
  if (turn_[0] == tok::SUM || turn_[0] == tok::AUT) retreat_orders(sub);
  if (turn_[0] == tok::WIN) adjustment_orders(sub);
  if (sub.tokens.size() > empty) send(sub.tokens, out);
  ordered_ += movement;
}

void TestClient::put_unit(Builder& b, const SeenUnit& u) const {
  b.open().add(u.power).add(u.fleet ? tok::FLT : tok::AMY);
  if (u.coast)
    b.open().add(u.province).add(u.coast).close();
  else
    b.add(u.province);
  b.close();
}

void TestClient::movement_orders(Builder& sub) {
  bool one = false;
  for (const SeenUnit& u : units_) {
    if (names_.name(u.power) != power_ || u.dislodged) continue;
    if (plan_.misbehaviour == Misbehaviour::Partial && one) break;
    one = true;
    std::string kind = u.fleet ? "FLT" : "AMY";
    if (u.coast) kind += " " + std::string(names_.name(u.coast));
    const auto& adjacent = map_.adjacency[std::string(names_.name(u.province))][kind];
    sub.open();
    put_unit(sub, u);
    if (adjacent.empty() || below(10) < 4) {
      sub.add(tok::HLD).close();
      continue;
    }
    auto it = adjacent.begin();
    std::advance(it, below(static_cast<int>(adjacent.size())));
    const Tokens place = tokens(it->find(' ') == std::string::npos ? *it : "(" + *it + ")");
    sub.add(tok::MTO).append(place).close();
  }
}

void TestClient::retreat_orders(Builder& sub) {
  for (const SeenUnit& u : units_) {
    if (names_.name(u.power) != power_ || !u.dislodged) continue;
    sub.open();
    put_unit(sub, u);
    if (u.retreats.empty())
      sub.add(tok::DSB);
    else
      sub.add(tok::RTO).append(u.retreats[below(static_cast<int>(u.retreats.size()))]);
    sub.close();
  }
}

void TestClient::adjustment_orders(Builder& sub) {
  int centres = 0, units = 0;
  for (const auto& [centre, who] : owner_) centres += who == power_;
  std::set<std::string> occupied;
  for (const SeenUnit& u : units_) {
    occupied.insert(std::string(names_.name(u.province)));
    units += names_.name(u.power) == power_;
  }
  Token me = 0;
  names_.find(power_, me);
  for (const SeenUnit& u : units_)
    if (names_.name(u.power) == power_ && units > centres) {
      sub.open();
      put_unit(sub, u);
      sub.add(tok::REM).close();
      --units;
    }
  for (const auto& [centre, homes] : map_.centres) {
    if (units >= centres || plan_.misbehaviour == Misbehaviour::WaiveOnly) break;
    if (!homes.count(power_) || occupied.count(centre) || owner_[centre] != power_) continue;
    const auto& kinds = map_.adjacency[centre];
    if (!kinds.count("AMY")) continue;
    sub.open().open().add(me).add(tok::AMY).append(tokens(centre)).close().add(tok::BLD).close();
    ++units;
  }
  for (; units < centres; ++units, ++waives_) sub.open().add(me).add(tok::WVE).close();
}

// Malformed and out-of-turn messages, each with the answer the protocol
// gives; then the real orders follow, and must all be accepted.
void TestClient::misbehave(Bytes& out) {
  const SeenUnit* mine = nullptr;
  const SeenUnit* theirs = nullptr;
  for (const SeenUnit& u : units_) {
    const bool own = names_.name(u.power) == power_;
    if (own && !mine) mine = &u;
    if (!own && !theirs) theirs = &u;
  }
  send(tokens("SUB ( ( "), out);  // brackets that never close
  expect(tok::PRN);
  send(tokens("NOW NOW"), out);  // a request with what it does not take
  expect(tok::HUH);
  send(tokens("SND ( " + power_ + " ) ( " + power_ + " )"), out);  // press in a no-press game
  expect(tok::HUH);
  send(tokens("DRW ( " + power_ + " )"), out);  // a partial draw: not at this level
  expect(tok::HUH);
  if (mine) {
    Builder wrong_turn;
    wrong_turn.add(tok::SUB).open().add(tok::WIN).number(1801).close().open();
    put_unit(wrong_turn, *mine);
    send(wrong_turn.add(tok::HLD).close().tokens, out);
    expect(tok::REJ);
  }
  if (theirs) {
    Builder other;
    other.add(tok::SUB).open();
    put_unit(other, *theirs);
    send(other.add(tok::HLD).close().tokens, out);
    expect(tok::THX, tok::NYU);
    expect(tok::MIS);
  }
  send(Tokens{tok::SMR}, out);  // the game has not ended
  expect(tok::REJ);
}

}  // namespace colonial::daide::testing
