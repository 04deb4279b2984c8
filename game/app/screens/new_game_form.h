// NewGameForm: the new-game screen's form - variant preset, players and
// their powers (random draw or by choice), names, who sits where (a person
// or the computer), victory, scoring and a secret end year, rule options, board edition, phase timers, the
// table mode and the language of the screens. It edits a NewGameChoices (flow/new_game_setup.h), which
// make_game() turns into a game, and shows the start position it would
// give on the board.
#pragma once

#include <string>
#include <utility>

#include "map.h"
#include "new_game_setup.h"
#include "turn_flow.h"

namespace colonial {

class NewGameForm {
 public:
  // Fresh choices for `map` (its options set to theirs); `seed` deals the
  // powers (0: the clock).
  void reset(Map& map, u64 seed);
  // The start position the choices give, for the board.
  const Position& board() const { return board_; }

  // The form, inside the panel: `table_name` (a kiosk's, or null) above the
  // choices, "Start game" below. True when Start made a game: settings()
  // and start() hold it. `language_option` is --language as given: the
  // "Automatic" language; a kiosk (with a table name) chooses its language
  // in its settings instead.
  bool draw(Map& map, TurnFlow& flow, char* table_name, std::size_t table_name_size,
            const std::string& language_option);
  const GameSettings& settings() const { return made_settings_; }
  // "Learn to play" was pressed (once): the app opens the lessons.
  bool take_lessons_request() { return std::exchange(lessons_asked_, false); }
  // The language chosen for the screens ("" automatic), here or in the menu.
  std::string& language() { return language_; }
  const Position& start() const { return made_start_; }
  // The scoring system the form starts with (a kiosk's club default).
  void set_scoring(bool scored, ScoringSystem system) {
    choices_.settings.scored = scored;
    choices_.settings.scoring = system;
  }

 private:
  // The language's drop-down beside the heading, whose lines begin at
  // (top_x, top_y) in the window and are heading_w wide.
  void draw_language(float top_x, float top_y, float heading_w, const std::string& language_option);
  bool draw_presets(const Map& map);
  bool draw_players(const Map& map, PlayerSetup& setup, Position& start);
  void draw_seat(const Map& map, const PlayerSetup& setup, int seat);
  void draw_victory(const Map& map);
  void draw_scoring(const Map& map);
  void draw_rules(const Map& map, bool colonial, bool several_powers_a_player);
  bool draw_board_options(const Map& map);
  void draw_timers();
  static void draw_table_mode(TurnFlow& flow);
  bool start_pressed(Map& map);

  NewGameChoices choices_;
  char names_[kMaxPowers][24] = {};
  std::string language_;  // the language chosen here ("" automatic)
  std::string error_;     // why the choices cannot be played
  bool lessons_asked_ = false;
  Position board_;  // the start position they give
  GameSettings made_settings_;
  Position made_start_;
};

}  // namespace colonial
