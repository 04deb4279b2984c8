// Where things go on screen, from a 640x480 handheld to a 1920x1080 tablet
// (and beyond): the UI scale, the top bar, the docked side panel (right in
// landscape, bottom in portrait, collapsible to a thin tab) and the board in
// the rest. Plain arithmetic, tested in tests/app/test_flow_layout.cpp.
#pragma once

namespace colonial {

struct LayoutRect {
  float x = 0, y = 0, w = 0, h = 0;
};

struct Layout {
  float scale = 1;     // ImGui UI scale (text and widgets)
  LayoutRect top_bar;  // phase, timer, menu (ImGui points)
  LayoutRect panel;    // the docked panel (ImGui points)
  LayoutRect board;    // the board (ImGui points)
  bool panel_at_bottom = false;
  bool panel_collapsed = false;
};

// The UI scale for a display of w x h points: 1 up to 1280x720, growing
// with the screen in quarter steps (so that resizing does not re-rasterise
// the font at every pixel), at most 3.
float ui_scale_for_display(float w, float h);

// Lays out a display of w x h points at UI scale `scale`. `collapsed` folds
// the panel to a tab; `wide_panel` asks for a wider panel (the new-game form).
Layout compute_layout(float w, float h, float scale, bool collapsed, bool wide_panel = false);

// Height of the top bar and thickness of a collapsed panel, in points at
// UI scale 1 (ImGui's text line plus touch padding).
inline constexpr float kTopBarPoints = 46;
inline constexpr float kCollapsedPoints = 44;

}  // namespace colonial
