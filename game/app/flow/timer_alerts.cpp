#include "timer_alerts.h"

namespace colonial {

TimerAlerts::Alert TimerAlerts::update(int phase, double seconds_left) {
  if (phase != phase_) {
    phase_ = phase;
    last_ = seconds_left;
    minute_done_ = seconds_left <= 60;
    zero_done_ = seconds_left <= 0;
    return Alert::None;
  }
  const double before = last_;
  last_ = seconds_left;
  if (!zero_done_ && seconds_left <= 0) {
    zero_done_ = minute_done_ = true;
    return Alert::TimeUp;
  }
  if (!minute_done_ && before > 60 && seconds_left <= 60) {
    minute_done_ = true;
    return Alert::OneMinute;
  }
  return Alert::None;
}

}  // namespace colonial
