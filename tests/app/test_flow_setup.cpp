// The new-game choices (game/app/flow/new_game_setup.h): presets, section 12 set-ups,
// random draw and choice of powers, names, checks.
#include <doctest/doctest.h>

#include <cstdio>
#include <set>
#include <string>

#include "language.h"
#include "new_game_setup.h"
#include "rules_text.h"
#include "test_flow_fixture.h"

using namespace colonial;
using namespace colonial::flow_test;

TEST_CASE("fresh choices: the standard game of the 1995 rules") {
  Map& map = colonial_map();
  NewGameChoices c;
  default_choices(map, c);
  CHECK(c.preset == VariantPreset::Standard);
  CHECK(c.settings.victory_colonies == 24);
  CHECK(c.settings.rules.calendar == Calendar::Biennial1995);
  CHECK(c.settings.rules.railroad);
  CHECK(c.settings.rules.canal);
  CHECK(c.settings.rules.hong_kong);
  CHECK_FALSE(c.settings.rules.china_waits_for_hong_kong);
  CHECK(c.settings.rules.map_options == (1u << map.find_option("otaru_sakhalin")));
  CHECK(c.players == 7);
  CHECK(c.random_draw);
}

TEST_CASE("presets set length, calendar and board") {
  Map& map = colonial_map();
  GameSettings s;
  s.timer_seconds[0] = 120;
  apply_preset(map, VariantPreset::Short, s);
  CHECK(s.victory_colonies == 16);
  apply_preset(map, VariantPreset::Long, s);
  CHECK(s.victory_colonies == 30);
  CHECK(s.rules.calendar == Calendar::Biennial1995);
  apply_preset(map, VariantPreset::Judges, s);
  CHECK(s.victory_colonies == 30);
  CHECK(s.rules.calendar == Calendar::Seasons);
  const bool moulmein_on = (s.rules.map_options >> map.find_option("moulmein")) & 1u;
  CHECK(moulmein_on);
  apply_preset(map, VariantPreset::Club, s);
  CHECK(s.rules.map_options == (1u << map.find_option("vladivostok_sakhalin")));
  CHECK(s.timer_seconds[0] == 120);  // presets leave timers alone
  for (int i = 0; i < kPresetCount; ++i) {
    CHECK(preset_available(map, static_cast<VariantPreset>(i)));
    CHECK(std::string_view(preset_label(static_cast<VariantPreset>(i))).size() > 5);
  }
}

TEST_CASE("board options: the Colonial map's in French and German, a map file's own as written") {
  Map& map = colonial_map();
  REQUIRE(map.option_count() == 3);
  for (const std::string code : {"fr", "de"}) {
    REQUIRE(text::use_language(code).code == code);
    std::set<std::string> labels;
    for (int i = 0; i < map.option_count(); ++i) {
      const std::string label = board_option_label(map.option(i));
      CAPTURE(code);
      CAPTURE(map.option(i).description);
      // A changed description in the map file loses its translation here.
      CHECK(label != map.option(i).description);
      CHECK(label.find(code == "fr" ? "Pont terrestre" : "Landbrücke") != std::string::npos);
      labels.insert(label);
    }
    CHECK(labels.size() == 3);
  }
  // A map file's options have no catalog entries: shown as the file writes them.
  MapOption own;
  std::snprintf(own.description, sizeof own.description, "%s", "Ferry across the strait");
  CHECK(std::string(board_option_label(own)) == "Ferry across the strait");
  REQUIRE(text::use_language("en").code == "en");
  CHECK(std::string(board_option_label(map.option(0))) == map.option(0).description);
}

TEST_CASE("other boards: only their own number of players and the standard preset") {
  Map map;
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("standard"), "standard.map", map, errors));
  CHECK(player_count_supported(map, 7));
  CHECK_FALSE(player_count_supported(map, 3));
  CHECK_FALSE(preset_available(map, VariantPreset::Judges));
  NewGameChoices c;
  default_choices(map, c);
  CHECK(c.settings.victory_colonies == 18);
  CHECK(c.settings.rules.calendar == Calendar::Seasons);
  GameSettings s;
  Position start;
  std::string error;
  c.players = 3;
  CHECK_FALSE(make_game(map, c, s, start, error));
  CHECK(error.find("7 players") != std::string::npos);
  c.players = 7;
  CHECK(make_game(map, c, s, start, error));
}

TEST_CASE("a random draw deals every group once, the same way for the same seed") {
  for (u64 seed = 1; seed < 40; ++seed) {
    int a[kMaxPowers];
    int b[kMaxPowers];
    draw_groups(7, seed, a);
    draw_groups(7, seed, b);
    std::set<int> seen(a, a + 7);
    CHECK(seen.size() == 7);
    CHECK(*seen.rbegin() == 6);
    for (int i = 0; i < 7; ++i) CHECK(a[i] == b[i]);
  }
  // Different seeds give different deals (not all the same).
  int first[kMaxPowers];
  draw_groups(7, 1, first);
  bool differs = false;
  for (u64 seed = 2; seed < 10 && !differs; ++seed) {
    int d[kMaxPowers];
    draw_groups(7, seed, d);
    for (int i = 0; i < 7; ++i) differs = differs || d[i] != first[i];
  }
  CHECK(differs);
}

TEST_CASE("seven players by choice: names go to the chosen powers") {
  Map& map = colonial_map();
  NewGameChoices c;
  default_choices(map, c);
  c.random_draw = false;
  c.names[0] = "  Anna ";
  c.names[1] = "Ben";
  // Seats 1, 2 and 5 take Japan, Britain and China; the rest keep theirs.
  c.group_of_seat[0] = map.find_power("Japan");
  c.group_of_seat[1] = map.find_power("Britain");
  c.group_of_seat[4] = map.find_power("China");
  GameSettings s;
  Position start;
  std::string error;
  REQUIRE(make_game(map, c, s, start, error));
  CHECK(s.player_names[map.find_power("Japan")].view() == "Anna");
  CHECK(s.player_names[map.find_power("Britain")].view() == "Ben");
  CHECK(s.player_names[map.find_power("China")].view() == "Player 5");  // no name typed: the seat's
  CHECK(s.unplayed_powers == 0);
}

TEST_CASE("the same powers chosen twice are refused with a sentence") {
  Map& map = colonial_map();
  NewGameChoices c;
  default_choices(map, c);
  c.random_draw = false;
  c.group_of_seat[0] = 3;
  c.group_of_seat[1] = 3;
  GameSettings s;
  Position start;
  std::string error;
  CHECK_FALSE(make_game(map, c, s, start, error));
  CHECK(error.find("Holland") != std::string::npos);
  CHECK(error.find("two players") != std::string::npos);
}

TEST_CASE("two players (12.1): three powers each, Russia neutral and closed") {
  Map& map = colonial_map();
  NewGameChoices c;
  default_choices(map, c);
  c.players = 2;
  c.random_draw = false;
  c.names[0] = "Anna";
  c.names[1] = "Ben";
  c.group_of_seat[0] = 1;
  c.group_of_seat[1] = 0;
  GameSettings s;
  Position start;
  std::string error;
  REQUIRE(make_game(map, c, s, start, error));
  CHECK(s.unplayed_powers == bit(power("Russia")));
  CHECK(s.rules.closed.test(map.find_province("MOS").province));
  // Group 1 is Britain, France and Japan.
  CHECK(s.player_names[power("Britain")].view() == "Anna");
  CHECK(s.player_names[power("Japan")].view() == "Anna");
  CHECK(s.player_names[power("Turkey")].view() == "Ben");
  CHECK(s.player_names[power("Russia")].empty());
  CHECK(start.units[map.find_province("BOR").province].type == UnitType::Fleet);  // 12.1
  CHECK(group_text(map, bit(power("Turkey")) | bit(power("China")) | bit(power("Holland"))) ==
        "China, Holland and Turkey");
}

TEST_CASE("Era of Empire preset: its rules on the Colonial board, one player's powers kept in the rules") {
  Map& map = colonial_map();
  NewGameChoices c;
  default_choices(map, c);
  CHECK_FALSE(plays_era_of_empire(c.settings));
  c.preset = VariantPreset::EraOfEmpire;
  apply_preset(map, c.preset, c.settings);
  CHECK(plays_era_of_empire(c.settings));
  CHECK(c.settings.victory_colonies == 22);
  CHECK(c.settings.rules.calendar == Calendar::Seasons);
  CHECK(c.settings.rules.conscription);
  CHECK(c.settings.rules.conversion);
  CHECK(c.settings.endings == Endings::EraOfEmpire);
  CHECK(c.settings.rules.civil_disorder == CivilDisorderRule::EraOfEmpire);
  CHECK_FALSE(c.settings.rules.railroad);
  c.players = 2;
  c.random_draw = false;
  c.group_of_seat[0] = 1;
  c.group_of_seat[1] = 0;
  GameSettings s;
  Position start;
  std::string error;
  REQUIRE(make_game(map, c, s, start, error));
  // Britain, France and Japan are one player's: one Major Power for the rules.
  CHECK(powers_of_player(s.rules, power("Britain")) ==
        (bit(power("Britain")) | bit(power("France")) | bit(power("Japan"))));
  CHECK(same_side(s.rules, power("Britain"), power("Japan")));
  CHECK_FALSE(same_side(s.rules, power("Britain"), power("Turkey")));
  // The standard game: everyone alone.
  default_choices(map, c);
  REQUIRE(make_game(map, c, s, start, error));
  CHECK(powers_of_player(s.rules, power("Britain")) == bit(power("Britain")));
}

TEST_CASE("every player count from 2 to 7 has a set-up; others are refused") {
  Map& map = colonial_map();
  for (int n = 2; n <= 7; ++n) {
    NewGameChoices c;
    default_choices(map, c);
    c.players = n;
    c.seed = 99;
    GameSettings s;
    Position start;
    std::string error;
    INFO(n);
    REQUIRE(make_game(map, c, s, start, error));
    // Every played power has a player's name.
    for (PowerId p = 0; p < map.power_count(); ++p) CHECK(((s.unplayed_powers >> p) & 1u) == s.player_names[p].empty());
  }
  NewGameChoices c;
  default_choices(map, c);
  GameSettings s;
  Position start;
  std::string error;
  c.players = 1;
  CHECK_FALSE(make_game(map, c, s, start, error));
  c.players = 8;
  CHECK_FALSE(make_game(map, c, s, start, error));
  c.players = 7;
  c.settings.victory_colonies = 59;
  CHECK_FALSE(make_game(map, c, s, start, error));
  CHECK(error.find("58") != std::string::npos);
}

TEST_CASE("a secret end year: a range of played years offered, one drawn by the seed, kept from the form") {
  Map& map = colonial_map();
  NewGameChoices c;
  default_choices(map, c);
  GameSettings s;
  Position start;
  std::string error;
  REQUIRE(make_game(map, c, s, start, error));
  CHECK(s.secret_end_year == 0);
  // Ticked: a few years from the fifth turn on, on the calendar's own steps.
  set_secret_end(map, c, true);
  CHECK(c.secret_end_first == map.start_year() + 10);
  CHECK(c.secret_end_last == map.start_year() + 14);
  REQUIRE(make_game(map, c, s, start, error));
  CHECK(s.secret_end_first == c.secret_end_first);
  CHECK(s.secret_end_last == c.secret_end_last);
  CHECK(s.secret_end_year >= c.secret_end_first);
  CHECK(s.secret_end_year <= c.secret_end_last);
  CHECK((s.secret_end_year - map.start_year()) % 2 == 0);
  // The same seed draws the same year; over many seeds every year is drawn.
  GameSettings again;
  REQUIRE(make_game(map, c, again, start, error));
  CHECK(again.secret_end_year == s.secret_end_year);
  std::set<int> years;
  for (u64 seed = 1; seed <= 40; ++seed) {
    c.seed = seed;
    REQUIRE(make_game(map, c, s, start, error));
    years.insert(s.secret_end_year);
  }
  CHECK(years == std::set<int>{map.start_year() + 10, map.start_year() + 12, map.start_year() + 14});
  // A turn limit bounds the range.
  c.settings.last_year = map.start_year() + 8;
  set_secret_end(map, c, true);
  CHECK(c.secret_end_last == map.start_year() + 8);
  CHECK(c.secret_end_first <= c.secret_end_last);
  // A range before the game's start is refused with a sentence.
  c.secret_end_first = map.start_year() - 2;
  CHECK_FALSE(make_game(map, c, s, start, error));
  CHECK(error.find("secret end year") != std::string::npos);
  // Unticked: no year.
  set_secret_end(map, c, false);
  REQUIRE(make_game(map, c, s, start, error));
  CHECK(s.secret_end_year == 0);
  CHECK(s.secret_end_first == 0);
}
