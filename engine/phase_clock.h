// The phase timer's clock (GameSettings::timer_seconds): how much of the
// phase's time is used, running or stopped by the game master. Shared by
// the app's turn flow and `colonial-judge serve`, so that both count, pause
// and reset the time the same way. No clock of its own: times are seconds
// passed in by the caller (the app's clock, a test's numbers).
#pragma once

namespace colonial {

class PhaseClock {
 public:
  // A phase begins (or goes on) with `used` seconds already gone, running.
  void start(double now, double used = 0) {
    used_ = used > 0 ? used : 0;
    since_ = now;
    running_ = true;
  }
  // Stops the clock where it is; nothing when it is stopped already.
  void pause(double now) {
    if (!running_) return;
    used_ = used(now);
    running_ = false;
  }
  // Runs the clock again from where it stopped.
  void resume(double now) {
    if (running_) return;
    since_ = now;
    running_ = true;
  }
  // The whole time again, stopped until resumed (a game master's reset:
  // the table starts the clock when it is ready).
  void reset() {
    used_ = 0;
    running_ = false;
  }
  bool running() const { return running_; }
  // Seconds of the phase's time used by `now`.
  double used(double now) const {
    const double run = running_ && now > since_ ? now - since_ : 0;
    return used_ + run;
  }
  // Seconds left of `limit` by `now`, never below 0.
  double left(double now, double limit) const {
    const double l = limit - used(now);
    return l > 0 ? l : 0;
  }

 private:
  double used_ = 0;   // seconds used up to since_
  double since_ = 0;  // when the clock last started running
  bool running_ = true;
};

}  // namespace colonial
