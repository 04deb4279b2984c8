#include "scoring.h"

#include <bit>

#include "contract.h"
#include "game.h"
#include "map.h"

namespace colonial {

bool find_scoring_system(std::string_view name, ScoringSystem& out) {
  for (const ScoringSystemInfo& info : kScoringSystems)
    if (info.name == name) {
      out = info.system;
      return true;
    }
  return false;
}

const ScoringSystemInfo& scoring_system_info(ScoringSystem system) {
  const int i = static_cast<int>(system);
  COLONIAL_ASSERT(i >= 0 && i < kScoringSystemCount && kScoringSystems[i].system == system);
  return kScoringSystems[i];
}

// ---------------------------------------------------------------------------
// [SECTION] Ranks
// ---------------------------------------------------------------------------

namespace {

// The systems' numbers are written for Standard's 34 centres; a count of
// centres on another board is taken as the same share of Standard's.
constexpr double kStandardCentres = 34.0;

double standard_share(const ScoreInput& in, int centres) { return kStandardCentres * centres / in.board_centres; }

bool eliminated(const ScoredPlayer& p) { return p.centres == 0; }

// Points by place shared among ties, as every rank-based system does: the
// players tied on `key` share equally the points of the places they fill.
// `place_points[i]` is the (i+1)th place's; places past `places` score 0.
// `key` larger is better.
void rank_points(const long (&key)[kMaxPowers], int count, const double* place_points, int places,
                 double (&out)[kMaxPowers]) {
  COLONIAL_ASSERT(count >= 0 && count <= kMaxPowers && places >= 0);
  for (int i = 0; i < count; ++i) {
    int better = 0, equal = 0;
    for (int j = 0; j < count; ++j) {
      better += key[j] > key[i];
      equal += key[j] == key[i];
    }
    double sum = 0;
    for (int place = better; place < better + equal; ++place)
      if (place < places) sum += place_points[place];
    out[i] = sum / equal;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] The systems
// ---------------------------------------------------------------------------

// A solo takes `solo`, everyone else `others` (the winner-takes-all half of
// most systems).
void score_solo(const ScoreInput& in, double solo, double others, ScoreSheet& out) {
  for (int i = 0; i < in.players.size(); ++i) out.points[i] = in.players[i].winner ? solo : others;
}

void score_draw_size(const ScoreInput& in, ScoreSheet& out) {
  if (in.end == ScoreEnd::Solo) return score_solo(in, 100, 0, out);
  int sharing = 0;
  for (const ScoredPlayer& p : in.players) sharing += p.in_draw;
  for (int i = 0; i < in.players.size(); ++i) out.points[i] = in.players[i].in_draw ? 100.0 / sharing : 0;
}

void score_sum_of_squares(const ScoreInput& in, ScoreSheet& out) {
  if (in.end == ScoreEnd::Solo) return score_solo(in, 100, 0, out);
  long squares = 0;
  int sharing = 0;
  for (const ScoredPlayer& p : in.players)
    if (p.in_draw) {
      squares += static_cast<long>(p.centres) * p.centres;
      ++sharing;
    }
  for (int i = 0; i < in.players.size(); ++i) {
    const ScoredPlayer& p = in.players[i];
    if (!p.in_draw)
      out.points[i] = 0;
    else if (squares == 0)  // a draw of players without centres (all conceded): equal shares
      out.points[i] = 100.0 / sharing;
    else
      out.points[i] = 100.0 * p.centres * p.centres / static_cast<double>(squares);
  }
}

void score_carnage(const ScoreInput& in, ScoreSheet& out) {
  const int n = in.players.size();
  double places[kMaxPowers] = {};
  double all_places = 0;
  for (int i = 0; i < n; ++i) {
    places[i] = 1000.0 * (n - i);
    all_places += places[i];
  }
  if (in.end == ScoreEnd::Solo) return score_solo(in, all_places + in.board_centres, 0, out);
  // Survivors by centres above every eliminated player; those by the year
  // they fell, the later the better.
  long key[kMaxPowers] = {};
  for (int i = 0; i < n; ++i) {
    const ScoredPlayer& p = in.players[i];
    key[i] = eliminated(p) ? p.eliminated_year : 100000L + p.centres;
  }
  double by_rank[kMaxPowers] = {};
  rank_points(key, n, places, n, by_rank);
  for (int i = 0; i < n; ++i) out.points[i] = by_rank[i] + in.players[i].centres;
}

// C-Diplo's 38, 14 and 7 for the three largest, 1 for playing and the
// centres (as a share of Standard's 34), and for Namur its survival bonus.
void score_c_diplo(const ScoreInput& in, bool namur, ScoreSheet& out) {
  if (in.end == ScoreEnd::Solo) return score_solo(in, namur ? 85 : 100, 0, out);
  static constexpr double kTopThree[] = {38, 14, 7};
  // Namur's bonus for surviving on 1 to 6 centres and more.
  static constexpr int kSurvival[] = {0, 4, 7, 9, 10, 11, 12};
  const int n = in.players.size();
  long key[kMaxPowers] = {};
  for (int i = 0; i < n; ++i) key[i] = in.players[i].centres;
  double by_rank[kMaxPowers] = {};
  rank_points(key, n, kTopThree, 3, by_rank);
  for (int i = 0; i < n; ++i) {
    const int c = in.players[i].centres;
    const int survival = namur ? kSurvival[c < 6 ? c : 6] : 0;
    out.points[i] = 1 + standard_share(in, c) + survival + by_rank[i];
  }
}

void score_open_tribute(const ScoreInput& in, ScoreSheet& out) {
  const double base = in.board_centres;  // Standard's 34: one point a centre of the board
  if (in.end == ScoreEnd::Solo) return score_solo(in, 10.0 * in.board_centres, 0, out);
  int top = 0, toppers = 0;
  for (const ScoredPlayer& p : in.players) top = p.centres > top ? p.centres : top;
  for (const ScoredPlayer& p : in.players) toppers += p.centres == top;
  long tribute = 0;
  for (const ScoredPlayer& p : in.players) tribute += top - p.centres;
  for (int i = 0; i < in.players.size(); ++i) {
    const ScoredPlayer& p = in.players[i];
    if (eliminated(p) && top > 0)
      out.points[i] = 0;  // it pays its tribute; the rest of its points are spoiled
    else if (p.centres == top)
      out.points[i] = base + 3.0 * p.centres + static_cast<double>(tribute) / (toppers * toppers);
    else
      out.points[i] = base + 3.0 * p.centres - (top - p.centres);
  }
}

void score_manorcon(const ScoreInput& in, ScoreSheet& out) {
  // "0.10 points for every year they played, including the year they were
  // eliminated"; losers to a solo count as eliminated in the year of it.
  auto years_played = [&](i16 last_year) { return 0.1 * (last_year - in.first_year + 1); };
  if (in.end == ScoreEnd::Solo) {
    for (int i = 0; i < in.players.size(); ++i) {
      const ScoredPlayer& p = in.players[i];
      out.points[i] = p.winner ? 75.0 : years_played(eliminated(p) ? p.eliminated_year : in.end_year);
    }
    return;
  }
  auto value = [&](int centres) {
    const double s = standard_share(in, centres);
    return s * s + 4 * s + 16;
  };
  double board = 0;
  for (const ScoredPlayer& p : in.players) board += value(p.centres);
  for (int i = 0; i < in.players.size(); ++i) {
    const ScoredPlayer& p = in.players[i];
    out.points[i] = eliminated(p) ? years_played(p.eliminated_year) : 100.0 * value(p.centres) / board;
  }
}

}  // namespace

void score_game(ScoringSystem system, const ScoreInput& in, ScoreSheet& out) {
  const int n = in.players.size();
  COLONIAL_ASSERT(static_cast<int>(system) < kScoringSystemCount);
  COLONIAL_ASSERT(n >= 1 && n <= kMaxPowers);
  COLONIAL_ASSERT(in.board_centres > 0 && in.victory_centres > 0 && in.victory_centres <= in.board_centres);
  // Only the contracts read these (compiled out of a release build).
  [[maybe_unused]] int centres = 0, winners = 0, sharing = 0;
  for (const ScoredPlayer& p : in.players) {
    COLONIAL_ASSERT(p.centres >= 0);
    COLONIAL_ASSERT(p.eliminated_year == 0 || p.centres == 0);
    COLONIAL_ASSERT(p.eliminated_year == 0 || (p.eliminated_year >= in.first_year && p.eliminated_year <= in.end_year));
    centres += p.centres;
    winners += p.winner;
    sharing += p.in_draw;
  }
  COLONIAL_ASSERT(centres <= in.board_centres);
  COLONIAL_ASSERT(in.end != ScoreEnd::Solo || winners == 1);
  COLONIAL_ASSERT(in.end != ScoreEnd::Draw || (sharing >= 1 && winners == 0));
  out.count = n;
  for (double& p : out.points) p = 0;
  switch (system) {
    case ScoringSystem::CentreCount:
      for (int i = 0; i < n; ++i) out.points[i] = in.players[i].centres;
      return;
    case ScoringSystem::DrawSize: return score_draw_size(in, out);
    case ScoringSystem::SumOfSquares: return score_sum_of_squares(in, out);
    case ScoringSystem::Carnage: return score_carnage(in, out);
    case ScoringSystem::CDiplo: return score_c_diplo(in, false, out);
    case ScoringSystem::CDiploNamur: return score_c_diplo(in, true, out);
    case ScoringSystem::OpenTribute: return score_open_tribute(in, out);
    case ScoringSystem::ManorCon: return score_manorcon(in, out);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] From a game
// ---------------------------------------------------------------------------

bool score_input_of_game(const Game& game, ScoreInput& out) {
  if (!game.over()) return false;
  const Map& map = game.map();
  const GameSettings& settings = game.settings();
  const GameResult& result = game.result();
  const int powers = map.power_count();
  COLONIAL_ASSERT(powers >= 1 && powers <= kMaxPowers);

  ScoreInput in;
  in.board_centres = map.colony_count();
  in.victory_centres = settings.victory_colonies;
  in.first_year = game.history_size() > 0 ? game.history(0).position.phase.year : game.phase().year;
  in.end_year = game.phase().year;

  // The players, in the order of their first power; a power nobody plays
  // is nobody's.
  int player_of_power[kMaxPowers] = {};
  for (int p = 0; p < powers; ++p) {
    player_of_power[p] = -1;
    if ((settings.unplayed_powers >> p) & 1u) continue;
    for (int i = 0; i < in.players.size(); ++i) {
      const int first = std::countr_zero(in.players[i].powers);
      if (settings.rules.player_of[first] == settings.rules.player_of[p]) player_of_power[p] = i;
    }
    if (player_of_power[p] < 0) {
      player_of_power[p] = in.players.size();
      in.players.push_back(ScoredPlayer{});
    }
    in.players[player_of_power[p]].powers |= u32{1} << p;
  }
  if (in.players.empty()) return false;

  // Centres at the end; when each player fell: the first phase of the run
  // at the end without a centre, or of the run in civil disorder (a player
  // who surrendered is scored as eliminated then: docs/SCORING.md).
  int units[kMaxPowers], colonies[kMaxPowers];
  auto player_centres = [&](const Position& position, int(&of_player)[kMaxPowers]) {
    position.count_all(map, units, colonies);
    for (int& c : of_player) c = 0;
    for (int p = 0; p < powers; ++p)
      if (player_of_power[p] >= 0) of_player[player_of_power[p]] += colonies[p];
  };
  auto all_in = [](u32 player_powers, u32 mask) { return (player_powers & mask) == player_powers; };
  int at_end[kMaxPowers] = {};
  player_centres(game.position(), at_end);
  i16 fell[kMaxPowers] = {}, surrendered_in[kMaxPowers] = {};
  {
    int held[kMaxPowers];
    for (int h = 0; h <= game.history_size(); ++h) {
      const bool current = h == game.history_size();
      const Position& position = current ? game.position() : game.history(h).position;
      const u32 surrendered = current ? game.surrendered_mask() : game.history(h).surrenders;
      player_centres(position, held);
      for (int i = 0; i < in.players.size(); ++i) {
        if (held[i] > 0)
          fell[i] = 0;
        else if (!fell[i])
          fell[i] = position.phase.year;
        if (!all_in(in.players[i].powers, surrendered))
          surrendered_in[i] = 0;
        else if (!surrendered_in[i])
          surrendered_in[i] = position.phase.year;
      }
    }
  }
  u32 surrendered_players = 0;
  for (int i = 0; i < in.players.size(); ++i) {
    ScoredPlayer& player = in.players[i];
    const bool surrendered = all_in(player.powers, game.surrendered_mask());
    player.centres = surrendered ? 0 : at_end[i];
    if (surrendered) {
      surrendered_players |= u32{1} << i;
      player.eliminated_year = surrendered_in[i];
      if (at_end[i] == 0 && fell[i] && fell[i] < player.eliminated_year) player.eliminated_year = fell[i];
    } else if (player.centres == 0) {
      player.eliminated_year = fell[i] ? fell[i] : in.first_year;
    }
  }

  auto players_of = [&](u32 power_mask) {
    u32 mask = 0;
    for (int p = 0; p < powers; ++p)
      if (((power_mask >> p) & 1u) && player_of_power[p] >= 0) mask |= u32{1} << player_of_power[p];
    return mask;
  };
  u32 draw = 0;
  switch (result.end) {
    case GameEnd::None: return false;  // over() rules it out
    case GameEnd::Victory: {
      const u32 winners = players_of(result.winner != kNoPower ? u32{1} << result.winner : result.sharing);
      if (std::popcount(winners) == 1) {
        in.end = ScoreEnd::Solo;
        in.players[std::countr_zero(winners)].winner = true;
      } else {
        draw = winners;  // equal counts over the line share the victory
      }
      break;
    }
    case GameEnd::Draw: draw = players_of(result.sharing); break;
    case GameEnd::Agreement:
    case GameEnd::TurnLimit:
    case GameEnd::TimeLimit:
    case GameEnd::AllSurrendered:
      for (int i = 0; i < in.players.size(); ++i)
        if (in.players[i].centres > 0 && !((surrendered_players >> i) & 1u)) draw |= u32{1} << i;
      break;
  }
  if (in.end == ScoreEnd::Draw) {
    if (!draw) draw = (u32{1} << in.players.size()) - 1;  // everyone surrendered: a tie of all
    for (int i = 0; i < in.players.size(); ++i) in.players[i].in_draw = (draw >> i) & 1u;
  }
  out = in;
  return true;
}

bool score_finished_game(const Game& game, ScoreInput& input, ScoreSheet& sheet) {
  if (!game.settings().scored) return false;
  ScoreInput in;
  if (!score_input_of_game(game, in)) return false;
  score_game(game.settings().scoring, in, sheet);
  input = in;
  return true;
}

std::string_view scored_player_name(const Game& game, u32 powers) {
  COLONIAL_ASSERT(powers != 0);
  for (PowerId p = 0; p < game.map().power_count(); ++p)
    if (((powers >> p) & 1u) && !game.settings().player_names[p].empty()) return game.settings().player_names[p].view();
  return {};
}

}  // namespace colonial
