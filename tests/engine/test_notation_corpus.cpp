// Every order written in the rulebooks parses to what the book means
// (tests/data/notation/rulebook_orders.txt).
#include <fstream>
#include <string>

#include "test_notation_fixture.h"

using namespace colonial;
using namespace colonial::test;

namespace {

// Reads a line of orders and prints it the way the corpus writes expectations.
std::string reading_of(const Map& map, PhaseKind phase, const std::string& text) {
  ParseContext ctx;
  ctx.map = &map;
  ctx.phase = phase;
  ParsedOrders orders;
  ParseError err;
  if (!parse_order_line(ctx, text, orders, err))
    return "error " + std::string(parse_error_kind_name(err.kind)) + " (" + std::string(err.message.view()) + ")";
  std::string out;
  for (const Order& o : orders) {
    OrderText t;
    format_order_with_power(map, o, OrderStyle::Judge, t);
    if (!out.empty()) out += " | ";
    out += std::string(t.view());
  }
  return out;
}

std::string statement_of(const Map& map, PhaseKind phase, const std::string& text) {
  ParseContext ctx;
  ctx.map = &map;
  ctx.phase = phase;
  Statement s;
  ParseError err;
  if (!parse_statement(ctx, text, s, err))
    return "error " + std::string(parse_error_kind_name(err.kind)) + " (" + std::string(err.message.view()) + ")";
  StatementText t;
  format_statement(map, s, OrderStyle::Judge, t);
  return "statement " + std::string(t.view());
}

}  // namespace

TEST_CASE("notation: the rulebook corpus reads as the books mean it") {
  std::ifstream in(COLONIAL_TEST_DATA "/notation/rulebook_orders.txt");
  REQUIRE(in.good());
  const Map* map = &builtin_map("colonial");
  PhaseKind phase = PhaseKind::Movement;
  std::string line;
  int line_no = 0, cases = 0, errors_expected = 0;
  while (std::getline(in, line)) {
    ++line_no;
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '@') {
      std::string directive = trim(line.substr(1));
      if (directive == "map colonial")
        map = &builtin_map("colonial");
      else if (directive == "map standard")
        map = &builtin_map("standard");
      else if (directive == "phase movement")
        phase = PhaseKind::Movement;
      else if (directive == "phase retreat")
        phase = PhaseKind::Retreat;
      else if (directive == "phase adjustment")
        phase = PhaseKind::Adjustment;
      else
        FAIL("bad directive at line " << line_no << ": " << line);
      continue;
    }
    std::size_t arrow = line.find(" => ");
    REQUIRE_MESSAGE(arrow != std::string::npos, "line " << line_no << " has no ' => '");
    std::string text = line.substr(0, arrow);
    std::string expected = trim(line.substr(arrow + 4));
    CAPTURE(line_no);
    CAPTURE(text);
    ++cases;
    if (expected.rfind("statement ", 0) == 0) {
      CHECK(statement_of(*map, phase, text) == expected);
    } else if (expected.rfind("error ", 0) == 0) {
      ++errors_expected;
      std::string got = reading_of(*map, phase, text);
      CHECK(got.rfind(expected + " (", 0) == 0);
    } else {
      CHECK(reading_of(*map, phase, text) == expected);
    }
  }
  // The corpus is what players write: make sure it was all read.
  CHECK(cases >= 130);
  CHECK(errors_expected <= 5);
}
