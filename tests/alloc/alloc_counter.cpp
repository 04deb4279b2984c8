#include "alloc_counter.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> g_allocations{0};

void count() { g_allocations.fetch_add(1, std::memory_order_relaxed); }
}  // namespace

namespace colonial {
std::size_t allocation_count() { return g_allocations.load(std::memory_order_relaxed); }
}  // namespace colonial

#if defined(__GLIBC__)
// malloc itself is replaced, so allocations made by C code and by the C++
// library's internals are counted too; operator new goes through it.
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

void* malloc(std::size_t n) {
  count();
  return __libc_malloc(n);
}
void* calloc(std::size_t a, std::size_t b) {
  count();
  return __libc_calloc(a, b);
}
void* realloc(void* p, std::size_t n) {
  count();
  return __libc_realloc(p, n);
}
void free(void* p) { __libc_free(p); }
}

namespace {
void* counted_alloc(std::size_t n) { return malloc(n ? n : 1); }
void* counted_aligned(std::size_t n, std::size_t a) {
  count();
  return __libc_memalign(a, n ? n : 1);
}
}  // namespace
#else
namespace {
void* counted_alloc(std::size_t n) {
  count();
  return std::malloc(n ? n : 1);
}
void* counted_aligned(std::size_t n, std::size_t a) {
  count();
  return std::aligned_alloc(a, (n + a - 1) / a * a);
}
}  // namespace
#endif

void* operator new(std::size_t n) {
  if (void* p = counted_alloc(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n); }
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = counted_aligned(n, static_cast<std::size_t>(a))) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) { return operator new(n, a); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
