// Counts every heap allocation of the process: the global operator new in all
// its forms and, on glibc, malloc/calloc/realloc too (glibc lets a program
// define its own; the real ones stay reachable as __libc_malloc & co).
// Elsewhere only operator new is counted.
//
// Shared by `colonial-judge bench` and the no-heap test binary
// (tests/alloc): link the `colonial_alloc_counter` object library into a
// program and it replaces that program's allocation functions. Bracket the
// code under test with an AllocationWindow.
#pragma once

#include <cstddef>

namespace colonial {

// Number of allocations since the program started.
std::size_t allocation_count();

// Counts the allocations made while it is alive.
class AllocationWindow {
 public:
  AllocationWindow() : start_(allocation_count()) {}
  std::size_t count() const { return allocation_count() - start_; }

 private:
  std::size_t start_;
};

}  // namespace colonial
