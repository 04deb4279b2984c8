#include "phone_table.h"

#include "files.h"
#include "table_host.h"

namespace colonial {

PhoneTable::PhoneTable() = default;
PhoneTable::~PhoneTable() { stop(); }

bool PhoneTable::start(const Map& map, const std::string& listen, const std::string& seats_path, std::string& error) {
  if (running()) return true;
  if (!seats_.load_or_create(seats_path, map.power_count(), error)) return false;
  server_ = std::make_unique<server::OrderServer>(map, seats_);
  server::ServerOptions options;
  options.listen = listen;
  options.port = 8080;
  std::string searched;
  const std::string art = platform::find_asset("art/colonial_web.json", searched);
  if (!art.empty()) options.art_dir = art.substr(0, art.size() - std::string("colonial_web.json").size());
#ifdef COLONIAL_BUILD_ART_DIR
  if (art.empty()) options.art_dir = COLONIAL_BUILD_ART_DIR "/";
#endif
  if (server_->start(options, error)) return true;
  options.port = 0;  // 8080 is taken: any free port
  std::string second;
  if (server_->start(options, second)) return true;
  server_.reset();
  return false;
}

void PhoneTable::stop() {
  if (server_) server_->stop();
  server_.reset();
  last_serial_ = -1;
}

bool PhoneTable::pump(Game& game, TurnFlow& flow, int seconds_left, const std::function<bool()>& save) {
  changed_ = 0;
  if (!running()) return false;
  bool changed = false;
  u32 done = flow.done();
  auto view = [&] { return server::table_view(game, flow.done(), seconds_left); };
  server_->apply_submissions(
      [&](const server::Submission& s) {
        server::SubmissionResult r = server::apply_submission(game, s, game.history_size(), done);
        if (r.status != 0) return r;
        if (s.kind == server::Submission::Kind::Done || s.kind == server::Submission::Kind::NotDone)
          flow.set_done(s.power, s.kind == server::Submission::Kind::Done);
        else
          changed_ |= u32{1} << s.power;
        if (!save()) return server::SubmissionResult{500, "the game could not be saved on the table; try again"};
        changed = true;
        return r;
      },
      view);
  // Publish when the table changed (a phase played, someone done, a second
  // of the timer), not every frame.
  if (changed || game.history_size() != last_serial_ || flow.done() != last_done_ || seconds_left != last_seconds_) {
    server_->publish(view());
    last_serial_ = game.history_size();
    last_done_ = flow.done();
    last_seconds_ = seconds_left;
  }
  return changed;
}

}  // namespace colonial
