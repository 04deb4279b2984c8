#include "imgui_backend.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

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
  ImGui_ImplSDL2_ProcessEvent(&e);
  follow_pointer(e);
}

void new_frame(float display_w, float display_h, float pixel_ratio) {
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (g_pointer.known) {
    io.MousePos = ImVec2(g_pointer.x, g_pointer.y);
    for (int i = 0; i < 3; ++i) io.MouseDown[i] = io.MouseDown[i] || g_pointer.down[i];
  }
  io.DisplaySize = ImVec2(display_w, display_h);
  io.DisplayFramebufferScale = ImVec2(pixel_ratio, pixel_ratio);
  ImGui::NewFrame();
}

void render() {
  ImGui::Render();
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
}

void invalidate_fonts() { ImGui_ImplSDLRenderer_DestroyFontsTexture(); }

}  // namespace colonial::platform::imgui_backend
