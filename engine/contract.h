// COLONIAL_ASSERT(condition): a contract of the engine, checked in Debug and
// test builds (COLONIAL_ASSERTS defined, the default outside Release) and
// compiled to nothing in Release. A broken contract prints where and what,
// then aborts, so an overflow or a bad id is a failure at its cause rather
// than a silent corruption found later. Never for bad input: input errors are
// returned to the caller with a message.
#pragma once

namespace colonial {

// Prints "file:line: contract broken: condition" to stderr and aborts.
[[noreturn]] void assertion_failed(const char* condition, const char* file, int line);

}  // namespace colonial

#if defined(COLONIAL_ASSERTS)
#define COLONIAL_ASSERT(condition) \
  ((condition) ? static_cast<void>(0) : ::colonial::assertion_failed(#condition, __FILE__, __LINE__))
#else
#define COLONIAL_ASSERT(condition) static_cast<void>(0)
#endif
