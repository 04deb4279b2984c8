#include "script_player.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "map.h"
#include "text_lines.h"

namespace colonial {

namespace {

using platform::GamepadButton;
using platform::InputEvent;
using platform::InputType;
using platform::Key;

constexpr int kSettleFrames = 3;      // after every step
constexpr double kAwaitSeconds = 60;  // an await step gives up after this
constexpr int kLongPressFrames = 48;  // 0.8 s at 60 frames a second
constexpr int kDragFrames = 12;
constexpr int kRandomLongPressFrames = 32;  // just over the app's 0.5 s
// A `button` step scrolls its widget into sight at most this often: once is
// enough unless the layout moves under it.
constexpr int kMostScrolls = 3;
// A `place` step waits at most this many frames for the board to rest.
constexpr int kMostGlideFrames = 120;

std::string_view next_word(std::string_view& s) {
  s = trim(s);
  std::size_t n = 0;
  while (n < s.size() && s[n] != ' ' && s[n] != '\t') ++n;
  std::string_view w = s.substr(0, n);
  s.remove_prefix(n);
  s = trim(s);
  return w;
}

bool number(std::string_view w, float& out) {
  if (w.empty() || w.size() > 30) return false;
  char buf[32];
  std::memcpy(buf, w.data(), w.size());
  buf[w.size()] = 0;
  char* end = nullptr;
  out = std::strtof(buf, &end);
  return end && *end == 0;
}

// "await SCREEN [SECONDS]": the screen's name in arg, the time in seconds.
bool await_limit(ScriptStep& s) {
  std::string_view rest = s.arg;
  const std::string_view name = next_word(rest);
  if (rest.empty()) return true;
  float seconds = 0;
  if (!number(next_word(rest), seconds) || !rest.empty() || seconds <= 0 || seconds > 600) return false;
  s.arg = std::string(name);
  s.seconds = seconds;
  return true;
}

Key key_named(std::string_view n) {
  struct Named {
    const char* name;
    Key key;
  };
  static const Named kKeys[] = {
      {"escape", Key::Escape},       {"esc", Key::Escape},    {"enter", Key::Enter},
      {"return", Key::Enter},        {"space", Key::Space},   {"tab", Key::Tab},
      {"backspace", Key::Backspace}, {"delete", Key::Delete}, {"left", Key::Left},
      {"right", Key::Right},         {"up", Key::Up},         {"down", Key::Down},
      {"home", Key::Home},           {"end", Key::End},       {"pageup", Key::PageUp},
      {"pagedown", Key::PageDown},   {"minus", Key::Minus},   {"equals", Key::Equals},
      {"plus", Key::Plus},
  };
  for (const Named& k : kKeys)
    if (equals_ignore_case(n, k.name)) return k.key;
  if (n.size() == 1) {
    char c = n[0];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c >= 'A' && c <= 'Z') return static_cast<Key>(static_cast<int>(Key::A) + (c - 'A'));
    if (c >= '0' && c <= '9') return static_cast<Key>(static_cast<int>(Key::Num0) + (c - '0'));
  }
  if ((n[0] == 'F' || n[0] == 'f') && n.size() <= 3) {
    const int f = std::atoi(std::string(n.substr(1)).c_str());
    if (f >= 1 && f <= 12) return static_cast<Key>(static_cast<int>(Key::F1) + f - 1);
  }
  return Key::Unknown;
}

GamepadButton pad_named(std::string_view n) {
  struct Named {
    const char* name;
    GamepadButton button;
  };
  static const Named kButtons[] = {
      {"a", GamepadButton::A},
      {"b", GamepadButton::B},
      {"x", GamepadButton::X},
      {"y", GamepadButton::Y},
      {"back", GamepadButton::Back},
      {"start", GamepadButton::Start},
      {"up", GamepadButton::DpadUp},
      {"down", GamepadButton::DpadDown},
      {"left", GamepadButton::DpadLeft},
      {"right", GamepadButton::DpadRight},
      {"lb", GamepadButton::LeftShoulder},
      {"rb", GamepadButton::RightShoulder},
  };
  for (const Named& b : kButtons)
    if (equals_ignore_case(n, b.name)) return b.button;
  return GamepadButton::None;
}

}  // namespace

bool parse_script(std::string_view text, std::vector<ScriptStep>& out, std::string& error) {
  out.clear();
  int line_no = 0;
  std::string_view line;
  while (next_line(text, line)) {
    ++line_no;
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos) {
      // '#' inside `text` is typed, not a comment.
      std::string_view head = trim(line);
      if (!(head.size() > 5 && equals_ignore_case(head.substr(0, 5), "text "))) line = line.substr(0, hash);
    }
    std::string_view rest = trim(line);
    if (rest.empty()) continue;
    const std::string_view op = next_word(rest);
    ScriptStep s;
    s.line = line_no;
    auto bad = [&](const std::string& what) {
      error = "line " + std::to_string(line_no) + ": " + what;
      return false;
    };
    auto coords = [&](int n) {
      float v[4] = {0, 0, 0, 0};
      for (int i = 0; i < n; ++i)
        if (!number(next_word(rest), v[i])) return false;
      s.x = v[0];
      s.y = v[1];
      s.x2 = v[2];
      s.y2 = v[3];
      return rest.empty();
    };
    if (equals_ignore_case(op, "wait")) {
      float n = 0;
      if (!number(next_word(rest), n) || n < 0 || n > 100000 || !rest.empty())
        return bad("wait wants a number of frames");
      s.op = ScriptOp::Wait;
      s.frames = static_cast<int>(n);
    } else if (equals_ignore_case(op, "tap") || equals_ignore_case(op, "rtap") || equals_ignore_case(op, "touch") ||
               equals_ignore_case(op, "longpress")) {
      s.op = equals_ignore_case(op, "tap")     ? ScriptOp::Tap
             : equals_ignore_case(op, "rtap")  ? ScriptOp::RightTap
             : equals_ignore_case(op, "touch") ? ScriptOp::Touch
                                               : ScriptOp::LongPress;
      if (!coords(2)) return bad(std::string(op) + " wants X Y");
    } else if (equals_ignore_case(op, "drag")) {
      s.op = ScriptOp::Drag;
      if (!coords(4)) return bad("drag wants X1 Y1 X2 Y2");
    } else if (equals_ignore_case(op, "key")) {
      s.op = ScriptOp::Key;
      const std::string_view name = next_word(rest);
      s.key = name.empty() ? Key::Unknown : key_named(name);
      if (s.key == Key::Unknown) return bad("unknown key '" + std::string(name) + "'");
      while (!rest.empty()) {
        const std::string_view m = next_word(rest);
        if (equals_ignore_case(m, "shift"))
          s.mods |= platform::kModShift;
        else if (equals_ignore_case(m, "ctrl"))
          s.mods |= platform::kModCtrl;
        else if (equals_ignore_case(m, "alt"))
          s.mods |= platform::kModAlt;
        else
          return bad("unknown modifier '" + std::string(m) + "' (shift, ctrl, alt)");
      }
    } else if (equals_ignore_case(op, "text")) {
      s.op = ScriptOp::Text;
      s.arg = rest;
      if (s.arg.empty()) return bad("text wants something to type");
    } else if (equals_ignore_case(op, "pad")) {
      s.op = ScriptOp::Pad;
      const std::string_view name = next_word(rest);
      s.pad = pad_named(name);
      if (s.pad == GamepadButton::None || !rest.empty())
        return bad("unknown gamepad button '" + std::string(name) + "' (A B X Y Back Start Up Down Left Right LB RB)");
    } else if (equals_ignore_case(op, "button") || equals_ignore_case(op, "place") ||
               equals_ignore_case(op, "longplace") || equals_ignore_case(op, "screenshot") ||
               equals_ignore_case(op, "expect") || equals_ignore_case(op, "absent") ||
               equals_ignore_case(op, "await") || equals_ignore_case(op, "whole") || equals_ignore_case(op, "focus") ||
               equals_ignore_case(op, "cursor")) {
      s.op = equals_ignore_case(op, "button")       ? ScriptOp::Button
             : equals_ignore_case(op, "place")      ? ScriptOp::Place
             : equals_ignore_case(op, "longplace")  ? ScriptOp::LongPlace
             : equals_ignore_case(op, "screenshot") ? ScriptOp::Screenshot
             : equals_ignore_case(op, "absent")     ? ScriptOp::Absent
             : equals_ignore_case(op, "whole")      ? ScriptOp::Whole
             : equals_ignore_case(op, "focus")      ? ScriptOp::Focus
             : equals_ignore_case(op, "cursor")     ? ScriptOp::Cursor
             : equals_ignore_case(op, "await")      ? ScriptOp::Await
                                                    : ScriptOp::Expect;
      s.arg = rest;
      if (s.arg.empty()) return bad(std::string(op) + " wants a name");
      if (s.op == ScriptOp::Await && !await_limit(s)) return bad("await wants a screen and at most 600 seconds");
      if (s.op == ScriptOp::Screenshot && s.arg.find_first_of("/\\") != std::string::npos)
        return bad("screenshot names are plain file names (no directories)");
    } else if (equals_ignore_case(op, "labels")) {
      s.op = ScriptOp::Labels;
      if (!rest.empty()) return bad("labels takes nothing after it");
    } else if (equals_ignore_case(op, "random")) {
      s.op = ScriptOp::Random;
      const std::string seed(next_word(rest));
      float count = 0;
      char* end = nullptr;
      s.seed = seed.empty() ? 0 : std::strtoull(seed.c_str(), &end, 10);
      float per_frame = 1;
      if (seed.empty() || !end || *end != 0 || seed[0] == '-' || !number(next_word(rest), count) || count < 0 ||
          count > 1000000 || count != std::floor(count) ||
          (!rest.empty() && (!number(next_word(rest), per_frame) || per_frame < 1 || per_frame > 100 ||
                             per_frame != std::floor(per_frame))) ||
          !rest.empty())
        return bad("random wants SEED COUNT [PER_FRAME] (whole numbers; COUNT at most 1000000, PER_FRAME 1 to 100)");
      s.frames = static_cast<int>(count);
      s.per_frame = static_cast<int>(per_frame);
    } else if (equals_ignore_case(op, "pass")) {
      float seconds = 0;
      if (!number(next_word(rest), seconds) || seconds <= 0 || seconds > 86400 || !rest.empty())
        return bad("pass wants a number of seconds from 0 to 86400");
      s.op = ScriptOp::Pass;
      s.seconds = seconds;
    } else if (equals_ignore_case(op, "quit") || equals_ignore_case(op, "close")) {
      s.op = equals_ignore_case(op, "quit") ? ScriptOp::Quit : ScriptOp::Close;
      if (!rest.empty()) return bad(std::string(op) + " takes nothing after it");
    } else {
      return bad("unknown step '" + std::string(op) + "'");
    }
    out.push_back(std::move(s));
  }
  return true;
}

void ScriptPlayer::press_release(platform::PointF at, bool touch, int hold_frames, platform::PointerButton button) {
  InputEvent move;
  move.type = InputType::PointerMove;
  move.x = at.x;
  move.y = at.y;
  InputEvent down;
  down.x = at.x;
  down.y = at.y;
  if (touch) {
    down.type = InputType::TouchDown;
    down.finger = next_finger_++;
  } else {
    down.type = InputType::PointerDown;
    down.button = button;
  }
  InputEvent up = down;
  up.type = touch ? InputType::TouchUp : InputType::PointerUp;
  if (!touch) queue(0, move);
  queue(touch ? 0 : 1, down);
  queue((touch ? 0 : 1) + hold_frames, up);
}

ScriptPlayer::Status ScriptPlayer::fail(const ScriptStep& s, const std::string& what) {
  error_ = "script line " + std::to_string(s.line) + ": " + what;
  return Status::Failed;
}

void ScriptPlayer::emit_due(ScriptFrame& out) {
  for (std::size_t i = 0; i < pending_.size();) {
    if (pending_[i].due <= frame_) {
      out.events.push_back(pending_[i].event);
      pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

void ScriptPlayer::random_action(ScriptWorld& world) {
  const platform::PointF size = world.output_size();
  // Points a little beyond the window too: a touch screen reports those.
  auto point = [&]() {
    return platform::PointF{(random_unit() * 1.04f - 0.02f) * size.x, (random_unit() * 1.04f - 0.02f) * size.y};
  };
  auto widget_or_point = [&]() {
    platform::PointF at = point();
    const std::size_t n = world.widget_count();
    if (n > 0) world.widget_nth(static_cast<std::size_t>(random_below(static_cast<int>(n))), at);
    return at;
  };
  const int kind = random_below(100);
  if (kind < 30) {  // a click or a tap on a widget: most of what a visitor does
    const platform::PointF at = widget_or_point();
    if (random_below(3) == 0)
      press_release(at, true, 2, platform::PointerButton::Left);
    else
      press_release(at, false, 1, platform::PointerButton::Left);
  } else if (kind < 42) {  // anywhere on the board
    const int how = random_below(4);
    press_release(point(), how == 0, how == 3 ? kRandomLongPressFrames : 1 + random_below(3),
                  how == 1   ? platform::PointerButton::Right
                  : how == 2 ? platform::PointerButton::Middle
                             : platform::PointerButton::Left);
  } else if (kind < 48) {  // a drag, by finger or mouse
    const platform::PointF a = point();
    const platform::PointF b = point();
    const bool touch = random_below(2) == 0;
    InputEvent e;
    e.type = touch ? InputType::TouchDown : InputType::PointerDown;
    e.finger = touch ? next_finger_++ : 0;
    e.button = platform::PointerButton::Left;
    e.x = a.x;
    e.y = a.y;
    queue(0, e);
    const int steps = 2 + random_below(8);
    for (int i = 1; i <= steps; ++i) {
      InputEvent m = e;
      m.type = touch ? InputType::TouchMove : InputType::PointerMove;
      const float t = static_cast<float>(i) / static_cast<float>(steps);
      m.x = a.x + (b.x - a.x) * t;
      m.y = a.y + (b.y - a.y) * t;
      m.dx = (b.x - a.x) / static_cast<float>(steps);
      m.dy = (b.y - a.y) / static_cast<float>(steps);
      queue(i, m);
    }
    InputEvent up = e;
    up.type = touch ? InputType::TouchUp : InputType::PointerUp;
    up.x = b.x;
    up.y = b.y;
    queue(steps + 1, up);
  } else if (kind < 53) {  // a pinch: two fingers apart or together about a point
    const platform::PointF c = point();
    const float from = 20 + random_unit() * 200;
    const float to = 20 + random_unit() * 200;
    const std::int64_t f1 = next_finger_++;
    const std::int64_t f2 = next_finger_++;
    const int steps = 3 + random_below(6);
    for (int i = 0; i <= steps + 1; ++i) {
      const float t = static_cast<float>(std::min(i, steps)) / static_cast<float>(steps);
      const float r = from + (to - from) * t;
      for (int f = 0; f < 2; ++f) {
        InputEvent e;
        e.type = i == 0 ? InputType::TouchDown : i > steps ? InputType::TouchUp : InputType::TouchMove;
        e.finger = f == 0 ? f1 : f2;
        e.x = c.x + (f == 0 ? -r : r);
        e.y = c.y;
        queue(i, e);
      }
    }
  } else if (kind < 58) {  // the wheel
    InputEvent m;
    m.type = InputType::PointerMove;
    const platform::PointF at = point();
    m.x = at.x;
    m.y = at.y;
    queue(0, m);
    InputEvent w;
    w.type = InputType::Wheel;
    w.dy = static_cast<float>(random_below(7) - 3);
    w.dx = random_below(4) == 0 ? static_cast<float>(random_below(3) - 1) : 0.0f;
    queue(1, w);
  } else if (kind < 78) {  // a key, with any modifiers
    static const Key kNasty[] = {Key::Escape, Key::F11, Key::F4, Key::Enter, Key::Tab, Key::F1, Key::F2};
    InputEvent e;
    e.type = InputType::KeyDown;
    e.key = random_below(3) == 0 ? kNasty[random_below(7)]
                                 : static_cast<Key>(1 + random_below(static_cast<int>(Key::Plus)));
    e.mods = random_below(2) == 0 ? 0 : static_cast<unsigned char>(random_below(16));
    queue(0, e);
    if (random_below(8) == 0) {  // held: auto-repeat
      e.repeat = true;
      queue(1, e);
      queue(2, e);
    }
    e.type = InputType::KeyUp;
    e.repeat = false;
    queue(3, e);
  } else if (kind < 85) {  // text, some of it not ASCII
    static const char* kPieces[] = {"F HK - SCS",       "a",  "Z",        " ", "-", "日本", "é",
                                    "\xF0\x9F\x98\x80", "?!", "A Kob S F"};
    InputEvent e;
    e.type = InputType::Text;
    const char* piece = kPieces[random_below(10)];
    std::memcpy(e.text, piece, std::min(std::strlen(piece), sizeof(e.text) - 1));
    queue(0, e);
  } else if (kind < 93) {  // a gamepad button (all of them)
    InputEvent e;
    e.type = InputType::GamepadButtonDown;
    e.gamepad = 0;
    e.pad_button = static_cast<GamepadButton>(1 + random_below(static_cast<int>(GamepadButton::DpadRight)));
    queue(0, e);
    e.type = InputType::GamepadButtonUp;
    queue(1 + random_below(3), e);
  } else if (kind < 97) {  // a stick or a trigger
    InputEvent e;
    e.type = InputType::GamepadAxis;
    e.gamepad = 0;
    e.axis = static_cast<platform::GamepadAxis>(1 + random_below(6));
    e.value = random_unit() * 2 - 1;
    queue(0, e);
  } else if (kind < 99) {  // a gamepad plugged in or pulled out
    InputEvent e;
    e.type = random_below(2) == 0 ? InputType::GamepadAdded : InputType::GamepadRemoved;
    e.gamepad = random_below(3);
    queue(0, e);
  } else {  // the window's close button (Alt+F4 from the window manager)
    InputEvent e;
    e.type = InputType::Quit;
    queue(0, e);
  }
}

ScriptPlayer::Status ScriptPlayer::frame(ScriptWorld& world, ScriptFrame& out) {
  out.events.clear();
  out.screenshot.clear();
  out.quit = false;
  if (!error_.empty()) return Status::Failed;
  ++frame_;
  emit_due(out);
  if (!pending_.empty()) return Status::Running;
  if (wait_ > 0) {
    --wait_;
    return Status::Running;
  }
  if (next_ >= steps_.size()) return Status::Finished;
  if (steps_[next_].op == ScriptOp::Await) return await_screen(world);
  const ScriptStep& s = steps_[next_++];
  wait_ = kSettleFrames;
  if (take_step(world, s, out) == Status::Failed) return Status::Failed;
  // Events of a step begun this frame that are due at once.
  emit_due(out);
  return Status::Running;
}

// `await SCREEN [SECONDS]`: the next step waits until that screen shows (at
// most SECONDS, or kAwaitSeconds, of real time).
ScriptPlayer::Status ScriptPlayer::await_screen(ScriptWorld& world) {
  const ScriptStep& s = steps_[next_];
  const double now = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  if (world.screen() != s.arg) {
    if (await_started_ < 0) await_started_ = now;
    const double limit = s.seconds > 0 ? s.seconds : kAwaitSeconds;
    if (now - await_started_ > limit)
      return fail(s, "waited " + std::to_string(static_cast<int>(limit)) + " s for the " + s.arg + " screen; the " +
                         world.screen() + " screen shows");
    return Status::Running;
  }
  await_started_ = -1;
  ++next_;
  wait_ = kSettleFrames;
  return Status::Running;
}

// One step: its events queued, or what it asks of the frame.
ScriptPlayer::Status ScriptPlayer::take_step(ScriptWorld& world, const ScriptStep& s, ScriptFrame& out) {
  platform::PointF at{s.x, s.y};
  InputEvent e;
  switch (s.op) {
    case ScriptOp::Wait: wait_ = s.frames; break;
    case ScriptOp::Tap: press_release(at, false, 1, platform::PointerButton::Left); break;
    case ScriptOp::RightTap: press_release(at, false, 1, platform::PointerButton::Right); break;
    case ScriptOp::Touch: press_release(at, true, 2, platform::PointerButton::Left); break;
    case ScriptOp::LongPress: press_release(at, true, kLongPressFrames, platform::PointerButton::Left); break;
    case ScriptOp::Drag: queue_drag(s); break;
    case ScriptOp::Key:
      e.type = InputType::KeyDown;
      e.key = s.key;
      e.mods = s.mods;
      queue_down_up(e, InputType::KeyUp);
      break;
    case ScriptOp::Text: queue_text(s.arg); break;
    case ScriptOp::Pad:
      e.type = InputType::GamepadButtonDown;
      e.pad_button = s.pad;
      e.gamepad = 0;
      queue_down_up(e, InputType::GamepadButtonUp);
      break;
    case ScriptOp::Button:
      if (!world.widget(s.arg, at)) {
        // Drawn out of sight: scrolled into it, and the step taken again
        // after the settling frames.
        if (scrolls_ < kMostScrolls && world.scroll_to(s.arg)) {
          ++scrolls_;
          --next_;
          break;
        }
        const bool scrolled = scrolls_ > 0;
        scrolls_ = 0;
        if (scrolled)
          return fail(s, "the widget labelled '" + s.arg + "' stays out of sight on the " + world.screen() +
                             " screen after " + std::to_string(kMostScrolls) + " scrolls");
        return fail(s, "no widget labelled '" + s.arg + "' on the " + world.screen() + " screen");
      }
      scrolls_ = 0;
      press_release(at, false, 1, platform::PointerButton::Left);
      break;
    case ScriptOp::Place:
    case ScriptOp::LongPlace:
      if (!world.place(s.arg, at)) return fail(s, "no place '" + s.arg + "' on the board");
      // The board may still be gliding (a power chosen brings its units into
      // view): the place is tapped once it is drawn in the same spot two
      // frames running.
      if (place_frames_ < kMostGlideFrames && (place_frames_ == 0 || at.x != place_at_.x || at.y != place_at_.y)) {
        place_at_ = at;
        ++place_frames_;
        --next_;
        wait_ = 0;
        break;
      }
      place_frames_ = 0;
      press_release(at, true, s.op == ScriptOp::LongPlace ? kLongPressFrames : 2, platform::PointerButton::Left);
      break;
    case ScriptOp::Screenshot: out.screenshot = s.arg; break;
    case ScriptOp::Labels: out.print = world.board_labels(); break;
    case ScriptOp::Expect:
      if (world.screen() != s.arg)
        return fail(s, "expected the " + s.arg + " screen, the " + world.screen() + " screen shows");
      break;
    case ScriptOp::Await: break;  // handled before the step is taken
    case ScriptOp::Absent:
      if (world.widget_exact(s.arg, at))
        return fail(s, "a widget labelled '" + s.arg + "' is on the " + world.screen() + " screen");
      break;
    case ScriptOp::Whole:
      if (!world.widget(s.arg, at))
        return fail(s, "no widget labelled '" + s.arg + "' on the " + world.screen() + " screen");
      if (!world.widget_whole(s.arg))
        return fail(s, "the widget labelled '" + s.arg + "' is cut off on the " + world.screen() + " screen");
      break;
    case ScriptOp::Focus:
      if (!world.focus_on(s.arg))
        return fail(
            s, "the focus is on '" + world.focused() + "', not '" + s.arg + "', on the " + world.screen() + " screen");
      break;
    case ScriptOp::Cursor:
      if (world.cursor() != s.arg)
        return fail(s, "the order pad's cursor is on '" + world.cursor() + "', not " + s.arg);
      break;
    case ScriptOp::Close:
      e.type = InputType::Quit;
      queue(0, e);
      break;
    case ScriptOp::Quit: out.quit = true; break;
    case ScriptOp::Pass: out.pass_seconds = s.seconds; break;
    case ScriptOp::Random: random_turn(world, s); break;
  }
  return Status::Running;
}

// A finger down, moved over kDragFrames frames, and lifted.
void ScriptPlayer::queue_drag(const ScriptStep& s) {
  InputEvent e;
  e.type = InputType::TouchDown;
  e.finger = next_finger_++;
  e.x = s.x;
  e.y = s.y;
  queue(0, e);
  for (int i = 1; i <= kDragFrames; ++i) {
    InputEvent m = e;
    m.type = InputType::TouchMove;
    const float t = static_cast<float>(i) / kDragFrames;
    m.x = s.x + (s.x2 - s.x) * t;
    m.y = s.y + (s.y2 - s.y) * t;
    m.dx = (s.x2 - s.x) / kDragFrames;
    m.dy = (s.y2 - s.y) / kDragFrames;
    queue(i, m);
  }
  InputEvent up = e;
  up.type = InputType::TouchUp;
  up.x = s.x2;
  up.y = s.y2;
  queue(kDragFrames + 1, up);
}

void ScriptPlayer::queue_text(const std::string& text) {
  // SDL delivers text in pieces of at most 31 bytes.
  for (std::size_t i = 0; i < text.size(); i += 31) {
    InputEvent e;
    e.type = InputType::Text;
    const std::string piece = text.substr(i, 31);
    std::memcpy(e.text, piece.data(), piece.size());
    queue(0, e);
  }
}

// A key or a button pressed now and released the next frame.
void ScriptPlayer::queue_down_up(InputEvent down, InputType up) {
  queue(0, down);
  down.type = up;
  queue(1, down);
}

// `random FRAMES SEED PER_FRAME`: PER_FRAME actions per turn of the step;
// the step runs again until its actions are spent. A frame between turns
// is enough to see them.
void ScriptPlayer::random_turn(ScriptWorld& world, const ScriptStep& s) {
  if (random_left_ < 0) {
    random_left_ = s.frames;
    random_.state = s.seed;
  }
  if (random_left_ == 0) {
    random_left_ = -1;
    return;
  }
  for (int k = 0; k < s.per_frame && random_left_ > 0; ++k) {
    random_action(world);
    --random_left_;
  }
  --next_;
  wait_ = 1;
}

}  // namespace colonial
