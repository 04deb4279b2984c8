// GameSession (game/app/session/game_session.h): a game started, saved and
// resumed; Done and "adjudicate now" with the orders keyed in; the timer
// running out; a damaged record; and the computer players' worker
// (game/app/computer/computer_players.h).
#include <chrono>
#include <fstream>
#include <thread>

#include "test_features_fixture.h"

using namespace colonial;
using namespace colonial::features_test;
using colonial::flow_test::read;
using colonial::flow_test::write;

namespace {

// Pumps the computer players until the flow stops waiting for them.
void wait_for_the_computer(GameSession& s) {
  for (int i = 0; i < 6000 && s.flow().screen() == Screen::Computer; ++i) {
    s.pump_computer();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  REQUIRE(s.flow().screen() != Screen::Computer);
}

bool succeeded(const Game& game, PowerId p, OrderKind kind) {
  const PhaseRecord& last = game.history(game.history_size() - 1);
  for (const OrderResult& r : last.results.results)
    if (r.order.power == p && r.order.kind == kind && r.outcome == Outcome::Succeeded) return true;
  return false;
}

}  // namespace

TEST_CASE("session: a game started is saved; another session resumes it, Done powers done") {
  TempDir dir;
  const std::string record = dir.file("save.colonial");
  Modals modals;
  auto s = session_on(modals, record);
  start_default_game(*s);
  CHECK(std::filesystem::exists(record));
  CHECK(s->save_error().empty());
  REQUIRE(s->flow().screen() == Screen::Handoff);
  const PowerId first = s->flow().power();
  s->flow().reveal();
  // A hold for one of its units (a long press on it).
  for (int i = 0; i < s->map().province_count(); ++i) {
    const Unit& u = s->game().position().units[i];
    if (u.present() && u.power == first) {
      s->pad(first).model().tap(static_cast<ProvinceId>(i), true);
      break;
    }
  }
  REQUIRE(s->pad(first).orders().size() == 1);
  s->done();
  CHECK(s->flow().is_done(first));
  s->save(1);
  CHECK(modals.empty());

  Modals other_modals;
  auto other = session_on(other_modals, record);
  REQUIRE(other->resume(TableMode::PassAndPlay, 2));
  CHECK(other->flow().attached());
  CHECK(other->flow().is_done(first));
  CHECK(other->variant() == "colonial");
  CHECK(other_modals.empty());
}

TEST_CASE("session: a damaged record is kept aside and a notice says so; the new-game screen is next") {
  TempDir dir;
  const std::string record = dir.file("save.colonial");
  std::ofstream(record) << "colonial-record 1\nvariant colonial\nthe rest was lost";
  Modals modals;
  auto s = session_on(modals, record);
  CHECK_FALSE(s->resume(TableMode::PassAndPlay, 0));
  REQUIRE(modals.on_top(ModalKind::Notice));
  CHECK(modals.top()->text.find("You can start a new game.") != std::string::npos);
  s->leave_for_new_game("colonial", TableMode::PassAndPlay);
  CHECK_FALSE(s->flow().attached());
  CHECK(s->flow().screen() == Screen::NewGame);
  CHECK(std::filesystem::exists(record + ".damaged"));
}

TEST_CASE("session: a record opened from a file is played; a damaged or foreign one changes nothing") {
  TempDir dir;
  // Another table's game, one Done in: the record to open.
  const std::string other_record = dir.file("from-the-pi.colonial");
  {
    Modals modals;
    auto other = session_on(modals, other_record);
    start_default_game(*other);
    other->flow().reveal();
    other->done();
    other->save(1);
  }
  const std::string opened_text = read(other_record);
  REQUIRE_FALSE(opened_text.empty());

  const std::string record = dir.file("save.colonial");
  Modals modals;
  auto s = session_on(modals, record);
  start_default_game(*s);
  const std::string in_play = read(record);

  // Refused with the reader's reason; the game in play and its record as they were.
  const std::string damaged = dir.file("damaged.colonial");
  write(damaged, "colonial-record 1\nvariant colonial\nthe rest was lost");
  const std::string foreign = dir.file("holiday.jpg");
  write(foreign, "\xff\xd8\xff\xe0 not a record");
  const std::string empty = dir.file("empty.colonial");
  write(empty, "");
  for (const std::string& file : {damaged, foreign, empty, dir.file("missing.colonial")}) {
    std::string why;
    CHECK_FALSE(s->open_record(file, TableMode::PassAndPlay, 3, why));
    CHECK_FALSE(why.empty());
    CHECK(read(record) == in_play);
    CHECK(s->flow().attached());
  }
  std::string why;
  CHECK_FALSE(s->open_record(foreign, TableMode::PassAndPlay, 3, why));
  CHECK(why == "it is not a Colonial game record");

  // A record that reads: its game is played and saved, the game before kept aside.
  REQUIRE(s->open_record(other_record, TableMode::PassAndPlay, 4, why));
  CHECK(read(record) == opened_text);
  CHECK(s->flow().attached());
  CHECK(s->variant() == "colonial");
  int archived = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path))
    archived += entry.path().filename().string().rfind("game-", 0) == 0;
  CHECK(archived == 1);
}

TEST_CASE("session: adjudicating now takes the orders keyed in on every pad, Done or not") {
  Modals modals;
  auto s = session_on(modals, "");
  start_default_game(*s, TableMode::Companion);
  const PowerId france = power(*s, "France"), britain = power(*s, "Britain");
  REQUIRE(s->pad(france).model().type_orders("A TON - CAN"));
  REQUIRE(s->pad(britain).model().type_orders("F HON S A TON - CAN"));
  CHECK(s->pad_begun(france));
  // The game master's board shows both powers' orders.
  CHECK(s->orders_keyed_in().size() == 2);
  s->adjudicate_with_current();
  CHECK(s->flow().screen() == Screen::Results);
  CHECK(succeeded(s->game(), france, OrderKind::Move));
  CHECK(succeeded(s->game(), britain, OrderKind::Support));
  // The pads belong to the phase they were begun for.
  CHECK_FALSE(s->pad_begun(france));
}

TEST_CASE("session: the phase timer runs out: adjudicated, and a notice for the table") {
  Modals modals;
  auto s = session_on(modals, "");
  start_default_game(*s, TableMode::Companion);
  const u16 seconds[3] = {60, 0, 0};
  REQUIRE(s->game().set_timers(seconds));
  s->flow().restart_clock(0);
  s->adjudicate_if_time_is_up(30);
  CHECK(s->flow().screen() == Screen::Orders);
  CHECK(modals.empty());
  s->adjudicate_if_time_is_up(61);
  CHECK(s->flow().screen() == Screen::Results);
  REQUIRE(modals.on_top(ModalKind::Notice));
  CHECK(modals.top()->text.rfind("Time is up", 0) == 0);
}

TEST_CASE("computer players: every seat the computer's; the same game gives the same orders") {
  Modals modals;
  OrderList first_orders;
  for (int run = 0; run < 2; ++run) {
    auto s = session_on(modals, "");
    start_default_game(*s, TableMode::PassAndPlay, 0x7f);
    REQUIRE(s->flow().screen() == Screen::Computer);
    s->pump_computer();
    CHECK(s->computer().thinking());
    wait_for_the_computer(*s);
    CHECK(s->flow().screen() == Screen::Results);
    REQUIRE(s->game().history_size() == 1);
    OrderList given;
    for (const OrderResult& r : s->game().history(0).results.results) given.push_back(r.order);
    CHECK(given.size() > 20);
    if (run == 0)
      first_orders = given;
    else
      CHECK(given == first_orders);
  }
}
