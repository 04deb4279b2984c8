#include "phone_table.h"

#include "files.h"
#include "phone_languages.h"
#include "table_host.h"

namespace colonial {

namespace {

// The app's side of the table, for the server's rules (table_host.h): the
// turn flow holds who is done, the clock and the screen.
class FlowTable final : public server::TableControls {
 public:
  FlowTable(TurnFlow& flow, double now, const PhoneTable::Actions& actions)
      : flow_(flow), now_(now), actions_(actions) {}
  u32 done() const override { return flow_.done(); }
  void set_done(PowerId p, bool done) override { flow_.set_done(p, done); }
  u32 waited_for() const override { return flow_.asked(); }
  server::TableScreen screen() const override {
    switch (flow_.screen()) {
      case Screen::Results: return server::TableScreen::Results;
      case Screen::History: return server::TableScreen::History;
      case Screen::Computer: return server::TableScreen::Computer;
      case Screen::GameOver:
      case Screen::NewGame: return server::TableScreen::Over;
      default: return server::TableScreen::Orders;
    }
  }
  int shown() const override {
    return flow_.screen() == Screen::Results   ? flow_.shown_phase()
           : flow_.screen() == Screen::History ? flow_.history_index()
                                               : -1;
  }
  // The clock runs while orders are given (the app starts it afresh when
  // the next phase begins after the results).
  int seconds_left() const override {
    if (!flow_.timed() || screen() != server::TableScreen::Orders) return -1;
    return static_cast<int>(flow_.seconds_left(now_) + 0.999);
  }
  bool clock_running() const override { return flow_.clock_running(); }
  void clock(server::Submission::ClockAction action) override {
    switch (action) {
      case server::Submission::ClockAction::Start: flow_.resume_clock(now_); break;
      case server::Submission::ClockAction::Pause: flow_.pause_clock(now_); break;
      case server::Submission::ClockAction::Reset: flow_.reset_clock(); break;
    }
  }
  void play() override { actions_.play(); }
  void next() override { flow_.continue_play(now_); }
  void show_history(int index) override {
    if (index < 0) return flow_.close_history();
    flow_.open_history();
    flow_.step_history(index - flow_.history_index());
  }
  void game_changed() override { actions_.game_changed(); }
  bool last_played_without_asking() const override { return flow_.shown_was_forced(); }

 private:
  TurnFlow& flow_;
  double now_;
  const PhoneTable::Actions& actions_;
};

}  // namespace

PhoneTable::PhoneTable() = default;
PhoneTable::~PhoneTable() { stop(); }

bool PhoneTable::start(const Map& map, const std::string& listen, const std::string& seats_path,
                       std::function<void()> wake, std::string& error) {
  if (running()) return true;
  if (!seats_.load_or_create(seats_path, map.power_count(), error)) return false;
  server_ = std::make_unique<server::OrderServer>(map, seats_);
  server_->set_wake(std::move(wake));
  server_->set_languages(server::phone_languages());
  server::ServerOptions options;
  options.listen = listen;
  options.port = 8080;
  std::string searched;
  const std::string art = platform::find_asset("art/colonial_web.json", searched);
  if (!art.empty()) options.art_dir = art.substr(0, art.size() - std::string("colonial_web.json").size());
#ifdef COLONIAL_BUILD_ART_DIR
  if (art.empty()) options.art_dir = COLONIAL_BUILD_ART_DIR "/";
#endif
  options.app_dir = server::find_web_app();
  if (server_->start(options, error)) return true;
  if (server_->port() >= 0) {  // not for want of a port (the page is missing...)
    server_.reset();
    return false;
  }
  options.port = 0;  // 8080 is taken: any free port
  if (server_->start(options, error)) return true;
  if (server_->port() < 0)
    error = "cannot listen on " + listen + ", neither on port 8080 nor on any free port (is " + listen +
            " an address of this device? --phones-listen chooses another)";
  server_.reset();
  return false;
}

void PhoneTable::stop() {
  if (server_) server_->stop();
  server_.reset();
  last_ = Shown{};
}

bool PhoneTable::pump(Game& game, TurnFlow& flow, double now, const std::function<bool()>& save,
                      const Actions& actions) {
  changed_ = 0;
  if (!running()) return false;
  bool changed = false;
  FlowTable table(flow, now, actions);
  auto view = [&] { return server::table_view(game, table, sentences_, server_->languages()); };
  server_->apply_submissions(
      [&](const server::Submission& s) {
        server::SubmissionResult r = server::apply_submission(game, table, s);
        if (r.status != 0) return r;
        using K = server::Submission::Kind;
        if (s.kind == K::Orders || s.kind == K::Clear) changed_ |= u32{1} << s.power;
        if (s.kind == K::Sheet) changed_ |= s.powers;
        if (!save()) return server::SubmissionResult{500, server::ReplyId::NotSavedOnTable};
        changed = true;
        return r;
      },
      view);
  // Publish when the table changed (a phase played, someone done, a second
  // of the timer, the screen), not every frame.
  const Shown shown{server::phase_serial(game), flow.done(), table.seconds_left(), table.screen(), table.shown(),
                    flow.clock_running()};
  if (!changed && !(shown == last_)) server_->publish(view());  // else published with the answers
  last_ = shown;
  return changed;
}

}  // namespace colonial
