// The scoring systems (docs/SCORING.md): each against its authors' worked
// examples where they published some, then the edges we decide ourselves
// (ties for the top, a solo, a concession, an eliminated player, a draw
// without a power, a game on Colonial's 58 colonies, Major Powers).
#include <doctest/doctest.h>

#include <bit>
#include <initializer_list>

#include "game.h"
#include "game_rules.h"
#include "map.h"
#include "record.h"
#include "scoring.h"

using namespace colonial;

namespace {

Map g_map;
Game g_game;

// A Standard board's end: centres per player, eliminated players with the
// year they fell; every survivor in the draw (DIAS) unless told otherwise.
struct Board {
  ScoreInput in;
  Board(std::initializer_list<int> centres, std::initializer_list<int> fell_years = {}) {
    in.board_centres = 34;
    in.victory_centres = 18;
    in.first_year = 1901;
    in.end_year = 1910;
    const int* fell = fell_years.begin();
    for (int c : centres) {
      ScoredPlayer p;
      p.centres = c;
      p.in_draw = c > 0;
      if (c == 0 && fell != fell_years.end()) p.eliminated_year = static_cast<i16>(*fell++);
      if (c == 0 && p.eliminated_year == 0) p.eliminated_year = 1905;
      in.players.push_back(p);
    }
  }
  Board& solo(int winner) {
    in.end = ScoreEnd::Solo;
    for (int i = 0; i < in.players.size(); ++i) {
      in.players[i].in_draw = false;
      in.players[i].winner = i == winner;
    }
    return *this;
  }
  ScoreSheet score(ScoringSystem s) const {
    ScoreSheet sheet;
    score_game(s, in, sheet);
    return sheet;
  }
};

void check_points(const ScoreSheet& sheet, std::initializer_list<double> expected) {
  REQUIRE(sheet.count == static_cast<int>(expected.size()));
  int i = 0;
  for (double e : expected) {
    INFO("player " << i);
    CHECK(sheet.points[i] == doctest::Approx(e).epsilon(1e-9));
    ++i;
  }
}

double total(const ScoreSheet& sheet) {
  double sum = 0;
  for (int i = 0; i < sheet.count; ++i) sum += sheet.points[i];
  return sum;
}

Map& fresh_colonial() {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
  return g_map;
}

PowerId power(const char* name) {
  const PowerId p = g_map.find_power(name);
  REQUIRE(p != kNoPower);
  return p;
}

}  // namespace

TEST_CASE("every system has a name the judge finds, and its info") {
  for (const ScoringSystemInfo& info : kScoringSystems) {
    ScoringSystem found{};
    CHECK(find_scoring_system(info.name, found));
    CHECK(found == info.system);
    CHECK(scoring_system_info(found).name == info.name);
  }
  ScoringSystem unknown{};
  CHECK_FALSE(find_scoring_system("sum of squares", unknown));
  CHECK_FALSE(find_scoring_system("", unknown));
}

// Carnage, the examples of a North American tournament's announcement
// (webDiplomacy forum thread 1325258, "A note about scoring"), as the World
// Diplomacy Wiki's "Carnage Scoring System" page defines the system.
TEST_CASE("Carnage reproduces its published examples") {
  // Russia 18 solos: 28,034; everyone else 0.
  Board solo({3, 6, 4, 3, 0, 0, 18}, {1908, 1906});
  check_points(solo.solo(6).score(ScoringSystem::Carnage), {0, 0, 0, 0, 0, 0, 28034});
  // Russia 14, Turkey 7, France 6, Germany 4, England 3, Italy out second,
  // Austria out first.
  Board ranked({14, 7, 6, 4, 3, 0, 0}, {1907, 1904});
  check_points(ranked.score(ScoringSystem::Carnage), {7014, 6007, 5006, 4004, 3003, 2000, 1000});
  // England and Russia tie on 8 for the top: 6,508 each.
  Board tied({8, 8, 7, 6, 4, 1, 0});
  check_points(tied.score(ScoringSystem::Carnage), {6508, 6508, 5007, 4006, 3004, 2001, 1000});
}

TEST_CASE("Carnage: eliminated in the same year share their places") {
  Board b({14, 10, 6, 4, 0, 0, 0}, {1904, 1904, 1906});
  check_points(b.score(ScoringSystem::Carnage), {7014, 6010, 5006, 4004, 1500, 1500, 3000});
}

// C-Diplo 100, the World Diplomacy Database's two examples ("C-Diplo 100",
// by Bruno-André Giraudon).
TEST_CASE("C-Diplo reproduces the World Diplomacy Database's examples") {
  // Austria 4, England 0, France 9, Germany 7, Italy 7, Russia 3, Turkey 4.
  Board first({4, 0, 9, 7, 7, 3, 4});
  const ScoreSheet a = first.score(ScoringSystem::CDiplo);
  check_points(a, {5, 1, 48, 18.5, 18.5, 4, 5});
  CHECK(total(a) == doctest::Approx(100));
  // Austria 5, England 9, France 4, Germany 5, Italy 3, Russia 1, Turkey 7.
  Board second({5, 9, 4, 5, 3, 1, 7});
  check_points(second.score(ScoringSystem::CDiplo), {9.5, 48, 5, 9.5, 4, 2, 22});
  // A solo takes the 100.
  check_points(Board({18, 4, 4, 4, 4, 0, 0}).solo(0).score(ScoringSystem::CDiplo), {100, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("C-Diplo: two sharing the top split the first and second places") {
  Board b({12, 12, 4, 3, 2, 1, 0});
  check_points(b.score(ScoringSystem::CDiplo), {39, 39, 12, 4, 3, 2, 1});
}

// C-Diplo Namur: C-Diplo plus the survival bonus of stabbeurfou.org's
// "ModesCalcul" (1 centre 4, 2: 7, 3: 9, 4: 10, 5: 11, 6 and more: 12); the
// WDD's first example board scored by it.
TEST_CASE("C-Diplo Namur adds its survival bonus; a solo scores 85") {
  Board first({4, 0, 9, 7, 7, 3, 4});
  check_points(first.score(ScoringSystem::CDiploNamur), {15, 1, 60, 30.5, 30.5, 13, 15});
  check_points(Board({18, 4, 4, 4, 4, 0, 0}).solo(0).score(ScoringSystem::CDiploNamur), {85, 0, 0, 0, 0, 0, 0});
}

// Sum of Squares as Diplomaticon and the Windy City Weasels' house rules
// define it: 100 x C^2 / (sum of C^2 of the players in the draw).
TEST_CASE("Sum of Squares shares 100 by centres squared among the draw") {
  Board b({12, 12, 10, 0, 0, 0, 0});
  const double sum = 144 + 144 + 100;
  check_points(b.score(ScoringSystem::SumOfSquares), {100 * 144 / sum, 100 * 144 / sum, 100 * 100 / sum, 0, 0, 0, 0});
  check_points(Board({18, 10, 6, 0, 0, 0, 0}).solo(0).score(ScoringSystem::SumOfSquares), {100, 0, 0, 0, 0, 0, 0});
  // A draw without the third: 17 and 16 share, the 1 scores nothing.
  Board dins({17, 16, 1, 0, 0, 0, 0});
  dins.in.players[2].in_draw = false;
  check_points(dins.score(ScoringSystem::SumOfSquares), {100 * 289.0 / 545, 100 * 256.0 / 545, 0, 0, 0, 0, 0});
}

TEST_CASE("Draw size: a solo takes 100, a draw splits 100 among those in it") {
  check_points(Board({10, 9, 8, 7, 0, 0, 0}).score(ScoringSystem::DrawSize), {25, 25, 25, 25, 0, 0, 0});
  Board named({10, 9, 8, 7, 0, 0, 0});
  named.in.players[3].in_draw = false;
  check_points(named.score(ScoringSystem::DrawSize), {100.0 / 3, 100.0 / 3, 100.0 / 3, 0, 0, 0, 0});
  check_points(Board({18, 9, 7, 0, 0, 0, 0}).solo(0).score(ScoringSystem::DrawSize), {100, 0, 0, 0, 0, 0, 0});
}

// OpenTribute as diplobn.com's "OpenTribute Scoring System" states it: once
// every centre is owned, a lone topper scores 10 x centres, a survivor
// 34 + 4 x centres - the topper's, the eliminated 0; a solo 340; n sharing
// the top take 1/n^2 of the tribute each.
TEST_CASE("OpenTribute: its published identities and a shared top") {
  Board b({14, 7, 6, 4, 3, 0, 0}, {1907, 1904});
  check_points(b.score(ScoringSystem::OpenTribute),
               {140, 34 + 28 - 14, 34 + 24 - 14, 34 + 16 - 14, 34 + 12 - 14, 0, 0});
  check_points(Board({18, 8, 8, 0, 0, 0, 0}).solo(0).score(ScoringSystem::OpenTribute), {340, 0, 0, 0, 0, 0, 0});
  // 10 and 10 share the top: tribute 4+6+7+9+10 = 36, each takes 36/4.
  Board shared({10, 10, 6, 4, 3, 1, 0});
  check_points(shared.score(ScoringSystem::OpenTribute),
               {34 + 30 + 9, 34 + 30 + 9, 34 + 18 - 4, 34 + 12 - 6, 34 + 9 - 7, 34 + 3 - 9, 0});
}

// ManorCon as its own rules page states it (diplom.org/manorcon/dipscore.htm):
// P = S^2 + 4S + 16 for all seven, survivors 100 P / (sum of P), the
// eliminated 0.1 a year played including the year they fell; a solo 75,
// the other survivors as if eliminated in the solo's year.
TEST_CASE("ManorCon: shares of S^2 + 4S + 16, years for the eliminated, 75 for a solo") {
  // ManorCon 2016's one game ended 7-11-1-2-5-4-4.
  Board b({7, 11, 1, 2, 5, 4, 4});
  const double sum = 93 + 181 + 21 + 28 + 61 + 48 + 48;
  check_points(b.score(ScoringSystem::ManorCon), {100 * 93 / sum, 100 * 181 / sum, 100 * 21 / sum, 100 * 28 / sum,
                                                  100 * 61 / sum, 100 * 48 / sum, 100 * 48 / sum});
  Board out({14, 10, 6, 4, 0, 0, 0}, {1905, 1903, 1908});
  const double with_dead = 268 + 156 + 76 + 48 + 3 * 16;
  check_points(out.score(ScoringSystem::ManorCon), {100 * 268 / with_dead, 100 * 156 / with_dead, 100 * 76 / with_dead,
                                                    100 * 48 / with_dead, 0.5, 0.3, 0.8});
  Board solo({18, 10, 6, 0, 0, 0, 0}, {1905, 1903, 1908, 1906});
  solo.in.end_year = 1909;
  check_points(solo.solo(0).score(ScoringSystem::ManorCon), {75, 0.9, 0.9, 0.5, 0.3, 0.8, 0.6});
}

TEST_CASE("Centre count: the centres, whatever the ending") {
  check_points(Board({10, 9, 8, 7, 0, 0, 0}).score(ScoringSystem::CentreCount), {10, 9, 8, 7, 0, 0, 0});
  check_points(Board({18, 9, 7, 0, 0, 0, 0}).solo(0).score(ScoringSystem::CentreCount), {18, 9, 7, 0, 0, 0, 0});
}

TEST_CASE("On Colonial's 58 colonies the systems keep their shape") {
  Board b({20, 12, 10, 8, 5, 3, 0});
  b.in.board_centres = 58;
  b.in.victory_centres = 30;
  // C-Diplo: the centres are a share of Standard's 34, so a full board still
  // deals 100.
  const ScoreSheet c = b.score(ScoringSystem::CDiplo);
  CHECK(total(c) == doctest::Approx(100));
  CHECK(c.points[0] == doctest::Approx(1 + 34.0 * 20 / 58 + 38));
  // Carnage's solo is every rank point and every centre of the board.
  check_points(Board(b).solo(0).score(ScoringSystem::Carnage), {28058, 0, 0, 0, 0, 0, 0});
  // OpenTribute: the base and the solo follow the board (58, 580); a lone
  // topper of a full board scores 10 x centres.
  const ScoreSheet t = b.score(ScoringSystem::OpenTribute);
  CHECK(t.points[0] == doctest::Approx(200));
  CHECK(t.points[1] == doctest::Approx(58 + 4 * 12 - 20));
  check_points(Board(b).solo(0).score(ScoringSystem::OpenTribute), {580, 0, 0, 0, 0, 0, 0});
  // ManorCon counts S as a share of 34; survivors still share 100 with
  // the eliminated's 16 in the sum.
  const ScoreSheet m = b.score(ScoringSystem::ManorCon);
  CHECK(total(m) - m.points[6] < 100);
  CHECK(m.points[0] > m.points[1]);
  // Sum of Squares and draw size do not depend on the board.
  CHECK(total(b.score(ScoringSystem::SumOfSquares)) == doctest::Approx(100));
}

TEST_CASE("A Colonial game at its time limit: every survivor shares, 58 colonies on the board") {
  fresh_colonial();
  GameSettings s = map_default_settings(g_map);
  g_game.start(g_map, s);
  g_game.end_by_time_limit(EndMeasure::Units);
  ScoreInput in;
  REQUIRE(score_input_of_game(g_game, in));
  CHECK(in.board_centres == 58);
  CHECK(in.victory_centres == 24);
  REQUIRE(in.players.size() == 7);
  CHECK(in.end == ScoreEnd::Draw);
  int owned = 0;
  for (const ScoredPlayer& p : in.players) {
    CHECK(p.in_draw);
    CHECK(p.eliminated_year == 0);
    CHECK(std::popcount(p.powers) == 1);
    owned += p.centres;
  }
  CHECK(in.players[power("Britain")].centres == 6);
  ScoreSheet sheet;
  score_game(ScoringSystem::DrawSize, in, sheet);
  for (int i = 0; i < 7; ++i) CHECK(sheet.points[i] == doctest::Approx(100.0 / 7));
  score_game(ScoringSystem::CDiplo, in, sheet);
  CHECK(total(sheet) == doctest::Approx(7 + 34.0 * owned / 58 + 59));
}

TEST_CASE("A game not over has no score") {
  fresh_colonial();
  g_game.start(g_map, map_default_settings(g_map));
  ScoreInput in;
  in.board_centres = 1;
  CHECK_FALSE(score_input_of_game(g_game, in));
  CHECK(in.board_centres == 1);
}

TEST_CASE("A concession is a solo; a surrender to an alliance is a draw without the surrendered") {
  fresh_colonial();
  g_game.start(g_map, map_default_settings(g_map));
  for (PowerId p = 1; p < 7; ++p) g_game.surrender(p);
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.result().end == GameEnd::Victory);
  ScoreInput in;
  REQUIRE(score_input_of_game(g_game, in));
  CHECK(in.end == ScoreEnd::Solo);
  CHECK(in.players[0].winner);
  ScoreSheet sheet;
  score_game(ScoringSystem::Carnage, in, sheet);
  check_points(sheet, {28058, 0, 0, 0, 0, 0, 0});

  g_game.start(g_map, map_default_settings(g_map));
  for (PowerId p = 0; p < 5; ++p) g_game.surrender(p);
  g_game.vote_draw(5, true);
  g_game.vote_draw(6, true);
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.result().end == GameEnd::Draw);
  REQUIRE(score_input_of_game(g_game, in));
  CHECK(in.end == ScoreEnd::Draw);
  for (int i = 0; i < 7; ++i) CHECK(in.players[i].in_draw == (i >= 5));
  score_game(ScoringSystem::DrawSize, in, sheet);
  check_points(sheet, {0, 0, 0, 0, 0, 50, 50});
  // The surrendered are scored as eliminated in the year they gave up:
  // C-Diplo gives them the point for playing, Russia and Turkey rank.
  for (int i = 0; i < 5; ++i) {
    CHECK(in.players[i].centres == 0);
    CHECK(in.players[i].eliminated_year == 1870);
  }
  score_game(ScoringSystem::CDiplo, in, sheet);
  const double russia = in.players[5].centres, turkey = in.players[6].centres;
  REQUIRE(russia != turkey);
  const double first = 38, second = 14;
  for (int i = 0; i < 5; ++i) CHECK(sheet.points[i] == doctest::Approx(1 + 7.0 / 5));
  CHECK(sheet.points[5] == doctest::Approx(1 + 34 * russia / 58 + (russia > turkey ? first : second)));
  CHECK(sheet.points[6] == doctest::Approx(1 + 34 * turkey / 58 + (turkey > russia ? first : second)));
}

TEST_CASE("Everyone surrendering is a tie of all") {
  fresh_colonial();
  g_game.start(g_map, map_default_settings(g_map));
  for (PowerId p = 0; p < 7; ++p) g_game.surrender(p);
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.result().end == GameEnd::AllSurrendered);
  ScoreInput in;
  REQUIRE(score_input_of_game(g_game, in));
  ScoreSheet sheet;
  score_game(ScoringSystem::SumOfSquares, in, sheet);
  for (int i = 0; i < 7; ++i) CHECK(sheet.points[i] == doctest::Approx(100.0 / 7));
  score_game(ScoringSystem::Carnage, in, sheet);
  for (int i = 0; i < 7; ++i) CHECK(sheet.points[i] == doctest::Approx(4000));
}

TEST_CASE("An eliminated player falls in the year it lost its last colony") {
  fresh_colonial();
  g_game.start(g_map, map_default_settings(g_map));
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.adjudicate());
  // The game master gives China's colonies to Russia.
  Position edited = g_game.position();
  const PowerId china = power("China"), russia = power("Russia");
  for (ProvinceId c : g_map.colony_provinces())
    if (edited.owner[c] == china) edited.owner[c] = russia;
  const i16 year = g_game.phase().year;
  REQUIRE(g_game.apply_edit(edited, 0));
  g_game.end_by_agreement();
  ScoreInput in;
  REQUIRE(score_input_of_game(g_game, in));
  CHECK(in.first_year == 1870);
  CHECK(in.players[china].centres == 0);
  CHECK(in.players[china].eliminated_year == year);
  CHECK_FALSE(in.players[china].in_draw);
  ScoreSheet sheet;
  score_game(ScoringSystem::ManorCon, in, sheet);
  CHECK(sheet.points[china] == doctest::Approx(0.1 * (year - 1870 + 1)));
}

TEST_CASE("Era of Empire's Major Powers: one player scored once for all their powers") {
  fresh_colonial();
  GameSettings s = map_default_settings(g_map);
  REQUIRE(colonial_preset(g_map, "era-of-empire", s));
  RuleText why;
  REQUIRE(set_game_rule(g_map, s, "players", "Britain+France+Japan,China+Holland+Turkey", why));
  g_game.start(g_map, s);
  g_game.end_by_time_limit(EndMeasure::Colonies);
  ScoreInput in;
  REQUIRE(score_input_of_game(g_game, in));
  REQUIRE(in.players.size() == 3);  // the two alliances and Russia
  CHECK(in.victory_centres == 22);
  const u32 western = (1u << power("Britain")) | (1u << power("France")) | (1u << power("Japan"));
  int with_west = -1;
  for (int i = 0; i < in.players.size(); ++i)
    if (in.players[i].powers == western) with_west = i;
  REQUIRE(with_west >= 0);
  ScoreSheet sheet;
  score_game(ScoringSystem::Carnage, in, sheet);
  // Three players: 3000, 2000 and 1000 for the places.
  double rank_total = 0;
  for (int i = 0; i < 3; ++i) rank_total += sheet.points[i] - in.players[i].centres;
  CHECK(rank_total == doctest::Approx(6000));
}

TEST_CASE("The scoring system is a setting the record keeps on its rules line") {
  fresh_colonial();
  GameSettings s = map_default_settings(g_map);
  CHECK_FALSE(s.scored);
  RuleText why, value;
  CHECK_FALSE(set_game_rule(g_map, s, "scoring", "tribute", why));
  CHECK(why.view().find("'tribute'") != std::string_view::npos);
  CHECK_FALSE(s.scored);
  REQUIRE(set_game_rule(g_map, s, "scoring", "c-diplo-namur", why));
  CHECK(s.scored);
  CHECK(s.scoring == ScoringSystem::CDiploNamur);
  REQUIRE(game_rule_value(g_map, s, "scoring", value));
  CHECK(value.view() == "c-diplo-namur");

  static BufferSink<1 << 20> text;
  static Game loaded, scratch;
  g_game.start(g_map, s);
  TextSink sink = text.sink();
  REQUIRE(write_record(g_game, "colonial", sink));
  CHECK(text.view().find(" scoring=c-diplo-namur") != std::string_view::npos);
  RecordError err;
  REQUIRE(read_record(text.view(), g_map, loaded, scratch, err));
  CHECK(loaded.settings() == s);

  // Not scored: nothing written, and a record without the setting reads as
  // not scored.
  REQUIRE(set_game_rule(g_map, s, "scoring", "none", why));
  CHECK_FALSE(s.scored);
  g_game.start(g_map, s);
  text.size = 0;
  sink = text.sink();
  REQUIRE(write_record(g_game, "colonial", sink));
  CHECK(text.view().find("scoring=") == std::string_view::npos);
  REQUIRE(read_record(text.view(), g_map, loaded, scratch, err));
  CHECK_FALSE(loaded.settings().scored);
}

TEST_CASE("A secret end year: drawn from the range, kept in the record, the game ends after it") {
  fresh_colonial();
  GameSettings s = map_default_settings(g_map);
  CHECK_FALSE(draw_secret_end_year(s, 1880, 1876, 7));
  CHECK_FALSE(draw_secret_end_year(s, 0, 1876, 7));
  CHECK(s.secret_end_year == 0);
  for (u32 random : {0u, 1u, 2u, 3u, 4u, 123456789u}) {
    REQUIRE(draw_secret_end_year(s, 1872, 1876, random));
    CHECK(s.secret_end_year >= 1872);
    CHECK(s.secret_end_year <= 1876);
  }
  // On the 1995 calendar only the years played are drawn, each as likely.
  REQUIRE(s.rules.calendar == Calendar::Biennial1995);
  int drawn[5] = {};
  for (u32 random = 0; random < 300; ++random) {
    REQUIRE(draw_secret_end_year(s, 1880, 1884, random));
    REQUIRE((s.secret_end_year - 1880) % 2 == 0);
    ++drawn[s.secret_end_year - 1880];
  }
  CHECK(drawn[0] == 100);
  CHECK(drawn[2] == 100);
  CHECK(drawn[4] == 100);
  REQUIRE(draw_secret_end_year(s, 1872, 1872, 99));
  CHECK(s.secret_end_year == 1872);
  CHECK(s.last_year == 0);

  static BufferSink<1 << 20> text;
  static Game loaded, scratch;
  g_game.start(g_map, s);
  TextSink sink = text.sink();
  REQUIRE(write_record(g_game, "colonial", sink));
  CHECK(text.view().find("\nsecret-end-year 1872-1872 1872\n") != std::string_view::npos);
  RecordError err;
  REQUIRE(read_record(text.view(), g_map, loaded, scratch, err));
  CHECK(loaded.settings() == s);
  // 1870 and 1872 are played; the game ends after 1872 as at a turn limit.
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.over());
  while (!g_game.over() && g_game.phase().year <= 1872) REQUIRE(g_game.adjudicate());
  CHECK(g_game.over());
  CHECK(g_game.result().end == GameEnd::TurnLimit);

  // A damaged line is refused with its reason.
  std::string_view record = text.view();
  static char damaged[1 << 20];
  const std::size_t at = record.find("secret-end-year 1872-1872 1872");
  REQUIRE(at != std::string_view::npos);
  std::size_t n = 0;
  for (std::size_t i = 0; i < record.size(); ++i) damaged[n++] = record[i];
  damaged[at + 26] = '9';  // "1872-1872 1972": outside its range
  CHECK_FALSE(read_record(std::string_view(damaged, n), g_map, loaded, scratch, err));
  CHECK(err.line > 0);
}
