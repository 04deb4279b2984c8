// What colonial-judge tournament's two kinds share: the tally of a seat's
// results and the lines printed; and the tournament against external DAIDE
// clients (cmd_tournament_daide.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bot_level.h"
#include "game.h"

namespace colonial::judge {

struct Tally {
  int won = 0, shared = 0, lost = 0, outright = 0;
  long seat_colonies = 0, other_colonies = 0, other_count = 0;
  std::vector<double> decision_ms;
};

// Adds a finished game's result for the seat.
void count_result(const Game& g, PowerId seat, Tally& tally);
// game N: POWER (LEVEL) C colonies; ENDING (the record's word) in PHASE; won by X | shared by K powers
void print_game_line(long number, const Game& g, PowerId seat, std::string_view level);
// LEVEL vs OPPONENT: N games, W won, D shared, L lost; mean colonies B
// (others O); decision median T ms, max M ms
void print_summary(std::string_view level, std::string_view opponent, long games, Tally& tally);

// tournament --vs-daide: the seat played by our computer player (or, for
// a baseline, by one more external client), the other seats by external
// DAIDE clients, each started by `command` with {host} and {port} filled in.
struct DaideTournament {
  long games = 0;
  long seed = 1;
  BotLevel level = BotLevel::Normal;
  bool seat_external = false;
  std::string command;
  std::string variant;
  long last_year = 0;
  int deadline_seconds = 10;
  int game_seconds = 900;
  std::string records;  // a folder for each game's record (empty: none kept)
};
int run_daide_tournament(const DaideTournament& t);

}  // namespace colonial::judge
