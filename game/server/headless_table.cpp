#include "headless_table.h"

#include "map.h"
#include "phrases.h"

namespace colonial::server {

HeadlessTable::HeadlessTable(Game& game, Host host) : game_(game), host_(std::move(host)) {
  // A restarted server goes on with the time the phase had left.
  clock_.start(host_.now(), static_cast<double>(game_.timer_used()));
}

int HeadlessTable::timer_seconds() const {
  if (game_.over()) return 0;
  return static_cast<int>(game_.settings().timer_seconds[static_cast<int>(game_.phase().kind)]);
}

int HeadlessTable::seconds_left() const {
  const int limit = timer_seconds();
  if (limit <= 0) return -1;
  const double left = clock_.left(host_.now(), limit);
  return left > 0 ? static_cast<int>(left + 0.999) : 0;
}

bool HeadlessTable::save() {
  if (timer_seconds() > 0) game_.set_timer_used(static_cast<u32>(clock_.used(host_.now())));
  return host_.save();
}

void HeadlessTable::set_done(PowerId p, bool done) {
  const u32 bit = u32{1} << p;
  done_ = done ? done_ | bit : done_ & ~bit;
}

u32 HeadlessTable::waited_for() const { return asked_powers(game_) & ~game_.settings().computer_powers; }

TableScreen HeadlessTable::screen() const {
  if (screen_ == TableScreen::Orders && game_.over()) return TableScreen::Over;
  return screen_;
}

void HeadlessTable::clock(Submission::ClockAction action) {
  switch (action) {
    case Submission::ClockAction::Start: clock_.resume(host_.now()); break;
    case Submission::ClockAction::Pause: clock_.pause(host_.now()); break;
    case Submission::ClockAction::Reset: clock_.reset(); break;
  }
}

void HeadlessTable::next() {
  screen_ = TableScreen::Orders;
  shown_ = -1;
}

void HeadlessTable::show_history(int index) {
  if (index < 0) {
    screen_ = return_screen_;
    shown_ = return_shown_;
    return;
  }
  if (screen_ != TableScreen::History) {
    return_screen_ = screen_;
    return_shown_ = shown_;
  }
  screen_ = TableScreen::History;
  shown_ = index;
}

void HeadlessTable::game_changed() {
  done_ = 0;
  without_asking_ = false;
  clock_.start(host_.now());
  game_.set_timer_used(0);
  next();
}

// The computer's seats give their orders, then the phase is played; a
// phase left with nobody but the computer to decide, or with nobody to
// decide anything (a retreat with nowhere to go), is played at once after
// it (as `colonial-judge adjudicate` does).
bool HeadlessTable::play_now(const char* why, const char* reason) {
  if (game_.over()) return false;
  do {
    without_asking_ = asked_powers(game_) == 0;
    if (game_.settings().computer_powers != 0) {
      if (!bot_) bot_ = std::make_unique<Bot>();
      play_computer_powers(game_, *bot_, static_cast<u64>(game_.history_size()));
    }
    if (!game_.adjudicate()) {
      failed_ = true;
      return false;
    }
    host_.played(why, reason);
  } while (!game_.over() && waited_for() == 0);
  done_ = 0;
  clock_.start(host_.now());
  game_.set_timer_used(0);
  screen_ = TableScreen::Results;
  shown_ = game_.history_size() - 1;
  return true;
}

SubmissionResult HeadlessTable::apply(const Submission& s) {
  SubmissionResult r = apply_submission(game_, *this, s);
  if (r.status != 0) return r;
  if (changes_record(s) && !save()) {
    // Back to what is on disk: the sender is told nothing changed.
    host_.reload();
    done_ = 0;
    next();  // whatever the screen showed may be gone with the change
    return {500, ReplyId::NotSavedOnServer};
  }
  const Map& map = game_.map();
  host_.said((s.power < map.power_count() ? std::string(map.power(s.power).name) : std::string("Game master")) + ": " +
             write_reply(r.message, map, nullptr));
  return r;
}

bool HeadlessTable::pump(OrderServer& server, int wait_ms) {
  server.apply_submissions([this](const Submission& s) { return apply(s); }, [&] { return view(server); }, wait_ms);
  const u32 waited = waited_for();
  struct Due {
    const char* why;
    const char* reason;
  };
  const Due due = game_.over()                            ? Due{nullptr, nullptr}
                  : waited != 0 && (waited & ~done_) == 0 ? Due{N_("Every power is done"), "all-done"}
                  : asked_powers(game_) == 0              ? Due{N_("Nobody has a choice"), "no-choice"}
                  : seconds_left() == 0                   ? Due{N_("Time is up"), "time-up"}
                                                          : Due{nullptr, nullptr};
  if (due.why && !(play_now(due.why, due.reason) && save())) failed_ = true;
  server.publish(view(server));
  return !failed_;
}

TableView HeadlessTable::view(const OrderServer& server) {
  return table_view(game_, *this, sentences_, server.languages());
}

}  // namespace colonial::server
