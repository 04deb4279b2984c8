#include "client.h"

#include <algorithm>

#include "game.h"
#include "legal.h"
#include "orders.h"

namespace colonial::daide {
BotClient::BotClient(ClientOptions options) : options_(std::move(options)), position_(std::make_unique<Position>()) {
  for (PowerId& o : owner_) o = kNoPower;
}

Bytes BotClient::opening() const {
  Bytes out = encode_initial();
  if (options_.passcode == 0) send(Builder().add(tok::NME).text(options_.name).text(options_.version).tokens, out);
  return out;
}

void BotClient::send(const Tokens& t, Bytes& out) const {
  const Bytes m = encode_message(t);
  out.insert(out.end(), m.begin(), m.end());
}

void BotClient::end(ClientEnding e, const std::string& detail) {
  if (ending_ != ClientEnding::Playing) return;
  ending_ = e;
  detail_ = detail;
}

int BotClient::longest_limit() const { return std::max({limits_[0], limits_[1], limits_[2]}); }

void BotClient::closed() {
  if (game_ended_)
    end(ClientEnding::GameOver, {});
  else
    end(ClientEnding::Closed, {});
}

void BotClient::receive(const std::uint8_t* bytes, std::size_t count, Bytes& out) {
  reader_.feed(bytes, count);
  Frame f;
  while (!done() && reader_.next(f)) frame(f, out);
}

void BotClient::frame(const Frame& f, Bytes& out) {
  switch (static_cast<FrameType>(f.type)) {
    case FrameType::Representation:
      if (got_representation_) return tell(ClientNote::Unreadable, "a second RM");
      got_representation_ = true;
      representation_ = f.data;
      if (f.data.empty()) {
        names_.set_standard();
      } else if (!names_.set_from_representation(f.data)) {
        send(Tokens{tok::HUH}, out);
        return end(ClientEnding::BadMap, "the representation message (RM) is malformed");
      }
      if (options_.passcode != 0) {
        Token p = 0;
        if (!names_.find(options_.power, p)) {
          send(huh(Tokens{tok::IAM}, 0), out);
          return end(ClientEnding::PowerTaken, options_.power);
        }
        send(Builder().add(tok::IAM).open().add(p).close().open().number(options_.passcode).close().tokens, out);
      }
      return;
    case FrameType::Diplomacy: {
      Tokens t;
      if (!got_representation_ || !decode_tokens(f.data, t) || t.empty() || !balanced(t))
        return tell(ClientNote::Unreadable, "a diplomacy message of " + std::to_string(f.data.size()) + " bytes");
      return message(t, out);
    }
    case FrameType::Error:
      return end(ClientEnding::ProtocolError, std::to_string(f.data.size() >= 2 ? (f.data[0] << 8 | f.data[1]) : -1));
    case FrameType::Final: return closed();
    case FrameType::Initial: break;
  }
  tell(ClientNote::Unreadable, "a frame of type " + std::to_string(f.type));
}

void BotClient::unreadable(const Tokens& t, std::size_t at, Bytes& out) {
  tell(ClientNote::Unreadable, names_.format(t).substr(0, 200));
  send(huh(t, at), out);
}

void BotClient::message(const Tokens& t, Bytes& out) {
  switch (t[0]) {
    case tok::MAP: {
      Reader r(t);
      r.take(tok::MAP);
      if (!r.text(map_name_) || !r.at_end()) return unreadable(t, r.furthest(), out);
      return send(Tokens{tok::MDF}, out);
    }
    case tok::MDF: return on_map_definition(t, out);
    case tok::HLO: return on_hello(t, out);
    case tok::SCO: return on_centres(t);
    case tok::NOW: return on_now(t, out);
    case tok::THX:
      if (t.size() >= 2 && t[t.size() - 2] != tok::MBV) tell(ClientNote::OrderRefused, names_.format(t));
      return;
    case tok::SLO:
    case tok::DRW: game_ended_ = true; return tell(ClientNote::GameEnded, names_.format(t));
    case tok::OFF: {
      if (game_ended_) return end(ClientEnding::GameOver, {});
      return end(ClientEnding::EndedMidGame, turn_.empty() ? std::string("-") : names_.format(turn_));
    }
    case tok::YES:
      // Back in our seat (IAM): ask where the game stands.
      if (t.size() > 2 && t[2] == tok::IAM) {
        rejoined_ = true;
        send(Tokens{tok::MAP}, out);
      }
      return;
    case tok::REJ:
      if (t.size() > 2 && t[2] == tok::NME) return end(ClientEnding::Refused, {});
      if (t.size() > 2 && t[2] == tok::IAM) return end(ClientEnding::PowerTaken, options_.power);
      return tell(ClientNote::ServerProblem, names_.format(t));
    case tok::HUH:
    case tok::PRN: return tell(ClientNote::ServerProblem, names_.format(t));
    // Nothing to do: results, missing orders, reminders, civil disorder,
    // the summary and anything else a level-0 client may ignore.
    default: return;
  }
}

void BotClient::on_map_definition(const Tokens& t, Bytes& out) {
  if (map_ != nullptr) return;
  MapDefinition definition;
  std::string why;
  if (!read_map_definition(names_, t, definition, why)) {
    send(huh(t, 0), out);
    return end(ClientEnding::BadMap, why);
  }
  if (!match_map(t)) {
    // Not a board we know: say so (HUH) and leave.
    send(huh(t, 0), out);
    return end(ClientEnding::UnknownMap, map_name_.empty() ? std::string("?") : map_name_);
  }
  tell(ClientNote::Joined, map_name_);
  if (rejoined_) {
    for (Token ask : {tok::HLO, tok::SCO, tok::NOW}) send(Tokens{ask}, out);
    return;
  }
  send(Builder().add(tok::YES).open().add(tok::MAP).text(map_name_).close().tokens, out);
}

// Each map, under each of its option masks and set-ups, as our server
// would send it: the one whose RM and MDF are the server's.
bool BotClient::match_map(const Tokens& mdf) {
  for (Map* map : options_.maps) {
    const u32 masks = map->option_count() <= 4 ? (1u << map->option_count()) : 1u;
    for (int setup = 0; setup < std::max(1, map->setup_count()); ++setup)
      for (u32 i = 0; i < masks; ++i) {
        const u32 mask = masks == 1 ? map->default_options() : i;
        if (map->setup_count() > 0) map->set_setup(setup);
        map->set_options(mask);
        auto rep = std::make_unique<Representation>();
        rep->build(*map);
        if (rep->representation_data() != representation_ || rep->map_definition() != mdf) continue;
        map_ = map;
        rep_ = std::move(rep);
        return true;
      }
  }
  return false;
}

// HLO (power) (passcode) (variant options): the power, and the limits.
void BotClient::on_hello(const Tokens& t, Bytes& out) {
  if (!rep_) return unreadable(t, 0, out);
  Reader r(t);
  Token power = 0;
  int passcode = 0;
  Tokens variant;
  if (!(r.take(tok::HLO) && r.open() && r.take_if(is_power, power) && r.close() && r.open() && r.number(passcode) &&
        r.close() && r.group(variant)))
    return unreadable(t, r.furthest(), out);
  me_ = rep_->power_of(power);
  power_ = names_.name(power);
  passcode_ = passcode;
  if (me_ == kNoPower) return unreadable(t, 3, out);
  if (!options_.power.empty()) {
    const PowerId wanted = map_->find_power(options_.power);
    Token wanted_token = 0;
    const bool same = wanted == me_ || (names_.find(options_.power, wanted_token) && wanted_token == power);
    if (!same) {
      // Leave at once: the seat goes into civil disorder for another to take.
      Bytes final = encode_final();
      out.insert(out.end(), final.begin(), final.end());
      return end(ClientEnding::WrongPower, power_);
    }
  }
  Reader v(variant);
  Tokens option;
  while (v.group(option)) {
    if (option.size() != 2 || !is_integer(option[1])) continue;
    const int seconds = integer_value(option[1]);
    if (option[0] == tok::MTL) limits_[static_cast<int>(PhaseKind::Movement)] = seconds;
    if (option[0] == tok::RTL) limits_[static_cast<int>(PhaseKind::Retreat)] = seconds;
    if (option[0] == tok::BTL) limits_[static_cast<int>(PhaseKind::Adjustment)] = seconds;
  }
  tell(ClientNote::Playing, std::string(map_->power(me_).name) + " (" + power_ + ")");
}

// SCO (power centre ...) ... (UNO centre ...): who owns each centre.
void BotClient::on_centres(const Tokens& t) {
  if (!rep_) return;
  Reader r(t);
  r.take(tok::SCO);
  PowerId owner[kMaxProvinces];
  for (PowerId& o : owner) o = kNoPower;
  Tokens group;
  while (r.group(group)) {
    if (group.empty()) continue;
    const PowerId who = group[0] == tok::UNO ? kNoPower : rep_->power_of(group[0]);
    for (std::size_t i = 1; i < group.size(); ++i) {
      const ProvinceId p = rep_->province_of(group[i]);
      if (p != kNoProvince) owner[p] = who;
    }
  }
  if (!r.done()) return tell(ClientNote::Unreadable, names_.format(t).substr(0, 200));
  std::copy(std::begin(owner), std::end(owner), std::begin(owner_));
  have_centres_ = true;
}

// ( SEASON YEAR ) as the engine's phase. On a map with the 1995 calendar
// the server writes its counting turns FAL (orders.h); a game played on
// Spring and Fall on it shows itself by a turn that calendar cannot have.
bool BotClient::read_turn(const Tokens& turn, Phase& out) {
  if (turn.size() != 2 || !is_integer(turn[1])) return false;
  const Token season = turn[0];
  const int year = integer_value(turn[1]);
  const int start = map_->start_year();
  if (map_->biennial_calendar() && !seasons_calendar_) {
    const bool fall = season == tok::FAL || season == tok::AUT;
    const bool counting = ((year - start) / 2) % 2 == 1;
    if ((year - start) % 2 != 0 || (season != tok::WIN && fall != counting)) seasons_calendar_ = true;
  }
  const bool biennial = map_->biennial_calendar() && !seasons_calendar_;
  out.year = static_cast<i16>(year);
  switch (season) {
    case tok::SPR:
      out.kind = PhaseKind::Movement;
      out.season = Season::Spring;
      break;
    case tok::SUM:
      out.kind = PhaseKind::Retreat;
      out.season = Season::Spring;
      break;
    case tok::FAL:
      out.kind = PhaseKind::Movement;
      out.season = Season::Fall;
      break;
    case tok::AUT:
      out.kind = PhaseKind::Retreat;
      out.season = Season::Fall;
      break;
    case tok::WIN:
      out.kind = PhaseKind::Adjustment;
      out.season = Season::Winter;
      break;
    default: return false;
  }
  if (biennial) out.season = Season::Turn;
  return true;
}

// NOW (turn) (unit) ... [(unit MRT (places))]: the position to decide in.
void BotClient::on_now(const Tokens& t, Bytes& out) {
  if (!rep_ || me_ == kNoPower) return;
  const Map& map = *map_;
  Reader r(t);
  Tokens turn;
  Phase phase;
  if (!r.take(tok::NOW) || !r.group(turn) || !read_turn(turn, phase)) return unreadable(t, r.furthest(), out);
  Position& pos = *position_;
  set_start_position(map, pos);
  pos.rules = map_default_settings(map).rules;
  pos.rules.map_options = map.options();
  pos.rules.setup = static_cast<u8>(map.current_setup());
  pos.rules.calendar = seasons_calendar_ || !map.biennial_calendar() ? Calendar::Seasons : Calendar::Biennial1995;
  pos.phase = phase;
  pos.clear_units();
  if (have_centres_) std::copy(std::begin(owner_), std::end(owner_), std::begin(pos.owner));
  retreats_.assign(kMaxProvinces, {});
  Tokens unit;
  while (!r.done()) {
    const std::size_t at = r.position();
    if (!r.group(unit)) return unreadable(t, r.furthest(), out);
    Reader u(unit);
    Token power = 0;
    LocationId where = kNoLocation;
    const bool fleet = [&] {
      u.take_if(is_power, power);
      return u.take(tok::FLT);
    }();
    if (!fleet) u.take(tok::AMY);
    if (!rep_->read_location(u, where) || where == kNoLocation || rep_->power_of(power) == kNoPower)
      return unreadable(t, at + 1 + u.furthest(), out);
    const ProvinceId p = map.province_of(where);
    const Unit placed{fleet ? UnitType::Fleet : UnitType::Army, rep_->power_of(power), map.coast_of(where)};
    if (u.take(tok::MRT)) {
      Tokens places;
      if (!u.group(places)) return unreadable(t, at + 1 + u.furthest(), out);
      Reader pr(places);
      while (!pr.done()) {
        LocationId to = kNoLocation;
        if (!rep_->read_location(pr, to)) return unreadable(t, at + 1, out);
        if (to != kNoLocation) retreats_[p].push_back(to);
      }
      pos.dislodged[p].unit = placed;
    } else {
      pos.units[p] = placed;
    }
    if (!u.at_end()) return unreadable(t, at + 1 + u.furthest(), out);
  }
  // The retreats the NOW allows, told to the engine: an empty place next to
  // a dislodged unit that no dislodged unit may enter was left by a
  // standoff; one that another may enter is this unit's attacker's origin.
  if (phase.kind == PhaseKind::Retreat)
    for (ProvinceId p = 0; p < map.province_count(); ++p) {
      const Unit& d = pos.dislodged[p].unit;
      if (!d.present()) continue;
      auto consider = [&](ProvinceId q) {
        if (pos.units[q].present()) return;
        const auto allowed = [&](ProvinceId x) {
          return std::any_of(retreats_[x].begin(), retreats_[x].end(),
                             [&](LocationId l) { return map.province_of(l) == q; });
        };
        if (allowed(p)) return;
        bool other = false;
        for (ProvinceId x = 0; x < map.province_count(); ++x) other = other || (x != p && allowed(x));
        if (other)
          pos.dislodged[p].attacker_from = q;
        else
          pos.standoffs.set(q);
      };
      if (d.type == UnitType::Army)
        map.army_neighbours(p).for_each([&](int q) { consider(static_cast<ProvinceId>(q)); });
      else
        map.for_each_fleet_neighbour_province(p, [&](ProvinceId q) { consider(q); });
    }
  turn_ = turn;
  ++serial_;
  bool owes = false;
  switch (phase.kind) {
    case PhaseKind::Movement: owes = pos.has_unit_of(me_); break;
    case PhaseKind::Retreat:
      for (const DislodgedUnit& d : pos.dislodged) owes = owes || (d.unit.present() && d.unit.power == me_);
      break;
    case PhaseKind::Adjustment: owes = adjustment_count(map, pos, me_) != 0; break;
  }
  job_ready_ = owes;
}

bool BotClient::take_job(DecisionJob& job) {
  if (!job_ready_ || done()) return false;
  job_ready_ = false;
  job.serial = serial_;
  job.position = *position_;
  job.power = me_;
  job.deadline_seconds = limits_[static_cast<int>(position_->phase.kind)];
  return true;
}

bool BotClient::hand_in(const DecisionJob& job, const OrderList& orders, Bytes& out) {
  if (job.serial != serial_ || done() || !rep_) return false;
  const Map& map = *map_;
  const Position& pos = job.position;
  // Our own convoys stand in for results, so that a convoyed army's
  // route (VIA) names the fleets carrying it.
  static thread_local PhaseResults convoys;
  convoys.results.clear();
  for (const Order& o : orders)
    if (o.kind == OrderKind::Convoy) {
      OrderResult r;
      r.order = o;
      convoys.results.push_back(r);
    }
  Builder sub;
  sub.add(tok::SUB).group(turn_);
  int count = 0, builds = 0;
  for (const Order& given : orders) {
    Order o = given;
    // A retreat the server does not offer becomes a disband.
    if (o.kind == OrderKind::Retreat) {
      const auto& allowed = retreats_[map.province_of(o.at)];
      if (std::find(allowed.begin(), allowed.end(), o.to) == allowed.end()) {
        o.kind = OrderKind::Disband;
        o.to = kNoLocation;
      }
    }
    Builder one;
    if (!put_order(*rep_, pos, convoys, o, one)) continue;
    sub.group(one.tokens);
    ++count;
    builds += o.kind == OrderKind::Build || o.kind == OrderKind::Waive;
  }
  // Builds the bot leaves unused are waived, so that the server need not
  // wait for them.
  if (pos.phase.kind == PhaseKind::Adjustment)
    for (int due = adjustment_count(map, pos, job.power); builds < due; ++builds, ++count)
      sub.open().add(rep_->power_token(job.power)).add(tok::WVE).close();
  if (count == 0) return false;
  send(sub.tokens, out);
  tell(ClientNote::OrdersSent, names_.format(turn_) + " " + std::to_string(count));
  return true;
}

}  // namespace colonial::daide
