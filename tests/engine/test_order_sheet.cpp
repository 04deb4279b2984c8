// The order sheet reader (engine/order_sheet.h): what a pasted sheet, the
// judge's submit and a phone's POST hand in, line by line.
#include <doctest/doctest.h>

#include <string>

#include "map.h"
#include "order_sheet.h"
#include "position.h"

namespace colonial {
namespace {

struct SheetBoard {
  Map map;
  Position start;
  OrderSheet sheet;
  SheetBoard() {
    MapErrors errors;
    REQUIRE(load_map(builtin_map_text("colonial"), "colonial", map, errors));
    set_start_position(map, start);
  }
};

SheetBoard& board() {
  static SheetBoard* b = new SheetBoard;  // a Map is large: made once
  return *b;
}

}  // namespace

TEST_CASE("an order sheet line with two powers' orders is refused, not half kept") {
  // Found by the order sheet fuzzer: Britain's order was dropped without a
  // word, China's kept under Britain's line.
  SheetBoard& b = board();
  read_order_sheet(b.map, b.start, kNoPower, "Britain: F HON - SCS;China: A CAN H\nFrance: A TON H\n", b.sheet);
  REQUIRE(b.sheet.lines.size() == 2);
  CHECK(b.sheet.errors == 1);
  CHECK(b.sheet.lines[0].kind == SheetLineKind::Error);
  const std::string why = b.sheet.lines[0].error.message.c_str();
  CHECK(why.find("orders of Britain and China on one line") != std::string::npos);
  // The good line keeps its order, and nothing of the refused one is left.
  CHECK(b.sheet.lines[1].kind == SheetLineKind::Orders);
  REQUIRE(b.sheet.orders.size() == 1);
  CHECK(b.sheet.orders[0].power == b.map.find_power("France"));
  CHECK(b.sheet.powers == (u32{1} << b.map.find_power("France")));

  // One power's several orders on a line stay one line's orders.
  read_order_sheet(b.map, b.start, kNoPower, "Britain: F HON - SCS, A DEL H; F BOM H\n", b.sheet);
  CHECK(b.sheet.errors == 0);
  CHECK(b.sheet.orders.size() == 3);
}

TEST_CASE("conditionals refused together: the line of the one refused is marked, and leaves the sheet") {
  // Two conditions for the unit in Canton; the second is refused, not the
  // power's last conditional line (a build).
  SheetBoard& b = board();
  read_order_sheet(b.map, b.start, kNoPower,
                   "China: If CAN is dislodged, retreat YUN\n"
                   "China: If CAN is dislodged, retreat CHU\n"
                   "China: If 1 build: build A PEK\n",
                   b.sheet);
  REQUIRE(b.sheet.lines.size() == 3);
  CHECK(b.sheet.errors == 1);
  CHECK(b.sheet.lines[0].kind == SheetLineKind::Conditional);
  REQUIRE(b.sheet.lines[1].kind == SheetLineKind::Error);
  CHECK(std::string(b.sheet.lines[1].error.message.c_str()) == "two conditions for the unit in Canton");
  CHECK(b.sheet.lines[2].kind == SheetLineKind::Conditional);
  // The refused line's condition is not handed in with the others.
  ConditionList china;
  b.sheet.conditions_of(b.map.find_power("China"), china);
  REQUIRE(china.size() == 2);
  CHECK(china[0].kind == ConditionKind::Dislodged);
  CHECK(china[1].kind == ConditionKind::Builds);

  // A line whose second condition is refused as it is read leaves nothing
  // of the first behind either.
  read_order_sheet(b.map, b.start, kNoPower, "China: If CAN is dislodged, retreat YUN; if 1 build: build A TON\n",
                   b.sheet);
  CHECK(b.sheet.errors == 1);
  CHECK(b.sheet.lines[0].kind == SheetLineKind::Error);
  CHECK(b.sheet.conditions.empty());
}

}  // namespace colonial
