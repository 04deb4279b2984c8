// TimerWarnings: the phase timer's warnings heard at the table - a tone and
// a line in the log when one minute is left and when time is up (the
// countdown over the board shows the same). Once each per phase
// (TimerAlerts decides when); the players may turn the sound off (menu).
#pragma once

#include "sound.h"
#include "timer_alerts.h"
#include "turn_flow.h"

namespace colonial {

class TimerWarnings {
 public:
  // Each frame: the flow's timer (a timed phase on the hand-off or orders
  // screen) at `now`; `phase` changes when the phase does.
  void update(const TurnFlow& flow, int phase, double now);
  bool& sound_on() { return sound_on_; }

 private:
  platform::Sound sound_;
  TimerAlerts alerts_;
  bool sound_on_ = true;
};

}  // namespace colonial
