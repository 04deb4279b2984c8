#include "ui_targets.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace colonial {

namespace {

struct Target {
  std::string label;
  ImVec2 min;
  ImVec2 max;
  bool whole = false;    // not cut by the window's clip rectangle or the screen
  bool focused = false;  // ImGui's navigation is on it
};
std::vector<Target> g_targets;       // the frame being drawn
std::vector<Target> g_last_targets;  // the last complete frame's
std::string g_clipped;               // the frame being drawn: labels that did not fit
std::string g_last_clipped;

std::string_view visible_label(std::string_view label) {
  const std::size_t hashes = label.find("##");
  return hashes == std::string_view::npos ? label : label.substr(0, hashes);
}

}  // namespace

void ui_targets_begin_frame() {
  g_targets.clear();
  g_clipped.clear();
}

void ui_targets_end_frame() {
  g_last_targets.swap(g_targets);
  g_targets.clear();
  g_last_clipped.swap(g_clipped);
  g_clipped.clear();
}

void ui_check_fit(std::string_view label) {
  if (!ImGui::IsItemVisible()) return;
  const std::string_view shown = visible_label(label);
  if (shown.empty()) return;
  const float text = ImGui::CalcTextSize(shown.data(), shown.data() + shown.size()).x;
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  // A button's text starts after its left frame padding and is cut at its
  // edge; a checkbox's or a radio button's starts after its box, which is
  // wider than that padding.
  float room = max.x - min.x - ImGui::GetStyle().FramePadding.x;
  // What of the item the window shows (a panel too narrow cuts it off).
  const float cut = max.x - ImGui::GetCurrentWindowRead()->ClipRect.Max.x;
  if (cut > 0) room -= cut;
  if (text <= room + 1.0f) return;
  if (!g_clipped.empty()) g_clipped += "; ";
  g_clipped += std::string(shown) + " (text " + std::to_string(static_cast<int>(std::lround(text))) + ", room " +
               std::to_string(static_cast<int>(std::lround(room))) + ")";
}

std::string ui_clipped_list() { return g_last_clipped; }

void ui_target(std::string_view label) {
  // A widget scrolled out of sight cannot be pressed; a script must scroll.
  if (!ImGui::IsItemVisible()) return;
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  const ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 clip_min = draw->GetClipRectMin();
  const ImVec2 clip_max = draw->GetClipRectMax();
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  // Half a point of slack: ImGui rounds edges to whole pixels.
  constexpr float kSlack = 0.5f;
  const bool whole = min.x >= std::max(clip_min.x, 0.0f) - kSlack && min.y >= std::max(clip_min.y, 0.0f) - kSlack &&
                     max.x <= std::min(clip_max.x, screen.x) + kSlack &&
                     max.y <= std::min(clip_max.y, screen.y) + kSlack;
  g_targets.push_back({std::string(visible_label(label)), min, max, whole, ImGui::IsItemFocused()});
}

bool ui_target_find(std::string_view label, float pixel_ratio, platform::PointF& at) {
  for (auto it = g_last_targets.rbegin(); it != g_last_targets.rend(); ++it) {
    if (it->label != label) continue;
    at = {(it->min.x + it->max.x) * 0.5f * pixel_ratio, (it->min.y + it->max.y) * 0.5f * pixel_ratio};
    return true;
  }
  return false;
}

bool ui_target_whole(std::string_view label) {
  for (auto it = g_last_targets.rbegin(); it != g_last_targets.rend(); ++it)
    if (it->label == label) return it->whole;
  return false;
}

std::string ui_target_focused() {
  for (const Target& t : g_last_targets)
    if (t.focused) return t.label;
  return {};
}

std::size_t ui_target_count() { return g_last_targets.size(); }

bool ui_target_nth(std::size_t n, float pixel_ratio, platform::PointF& at) {
  if (n >= g_last_targets.size()) return false;
  const Target& t = g_last_targets[n];
  at = {(t.min.x + t.max.x) * 0.5f * pixel_ratio, (t.min.y + t.max.y) * 0.5f * pixel_ratio};
  return true;
}

std::string ui_target_list() {
  std::string out;
  for (const Target& t : g_last_targets) {
    if (!out.empty()) out += ", ";
    out += t.label;
  }
  return out;
}

}  // namespace colonial
