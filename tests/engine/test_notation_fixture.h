// Helpers shared by the notation tests: parse a line against a built-in map
// and show the result in judge notation, so expectations read like orders.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "map_fixture.h"
#include "notation.h"
#include "position.h"

namespace colonial::test {

struct Reading {
  bool ok = false;
  std::string text;  // judge notation with "Power: " when known, or the error message
  ParseErrorKind error = ParseErrorKind::None;
  int column = 0;
  Order order;
};

inline Reading read_order(const Map& map, std::string_view line, PhaseKind phase = PhaseKind::Movement,
                          const Position* position = nullptr, PowerId power = kNoPower) {
  ParseContext ctx;
  ctx.map = &map;
  ctx.position = position;
  ctx.phase = phase;
  ctx.power = power;
  Reading r;
  ParseError err;
  r.ok = parse_order(ctx, line, r.order, err);
  if (r.ok) {
    OrderText t;
    format_order_with_power(map, r.order, OrderStyle::Judge, t);
    r.text = std::string(t.view());
  } else {
    r.text = std::string(err.message.view());
    r.error = err.kind;
    r.column = err.column;
  }
  return r;
}

// The canonical (judge) form of a parsed order, or "error: <message>".
inline std::string judge(const Map& map, std::string_view line, PhaseKind phase = PhaseKind::Movement,
                         const Position* position = nullptr, PowerId power = kNoPower) {
  Reading r = read_order(map, line, phase, position, power);
  return r.ok ? r.text : "error: " + r.text;
}

inline PowerId power_named(const Map& map, std::string_view name) {
  PowerId p = map.find_power(name);
  REQUIRE(p != kNoPower);
  return p;
}

inline ProvinceId province_named(const Map& map, std::string_view name) {
  ProvinceLookup l = map.find_province(name);
  REQUIRE(l.status == LookupStatus::Found);
  return l.province;
}

// Places a unit: "F BAN/ec" style, for building positions in tests.
inline void place(const Map& map, Position& pos, std::string_view power, UnitType type, std::string_view where,
                  Coast coast = Coast::None) {
  ProvinceId p = province_named(map, where);
  pos.units[p] = Unit{type, power_named(map, power), coast};
}

// The text of a data-file line without its surrounding blanks.
inline std::string trim(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

}  // namespace colonial::test
