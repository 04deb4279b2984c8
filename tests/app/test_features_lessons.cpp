// The lessons (game/app/lessons/lessons.h): every lesson's position loads;
// its solution, entered on the order pad's model as a player types it,
// reaches the goal once the engine has adjudicated it; its wrong try misses,
// and the explanation gives the adjudicator's sentences and the lesson's
// word on each part missed; it can be tried again. A lesson played over a
// game in play leaves that game, its record and the board's edition alone.
#include <algorithm>

#include "files.h"
#include "lessons.h"
#include "order_entry_model.h"
#include "report.h"
#include "test_features_fixture.h"
#include "translate.h"

using namespace colonial;
using namespace colonial::features_test;

namespace {

bool lesson_explains(const LessonRun& run, const char* msgid) {
  const std::string sentence = text::tr(msgid);
  const auto& lines = run.explanation();
  return std::find(lines.begin(), lines.end(), sentence) != lines.end();
}

// The orders as the player would type them on the lesson's order pad: the
// one parser and the pad's legal checks.
OrderList entered_on_pad(const LessonRun& run, std::string_view text) {
  OrderEntryModel pad;
  pad.begin(run.game(), run.power());
  INFO(text, ": ", pad.message());
  REQUIRE(pad.type_orders(text));
  return pad.orders();
}

}  // namespace

TEST_CASE("lessons: each reaches its goal with its orders, misses it with the wrong ones, and is tried again") {
  Modals modals;
  auto s = session_on(modals, "");
  REQUIRE(lessons_fit(s->map()));
  REQUIRE(lessons().size() == 9);
  LessonRun run;
  for (int i = 0; i < static_cast<int>(lessons().size()); ++i) {
    const LessonData& lesson = lessons()[i];
    CAPTURE(lesson.id);
    std::string error;
    REQUIRE_MESSAGE(run.start(s->map(), i, error), error);
    CHECK(run.power() == s->map().find_power(lesson.power));
    CHECK_FALSE(run.tried());

    // The wrong try: the goal missed, each part missed explained.
    REQUIRE(run.attempt(entered_on_pad(run, lesson.wrong)));
    CHECK(run.tried());
    CHECK_FALSE(run.reached());
    int missed = 0;
    for (const GoalCheck& goal : lesson.checks) missed += lesson_explains(run, goal.missed) ? 1 : 0;
    CHECK(missed >= 1);
    CHECK_FALSE(lesson_explains(run, lesson.reached));
    // The adjudicator's own sentence for every order follows.
    const PhaseRecord& tried = run.try_record();
    REQUIRE(run.explanation().size() == static_cast<std::size_t>(tried.results.results.size() + missed));
    for (int r = 0; r < tried.results.results.size(); ++r) {
      SentenceText sentence;
      describe_result_sentence(s->map(), tried.position, tried.results.results[r], sentence);
      CHECK(run.explanation()[static_cast<std::size_t>(missed + r)] == sentence.c_str());
    }

    // Again, from the lesson's position: the solution reaches the goal.
    REQUIRE(run.again(error));
    CHECK_FALSE(run.tried());
    CHECK(run.game().history_size() == 0);
    REQUIRE(run.attempt(entered_on_pad(run, lesson.solution)));
    CHECK_MESSAGE(run.reached(), run.explanation().back());
    CHECK(lesson_explains(run, lesson.reached));
  }
}

TEST_CASE("lessons: the goals are checks on the position the engine made") {
  Modals modals;
  auto s = session_on(modals, "");
  LessonRun run;
  std::string error;
  // Hong Kong: the Chinese army stands in it, and it counts for nobody.
  const auto& all = lessons();
  const auto hong_kong = std::find_if(all.begin(), all.end(), [](const LessonData& l) { return l.id == "hong-kong"; });
  REQUIRE(hong_kong != all.end());
  REQUIRE(run.start(s->map(), static_cast<int>(hong_kong - all.begin()), error));
  REQUIRE(run.attempt(entered_on_pad(run, "A can - hon")));
  const ProvinceId hk = s->map().find_province("HON").province;
  const PowerId china = s->map().find_power("China");
  CHECK(run.game().position().units[hk].power == china);
  CHECK(run.game().position().owner[hk] == kNoPower);
  CHECK(run.game().position().colony_count(s->map(), china) == 1);
  CHECK_FALSE(run.reached());
  // Orders of another power's unit are no try at all.
  REQUIRE(run.again(error));
  OrderList theirs;
  Order french;
  REQUIRE(run.game().position().units[s->map().find_province("ANN").province].present());
  french.power = s->map().find_power("France");
  french.kind = OrderKind::Hold;
  french.unit = UnitType::Army;
  french.at = s->map().find_province("ANN").province;
  theirs.push_back(french);
  CHECK_FALSE(run.attempt(theirs));
  CHECK_FALSE(run.tried());
  CHECK(run.explanation().size() == 1);
}

TEST_CASE("lessons: a lesson played over a game in play leaves the game and its record alone") {
  TempDir dir;
  const std::string record = dir.file("save.colonial");
  Modals modals;
  auto s = session_on(modals, record);
  start_default_game(*s);
  std::string saved, error;
  REQUIRE(platform::read_file(record, saved, error));
  const Position before = s->game().position();
  const u32 options = s->map().options();
  const int setup = s->map().current_setup();
  LessonRun run;
  for (int i = 0; i < static_cast<int>(lessons().size()); ++i) {
    REQUIRE(run.start(s->map(), i, error));
    REQUIRE(run.attempt(entered_on_pad(run, lessons()[i].solution)));
  }
  run.leave();
  CHECK(s->map().options() == options);
  CHECK(s->map().current_setup() == setup);
  std::string after;
  REQUIRE(platform::read_file(record, after, error));
  CHECK(after == saved);
  CHECK(s->game().position() == before);
  CHECK(s->game().history_size() == 0);
}

TEST_CASE("lessons: another board is said to be no place for them, in a sentence") {
  Modals modals;
  auto s = std::make_unique<GameSession>(modals);
  std::string error;
  REQUIRE(s->load_board("standard", error));
  CHECK_FALSE(lessons_fit(s->map()));
  LessonRun run;
  CHECK_FALSE(run.start(s->map(), 0, error));
  CHECK_FALSE(error.empty());
  CHECK_FALSE(run.started());
}
