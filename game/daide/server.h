// The DAIDE host on TCP: a listening socket and one non-blocking
// connection per client, all served by one poll() loop. A client that
// sends nothing, reads nothing or spins never holds the loop: reads and
// writes take what the socket has, and the host's deadlines run on.
#pragma once

#include <string>
#include <vector>

#include "host.h"

namespace colonial::daide {

// Seconds on a monotonic clock.
double monotonic_seconds();

class Server {
 public:
  explicit Server(Host& host) : host_(host) {}
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;
  // Listens on ADDR:PORT (port 0: one the system picks). False with the
  // reason in `error`.
  bool listen(const std::string& address, int port, std::string& error);
  int port() const { return port_; }
  // Waits at most `max_seconds` (less when the host has something due),
  // then accepts, reads, lets time pass in the host and writes.
  void poll_once(double max_seconds);
  // Connections still open (with bytes still to send, or clients to serve).
  int open_connections() const { return static_cast<int>(connections_.size()); }
  void close_all();

 private:
  struct Connection {
    int fd = -1;
    ClientId id = -1;
    Bytes unsent;
  };
  void accept_new(double now);
  bool read_from(Connection& c, double now);
  bool write_to(Connection& c);
  Host& host_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::vector<Connection> connections_;
};

}  // namespace colonial::daide
