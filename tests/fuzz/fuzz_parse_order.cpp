// libFuzzer target: any bytes given to the order parser, on both built-in
// maps, in every phase, with and without a position and an ordering power.
// Besides "no crash, no sanitizer report" it checks the parser's promises:
// a rejection has a kind and a message, and an acceptance formats (in both
// styles) to text that reads back to the same order or statement. Accepted
// conditionals (retreats, builds, disbands) also go through the checks made
// at submission.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "conditions.h"
#include "map.h"
#include "notation.h"
#include "position.h"

using namespace colonial;

namespace {

struct Boards {
  Map maps[2];
  Position start[2];
  Position dislodged[2];
  Boards() {
    const char* names[2] = {"colonial", "standard"};
    for (int i = 0; i < 2; ++i) {
      MapErrors errors;
      if (!load_map(builtin_map_text(names[i]), names[i], maps[i], errors)) std::abort();
      set_start_position(maps[i], start[i]);
      // Every other starting unit dislodged, for the retreat phase.
      int k = 0;
      for (int p = 0; p < maps[i].province_count(); ++p)
        if (start[i].units[p].present() && (k++ & 1)) dislodged[i].dislodged[p].unit = start[i].units[p];
    }
  }
};

Boards& boards() {
  static Boards* b = new Boards();  // set up once, before fuzzing starts
  return *b;
}

void check(bool ok) {
  if (!ok) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  Boards& b = boards();
  // The first byte chooses the board, phase, position and power.
  std::uint8_t sel = data[0];
  int board = sel & 1;
  PhaseKind phase = static_cast<PhaseKind>(((sel >> 1) & 3) % 3);
  ParseContext ctx;
  ctx.map = &b.maps[board];
  ctx.phase = phase;
  if (sel & 8) ctx.position = phase == PhaseKind::Retreat ? &b.dislodged[board] : &b.start[board];
  if (sel & 16) ctx.power = static_cast<PowerId>((sel >> 5) % b.maps[board].power_count());
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  Order order;
  ParseError err;
  if (parse_order(ctx, text, order, err)) {
    for (OrderStyle style : {OrderStyle::Rulebook, OrderStyle::Judge}) {
      OrderText t;
      format_order_with_power(*ctx.map, order, style, t);
      Order back;
      ParseError err2;
      check(parse_order(ctx, t.view(), back, err2));
      check(back == order);
    }
  } else {
    check(err.kind != ParseErrorKind::None && !err.message.empty());
    check(err.column >= 0 && static_cast<std::size_t>(err.column) <= text.size());
  }
  Statement s;
  if (parse_statement(ctx, text, s, err)) {
    StatementText t;
    format_statement(*ctx.map, s, OrderStyle::Judge, t);
    Statement back;
    check(parse_statement(ctx, t.view(), back, err));
    check(back == s);
    if (s.kind == StatementKind::Conditional && ctx.position && ctx.phase == PhaseKind::Movement) {
      ConditionList mine;
      for (const Condition& c : s.conditions) mine.push_back(c);
      ReasonText why;
      int bad = 0;
      if (!check_conditions(*ctx.map, *ctx.position, mine, why, bad)) check(!why.empty() && bad < mine.size());
    }
  }
  ParsedOrders line;
  parse_order_line(ctx, text, line, err);
  return 0;
}
