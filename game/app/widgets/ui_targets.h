// Where labelled widgets were drawn, so that scripted input can press them
// by label (colonial --script: "button Done"; see script/script_player.h). Widgets
// record themselves with ui_target() right after ImGui draws them; the app
// brackets each frame with ui_targets_begin_frame/ui_targets_end_frame.
// Labels are the visible text (before any "##"). ImGui only, no game state.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "canvas.h"

namespace colonial {

void ui_targets_begin_frame();
void ui_targets_end_frame();
// Records ImGui's last item under `label`, in sight or scrolled away.
void ui_target(std::string_view label);
// The centre of the widget labelled `label` in the last complete frame, in
// output pixels (ImGui points times `pixel_ratio`), if that centre was in
// sight (a click there presses it). The last one drawn wins.
bool ui_target_find(std::string_view label, float pixel_ratio, platform::PointF& at);
// Whether a widget labelled `label` was drawn in the last complete frame at
// all, in sight or not.
bool ui_target_drawn(std::string_view label);
// If a widget labelled `label` was drawn out of sight in the last complete
// frame (its centre scrolled away), its window scrolls to centre it when it
// is drawn in the next frame, shown in the frame after; true if so.
bool ui_target_scroll_to(std::string_view label);
// How many widgets the last complete frame drew, and the centre of the n-th
// (0-based, in drawing order) in output pixels: random input (script step
// `random`) presses them.
std::size_t ui_target_count();
bool ui_target_nth(std::size_t n, float pixel_ratio, platform::PointF& at);
// Whether the last widget labelled `label` in the last complete frame was
// drawn whole: inside the screen and not cut by its window's edge or fold.
bool ui_target_whole(std::string_view label);
// The label of the widget the keys or the pad are on (ImGui's navigation) in
// the last complete frame, or "" if none is.
std::string ui_target_focused();
// Labels drawn in the last complete frame, comma-separated (error messages).
std::string ui_target_list();

// Checks that the last item's visible label fits in it: the text within the
// item (after its left padding) and the item within the part of its window
// that is drawn (ImGui's own measurements), so a longer translation is
// never cut. An item out of sight passes only if scrolling its window (or
// the windows it is a child of) brings it in whole: one beyond the screen's
// edge, or beyond its window's where that window does not scroll, is
// reported with the reason.
// The touch widgets call it with their own label; a script's screenshot
// reports the misses of its frame (colonial --script).
// Each frame also checks that no two pressable widgets it recorded
// (ui_target; texts are not) are drawn over each other: within one window
// and its child windows (a popup or a window of its own is drawn over
// another on purpose), the parts of them in sight overlap by more than a
// point each way.
void ui_check_fit(std::string_view label);
// The last complete frame's labels that did not fit, "LABEL (text W, room R)"
// or "LABEL (off the screen's right edge by N, ...)", and the widgets drawn
// over others, "\"LATER\" overlaps \"EARLIER\" (by WxH)", separated by "; ",
// or empty.
std::string ui_clipped_list();

}  // namespace colonial
