// Scripted input (colonial --script FILE): a list of timed input events fed
// through the same path as real ones (the platform pushes them into SDL's
// event queue, from where ImGui and the game read them), for the end-to-end
// tests (tests/e2e/) and for demonstrations.
//
// One step per line; '#' starts a comment. Coordinates are output pixels.
//   wait N                  let N frames pass
//   pass SECONDS            move the virtual clock on SECONDS at once (a
//                           minute-long lock, an idle timeout) without
//                           drawing the frames between
//   tap X Y                 mouse click (left button) at X Y
//   rtap X Y                right click (a long press with a mouse)
//   touch X Y               one-finger tap
//   longpress X Y           finger held for 0.8 s, then lifted
//   drag X1 Y1 X2 Y2        finger drag (pans the board)
//   key NAME [shift|ctrl|alt]...  a key pressed and released (Escape, Enter,
//                           Tab, Left, F1, A..Z, 0..9, Minus, Plus...)
//   text STRING             typed text (the rest of the line)
//   pad BUTTON              gamepad button pressed and released (A, B, X, Y,
//                           Back, Start, Up, Down, Left, Right, LB, RB)
//   button LABEL            click the centre of the widget labelled LABEL
//                           (as drawn in the last frame; see ui_targets.h),
//                           in English or in the language on screen; one
//                           drawn out of sight (a long menu or form on a
//                           small screen) is first scrolled into it
//   place CODE              tap the place where a unit in CODE is drawn
//                           (once the board rests there)
//   longplace CODE          long press there
//   screenshot NAME         write NAME.png (the next frame) to the shots dir
//   labels                  print where the board's names are drawn (the
//                           events board-label and board-middle)
//   expect SCREEN           fail unless that screen shows (handoff, orders...)
//   await SCREEN [SECONDS]  let frames pass until that screen shows (work done
//                           off the UI thread, such as the computer's orders,
//                           or a browser's requests, takes real time); fail
//                           after SECONDS (default 60, at most 600)
//   absent LABEL            fail if a widget labelled exactly LABEL is on screen
//                           (what a kiosk's passer-by must not be offered; an
//                           English word left on a translated screen)
//   whole LABEL             fail unless the widget labelled LABEL is drawn
//                           whole: on the screen, not cut by its panel's edge
//                           or below its fold (the small screens' layout)
//   focus LABEL             fail unless the keys' and the pad's focus (in a
//                           form, a menu or a dialog) is on the widget
//                           labelled LABEL
//   cursor CODE             fail unless the order pad's cursor is on the
//                           place CODE (the pad's D-pad moves it)
//   close                   the window's close button (a quit event)
//   quit                    leave the app (status 0)
//   random SEED COUNT [PER_FRAME]
//                           COUNT random input actions drawn from SEED (the
//                           kiosk soak test): clicks, taps, long presses,
//                           drags, pinches and wheel at random points or on
//                           random widgets, any key with any modifiers (Esc,
//                           F11, Alt+Enter, Alt+F4, Ctrl+Enter...), text,
//                           every gamepad button, axis motion, gamepad
//                           add/remove and the window's close button. The same
//                           SEED gives the same actions. PER_FRAME actions
//                           begin each frame (default 1; a long soak's
//                           burst, up to 100).
// After each step the player lets 3 frames pass, so the app has drawn the
// consequences before the next step looks at the screen.
//
// The app runs on a virtual clock under a script (1/60 s per frame), so
// timers, long presses and animations play the same on every machine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "canvas.h"
#include "input.h"
#include "legal.h"

namespace colonial {

enum class ScriptOp : unsigned char {
  Wait,
  Tap,
  RightTap,
  Touch,
  LongPress,
  Drag,
  Key,
  Text,
  Pad,
  Button,
  Place,
  LongPlace,
  Screenshot,
  Expect,
  Await,
  Absent,
  Whole,
  Focus,
  Cursor,
  Close,
  Quit,
  Random,
  Labels,
  Pass,
};

struct ScriptStep {
  ScriptOp op = ScriptOp::Wait;
  int line = 0;
  int frames = 0;          // Wait; Random: the number of actions
  int per_frame = 1;       // Random: actions begun each frame
  std::uint64_t seed = 0;  // Random
  float x = 0, y = 0, x2 = 0, y2 = 0;
  platform::Key key = platform::Key::Unknown;
  unsigned char mods = 0;
  platform::GamepadButton pad = platform::GamepadButton::None;
  std::string arg;     // Text, Button, Place, Screenshot, Expect, Await, Absent, Whole, Focus, Cursor
  double seconds = 0;  // Await: how long at most (0: the default); Pass: how far the clock moves
};

// Parses a script. On error returns false with "line N: what" in `error`.
bool parse_script(std::string_view text, std::vector<ScriptStep>& out, std::string& error);

// What a running script asks of the app each frame.
struct ScriptFrame {
  std::vector<platform::InputEvent> events;  // to push into the event queue now
  std::string screenshot;                    // NAME to save after this frame is drawn
  std::string print;                         // lines for the app to print (step `labels`)
  bool quit = false;
  double pass_seconds = 0;  // the virtual clock moves on this far before the frame
};

// Looks things up in the running app for the steps that name them.
class ScriptWorld {
 public:
  virtual ~ScriptWorld() = default;
  // The centre of the widget labelled `label` in the last frame (the app
  // also finds it by the translation of `label` into the language on screen).
  virtual bool widget(std::string_view label, platform::PointF& at) = 0;
  // Whether a widget with that very label was drawn in the last frame at
  // all, in sight or scrolled away (`absent`: what is offered).
  virtual bool widget_exact(std::string_view label, platform::PointF& at) { return widget(label, at); }
  // If the widget labelled `label` (or its translation) was drawn in the
  // last frame but out of sight, asks the app to scroll it into sight (it
  // shows two frames later); false if no such widget is out of sight.
  virtual bool scroll_to(std::string_view) { return false; }
  // Where the unit (or province) `code` is drawn now.
  virtual bool place(std::string_view code, platform::PointF& at) = 0;
  // The current screen's name (screen_name()).
  virtual std::string screen() = 0;
  // For `whole` and `focus`: whether the widget labelled `label` (or its
  // translation, as for `widget`) was drawn whole in the last frame; the
  // label of the widget the keys and the pad are on ("" if none), and
  // whether that is `label` or its translation.
  virtual bool widget_whole(std::string_view) { return false; }
  virtual std::string focused() { return {}; }
  virtual bool focus_on(std::string_view label) { return focused() == label; }
  // For `cursor`: the code of the place under the order pad's cursor ("" if
  // it shows nowhere).
  virtual std::string cursor() { return {}; }
  // For `random`: the output size in pixels, and the widgets of the last
  // frame (their number; the centre of the n-th).
  virtual platform::PointF output_size() { return {1280, 800}; }
  virtual std::size_t widget_count() { return 0; }
  virtual bool widget_nth(std::size_t, platform::PointF&) { return false; }
  // For `labels`: where the board's names are on the screen, an event line
  // each (docs/EVENTS.md): board-label (the middle of its letters) and
  // board-middle (the middle of the province's widest part).
  virtual std::string board_labels() { return {}; }
};

class ScriptPlayer {
 public:
  enum class Status { Running, Finished, Failed };
  explicit ScriptPlayer(std::vector<ScriptStep> steps) : steps_(std::move(steps)) {}
  // Advances one frame: fills `out` with what happens in it.
  Status frame(ScriptWorld& world, ScriptFrame& out);
  const std::string& error() const { return error_; }
  std::size_t step_index() const { return next_; }

 private:
  // Low-level events waiting for their frame (relative to now).
  struct Pending {
    long due = 0;  // frame number
    platform::InputEvent event;
  };
  void press_release(platform::PointF at, bool touch, int hold_frames, platform::PointerButton button);
  void queue(int delay, const platform::InputEvent& e) { pending_.push_back({frame_ + delay, e}); }
  void emit_due(ScriptFrame& out);
  Status fail(const ScriptStep& s, const std::string& what);
  // The steps that take more than one event or frame.
  Status await_screen(ScriptWorld& world);
  Status take_step(ScriptWorld& world, const ScriptStep& s, ScriptFrame& out);
  void queue_drag(const ScriptStep& s);
  void queue_text(const std::string& text);
  void queue_down_up(platform::InputEvent down, platform::InputType up);
  void random_turn(ScriptWorld& world, const ScriptStep& s);
  // Queues one random action (step `random`).
  void random_action(ScriptWorld& world);
  // The engine's random source: the same sequence on every platform.
  std::uint64_t random_next() { return random_.next(); }
  float random_unit() { return static_cast<float>(random_next() >> 40) / static_cast<float>(1u << 24); }
  int random_below(int n) { return static_cast<int>(random_next() % static_cast<std::uint64_t>(n)); }

  std::vector<ScriptStep> steps_;
  std::size_t next_ = 0;
  int wait_ = 0;
  double await_started_ = -1;  // seconds (steady clock) when the await step began
  std::vector<Pending> pending_;
  std::string error_;
  std::int64_t next_finger_ = 1;
  long frame_ = 0;
  int random_left_ = -1;       // actions still to come of the running `random` step
  int scrolls_ = 0;            // scrolls asked for by the running `button` step
  int place_frames_ = 0;       // frames the running `place` step has watched its place
  platform::PointF place_at_;  // where it was drawn in the last of them
  Random random_;
};

}  // namespace colonial
