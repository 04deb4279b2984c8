// jDip's order-parser cases (tests/data/notation/jdip_order_parser_cases.txt)
// on the Standard board, with the unit set-up the file gives.
#include <fstream>
#include <string>
#include <vector>

#include "test_notation_fixture.h"

using namespace colonial;
using namespace colonial::test;

namespace {

std::string strip_comment(const std::string& s) {
  std::size_t h = s.find('#');
  return trim(h == std::string::npos ? s : s.substr(0, h));
}

std::vector<std::string> split_args(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(trim(cur));
  return out;
}

// "lvp/mv" -> "lvp"
std::string province_of(const std::string& loc) { return loc.substr(0, loc.find('/')); }
std::string unit_letter_of(const std::string& type) { return type == "fleet" ? "F" : "A"; }

// jDip's RES reading in our judge notation; phase gets the phase it implies.
std::string expected_reading(const Map& map, const std::string& res, PhaseKind& phase) {
  phase = PhaseKind::Movement;
  std::size_t open = res.find('('), close = res.rfind(')');
  REQUIRE(open != std::string::npos);
  REQUIRE(close != std::string::npos);
  std::string kind = res.substr(0, open);
  std::vector<std::string> a = split_args(res.substr(open + 1, close - open - 1));
  PowerId power = map.find_power(a[0]);
  REQUIRE(power != kNoPower);
  std::string who = std::string(map.power(power).name) + ": ";
  if (kind == "hold") return who + unit_letter_of(a[2]) + " " + province_of(a[1]) + " H";
  if (kind == "move")
    return who + unit_letter_of(a[2]) + " " + province_of(a[1]) + " - " + a[3] + (a[4] == "true" ? " via convoy" : "");
  if (kind == "support") {
    std::string s = who + unit_letter_of(a[2]) + " " + province_of(a[1]) + " S " + unit_letter_of(a[4]) + " " + a[3];
    if (a[5] != a[3]) s += " - " + a[5];
    return s;
  }
  if (kind == "remove") {
    phase = PhaseKind::Adjustment;
    return who + unit_letter_of(a[2]) + " " + province_of(a[1]) + " disband";
  }
  if (kind == "build") {
    phase = PhaseKind::Adjustment;
    return who + "Build " + unit_letter_of(a[2]) + " " + province_of(a[1]);
  }
  FAIL("unknown RES kind " << kind);
  return "";
}

// Where we answer differently from jDip on purpose.
struct Deviation {
  const char* order;
  const char* ours;  // our judge text, or "error KIND: message start"
  const char* why;
};
const Deviation kDeviations[] = {
    {"b: a lon holds", "error unknown-power: no power 'b'",
     "B is no power's letter on our Standard map (E is England's)"},
    {"britaine: a lon holds", "error unknown-power: no power 'britaine' - did you mean England?",
     "misspellings are reported with a suggestion, not guessed"},
    {"bretain: a lon holds", "error unknown-power: no power 'bretain' - did you mean England?", "as above"},
    {"ingland: a lon holds", "error unknown-power: no power 'ingland' - did you mean England?", "as above"},
    {"fra a burgundy holds", "France: A bur H",
     "the Colonial rulebook writes a power name without colon: 'Turkey F EGY S ...'"},
    {"a bargandy holds", "error unknown-province: no province 'bargandy' - did you mean burgandy (Burgundy)?",
     "misspellings are reported with a suggestion"},
    {"a bergendee holds", "error unknown-province: no province 'bergendee'", "too far from any name to suggest one"},
    {"a bargdrly holds", "error unknown-province: no province 'bargdrly'", "too far from any name to suggest one"},
};

}  // namespace

TEST_CASE("notation: jDip's order-parser cases") {
  const Map& map = builtin_map("standard");
  std::ifstream in(COLONIAL_TEST_DATA "/notation/jdip_order_parser_cases.txt");
  REQUIRE(in.good());
  Position movement, adjustment;
  std::string line, order_text;
  enum { Cases, Setup, SetupDislodged } block = Cases;
  int cases = 0, as_jdip = 0, deviations_seen = 0;
  while (std::getline(in, line)) {
    std::string t = strip_comment(line);
    if (t.empty()) continue;
    if (t == "SETUP") {
      block = Setup;
      continue;
    }
    if (t == "SETUPDISLODGED") {
      block = SetupDislodged;
      continue;
    }
    if (t == "END") {
      block = Cases;
      continue;
    }
    if (block != Cases) {
      // Set-up lines are unit placements, which read as builds.
      Reading r = read_order(map, t, PhaseKind::Adjustment);
      REQUIRE_MESSAGE(r.ok, t << ": " << r.text);
      ProvinceId p = map.province_of(r.order.at);
      Unit u{r.order.unit, r.order.power, map.coast_of(r.order.at)};
      if (block == Setup) {
        movement.units[p] = u;
        adjustment.units[p] = u;
      } else {
        movement.dislodged[p].unit = u;
      }
      continue;
    }
    if (t.rfind("ORD:", 0) == 0) {
      order_text = trim(t.substr(4));
      continue;
    }
    if (t.rfind("RES:", 0) != 0) continue;
    std::string res = trim(t.substr(4));
    ++cases;
    CAPTURE(order_text);
    CAPTURE(res);
    PhaseKind phase = PhaseKind::Movement;
    std::string expected = res == "FAIL" ? "FAIL" : expected_reading(map, res, phase);
    const Position* pos = phase == PhaseKind::Adjustment ? &adjustment : &movement;
    Reading r = read_order(map, order_text, phase, pos);
    std::string ours = r.ok ? r.text : "error " + std::string(parse_error_kind_name(r.error)) + ": " + r.text;
    const Deviation* dev = nullptr;
    for (const Deviation& d : kDeviations)
      if (order_text == d.order) dev = &d;
    if (dev) {
      ++deviations_seen;
      CAPTURE(dev->why);
      CHECK(ours.rfind(dev->ours, 0) == 0);
      continue;
    }
    if (expected == "FAIL")
      CHECK_FALSE(r.ok);
    else
      CHECK(ours == expected);
    ++as_jdip;
  }
  CHECK(cases == 69);
  CHECK(deviations_seen == 8);
  CHECK(as_jdip == cases - deviations_seen);
}
