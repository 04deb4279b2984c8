// Scripted input (game/app/script/script_player.h): parsing, and the events a script
// produces frame by frame.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "script_player.h"

using namespace colonial;
using platform::InputType;

namespace {

// A pretend app: widgets and places at fixed points, a current screen.
class FakeWorld : public ScriptWorld {
 public:
  std::map<std::string, platform::PointF, std::less<>> widgets{{"Done", {100, 50}}};
  std::map<std::string, platform::PointF, std::less<>> places{{"HON", {300, 200}}};
  std::string current = "handoff";
  std::string focus;         // the widget the pad is on
  std::string cursor_place;  // the order pad's cursor
  bool cut = false;          // every widget drawn cut off (a small screen's fold)
  // Widgets drawn out of sight, and whether scrolling brings them in (a
  // long menu) or not (a window that does not scroll there).
  std::map<std::string, platform::PointF, std::less<>> hidden;
  bool scrolls = true;
  std::vector<std::string> scrolled;  // what the script asked to scroll to
  bool scroll_to(std::string_view label) override {
    auto it = hidden.find(label);
    if (it == hidden.end()) return false;
    scrolled.emplace_back(label);
    if (scrolls) {
      widgets.insert(*it);
      hidden.erase(it);
    }
    return true;
  }
  bool widget_whole(std::string_view label) override { return widgets.count(std::string(label)) && !cut; }
  std::string focused() override { return focus; }
  std::string cursor() override { return cursor_place; }
  bool widget(std::string_view label, platform::PointF& at) override {
    auto it = widgets.find(label);
    if (it == widgets.end()) return false;
    at = it->second;
    return true;
  }
  int gliding = 0;  // frames the board still moves: each look finds the place 10 pixels on
  bool place(std::string_view code, platform::PointF& at) override {
    auto it = places.find(code);
    if (it == places.end()) return false;
    if (gliding > 0) {
      --gliding;
      it->second.x += 10;
    }
    at = it->second;
    return true;
  }
  std::string screen() override { return current; }
};

std::vector<ScriptStep> parse(const char* text) {
  std::vector<ScriptStep> steps;
  std::string error;
  INFO(text);
  const bool ok = parse_script(text, steps, error);
  INFO(error);
  REQUIRE(ok);
  return steps;
}

// Runs a script to its end; returns every frame's events in order.
std::vector<std::vector<platform::InputEvent>> run(ScriptPlayer& player, ScriptWorld& world,
                                                   std::vector<std::string>* shots = nullptr,
                                                   ScriptPlayer::Status* end = nullptr) {
  std::vector<std::vector<platform::InputEvent>> frames;
  for (int i = 0; i < 10000; ++i) {
    ScriptFrame f;
    const ScriptPlayer::Status s = player.frame(world, f);
    if (shots && !f.screenshot.empty()) shots->push_back(f.screenshot);
    frames.push_back(f.events);
    if (s != ScriptPlayer::Status::Running || f.quit) {
      if (end) *end = f.quit ? ScriptPlayer::Status::Finished : s;
      break;
    }
  }
  return frames;
}

}  // namespace

TEST_CASE("every step parses, comments and blank lines are skipped") {
  const auto steps = parse(
      "# a comment\n"
      "\n"
      "wait 10\n"
      "tap 12 34   # trailing comment\n"
      "rtap 1 2\n"
      "touch 5.5 6\n"
      "longpress 7 8\n"
      "drag 1 2 3 4\n"
      "key Escape\n"
      "key enter ctrl shift\n"
      "key F11\n"
      "key s\n"
      "text F HK - SCS # typed, not a comment\n"
      "pad start\n"
      "button Build army\n"
      "place HON\n"
      "longplace TON\n"
      "screenshot 01-start\n"
      "expect orders\n"
      "close\n"
      "quit\n");
  REQUIRE(steps.size() == 19);
  CHECK(steps[0].op == ScriptOp::Wait);
  CHECK(steps[0].frames == 10);
  CHECK(steps[1].op == ScriptOp::Tap);
  CHECK(steps[1].x == 12);
  CHECK(steps[1].y == 34);
  CHECK(steps[1].line == 4);
  CHECK(steps[3].x == doctest::Approx(5.5));
  CHECK(steps[5].y2 == 4);
  CHECK(steps[6].key == platform::Key::Escape);
  CHECK(steps[7].key == platform::Key::Enter);
  CHECK(steps[7].mods == (platform::kModCtrl | platform::kModShift));
  CHECK(steps[8].key == platform::Key::F11);
  CHECK(steps[9].key == platform::Key::S);
  CHECK(steps[10].arg == "F HK - SCS # typed, not a comment");
  CHECK(steps[11].pad == platform::GamepadButton::Start);
  CHECK(steps[12].arg == "Build army");
  CHECK(steps[13].op == ScriptOp::Place);
  CHECK(steps[14].op == ScriptOp::LongPlace);
  CHECK(steps[15].arg == "01-start");
  CHECK(steps[16].arg == "orders");
  CHECK(steps[17].op == ScriptOp::Close);
  CHECK(steps[18].op == ScriptOp::Quit);
}

TEST_CASE("await takes a screen and, after it, how long at most") {
  const auto steps = parse("await results\nawait history 300\n");
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].op == ScriptOp::Await);
  CHECK(steps[0].arg == "results");
  CHECK(steps[0].seconds == 0);
  CHECK(steps[1].arg == "history");
  CHECK(steps[1].seconds == 300);
}

TEST_CASE("bad scripts are refused with the line and the reason") {
  struct Bad {
    const char* text;
    const char* says;
  };
  const Bad bad[] = {
      {"fly 1 2", "line 1: unknown step 'fly'"},
      {"wait\n", "wait wants"},
      {"wait -3", "wait wants"},
      {"\ntap 1", "line 2: tap wants X Y"},
      {"tap 1 2 3", "tap wants X Y"},
      {"tap a b", "tap wants X Y"},
      {"key Hyper", "unknown key 'Hyper'"},
      {"key A meta", "unknown modifier 'meta'"},
      {"pad Z", "unknown gamepad button 'Z'"},
      {"button", "button wants a name"},
      {"screenshot ../x", "plain file names"},
      {"text", "text wants something"},
      {"quit now", "quit takes nothing"},
      {"await results soon", "await wants a screen and at most 600 seconds"},
      {"await results 601", "at most 600 seconds"},
      {"await results 10 20", "at most 600 seconds"},
      {"pass", "pass wants a number of seconds"},
      {"pass 0", "pass wants a number of seconds"},
      {"pass 90000", "pass wants a number of seconds"},
      {"pass 60 s", "pass wants a number of seconds"},
  };
  for (const Bad& b : bad) {
    std::vector<ScriptStep> steps;
    std::string error;
    INFO(b.text);
    CHECK_FALSE(parse_script(b.text, steps, error));
    CHECK(error.find(b.says) != std::string::npos);
  }
}

TEST_CASE("a tap is a move and a press in one frame, the release in the next") {
  FakeWorld world;
  ScriptPlayer player(parse("tap 10 20\n"));
  const auto frames = run(player, world);
  REQUIRE(frames.size() >= 3);
  REQUIRE(frames[0].size() == 1);
  CHECK(frames[0][0].type == InputType::PointerMove);
  REQUIRE(frames[1].size() == 1);
  CHECK(frames[1][0].type == InputType::PointerDown);
  CHECK(frames[1][0].button == platform::PointerButton::Left);
  CHECK(frames[1][0].x == 10);
  REQUIRE(frames[2].size() == 1);
  CHECK(frames[2][0].type == InputType::PointerUp);
}

TEST_CASE("a long press holds the finger for 0.8 s of the virtual clock") {
  FakeWorld world;
  ScriptPlayer player(parse("longpress 1 1\n"));
  const auto frames = run(player, world);
  int down = -1, up = -1;
  for (int i = 0; i < static_cast<int>(frames.size()); ++i)
    for (const auto& e : frames[i]) {
      if (e.type == InputType::TouchDown) down = i;
      if (e.type == InputType::TouchUp) up = i;
    }
  REQUIRE(down >= 0);
  CHECK(up - down == 48);
}

TEST_CASE("wait lets frames pass; keys, text and pad buttons are pressed and released") {
  FakeWorld world;
  ScriptPlayer player(parse("wait 5\nkey Escape\ntext hello\npad A\n"));
  const auto frames = run(player, world);
  std::vector<std::pair<int, InputType>> seen;
  for (int i = 0; i < static_cast<int>(frames.size()); ++i)
    for (const auto& e : frames[i]) seen.push_back({i, e.type});
  REQUIRE(seen.size() == 5);
  CHECK(seen[0].first >= 5);  // after the wait
  CHECK(seen[0].second == InputType::KeyDown);
  CHECK(seen[1].second == InputType::KeyUp);
  CHECK(seen[1].first == seen[0].first + 1);
  CHECK(seen[2].second == InputType::Text);
  CHECK(seen[3].second == InputType::GamepadButtonDown);
  CHECK(seen[4].second == InputType::GamepadButtonUp);
}

TEST_CASE("pass moves the virtual clock on at once, in one frame, then the next step follows") {
  FakeWorld world;
  ScriptPlayer player(parse("pass 62\nkey Enter\n"));
  int frames = 0, passed_at = -1, key_at = -1;
  double passed = 0;
  for (ScriptPlayer::Status st = ScriptPlayer::Status::Running; st == ScriptPlayer::Status::Running && frames < 100;
       ++frames) {
    ScriptFrame f;
    st = player.frame(world, f);
    if (f.pass_seconds > 0) {
      CHECK(passed_at < 0);
      passed_at = frames;
      passed += f.pass_seconds;
    }
    if (!f.events.empty() && key_at < 0) key_at = frames;
  }
  CHECK(passed == doctest::Approx(62));
  CHECK(passed_at == 0);
  CHECK(key_at > passed_at);
  CHECK(key_at < 10);  // not 62 s of frames later
}

TEST_CASE("buttons and places are found in the running app") {
  FakeWorld world;
  ScriptPlayer player(parse("button Done\nplace HON\n"));
  const auto frames = run(player, world);
  std::vector<platform::InputEvent> downs;
  for (const auto& f : frames)
    for (const auto& e : f)
      if (e.type == InputType::PointerDown || e.type == InputType::TouchDown) downs.push_back(e);
  REQUIRE(downs.size() == 2);
  CHECK(downs[0].x == 100);
  CHECK(downs[0].y == 50);
  CHECK(downs[1].type == InputType::TouchDown);  // places are tapped with a finger
  CHECK(downs[1].x == 300);
}

TEST_CASE("a button drawn out of sight is scrolled into it, then pressed") {
  FakeWorld world;
  world.hidden.emplace("Quit the kiosk", platform::PointF{320, 400});
  ScriptPlayer player(parse("button Quit the kiosk\n"));
  ScriptPlayer::Status end = ScriptPlayer::Status::Running;
  const auto frames = run(player, world, nullptr, &end);
  CHECK(end == ScriptPlayer::Status::Finished);
  CHECK(world.scrolled == std::vector<std::string>{"Quit the kiosk"});
  std::vector<platform::InputEvent> downs;
  for (const auto& f : frames)
    for (const auto& e : f)
      if (e.type == InputType::PointerDown) downs.push_back(e);
  REQUIRE(downs.size() == 1);
  CHECK(downs[0].x == 320);
  CHECK(downs[0].y == 400);
  // Where it stays out of sight, the script stops after a few scrolls.
  FakeWorld stuck;
  stuck.scrolls = false;
  stuck.hidden.emplace("Delete", platform::PointF{700, 100});
  ScriptPlayer failing(parse("button Delete\n"));
  run(failing, stuck, nullptr, &end);
  CHECK(end == ScriptPlayer::Status::Failed);
  CHECK(stuck.scrolled.size() == 3);
  CHECK(failing.error().find("line 1: the widget labelled 'Delete' stays out of sight on the handoff screen") !=
        std::string::npos);
}

TEST_CASE("a place is tapped where the board comes to rest") {
  FakeWorld world;
  world.gliding = 5;
  ScriptPlayer player(parse("place HON\n"));
  const auto frames = run(player, world);
  std::vector<platform::InputEvent> downs;
  for (const auto& f : frames)
    for (const auto& e : f)
      if (e.type == InputType::TouchDown) downs.push_back(e);
  REQUIRE(downs.size() == 1);
  CHECK(downs[0].x == 350);
  CHECK(downs[0].y == 200);
}

TEST_CASE("a missing widget, place or screen stops the script with a reason") {
  struct Case {
    const char* script;
    const char* says;
  };
  const Case cases[] = {
      {"button Nowhere\n", "line 1: no widget labelled 'Nowhere' on the handoff screen"},
      {"place XYZ\n", "no place 'XYZ'"},
      {"wait 1\nexpect results\n", "line 2: expected the results screen, the handoff screen shows"},
  };
  for (const Case& c : cases) {
    FakeWorld world;
    ScriptPlayer player(parse(c.script));
    ScriptPlayer::Status end = ScriptPlayer::Status::Running;
    run(player, world, nullptr, &end);
    INFO(c.script);
    CHECK(end == ScriptPlayer::Status::Failed);
    CHECK(player.error().find(c.says) != std::string::npos);
  }
}

TEST_CASE("focus, whole and cursor pass where the app agrees, else stop the script with a reason") {
  FakeWorld world;
  world.focus = "Done";
  world.cursor_place = "HON";
  ScriptPlayer player(parse("focus Done\nwhole Done\ncursor HON\nquit\n"));
  ScriptPlayer::Status end = ScriptPlayer::Status::Running;
  run(player, world, nullptr, &end);
  CHECK(end == ScriptPlayer::Status::Finished);
  struct Case {
    const char* script;
    const char* says;
  };
  const Case cases[] = {
      {"focus Start game\n", "line 1: the focus is on 'Done', not 'Start game', on the handoff screen"},
      {"whole Nowhere\n", "line 1: no widget labelled 'Nowhere'"},
      {"cursor CAN\n", "line 1: the order pad's cursor is on 'HON', not CAN"},
  };
  for (const Case& c : cases) {
    ScriptPlayer failing(parse(c.script));
    end = ScriptPlayer::Status::Running;
    run(failing, world, nullptr, &end);
    INFO(c.script);
    CHECK(end == ScriptPlayer::Status::Failed);
    CHECK(failing.error().find(c.says) != std::string::npos);
  }
  // A widget below the fold of a short screen.
  world.cut = true;
  ScriptPlayer cut(parse("whole Done\n"));
  end = ScriptPlayer::Status::Running;
  run(cut, world, nullptr, &end);
  CHECK(end == ScriptPlayer::Status::Failed);
  CHECK(cut.error().find("the widget labelled 'Done' is cut off on the handoff screen") != std::string::npos);
}

TEST_CASE("screenshots, expectations that hold, and the end") {
  FakeWorld world;
  ScriptPlayer player(parse("expect handoff\nscreenshot a\nscreenshot b\n"));
  std::vector<std::string> shots;
  ScriptPlayer::Status end = ScriptPlayer::Status::Running;
  run(player, world, &shots, &end);
  CHECK(end == ScriptPlayer::Status::Finished);
  CHECK(shots == std::vector<std::string>{"a", "b"});
  ScriptPlayer quitting(parse("quit\nwait 100\n"));
  run(quitting, world, nullptr, &end);
  CHECK(end == ScriptPlayer::Status::Finished);
}
