// Translation of SDL events into InputEvent. Internal to platform/ (it
// includes SDL); exposed as a header so that tests can feed it events.
#pragma once

#include <SDL.h>

#include "input.h"

namespace colonial::platform {

// What the translation needs to know about the window.
struct OutputGeometry {
  float pixel_ratio = 1;  // output pixels per window point (2 on a Retina screen)
  int output_width = 0;   // renderer output size, for touch coordinates
  int output_height = 0;
};

// Fills `out` from `e`. Returns false for events the game has no use for
// (they are still given to ImGui). Gamepad add/remove events are translated
// but opening and closing the device is the caller's job.
bool translate_event(const SDL_Event& e, const OutputGeometry& g, InputEvent& out);

Key translate_key(SDL_Keycode k);

}  // namespace colonial::platform
