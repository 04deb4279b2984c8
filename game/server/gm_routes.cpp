// The game master's routes (docs/ORDER-SERVER.md): /gm/SECRET/..., open
// only to the game master's secret while the seat is on. The game master
// sees every power's orders and runs the table; everything that changes
// the game goes to the host as a Submission, as the phones' orders do.
#include <httplib.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdlib>

#include "gm_page.h"
#include "order_server.h"
#include "pad_page.h"
#include "request_parts.h"
#include "web_text.h"

namespace colonial::server {

namespace {

// The body as a command: trimmed, lower case, runs of spaces as one.
std::string command_of(const std::string& body) {
  std::string out;
  for (char c : body) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// "show 12" -> 11 (the history index); -2 when it is not that.
int shown_phase(const std::string& command) {
  if (!command.starts_with("show ")) return -2;
  const std::string number = command.substr(5);
  char* end = nullptr;
  const long n = std::strtol(number.c_str(), &end, 10);
  if (number.empty() || *end || n < 1 || n > 100000) return -2;
  return static_cast<int>(n - 1);
}

SubmissionResult refusal(int status, Reply message) { return {status, std::move(message)}; }

// The power a request names (?power=Britain), or kNoPower with `refused`.
PowerId named_power(const Map& map, const httplib::Request& req, SubmissionResult& refused) {
  const std::string name = req.get_param_value("power");
  const PowerId p = name.empty() ? kNoPower : map.find_power(name);
  if (p == kNoPower || p >= map.power_count())
    refused = refusal(400, name.empty() ? Reply(ReplyId::SayWhose) : Reply(ReplyId::NoPowerNamed).text(name));
  return p;
}

}  // namespace

std::string OrderServer::gm_state(const TableView& view, const std::string& since, const PadLanguage* language) {
  std::string body = gm_state_json(map_, view, language);
  // One state kept per language offered; versions are counted across them,
  // so no two states share one.
  const std::size_t slot = language && !languages_.empty() ? static_cast<std::size_t>(language - languages_.data()) : 0;
  assert(slot < std::max<std::size_t>(languages_.size(), 1));
  long version = 0;
  {
    std::lock_guard<std::mutex> lock(gm_mutex_);
    if (gm_sent_.size() <= slot) gm_sent_.resize(slot + 1);
    GmSent& sent = gm_sent_[slot];
    if (body != sent.body) {
      sent.body = body;
      sent.version = ++gm_versions_;
    }
    version = sent.version;
  }
  const std::string head = "{\"v\":" + std::to_string(version) + ",\"timer\":" + gm_timer_json(view);
  // Nothing new since the tablet's last look: the version and the clock.
  if (since == std::to_string(version)) return head + ",\"same\":true}";
  return head + "," + body.substr(1);
}

bool OrderServer::gm_submission(const httplib::Request& req, const std::string& what, const TableView& view,
                                Submission& s, SubmissionResult& refused) {
  const std::string serial = req.get_header_value("X-Colonial-Serial");
  if (serial.empty() && (what == "play" || what == "rollback")) {
    refused = refusal(400, Reply(ReplyId::SendSerial).text(what));
    return false;
  }
  if (!serial.empty() && serial != std::to_string(view.serial)) {
    refused = refusal(409, Reply(ReplyId::PhaseMovedOnChanged).phase(view.position.phase));
    return false;
  }
  s.serial = view.serial;
  const std::string command = command_of(req.body);
  if (what == "orders" || what == "done") {
    s.power = named_power(map_, req, refused);
    if (s.power == kNoPower) return false;
    if (view.over) {
      refused = refusal(409, ReplyId::GameOverNoOrders);
      return false;
    }
    if (!((view.asked >> s.power) & 1u)) {
      refused = refusal(409, Reply(ReplyId::PowerNoOrdersIn).power(s.power).phase(view.position.phase));
      return false;
    }
    if (req.method == "DELETE") {
      s.kind = Submission::Kind::Clear;
      return true;
    }
    if (what == "done") {
      s.kind = command == "done" ? Submission::Kind::Done : Submission::Kind::NotDone;
      if (command == "done" || command == "not done") return true;
      refused = refusal(400, ReplyId::SendDone);
      return false;
    }
    Reply errors;
    if (read_orders(map_, view, s.power, req.body, s, errors)) return true;
    refused = refusal(400, errors.then("\n", ReplyId::NothingSaved));
    return false;
  }
  return gm_command(what, command, s, refused);
}

// The table's commands: the timer, play, next, history, rollback.
bool OrderServer::gm_command(const std::string& what, const std::string& command, Submission& s,
                             SubmissionResult& refused) {
  using K = Submission::Kind;
  using C = Submission::ClockAction;
  struct Word {
    const char* route;
    const char* body;
    K kind;
    C clock;
    bool anyway;
  };
  static constexpr Word kWords[] = {
      {"timer", "start", K::Clock, C::Start, false},     {"timer", "pause", K::Clock, C::Pause, false},
      {"timer", "reset", K::Clock, C::Reset, false},     {"play", "play", K::Play, C::Start, false},
      {"play", "play anyway", K::Play, C::Start, true},  {"next", "next", K::Next, C::Start, false},
      {"history", "close", K::History, C::Start, false}, {"rollback", "roll back", K::Rollback, C::Start, false},
  };
  bool route = false;
  for (const Word& w : kWords) {
    if (what != w.route) continue;
    route = true;
    if (command != w.body) continue;
    s.kind = w.kind;
    s.clock = w.clock;
    s.anyway = w.anyway;
    s.history = -1;
    return true;
  }
  if (what == "history" && shown_phase(command) >= 0) {
    s.kind = K::History;
    s.history = shown_phase(command);
    return true;
  }
  if (!route) {
    refused = refusal(404, ReplyId::NoGmAddress);
    return false;
  }
  std::string words;
  for (const Word& w : kWords)
    if (what == w.route) words += std::string(words.empty() ? "" : ", ") + "\"" + w.body + "\"";
  if (what == "history") words += ", \"show N\" (N >= 1)";
  refused = refusal(400, Reply(ReplyId::SendCommands).text(words));
  return false;
}

void OrderServer::handle_gm_post(const httplib::Request& req, httplib::Response& res, const std::string& what) {
  const RequestLanguage language(language_of(req));
  const TableView view = this->view();
  if (what == "sheet") return handle_gm_sheet(req, res, view);
  Submission s;
  SubmissionResult refused;
  if (!gm_submission(req, what, view, s, refused)) return reply(req, res, refused.status, refused.message);
  const SubmissionResult r = submit(s);
  if (r.question) res.set_header("X-Colonial-Question", "play anyway");
  reply(req, res, r.status == 0 ? 200 : r.status, r.message.empty() ? Reply(ReplyId::Done) : r.message);
}

// An order sheet: ?check reads it and says what each line is; otherwise its
// orders are taken - all of them, or with ?bad=leave-out the good lines
// only - and their powers marked done. Always answered with the lines.
void OrderServer::handle_gm_sheet(const httplib::Request& req, httplib::Response& res, const TableView& view) {
  const OrderSheet& sheet = read_sheet(map_, view.position, kNoPower, req.body);
  auto answer = [&](int status, const Reply& message) {
    res.status = status;
    const PadLanguage* language = language_of(req);
    res.set_content(sheet_json(map_, sheet, write_reply(message, map_, language), language), "application/json");
  };
  if (req.has_param("check")) return answer(200, {});
  const std::string serial = req.get_header_value("X-Colonial-Serial");
  if (!serial.empty() && serial != std::to_string(view.serial))
    return answer(409, Reply(ReplyId::SheetPhaseMovedOn).phase(view.position.phase));
  if (view.over) return answer(409, ReplyId::GameOverNoOrders);
  if (sheet.too_long) return answer(400, ReplyId::SheetTooLong);
  if (sheet.powers == 0) return answer(400, ReplyId::SheetEmpty);
  if (sheet.errors > 0 && req.get_param_value("bad") != "leave-out")
    return answer(400, Reply(CountedReplyId::SheetErrors, sheet.errors));
  Submission s;
  s.kind = Submission::Kind::Sheet;
  s.serial = view.serial;
  s.powers = sheet.powers;
  s.orders = sheet.orders;
  s.conditions = sheet.conditions;
  s.draws = sheet.draw;
  s.surrenders = sheet.surrender;
  const SubmissionResult r = submit(s);
  answer(r.status == 0 ? 200 : r.status, r.message);
}

void OrderServer::gm_routes() {
  httplib::Server& h = *http_;
  const char* kGm = R"(/gm/([^/]*)/(.*))";
  h.Get(kGm, [this](const httplib::Request& req, httplib::Response& res) {
    if (!authorise_gm(req, res)) return;
    const std::string what = req.matches[2].str();
    const TableView view = this->view();
    const RequestLanguage language(language_of(req));
    SubmissionResult refused;
    if (what.empty()) {
      res.set_content(render_gm_page(gm_template_, language.get()), "text/html; charset=utf-8");
      res.set_header("Cache-Control", "no-store");  // the page's address is the secret
    } else if (what == "state") {
      res.set_content(gm_state(view, req.get_param_value("since"), language.get()), "application/json");
    } else if (what == "phase") {
      const std::string& shown = texts_in(view, language.get()).shown_json;
      if (shown.empty()) return reply(req, res, 404, ReplyId::NoPhaseShown);
      res.set_content(shown, "application/json");
    } else if (what == "legal" || what == "orders") {
      const PowerId p = named_power(map_, req, refused);
      if (p == kNoPower) return reply(req, res, refused.status, refused.message);
      if (what == "legal") return res.set_content(legal_json(map_, view, p), "application/json");
      text_reply(res, 200, orders_text(map_, view, p));
    } else {
      reply(req, res, 404, ReplyId::NoGmPage);
    }
  });
  h.Post(kGm, [this](const httplib::Request& req, httplib::Response& res) {
    if (authorise_gm(req, res)) handle_gm_post(req, res, req.matches[2].str());
  });
  h.Delete(kGm, [this](const httplib::Request& req, httplib::Response& res) {
    if (!authorise_gm(req, res)) return;
    if (req.matches[2].str() != "orders") return reply(req, res, 404, ReplyId::OnlyOrdersDeleted);
    handle_gm_post(req, res, "orders");
  });
}

}  // namespace colonial::server
