#include "imgui_backend.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

namespace colonial::platform::imgui_backend {

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

void process_event(const SDL_Event& e) { ImGui_ImplSDL2_ProcessEvent(&e); }

void new_frame(float display_w, float display_h, float pixel_ratio) {
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
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
