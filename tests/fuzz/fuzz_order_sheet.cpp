// libFuzzer target: any bytes given to the order sheet reader, the way
// `colonial-judge submit`, the app's pasted order sheet and a phone's POST
// read what people type. The first byte picks the phase (the Colonial start,
// a retreat phase, an Era of Empire winter) and whether the sheet is one
// power's or says whose on each line. Besides "no crash, no sanitizer
// report" it checks the reader's promises: every line gets a result, an
// error has a sentence, every order read is the power's its line names and
// passes the legality check or carries the warning, and the counts agree.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "game.h"
#include "legal.h"
#include "map.h"
#include "order_sheet.h"

using namespace colonial;

namespace {

void check(bool ok) {
  if (!ok) __builtin_trap();
}

struct World {
  Map map;
  Position phases[3];
  OrderSheet sheet;
  World() {
    MapErrors errors;
    if (!load_map(builtin_map_text("colonial"), "colonial", map, errors)) std::abort();
    Position& start = phases[0];
    set_start_position(map, start);
    // A retreat phase: China's army in Canton dislodged from Tongking.
    Position& retreat = phases[1];
    retreat = start;
    retreat.phase.kind = PhaseKind::Retreat;
    const ProvinceId can = map.find_province("CAN").province;
    retreat.dislodged[can].unit = retreat.units[can];
    retreat.dislodged[can].attacker_from = map.find_province("TON").province;
    retreat.units[can] = retreat.units[map.find_province("TON").province];
    retreat.units[map.find_province("TON").province] = Unit();
    // An Era of Empire winter: conscription and conversion, Britain owning
    // Bengal with its army in Madras gone.
    Position& winter = phases[2];
    winter = start;
    winter.phase.kind = PhaseKind::Adjustment;
    winter.rules.conscription = winter.rules.conversion = true;
    winter.owner[map.find_province("BEN").province] = map.find_power("Britain");
    winter.units[map.find_province("MAD").province] = Unit();
  }
};

World& world() {
  static World* w = new World;  // large; made once
  return *w;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  World& w = world();
  const Position& pos = w.phases[data[0] % 3];
  const PowerId power = (data[0] / 3) % 2 ? static_cast<PowerId>((data[0] / 6) % w.map.power_count()) : kNoPower;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  OrderSheet& sheet = w.sheet;
  read_order_sheet(w.map, pos, power, text, sheet);

  int errors = 0;
  int orders = 0;
  for (const SheetLine& line : sheet.lines) {
    if (line.kind == SheetLineKind::Error) {
      ++errors;
      check(!line.error.message.empty());
      continue;
    }
    if (line.kind != SheetLineKind::Orders) continue;
    check(line.power < w.map.power_count());
    check(power == kNoPower || line.power == power);
    check(line.first_order >= 0 && line.order_count >= 1);
    check(line.first_order + line.order_count <= sheet.orders.size());
    for (int i = line.first_order; i < line.first_order + line.order_count; ++i) {
      const Order& o = sheet.orders[i];
      check(o.power == line.power);
      // A readable order is legal, or its line carries the reason it is not.
      check(check_order(w.map, pos, o) == VoidReason::None || line.warning != VoidReason::None);
      check((sheet.powers >> o.power) & 1u);
    }
    orders += line.order_count;
  }
  check(errors == sheet.errors);
  check(orders <= sheet.orders.size());
  check(sheet.lines.size() <= kMaxSheetLines);
  return 0;
}
