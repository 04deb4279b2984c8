// Fixed-capacity containers used throughout the engine instead of the heap.
//
// BitSet<N>    a set of small ids (provinces, locations) in N bits.
// FixedVector  a vector whose storage lives inline; push_back past capacity
//              is refused (returns false) rather than allocating.
// FixedString  a NUL-terminated char buffer with bounded append.
#pragma once

#include <bit>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "contract.h"
#include "types.h"

namespace colonial {

// The number of bits set in w. Where the processor counts bits itself (ARM,
// x86-64 built for POPCNT) that instruction; otherwise the sum of adjacent
// bit fields, inline: std::popcount on the x86-64 baseline Debian builds
// for is a call into libgcc through the PLT, and the random orders count a
// set per choice.
constexpr int count_bits(u64 w) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  w -= (w >> 1) & 0x5555555555555555ull;
  w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
  w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((w * 0x0101010101010101ull) >> 56);
#else
  return std::popcount(w);
#endif
}

template <int N>
struct BitSet {
  static constexpr int kWords = (N + 63) / 64;
  u64 words[kWords] = {};

  constexpr void set(int i) {
    COLONIAL_ASSERT(i >= 0 && i < N);
    words[i >> 6] |= u64{1} << (i & 63);
  }
  constexpr void reset(int i) {
    COLONIAL_ASSERT(i >= 0 && i < N);
    words[i >> 6] &= ~(u64{1} << (i & 63));
  }
  constexpr bool test(int i) const {
    COLONIAL_ASSERT(i >= 0 && i < N);
    return (words[i >> 6] >> (i & 63)) & 1u;
  }
  constexpr void clear() {
    for (u64& w : words) w = 0;
  }
  constexpr int count() const {
    int n = 0;
    for (u64 w : words) n += count_bits(w);
    return n;
  }
  constexpr bool empty() const {
    for (u64 w : words)
      if (w) return false;
    return true;
  }
  constexpr BitSet& operator|=(const BitSet& o) {
    for (int i = 0; i < kWords; ++i) words[i] |= o.words[i];
    return *this;
  }
  constexpr BitSet& operator&=(const BitSet& o) {
    for (int i = 0; i < kWords; ++i) words[i] &= o.words[i];
    return *this;
  }
  constexpr bool operator==(const BitSet&) const = default;

  // The member of rank k, counting from 0 in increasing order (0 <= k <
  // count()): with count(), a uniform pick from the set takes one draw.
  constexpr int nth(int k) const {
    COLONIAL_ASSERT(k >= 0 && k < count());
    int wi = 0;
    for (; wi < kWords - 1; ++wi) {
      const int here = count_bits(words[wi]);
      if (k < here) break;
      k -= here;
    }
    u64 w = words[wi];
    for (; k > 0; --k) w &= w - 1;
    return wi * 64 + std::countr_zero(w);
  }

  // Calls f(i) for every member in increasing order.
  template <typename F>
  constexpr void for_each(F&& f) const {
    for (int wi = 0; wi < kWords; ++wi) {
      u64 w = words[wi];
      while (w) {
        int bit = std::countr_zero(w);
        f(wi * 64 + bit);
        w &= w - 1;
      }
    }
  }
};

using ProvinceSet = BitSet<kMaxProvinces>;
using LocationSet = BitSet<kMaxLocations>;

// The room of a FixedVector. Items that are plain data (trivially copyable)
// are not initialised until written: lists sized for the worst case are made
// on the stack every phase, and writing 128 default orders each time cost
// more than filling them. Other items start value-initialised.
template <typename T, int N, bool kPlain = std::is_trivially_copyable_v<T>&& std::is_trivially_destructible_v<T>>
struct FixedStorage {
  T items[N] = {};
};
template <typename T, int N>
struct FixedStorage<T, N, true> {
  // Assigning an item begins its life (a trivial assignment to a union
  // member); only items below size() are ever read.
  union {
    T items[N];
  };
  constexpr FixedStorage() {}
};

template <typename T, int N>
class FixedVector {
 public:
  static constexpr int kCapacity = N;

  // User-provided, not defaulted: GCC zero-fills whole arrays of vectors
  // whose constructor is defaulted, items and all.
  constexpr FixedVector() {}
  // Copies only the items in use: a game copies lists sized for the worst
  // case thousands of times a second, mostly near empty.
  constexpr FixedVector(const FixedVector& o) { *this = o; }
  constexpr FixedVector& operator=(const FixedVector& o) {
    if (this == &o) return *this;
    for (int i = 0; i < o.size_; ++i) storage_.items[i] = o.storage_.items[i];
    size_ = o.size_;
    return *this;
  }

  constexpr int size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr bool full() const { return size_ == N; }
  constexpr void clear() { size_ = 0; }

  // Appends v; returns false (and changes nothing) when full.
  constexpr bool push_back(const T& v) {
    if (size_ == N) return false;
    storage_.items[size_++] = v;
    return true;
  }
  constexpr void pop_back() {
    if (size_ > 0) --size_;
  }
  // Drops the items from n on (n <= size()).
  constexpr void resize_down(int n) {
    COLONIAL_ASSERT(n >= 0 && n <= size_);
    size_ = n;
  }
  constexpr void erase_at(int i) {
    COLONIAL_ASSERT(i >= 0 && i < size_);
    for (int j = i; j + 1 < size_; ++j) storage_.items[j] = storage_.items[j + 1];
    --size_;
  }
  constexpr T& operator[](int i) {
    COLONIAL_ASSERT(i >= 0 && i < size_);
    return storage_.items[i];
  }
  constexpr const T& operator[](int i) const {
    COLONIAL_ASSERT(i >= 0 && i < size_);
    return storage_.items[i];
  }
  constexpr T& back() {
    COLONIAL_ASSERT(size_ > 0);
    return storage_.items[size_ - 1];
  }
  // Appends the slot after the last item and returns it as an earlier item
  // left it, for a caller that sets every field itself (cheaper than
  // push_back(T()) for large items). Not full: check first.
  constexpr T& append_slot() {
    COLONIAL_ASSERT(size_ < N);
    return storage_.items[size_++];
  }
  constexpr T* begin() { return storage_.items; }
  constexpr T* end() { return storage_.items + size_; }
  constexpr const T* begin() const { return storage_.items; }
  constexpr const T* end() const { return storage_.items + size_; }
  // Equal sizes and equal items (unused slots beyond size() do not count).
  constexpr bool operator==(const FixedVector& o) const {
    if (size_ != o.size_) return false;
    for (int i = 0; i < size_; ++i)
      if (!(storage_.items[i] == o.storage_.items[i])) return false;
    return true;
  }

 private:
  FixedStorage<T, N> storage_;
  int size_ = 0;
};

template <int N>
class FixedString {
 public:
  constexpr FixedString() { buf_[0] = '\0'; }
  FixedString(std::string_view s) { assign(s); }

  // Copies s, truncating to capacity. Returns false when truncated.
  bool assign(std::string_view s) {
    len_ = 0;
    buf_[0] = '\0';
    return append(s);
  }
  // A cut falls between characters of UTF-8, never inside one.
  bool append(std::string_view s) {
    int room = N - 1 - len_;
    int n = static_cast<int>(s.size()) < room ? static_cast<int>(s.size()) : room;
    while (n > 0 && n < static_cast<int>(s.size()) && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    if (n > 0) std::memcpy(buf_ + len_, s.data(), static_cast<std::size_t>(n));
    len_ += n;
    buf_[len_] = '\0';
    return n == static_cast<int>(s.size());
  }
  bool append(char c) { return append(std::string_view(&c, 1)); }
  // Appends 'text' in single quotes, cut to at most max_bytes of text (at a
  // character boundary of UTF-8): how error messages quote what was read.
  bool append_quoted(std::string_view text, int max_bytes) {
    std::size_t n =
        text.size() < static_cast<std::size_t>(max_bytes) ? text.size() : static_cast<std::size_t>(max_bytes);
    while (n < text.size() && n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    return append('\'') && append(text.substr(0, n)) && append('\'');
  }
  // Appends a decimal integer.
  bool append_int(long v) {
    char tmp[24];
    int n = 0;
    bool neg = v < 0;
    unsigned long u = neg ? 0ul - static_cast<unsigned long>(v) : static_cast<unsigned long>(v);
    do {
      tmp[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u);
    if (neg) tmp[n++] = '-';
    char out[24];
    for (int i = 0; i < n; ++i) out[i] = tmp[n - 1 - i];
    return append(std::string_view(out, static_cast<std::size_t>(n)));
  }
  void clear() {
    len_ = 0;
    buf_[0] = '\0';
  }
  const char* c_str() const { return buf_; }
  std::string_view view() const { return {buf_, static_cast<std::size_t>(len_)}; }
  int size() const { return len_; }
  bool empty() const { return len_ == 0; }
  static constexpr int capacity() { return N - 1; }
  bool operator==(const FixedString& o) const { return view() == o.view(); }

 private:
  char buf_[N];
  int len_ = 0;
};

}  // namespace colonial
