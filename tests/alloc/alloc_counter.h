// Counts every heap allocation of the process: operator new in all its forms
// and malloc/calloc/realloc (glibc lets a program define its own; the real
// ones stay reachable as __libc_malloc & co). Link alloc_counter.cpp into a
// test binary and bracket the code under test with AllocationWindow.
#pragma once

#include <cstddef>

namespace colonial::test {

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

}  // namespace colonial::test
