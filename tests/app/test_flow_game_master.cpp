// The turn flow under a game master at a tablet (game/server's GM seat): the
// phase timer stopped, run again and given its whole time back; a phase
// rolled back waits for the corrections instead of being played again at
// once with the orders handed back.
#include <doctest/doctest.h>

#include "legal.h"
#include "test_flow_fixture.h"
#include "turn_flow.h"

using namespace colonial;
using namespace colonial::flow_test;

TEST_CASE("the game master stops the clock, runs it again and gives the phase its whole time back") {
  GameSettings settings;
  settings.timer_seconds[0] = 300;
  Game& g = new_game(settings);
  TurnFlow flow;
  flow.begin(g, TableMode::Companion, 1000);
  CHECK(flow.clock_running());
  CHECK(flow.seconds_left(1100) == doctest::Approx(200));
  flow.pause_clock(1100);
  CHECK_FALSE(flow.clock_running());
  // Stopped, nothing goes, and it never runs out.
  CHECK(flow.seconds_left(5000) == doctest::Approx(200));
  CHECK_FALSE(flow.expired(1e9));
  flow.pause_clock(6000);  // stopping it again changes nothing
  CHECK(flow.seconds_left(7000) == doctest::Approx(200));
  flow.resume_clock(8000);
  CHECK(flow.clock_running());
  CHECK(flow.seconds_left(8050) == doctest::Approx(150));
  // The time used, as the record keeps it, counts only the running time.
  flow.store_time_used(8050);
  CHECK(g.timer_used() == 150);
  flow.reset_clock();
  CHECK_FALSE(flow.clock_running());
  CHECK(flow.seconds_left(9000) == doctest::Approx(300));
  flow.resume_clock(9000);
  CHECK_FALSE(flow.expired(9299.5));
  CHECK(flow.expired(9300));
  // The next phase starts from full, running.
  flow.adjudicate_now();
  flow.continue_play(9400);
  CHECK(flow.clock_running());
  CHECK(flow.seconds_left(9400) == doctest::Approx(300));
}

TEST_CASE("a phase rolled back waits for the game master: the orders handed back are not done") {
  Game& g = new_game();
  TurnFlow flow;
  flow.begin(g, TableMode::Companion, 0);
  // Every power gives an order: all done, the phase is played.
  for (PowerId p = 0; p < g.map().power_count(); ++p) {
    OrderList none;
    for (int i = 0; i < g.map().province_count(); ++i) {
      const Unit& u = g.position().units[i];
      if (u.present() && u.power == p) {
        Order hold;
        hold.kind = OrderKind::Hold;
        hold.power = p;
        hold.unit = u.type;
        hold.at = unit_location(g.map(), static_cast<ProvinceId>(i), u);
        none.push_back(hold);
        break;
      }
    }
    REQUIRE(flow.submit_for(p, none));
  }
  flow.adjudicate_now();
  REQUIRE(g.history_size() == 1);
  flow.continue_play(10);
  FixedString<160> why;
  REQUIRE(g.rollback(0, why));
  OrderList given;
  CHECK(g.orders_of(power("Britain"), given) == 1);  // handed back
  // Resumed as a record would be: those powers count as done and the phase
  // is played again at once...
  TurnFlow resumed;
  resumed.begin(g, TableMode::Companion, 20);
  CHECK(resumed.screen() == Screen::Results);
  // ...which a rollback must not do: back to the phase, nobody done.
  REQUIRE(g.rollback(0, why));
  flow.begin(g, TableMode::Companion, 30, false);
  CHECK(flow.screen() == Screen::Orders);
  CHECK(flow.done() == 0);
  CHECK(flow.waiting() == flow.asked());
  CHECK(g.history_size() == 0);
}
