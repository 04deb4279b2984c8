// The order server's tests share a served game: the map, a game, the
// seats, the server on 127.0.0.1 and its host - `colonial-judge serve`'s own
// HeadlessTable on a thread of its own, saving the record as the judge does.
#pragma once

#include <doctest/doctest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "files.h"
#include "game.h"
#include "headless_table.h"
#include "map.h"
#include "record.h"
#include "table_host.h"

namespace colonial::server::testing {

using nlohmann::json;

inline std::string temp_dir() {
  char tmpl[] = "/tmp/colonial-server-test-XXXXXX";
  const char* d = mkdtemp(tmpl);
  REQUIRE(d);
  return d;
}

// A served game: the map, the game, the seats, the server and its host.
struct Table {
  Map map;
  Game game, scratch;
  Seats seats;
  OrderServer* server = nullptr;
  std::string dir, record;
  std::atomic<bool> stop{false};
  std::thread host;
  std::atomic<int> adjudications{0};
  std::atomic<double> skew{0};  // seconds added to the host's clock: the timer's tests move time on
  std::unique_ptr<HeadlessTable> table;
  std::mutex task_mutex;
  std::function<void(Game&)> task;  // on_host's, done by the host's thread

  // `movement_timer`: the movement phases' timer in seconds (0 untimed);
  // `languages`: what the phones' pages may speak (none: English);
  // `rules`: changes to the game's settings before it starts (a low
  // victory count, a last year).
  explicit Table(int wrong_secrets_allowed = 10, int movement_timer = 0, std::vector<PadLanguage> languages = {},
                 const std::function<void(GameSettings&)>& rules = {}) {
    MapErrors errors;
    REQUIRE(load_map(builtin_map_text("colonial"), "colonial", map, errors));
    GameSettings settings;
    settings.rules.map_options = map.default_options();
    settings.rules.calendar = Calendar::Biennial1995;
    settings.victory_colonies = 24;
    settings.timer_seconds[0] = static_cast<u16>(movement_timer);
    if (rules) rules(settings);
    game.start(map, settings);
    dir = temp_dir();
    record = dir + "/game.colonial";
    std::string error;
    REQUIRE(seats.load_or_create(record + ".seats", map.power_count(), error));
    server = new OrderServer(map, seats);
    server->set_languages(std::move(languages));
    ServerOptions o;
    o.listen = "127.0.0.1";
    o.port = 0;
    o.web_dir = std::string(COLONIAL_SOURCE_DIR) + "/assets/web/";
    o.wait_for_host_ms = 3000;
    o.wrong_secrets_allowed = wrong_secrets_allowed;
    REQUIRE_MESSAGE(server->start(o, error), error);
    HeadlessTable::Host h;
    h.now = [this] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count() + skew.load();
    };
    h.save = [this] {
      save();
      return true;
    };
    h.reload = [] {};
    h.said = [](const std::string&) {};
    h.played = [this](const char*, const char*) { ++adjudications; };
    table = std::make_unique<HeadlessTable>(game, h);
    server->publish(table_view(game, *table));
    host = std::thread([this] { run_host(); });
  }
  ~Table() {
    stop = true;
    host.join();
    server->stop();
    delete server;
    std::string cmd = "rm -rf '" + dir + "'";
    (void)std::system(cmd.c_str());
  }

  void save() {
    std::string text;
    TextSink sink{&text, [](void* c, std::string_view t) {
                    static_cast<std::string*>(c)->append(t);
                    return true;
                  }};
    REQUIRE(write_record(game, "colonial", sink));
    std::string error;
    REQUIRE(platform::save_file_atomic(record, text, error));
  }

  void run_host() {
    while (!stop) {
      {
        std::lock_guard<std::mutex> lock(task_mutex);
        if (task) {
          task(game);
          task = nullptr;
          server->publish(table->view(*server));
        }
      }
      table->pump(*server, 20);
    }
  }

  // Does `what` to the game on the host's thread, as the app's game master
  // does what the server has no route for (ending the game by agreement),
  // and returns once the table is published.
  void on_host(std::function<void(Game&)> what) {
    {
      std::lock_guard<std::mutex> lock(task_mutex);
      task = std::move(what);
    }
    for (int i = 0; i < 500; ++i) {
      {
        std::lock_guard<std::mutex> lock(task_mutex);
        if (!task) return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    FAIL("the host never did it");
  }

  std::string path(PowerId p, const char* what) const { return "/s/" + seats.secret(p) + "/" + what; }
  std::string gm(const std::string& what) const { return "/gm/" + seats.gm_secret() + "/" + what; }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", server->port());
    c.set_connection_timeout(2, 0);
    c.set_read_timeout(5, 0);
    return c;
  }
  PowerId power(const char* name) const { return map.find_power(name); }
};

inline httplib::Headers serial_header(int serial) { return {{"X-Colonial-Serial", std::to_string(serial)}}; }

// A phone's or tablet's language, as a browser asks for it.
inline const httplib::Headers kEnglish = {{"Accept-Language", "en"}};
inline const httplib::Headers kFrench = {{"Accept-Language", "fr-FR,fr;q=0.9,en;q=0.8"}};
inline const httplib::Headers kGerman = {{"Accept-Language", "de-DE"}};

// A raw connection, for what a well-behaved client never sends.
inline int connect_raw(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  return fd;
}

inline std::string read_all(int fd) {
  std::string out;
  char buf[4096];
  timeval tv{3, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  return out;
}

}  // namespace colonial::server::testing
