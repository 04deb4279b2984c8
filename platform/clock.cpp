#include "clock.h"

#include <chrono>

namespace colonial::platform {

std::int64_t monotonic_ns() {
  // steady_clock is CLOCK_MONOTONIC on Linux.
  const auto t = std::chrono::steady_clock::now().time_since_epoch();
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t).count();
}

double seconds_since_start() {
  static const std::int64_t start = monotonic_ns();
  return static_cast<double>(monotonic_ns() - start) * 1e-9;
}

}  // namespace colonial::platform
