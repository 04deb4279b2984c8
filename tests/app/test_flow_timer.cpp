// The phase timer's warnings (game/app/flow/timer_alerts.h): one minute
// left and time up, once each per phase, only when the minute is crossed.
#include <doctest/doctest.h>

#include "timer_alerts.h"

namespace colonial {

TEST_CASE("timer alerts: one minute and time up, once each per phase") {
  TimerAlerts a;
  using A = TimerAlerts::Alert;
  CHECK(a.update(0, 120) == A::None);  // a phase begins
  CHECK(a.update(0, 61) == A::None);
  CHECK(a.update(0, 60) == A::OneMinute);
  CHECK(a.update(0, 59) == A::None);  // once
  CHECK(a.update(0, 0.5) == A::None);
  CHECK(a.update(0, 0) == A::TimeUp);
  CHECK(a.update(0, 0) == A::None);
  // The next phase starts afresh.
  CHECK(a.update(1, 300) == A::None);
  CHECK(a.update(1, 59.9) == A::OneMinute);
  // A phase resumed inside its last minute: no minute warning, still the end.
  TimerAlerts b;
  CHECK(b.update(4, 30) == A::None);
  CHECK(b.update(4, 20) == A::None);
  CHECK(b.update(4, 0) == A::TimeUp);
}

}  // namespace colonial
