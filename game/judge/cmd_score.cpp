// colonial-judge score: a season's standings from finished game records, by
// one of the hobby's scoring systems (engine/scoring.h, docs/SCORING.md).
// Players are the names typed on the new-game screen: the same name, spaces
// around it aside and in any case, is the same player.
#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

#include "command.h"
#include "command_line.h"
#include "files.h"
#include "game_rules.h"
#include "scoring.h"
#include "season.h"
#include "session.h"
#include "translate.h"

namespace colonial::judge {
namespace {

using text::format;
using text::tr;
using text::trc;
using text::trn;

constexpr std::string_view kScoreUsage =
    N_("usage: colonial-judge score RECORD... --system NAME [--best N] [--csv] [--html FILE]\n"
       "                            [--same-player NAME=NAME]...\n"
       "       colonial-judge score --systems\n"
       "\n"
       "Scores every finished game record by the scoring system NAME and prints the\n"
       "season's standings: each player (by the name typed for the game; spaces around\n"
       "it and upper or lower case make no difference), the games played, the total,\n"
       "the average and, with --best N, the sum of their N best games, by which the\n"
       "table is then ordered (by the total otherwise). A player who commands several\n"
       "powers is scored once for all of them. docs/SCORING.md defines the systems.\n"
       "\n"
       "  --systems           list the scoring systems\n"
       "  --csv               print the table as CSV instead\n"
       "  --html FILE         also write the table as a printable web page to FILE\n"
       "  --same-player A=B   count the name A as the player B (two spellings of one\n"
       "                      name)\n"
       "\n"
       "Nothing is scored when any record cannot be read, is not finished, or is a\n"
       "second record of a game already given (the same players, table and first\n"
       "phase): each is named, and the exit code is 1.\n");

int list_systems() {
  for (const ScoringSystemInfo& info : kScoringSystems) {
    const std::string label = trc("scoring", info.label.data()), description = tr(info.description);
    std::printf("%-16.*s %s: %s\n", static_cast<int>(info.name.size()), info.name.data(), label.c_str(),
                description.c_str());
  }
  return 0;
}

// The standings as a table of columns, for the terminal.
void print_table(const Standings& standings) {
  const int best = standings.best, games = standings.games;
  const std::string label = trc("scoring", scoring_system_info(standings.system).label.data());
  std::printf("%s\n", format(tr("Season standings: %s"), label.c_str()).c_str());
  std::printf("%s\n\n", format(trn("%d game scored.", "%d games scored.", games), games).c_str());
  // Columns by characters, not bytes: names and headings may be accented.
  auto width = [](std::string_view t) {
    int n = 0;
    for (char c : t) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
  };
  const std::string player = tr("Player"), played = tr("Games"), total = tr("Total"), average = tr("Average");
  const std::string best_heading = best > 0 ? format(tr("Best %d"), best) : std::string();
  int name_width = width(player);
  for (const Standing& st : standings.rows) name_width = std::max(name_width, width(st.name));
  auto cell = [&](const std::string& t, int w, bool right) {
    const int pad = std::max(0, w - width(t));
    std::string out;
    if (right) out.append(static_cast<std::size_t>(pad), ' ');
    out += t;
    if (!right) out.append(static_cast<std::size_t>(pad), ' ');
    return out;
  };
  int column = 10;  // each number column as wide as its longest heading and two spaces
  for (const std::string* heading : {&played, &total, &average, &best_heading})
    column = std::max(column, width(*heading) + 2);
  std::string line = cell("#", 4, true) + "  " + cell(player, name_width, false) + cell(played, column, true) +
                     cell(total, column, true) + cell(average, column, true);
  if (best > 0) line += cell(best_heading, column, true);
  std::printf("%s\n", line.c_str());
  int rank = 0;
  for (const Standing& st : standings.rows) {
    line = cell(std::to_string(++rank), 4, true) + "  " + cell(st.name, name_width, false) +
           cell(std::to_string(st.scores.size()), column, true) + cell(score_text(st.total), column, true) +
           cell(score_text(st.average()), column, true);
    if (best > 0) line += cell(score_text(st.best), column, true);
    std::printf("%s\n", line.c_str());
  }
}

int run_score(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse(
          "score", kScoreUsage, argc, argv,
          {{"system", true}, {"best", true}, {"systems", false}, {"csv", false}, {"html", true}, {"same-player", true}},
          0, 100000, code))
    return code;
  if (cl.has("systems")) return list_systems();
  if (cl.words().empty()) return fail("score", tr("give the game records to score (colonial-judge help score)"), 2);
  if (!cl.has("system"))
    return fail("score", tr("give the scoring system: --system NAME (colonial-judge score --systems)"), 2);
  const std::string system_name = cl.value("system");
  ScoringSystem system{};
  if (!find_scoring_system(system_name, system))
    return fail("score",
                format(tr("no scoring system '%s' (colonial-judge score --systems lists them)"), system_name.c_str()),
                2);
  long best = 0;
  if (cl.has("best")) {
    const std::string value = cl.value("best");
    if (!parse_number(value, 1, 1000000, best))
      return fail("score", format(tr("--best takes a number of games from 1 up, not '%s'"), value.c_str()), 2);
  }
  PlayerMerges merges;
  for (const auto& [option, value] : cl.options())
    if (option == "same-player" && !merges.add_pair(value))
      return fail("score", format(tr("--same-player takes NAME=NAME, not '%s'"), value.c_str()), 2);

  Session& s = session();
  // The judge's map loader says itself what is wrong with a board.
  SeasonGames season(s.map, s.game, s.scratch,
                     [](std::string_view variant, Map& map, std::string&) { return load_variant(variant, map); });
  int problems = 0;
  for (const std::string& path : cl.words()) {
    std::string text, error;
    if (!platform::read_file(path, text, error)) {
      std::fprintf(stderr, tr("colonial-judge score: %s\n"), error.c_str());
      ++problems;
      continue;
    }
    const SeasonReadResult read = season.read(text, path);
    switch (read.refusal) {
      case SeasonRefusal::None: break;
      case SeasonRefusal::NotARecord:
        std::fprintf(stderr, tr("colonial-judge score: %s is not a Colonial game record\n"), path.c_str());
        break;
      case SeasonRefusal::NoMap: break;
      case SeasonRefusal::Damaged:
        std::fprintf(stderr, tr("colonial-judge score: %s:%d: %s\n"), path.c_str(), read.line, read.message.c_str());
        break;
      case SeasonRefusal::NotFinished:
        std::fprintf(stderr, tr("colonial-judge score: %s: the game is not finished\n"), path.c_str());
        break;
      case SeasonRefusal::SameGame:
        std::fprintf(stderr, tr("colonial-judge score: %s is the same game as %s\n"), path.c_str(),
                     read.same_as.c_str());
        break;
    }
    if (read.refusal != SeasonRefusal::None) {
      ++problems;
      continue;
    }
    if (problems) continue;  // nothing will be printed: only look for further problems
    for (const SeasonGame::Player& player : read.game->players)
      if (player.name.empty())
        std::fprintf(stderr, tr("colonial-judge score: %s: %.*s has no player's name; left out of the standings\n"),
                     path.c_str(), static_cast<int>(player.power.size()), player.power.data());
  }
  if (problems)
    return fail("score", format(trn("%d record could not be scored; nothing was scored",
                                    "%d records could not be scored; nothing was scored", problems),
                                problems));

  const Standings standings = season_standings(season.games(), system, static_cast<int>(best), merges);
  if (cl.has("html")) {
    const std::string path = cl.value("html");
    std::string error;
    if (!platform::save_file_atomic(path, standings_page(standings), error))
      return fail("score", format(tr("%s (the previous file is unchanged)"), error.c_str()));
  }
  if (cl.has("csv")) {
    std::fputs(standings_csv(standings).c_str(), stdout);
    return 0;
  }
  print_table(standings);
  return 0;
}

const CommandRegistration score_registration({
    "score",
    N_("a season's standings from finished game records, by a scoring system"),
    kScoreUsage,
    &run_score,
});

}  // namespace
}  // namespace colonial::judge
