#include "app_ui.h"

#include <algorithm>
#include <vector>

#include "board_palette.h"

namespace colonial {

namespace {

struct Target {
  std::string label;
  ImVec2 min;
  ImVec2 max;
};
std::vector<Target> g_targets;       // the frame being drawn
std::vector<Target> g_last_targets;  // the last complete frame's

std::string_view visible_label(std::string_view label) {
  const std::size_t hashes = label.find("##");
  return hashes == std::string_view::npos ? label : label.substr(0, hashes);
}

}  // namespace

void apply_touch_style(float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  // Fingers, not mouse pointers: roomy widgets, wide scrollbars, round
  // corners that read as buttons, and hit areas larger than what is drawn.
  style.WindowPadding = ImVec2(12, 10);
  style.FramePadding = ImVec2(12, 9);
  style.ItemSpacing = ImVec2(10, 9);
  style.ItemInnerSpacing = ImVec2(8, 6);
  style.TouchExtraPadding = ImVec2(4, 4);
  style.ScrollbarSize = 22;
  style.GrabMinSize = 22;
  style.FrameRounding = 6;
  style.GrabRounding = 6;
  style.WindowRounding = 0;
  style.ChildRounding = 6;
  style.PopupRounding = 6;
  style.WindowBorderSize = 0;
  style.IndentSpacing = 18;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.13f, 0.19f, 0.97f);
  c[ImGuiCol_PopupBg] = ImVec4(0.11f, 0.15f, 0.21f, 0.99f);
  c[ImGuiCol_Button] = ImVec4(0.22f, 0.33f, 0.48f, 1.00f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.30f, 0.44f, 0.62f, 1.00f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.36f, 0.52f, 0.74f, 1.00f);
  c[ImGuiCol_Header] = ImVec4(0.22f, 0.33f, 0.48f, 0.85f);
  c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.22f, 0.30f, 1.00f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.14f, 0.22f, 0.34f, 1.00f);
  c[ImGuiCol_ModalWindowDimBg] = ImVec4(0.02f, 0.03f, 0.05f, 0.70f);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

void ui_targets_begin_frame() { g_targets.clear(); }

void ui_targets_end_frame() {
  g_last_targets.swap(g_targets);
  g_targets.clear();
}

void ui_target(std::string_view label) {
  g_targets.push_back({std::string(visible_label(label)), ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
}

bool ui_target_find(std::string_view label, float pixel_ratio, platform::PointF& at) {
  for (auto it = g_last_targets.rbegin(); it != g_last_targets.rend(); ++it) {
    if (it->label != label) continue;
    at = {(it->min.x + it->max.x) * 0.5f * pixel_ratio, (it->min.y + it->max.y) * 0.5f * pixel_ratio};
    return true;
  }
  return false;
}

std::string ui_target_list() {
  std::string out;
  for (const Target& t : g_last_targets) {
    if (!out.empty()) out += ", ";
    out += t.label;
  }
  return out;
}

bool touch_button(const char* label, float width, float height) {
  const bool pressed = ImGui::Button(label, ImVec2(width, height));
  ui_target(label);
  return pressed;
}

bool primary_button(const char* label, float width, float height) {
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.16f, 0.52f, 0.30f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.22f, 0.62f, 0.37f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(0.26f, 0.70f, 0.42f, 1.0f));
  const bool pressed = touch_button(label, width, height);
  ImGui::PopStyleColor(3);
  return pressed;
}

bool touch_checkbox(const char* label, bool* value) {
  const bool changed = ImGui::Checkbox(label, value);
  ui_target(label);
  return changed;
}

bool touch_radio(const char* label, bool active) {
  const bool pressed = ImGui::RadioButton(label, active);
  ui_target(label);
  return pressed;
}

void centred_text(const char* text) {
  const float w = ImGui::CalcTextSize(text).x;
  const float avail = ImGui::GetContentRegionAvail().x;
  if (w < avail) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (avail - w) * 0.5f);
  ImGui::TextUnformatted(text);
}

ImU32 power_imcolour(int power, float alpha) {
  const platform::Color c = app_palette().power(static_cast<PowerId>(power)).unit;
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(255 * std::clamp(alpha, 0.0f, 1.0f)));
}

void power_badge(int power, const char* name, char letter) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const PowerStyle& style = app_palette().power(static_cast<PowerId>(power));
  dl->AddRectFilled(at, ImVec2(at.x + h, at.y + h), power_imcolour(power), h * 0.2f);
  dl->AddRect(at, ImVec2(at.x + h, at.y + h), IM_COL32(255, 255, 255, 90), h * 0.2f);
  const char text[2] = {letter, 0};
  const ImVec2 ts = ImGui::CalcTextSize(text);
  dl->AddText(ImVec2(at.x + (h - ts.x) * 0.5f, at.y + (h - ts.y) * 0.5f),
              IM_COL32(style.ink.r, style.ink.g, style.ink.b, 255), text);
  ImGui::Dummy(ImVec2(h, h));
  ImGui::SameLine();
  ImGui::TextUnformatted(name);
}

}  // namespace colonial
