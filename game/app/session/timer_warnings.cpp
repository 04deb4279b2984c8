#include "timer_warnings.h"

#include <cstdio>
#include <string>

#include "event_line.h"

namespace colonial {

void TimerWarnings::update(const TurnFlow& flow, int phase, double now) {
  if (!flow.attached() || !flow.timed() || (flow.screen() != Screen::Handoff && flow.screen() != Screen::Orders))
    return;
  const TimerAlerts::Alert alert = alerts_.update(phase, flow.seconds_left(now));
  if (alert == TimerAlerts::Alert::None) return;
  const bool minute = alert == TimerAlerts::Alert::OneMinute;
  std::printf("colonial: timer: %s\n", minute ? "one minute left" : "time is up");
  text::emit_event("timer", {{"alert", minute ? "one-minute" : "time-up"}});
  std::string error;
  // A higher, shorter tone for the minute; a longer, lower one at the end.
  if (sound_on_ && !sound_.tone(minute ? 880.0f : 660.0f, minute ? 250 : 700, 0.6f, error) && !error.empty())
    std::fprintf(stderr, "colonial: %s\n", error.c_str());
}

}  // namespace colonial
