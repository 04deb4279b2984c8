// The game master's corrections on the command line: edit the position,
// roll back to an earlier phase, list and restore the abandoned lines.
//   colonial-judge edit GAME [FILE|-]
//   colonial-judge rollback GAME [--to PHASE]
//   colonial-judge branches GAME [--restore N]
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "command.h"
#include "command_line.h"
#include "files.h"
#include "game.h"
#include "map.h"
#include "report.h"
#include "session.h"
#include "setup.h"
#include "translate.h"

namespace colonial::judge {
namespace {

using text::format;
using text::tr;
using text::trn;

std::string phase_name(const Phase& phase) {
  PhaseText t;
  describe_phase(phase, t);
  return std::string(t.view());
}

std::string name_of(const Map& map, PowerId p) { return std::string(power_name(map, p)); }

bool read_input(const std::string& input, std::string& text, std::string& error) {
  if (input != "-") return platform::read_file(input, text, error);
  std::string line;
  while (std::getline(std::cin, line)) text += line + "\n";
  return true;
}

// "Britain: placed A ben; removed F hon", one line per power changed.
void print_changes(const Map& map, const Position& before, const Position& after, u32 cd_before, u32 cd_after) {
  if (!(before.phase == after.phase))
    std::printf(tr("phase: %s -> %s\n"), phase_name(before.phase).c_str(), phase_name(after.phase).c_str());
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const Unit& a = before.units[p];
    const Unit& b = after.units[p];
    if (a == b) continue;
    OrderText where;
    if (a.present()) {
      format_location(map, unit_location(map, p, a), OrderStyle::Judge, where);
      std::printf(tr("removed %s %c %s\n"), name_of(map, a.power).c_str(), unit_letter(a.type), where.c_str());
    }
    if (b.present()) {
      format_location(map, unit_location(map, p, b), OrderStyle::Judge, where);
      std::printf(tr("placed %s %c %s\n"), name_of(map, b.power).c_str(), unit_letter(b.type), where.c_str());
    }
  }
  for (int i = 0; i < map.province_count(); ++i) {
    if (before.owner[i] == after.owner[i]) continue;
    std::printf(tr("owner of %s: %s -> %s\n"), map.province(static_cast<ProvinceId>(i)).name,
                before.owner[i] == kNoPower ? tr("nobody") : name_of(map, before.owner[i]).c_str(),
                after.owner[i] == kNoPower ? tr("nobody") : name_of(map, after.owner[i]).c_str());
  }
  for (PowerId p = 0; p < map.power_count(); ++p)
    if (((cd_before ^ cd_after) >> p) & 1u)
      std::printf((cd_after >> p) & 1u ? tr("%s in civil disorder\n") : tr("%s out of civil disorder\n"),
                  name_of(map, p).c_str());
}

// ---------------------------------------------------------------------------
// edit

constexpr std::string_view kEditUsage =
    N_("usage: colonial-judge edit GAME [FILE|-]\n"
       "\n"
       "Corrects the position of the game in progress, as a game master does when the\n"
       "app's board must match the table's. Reads, from FILE or standard input, the\n"
       "DATC's PRESTATE form: any of\n"
       "  PRESTATE_SETPHASE 1872 Movement\n"
       "  PRESTATE                        the units (all of them: the block replaces them)\n"
       "    Russia: A mos\n"
       "  PRESTATE_DISLODGED              dislodged units (retreat phases)\n"
       "  PRESTATE_SUPPLYCENTER_OWNERS    the colonies' owners (all of them)\n"
       "    Russia: mos\n"
       "  CIVIL_DISORDER Turkey           the powers in civil disorder\n"
       "Blocks left out keep what the game has. An impossible position is refused\n"
       "with the reason and nothing is saved. The edit is kept in the record as an\n"
       "event, so `verify` replays the whole game through it; orders handed in for\n"
       "the phase are dropped.\n");

int run_edit(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("edit", kEditUsage, argc, argv, {}, 1, 2, code)) return code;
  const std::string path = cl.word(0);
  const std::string input = cl.words().size() == 2 ? cl.word(1) : "-";
  if (!load_game(path)) return 1;
  Game& g = session().game;
  if (g.over()) return fail("edit", tr("the game is over: roll back to a phase before its end to change it"));
  std::string text, error;
  if (!read_input(input, text, error)) return fail("edit", error);
  Position edited = g.position();
  u32 civil_disorder = g.surrendered_mask();
  SetupError err;
  if (!read_position_text(g.map(), text, edited, civil_disorder, err)) {
    const std::string where = input == "-" ? format(tr("line %d"), err.line) : input + ":" + std::to_string(err.line);
    return fail("edit", format(tr("%s: %s; nothing was saved"), where.c_str(), err.message.c_str()));
  }
  ReasonText why;
  if (!check_position(g.map(), edited, why))
    return fail("edit", format(tr("the position cannot stand: %s; nothing was saved"), why.c_str()));
  const Position before = g.position();
  const u32 cd_before = g.surrendered_mask();
  if (edited == before && civil_disorder == cd_before) {
    std::fputs(tr("Nothing changes.\n"), stdout);
    return 0;
  }
  if (!g.apply_edit(edited, civil_disorder)) return fail("edit", tr("the record is full: no more edits fit"));
  print_changes(g.map(), before, edited, cd_before, civil_disorder);
  if (!save_game(path)) return 1;
  std::printf(tr("Edited; now %s.\n"), phase_name(g.phase()).c_str());
  return 0;
}

// ---------------------------------------------------------------------------
// rollback

constexpr std::string_view kRollbackUsage =
    N_("usage: colonial-judge rollback GAME [--to PHASE]\n"
       "\n"
       "Goes back to the start of an earlier phase to play it again with corrected\n"
       "orders: the phase given (a number from `colonial-judge results`, 1 = the first\n"
       "phase played, or its name: \"1872 Movement\"), by default the last phase played.\n"
       "The orders given in it are handed in again, to be corrected with `submit`.\n"
       "The phases undone and the phase in progress are kept in the record as a\n"
       "branch, never lost: `colonial-judge branches GAME` lists them and restores one.\n");

int run_rollback(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("rollback", kRollbackUsage, argc, argv, {{"to", true}}, 1, 1, code)) return code;
  const std::string path = cl.word(0), to = cl.value("to");
  if (!load_game(path)) return 1;
  Game& g = session().game;
  if (g.history_size() == 0) return fail("rollback", std::string(phrase(Phrase::RollbackNothing)));
  int index = g.history_size() - 1;
  while (index > 0 && g.history(index).edit) --index;  // the last phase played, not an edit
  if (!to.empty()) {
    Phase phase;
    char* end = nullptr;
    const long n = std::strtol(to.c_str(), &end, 10);
    if (*end == '\0' && n >= 1 && n <= g.history_size()) {
      index = static_cast<int>(n - 1);
    } else if (read_phase_text(to, g.map().biennial_calendar(), phase)) {
      index = -1;
      for (int i = g.history_size() - 1; i >= 0 && index < 0; --i)
        if (g.history(i).position.phase == phase && !g.history(i).edit) index = i;
      if (index < 0) return fail("rollback", format(tr("no phase %s was played in this game"), to.c_str()));
    } else {
      return fail("rollback", format(tr("--to wants a phase number (1 to %d) or a phase name"), g.history_size()), 2);
    }
  }
  const int undone = g.history_size() - index;
  const std::string from = phase_name(g.phase());
  FixedString<160> why;
  if (!g.rollback(index, why)) return fail("rollback", why.c_str());
  std::printf(trn("Back to %s: %d phase undone, up to %s, kept as branch %d.\n",
                  "Back to %s: %d phases undone, up to %s, kept as branch %d.\n", undone),
              phase_name(g.phase()).c_str(), undone, from.c_str(), g.branch_count());
  std::printf(tr("Orders handed in again (correct them with submit): %d\n"), g.pending_orders().size());
  if (!save_game(path)) return 1;
  return 0;
}

// ---------------------------------------------------------------------------
// branches

constexpr std::string_view kBranchesUsage =
    N_("usage: colonial-judge branches GAME [--restore N]\n"
       "\n"
       "Lists the lines of play abandoned by rollbacks, kept in the record: where each\n"
       "left the line played, how far it went. --restore N puts branch N back in play;\n"
       "the line played from there becomes a branch in its place (nothing is lost).\n");

int run_branches(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("branches", kBranchesUsage, argc, argv, {{"restore", true}}, 1, 1, code)) return code;
  const std::string path = cl.word(0);
  int restore = 0;
  if (cl.has("restore")) {
    restore = std::atoi(cl.value("restore").c_str());
    if (restore < 1) return fail("branches", tr("--restore wants a branch number (1, 2, ...)"), 2);
  }
  if (!load_game(path)) return 1;
  Game& g = session().game;
  if (restore != 0) {
    if (restore < 1 || restore > g.branch_count())
      return fail("branches",
                  g.branch_count() == 0 ? std::string(tr("this game has no branches"))
                                        : format(tr("--restore wants a branch number from 1 to %d"), g.branch_count()),
                  2);
    FixedString<160> why;
    if (!g.restore_branch(restore - 1, why)) return fail("branches", why.c_str());
    if (!save_game(path)) return 1;
    std::printf(tr("Branch %d restored: now %s; the line it replaced is branch %d.\n"), restore,
                phase_name(g.phase()).c_str(), g.branch_count());
    return 0;
  }
  if (g.branch_count() == 0) {
    std::fputs(tr("No branches: no rollback has been made.\n"), stdout);
    return 0;
  }
  for (int b = 0; b < g.branch_count(); ++b) {
    const Branch& br = g.branch(b);
    const std::string left =
        br.count > 0 ? phase_name(g.archived(br.first).position.phase) : phase_name(br.position.phase);
    std::printf(trn("%d: left at %s (phase %d), %d phase played on it, reached %s%s\n",
                    "%d: left at %s (phase %d), %d phases played on it, reached %s%s\n", br.count),
                b + 1, left.c_str(), br.fork + 1, br.count, phase_name(br.position.phase).c_str(),
                br.result.end != GameEnd::None ? tr(" (game over)") : "");
  }
  return 0;
}

const CommandRegistration edit_registration({
    "edit",
    N_("correct the position (units, owners, phase, civil disorder) as a game master"),
    kEditUsage,
    &run_edit,
});
const CommandRegistration rollback_registration({
    "rollback",
    N_("go back to an earlier phase to play it again (the rest kept as a branch)"),
    kRollbackUsage,
    &run_rollback,
});
const CommandRegistration branches_registration({
    "branches",
    N_("list or restore the lines abandoned by rollbacks"),
    kBranchesUsage,
    &run_branches,
});

}  // namespace
}  // namespace colonial::judge
