// Window: SDL2 video, one resizable high-DPI window, its SDL_Renderer, the
// gamepads, and the Dear ImGui context with its SDL backends.
//
// A frame is:   begin_frame() ... draw with canvas() and ImGui:: ... end_frame()
// A screenshot: begin_offscreen_frame(w, h) ... draw ... end_offscreen_frame(),
//               then save_frame_png(path)
//
// Everything SDL-specific stays in window.cpp; callers see our InputEvent and
// Canvas only.
#pragma once

#include <memory>
#include <string>

#include "canvas.h"
#include "input.h"

namespace colonial::platform {

struct WindowOptions {
  std::string title = "Colonial";
  int width = 1280;  // initial size in window points
  int height = 800;
  bool hidden = false;             // never shown (screenshots)
  bool software_renderer = false;  // skip the GPU (screenshots, odd drivers)
  std::string font_path;           // TrueType font for the Canvas and ImGui
  float ui_font_size = 16;         // ImGui text size in points
};

// Smallest window we lay out for: the handhelds' 480x320 screens.
inline constexpr int kMinWindowWidth = 480;
inline constexpr int kMinWindowHeight = 320;

enum class OpenStatus { Ok, NoDisplay, Failed };

class Window {
 public:
  Window();
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Starts SDL video, opens the window and renderer and sets up ImGui. On
  // failure returns NoDisplay (no video driver could start: no X11, Wayland or
  // KMS display) or Failed, with a sentence in `error`. If
  // `fallback_offscreen` is set and no display can be opened, SDL's offscreen
  // driver is used instead (fine for screenshots, useless for playing).
  OpenStatus open(const WindowOptions& options, bool fallback_offscreen, std::string& error);
  // Shuts ImGui and SDL down; also done by the destructor.
  void close();

  // Output size in pixels (the renderer's; larger than the window's size in
  // points on high-DPI screens).
  int output_width() const;
  int output_height() const;
  // Output pixels per window point.
  float pixel_ratio() const;
  // SDL's names of the video driver ("x11", "wayland", "offscreen"...) and
  // of the renderer ("opengl", "software"...).
  std::string video_driver() const;
  std::string renderer_name() const;

  bool fullscreen() const;

  // The gamepad last used (or else the first connected): its name and how
  // its buttons are printed. An empty name when no gamepad is connected.
  struct GamepadInHand {
    std::string name;
    GamepadFaces faces = GamepadFaces::Xbox;
  };
  GamepadInHand gamepad_in_hand() const;
  // Switches between a window and desktop fullscreen.
  void toggle_fullscreen();

  // Next pending event, translated; false when none is left. Waits up to
  // `timeout_ms` for the first one (0 = do not wait), so an idle app sleeps.
  // Every SDL event also goes to ImGui, which sets ui_captured.
  bool poll_event(InputEvent& out, int timeout_ms = 0);
  // Ends poll_event's wait at once, from any thread: news from a server
  // thread that the app's loop should see now, not after its idle wait.
  static void wake();

  // Scales the ImGui overlay (text, padding, widgets) by `scale` on top of
  // the high-DPI pixel ratio, e.g. 2 for a 4K screen without OS scaling.
  // Re-rasterises the font when the scale changes; call between frames.
  void set_ui_scale(float scale);

  // Starts a frame on the window: ImGui::NewFrame() has been called after it.
  void begin_frame();
  // Renders ImGui and presents.
  void end_frame();

  // Starts a frame drawn into an off-screen w x h image instead of the
  // window (ImGui sees a w x h display). Returns false with `error` if the
  // renderer cannot make such an image.
  bool begin_offscreen_frame(int w, int h, std::string& error);
  // Renders ImGui into the off-screen image.
  void end_offscreen_frame();
  // Writes the last off-screen image as a PNG.
  bool save_frame_png(const std::string& path, std::string& error);

  Canvas& canvas();

  // --- scripted input and screenshots of the live window (colonial --script)
  // Puts `e` into SDL's event queue the way the device would deliver it (a
  // touch also brings the mouse events SDL derives from it), so that it
  // takes the path of real input: ImGui, translation, the game. Coordinates
  // in output pixels. False when SDL refuses the event or the type cannot be
  // pushed.
  bool push_event(const InputEvent& in);
  // As end_frame(), but first writes the finished frame (board and overlay)
  // to a PNG file. Presents the frame even when the file cannot be written.
  // With a rectangle (output pixels; w <= 0: the whole frame), only that
  // part: a picture of the board without the panels around it.
  bool end_frame_saving(const std::string& png_path, std::string& error, RectF part = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether the pointer (a finger) is on a text field in this frame. In a
// browser the page then focuses its input element within the tap itself,
// which iOS requires before it shows its keyboard; elsewhere nothing.
void text_field_under_pointer(bool on);

}  // namespace colonial::platform
