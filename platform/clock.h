// A monotonic clock: never jumps when the wall clock is set, so frame times
// and timeouts stay right across suspend, NTP and time-zone changes.
#pragma once

#include <cstdint>

namespace colonial::platform {

// Nanoseconds since an arbitrary fixed point (the process start at the latest).
std::int64_t monotonic_ns();

// Seconds since the first call of this function in the process.
double seconds_since_start();

}  // namespace colonial::platform
