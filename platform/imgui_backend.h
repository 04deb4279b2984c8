// The one seam between our code and Dear ImGui's SDL backends.
//
// Debian's libimgui-dev 1.86 has the SDL platform backend in its library;
// the SDL_Renderer backend is vendored from the same release
// (third_party/imgui_impl_sdlrenderer). Newer ImGui renamed them
// (imgui_impl_sdl2, imgui_impl_sdlrenderer2) and changed a few signatures:
// moving to it means changing imgui_backend.cpp, the vendored file and the
// CMake target, nothing else.
// Internal to platform/.
#pragma once

struct SDL_Window;
struct SDL_Renderer;
union SDL_Event;

namespace colonial::platform::imgui_backend {

// Installs both backends into the current ImGui context.
bool init(SDL_Window* window, SDL_Renderer* renderer);
void shutdown();
// Gives an event to ImGui (mouse, keys, text, wheel).
void process_event(const SDL_Event& e);
// Starts an ImGui frame for a display of display_w x display_h points drawn
// at pixel_ratio output pixels per point. The SDL backend measures the window
// itself; we override it because with SDL_Renderer it ignores high-DPI
// scaling, and because screenshots draw into an image of their own size.
void new_frame(float display_w, float display_h, float pixel_ratio);
// Draws the frame's ImGui draw data with the renderer.
void render();
// Drops the font texture after the font atlas was rebuilt; the next
// new_frame() uploads the new one.
void invalidate_fonts();

}  // namespace colonial::platform::imgui_backend
