// Whole games and the faults a bot brings, with the host alone (no
// sockets): our test clients' bytes go straight to the host and back, and
// time is a number the test moves on.
#include <doctest/doctest.h>

#include <memory>

#include "host.h"
#include "record.h"
#include "test_client.h"

using namespace colonial;
using namespace colonial::daide;
using namespace colonial::daide::testing;

namespace {

// A game on a board, its host and clients, wired together.
struct Table {
  std::unique_ptr<Map> map = std::make_unique<Map>();
  std::unique_ptr<Game> game = std::make_unique<Game>();
  std::unique_ptr<Game> scratch = std::make_unique<Game>();
  std::unique_ptr<Host> host;
  std::vector<std::unique_ptr<TestClient>> clients;
  std::vector<ClientId> ids;
  double now = 0;

  Table(std::string_view board, int last_year, int deadline, u32 local = 0) {
    MapErrors errors;
    REQUIRE(load_map(builtin_map_text(board), board, *map, errors));
    GameSettings settings = map_default_settings(*map);
    settings.last_year = last_year;
    game->start(*map, settings);
    HostOptions options;
    options.deadline_seconds = deadline;
    options.local_powers = local;
    host = std::make_unique<Host>(*map, *game, options);
    // Local powers hold.
    host->play_local = [](PowerId, OrderList& out) { out.clear(); };
  }
  TestClient& join(ClientPlan plan) {
    clients.push_back(std::make_unique<TestClient>(plan));
    ids.push_back(host->connect(now));
    const Bytes hello = clients.back()->opening();
    host->receive(ids.back(), hello.data(), hello.size(), now);
    pump();
    return *clients.back();
  }
  // Passes bytes both ways until nobody has anything to say.
  void pump() {
    for (bool traffic = true; traffic;) {
      traffic = false;
      for (std::size_t i = 0; i < clients.size(); ++i) {
        const Bytes in = host->take_output(ids[i]);
        if (in.empty() || clients[i]->spinning()) continue;
        traffic = true;
        Bytes out;
        clients[i]->receive(in.data(), in.size(), out);
        if (!out.empty()) host->receive(ids[i], out.data(), out.size(), now);
        if (clients[i]->leaving()) host->disconnected(ids[i], now);
      }
    }
  }
  // Moves time on a second at a time until the game is over (or `seconds`).
  void run(double seconds) {
    for (double end = now + seconds; now < end && !host->finished(); now += 1) {
      host->tick(now);
      pump();
    }
  }
  bool verifies() {
    RecordError err;
    const bool ok = verify_record(*game, *scratch, err);
    INFO(err.message.c_str());
    return ok;
  }
  // Results of the power with no order (NMRs) in the record.
  int no_orders(PowerId p) const {
    int n = 0;
    for (int i = 0; i < game->history_size(); ++i)
      for (const OrderResult& r : game->history(i).results.results)
        n += r.outcome == Outcome::NoOrder && r.order.power == p;
    return n;
  }
};

ClientPlan plan(u64 seed, Misbehaviour misbehaviour = Misbehaviour::None) {
  ClientPlan p;
  p.seed = seed;
  p.misbehaviour = misbehaviour;
  return p;
}

}  // namespace

TEST_CASE("seven test clients play a whole Standard game to its last year; the record verifies") {
  Table t("standard", 1904, 30);
  for (int i = 0; i < 7; ++i) {
    ClientPlan named = plan(static_cast<u64>(i + 1));
    named.name = "client" + std::to_string(i);
    t.join(named);
  }
  CHECK(t.host->started());
  t.run(3);
  REQUIRE(t.host->finished());
  CHECK(t.game->over());
  CHECK(t.game->phase().year >= 1904);
  for (auto& c : t.clients) {
    CHECK(c->done());
    CHECK(c->saw_end());
    CHECK(c->problems().empty());
    CHECK(c->movement_phases_ordered() >= 8);
  }
  CHECK(t.game->settings().player_names[0].view() == "client0");
  CHECK(t.verifies());
}

TEST_CASE("a whole Colonial game: the railroad, the canal and Hong Kong do not trouble a client") {
  Table t("colonial", 1880, 30);
  for (int i = 0; i < 7; ++i) t.join(plan(static_cast<u64>(i + 11)));
  t.run(3);
  REQUIRE(t.host->finished());
  for (auto& c : t.clients) {
    CHECK(c->problems().empty());
    CHECK(c->saw_end());
  }
  CHECK(t.verifies());
}

TEST_CASE("a silent bot: the phase waits for its deadline (once), its units hold, NMRs in the record") {
  Table t("standard", 1902, 10);
  t.join(plan(99, Misbehaviour::Silent));
  for (int i = 1; i < 7; ++i) t.join(plan(static_cast<u64>(i)));
  const Phase first = t.game->phase();
  t.run(5);
  CHECK(t.game->phase() == first);  // not before the deadline
  t.run(6);
  CHECK(t.game->phase() != first);
  // Having let a deadline pass without a word, it is not waited for again.
  t.run(2);
  REQUIRE(t.host->finished());
  CHECK(t.no_orders(0) >= 8);  // Austria's units, phase after phase
  CHECK(t.host->missed_orders(0) >= 4);
  CHECK(t.host->missed_orders(1) == 0);
  CHECK(t.verifies());
}

TEST_CASE("a bot that disconnects: civil disorder, the game goes on, and it comes back with IAM") {
  Table t("standard", 1903, 10);
  ClientPlan leaving = plan(3);
  leaving.leave_after = 2;
  TestClient& leaver = t.join(leaving);
  for (int i = 1; i < 6; ++i) t.join(plan(static_cast<u64>(i + 20)));
  // A seventh that never orders all its units makes every phase last
  // until its deadline.
  t.join(plan(99, Misbehaviour::Partial));
  t.run(25);
  REQUIRE(leaver.leaving());
  const std::string power = leaver.power();
  CHECK_FALSE(t.host->finished());
  // The others were told.
  bool told = false;
  for (const std::string& line : t.clients[1]->log) told = told || line == "CCD ( " + power + " )";
  CHECK(told);
  // Back on a new connection with the passcode of its HLO.
  leaver.come_back();
  t.ids[0] = t.host->connect(t.now);
  const Bytes back = leaver.rejoin();
  t.host->receive(t.ids[0], back.data(), back.size(), t.now);
  t.pump();
  CHECK(leaver.problems().empty());
  const int before = leaver.movement_phases_ordered();
  t.run(400);
  REQUIRE(t.host->finished());
  CHECK(leaver.movement_phases_ordered() > before);
  CHECK(t.verifies());
}

TEST_CASE("a wrong passcode or a seat that is taken is refused") {
  Table t("standard", 1902, 10);
  for (int i = 0; i < 7; ++i) t.join(plan(static_cast<u64>(i + 1)));
  ClientPlan stealing = plan(9);
  stealing.rejoin_power = "ENG";
  stealing.rejoin_passcode = 1;
  TestClient& thief = t.join(stealing);
  CHECK(thief.problems().size() == 1);  // IAM refused
  t.run(100);
  CHECK(t.host->finished());
}

TEST_CASE("malformed and out-of-turn messages get PRN, HUH or REJ, and change nothing") {
  Table t("standard", 1902, 30);
  TestClient& rude = t.join(plan(5, Misbehaviour::Garbage));
  for (int i = 1; i < 7; ++i) t.join(plan(static_cast<u64>(i)));
  t.run(100);
  REQUIRE(t.host->finished());
  for (const std::string& p : rude.problems()) INFO(p);
  CHECK(rude.problems().empty());
  CHECK(rude.movement_phases_ordered() >= 2);
  CHECK(t.no_orders(0) == 0);  // its real orders all counted
  CHECK(t.verifies());
}

TEST_CASE("bytes that break the protocol end that connection with an EM, and nothing else") {
  Table t("standard", 1902, 60);
  for (int i = 0; i < 6; ++i) t.join(plan(static_cast<u64>(i + 1)));
  t.join(plan(99, Misbehaviour::Partial));
  const Position before = t.game->position();
  auto em_for = [&](const Bytes& bytes) {
    const ClientId id = t.host->connect(t.now);
    t.host->receive(id, bytes.data(), bytes.size(), t.now);
    Bytes out = t.host->take_output(id);
    CHECK(t.host->wants_close(id));
    t.host->disconnected(id, t.now);
    // The EM comes last (after the RM when the IM was good).
    return out.size() >= 6 && out[out.size() - 6] == 4 ? out.back() : -1;
  };
  CHECK(em_for(encode_message(Tokens{tok::NME})) == 0x02);
  CHECK(em_for(encode_initial(kProtocolVersion, 0x10DA)) == 0x03);
  CHECK(em_for(encode_initial(kProtocolVersion, 0x1234)) == 0x04);
  CHECK(em_for(encode_initial(7)) == 0x05);
  Bytes twice = encode_initial();
  const Bytes again = encode_initial();
  twice.insert(twice.end(), again.begin(), again.end());
  CHECK(em_for(twice) == 0x06);
  Bytes reserved = encode_initial();
  const Bytes bad = encode_message(Tokens{0x5800});
  reserved.insert(reserved.end(), bad.begin(), bad.end());
  CHECK(em_for(reserved) == 0x0E);
  // A client that never sends its IM is timed out.
  const ClientId idle = t.host->connect(t.now);
  t.host->tick(t.now + 31);
  const Bytes timeout = t.host->take_output(idle);
  CHECK((timeout.size() == 6 && timeout[5] == 0x01));
  CHECK(t.game->position() == before);
  t.run(400);
  CHECK(t.host->finished());
}

TEST_CASE("a bot that can only waive its build waives it, and the winter goes on without waiting") {
  Table t("standard", 1902, 60);
  // England owns Norway as well as its three home centres, which its
  // three units occupy: one build due, nowhere to build.
  Position pos = t.game->position();
  pos.phase = Phase{1901, Season::Winter, PhaseKind::Adjustment};
  const ProvinceId nwy = t.map->find_province("NWY").province;
  const PowerId england = t.map->find_power("England");
  pos.owner[nwy] = england;
  t.game->start_from(*t.map, t.game->settings(), pos);
  REQUIRE(adjustment_count(*t.map, pos, england) == 1);
  std::vector<TestClient*> players;
  for (int i = 0; i < 7; ++i)
    players.push_back(
        &t.join(plan(static_cast<u64>(i + 1), i == england ? Misbehaviour::WaiveOnly : Misbehaviour::None)));
  // No time has passed (no deadline): the winter was processed as soon as
  // the waive was in.
  CHECK(t.now == 0);
  REQUIRE(t.game->history_size() >= 1);
  CHECK(t.game->history(0).position.phase.kind == PhaseKind::Adjustment);
  CHECK(t.game->phase().year >= 1902);
  CHECK(players[england]->waives_sent() >= 1);
  CHECK(players[england]->problems().empty());
  bool waived = false;
  for (const OrderResult& r : t.game->history(0).results.results)
    waived = waived || (r.order.kind == OrderKind::Waive && r.order.power == england);
  CHECK(waived);
}
