#include "imgui_backend.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>
#include <imgui_internal.h>

#include <iterator>

namespace colonial::platform::imgui_backend {

namespace {

// The pointer as the events report it. ImGui 1.86's SDL backend asks SDL for
// the mouse state each frame instead, which misses the pointer when the
// window has neither keyboard nor mouse focus (a display without a window
// manager, as under Xvfb) and ignores events pushed into the queue (scripted
// input, Window::push_event). Following the events serves both; for a real
// mouse it is the same position.
struct EventPointer {
  bool known = false;
  float x = 0;
  float y = 0;
  bool down[3] = {false, false, false};
};
EventPointer g_pointer;

int button_index(Uint8 b) {
  return b == SDL_BUTTON_LEFT ? 0 : b == SDL_BUTTON_RIGHT ? 1 : b == SDL_BUTTON_MIDDLE ? 2 : -1;
}

void follow_pointer(const SDL_Event& e) {
  switch (e.type) {
    case SDL_MOUSEMOTION:
      g_pointer.known = true;
      g_pointer.x = static_cast<float>(e.motion.x);
      g_pointer.y = static_cast<float>(e.motion.y);
      break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      g_pointer.known = true;
      g_pointer.x = static_cast<float>(e.button.x);
      g_pointer.y = static_cast<float>(e.button.y);
      if (const int i = button_index(e.button.button); i >= 0) g_pointer.down[i] = e.type == SDL_MOUSEBUTTONDOWN;
      break;
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_LEAVE && !g_pointer.down[0] && !g_pointer.down[1] && !g_pointer.down[2])
        g_pointer.known = false;
      break;
    default: break;
  }
}

// The pad's buttons as the events report them, for ImGui's navigation of
// forms. ImGui 1.86's SDL backend instead reads the first game controller's
// state each frame, which misses a pad opened later than device 0 and every
// button event pushed into the queue (scripted input): a pad-only player
// could not reach a form's widgets under a script. A press and release
// within one frame still counts for that frame.
struct EventPad {
  bool held[SDL_CONTROLLER_BUTTON_MAX] = {};
  bool pressed[SDL_CONTROLLER_BUTTON_MAX] = {};  // since the last frame
};
EventPad g_pad;

void follow_pad(const SDL_Event& e) {
  if (e.type != SDL_CONTROLLERBUTTONDOWN && e.type != SDL_CONTROLLERBUTTONUP) return;
  const int b = e.cbutton.button;
  if (b < 0 || b >= SDL_CONTROLLER_BUTTON_MAX) return;
  g_pad.held[b] = e.type == SDL_CONTROLLERBUTTONDOWN;
  if (g_pad.held[b]) g_pad.pressed[b] = true;
}

// After the backend's own gamepad reading: our buttons on top of its.
void apply_pad(ImGuiIO& io) {
  if ((io.ConfigFlags & ImGuiConfigFlags_NavEnableGamepad) == 0) return;
  static constexpr struct {
    ImGuiNavInput_ nav;
    SDL_GameControllerButton button;
  } kMap[] = {
      {ImGuiNavInput_Activate, SDL_CONTROLLER_BUTTON_A},
      {ImGuiNavInput_Cancel, SDL_CONTROLLER_BUTTON_B},
      {ImGuiNavInput_Menu, SDL_CONTROLLER_BUTTON_X},
      {ImGuiNavInput_Input, SDL_CONTROLLER_BUTTON_Y},
      {ImGuiNavInput_DpadLeft, SDL_CONTROLLER_BUTTON_DPAD_LEFT},
      {ImGuiNavInput_DpadRight, SDL_CONTROLLER_BUTTON_DPAD_RIGHT},
      {ImGuiNavInput_DpadUp, SDL_CONTROLLER_BUTTON_DPAD_UP},
      {ImGuiNavInput_DpadDown, SDL_CONTROLLER_BUTTON_DPAD_DOWN},
      {ImGuiNavInput_FocusPrev, SDL_CONTROLLER_BUTTON_LEFTSHOULDER},
      {ImGuiNavInput_FocusNext, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER},
      {ImGuiNavInput_TweakSlow, SDL_CONTROLLER_BUTTON_LEFTSHOULDER},
      {ImGuiNavInput_TweakFast, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER},
  };
  // A focus the player cannot see (a form just opened, or the mouse moved
  // last) is shown by the first press of A, which presses nothing: the pad
  // never presses a button its player did not see chosen.
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const bool reveal = g.NavDisableHighlight && g.NavId != 0 && g_pad.pressed[SDL_CONTROLLER_BUTTON_A];
  if (reveal) {
    g.NavDisableHighlight = false;
    g_pad.held[SDL_CONTROLLER_BUTTON_A] = g_pad.pressed[SDL_CONTROLLER_BUTTON_A] = false;
  }
  for (const auto& m : kMap)
    if (g_pad.held[m.button] || g_pad.pressed[m.button]) io.NavInputs[m.nav] = 1.0f;
  io.BackendFlags |= ImGuiBackendFlags_HasGamepad;
}

// Keys as ImGui 1.86 sees them: its SDL backend sets io.KeysDown at each
// event and ImGui reads it once a frame, so a key pressed and let go between
// two frames (a quick Enter in an order's text field on a slow device, or
// under emulation, where a frame can take longer than a keystroke) would
// never be seen. The release of a key pressed since the last frame is
// therefore held back until that frame has begun. (The backend already does
// this for mouse buttons.)
struct HeldBackKeys {
  bool pressed[SDL_NUM_SCANCODES] = {};  // since the last frame began
  SDL_Event released[16];
  int count = 0;
  bool due = false;  // the frame that saw them pressed has begun
};
HeldBackKeys g_keys;

void release_held_back_keys() {
  if (!g_keys.due) return;
  for (int i = 0; i < g_keys.count; ++i) ImGui_ImplSDL2_ProcessEvent(&g_keys.released[i]);
  g_keys.count = 0;
  g_keys.due = false;
}

// False when the event is a release held back for the next frame.
bool follow_keys(const SDL_Event& e) {
  if (e.type != SDL_KEYDOWN && e.type != SDL_KEYUP) return true;
  const int code = e.key.keysym.scancode;
  if (code < 0 || code >= SDL_NUM_SCANCODES) return true;
  if (e.type == SDL_KEYDOWN) {
    g_keys.pressed[code] = true;
    // Pressed again before its release reached ImGui: that release is over.
    int kept = 0;
    for (int i = 0; i < g_keys.count; ++i)
      if (g_keys.released[i].key.keysym.scancode != code) g_keys.released[kept++] = g_keys.released[i];
    g_keys.count = kept;
    return true;
  }
  if (!g_keys.pressed[code] || g_keys.count == static_cast<int>(std::size(g_keys.released))) return true;
  g_keys.released[g_keys.count++] = e;
  return false;
}

}  // namespace

bool init(SDL_Window* window, SDL_Renderer* renderer) {
  if (!ImGui_ImplSDL2_InitForSDLRenderer(window)) return false;
  if (!ImGui_ImplSDLRenderer_Init(renderer)) {
    ImGui_ImplSDL2_Shutdown();
    return false;
  }
  return true;
}

void shutdown() {
  ImGui_ImplSDLRenderer_Shutdown();
  ImGui_ImplSDL2_Shutdown();
}

void process_event(const SDL_Event& e) {
  release_held_back_keys();
  if (follow_keys(e)) ImGui_ImplSDL2_ProcessEvent(&e);
  follow_pointer(e);
  follow_pad(e);
}

void new_frame(float display_w, float display_h, float pixel_ratio) {
  release_held_back_keys();
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (g_pointer.known) {
    io.MousePos = ImVec2(g_pointer.x, g_pointer.y);
    for (int i = 0; i < 3; ++i) io.MouseDown[i] = io.MouseDown[i] || g_pointer.down[i];
  }
  apply_pad(io);
  for (bool& pressed : g_pad.pressed) pressed = false;
  io.DisplaySize = ImVec2(display_w, display_h);
  io.DisplayFramebufferScale = ImVec2(pixel_ratio, pixel_ratio);
  ImGui::NewFrame();
  // This frame saw the keys pressed: their releases go in before the next.
  for (bool& pressed : g_keys.pressed) pressed = false;
  g_keys.due = g_keys.count > 0;
}

void render() {
  ImGui::Render();
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
}

void invalidate_fonts() { ImGui_ImplSDLRenderer_DestroyFontsTexture(); }

}  // namespace colonial::platform::imgui_backend
