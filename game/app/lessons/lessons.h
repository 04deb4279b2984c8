// Lessons: a first game that teaches by doing, on the real board and
// engine. Each lesson is one position, a goal and the orders the player
// enters the usual way (the order pad, by taps, mouse or gamepad); a try is
// the player's orders with the lesson's own orders for the other powers,
// adjudicated by the engine (Game::adjudicate), and its goal is checked on
// the position the adjudication made: "a Russian army stands in Perm",
// "China counts two colonies" (Hong Kong never counts for China). The
// explanation is the lesson's word on the goal (reached, or why each part
// was missed), then the adjudicator's own sentence for each order
// (describe_result_sentence).
//
// A lesson is played on a Game of its own: never the game in play, never
// saved. The lessons' data (position in engine/setup.h's words, goal,
// power, orders, explanations) is the table in lessons.cpp.
//
// No window: tests/app (app_features_tests) play every lesson.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"

namespace colonial {

class Map;

// What a goal asks of the position after the try.
enum class GoalKind : u8 {
  UnitIn,           // a unit of `power` (of `unit`'s type, unless None) stands in `place`
  NoUnitIn,         // no unit of `power` stands in `place`
  ColoniesAtLeast,  // `power` counts at least `count` colonies (Position::colony_count)
  UnitsAtLeast,     // `power` has at least `count` units
};

struct GoalCheck {
  GoalKind kind = GoalKind::UnitIn;
  std::string_view power;          // as the map names it
  UnitType unit = UnitType::None;  // UnitIn: the unit's type, or None for either
  std::string_view place;          // UnitIn, NoUnitIn: a province's code
  int count = 0;                   // ColoniesAtLeast, UnitsAtLeast
  const char* missed = nullptr;    // msgid: why a try that fails this check missed the goal
};

struct LessonData {
  std::string_view id;        // stable, for events and scripts: "move-and-hold"
  const char* title;          // msgid: "Move and hold"
  const char* teaches;        // msgid: the rule, in a sentence or two
  const char* goal;           // msgid: the goal line
  const char* reached;        // msgid: said when the goal is reached
  std::string_view power;     // the power the player commands
  std::string_view position;  // engine/setup.h's blocks: phase, units, dislodged units, owners
  std::string_view others;    // the other powers' orders, "Power: order" a line
  std::string_view solution;  // orders that reach the goal (the tests enter them)
  std::string_view wrong;     // a try that misses it (the tests enter it)
  std::span<const GoalCheck> checks;
};

// Every lesson, in the order they are taught.
std::span<const LessonData> lessons();

// True if the lessons can be played on this map (the Colonial board).
bool lessons_fit(const Map& map);

// One lesson played: its position on a Game of its own, a try, the
// explanation, again.
class LessonRun {
 public:
  LessonRun();
  ~LessonRun();
  LessonRun(const LessonRun&) = delete;
  LessonRun& operator=(const LessonRun&) = delete;

  // Sets up lesson `index` on `map` under the 1995 rulebook's rules, on
  // the board edition the map has now: the game in play may share the map
  // (and a computer player think on it), so the lesson never changes it.
  // False with `error` when the lesson's text does not fit the map.
  bool start(Map& map, int index, std::string& error);
  // The lesson is left: nothing of it stays.
  void leave();
  bool started() const { return index_ >= 0; }
  int index() const { return index_; }
  const LessonData& data() const;
  PowerId power() const { return power_; }
  // The lesson's game: its position before a try, the position the try
  // made after it (history(0) holds the position before and the results).
  const Game& game() const { return *game_; }

  // The try: `mine` (the player's orders, from the order pad) with the
  // lesson's orders for the others, adjudicated; the goal checked. False
  // (nothing tried) when the game refuses the orders, with why in
  // explanation().
  bool attempt(const OrderList& mine);
  bool tried() const { return tried_; }
  bool reached() const { return reached_; }
  // The sentences that explain the try: the goal reached or each part of
  // it missed, then each order's result.
  const std::vector<std::string>& explanation() const { return explanation_; }
  // The position and results of the try (for the board's playback).
  const PhaseRecord& try_record() const { return game_->history(0); }

  // Back to the lesson's position for another try.
  bool again(std::string& error);

 private:
  bool check(const GoalCheck& goal) const;

  std::unique_ptr<Game> game_;
  Map* map_ = nullptr;
  int index_ = -1;
  PowerId power_ = kNoPower;
  OrderList others_;
  bool tried_ = false;
  bool reached_ = false;
  std::vector<std::string> explanation_;
};

}  // namespace colonial
