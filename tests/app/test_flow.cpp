// TurnFlow (game/app/flow/turn_flow.h): whose turn it is and which screen shows,
// through pass-and-play, companion mode, retreats, adjustments, timers and
// history.
#include <doctest/doctest.h>

#include <vector>

#include "bot.h"
#include "position.h"
#include "test_flow_fixture.h"
#include "turn_flow.h"

using namespace colonial;
using namespace colonial::flow_test;

namespace {

// Presses Done for every power still waiting, with no orders.
void everybody_done(TurnFlow& flow) {
  for (int guard = 0; guard < 8 && (flow.screen() == Screen::Handoff || flow.screen() == Screen::Orders); ++guard) {
    flow.reveal();
    REQUIRE(flow.submit_done(OrderList()));
  }
}

// Plays 1870 with France taking Canton from China with British support.
void play_canton_attack(Game& g, TurnFlow& flow) {
  flow.begin(g, TableMode::PassAndPlay, 0);
  while (flow.screen() == Screen::Handoff) {
    const PowerId p = flow.power();
    flow.reveal();
    OrderList mine;
    if (p == power("France")) mine = orders(g, "France", "A TON - CAN");
    if (p == power("Britain")) mine = orders(g, "Britain", "F HON S A TON - CAN");
    REQUIRE(flow.submit_done(mine));
  }
}

}  // namespace

TEST_CASE("pass-and-play hands the device round every power with units, then adjudicates") {
  Game& g = new_game();
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 100);
  CHECK(flow.screen() == Screen::Handoff);
  CHECK(flow.asked() == 0x7Fu);  // seven powers, all with units
  CHECK(flow.power() == 0);      // the first in the map's order
  CHECK_FALSE(flow.take_save_request());
  // Nothing is submitted until Done, and Done on the hand-off screen does nothing.
  CHECK_FALSE(flow.submit_done(OrderList()));
  flow.reveal();
  CHECK(flow.screen() == Screen::Orders);
  REQUIRE(flow.submit_done(OrderList()));
  CHECK(flow.take_save_request());  // every Done is saved
  CHECK(flow.screen() == Screen::Handoff);
  CHECK(flow.power() == 1);
  CHECK(flow.previous_power() == 0);
  CHECK(flow.is_done(0));
  CHECK(flow.waiting() == 0x7Eu);
  for (int i = 1; i < 7; ++i) {
    CHECK(flow.screen() == Screen::Handoff);
    flow.reveal();
    REQUIRE(flow.submit_done(OrderList()));
  }
  CHECK(flow.screen() == Screen::Results);
  CHECK(flow.shown_phase() == 0);
  CHECK(g.history_size() == 1);
  CHECK(g.phase().year == 1872);  // 1870 had no dislodgement: on to the next turn
  CHECK(flow.take_save_request());
}

TEST_CASE("orders the game refuses keep the power at its screen") {
  Game& g = new_game();
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  flow.reveal();
  REQUIRE(flow.power() == power("Britain"));
  // A French unit's order in Britain's list.
  OrderList wrong = orders(g, "France", "A TON - CAN");
  CHECK_FALSE(flow.submit_done(wrong));
  CHECK(flow.screen() == Screen::Orders);
  CHECK(flow.power() == power("Britain"));
  CHECK_FALSE(flow.is_done(power("Britain")));
}

TEST_CASE("a retreat asks only the power with a dislodged unit; adjustments ask builders and disbanders") {
  Game& g = new_game();
  TurnFlow flow;
  play_canton_attack(g, flow);
  REQUIRE(flow.screen() == Screen::Results);
  flow.continue_play(10);
  CHECK(g.phase().kind == PhaseKind::Retreat);
  CHECK(flow.asked() == bit(power("China")));
  CHECK(flow.screen() == Screen::Handoff);
  CHECK(flow.power() == power("China"));
  flow.reveal();
  REQUIRE(flow.submit_done(orders(g, "China", "A CAN - YUN")));
  CHECK(flow.screen() == Screen::Results);
  flow.continue_play(20);
  everybody_done(flow);  // 1872: all hold
  REQUIRE(flow.screen() == Screen::Results);
  flow.continue_play(30);
  REQUIRE(g.phase().kind == PhaseKind::Adjustment);
  CHECK(flow.asked() == (bit(power("China")) | bit(power("France"))));
  // China disbands, France builds; notes say so on the results screen.
  while (flow.screen() == Screen::Handoff) {
    const PowerId p = flow.power();
    flow.reveal();
    REQUIRE(flow.submit_done(p == power("China") ? orders(g, "China", "Disband A YUN")
                                                 : orders(g, "France", "Build A TON")));
  }
  CHECK(flow.screen() == Screen::Results);
  CHECK(flow.adjustment_note(power("France")) == "Build 1");
  CHECK(flow.adjustment_note(power("China")) == "Disband 1");
  CHECK(flow.adjustment_note(power("Britain")).empty());
  CHECK(g.position().unit_count(power("France")) == 4);
  CHECK(g.position().unit_count(power("China")) == 4);
}

TEST_CASE("a phase where nobody has a choice is adjudicated at once and shown as forced") {
  Map& map = colonial_map();
  GameSettings settings;
  settings.rules.calendar = Calendar::Biennial1995;
  settings.rules.map_options = map.default_options();
  // An adjustment phase where Holland holds no colony and keeps one unit:
  // it must disband everything, so it has no choice.
  Position pos;
  set_start_position(map, pos);
  pos.phase = Phase{1872, Season::Turn, PhaseKind::Adjustment};
  const PowerId holland = power("Holland");
  for (int p = 0; p < map.province_count(); ++p) {
    if (pos.owner[p] == holland) pos.owner[p] = kNoPower;
    if (pos.units[p].power == holland && map.province(static_cast<ProvinceId>(p)).code != std::string_view("BOR"))
      pos.units[p] = Unit();
  }
  Game& g = world().game;
  g.start_from(map, settings, pos);
  REQUIRE_FALSE(g.has_choice(holland));
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  CHECK(flow.screen() == Screen::Results);
  CHECK(flow.shown_was_forced());
  CHECK(flow.adjustment_note(holland) == "Disband 1 (forced: every unit)");
  CHECK(g.position().unit_count(holland) == 0);
  flow.continue_play(1);
  CHECK(flow.screen() == Screen::Handoff);
  CHECK_FALSE(flow.shown_was_forced());
  CHECK(g.phase().kind == PhaseKind::Movement);
}

TEST_CASE("the phase timer runs out: adjudication with what was submitted") {
  GameSettings settings;
  settings.timer_seconds[0] = 300;
  Game& g = new_game(settings);
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 1000);
  CHECK(flow.timed());
  CHECK(flow.seconds_left(1100) == doctest::Approx(200));
  CHECK_FALSE(flow.expired(1299.5));
  flow.reveal();
  REQUIRE(flow.submit_done(orders(g, "Britain", "F HON - SCS")));
  CHECK(flow.expired(1300));
  CHECK(flow.seconds_left(5000) == 0);
  flow.adjudicate_now();
  CHECK(flow.screen() == Screen::Results);
  // Britain's order was carried out; everybody else held.
  const PhaseResults& r = g.history(0).results;
  int moved = 0;
  for (const OrderResult& x : r.results)
    if (x.order.kind == OrderKind::Move && x.outcome == Outcome::Succeeded) ++moved;
  CHECK(moved == 1);
  // On the results screen the clock does not run.
  CHECK_FALSE(flow.expired(99999));
  // Untimed phases never expire.
  GameSettings none;
  Game& g2 = new_game(none);
  TurnFlow f2;
  f2.begin(g2, TableMode::PassAndPlay, 0);
  CHECK_FALSE(f2.timed());
  CHECK_FALSE(f2.expired(1e9));
}

TEST_CASE("companion mode: one screen, any power, adjudication when the game master says") {
  Game& g = new_game();
  TurnFlow flow;
  flow.begin(g, TableMode::Companion, 0);
  CHECK(flow.screen() == Screen::Orders);  // no hand-off screens
  CHECK(flow.power() == power("Britain"));
  flow.select(power("France"));
  CHECK(flow.power() == power("France"));
  REQUIRE(flow.submit_done(orders(g, "France", "A TON - CAN")));
  CHECK(flow.is_done(power("France")));
  CHECK(flow.screen() == Screen::Orders);
  CHECK(flow.power() == power("Holland"));  // the next power not done
  REQUIRE(flow.submit_for(power("Britain"), orders(g, "Britain", "F HON S A TON - CAN")));
  CHECK_FALSE(flow.submit_for(kNoPower, OrderList()));
  // All done or not, nothing is adjudicated until asked.
  CHECK(g.history_size() == 0);
  flow.adjudicate_now();
  CHECK(flow.screen() == Screen::Results);
  CHECK(g.position().dislodged[world().map.find_province("CAN").province].unit.present());
  flow.continue_play(0);
  CHECK(flow.screen() == Screen::Orders);
  CHECK(flow.power() == power("China"));
}

TEST_CASE("switching the table mode in the middle of a phase") {
  Game& g = new_game();
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  flow.reveal();
  REQUIRE(flow.submit_done(OrderList()));  // Britain done
  flow.set_mode(TableMode::Companion);
  CHECK(flow.screen() == Screen::Orders);
  CHECK(flow.power() == power("China"));
  flow.set_mode(TableMode::PassAndPlay);
  CHECK(flow.screen() == Screen::Handoff);  // never straight into someone's orders
  CHECK(flow.power() == power("China"));
  CHECK(flow.is_done(power("Britain")));
}

TEST_CASE("a resumed phase counts the powers whose orders the record holds as done") {
  Game& g = new_game();
  REQUIRE(g.submit(power("Japan"), orders(g, "Japan", "F TOK H")));
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  CHECK(flow.is_done(power("Japan")));
  CHECK_FALSE(flow.is_done(power("Britain")));
  CHECK(flow.power() == power("Britain"));
}

TEST_CASE("history opens on the last phase played, steps within bounds and returns") {
  Game& g = new_game();
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  CHECK_FALSE(flow.can_open_history());
  flow.open_history();
  CHECK(flow.screen() == Screen::Handoff);
  everybody_done(flow);
  flow.continue_play(0);
  everybody_done(flow);  // 1872 movement
  REQUIRE(g.history_size() == 2);
  flow.continue_play(0);
  const Screen before = flow.screen();
  flow.open_history();
  CHECK(flow.screen() == Screen::History);
  CHECK(flow.history_index() == 1);
  flow.step_history(-5);
  CHECK(flow.history_index() == 0);
  flow.step_history(+9);
  CHECK(flow.history_index() == 1);
  flow.close_history();
  CHECK(flow.screen() == before);
}

TEST_CASE("players of several powers: the hand-off knows it is the same person") {
  GameSettings settings;
  settings.player_names[0].assign("Anna");
  settings.player_names[1].assign("Anna");
  settings.player_names[2].assign("Ben");
  Game& g = new_game(settings);
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  CHECK(flow.same_player(0, 1));
  CHECK_FALSE(flow.same_player(1, 2));
  CHECK_FALSE(flow.same_player(3, 4));  // nameless players are never the same
  CHECK_FALSE(flow.same_player(0, 0));
}

TEST_CASE("the end of the game") {
  Game& g = new_game();
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  g.end_by_agreement();
  flow.begin(g, TableMode::PassAndPlay, 0);
  CHECK(flow.screen() == Screen::GameOver);
  flow.leave_game();
  CHECK(flow.screen() == Screen::NewGame);
  CHECK_FALSE(flow.attached());
}

TEST_CASE("screen names for scripts") {
  CHECK(std::string_view(screen_name(Screen::Handoff)) == "handoff");
  CHECK(std::string_view(screen_name(Screen::NewGame)) == "new-game");
  CHECK(std::string_view(screen_name(Screen::GameOver)) == "game-over");
}

TEST_CASE("the results animation clock") {
  Playback p;
  CHECK_FALSE(p.on());
  CHECK(p.t(5) == 1.0f);
  p.start(10, 2);
  CHECK(p.t(9) == 0.0f);
  CHECK(p.t(11) == doctest::Approx(0.5f));
  CHECK(p.running(11.9));
  CHECK_FALSE(p.running(12));
  p.stop();
  CHECK(p.t(10.5) == 1.0f);
}

TEST_CASE("a player of several powers gives all their orders before the device goes on") {
  GameSettings settings;
  // Section 12.1's groups: Ben has Britain, France and Japan; Anna the rest.
  for (const char* p : {"Britain", "France", "Japan"}) settings.player_names[power(p)].assign("Ben");
  for (const char* p : {"China", "Holland", "Turkey", "Russia"}) settings.player_names[power(p)].assign("Anna");
  Game& g = new_game(settings);
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  std::vector<PowerId> order;
  while (flow.screen() == Screen::Handoff) {
    order.push_back(flow.power());
    flow.reveal();
    REQUIRE(flow.submit_done(OrderList()));
  }
  // Ben's three, then round the table to the next power (Russia) and the
  // rest of Anna's.
  const std::vector<PowerId> want = {power("Britain"), power("France"),  power("Japan"), power("Russia"),
                                     power("China"),   power("Holland"), power("Turkey")};
  CHECK(order == want);
}

TEST_CASE("a resumed phase goes on with the time it had left") {
  GameSettings settings;
  settings.timer_seconds[0] = 300;
  Game& g = new_game(settings);
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 1000);
  // The app stores the time used before every autosave.
  flow.store_time_used(1120.7);
  CHECK(g.timer_used() == 120);
  // Resumed later (another run of the app: another clock).
  TurnFlow resumed;
  resumed.begin(g, TableMode::PassAndPlay, 50);
  CHECK(resumed.seconds_left(50) == doctest::Approx(180));
  CHECK_FALSE(resumed.expired(229.5));
  CHECK(resumed.expired(230));
  // The next phase starts from full; untimed games store nothing.
  resumed.adjudicate_now();
  CHECK(g.timer_used() == 0);
  resumed.continue_play(400);
  CHECK(resumed.seconds_left(400) == doctest::Approx(300));
  GameSettings none;
  Game& g2 = new_game(none);
  TurnFlow untimed;
  untimed.begin(g2, TableMode::PassAndPlay, 0);
  untimed.store_time_used(500);
  CHECK(g2.timer_used() == 0);
}

TEST_CASE("the computer's seats are not asked: after the people, the computer's turn, then the results") {
  GameSettings settings;
  settings.computer_powers = (1u << 1) | (1u << 4);  // China and Japan
  settings.computer_level[1] = BotLevel::Easy;
  settings.computer_level[4] = BotLevel::Normal;
  Game& g = new_game(settings);
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  CHECK(flow.asked() == 0x6Du);
  CHECK(flow.computer_turn() == 0x12u);
  CHECK_FALSE(flow.computer_done(OrderList()));  // not its turn yet
  for (int i = 0; i < 5; ++i) {
    REQUIRE(flow.screen() == Screen::Handoff);
    CHECK_FALSE(flow.is_asked(1));
    flow.reveal();
    REQUIRE(flow.submit_done(OrderList()));
  }
  CHECK(flow.screen() == Screen::Computer);
  CHECK(g.history_size() == 0);  // nothing played before the computer's orders are in
  // The computer's orders (as the app's worker makes them), handed in.
  static Bot bot;
  OrderList orders, mine;
  for (PowerId p : {PowerId{1}, PowerId{4}}) {
    bot.decide(g.map(), g.position(), p, g.settings().computer_level[p], 1, mine);
    for (const Order& o : mine) orders.push_back(o);
  }
  REQUIRE(flow.computer_done(orders));
  CHECK(flow.screen() == Screen::Results);
  REQUIRE(g.history_size() == 1);
  int moved = 0;
  for (const OrderResult& r : g.history(0).results.results)
    moved +=
        (r.order.power == 1 || r.order.power == 4) && r.order.kind == OrderKind::Move && r.outcome != Outcome::NoOrder;
  CHECK(moved > 0);
}

TEST_CASE("a seat handed to the computer during the phase: the people left are asked, then the computer") {
  Game& g = new_game();
  TurnFlow flow;
  flow.begin(g, TableMode::PassAndPlay, 0);
  flow.reveal();
  REQUIRE(flow.submit_done(OrderList()));  // Britain
  CHECK(flow.power() == 1);
  // China's player leaves: the game master hands China to the computer.
  REQUIRE(g.set_computer(1, true, BotLevel::Easy));
  flow.seats_changed();
  CHECK_FALSE(flow.is_asked(1));
  CHECK(flow.computer_turn() == 0x2u);
  CHECK(flow.power() == 2);  // France's turn now
  CHECK(flow.is_done(0));    // Britain's Done stands
  for (int i = 0; i < 5; ++i) {
    flow.reveal();
    REQUIRE(flow.submit_done(OrderList()));
  }
  CHECK(flow.screen() == Screen::Computer);
  // And back to a person before the computer has answered: asked again.
  REQUIRE(g.set_computer(1, false, BotLevel::Easy));
  flow.seats_changed();
  CHECK(flow.screen() == Screen::Handoff);
  CHECK(flow.power() == 1);
}

TEST_CASE("a power in civil disorder handed to the computer plays again") {
  Game& g = new_game();
  g.surrender(3);
  CHECK_FALSE(g.is_playing(3));
  REQUIRE(g.set_computer(3, true, BotLevel::Hard));
  CHECK(g.is_playing(3));
  CHECK_FALSE(g.surrendered(3));
  CHECK(((g.settings().computer_powers >> 3) & 1u) == 1u);
  CHECK_FALSE(g.set_computer(kNoPower, true, BotLevel::Easy));
}
