// The test runner (doctest's main) of every unit-test binary, compiled once
// and linked into each: doctest's implementation takes longer to compile
// than most test files.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
