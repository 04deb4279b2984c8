// The table of controls: every key, gamepad button and stick, mouse and
// touch gesture the app answers to, what it does and where. The input code
// asks this table which action an event is (action_for); the help screen,
// `colonial --help`, its man page and the README's controls section are
// printed from it, so a binding is changed here and nowhere else.
//
// Places nest: the board is under every screen, so a binding of Board works
// wherever the board shows unless the screen binds the same key first (the
// order pad's cursor takes the arrows on the orders screen).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "input.h"

namespace colonial {

enum class Action : std::uint8_t {
  None = 0,
  // Anywhere
  Help,
  Menu,         // the top bar's menu, opened or closed
  BackOrClose,  // close a dialog, one step back in an order, leave the history, else ask before quitting
  Fullscreen,
  ColourBlindPalette,
  // Menus, dialogs and the new-game form: ImGui's own navigation (the
  // platform gives it the pad's buttons); listed so the help says so.
  FormMove,
  FormPress,
  // The board
  PanLeft,
  PanRight,
  PanUp,
  PanDown,
  Pan,  // drag, a stick
  ZoomIn,
  ZoomOut,
  Zoom,  // wheel, pinch, a stick
  FitBoard,
  // Hand-off card
  Reveal,
  // Orders
  CursorLeft,
  CursorRight,
  CursorUp,
  CursorDown,
  Choose,  // the unit or place under the cursor or finger
  HoldShortcut,
  StepBack,
  Undo,
  NextAction,
  PreviousAction,
  OrderHold,
  OrderMove,
  OrderSupport,
  OrderConvoy,
  OrderRailroad,
  OrderCanalPermit,
  OrderRetreat,
  OrderDisband,
  BuildArmy,
  BuildFleet,
  Waive,
  Coast1,
  Coast2,
  Coast3,
  Coast4,
  Done,
  OpenHistory,
  // Results
  Continue,
  Replay,
  ScrollListUp,  // the results' list, on the results and the history
  ScrollListDown,
  // History
  HistoryPrevious,
  HistoryNext,
  // The kiosk's tables
  TablePrevious,
  TableNext,
  PlayTable,
  // Learn to play (the lessons): the order pad's controls as in Orders
  LearnToPlay,  // from a kiosk's attract view
  TryLesson,    // the lesson's orders adjudicated
  LessonOn,     // after a try: the next lesson, or the same again
};

// Where a binding applies.
enum class Place : std::uint8_t { Anywhere, Forms, Board, Handoff, Orders, Results, History, Tables, Lessons };

enum class Device : std::uint8_t { Keyboard, Gamepad, Mouse, Touch };

struct Binding {
  Action action = Action::None;
  Place place = Place::Anywhere;
  Device device = Device::Keyboard;
  platform::Key key = platform::Key::Unknown;                      // Keyboard
  std::uint8_t mods = 0;                                           // Keyboard: kModCtrl / kModAlt / kModShift required
  platform::GamepadButton button = platform::GamepadButton::None;  // Gamepad: a button
  platform::GamepadAxis axis = platform::GamepadAxis::None;        // Gamepad: or a stick or trigger
  const char* gesture = nullptr;                                   // Mouse, Touch: how it is done
};

// Every binding, in the order the help lists them; where two bindings of a
// place match one event, the earlier wins (Shift+Tab before Tab).
std::span<const Binding> bindings();

// The action's name as the help shows it ("Undo the last order"), in
// English: NUL-terminated, the msgid of its translation in the context
// "controls".
std::string_view action_name(Action a);
std::string_view place_name(Place p);

// The action the key or button event `e` is bound to in `place` (only that
// place's bindings: callers ask their own place), or Action::None. Ctrl and
// Alt must match exactly; Shift only when the binding asks for it. Key
// repeats count (holding an arrow keeps moving).
Action action_for(const platform::InputEvent& e, Place place);

// The stick or trigger bound to `action` (Pan: the X axis; its Y axis is
// the next one), or GamepadAxis::None.
platform::GamepadAxis axis_for(Action action, Place place);

// The table's words are English (the README); the help screen, --help and
// the man pages show them in the language in use through a ControlWords
// (text::trc: a context, "key", "gamepad", "gesture" or "controls", and the
// English word, as marked for xgettext in controls.cpp). Null: English.
using ControlWords = const char* (*)(const char* context, const char* english);

// "Ctrl+Enter", "F1", "Start", "left stick", "long press"; gamepad buttons
// as printed on a pad with `faces` ("Cross" for a PlayStation pad's A).
std::string binding_text(const Binding& b, platform::GamepadFaces faces = platform::GamepadFaces::Xbox,
                         ControlWords words = nullptr);

// Every action of a place with its bindings per device, for the help screen.
struct ControlRow {
  Place place = Place::Anywhere;
  Action action = Action::None;
  std::string keyboard;  // "Enter, Space"
  std::string gamepad;   // "A"
  std::string pointer;   // mouse and touch: "tap, click"
};
// The rows in table order (one per place and action).
int control_rows(ControlRow* out, int capacity, platform::GamepadFaces faces = platform::GamepadFaces::Xbox,
                 ControlWords words = nullptr);
inline constexpr int kMaxControlRows = 80;

// The table as plain text (for --help and the man pages, in `words`'
// language) and as Markdown (the README's controls section, English).
std::string controls_text(ControlWords words = nullptr);
std::string controls_markdown();

}  // namespace colonial
