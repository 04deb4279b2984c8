#include "input_sdl.h"

#include <cstring>

namespace colonial::platform {
namespace {

std::uint8_t translate_mods(Uint16 m) {
  std::uint8_t out = 0;
  if (m & KMOD_SHIFT) out |= kModShift;
  if (m & KMOD_CTRL) out |= kModCtrl;
  if (m & KMOD_ALT) out |= kModAlt;
  if (m & KMOD_GUI) out |= kModGui;
  return out;
}

PointerButton translate_button(Uint8 b) {
  switch (b) {
    case SDL_BUTTON_LEFT: return PointerButton::Left;
    case SDL_BUTTON_MIDDLE: return PointerButton::Middle;
    case SDL_BUTTON_RIGHT: return PointerButton::Right;
    default: return PointerButton::Other;
  }
}

GamepadButton translate_pad_button(Uint8 b) {
  switch (b) {
    case SDL_CONTROLLER_BUTTON_A: return GamepadButton::A;
    case SDL_CONTROLLER_BUTTON_B: return GamepadButton::B;
    case SDL_CONTROLLER_BUTTON_X: return GamepadButton::X;
    case SDL_CONTROLLER_BUTTON_Y: return GamepadButton::Y;
    case SDL_CONTROLLER_BUTTON_BACK: return GamepadButton::Back;
    case SDL_CONTROLLER_BUTTON_GUIDE: return GamepadButton::Guide;
    case SDL_CONTROLLER_BUTTON_START: return GamepadButton::Start;
    case SDL_CONTROLLER_BUTTON_LEFTSTICK: return GamepadButton::LeftStick;
    case SDL_CONTROLLER_BUTTON_RIGHTSTICK: return GamepadButton::RightStick;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return GamepadButton::LeftShoulder;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return GamepadButton::RightShoulder;
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return GamepadButton::DpadUp;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return GamepadButton::DpadDown;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return GamepadButton::DpadLeft;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return GamepadButton::DpadRight;
    default: return GamepadButton::Other;
  }
}

GamepadAxis translate_axis(Uint8 a) {
  switch (a) {
    case SDL_CONTROLLER_AXIS_LEFTX: return GamepadAxis::LeftX;
    case SDL_CONTROLLER_AXIS_LEFTY: return GamepadAxis::LeftY;
    case SDL_CONTROLLER_AXIS_RIGHTX: return GamepadAxis::RightX;
    case SDL_CONTROLLER_AXIS_RIGHTY: return GamepadAxis::RightY;
    case SDL_CONTROLLER_AXIS_TRIGGERLEFT: return GamepadAxis::TriggerLeft;
    case SDL_CONTROLLER_AXIS_TRIGGERRIGHT: return GamepadAxis::TriggerRight;
    default: return GamepadAxis::None;
  }
}

}  // namespace

Key translate_key(SDL_Keycode k) {
  if (k >= SDLK_a && k <= SDLK_z) return static_cast<Key>(static_cast<int>(Key::A) + (k - SDLK_a));
  if (k >= SDLK_0 && k <= SDLK_9) return static_cast<Key>(static_cast<int>(Key::Num0) + (k - SDLK_0));
  if (k >= SDLK_F1 && k <= SDLK_F12) return static_cast<Key>(static_cast<int>(Key::F1) + (k - SDLK_F1));
  switch (k) {
    case SDLK_ESCAPE: return Key::Escape;
    case SDLK_RETURN:
    case SDLK_KP_ENTER: return Key::Enter;
    case SDLK_SPACE: return Key::Space;
    case SDLK_TAB: return Key::Tab;
    case SDLK_BACKSPACE: return Key::Backspace;
    case SDLK_DELETE: return Key::Delete;
    case SDLK_LEFT: return Key::Left;
    case SDLK_RIGHT: return Key::Right;
    case SDLK_UP: return Key::Up;
    case SDLK_DOWN: return Key::Down;
    case SDLK_HOME: return Key::Home;
    case SDLK_END: return Key::End;
    case SDLK_PAGEUP: return Key::PageUp;
    case SDLK_PAGEDOWN: return Key::PageDown;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: return Key::Minus;
    case SDLK_EQUALS: return Key::Equals;
    case SDLK_PLUS:
    case SDLK_KP_PLUS: return Key::Plus;
    default: return Key::Unknown;
  }
}

bool translate_event(const SDL_Event& e, const OutputGeometry& g, InputEvent& out) {
  out = InputEvent{};
  const float r = g.pixel_ratio;
  switch (e.type) {
    case SDL_QUIT: out.type = InputType::Quit; return true;
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_CLOSE) {
        out.type = InputType::Quit;
        return true;
      }
      if (e.window.event == SDL_WINDOWEVENT_LEAVE) {
        out.type = InputType::PointerLeave;
        return true;
      }
      if (e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        out.type = InputType::Resized;
        out.x = static_cast<float>(g.output_width);
        out.y = static_cast<float>(g.output_height);
        return true;
      }
      return false;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      out.type = e.type == SDL_MOUSEBUTTONDOWN ? InputType::PointerDown : InputType::PointerUp;
      out.x = static_cast<float>(e.button.x) * r;
      out.y = static_cast<float>(e.button.y) * r;
      out.button = translate_button(e.button.button);
      out.from_touch = e.button.which == SDL_TOUCH_MOUSEID;
      return true;
    case SDL_MOUSEMOTION:
      out.type = InputType::PointerMove;
      out.x = static_cast<float>(e.motion.x) * r;
      out.y = static_cast<float>(e.motion.y) * r;
      out.dx = static_cast<float>(e.motion.xrel) * r;
      out.dy = static_cast<float>(e.motion.yrel) * r;
      out.from_touch = e.motion.which == SDL_TOUCH_MOUSEID;
      return true;
    case SDL_MOUSEWHEEL: {
      out.type = InputType::Wheel;
      // "Flipped" wheels (natural scrolling) report inverted deltas.
      const float flip = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -1.0f : 1.0f;
      out.dx = e.wheel.preciseX * flip;
      out.dy = e.wheel.preciseY * flip;
      out.from_touch = e.wheel.which == SDL_TOUCH_MOUSEID;
      return true;
    }
    case SDL_FINGERDOWN:
    case SDL_FINGERUP:
    case SDL_FINGERMOTION:
      out.type = e.type == SDL_FINGERDOWN ? InputType::TouchDown
                 : e.type == SDL_FINGERUP ? InputType::TouchUp
                                          : InputType::TouchMove;
      out.finger = static_cast<std::int64_t>(e.tfinger.fingerId);
      // Finger coordinates are normalised to [0, 1] over the window.
      out.x = e.tfinger.x * static_cast<float>(g.output_width);
      out.y = e.tfinger.y * static_cast<float>(g.output_height);
      out.dx = e.tfinger.dx * static_cast<float>(g.output_width);
      out.dy = e.tfinger.dy * static_cast<float>(g.output_height);
      return true;
    case SDL_CONTROLLERDEVICEADDED:
      // e.cdevice.which is a device index here, not an instance id; the
      // caller opens the device and fills in the id.
      out.type = InputType::GamepadAdded;
      return true;
    case SDL_JOYDEVICEADDED: {
      // A pad with a mapping comes as SDL_CONTROLLERDEVICEADDED too.
      if (SDL_IsGameController(e.jdevice.which)) return false;
      out.type = InputType::GamepadUnmapped;
      const char* name = SDL_JoystickNameForIndex(e.jdevice.which);
      SDL_strlcpy(out.text, name ? name : "a joystick", sizeof out.text);
      return true;
    }
    case SDL_CONTROLLERDEVICEREMOVED:
      out.type = InputType::GamepadRemoved;
      out.gamepad = e.cdevice.which;
      return true;
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP:
      out.type = e.type == SDL_CONTROLLERBUTTONDOWN ? InputType::GamepadButtonDown : InputType::GamepadButtonUp;
      out.gamepad = e.cbutton.which;
      out.pad_button = translate_pad_button(e.cbutton.button);
      return true;
    case SDL_CONTROLLERAXISMOTION:
      out.type = InputType::GamepadAxis;
      out.gamepad = e.caxis.which;
      out.axis = translate_axis(e.caxis.axis);
      // Sint16 range is [-32768, 32767]; clamp so both ends reach exactly 1.
      out.value = static_cast<float>(e.caxis.value) / 32767.0f;
      if (out.value < -1.0f) out.value = -1.0f;
      return out.axis != GamepadAxis::None;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
      out.type = e.type == SDL_KEYDOWN ? InputType::KeyDown : InputType::KeyUp;
      out.key = translate_key(e.key.keysym.sym);
      out.mods = translate_mods(e.key.keysym.mod);
      out.repeat = e.key.repeat != 0;
      return true;
    case SDL_TEXTINPUT: {
      out.type = InputType::Text;
      const std::size_t n = std::strlen(e.text.text);
      const std::size_t cap = sizeof(out.text) - 1;
      std::memcpy(out.text, e.text.text, n < cap ? n : cap);
      return true;
    }
    default: return false;
  }
}

}  // namespace colonial::platform
