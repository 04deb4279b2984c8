// The phase timer's clock (engine/phase_clock.h): time used while running,
// stopped where it is, run again, reset to the whole time.
#include <doctest/doctest.h>

#include "phase_clock.h"

using namespace colonial;

TEST_CASE("the phase clock counts running time only") {
  PhaseClock c;
  c.start(100, 30);  // a phase resumed with 30 s gone
  CHECK(c.running());
  CHECK(c.used(100) == doctest::Approx(30));
  CHECK(c.used(110) == doctest::Approx(40));
  CHECK(c.left(110, 60) == doctest::Approx(20));
  CHECK(c.left(500, 60) == 0);  // never below 0
  c.pause(120);
  CHECK_FALSE(c.running());
  CHECK(c.used(1000) == doctest::Approx(50));
  c.pause(2000);  // twice: nothing more
  CHECK(c.used(3000) == doctest::Approx(50));
  c.resume(3000);
  c.resume(3005);  // running already: it keeps its start
  CHECK(c.used(3010) == doctest::Approx(60));
  c.reset();
  CHECK_FALSE(c.running());
  CHECK(c.used(4000) == 0);
  CHECK(c.left(4000, 60) == doctest::Approx(60));
  // A clock that went backwards (another run's clock) counts nothing.
  c.start(50);
  CHECK(c.used(40) == 0);
}
