#include "server.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

namespace colonial::daide {

double monotonic_seconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

namespace {

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK); }

}  // namespace

Server::~Server() { close_all(); }

bool Server::listen(const std::string& address, int port, std::string& error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (const int e = getaddrinfo(address.c_str(), service.c_str(), &hints, &found); e != 0) {
    error = "cannot listen on " + address + ": " + gai_strerror(e);
    return false;
  }
  for (addrinfo* a = found; a && listen_fd_ < 0; a = a->ai_next) {
    const int fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    const int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    // The protocol asks for a backlog of at least 10.
    if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, 16) == 0) {
      listen_fd_ = fd;
    } else {
      error = "cannot listen on " + address;
      error += ":" + service + ": ";
      error += std::strerror(errno);
      ::close(fd);
    }
  }
  freeaddrinfo(found);
  if (listen_fd_ < 0) return false;
  set_nonblocking(listen_fd_);
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &length);
  port_ = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                            : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  return true;
}

void Server::accept_new(double now) {
  for (;;) {
    const int fd = accept(listen_fd_, nullptr, nullptr);
    if (fd < 0) return;
    set_nonblocking(fd);
    const int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &yes, sizeof yes);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    connections_.push_back({fd, host_.connect(now), {}});
  }
}

// False when the connection is gone.
bool Server::read_from(Connection& c, double now) {
  std::uint8_t buffer[16384];
  // A bounded number of reads: one client sending without pause does not
  // keep the loop from the others.
  for (int i = 0; i < 8; ++i) {
    const ssize_t n = recv(c.fd, buffer, sizeof buffer, 0);
    if (n > 0) {
      host_.receive(c.id, buffer, static_cast<std::size_t>(n), now);
      continue;
    }
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR);
  }
  return true;
}

bool Server::write_to(Connection& c) {
  const Bytes more = host_.take_output(c.id);
  c.unsent.insert(c.unsent.end(), more.begin(), more.end());
  while (!c.unsent.empty()) {
    const ssize_t n = ::send(c.fd, c.unsent.data(), c.unsent.size(), MSG_NOSIGNAL);
    if (n > 0) {
      c.unsent.erase(c.unsent.begin(), c.unsent.begin() + n);
      continue;
    }
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR);
  }
  return !host_.wants_close(c.id);
}

void Server::poll_once(double max_seconds) {
  std::vector<pollfd> fds;
  if (listen_fd_ >= 0) fds.push_back({listen_fd_, POLLIN, 0});
  for (const Connection& c : connections_)
    fds.push_back({c.fd, static_cast<short>(POLLIN | (c.unsent.empty() ? 0 : POLLOUT)), 0});
  double wait = std::min(max_seconds, host_.next_due(monotonic_seconds()));
  if (wait < 0) wait = 0;
  ::poll(fds.data(), fds.size(), static_cast<int>(wait * 1000) + 1);
  const double now = monotonic_seconds();
  std::size_t k = 0;
  if (listen_fd_ >= 0 && (fds[k++].revents & POLLIN)) accept_new(now);
  std::vector<bool> alive(connections_.size(), true);
  for (std::size_t i = 0; i < connections_.size() && k + i < fds.size(); ++i)
    if (fds[k + i].revents & (POLLIN | POLLHUP | POLLERR)) alive[i] = read_from(connections_[i], now);
  host_.tick(now);
  for (std::size_t i = 0; i < connections_.size(); ++i) {
    if (!alive[i] || !write_to(connections_[i])) {
      ::close(connections_[i].fd);
      host_.disconnected(connections_[i].id, now);
      connections_[i].fd = -1;
    }
  }
  std::erase_if(connections_, [](const Connection& c) { return c.fd < 0; });
}

void Server::close_all() {
  for (Connection& c : connections_) {
    write_to(c);
    ::close(c.fd);
  }
  connections_.clear();
  if (listen_fd_ >= 0) ::close(listen_fd_);
  listen_fd_ = -1;
}

}  // namespace colonial::daide
