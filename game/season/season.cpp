#include "season.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <functional>
#include <utility>

#include "files.h"
#include "game_rules.h"
#include "language.h"
#include "record.h"
#include "text_lines.h"
#include "translate.h"

namespace colonial {

namespace {

using text::format;
using text::tr;
using text::trc;
using text::trn;

constexpr std::string_view kSamePlayer = "same-player ";
constexpr std::string_view kSystem = "system ";
constexpr std::string_view kBest = "best ";

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

}  // namespace

std::string trimmed_name(std::string_view name) {
  const auto space = [](char c) { return c == ' ' || c == '\t'; };
  while (!name.empty() && space(name.front())) name.remove_prefix(1);
  while (!name.empty() && space(name.back())) name.remove_suffix(1);
  return std::string(name);
}

std::string player_key(std::string_view name) {
  std::string key = trimmed_name(name);
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

bool PlayerMerges::add(std::string_view alias, std::string_view name) {
  const std::string key = player_key(alias);
  // The same name on both sides is kept too: it chooses the spelling shown.
  if (key.empty() || player_key(name).empty()) return false;
  by_key_[key] = Merge{trimmed_name(alias), std::string(name)};
  return true;
}

bool PlayerMerges::add_pair(std::string_view pair) {
  const std::size_t eq = pair.find('=');
  if (eq == std::string_view::npos || player_key(pair.substr(0, eq)).empty() || player_key(pair.substr(eq + 1)).empty())
    return false;
  return add(pair.substr(0, eq), pair.substr(eq + 1));
}

void PlayerMerges::remove(std::string_view alias) { by_key_.erase(player_key(alias)); }

std::string PlayerMerges::player_of(std::string_view name) const {
  if (const auto merge = by_key_.find(player_key(name)); merge != by_key_.end())
    return trimmed_name(merge->second.name);
  return trimmed_name(name);
}

std::vector<PlayerMerges::Merge> PlayerMerges::list() const {
  std::vector<Merge> out;
  out.reserve(by_key_.size());
  for (const auto& [key, merge] : by_key_) out.push_back(merge);
  return out;
}

bool read_season_settings(const std::string& path, SeasonSettings& out, std::string& error) {
  std::string text;
  if (!platform::read_file(path, text, error)) return false;
  SeasonSettings read;
  std::string_view rest = text, line;
  for (int number = 1; next_line(rest, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trimmed_name(line).empty() || line.front() == '#') continue;
    std::string what;
    if (line.starts_with(kSamePlayer)) {
      if (!read.merges.add_pair(line.substr(kSamePlayer.size()))) what = "same-player wants NAME=NAME";
    } else if (line.starts_with(kSystem)) {
      read.has_system = find_scoring_system(trimmed_name(line.substr(kSystem.size())), read.system);
      if (!read.has_system) what = "system wants a scoring system's name (colonial-judge score --systems)";
    } else if (line.starts_with(kBest)) {
      long best = 0;
      if (!parse_number(trimmed_name(line.substr(kBest.size())), 0, kMaxSeasonBest, best))
        what = "best wants a number of games from 0 (all) to " + std::to_string(kMaxSeasonBest);
      read.best = static_cast<int>(best);
    } else {
      what = "unknown setting (system, best, same-player)";
    }
    if (!what.empty()) {
      error = platform::line_refused(path, number, what);
      return false;
    }
  }
  out = std::move(read);
  return true;
}

bool write_season_settings(const std::string& path, const SeasonSettings& settings, std::string& error) {
  std::string text =
      "# The kiosk's season, as its staff set it (Season): the name before '=' counts as the one after it.\n";
  if (settings.has_system) {
    text += kSystem;
    text += scoring_system_info(settings.system).name;
    text += '\n';
  }
  text += kBest;
  text += std::to_string(settings.best);
  text += '\n';
  for (const PlayerMerges::Merge& merge : settings.merges.list()) {
    text += kSamePlayer;
    text += merge.alias;
    text += '=';
    text += merge.name;
    text += '\n';
  }
  return platform::save_file_atomic(path, text, error);
}

SeasonGames::SeasonGames(Map& map, Game& game, Game& scratch, MapLoader load_map)
    : map_(map), game_(game), scratch_(scratch), load_map_(std::move(load_map)) {}

SeasonReadResult SeasonGames::read(std::string_view text, const std::string& source) {
  SeasonReadResult result;
  const std::string_view variant = record_variant(text);
  if (variant.empty()) {
    result.refusal = SeasonRefusal::NotARecord;
    return result;
  }
  if (variant != loaded_variant_) {
    if (!load_map_(variant, map_, result.message)) {
      loaded_variant_.clear();
      result.refusal = SeasonRefusal::NoMap;
      return result;
    }
    loaded_variant_ = std::string(variant);
  }
  RecordError err;
  if (!read_record(text, map_, game_, scratch_, err)) {
    result.refusal = SeasonRefusal::Damaged;
    result.line = err.line;
    result.message = err.message.c_str();
    return result;
  }
  SeasonGame game;
  if (!score_input_of_game(game_, game.input)) {
    result.refusal = SeasonRefusal::NotFinished;
    return result;
  }
  const auto [seen, fresh] = seen_.emplace(game_identity(text), source);
  if (!fresh) {
    result.refusal = SeasonRefusal::SameGame;
    result.same_as = seen->second;
    return result;
  }
  game.source = source;
  const GameSettings& settings = game_.settings();
  game.scored = settings.scored;
  game.system = settings.scoring;
  for (const ScoredPlayer& scored : game.input.players) {
    SeasonGame::Player player;
    for (int p = 0; p < kMaxPowers && player.name.empty(); ++p)
      if ((scored.powers >> p) & 1u) player.name = trimmed_name(settings.player_names[p].view());
    player.power = power_name(map_, static_cast<PowerId>(std::countr_zero(scored.powers)));
    game.players.push_back(std::move(player));
  }
  games_.push_back(std::move(game));
  result.game = &games_.back();
  return result;
}

Standings season_standings(const std::vector<SeasonGame>& games, ScoringSystem system, int best,
                           const PlayerMerges& merges) {
  Standings out;
  out.system = system;
  out.best = best;
  std::map<std::string, Standing> standings;  // by player_key
  ScoreSheet sheet;
  for (const SeasonGame& game : games) {
    score_game(system, game.input, sheet);
    ++out.games;
    for (std::size_t i = 0; i < game.players.size(); ++i) {
      if (game.players[i].name.empty()) continue;
      const std::string name = merges.player_of(game.players[i].name);
      Standing& standing = standings[player_key(name)];
      if (standing.name.empty()) standing.name = name;
      standing.scores.push_back(sheet.points[i]);
      standing.total += sheet.points[i];
    }
  }
  for (auto& [key, standing] : standings) {
    std::vector<double> sorted = standing.scores;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    const std::size_t counted =
        best > 0 ? std::min<std::size_t>(sorted.size(), static_cast<std::size_t>(best)) : sorted.size();
    for (std::size_t i = 0; i < counted; ++i) standing.best += sorted[i];
    out.rows.push_back(std::move(standing));
  }
  std::stable_sort(out.rows.begin(), out.rows.end(), [&](const Standing& a, const Standing& b) {
    const double ka = best > 0 ? a.best : a.total, kb = best > 0 ? b.best : b.total;
    if (ka != kb) return ka > kb;
    return a.average() > b.average();
  });
  return out;
}

std::string score_text(double score) { return format("%.2f", score); }

std::string standings_csv(const Standings& standings) {
  // Appended in steps: GCC 12 for aarch64 warns falsely (-Wrestrict) on a
  // literal + a temporary string.
  std::string csv = csv_field(tr("Player"));
  csv += ',';
  csv += csv_field(tr("Games"));
  csv += ',';
  csv += csv_field(tr("Total"));
  csv += ',';
  csv += csv_field(tr("Average"));
  if (standings.best > 0) {
    csv += ',';
    csv += csv_field(format(tr("Best %d"), standings.best));
  }
  csv += '\n';
  for (const Standing& row : standings.rows) {
    csv += csv_field(row.name);
    csv += ',';
    csv += std::to_string(row.scores.size());
    csv += ',';
    csv += score_text(row.total);
    csv += ',';
    csv += score_text(row.average());
    if (standings.best > 0) {
      csv += ',';
      csv += score_text(row.best);
    }
    csv += '\n';
  }
  return csv;
}

std::string standings_page(const Standings& standings) {
  const ScoringSystemInfo& system = scoring_system_info(standings.system);
  const int best = standings.best, games = standings.games;
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
  for (const Standing& s : standings.rows) {
    page += "<tr><td class=\"n\">" + std::to_string(++rank) + "</td><td>" + html_escape(s.name) +
            "</td><td class=\"n\">" + std::to_string(s.scores.size()) + "</td><td class=\"n\">" + score_text(s.total) +
            "</td><td class=\"n\">" + score_text(s.average()) + "</td>";
    if (best > 0) page += "<td class=\"n\">" + score_text(s.best) + "</td>";
    page += "</tr>\n";
  }
  page += "</table>\n</body>\n</html>\n";
  return page;
}

}  // namespace colonial
