#include "status_panel.h"

#include <imgui.h>

#include <string>

#include "game.h"
#include "phrases.h"
#include "power_palette.h"
#include "translate.h"

namespace colonial {
namespace {

using text::format;
using text::tr;

ImVec4 to_imgui(platform::Color c) {
  return ImVec4(static_cast<float>(c.r) / 255.0f, static_cast<float>(c.g) / 255.0f, static_cast<float>(c.b) / 255.0f,
                static_cast<float>(c.a) / 255.0f);
}

}  // namespace

float draw_status_panel(const Map& map, const Position& position, float display_w, float display_h, bool anchored) {
  const float margin = 8.0f;
  // The panel fits its content; only the notes wrap, at this width.
  const float wrap = 15.0f * ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(margin, margin), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(display_w * 0.5f, display_h - 2.0f * margin));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize;
  const std::string title(map.name());
  ImGui::Begin((title + "###status").c_str(), nullptr, flags);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
  PhaseText phase;
  describe_phase(position.phase, phase);
  ImGui::TextUnformatted(phase.c_str());
  const int goal = map.victory_colonies();
  ImGui::TextUnformatted(
      format(text::trn("%d of %d colonies wins", "%d of %d colonies win", static_cast<unsigned long>(goal)), goal,
             map.colony_count())
          .c_str());
  ImGui::Separator();

  int owned = 0;
  if (ImGui::BeginTable("powers", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn(tr("Power"));
    ImGui::TableSetupColumn(tr("Units"));
    ImGui::TableSetupColumn(tr("Colonies"));
    ImGui::TableHeadersRow();
    for (int i = 0; i < map.power_count(); ++i) {
      const PowerId p = static_cast<PowerId>(i);
      const int colonies = position.colony_count(map, p);
      owned += colonies;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const float swatch = ImGui::GetTextLineHeight();
      ImGui::ColorButton(("##swatch" + std::to_string(i)).c_str(), to_imgui(power_colour(p)),
                         ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop, ImVec2(swatch, swatch));
      ImGui::SameLine();
      const std::string name(power_name(map, p));
      ImGui::TextUnformatted(name.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%d", position.unit_count(p));
      ImGui::TableNextColumn();
      ImGui::Text("%d", colonies);
    }
    ImGui::EndTable();
  }
  ImGui::TextUnformatted(format(tr("Neutral colonies: %d"), map.colony_count() - owned).c_str());
  ImGui::Separator();
  ImGui::TextWrapped("%s", anchored ? tr("Board drawn from the map's geography (its anchor points).")
                                    : tr("Board laid out from the adjacencies: this map has no anchor points."));
  ImGui::PopTextWrapPos();
  const float used = ImGui::GetWindowWidth();
  ImGui::End();
  return used + margin;
}

}  // namespace colonial
