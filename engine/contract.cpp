#include "contract.h"

#include <cstdio>
#include <cstdlib>

namespace colonial {

void assertion_failed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: contract broken: %s\n", file, line, condition);
  std::fflush(stderr);
  std::abort();
}

}  // namespace colonial
