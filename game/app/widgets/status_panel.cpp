#include "status_panel.h"

#include <imgui.h>

#include <algorithm>

#include "power_palette.h"

namespace colonial {
namespace {

ImVec4 to_imgui(platform::Color c) {
  return ImVec4(static_cast<float>(c.r) / 255.0f, static_cast<float>(c.g) / 255.0f, static_cast<float>(c.b) / 255.0f,
                static_cast<float>(c.a) / 255.0f);
}

const char* kind_text(PhaseKind k) {
  switch (k) {
    case PhaseKind::Movement: return "Movement";
    case PhaseKind::Retreat: return "Retreats";
    case PhaseKind::Adjustment: return "Adjustments";
  }
  return "";
}

const char* season_text(Season s) {
  switch (s) {
    case Season::Spring: return "Spring";
    case Season::Fall: return "Fall";
    case Season::Winter: return "Winter";
    case Season::Turn: return "";  // the biennial calendar names only the year
  }
  return "";
}

const char* terrain_text(ProvinceKind k) {
  switch (k) {
    case ProvinceKind::Land: return "inland";
    case ProvinceKind::Coast: return "coastal";
    case ProvinceKind::Sea: return "sea";
  }
  return "";
}

}  // namespace

std::string phase_text(const Phase& phase) {
  std::string out = season_text(phase.season);
  if (!out.empty()) out += ' ';
  out += std::to_string(phase.year);
  out += ' ';
  out += kind_text(phase.kind);
  return out;
}

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
  ImGui::TextUnformatted(phase_text(position.phase).c_str());
  ImGui::Text("%d of %d colonies win", map.victory_colonies(), map.colony_count());
  ImGui::Separator();

  int owned = 0;
  if (ImGui::BeginTable("powers", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("Power");
    ImGui::TableSetupColumn("Units");
    ImGui::TableSetupColumn("Colonies");
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
      ImGui::TextUnformatted(map.power(p).name);
      ImGui::TableNextColumn();
      ImGui::Text("%d", position.unit_count(p));
      ImGui::TableNextColumn();
      ImGui::Text("%d", colonies);
    }
    ImGui::EndTable();
  }
  ImGui::Text("Neutral colonies: %d", map.colony_count() - owned);
  ImGui::Separator();
  ImGui::TextWrapped(anchored ? "Board drawn from the map's geography (its anchor points)."
                              : "Board laid out from the adjacencies: this map has no anchor points.");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("F11 or Alt+Enter: fullscreen. Esc: quit.");
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  const float used = ImGui::GetWindowWidth();
  ImGui::End();
  return used + margin;
}

void draw_location_tooltip(const Map& map, const Position& position, LocationId l) {
  const ProvinceId p = map.province_of(l);
  const ProvinceInfo& info = map.province(p);
  ImGui::BeginTooltip();
  ImGui::Text("%s  %s", info.code, info.name);
  ImGui::TextDisabled("%s%s", terrain_text(info.kind), info.colony ? ", colony" : "");
  if (info.colony) {
    const PowerId owner = position.owner[p];
    ImGui::Text("Held by %s", owner == kNoPower ? "no one" : map.power(owner).name);
  }
  const Unit& u = position.units[p];
  if (u.present()) ImGui::Text("%s %s", map.power(u.power).adjective, u.type == UnitType::Army ? "army" : "fleet");
  ImGui::EndTooltip();
}

}  // namespace colonial
