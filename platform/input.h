// Our own input events, translated from SDL's by the platform layer, so that
// game/ never sees an SDL type. One struct covers every device: which fields
// mean something depends on `type` (see the comments per field).
//
// Coordinates are in output pixels (the renderer's pixels, which on a
// high-DPI screen are more than the window's points), the same space the
// Canvas draws in.
#pragma once

#include <cstdint>

namespace colonial::platform {

enum class InputType : std::uint8_t {
  None = 0,
  Quit,         // the window was closed (or the OS asked us to quit)
  Resized,      // the output size changed: x, y = new size in pixels
  PointerDown,  // mouse button (or a touch SDL turned into a mouse click)
  PointerUp,
  PointerMove,
  PointerLeave,  // the pointer left the window
  Wheel,         // dx, dy: scroll steps, positive = right / away from the user
  TouchDown,     // one finger: finger id, x, y
  TouchUp,
  TouchMove,
  GamepadAdded,  // gamepad = its instance id; hot-plugged or present at start
  GamepadRemoved,
  GamepadButtonDown,
  GamepadButtonUp,
  GamepadAxis,  // axis, value in [-1, 1] (triggers [0, 1])
  KeyDown,
  KeyUp,
  Text,             // text: UTF-8 typed by the user (after the IME / layout)
  GamepadUnmapped,  // a joystick SDL has no gamepad mapping for (its buttons do nothing): text = its name
};

// Keys the game binds. Letters and digits are contiguous so that
// Key::A + n is the n-th letter.
enum class Key : std::uint8_t {
  Unknown = 0,
  Escape,
  Enter,
  Space,
  Tab,
  Backspace,
  Delete,
  Left,
  Right,
  Up,
  Down,
  Home,
  End,
  PageUp,
  PageDown,
  F1,
  F2,
  F3,
  F4,
  F5,
  F6,
  F7,
  F8,
  F9,
  F10,
  F11,
  F12,
  A,
  B,
  C,
  D,
  E,
  F,
  G,
  H,
  I,
  J,
  K,
  L,
  M,
  N,
  O,
  P,
  Q,
  R,
  S,
  T,
  U,
  V,
  W,
  X,
  Y,
  Z,
  Num0,
  Num1,
  Num2,
  Num3,
  Num4,
  Num5,
  Num6,
  Num7,
  Num8,
  Num9,
  Minus,
  Equals,
  Plus,
};

// Modifier bits of InputEvent::mods.
inline constexpr std::uint8_t kModShift = 1;
inline constexpr std::uint8_t kModCtrl = 2;
inline constexpr std::uint8_t kModAlt = 4;
inline constexpr std::uint8_t kModGui = 8;  // the Windows / Command key

enum class PointerButton : std::uint8_t { None = 0, Left, Middle, Right, Other };

// SDL_GameController's layout (Xbox names; the "A" button is the lower face
// button on every pad SDL knows).
enum class GamepadButton : std::uint8_t {
  None = 0,
  A,
  B,
  X,
  Y,
  Back,
  Guide,
  Start,
  LeftStick,
  RightStick,
  LeftShoulder,
  RightShoulder,
  DpadUp,
  DpadDown,
  DpadLeft,
  DpadRight,
  Other,
};

// How a pad's face buttons are printed, for the help. SDL names buttons by
// position (A is the lower face button); the labels on the pad differ:
// Xbox-style pads print A B X Y where SDL puts them, PlayStation pads
// print Cross Circle Square Triangle, and the Linux handhelds with a
// Super Nintendo layout print B at the bottom and A on the right.
enum class GamepadFaces : std::uint8_t { Xbox, PlayStation, Handheld };

enum class GamepadAxis : std::uint8_t { None = 0, LeftX, LeftY, RightX, RightY, TriggerLeft, TriggerRight };

struct InputEvent {
  InputType type = InputType::None;
  float x = 0, y = 0;    // pointer / touch position, or new size (Resized)
  float dx = 0, dy = 0;  // motion since the last event, or wheel steps
  PointerButton button = PointerButton::None;
  bool from_touch = false;    // pointer event SDL synthesised from a finger
  std::int64_t finger = 0;    // touch: finger id, stable while it is down
  std::int32_t gamepad = -1;  // gamepad instance id
  GamepadButton pad_button = GamepadButton::None;
  GamepadAxis axis = GamepadAxis::None;
  float value = 0;  // axis value
  Key key = Key::Unknown;
  std::uint8_t mods = 0;  // kMod* bits held during a key event
  bool repeat = false;    // key auto-repeat
  char text[32] = {};     // Text, GamepadUnmapped: NUL-terminated UTF-8
  // True when the ImGui overlay wants this event (the pointer is over a
  // panel, or a text field has focus); the board should then ignore it.
  bool ui_captured = false;
};

}  // namespace colonial::platform
