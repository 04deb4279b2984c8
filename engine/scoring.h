// The hobby's scoring systems: how many points each player takes from a
// finished game, as clubs and tournaments reckon them (docs/SCORING.md
// defines each system, cites its published rules and says how a system
// written for Standard's 34 centres carries over to any board).
//
// Scoring works on players, not powers: a player who commands several
// powers (section 12, Era of Empire's Major Powers) is scored once, for
// all their centres together. score_input_of_game() turns a finished Game
// into a ScoreInput; score_game() applies a system to it. Nothing here
// allocates.
#pragma once

#include <string_view>

#include "fixed.h"
#include "phrases.h"
#include "types.h"

namespace colonial {

class Game;

enum class ScoringSystem : u8 {
  CentreCount = 0,  // one point a centre
  DrawSize,         // a solo takes 100; a draw's 100 split equally among those in it
  SumOfSquares,     // a solo takes 100; a draw's 100 shared by centres squared
  Carnage,          // rank points and a point a centre; a solo takes them all
  CDiplo,           // 1 to play, a point a centre, 38/14/7 for the top three; solo 100
  CDiploNamur,      // C-Diplo with a bonus for surviving on few centres; solo 85
  OpenTribute,      // a base and 3 a centre, tribute paid to the board-topper; solo 340
  ManorCon,         // 100 shared by S^2 + 4S + 16; 0.1 a year for the eliminated; solo 75
};

struct ScoringSystemInfo {
  ScoringSystem system;
  std::string_view name;         // as `colonial-judge score --system` and a record write it
  std::string_view label;        // for a list (marked for the catalogs, context "scoring")
  std::string_view description;  // one sentence (marked for the catalogs)
};

inline constexpr ScoringSystemInfo kScoringSystems[] = {
    {ScoringSystem::CentreCount, "centres", NC_("scoring", "Centre count"),
     N_("Each player scores one point for each supply centre held at the end.")},
    {ScoringSystem::DrawSize, "draw-size", NC_("scoring", "Draw size"),
     N_("A solo scores 100; otherwise the 100 points are split equally among the players in the draw (all "
        "survivors when the game ends without a vote).")},
    {ScoringSystem::SumOfSquares, "sum-of-squares", NC_("scoring", "Sum of Squares"),
     N_("A solo scores 100; otherwise the players in the draw share 100 points in proportion to the square of "
        "their centres.")},
    {ScoringSystem::Carnage, "carnage", NC_("scoring", "Carnage"),
     N_("A solo takes every point; otherwise players score by rank (1000 points for each place above last, "
        "eliminated players ranked by when they fell) plus one point a centre.")},
    {ScoringSystem::CDiplo, "c-diplo", NC_("scoring", "C-Diplo"),
     N_("A solo scores 100; otherwise 1 point for playing, the centres, and 38, 14 and 7 points for the three "
        "largest (ties share).")},
    {ScoringSystem::CDiploNamur, "c-diplo-namur", NC_("scoring", "C-Diplo Namur"),
     N_("C-Diplo with a bonus for surviving on a few centres (4, 7, 9, 10, 11, then 12); a solo scores 85.")},
    {ScoringSystem::OpenTribute, "open-tribute", NC_("scoring", "OpenTribute"),
     N_("A solo scores ten points a centre of the board; otherwise a base and 3 points a centre, and every "
        "player pays the board-topper a point for each centre behind; the eliminated score nothing.")},
    {ScoringSystem::ManorCon, "manorcon", NC_("scoring", "ManorCon"),
     N_("A solo scores 75; otherwise survivors share 100 points in proportion to S^2 + 4S + 16; eliminated "
        "players score 0.1 for each year played.")},
};
inline constexpr int kScoringSystemCount = static_cast<int>(sizeof(kScoringSystems) / sizeof(kScoringSystems[0]));

// The system of that name; false for an unknown name.
bool find_scoring_system(std::string_view name, ScoringSystem& out);
const ScoringSystemInfo& scoring_system_info(ScoringSystem system);

// How the game ended, as the scoring systems see it.
enum class ScoreEnd : u8 {
  Solo = 0,  // one player won alone: by the centres needed, or every other player conceded
  Draw,      // the players marked in_draw share the game: a vote, or every survivor at a time or turn limit
};

struct ScoredPlayer {
  u32 powers = 0;           // the powers this player commands (bit p = power p)
  int centres = 0;          // supply centres held at the end, all its powers together
  i16 eliminated_year = 0;  // the year it held no centre any more; 0 when it survived
  bool in_draw = false;     // Draw: shares the draw
  bool winner = false;      // Solo: the one winner
};

struct ScoreInput {
  int board_centres = 34;    // every supply centre on the board (Colonial 58, Standard 34)
  int victory_centres = 18;  // centres needed to win alone
  i16 first_year = 1901;     // the year the game began
  i16 end_year = 1901;       // the year it ended
  ScoreEnd end = ScoreEnd::Draw;
  FixedVector<ScoredPlayer, kMaxPowers> players;
};

// Each player's points, in the order of ScoreInput::players.
struct ScoreSheet {
  double points[kMaxPowers] = {};
  int count = 0;
};

// Scores a game. The input must be whole: 1 to kMaxPowers players, the
// centres no more than the board's, a Solo with exactly one winner, a Draw
// with at least one player in it, an elimination year only for a player
// without centres (asserted).
void score_game(ScoringSystem system, const ScoreInput& in, ScoreSheet& out);

// The scoring input of a finished game (false, `out` unchanged, when it is
// not over): its players (powers nobody plays left out; the powers one
// player commands together), their centres, when each eliminated player
// fell (from the history), and the ending: a Victory is a Solo (a shared
// victory over the line is a Draw of those sharing it); a Draw shares
// among the powers that voted it; an agreement, a turn or time limit is a
// Draw of every survivor; everyone surrendering a Draw of all. A player who
// surrendered (all their powers) is scored as eliminated in the year of
// the surrender, their centres counted for nobody (docs/SCORING.md).
bool score_input_of_game(const Game& game, ScoreInput& out);

// A finished game's points by the system announced for it
// (GameSettings::scoring): its input and each player's points. False,
// both unchanged, when the game is not scored or not over.
bool score_finished_game(const Game& game, ScoreInput& input, ScoreSheet& sheet);

// The name typed for a scored player: the first name given to one of its
// `powers` (GameSettings::player_names); empty when none was.
std::string_view scored_player_name(const Game& game, u32 powers);

}  // namespace colonial
