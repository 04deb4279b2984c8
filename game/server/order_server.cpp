#include "order_server.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <ifaddrs.h>
#include <net/if.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>

#include "files.h"
#include "legal.h"
#include "notation.h"
#include "order_sheet.h"
#include "pad_page.h"
#include "request_parts.h"
#include "web_text.h"

namespace colonial::server {

OrderSheet& read_sheet(const Map& map, const Position& position, PowerId power, std::string_view body) {
  static thread_local std::unique_ptr<OrderSheet> sheet;  // large: one per request thread
  if (!sheet) sheet = std::make_unique<OrderSheet>();
  read_order_sheet(map, position, power, body, *sheet);
  return *sheet;
}

bool read_orders(const Map& map, const TableView& view, PowerId power, std::string_view body, Submission& out,
                 Reply& errors) {
  const OrderSheet& sheet = read_sheet(map, view.position, power, body);
  for (int i = 0; i < sheet.lines.size(); ++i)
    if (sheet.lines[i].kind == SheetLineKind::Error)
      errors.then("\n", Reply(ReplyId::BadLine).line(i + 1).text(std::string(sheet.lines[i].error.message.view())));
  if (sheet.too_long) errors.then("\n", ReplyId::TooLong);
  if (!errors.empty()) return false;
  if (sheet.powers == 0) {
    errors = ReplyId::NoOrdersSent;
    return false;
  }
  sheet.orders_of(power, out.orders);
  sheet.conditions_of(power, out.conditions);
  out.draw = (sheet.draw >> power) & 1u;
  out.surrender = (sheet.surrender >> power) & 1u;
  return true;
}

void text_reply(httplib::Response& res, int status, const std::string& text) {
  res.status = status;
  res.set_content(text, "text/plain; charset=utf-8");
}

RequestLanguage::RequestLanguage(const PadLanguage* language) : language_(language) {
  if (language && language->phrases) scope_.emplace(*language->phrases);
}

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

constexpr std::size_t kMaxBody = 64 * 1024;
// Bad secrets from one address (Options::wrong_secrets_allowed) within this
// time, then 429.
constexpr auto kStrikeWindow = std::chrono::seconds(60);

// The address of this machine that phones on the same network reach: the
// first IPv4 address of an interface that is up and not the loopback.
std::string lan_address() {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return "127.0.0.1";
  std::string found;
  for (ifaddrs* a = list; a && found.empty(); a = a->ifa_next) {
    if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
    if (!(a->ifa_flags & IFF_UP) || (a->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET_ADDRSTRLEN];
    const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);
    if (inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) found = text;
  }
  freeifaddrs(list);
  return found.empty() ? "127.0.0.1" : found;
}

}  // namespace

const TableTexts& texts_in(const TableView& view, const PadLanguage* language) {
  static const TableTexts kNone;
  if (!view.texts || view.texts->empty()) return kNone;
  if (language)
    for (const TableTexts& t : *view.texts)
      if (t.language == language->code) return t;
  return view.texts->front();
}

const char* table_screen_name(TableScreen s) {
  switch (s) {
    case TableScreen::Orders: return "orders";
    case TableScreen::Results: return "results";
    case TableScreen::History: return "history";
    case TableScreen::Computer: return "computer";
    case TableScreen::Over: return "over";
  }
  return "orders";
}

// A submission waiting for its host: the phone's request thread sleeps on it.
struct OrderServer::Pending {
  Submission submission;
  SubmissionResult result;
  enum class State : u8 { Queued, Taken, Applied } state = State::Queued;
};

std::string find_web_app() {
  std::string searched;
  std::string page = platform::find_asset("web-app/index.html", searched);
#ifdef COLONIAL_BUILD_WEB_APP_DIR
  if (page.empty() && platform::file_exists(COLONIAL_BUILD_WEB_APP_DIR "/index.html"))
    page = COLONIAL_BUILD_WEB_APP_DIR "/index.html";
#endif
  return page.empty() ? std::string() : page.substr(0, page.size() - std::string("index.html").size());
}

OrderServer::OrderServer(const Map& map, Seats& seats) : map_(map), seats_(seats) {}

OrderServer::~OrderServer() { stop(); }

bool OrderServer::start(const ServerOptions& options, std::string& error) {
  if (running_) return true;
  options_ = options;
  port_ = 0;
  if (options_.web_dir.empty()) {
    std::string searched;
    const std::string page = platform::find_asset("web/pad.html", searched);
    if (page.empty()) {
      error = "the order pad's page (assets/web/pad.html) is missing; looked in " + searched;
      return false;
    }
    options_.web_dir = page.substr(0, page.size() - std::string("pad.html").size());
  }
  if (!options_.app_dir.empty() && !options_.app_dir.ends_with('/')) options_.app_dir += '/';
  std::string page_error;
  if (!options_.app_dir.empty() && !platform::file_exists(options_.app_dir + "index.html")) {
    error = "the app for the browser is not in " + options_.app_dir + " (no index.html there; ./scripts/web makes it)";
    return false;
  }
  if (!load_pad_template(options_.web_dir, page_error)) {
    error = page_error;
    return false;
  }
  if (!platform::read_file(options_.web_dir + "gm.html", gm_template_, page_error)) {
    error = "the game master's page is missing: " + page_error;
    return false;
  }
  {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    strikes_.clear();
  }
  http_ = std::make_unique<httplib::Server>();
  http_->set_payload_max_length(kMaxBody);
  http_->set_read_timeout(3, 0);  // a slow client holds a thread for 3 s at most
  http_->set_write_timeout(3, 0);
  http_->set_keep_alive_max_count(20);
  http_->set_keep_alive_timeout(5);
  // An answer's headers and body go out at once: Nagle's algorithm would
  // hold the body back for the browser's delayed acknowledgement (40 ms).
  http_->set_tcp_nodelay(true);
  routes();
  if (options_.port == 0) {
    port_ = http_->bind_to_any_port(options_.listen);
  } else {
    port_ = http_->bind_to_port(options_.listen, options_.port) ? options_.port : -1;
  }
  if (port_ <= 0) {
    port_ = -1;
    error = options_.port == 0
                ? "cannot listen on " + options_.listen + " on any port (is " + options_.listen +
                      " an address of this machine?)"
                : "cannot listen on " + options_.listen + ":" + std::to_string(options_.port) +
                      " (is the port in use, or " + options_.listen + " not an address of this machine?)";
    http_.reset();
    return false;
  }
  url_host_ = options_.url_host;
  if (url_host_.empty()) url_host_ = options_.listen == "0.0.0.0" ? lan_address() : options_.listen;
  running_ = true;
  listener_ended_ = false;
  thread_ = std::thread([this] {
    http_->listen_after_bind();
    listener_ended_ = true;
  });
  return true;
}

void OrderServer::stop() {
  if (!running_) return;
  running_ = false;
  // httplib's stop() wakes only a server already in its accept loop: one
  // stopped just after it started would otherwise block in accept() for
  // ever. So wait until the listening thread is in its loop, or has left it.
  while (!http_->is_running() && !listener_ended_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  http_->stop();
  if (thread_.joinable()) thread_.join();
  // Phones still waiting are told the table closed.
  std::lock_guard<std::mutex> lock(queue_mutex_);
  for (auto& p : queue_) {
    p->result = {503, ReplyId::ServerClosed};
    p->state = Pending::State::Applied;
  }
  queue_.clear();
  done_cv_.notify_all();
}

std::string OrderServer::url(PowerId p) const {
  return "http://" + url_host_ + ":" + std::to_string(port_) + "/s/" + seats_.secret(p) + "/";
}

std::string OrderServer::app_url() const {
  if (options_.app_dir.empty()) return {};
  return "http://" + url_host_ + ":" + std::to_string(port_) + "/app/";
}

std::string OrderServer::gm_url() const {
  return "http://" + url_host_ + ":" + std::to_string(port_) + "/gm/" + seats_.gm_secret() + "/";
}

void OrderServer::set_wake(std::function<void()> wake) {
  std::lock_guard<std::mutex> lock(queue_mutex_);
  wake_ = std::move(wake);
}

void OrderServer::publish(const TableView& view) {
  std::lock_guard<std::mutex> lock(view_mutex_);
  view_ = view;
}

TableView OrderServer::view() const {
  std::lock_guard<std::mutex> lock(view_mutex_);
  return view_;
}

OrderServer::Counters OrderServer::counters() const {
  std::lock_guard<std::mutex> lock(stats_mutex_);
  return counters_;
}

int OrderServer::apply_submissions(const std::function<SubmissionResult(const Submission&)>& apply,
                                   const std::function<TableView()>& view, int wait_ms) {
  int applied = 0;
  std::unique_lock<std::mutex> lock(queue_mutex_);
  if (wait_ms > 0 && queue_.empty())
    queue_cv_.wait_for(lock, std::chrono::milliseconds(wait_ms), [this] { return !queue_.empty() || !running_; });
  while (!queue_.empty()) {
    std::shared_ptr<Pending> p = queue_.front();
    queue_.pop_front();
    p->state = Pending::State::Taken;
    lock.unlock();
    SubmissionResult r = apply(p->submission);
    lock.lock();
    p->result = r;
    p->state = Pending::State::Applied;
    ++applied;
  }
  if (applied) {
    lock.unlock();
    publish(view());
    lock.lock();
    done_cv_.notify_all();
  }
  return applied;
}

SubmissionResult OrderServer::submit(const Submission& s) {
  auto pending = std::make_shared<Pending>();
  pending->submission = s;
  std::unique_lock<std::mutex> lock(queue_mutex_);
  queue_.push_back(pending);
  queue_cv_.notify_all();
  if (wake_) wake_();
  const auto deadline = Clock::now() + std::chrono::milliseconds(options_.wait_for_host_ms);
  while (pending->state != Pending::State::Applied) {
    if (done_cv_.wait_until(lock, deadline) == std::cv_status::timeout && pending->state == Pending::State::Queued) {
      // The host is busy (a long adjudication, a dialog): withdraw it, so a
      // late apply never changes what the phone was told was not saved.
      for (auto it = queue_.begin(); it != queue_.end(); ++it)
        if (*it == pending) {
          queue_.erase(it);
          break;
        }
      return {503, ReplyId::Busy};
    }
  }
  lock.unlock();
  std::lock_guard<std::mutex> stats(stats_mutex_);
  ++counters_.submissions;
  return pending->result;
}

void OrderServer::handle_submission(const Submission& s, httplib::Response& res, const PadLanguage* language) {
  const SubmissionResult r = submit(s);
  const Reply& said = r.status == 0 && r.message.empty() ? Reply(ReplyId::Saved) : r.message;
  text_reply(res, r.status != 0 ? r.status : 200, write_reply(said, map_, language) + "\n");
}

void OrderServer::reply(const httplib::Request& req, httplib::Response& res, int status, const Reply& reply) const {
  text_reply(res, status, write_reply(reply, map_, language_of(req)) + "\n");
}

bool OrderServer::throttled(const httplib::Request& req, httplib::Response& res) {
  std::lock_guard<std::mutex> lock(stats_mutex_);
  auto it = strikes_.find(req.remote_addr);
  if (it != strikes_.end() && Clock::now() - it->second.first > kStrikeWindow) strikes_.erase(it), it = strikes_.end();
  if (it == strikes_.end() || it->second.count < options_.wrong_secrets_allowed) return false;
  ++counters_.throttled;
  res.set_header("Retry-After", "60");
  reply(req, res, 429, ReplyId::TooManyWrong);
  return true;
}

void OrderServer::refuse_secret(const httplib::Request& req, httplib::Response& res) {
  {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    ++counters_.refused_secret;
    // A bounded table: a flood of addresses cannot grow it without end.
    if (strikes_.size() > 4096) strikes_.clear();
    Strikes& s = strikes_[req.remote_addr];
    if (s.count == 0) s.first = Clock::now();
    ++s.count;
  }
  reply(req, res, 403, ReplyId::Forbidden);
}

bool OrderServer::authorise(const httplib::Request& req, httplib::Response& res, PowerId& power) {
  if (throttled(req, res)) return false;
  power = req.matches.size() > 1 ? seats_.power_of(req.matches[1].str()) : kNoPower;
  if (power != kNoPower) return true;
  refuse_secret(req, res);
  return false;
}

bool OrderServer::authorise_gm(const httplib::Request& req, httplib::Response& res) {
  if (throttled(req, res)) return false;
  if (req.matches.size() > 1 && seats_.is_gm(req.matches[1].str())) return true;
  refuse_secret(req, res);
  return false;
}

void OrderServer::serve_file(const std::string& dir, const std::string& name, const char* type,
                             const httplib::Request& req, httplib::Response& res) {
  std::string data, error;
  if (dir.empty() || !platform::read_file(dir + name, data, error)) return reply(req, res, 404, ReplyId::NotHere);
  res.set_header("Cache-Control", "max-age=3600");
  res.set_content(data, type);
}

const PadLanguage* OrderServer::language_of(const httplib::Request& req) const {
  if (languages_.empty()) return nullptr;
  return &languages_[pick_language(req.get_header_value("Accept-Language"), languages_)];
}

void OrderServer::handle_post_orders(const httplib::Request& req, httplib::Response& res, PowerId power, bool form) {
  const RequestLanguage language(language_of(req));
  TableView view = this->view();
  std::string body = req.body;
  std::string serial_text = req.get_header_value("X-Colonial-Serial");
  std::string action = "save";
  if (form) {
    body = req.get_param_value("orders");
    serial_text = req.get_param_value("serial");
    action = req.get_param_value("action");
  }
  auto refuse = [&](int status, const Reply& why) {
    const std::string message = write_reply(why, map_, language.get()) + "\n";
    if (form) {
      res.status = status;
      res.set_content(render_pad_page(map_, view, power, seats_.secret(power), body, message, true, language.get()),
                      "text/html; charset=utf-8");
    } else {
      text_reply(res, status, message);
    }
  };
  if (view.over) return refuse(409, ReplyId::GameOverNoOrders);
  if (!(view.asked >> power & 1u)) return refuse(409, Reply(ReplyId::NoOrdersIn).phase(view.position.phase));
  if (!serial_text.empty() && serial_text != std::to_string(view.serial))
    return refuse(409, Reply(ReplyId::PhaseMovedOnOrders).phase(view.position.phase));
  Submission s;
  s.power = power;
  s.serial = view.serial;
  if (form && action == "done") {
    s.kind = Submission::Kind::Done;
  } else if (form && action == "not-done") {
    s.kind = Submission::Kind::NotDone;
  }
  if (s.kind == Submission::Kind::Orders) {
    Reply errors;
    if (!read_orders(map_, view, power, body, s, errors)) return refuse(400, errors.then("\n", ReplyId::NothingSaved));
  }
  if (!form) return handle_submission(s, res, language.get());
  httplib::Response inner;
  handle_submission(s, inner, language.get());
  view = this->view();
  res.status = inner.status;
  res.set_content(render_pad_page(map_, view, power, seats_.secret(power), {}, inner.body, false, language.get()),
                  "text/html; charset=utf-8");
}

// The app for the browser, a static folder, at /app/: its files with the
// types browsers insist on (a WebAssembly module is compiled while it loads
// only when it comes as application/wasm), the page and its service worker
// revalidated on every visit so that a new version replaces the old one.
// httplib's mount point refuses paths that climb out of the folder.
void OrderServer::web_app_routes() {
  httplib::Server& h = *http_;
  if (options_.app_dir.empty()) {
    h.Get(R"(/app(/.*)?)",
          [this](const httplib::Request& req, httplib::Response& res) { reply(req, res, 404, ReplyId::NoWebApp); });
    return;
  }
  for (const auto& [extension, type] : {std::pair{"wasm", "application/wasm"},
                                        {"js", "text/javascript"},
                                        {"data", "application/octet-stream"},
                                        {"webmanifest", "application/manifest+json"},
                                        {"html", "text/html; charset=utf-8"},
                                        {"png", "image/png"},
                                        {"svg", "image/svg+xml"}})
    h.set_file_extension_and_mimetype_mapping(extension, type);
  h.Get("/app", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/app/"); });
  h.set_mount_point("/app/", options_.app_dir);
  h.set_file_request_handler([](const httplib::Request& req, httplib::Response& res) {
    const bool page = req.path.ends_with("/") || req.path.ends_with(".html") || req.path.ends_with("sw.js") ||
                      req.path.ends_with(".webmanifest");
    res.set_header("Cache-Control", page ? "no-cache" : "max-age=3600");
  });
}

void OrderServer::routes() {
  httplib::Server& h = *http_;
  h.set_pre_routing_handler([this](const httplib::Request&, httplib::Response& res) {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    ++counters_.requests;
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Referrer-Policy", "no-referrer");  // the secret never leaves in a Referer
    return httplib::Server::HandlerResponse::Unhandled;
  });
  // The front page, in the language the browser asks for (else the table's).
  h.Get("/", [this](const httplib::Request& req, httplib::Response& res) {
    const PadLanguage* language = language_of(req);
    res.set_content("<!doctype html><html lang=\"" + page_language(language) +
                        "\"><meta charset=utf-8><meta name=viewport content='width=device-width'>"
                        "<title>Colonial</title><p>" +
                        html_escape(write_reply(ReplyId::FrontPage, map_, language)),
                    "text/html; charset=utf-8");
  });
  web_app_routes();
  // Browsers ask for it on every page; there is none.
  h.Get("/favicon.ico", [](const httplib::Request&, httplib::Response& res) { res.status = 204; });
  h.Get(R"(/static/(pad\.js|pad\.css|board\.js|board\.css|gm\.js|gm\.css))",
        [this](const httplib::Request& req, httplib::Response& res) {
          const std::string name = req.matches[1].str();
          serve_file(options_.web_dir, name, name.ends_with(".js") ? "text/javascript" : "text/css", req, res);
        });
  h.Get(R"(/static/board\.(png|json))", [this](const httplib::Request& req, httplib::Response& res) {
    const bool png = req.matches[1].str() == "png";
    serve_file(options_.art_dir, png ? "colonial_web_board.png" : "colonial_web.json",
               png ? "image/png" : "application/json", req, res);
  });
  // The powers' colours in each palette: the pages draw with the app's.
  h.Get("/static/palettes.json", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(palettes_json(map_), "application/json");
  });
  h.Get(R"(/static/ids\.png)", [this](const httplib::Request& req, httplib::Response& res) {
    serve_file(options_.art_dir, "colonial_web_ids.png", "image/png", req, res);
  });

  const char* kSeat = R"(/s/([^/]*)/(.*))";
  h.Get(kSeat, [this](const httplib::Request& req, httplib::Response& res) {
    PowerId power;
    if (!authorise(req, res, power)) return;
    const std::string what = req.matches[2].str();
    const TableView view = this->view();
    const RequestLanguage language(language_of(req));
    if (what.empty()) {
      res.set_content(render_pad_page(map_, view, power, seats_.secret(power), {}, {}, false, language.get()),
                      "text/html; charset=utf-8");
    } else if (what == "orders") {
      text_reply(res, 200, orders_text(map_, view, power));
    } else if (what == "state") {
      res.set_content(state_json(map_, view, power, language.get()), "application/json");
    } else if (what == "legal") {
      res.set_content(legal_json(map_, view, power), "application/json");
    } else {
      reply(req, res, 404, ReplyId::NoSuchSeatPage);
    }
  });
  h.Post(kSeat, [this](const httplib::Request& req, httplib::Response& res) {
    PowerId power;
    if (!authorise(req, res, power)) return;
    const std::string what = req.matches[2].str();
    if (what == "orders") return handle_post_orders(req, res, power, false);
    if (what == "form") return handle_post_orders(req, res, power, true);
    if (what == "done") {
      const TableView view = this->view();
      const std::string body = req.body;
      Submission s;
      s.power = power;
      s.serial = view.serial;
      const std::string serial = req.get_header_value("X-Colonial-Serial");
      if (!serial.empty() && serial != std::to_string(view.serial))
        return reply(req, res, 409, Reply(ReplyId::PhaseMovedOnReload).phase(view.position.phase));
      if (body.starts_with("done") || body.starts_with("yes"))
        s.kind = Submission::Kind::Done;
      else if (body.starts_with("not") || body.starts_with("no"))
        s.kind = Submission::Kind::NotDone;
      else
        return reply(req, res, 400, ReplyId::SendDone);
      if (view.over) return reply(req, res, 409, ReplyId::GameOverNoOrders);
      if (!(view.asked >> power & 1u))
        return reply(req, res, 409, Reply(ReplyId::NoOrdersIn).phase(view.position.phase));
      return handle_submission(s, res, language_of(req));
    }
    reply(req, res, 404, ReplyId::NoSuchSeatAddress);
  });
  h.Delete(kSeat, [this](const httplib::Request& req, httplib::Response& res) {
    PowerId power;
    if (!authorise(req, res, power)) return;
    if (req.matches[2].str() != "orders") return reply(req, res, 404, ReplyId::OnlyOrdersDeleted);
    const TableView view = this->view();
    if (view.over) return reply(req, res, 409, ReplyId::GameOverNoOrders);
    if (!(view.asked >> power & 1u)) return reply(req, res, 409, Reply(ReplyId::NoOrdersIn).phase(view.position.phase));
    Submission s;
    s.kind = Submission::Kind::Clear;
    s.power = power;
    s.serial = view.serial;
    handle_submission(s, res, language_of(req));
  });
  gm_routes();
  h.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (res.body.empty())
      reply(req, res, res.status,
            res.status == 413   ? ReplyId::TooLarge
            : res.status == 400 ? ReplyId::Unreadable
                                : ReplyId::NotHere);
  });
}

}  // namespace colonial::server
