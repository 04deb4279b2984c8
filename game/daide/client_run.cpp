// The bot client on a TCP connection: one poll() loop that reads, writes
// and watches the clock, and the search in a thread of its own.
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <thread>

#include "client.h"
#include "server.h"

namespace colonial::daide {
namespace {

// A connection within `seconds`, or -1 with why.
int connect_within(const std::string& host, const std::string& port, double seconds, std::string& why) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (const int e = getaddrinfo(host.c_str(), port.c_str(), &hints, &found); e != 0) {
    why = gai_strerror(e);
    return -1;
  }
  int fd = -1;
  why = "no address";
  for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
    int error = 0;
    if (connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      error = errno;
      if (error == EINPROGRESS) {
        pollfd p{fd, POLLOUT, 0};
        if (poll(&p, 1, static_cast<int>(seconds * 1000)) == 1) {
          socklen_t length = sizeof error;
          getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
        } else {
          error = ETIMEDOUT;
        }
      }
    }
    if (error != 0) {
      why = std::strerror(error);
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  if (fd >= 0) {
    const int yes = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
  }
  return fd;
}

// The level's search, in a thread.
struct Search {
  std::thread thread;
  std::atomic<bool> finished{false};
  DecisionJob job;
  OrderList orders;
  bool running = false;
};

// The phase whose orders are owed, and when they are due.
struct Owed {
  bool active = false;
  DecisionJob job;
  double due = 0;  // 0: none
};

}  // namespace

ClientEnding run_client(const ClientRun& run, BotClient& client, std::string& detail) {
  std::string why;
  const int fd = connect_within(run.host, run.port, run.connect_seconds, why);
  if (fd < 0) {
    detail = run.host + ":" + run.port + ": " + why;
    return ClientEnding::ConnectFailed;
  }
  // Large: on the heap, once (the search's and the quick one's).
  auto search_bot = std::make_unique<Bot>();
  auto quick_bot = std::make_unique<Bot>();
  Search search;
  Owed owed;
  Bytes unsent = client.opening();
  double last_heard = monotonic_seconds();
  const BotLevel level = client.level();
  const u64 seed = client.seed();

  auto hand_in = [&](const DecisionJob& job, const OrderList& orders) {
    client.hand_in(job, orders, unsent);
    owed.active = false;
  };
  auto start_search = [&] {
    search.job = owed.job;
    search.finished = false;
    search.running = true;
    search.thread = std::thread([&search, &client, &search_bot, &run, level, seed] {
      if (run.search)
        run.search(*client.map(), search.job, search.orders);
      else
        search_bot->decide(*client.map(), search.job.position, search.job.power, level,
                           seed + static_cast<u64>(search.job.serial), search.orders);
      search.finished = true;
    });
  };

  while (!client.done()) {
    const double now = monotonic_seconds();
    DecisionJob job;
    if (client.take_job(job)) {
      owed.active = true;
      owed.job = job;
      // Orders in by three quarters of the limit (at most 5 s before it).
      const double margin = std::clamp(job.deadline_seconds * 0.25, 0.5, 5.0);
      owed.due = job.deadline_seconds > 0 ? now + std::max(0.2, job.deadline_seconds - margin) : 0;
    }
    if (search.running && search.finished) {
      search.thread.join();
      search.running = false;
      if (owed.active && owed.job.serial == search.job.serial) hand_in(search.job, search.orders);
    }
    if (owed.active && !search.running) start_search();
    if (owed.active && owed.due > 0 && now >= owed.due) {
      // The search would miss the deadline: the easy level's orders now.
      static OrderList quick;
      quick_bot->decide(*client.map(), owed.job.position, owed.job.power, BotLevel::Easy,
                        seed + static_cast<u64>(owed.job.serial), quick);
      if (client.note) client.note(ClientNote::LateSearch, std::to_string(owed.job.serial));
      hand_in(owed.job, quick);
    }
    const double bound = run.silence_seconds + client.longest_limit();
    if (now - last_heard > bound) {
      detail = std::to_string(static_cast<int>(bound));
      if (search.running) search.thread.join();
      close(fd);
      return ClientEnding::Silent;
    }
    double wait = last_heard + bound - now;
    if (search.running) wait = std::min(wait, 0.02);
    if (owed.active && owed.due > 0) wait = std::min(wait, owed.due - now);
    pollfd p{fd, static_cast<short>(POLLIN | (unsent.empty() ? 0 : POLLOUT)), 0};
    ::poll(&p, 1, static_cast<int>(std::max(0.0, wait) * 1000) + 1);
    if (p.revents & (POLLIN | POLLHUP | POLLERR)) {
      std::uint8_t buffer[16384];
      const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
      if (n > 0) {
        last_heard = monotonic_seconds();
        client.receive(buffer, static_cast<std::size_t>(n), unsent);
      } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
        client.closed();
      }
    }
    while (!unsent.empty()) {
      const ssize_t n = ::send(fd, unsent.data(), unsent.size(), MSG_NOSIGNAL);
      if (n <= 0) break;
      unsent.erase(unsent.begin(), unsent.begin() + n);
    }
  }
  // The last words (a HUH for a map we do not know, the final message) get
  // a moment to leave.
  for (const double until = monotonic_seconds() + 1; !unsent.empty() && monotonic_seconds() < until;) {
    pollfd p{fd, POLLOUT, 0};
    ::poll(&p, 1, 50);
    const ssize_t n = ::send(fd, unsent.data(), unsent.size(), MSG_NOSIGNAL);
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) break;
    if (n > 0) unsent.erase(unsent.begin(), unsent.begin() + n);
  }
  if (search.running) search.thread.join();
  close(fd);
  detail = client.detail();
  return client.ending();
}

}  // namespace colonial::daide
