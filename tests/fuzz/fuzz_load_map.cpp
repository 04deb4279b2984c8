// libFuzzer target: any bytes given to the map loader. A map that loads must
// survive what the game then does with it: all board options, the starting
// position of every set-up, and formatting and reading back an order for
// every location.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "legal.h"
#include "map.h"
#include "notation.h"
#include "position.h"

using namespace colonial;

namespace {
void check(bool ok) {
  if (!ok) __builtin_trap();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Map map;  // ~100 KB: not on the stack
  static Position position;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  MapErrors errors;
  if (!load_map(text, "fuzz.map", map, errors)) {
    check(!errors.ok());
    FixedString<4096> msg;
    errors.format(msg);
    return 0;
  }
  for (u32 mask = 0; mask < (1u << (map.option_count() < 3 ? map.option_count() : 3)); ++mask) map.set_options(mask);
  map.set_options(map.default_options());
  // Every set-up's starting position: its units stand where they may, on
  // provinces of the board.
  check(map.setup_count() >= 1);
  for (int i = 0; i < map.setup_count(); ++i) {
    map.set_setup(i);
    set_start_position(map, position);
    for (int p = 0; p < map.province_count(); ++p) {
      const Unit& u = position.units[p];
      if (!u.present()) continue;
      check(u.power < map.power_count());
      check(map.can_stand(u.type, unit_location(map, static_cast<ProvinceId>(p), u)));
    }
  }
  map.set_setup(0);
  set_start_position(map, position);
  ParseContext ctx;
  ctx.map = &map;
  for (int l = 0; l < map.location_count(); ++l) {
    Order hold;
    hold.kind = OrderKind::Hold;
    hold.unit = UnitType::Army;
    hold.at = static_cast<LocationId>(l);
    OrderText t;
    format_order(map, hold, OrderStyle::Judge, t);
    Order back;
    ParseError err;
    // A map may name provinces so that an order cannot spell them
    // unambiguously (a code that is also a keyword); that is a rejection,
    // never a crash.
    parse_order(ctx, t.view(), back, err);
  }
  return 0;
}
