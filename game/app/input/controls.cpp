#include "controls.h"

#include <cassert>

// Marks for xgettext (po/extract.sh), as in engine/phrases.h: the table's
// words stay English here (--help, the README, the man page) and are
// translated where the help screen draws them.
#ifndef NC_
#define NC_(context, text) text
#endif

namespace colonial {

namespace {

using platform::GamepadAxis;
using platform::GamepadButton;
using platform::GamepadFaces;
using platform::Key;
using platform::kModAlt;
using platform::kModCtrl;
using platform::kModShift;

constexpr Binding key(Action a, Place p, Key k, std::uint8_t mods = 0) {
  Binding b;
  b.action = a;
  b.place = p;
  b.device = Device::Keyboard;
  b.key = k;
  b.mods = mods;
  return b;
}
constexpr Binding pad(Action a, Place p, GamepadButton button) {
  Binding b;
  b.action = a;
  b.place = p;
  b.device = Device::Gamepad;
  b.button = button;
  return b;
}
constexpr Binding stick(Action a, Place p, GamepadAxis axis) {
  Binding b;
  b.action = a;
  b.place = p;
  b.device = Device::Gamepad;
  b.axis = axis;
  return b;
}
constexpr Binding mouse(Action a, Place p, const char* gesture) {
  Binding b;
  b.action = a;
  b.place = p;
  b.device = Device::Mouse;
  b.gesture = gesture;
  return b;
}
constexpr Binding touch(Action a, Place p, const char* gesture) {
  Binding b;
  b.action = a;
  b.place = p;
  b.device = Device::Touch;
  b.gesture = gesture;
  return b;
}

using A = Action;
using P = Place;
using B = GamepadButton;

constexpr Binding kBindings[] = {
    // Anywhere
    key(A::Help, P::Anywhere, Key::F1),
    // A handheld has no touch and no keys: Select opens the menu, and the
    // menu reaches the help, the history and everything else.
    key(A::Menu, P::Anywhere, Key::F10),
    pad(A::Menu, P::Anywhere, B::Back),
    mouse(A::Menu, P::Anywhere, NC_("gesture", "click Menu")),
    touch(A::Menu, P::Anywhere, NC_("gesture", "tap Menu")),
    key(A::BackOrClose, P::Anywhere, Key::Escape),
    pad(A::BackOrClose, P::Anywhere, B::B),
    key(A::Fullscreen, P::Anywhere, Key::F11),
    key(A::Fullscreen, P::Anywhere, Key::Enter, kModAlt),
    key(A::ColourBlindPalette, P::Anywhere, Key::F2),
    // Menus, dialogs and the new-game form (ImGui's navigation)
    key(A::FormMove, P::Forms, Key::Tab),
    key(A::FormMove, P::Forms, Key::Up),
    key(A::FormMove, P::Forms, Key::Down),
    pad(A::FormMove, P::Forms, B::DpadUp),
    pad(A::FormMove, P::Forms, B::DpadDown),
    pad(A::FormMove, P::Forms, B::DpadLeft),
    pad(A::FormMove, P::Forms, B::DpadRight),
    key(A::FormPress, P::Forms, Key::Enter),
    key(A::FormPress, P::Forms, Key::Space),
    pad(A::FormPress, P::Forms, B::A),
    // The board, under every screen
    mouse(A::Pan, P::Board, NC_("gesture", "drag")),
    touch(A::Pan, P::Board, NC_("gesture", "drag")),
    stick(A::Pan, P::Board, GamepadAxis::LeftX),
    key(A::PanLeft, P::Board, Key::Left),
    key(A::PanRight, P::Board, Key::Right),
    key(A::PanUp, P::Board, Key::Up),
    key(A::PanDown, P::Board, Key::Down),
    mouse(A::Zoom, P::Board, NC_("gesture", "wheel")),
    touch(A::Zoom, P::Board, NC_("gesture", "pinch")),
    stick(A::Zoom, P::Board, GamepadAxis::RightY),
    key(A::ZoomIn, P::Board, Key::Plus),
    key(A::ZoomIn, P::Board, Key::Equals),
    stick(A::ZoomIn, P::Board, GamepadAxis::TriggerRight),
    key(A::ZoomOut, P::Board, Key::Minus),
    stick(A::ZoomOut, P::Board, GamepadAxis::TriggerLeft),
    key(A::FitBoard, P::Board, Key::Home),
    // The hand-off card
    key(A::Reveal, P::Handoff, Key::Enter),
    key(A::Reveal, P::Handoff, Key::Space),
    pad(A::Reveal, P::Handoff, B::A),
    mouse(A::Reveal, P::Handoff, NC_("gesture", "click the button")),
    touch(A::Reveal, P::Handoff, NC_("gesture", "tap the button")),
    // Orders
    mouse(A::Choose, P::Orders, NC_("gesture", "click")),
    touch(A::Choose, P::Orders, NC_("gesture", "tap")),
    key(A::Choose, P::Orders, Key::Enter),
    key(A::Choose, P::Orders, Key::Space),
    pad(A::Choose, P::Orders, B::A),
    mouse(A::HoldShortcut, P::Orders, NC_("gesture", "right click")),
    touch(A::HoldShortcut, P::Orders, NC_("gesture", "long press")),
    pad(A::HoldShortcut, P::Orders, B::X),
    key(A::CursorLeft, P::Orders, Key::Left),
    pad(A::CursorLeft, P::Orders, B::DpadLeft),
    key(A::CursorRight, P::Orders, Key::Right),
    pad(A::CursorRight, P::Orders, B::DpadRight),
    key(A::CursorUp, P::Orders, Key::Up),
    pad(A::CursorUp, P::Orders, B::DpadUp),
    key(A::CursorDown, P::Orders, Key::Down),
    pad(A::CursorDown, P::Orders, B::DpadDown),
    key(A::StepBack, P::Orders, Key::Backspace),
    key(A::Undo, P::Orders, Key::Z, kModCtrl),
    pad(A::Undo, P::Orders, B::Y),
    key(A::PreviousAction, P::Orders, Key::Tab, kModShift),
    pad(A::PreviousAction, P::Orders, B::LeftShoulder),
    key(A::NextAction, P::Orders, Key::Tab),
    pad(A::NextAction, P::Orders, B::RightShoulder),
    key(A::OrderHold, P::Orders, Key::H),
    key(A::OrderMove, P::Orders, Key::M),
    key(A::OrderSupport, P::Orders, Key::S),
    key(A::OrderConvoy, P::Orders, Key::C),
    key(A::OrderRailroad, P::Orders, Key::T),
    key(A::OrderCanalPermit, P::Orders, Key::P),
    key(A::OrderRetreat, P::Orders, Key::R),
    key(A::OrderDisband, P::Orders, Key::D),
    key(A::BuildArmy, P::Orders, Key::A),
    key(A::BuildFleet, P::Orders, Key::F),
    key(A::Waive, P::Orders, Key::W),
    key(A::Coast1, P::Orders, Key::Num1),
    key(A::Coast2, P::Orders, Key::Num2),
    key(A::Coast3, P::Orders, Key::Num3),
    key(A::Coast4, P::Orders, Key::Num4),
    key(A::Done, P::Orders, Key::Enter, kModCtrl),
    pad(A::Done, P::Orders, B::Start),
    key(A::OpenHistory, P::Orders, Key::H, kModCtrl),
    // Results
    key(A::Continue, P::Results, Key::Enter),
    key(A::Continue, P::Results, Key::Space),
    pad(A::Continue, P::Results, B::A),
    key(A::Replay, P::Results, Key::R),
    pad(A::Replay, P::Results, B::X),
    // A pad has no wheel or finger to scroll the list of results with.
    pad(A::ScrollListUp, P::Results, B::DpadUp),
    pad(A::ScrollListDown, P::Results, B::DpadDown),
    // History
    key(A::HistoryPrevious, P::History, Key::Left),
    key(A::HistoryPrevious, P::History, Key::PageUp),
    pad(A::HistoryPrevious, P::History, B::DpadLeft),
    key(A::HistoryNext, P::History, Key::Right),
    key(A::HistoryNext, P::History, Key::PageDown),
    pad(A::HistoryNext, P::History, B::DpadRight),
    pad(A::ScrollListUp, P::History, B::DpadUp),
    pad(A::ScrollListDown, P::History, B::DpadDown),
    // The kiosk's tables
    key(A::TablePrevious, P::Tables, Key::Up),
    pad(A::TablePrevious, P::Tables, B::DpadUp),
    key(A::TableNext, P::Tables, Key::Down),
    pad(A::TableNext, P::Tables, B::DpadDown),
    key(A::PlayTable, P::Tables, Key::Enter),
    key(A::PlayTable, P::Tables, Key::Space),
    pad(A::PlayTable, P::Tables, B::A),
    mouse(A::PlayTable, P::Tables, NC_("gesture", "click Play")),
    touch(A::PlayTable, P::Tables, NC_("gesture", "tap Play")),
    // Learn to play: the order pad's keys and buttons give the orders
    pad(A::LearnToPlay, P::Lessons, B::Y),
    touch(A::LearnToPlay, P::Lessons, NC_("gesture", "tap Learn to play")),
    key(A::TryLesson, P::Lessons, Key::Enter, kModCtrl),
    pad(A::TryLesson, P::Lessons, B::Start),
    touch(A::TryLesson, P::Lessons, NC_("gesture", "tap Try")),
    key(A::LessonOn, P::Lessons, Key::Enter),
    key(A::LessonOn, P::Lessons, Key::Space),
    pad(A::LessonOn, P::Lessons, B::A),
    pad(A::ScrollListUp, P::Lessons, B::DpadUp),
    pad(A::ScrollListDown, P::Lessons, B::DpadDown),
};

std::string_view key_name(Key k) {
  if (k >= Key::A && k <= Key::Z) {
    static constexpr const char* kLetters[] = {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
                                               "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"};
    return kLetters[static_cast<int>(k) - static_cast<int>(Key::A)];
  }
  if (k >= Key::Num0 && k <= Key::Num9) {
    static constexpr const char* kDigits[] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
    return kDigits[static_cast<int>(k) - static_cast<int>(Key::Num0)];
  }
  if (k >= Key::F1 && k <= Key::F12) {
    static constexpr const char* kF[] = {"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12"};
    return kF[static_cast<int>(k) - static_cast<int>(Key::F1)];
  }
  switch (k) {
    case Key::Escape: return NC_("key", "Esc");
    case Key::Enter: return NC_("key", "Enter");
    case Key::Space: return NC_("key", "Space");
    case Key::Tab: return NC_("key", "Tab");
    case Key::Backspace: return NC_("key", "Backspace");
    case Key::Delete: return NC_("key", "Delete");
    case Key::Left: return NC_("key", "Left");
    case Key::Right: return NC_("key", "Right");
    case Key::Up: return NC_("key", "Up");
    case Key::Down: return NC_("key", "Down");
    case Key::Home: return NC_("key", "Home");
    case Key::End: return NC_("key", "End");
    case Key::PageUp: return NC_("key", "Page Up");
    case Key::PageDown: return NC_("key", "Page Down");
    case Key::Minus: return "-";
    case Key::Equals: return "=";
    case Key::Plus: return "+";
    default: return "?";
  }
}

std::string_view button_name(GamepadButton b, GamepadFaces faces) {
  // The face buttons and Back/Start as printed on the pad (SDL's names are
  // positions: A is the lower face button).
  constexpr const char* kFaceLabels[][6] = {
      {"A", "B", "X", "Y", "Back", "Start"},  // Xbox
      {NC_("gamepad", "Cross"), NC_("gamepad", "Circle"), NC_("gamepad", "Square"), NC_("gamepad", "Triangle"), "Share",
       "Options"},                              // PlayStation
      {"B", "A", "Y", "X", "Select", "Start"},  // Super Nintendo layout
  };
  const auto& label = kFaceLabels[static_cast<int>(faces)];
  switch (b) {
    case B::A: return label[0];
    case B::B: return label[1];
    case B::X: return label[2];
    case B::Y: return label[3];
    case B::Back: return label[4];
    case B::Guide: return "Guide";
    case B::Start: return label[5];
    case B::LeftStick: return NC_("gamepad", "left stick press");
    case B::RightStick: return NC_("gamepad", "right stick press");
    case B::LeftShoulder: return NC_("gamepad", "left shoulder");
    case B::RightShoulder: return NC_("gamepad", "right shoulder");
    case B::DpadUp: return NC_("gamepad", "D-pad up");
    case B::DpadDown: return NC_("gamepad", "D-pad down");
    case B::DpadLeft: return NC_("gamepad", "D-pad left");
    case B::DpadRight: return NC_("gamepad", "D-pad right");
    default: return "?";
  }
}

std::string_view axis_name(GamepadAxis a) {
  switch (a) {
    case GamepadAxis::LeftX:
    case GamepadAxis::LeftY: return NC_("gamepad", "left stick");
    case GamepadAxis::RightX:
    case GamepadAxis::RightY: return NC_("gamepad", "right stick");
    case GamepadAxis::TriggerLeft: return NC_("gamepad", "left trigger");
    case GamepadAxis::TriggerRight: return NC_("gamepad", "right trigger");
    default: return "?";
  }
}

// A word of the table in the words given (English without).
const char* word(ControlWords words, const char* context, std::string_view english) {
  return words ? words(context, english.data()) : english.data();
}

void join(std::string& list, std::string_view item) {
  if (!list.empty()) list += ", ";
  list += item;
}

}  // namespace

std::span<const Binding> bindings() { return kBindings; }

std::string_view action_name(Action a) {
  switch (a) {
    case A::None: return "nothing";
    case A::Help: return NC_("controls", "Rules and controls (this help)");
    case A::Menu: return NC_("controls", "The menu (new game, history, rules, computer players, settings, quit)");
    case A::FormMove: return NC_("controls", "Go to the next button, box or list");
    case A::FormPress: return NC_("controls", "Press the button, tick the box, open the list or choose in it");
    case A::BackOrClose:
      return NC_("controls", "Close a dialog; one step back in an order; leave the history; else ask to quit");
    case A::Fullscreen: return NC_("controls", "Fullscreen on or off");
    case A::ColourBlindPalette:
      return NC_("controls", "The next colours: printed board, red-blind, green-blind, blue-blind");
    case A::PanLeft: return NC_("controls", "Move the board left");
    case A::PanRight: return NC_("controls", "Move the board right");
    case A::PanUp: return NC_("controls", "Move the board up");
    case A::PanDown: return NC_("controls", "Move the board down");
    case A::Pan: return NC_("controls", "Move the board");
    case A::ZoomIn: return NC_("controls", "Zoom in");
    case A::ZoomOut: return NC_("controls", "Zoom out");
    case A::Zoom: return NC_("controls", "Zoom");
    case A::FitBoard: return NC_("controls", "Show the whole board");
    case A::Reveal: return NC_("controls", "Show my orders screen (the right player holds the device)");
    case A::CursorLeft: return NC_("controls", "Cursor to the next place left");
    case A::CursorRight: return NC_("controls", "Cursor to the next place right");
    case A::CursorUp: return NC_("controls", "Cursor to the next place up");
    case A::CursorDown: return NC_("controls", "Cursor to the next place down");
    case A::Choose: return NC_("controls", "Choose the unit or place");
    case A::HoldShortcut: return NC_("controls", "Order the unit to hold");
    case A::StepBack: return NC_("controls", "One step back in the order being built");
    case A::Undo: return NC_("controls", "Undo the last order");
    case A::NextAction:
      return NC_("controls", "Next kind of order (a pad in companion mode, no order begun: the next power)");
    case A::PreviousAction:
      return NC_("controls", "Previous kind of order (a pad in companion mode, no order begun: the power before)");
    case A::OrderHold: return NC_("controls", "Hold");
    case A::OrderMove: return NC_("controls", "Move");
    case A::OrderSupport: return NC_("controls", "Support");
    case A::OrderConvoy: return NC_("controls", "Convoy");
    case A::OrderRailroad: return NC_("controls", "Railroad (Russia)");
    case A::OrderCanalPermit: return NC_("controls", "Canal permission (the unit in Egypt)");
    case A::OrderRetreat: return NC_("controls", "Retreat");
    case A::OrderDisband: return NC_("controls", "Disband");
    case A::BuildArmy: return NC_("controls", "Build an army");
    case A::BuildFleet: return NC_("controls", "Build a fleet");
    case A::Waive: return NC_("controls", "Waive a build");
    case A::Coast1: return NC_("controls", "First coast offered");
    case A::Coast2: return NC_("controls", "Second coast offered");
    case A::Coast3: return NC_("controls", "Third coast offered");
    case A::Coast4: return NC_("controls", "Fourth coast offered");
    case A::Done: return NC_("controls", "Done: hand in the orders");
    case A::OpenHistory: return NC_("controls", "Earlier phases (history)");
    case A::Continue: return NC_("controls", "Continue (skip the animation first)");
    case A::Replay: return NC_("controls", "Play the results again");
    case A::ScrollListUp: return NC_("controls", "Scroll the list of results up");
    case A::ScrollListDown: return NC_("controls", "Scroll the list of results down");
    case A::HistoryPrevious: return NC_("controls", "Earlier phase");
    case A::HistoryNext: return NC_("controls", "Later phase");
    case A::TablePrevious: return NC_("controls", "The table above");
    case A::TableNext: return NC_("controls", "The table below");
    case A::PlayTable: return NC_("controls", "Play the table chosen");
    case A::LearnToPlay: return NC_("controls", "Learn to play, from a kiosk's attract view");
    case A::TryLesson: return NC_("controls", "Try the lesson's orders");
    case A::LessonOn: return NC_("controls", "After a try: the next lesson, or try again");
  }
  return "?";
}

std::string_view place_name(Place p) {
  switch (p) {
    case P::Anywhere: return NC_("controls", "Anywhere");
    case P::Forms: return NC_("controls", "Menus, dialogs and the new-game screen");
    case P::Board: return NC_("controls", "The board (every screen)");
    case P::Handoff: return NC_("controls", "Hand-off card");
    case P::Orders: return NC_("controls", "Orders");
    case P::Results: return NC_("controls", "Results");
    case P::History: return NC_("controls", "History");
    case P::Tables: return NC_("controls", "The kiosk's tables");
    case P::Lessons: return NC_("controls", "Learn to play (orders as in Orders)");
  }
  return "?";
}

Action action_for(const platform::InputEvent& e, Place place) {
  const bool is_key = e.type == platform::InputType::KeyDown;
  const bool is_button = e.type == platform::InputType::GamepadButtonDown;
  if (!is_key && !is_button) return Action::None;
  constexpr std::uint8_t kExact = kModCtrl | kModAlt;
  for (const Binding& b : kBindings) {
    if (b.place != place) continue;
    if (is_key && b.device == Device::Keyboard && b.key == e.key && (e.mods & kExact) == (b.mods & kExact) &&
        (!(b.mods & kModShift) || (e.mods & kModShift)))
      return b.action;
    if (is_button && b.device == Device::Gamepad && b.axis == GamepadAxis::None && b.button == e.pad_button)
      return b.action;
  }
  return Action::None;
}

GamepadAxis axis_for(Action action, Place place) {
  for (const Binding& b : kBindings)
    if (b.action == action && b.place == place && b.device == Device::Gamepad && b.axis != GamepadAxis::None)
      return b.axis;
  return GamepadAxis::None;
}

std::string binding_text(const Binding& b, GamepadFaces faces, ControlWords words) {
  std::string s;
  switch (b.device) {
    case Device::Keyboard:
      // TRANSLATORS: key names as printed on the keyboards of the language (Strg+ for Ctrl+).
      if (b.mods & kModCtrl) s += word(words, "key", NC_("key", "Ctrl+"));
      if (b.mods & kModAlt) s += word(words, "key", NC_("key", "Alt+"));
      if (b.mods & kModShift) s += word(words, "key", NC_("key", "Shift+"));
      s += word(words, "key", key_name(b.key));
      break;
    case Device::Gamepad:
      s = word(words, "gamepad", b.axis != GamepadAxis::None ? axis_name(b.axis) : button_name(b.button, faces));
      break;
    case Device::Mouse:
    case Device::Touch: s = b.gesture ? word(words, "gesture", b.gesture) : "?"; break;
  }
  return s;
}

int control_rows(ControlRow* out, int capacity, GamepadFaces faces, ControlWords words) {
  int n = 0;
  for (const Binding& b : kBindings) {
    int i = 0;
    while (i < n && !(out[i].place == b.place && out[i].action == b.action)) ++i;
    if (i == n) {
      assert(n < capacity && "kMaxControlRows is too small for the table");
      if (n == capacity) break;
      out[n] = ControlRow{};
      out[n].place = b.place;
      out[n].action = b.action;
      ++n;
    }
    ControlRow& row = out[i];
    const std::string text = binding_text(b, faces, words);
    switch (b.device) {
      case Device::Keyboard: join(row.keyboard, text); break;
      case Device::Gamepad: join(row.gamepad, text); break;
      case Device::Mouse: join(row.pointer, word(words, "controls", NC_("controls", "mouse: ")) + text); break;
      case Device::Touch: join(row.pointer, word(words, "controls", NC_("controls", "touch: ")) + text); break;
    }
  }
  return n;
}

std::string controls_text(ControlWords words) {
  ControlRow rows[kMaxControlRows];
  const int n = control_rows(rows, kMaxControlRows, platform::GamepadFaces::Xbox, words);
  std::string out;
  Place last = Place::Anywhere;
  for (int i = 0; i < n; ++i) {
    if (i == 0 || rows[i].place != last) {
      if (i > 0) out += "\n";
      // TRANSLATORS: a place of the controls' table as a heading, "%s:" with
      // the language's colon.
      std::string heading = word(words, "controls", NC_("controls", "%s:"));
      if (const std::size_t at = heading.find("%s"); at != std::string::npos)
        heading.replace(at, 2, word(words, "controls", place_name(rows[i].place)));
      out += heading + "\n";
      last = rows[i].place;
    }
    out += "  ";
    out += word(words, "controls", action_name(rows[i].action));
    out += "\n    ";
    std::string how;
    if (!rows[i].keyboard.empty()) join(how, word(words, "controls", NC_("controls", "keys: ")) + rows[i].keyboard);
    if (!rows[i].gamepad.empty()) join(how, word(words, "controls", NC_("controls", "gamepad: ")) + rows[i].gamepad);
    if (!rows[i].pointer.empty()) join(how, rows[i].pointer);
    out += how;
    out += "\n";
  }
  return out;
}

std::string controls_markdown() {
  ControlRow rows[kMaxControlRows];
  const int n = control_rows(rows, kMaxControlRows);
  std::string out = "| Where | Action | Keyboard | Gamepad | Mouse and touch |\n|---|---|---|---|---|\n";
  for (int i = 0; i < n; ++i) {
    out += "| ";
    out += place_name(rows[i].place);
    out += " | ";
    out += action_name(rows[i].action);
    out += " | " + rows[i].keyboard + " | " + rows[i].gamepad + " | " + rows[i].pointer + " |\n";
  }
  return out;
}

}  // namespace colonial
