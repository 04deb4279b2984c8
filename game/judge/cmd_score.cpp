// colonial-judge score: a season's standings from finished game records, by
// one of the hobby's scoring systems (engine/scoring.h, docs/SCORING.md).
// Players are the names typed on the new-game screen: the same name, spaces
// around it aside and in any case, is the same player.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"
#include "command_line.h"
#include "files.h"
#include "game_rules.h"
#include "language.h"
#include "map.h"
#include "phrases.h"
#include "record.h"
#include "scoring.h"
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

// A name as typed, without the spaces around it.
std::string trimmed(std::string_view name) {
  const auto space = [](char c) { return c == ' ' || c == '\t'; };
  while (!name.empty() && space(name.front())) name.remove_prefix(1);
  while (!name.empty() && space(name.back())) name.remove_suffix(1);
  return std::string(name);
}

// What tells two spellings of one name apart: nothing but case (letters of
// the ASCII alphabet; other letters are compared as typed).
std::string name_key(std::string_view name) {
  std::string key = trimmed(name);
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

struct Standing {
  std::string name;  // as first seen
  std::vector<double> scores;
  double total = 0;
  double best = 0;  // the sum of the best N (all when fewer games)
  double average() const { return scores.empty() ? 0 : total / static_cast<double>(scores.size()); }
};

// The text of a record that tells one game from another: the players and
// table on its settings lines and its first block (the first phase played,
// or the phase in progress when none was).
std::string game_identity(std::string_view text) {
  std::string identity;
  std::size_t at = 0;
  std::size_t block = std::string_view::npos;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    if (line.starts_with("player ") || line.starts_with("table ")) {
      identity.append(line);
      identity.push_back('\n');
    }
    if (line.starts_with("phase ") || line.starts_with("current ")) {
      block = at;
      break;
    }
    at = end + 1;
  }
  if (block != std::string_view::npos) {
    const std::size_t stop = text.find("\nend", block);
    identity.append(text.substr(block, stop == std::string_view::npos ? std::string_view::npos : stop - block));
  }
  return identity;
}

std::string number(double v) {
  std::string s = format("%.2f", v);
  return s;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string html_escape(std::string_view s) {
  std::string out;
  for (char c : s) switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  return out;
}

int list_systems() {
  for (const ScoringSystemInfo& info : kScoringSystems) {
    const std::string label = trc("scoring", info.label.data()), description = tr(info.description);
    std::printf("%-16.*s %s: %s\n", static_cast<int>(info.name.size()), info.name.data(), label.c_str(),
                description.c_str());
  }
  return 0;
}

// The page of the standings, for printing or a notice board.
std::string standings_page(const std::vector<const Standing*>& table, const ScoringSystemInfo& system, int best,
                           int games) {
  const std::string label = trc("scoring", system.label.data());
  std::string page;
  page += "<!DOCTYPE html>\n<html lang=\"" + html_escape(text::current_language()) +
          "\">\n<head>\n<meta charset=\"utf-8\">\n";
  page += "<title>" + html_escape(format(tr("Season standings: %s"), label.c_str())) + "</title>\n";
  page +=
      "<style>\n"
      "body { font-family: sans-serif; margin: 2em; color: #000; background: #fff; }\n"
      "h1 { font-size: 1.6em; margin-bottom: 0.2em; }\n"
      "p { margin-top: 0; color: #333; }\n"
      "table { border-collapse: collapse; min-width: 60%; }\n"
      "th, td { border-bottom: 1px solid #999; padding: 0.35em 0.8em; }\n"
      "th { text-align: left; border-bottom: 2px solid #000; }\n"
      "td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }\n"
      "@media print { body { margin: 1cm; } tr { page-break-inside: avoid; } }\n"
      "</style>\n</head>\n<body>\n";
  page += "<h1>" + html_escape(format(tr("Season standings: %s"), label.c_str())) + "</h1>\n";
  page += "<p>" + html_escape(format(trn("%d game scored.", "%d games scored.", games), games)) + " " +
          html_escape(tr(system.description)) + "</p>\n";
  page += "<table>\n<tr><th class=\"n\">#</th><th>" + html_escape(tr("Player")) + "</th><th class=\"n\">" +
          html_escape(tr("Games")) + "</th><th class=\"n\">" + html_escape(tr("Total")) + "</th><th class=\"n\">" +
          html_escape(tr("Average")) + "</th>";
  if (best > 0) page += "<th class=\"n\">" + html_escape(format(tr("Best %d"), best)) + "</th>";
  page += "</tr>\n";
  int rank = 0;
  for (const Standing* s : table) {
    page += "<tr><td class=\"n\">" + std::to_string(++rank) + "</td><td>" + html_escape(s->name) +
            "</td><td class=\"n\">" + std::to_string(s->scores.size()) + "</td><td class=\"n\">" + number(s->total) +
            "</td><td class=\"n\">" + number(s->average()) + "</td>";
    if (best > 0) page += "<td class=\"n\">" + number(s->best) + "</td>";
    page += "</tr>\n";
  }
  page += "</table>\n</body>\n</html>\n";
  return page;
}

// The standings as a table of columns, for the terminal.
void print_table(const std::vector<const Standing*>& table, const ScoringSystemInfo& info, int best, int games) {
  const std::string label = trc("scoring", info.label.data());
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
  for (const Standing* st : table) name_width = std::max(name_width, width(st->name));
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
  for (const Standing* st : table) {
    line = cell(std::to_string(++rank), 4, true) + "  " + cell(st->name, name_width, false) +
           cell(std::to_string(st->scores.size()), column, true) + cell(number(st->total), column, true) +
           cell(number(st->average()), column, true);
    if (best > 0) line += cell(number(st->best), column, true);
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
  // Two spellings of one player.
  std::map<std::string, std::string> same_player;
  for (const auto& [option, value] : cl.options()) {
    if (option != "same-player") continue;
    const std::size_t eq = value.find('=');
    if (eq == std::string::npos || name_key(value.substr(0, eq)).empty() || name_key(value.substr(eq + 1)).empty())
      return fail("score", format(tr("--same-player takes NAME=NAME, not '%s'"), value.c_str()), 2);
    same_player[name_key(value.substr(0, eq))] = value.substr(eq + 1);
  }

  Session& s = session();
  std::string loaded_variant;
  std::map<std::string, std::string> games_seen;  // identity -> the record that had it
  std::map<std::string, Standing> standings;      // by name_key
  int problems = 0, games = 0;
  ScoreInput input;
  ScoreSheet sheet;
  for (const std::string& path : cl.words()) {
    std::string text, error;
    if (!platform::read_file(path, text, error)) {
      std::fprintf(stderr, tr("colonial-judge score: %s\n"), error.c_str());
      ++problems;
      continue;
    }
    const std::string_view variant = record_variant(text);
    if (variant.empty()) {
      std::fprintf(stderr, tr("colonial-judge score: %s is not a Colonial game record\n"), path.c_str());
      ++problems;
      continue;
    }
    if (variant != loaded_variant) {
      if (!load_variant(variant, s.map)) {
        ++problems;
        loaded_variant.clear();
        continue;
      }
      loaded_variant = std::string(variant);
    }
    RecordError err;
    if (!read_record(text, s.map, s.game, s.scratch, err)) {
      std::fprintf(stderr, tr("colonial-judge score: %s:%d: %s\n"), path.c_str(), err.line, err.message.c_str());
      ++problems;
      continue;
    }
    if (!score_input_of_game(s.game, input)) {
      std::fprintf(stderr, tr("colonial-judge score: %s: the game is not finished\n"), path.c_str());
      ++problems;
      continue;
    }
    const auto [seen, fresh] = games_seen.emplace(game_identity(text), path);
    if (!fresh) {
      std::fprintf(stderr, tr("colonial-judge score: %s is the same game as %s\n"), path.c_str(), seen->second.c_str());
      ++problems;
      continue;
    }
    if (problems) continue;  // nothing will be printed: only look for further problems
    score_game(system, input, sheet);
    ++games;
    const GameSettings& settings = s.game.settings();
    for (int i = 0; i < input.players.size(); ++i) {
      std::string name;
      for (int p = 0; p < kMaxPowers && name.empty(); ++p)
        if ((input.players[i].powers >> p) & 1u) name = trimmed(settings.player_names[p].view());
      if (name.empty()) {
        const PowerId first = static_cast<PowerId>(std::countr_zero(input.players[i].powers));
        const std::string_view power = power_name(s.map, first);
        std::fprintf(stderr, tr("colonial-judge score: %s: %.*s has no player's name; left out of the standings\n"),
                     path.c_str(), static_cast<int>(power.size()), power.data());
        continue;
      }
      std::string key = name_key(name);
      if (const auto alias = same_player.find(key); alias != same_player.end()) {
        name = trimmed(alias->second);
        key = name_key(name);
      }
      Standing& standing = standings[key];
      if (standing.name.empty()) standing.name = name;
      standing.scores.push_back(sheet.points[i]);
      standing.total += sheet.points[i];
    }
  }
  if (problems)
    return fail("score", format(trn("%d record could not be scored; nothing was scored",
                                    "%d records could not be scored; nothing was scored", problems),
                                problems));

  std::vector<const Standing*> table;
  for (auto& [key, standing] : standings) {
    std::vector<double> sorted = standing.scores;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    const std::size_t counted =
        best > 0 ? std::min<std::size_t>(sorted.size(), static_cast<std::size_t>(best)) : sorted.size();
    for (std::size_t i = 0; i < counted; ++i) standing.best += sorted[i];
    table.push_back(&standing);
  }
  std::stable_sort(table.begin(), table.end(), [&](const Standing* a, const Standing* b) {
    const double ka = best > 0 ? a->best : a->total, kb = best > 0 ? b->best : b->total;
    if (ka != kb) return ka > kb;
    return a->average() > b->average();
  });

  const ScoringSystemInfo& info = scoring_system_info(system);
  if (cl.has("html")) {
    const std::string path = cl.value("html");
    std::string error;
    if (!platform::save_file_atomic(path, standings_page(table, info, static_cast<int>(best), games), error))
      return fail("score", format(tr("%s (the previous file is unchanged)"), error.c_str()));
  }
  if (cl.has("csv")) {
    std::string header = csv_field(tr("Player")) + "," + csv_field(tr("Games")) + "," + csv_field(tr("Total")) + "," +
                         csv_field(tr("Average"));
    if (best > 0) {
      header += ',';
      header += csv_field(format(tr("Best %d"), static_cast<int>(best)));
    }
    std::printf("%s\n", header.c_str());
    for (const Standing* st : table) {
      std::printf("%s,%zu,%s,%s", csv_field(st->name).c_str(), st->scores.size(), number(st->total).c_str(),
                  number(st->average()).c_str());
      if (best > 0) std::printf(",%s", number(st->best).c_str());
      std::printf("\n");
    }
    return 0;
  }
  print_table(table, info, static_cast<int>(best), games);
  return 0;
}

const CommandRegistration registration({
    "score",
    N_("a season's standings from finished game records, by a scoring system"),
    kScoreUsage,
    &run_score,
});

}  // namespace
}  // namespace colonial::judge
