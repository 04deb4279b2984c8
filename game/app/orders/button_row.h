// Pieces of the order pad's ImGui panel shared by its files.
#pragma once

#include <imgui.h>

#include <algorithm>

#include "touch_ui.h"
#include "ui_targets.h"

namespace colonial {

// Lays buttons out left to right, wrapping to the next line when the next
// one does not fit.
class ButtonRow {
 public:
  explicit ButtonRow(float height) : height_(height) {}
  bool button(const char* label, bool active = false) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float w = std::max(ImGui::CalcTextSize(label, nullptr, true).x + style.FramePadding.x * 2.0f, height_ * 1.6f);
    if (count_ > 0) same_line_if_fits(w);
    ++count_;
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    const bool pressed = ImGui::Button(label, ImVec2(w, height_));
    ui_target(label);  // scripted input presses buttons by label (ui_targets.h)
    ui_check_fit(label);
    if (active) ImGui::PopStyleColor();
    return pressed;
  }

 private:
  float height_;
  int count_ = 0;
};

// The colour of a problem the pad reports (an order refused, a plan that
// cannot be handed in).
inline const ImVec4 kProblemColour{1.0f, 0.62f, 0.35f, 1.0f};

}  // namespace colonial
