// daide_test_client: our DAIDE test client (test_client.h) on a socket, for
// the end-to-end tests of `colonial-judge daide` and `tournament
// --vs-daide`. It connects to 127.0.0.1 (or --host), plays until the
// server says OFF, and exits 0 when nothing went wrong, 1 when something
// did (each problem printed), 3 when --timeout passed first.
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "test_client.h"

using namespace colonial::daide;
using namespace colonial::daide::testing;

namespace {

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int connect_to(const std::string& host, const std::string& port) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), port.c_str(), &hints, &found) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  return fd;
}

bool send_all(int fd, const Bytes& b) {
  std::size_t sent = 0;
  while (sent < b.size()) {
    const ssize_t n = send(fd, b.data() + sent, b.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

// Keeps one core busy for `seconds` without reading anything.
void spin(double seconds) {
  volatile unsigned long x = 0;
  const double until = seconds_now() + seconds;
  while (seconds_now() < until)
    for (int i = 0; i < 100000; ++i) x = x + static_cast<unsigned long>(i);
}

struct Options {
  std::string host = "127.0.0.1", port = "16713";
  ClientPlan plan;
  bool rejoin = false;
  double spin_seconds = 0, timeout = 600;
};

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool more = i + 1 < argc;
    if (a == "--host" && more)
      o.host = argv[++i];
    else if (a == "--port" && more)
      o.port = argv[++i];
    else if (a == "--name" && more)
      o.plan.name = argv[++i];
    else if (a == "--seed" && more)
      o.plan.seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--silent")
      o.plan.misbehaviour = Misbehaviour::Silent;
    else if (a == "--partial")
      o.plan.misbehaviour = Misbehaviour::Partial;
    else if (a == "--garbage")
      o.plan.misbehaviour = Misbehaviour::Garbage;
    else if (a == "--waive-only")
      o.plan.misbehaviour = Misbehaviour::WaiveOnly;
    else if (a == "--spin" && more) {
      o.plan.misbehaviour = Misbehaviour::Spin;
      o.spin_seconds = std::atof(argv[++i]);
    } else if (a == "--leave-after" && more)
      o.plan.leave_after = std::atoi(argv[++i]);
    else if (a == "--rejoin")
      o.rejoin = true;
    else if (a == "--timeout" && more)
      o.timeout = std::atof(argv[++i]);
    else
      return false;
  }
  return true;
}

// Plays on one connection until the game ends, the client leaves or time
// runs out. False when the connection failed.
bool play(int fd, TestClient& client, const Options& o, double deadline) {
  std::uint8_t buffer[16384];
  while (!client.done() && !client.leaving() && seconds_now() < deadline) {
    if (client.spinning()) {
      spin(o.spin_seconds);
      client.stop_spinning();
      Bytes out;
      client.receive(nullptr, 0, out);
      if (!send_all(fd, out)) return false;
      continue;
    }
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 200) <= 0) continue;
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) return false;
    Bytes out;
    client.receive(buffer, static_cast<std::size_t>(n), out);
    if (!out.empty() && !send_all(fd, out)) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(
        stderr,
        "usage: daide_test_client [--host H] [--port P] [--name N] [--seed S] [--silent | --partial |\n"
        "         --garbage | --waive-only | --spin SECONDS] [--leave-after N [--rejoin]] [--timeout SECONDS]\n");
    return 2;
  }
  const double deadline = seconds_now() + o.timeout;
  TestClient client(o.plan);
  int fd = connect_to(o.host, o.port);
  if (fd < 0 || !send_all(fd, client.opening())) {
    std::fprintf(stderr, "daide_test_client: cannot connect to %s:%s\n", o.host.c_str(), o.port.c_str());
    return 1;
  }
  bool connected = play(fd, client, o, deadline);
  close(fd);
  if (client.leaving() && o.rejoin) {
    usleep(1500 * 1000);
    fd = connect_to(o.host, o.port);
    client.come_back();
    connected = fd >= 0 && send_all(fd, client.rejoin()) && play(fd, client, o, deadline);
    if (fd >= 0) close(fd);
  }
  std::printf("%s %s: %d movement phases ordered, %d orders rejected, %d waives%s%s\n", o.plan.name.c_str(),
              client.power().c_str(), client.movement_phases_ordered(), client.rejected_orders(), client.waives_sent(),
              client.saw_end() ? ", saw the end" : "",
              client.last_error().empty() ? "" : (", " + client.last_error()).c_str());
  for (const std::string& p : client.problems()) std::printf("  problem: %s\n", p.c_str());
  if (seconds_now() >= deadline) return 3;
  if (client.leaving() && !o.rejoin) return 0;
  return connected && client.done() && client.problems().empty() ? 0 : 1;
}
