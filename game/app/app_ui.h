// ImGui for fingers: the touch style (large hit areas, generous spacing),
// buttons that remember where they were drawn (so a script can press them by
// label: --script "button Done"), and small drawing helpers the screens share.
#pragma once

#include <imgui.h>

#include <string>
#include <string_view>

#include "canvas.h"

namespace colonial {

// Sets ImGui's style for touch at the given UI scale: call every frame
// before drawing (the window rebuilds the style when its scale changes).
void apply_touch_style(float scale);

// --- widgets a script can find by label
// Call around the drawing of each frame: the widgets of the last complete
// frame are the ones found.
void ui_targets_begin_frame();
void ui_targets_end_frame();
// Records ImGui's last item under `label` (the text before any "##").
void ui_target(std::string_view label);
// The centre of the widget labelled `label` in the last complete frame, in
// output pixels (ImGui points times `pixel_ratio`). The last one drawn wins.
bool ui_target_find(std::string_view label, float pixel_ratio, platform::PointF& at);
// Labels drawn in the last frame, comma-separated (for error messages).
std::string ui_target_list();

// A button (recorded as a target). width 0 = fit the label; -1 = fill.
bool touch_button(const char* label, float width = 0, float height = 0);
// A button drawn in an accent colour: the step that moves the game on.
bool primary_button(const char* label, float width = 0, float height = 0);
// A checkbox recorded as a target.
bool touch_checkbox(const char* label, bool* value);
// A radio button recorded as a target.
bool touch_radio(const char* label, bool active);

// Text centred in the current window's width.
void centred_text(const char* text);
// A power's colour (the board palette) as an ImGui colour.
ImU32 power_imcolour(int power, float alpha = 1.0f);
// A small coloured square with the power's letter, then the name.
void power_badge(int power, const char* name, char letter);

}  // namespace colonial
