// The phase timer's warnings for the table: a sound and a word when one
// minute is left and when time is up, once each per phase. Plain state
// (tests/app), no clock or sound of its own.
#pragma once

namespace colonial {

class TimerAlerts {
 public:
  enum class Alert { None, OneMinute, TimeUp };
  // Called every frame with the phase (a number that changes when the phase
  // does) and the seconds left; says which warning is due now, if any. The
  // one-minute warning sounds only when the minute is crossed, not for a
  // phase that starts with less (or a game resumed inside the last minute).
  Alert update(int phase, double seconds_left);

 private:
  int phase_ = -1;
  double last_ = -1;
  bool minute_done_ = false;
  bool zero_done_ = false;
};

}  // namespace colonial
