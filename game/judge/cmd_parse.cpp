// colonial-judge parse: reads orders, one per line, and prints how the
// engine's parser reads each of them (the same parser the app, the DATC runner
// and game records use).
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "command.h"
#include "command_line.h"
#include "map.h"
#include "notation.h"
#include "position.h"
#include "translate.h"

namespace colonial::judge {
namespace {

using text::tr;

constexpr std::string_view kUsage =
    N_("usage: colonial-judge parse [--variant colonial|standard] [--phase movement|retreat|adjustment]\n"
       "                            [--position start] [--power NAME] [--style judge|rulebook]\n"
       "\n"
       "Reads one order per line on standard input, either \"Power: order\" or a bare\n"
       "order, and prints one line for each input line:\n"
       "  ok <order>        the order in canonical form (judge notation, or the\n"
       "                    rulebook's with --style rulebook), with its power if known\n"
       "  error <kind>: <reason> (column N)   why the line is not an order, with a\n"
       "                    suggestion where one helps, and where (1-based byte);\n"
       "                    kinds: empty, syntax, unknown-province,\n"
       "                    ambiguous-province, unknown-power, unknown-coast, no-unit,\n"
       "                    wrong-power, wrong-phase, no-canal, too-long\n"
       "Blank lines count as lines (\"error empty: ...\"), so output line N answers\n"
       "input line N. Besides orders a line may hold DRAW, SURRENDER or a conditional\n"
       "retreat or adjustment (\"If MUN is dislodged, retreat BER, KIE\").\n"
       "\n"
       "Options:\n"
       "  --variant V    the board: colonial (default) or standard\n"
       "  --phase P      movement (default), retreat or adjustment: \"A BEN-NEP\" is a\n"
       "                 retreat in a retreat phase; \"A OMSK\" is a build in an\n"
       "                 adjustment phase\n"
       "  --position start   check orders against the starting position: the unit\n"
       "                 must be there and belong to the ordering power; unit types\n"
       "                 and powers left out are filled in\n"
       "  --power NAME   the power all orders are for (a \"Power:\" prefix must agree)\n"
       "  --style S      judge (default) or rulebook notation for the output\n"
       "\n"
       "Exit status: 0 when every line was read as an order, 1 when some line was\n"
       "not, 2 for a usage error.\n"
       "\n"
       "Example:\n"
       "  printf 'Britain: F HK S F GOS-SCS\\nA DEL - Lucnow\\n' | colonial-judge parse\n"
       "  ok Britain: F hon S F gos - scs\n"
       "  error unknown-province: no province 'Lucnow' - did you mean Lucknow (LUC)? (column 9)\n");

// `what` is a translated format with one %s, the argument refused.
int usage_error(const char* what, const char* arg) {
  std::fprintf(stderr, "colonial-judge parse: %s\n", text::format(what, arg).c_str());
  std::fputs(tr("run 'colonial-judge help parse' for the options\n"), stderr);
  return 2;
}

int run_parse(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("parse", kUsage, argc, argv,
                {{"variant", true}, {"phase", true}, {"position", true}, {"power", true}, {"style", true}}, 0, 0, code))
    return code;
  const std::string variant = cl.value("variant", "colonial");
  const std::string power_option = cl.value("power");
  const char* power_name = cl.has("power") ? power_option.c_str() : nullptr;
  PhaseKind phase = PhaseKind::Movement;
  if (const std::string p = cl.value("phase", "movement"); p == "retreat")
    phase = PhaseKind::Retreat;
  else if (p == "adjustment")
    phase = PhaseKind::Adjustment;
  else if (p != "movement")
    return usage_error(tr("--phase must be movement, retreat or adjustment, not %s"), p.c_str());
  bool start_position = false;
  if (cl.has("position")) {
    if (cl.value("position") != "start")
      return usage_error(tr("--position knows only 'start', not %s"), cl.value("position").c_str());
    start_position = true;
  }
  OrderStyle style = OrderStyle::Judge;
  if (const std::string v = cl.value("style", "judge"); v == "rulebook")
    style = OrderStyle::Rulebook;
  else if (v != "judge")
    return usage_error(tr("--style must be judge or rulebook, not %s"), v.c_str());

  std::string_view text = builtin_map_text(variant);
  if (text.empty()) return usage_error(tr("unknown variant (colonial or standard): %s"), variant.c_str());
  // A Map is about 100 KB: static storage, not the stack.
  static Map map;
  static Position position;
  MapErrors map_errors;
  if (!load_map(text, variant, map, map_errors)) {
    FixedString<2048> msg;
    map_errors.format(msg);
    std::fprintf(stderr, tr("colonial-judge parse: the built-in map does not load:\n%s"), msg.c_str());
    return 1;
  }
  ParseContext ctx;
  ctx.map = &map;
  ctx.phase = phase;
  if (start_position) {
    set_start_position(map, position);
    position.phase.kind = phase;
    ctx.position = &position;
  }
  if (power_name) {
    ctx.power = map.find_power(power_name);
    if (ctx.power == kNoPower) return usage_error(tr("no such power on this board: %s"), power_name);
  }

  bool all_ok = true;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    Statement s;
    ParseError err;
    if (parse_statement(ctx, line, s, err)) {
      StatementText out;
      format_statement(map, s, style, out);
      std::printf("ok %s\n", out.c_str());
    } else {
      all_ok = false;
      // "ok" and "error KIND:" are for scripts: the same in every language.
      std::printf("error %.*s: %s %s\n", static_cast<int>(parse_error_kind_name(err.kind).size()),
                  parse_error_kind_name(err.kind).data(), err.message.c_str(),
                  text::format(tr("(column %d)"), err.column + 1).c_str());
    }
  }
  std::fflush(stdout);
  return all_ok ? 0 : 1;
}

const CommandRegistration kRegistration{
    Command{"parse", N_("read orders from stdin and print how they parse (ok/error per line)"), kUsage, run_parse}};

}  // namespace
}  // namespace colonial::judge
