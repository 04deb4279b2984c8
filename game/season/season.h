// A club's season: the standings of its players across finished games, by
// one of the hobby's scoring systems (engine/scoring.h, docs/SCORING.md).
// `colonial-judge score` and the kiosk's Season (staff, and its attract
// view) both read records and build their table here, so the two can never
// disagree.
//
// Players are the names typed for each game: the same name, spaces around
// it aside and in any case (ASCII letters), is the same player; two
// spellings of one name are merged by hand (PlayerMerges). A second record
// of a game already read (the same players and table lines and the same
// first phase) is refused, so no game counts twice.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"
#include "map.h"
#include "scoring.h"

namespace colonial {

// A name as typed, without the spaces and tabs around it.
std::string trimmed_name(std::string_view name);
// What tells two spellings of a name apart: nothing but case (letters of
// the ASCII alphabet; other letters are compared as typed).
std::string player_key(std::string_view name);

// Two spellings of one player, each counted as the name given for it.
class PlayerMerges {
 public:
  // Counts `alias` as the player `name` (the same name in another case
  // chooses the spelling shown); false, nothing kept, when either is blank.
  bool add(std::string_view alias, std::string_view name);
  // Parses "ALIAS=NAME" (the judge's --same-player, a line of the kiosk's
  // file) and adds it; false when it is not that.
  bool add_pair(std::string_view pair);
  // Forgets the merge of `alias`.
  void remove(std::string_view alias);
  // The player `name` counts as (trimmed): its merge's name, else itself.
  std::string player_of(std::string_view name) const;
  // Every merge, alias -> name, in the order of their keys.
  struct Merge {
    std::string alias;
    std::string name;
    bool operator==(const Merge&) const = default;
  };
  std::vector<Merge> list() const;
  bool empty() const { return by_key_.empty(); }
  bool operator==(const PlayerMerges&) const = default;

 private:
  std::map<std::string, Merge> by_key_;  // by player_key(alias)
};

// What a club keeps of its season beside its games: the system its table
// is shown by (when its games were scored by several), the best N games
// counted, and two spellings merged.
struct SeasonSettings {
  bool has_system = false;  // else: the system most of the games were scored by
  ScoringSystem system = ScoringSystem::CentreCount;
  int best = 0;  // 0: every game counts
  PlayerMerges merges;
  bool operator==(const SeasonSettings&) const = default;
};
inline constexpr int kMaxSeasonBest = 1000;

// Reads the settings kept in `path`: lines "system NAME", "best N" and
// "same-player ALIAS=NAME"; blank lines and lines beginning with '#'
// skipped. False with `error` (the file, the line and what is wrong) when
// it cannot be read or a line is none of these; `out` is then unchanged.
bool read_season_settings(const std::string& path, SeasonSettings& out, std::string& error);
// Saves `settings` to `path` atomically.
bool write_season_settings(const std::string& path, const SeasonSettings& settings, std::string& error);

// One finished game of a season, as its scores need it.
struct SeasonGame {
  std::string source;  // its record (a path)
  ScoreInput input;
  // For each player of `input`: the name typed (trimmed; empty when none
  // was) and the name of its first power (to say who has no name).
  struct Player {
    std::string name;
    std::string power;
  };
  std::vector<Player> players;
  bool scored = false;  // the game was played to a scoring system (its rules line)
  ScoringSystem system = ScoringSystem::CentreCount;
};

// Why a record was not taken into the season.
enum class SeasonRefusal : u8 {
  None = 0,
  NotARecord,   // no Colonial record's first lines
  NoMap,        // its board could not be loaded
  Damaged,      // the record does not read (line, message)
  NotFinished,  // the game is not over
  SameGame,     // a second record of a game already read (same_as)
};

struct SeasonReadResult {
  SeasonRefusal refusal = SeasonRefusal::None;
  int line = 0;                      // Damaged: the record's line (0: none)
  std::string message;               // Damaged: what is wrong; NoMap: why (may be empty when the loader said it)
  std::string same_as;               // SameGame: the source of the first record of the game
  const SeasonGame* game = nullptr;  // None: the game taken (valid until the next read)
};

// The finished games read so far, in the order read.
class SeasonGames {
 public:
  // Loads the board a record names ("colonial", "standard" or a map file)
  // into `map`; false with `error` when it cannot.
  using MapLoader = std::function<bool(std::string_view variant, Map& map, std::string& error)>;
  // `map`, `game` and `scratch` are working space (large: kept by the
  // caller); `load_map` loads a record's board.
  SeasonGames(Map& map, Game& game, Game& scratch, MapLoader load_map);

  // Reads the record `text` (from `source`) and takes its game, or says why not.
  SeasonReadResult read(std::string_view text, const std::string& source);

  const std::vector<SeasonGame>& games() const { return games_; }

 private:
  Map& map_;
  Game& game_;
  Game& scratch_;
  MapLoader load_map_;
  std::string loaded_variant_;
  std::map<std::string, std::string> seen_;  // a game's identity -> the source that had it
  std::vector<SeasonGame> games_;
};

// One player's line of the standings.
struct Standing {
  std::string name;  // as first seen (after merges)
  std::vector<double> scores;
  double total = 0;
  double best = 0;  // the sum of the best N games (all of them when fewer, or without best N)
  double average() const { return scores.empty() ? 0 : total / static_cast<double>(scores.size()); }
};

struct Standings {
  ScoringSystem system = ScoringSystem::CentreCount;
  int best = 0;                // N of "best N" (0: none)
  int games = 0;               // the games scored
  std::vector<Standing> rows;  // first place first: by the best N (else the total), then the average
};

// The standings of `games` scored by `system`, `best` counting each
// player's best N games (0: all), names merged by `merges`. A player
// without a name typed is left out (SeasonGame::players says who).
Standings season_standings(const std::vector<SeasonGame>& games, ScoringSystem system, int best,
                           const PlayerMerges& merges);

// A score as the tables show it: two decimals, a '.' in every language.
std::string score_text(double score);
// The standings as CSV: a heading line, then one line a player.
std::string standings_csv(const Standings& standings);
// The standings as a printable web page in the language spoken.
std::string standings_page(const Standings& standings);

}  // namespace colonial
