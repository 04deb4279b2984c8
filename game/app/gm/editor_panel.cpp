// The position editor (game master, companion mode): the app's board made
// to match the table's. Taps on the board place or remove units and set
// colony owners (PositionEditor, game/app/gm); this panel chooses the
// power, the tool, the phase and who is in civil disorder, then applies
// the position to the game (kept in the record as an edit) or starts a new
// game from it.
#include <imgui.h>

#include <string>

#include "app.h"
#include "touch_ui.h"

namespace colonial {

void App::open_editor() {
  editor_ = std::make_unique<PositionEditor>();
  editor_->begin(*game_);
}

void App::draw_editor() {
  if (!begin_panel("editor")) {
    end_panel();
    return;
  }
  PositionEditor& ed = *editor_;
  const Map& map = *map_;
  const float big = ImGui::GetFrameHeight() * 1.4f;
  ImGui::SetWindowFontScale(1.2f);
  ImGui::TextUnformatted("Position editor");
  ImGui::SetWindowFontScale(1.0f);
  ImGui::TextWrapped("Tap the board: the tool below acts on the province tapped.");

  // The phase.
  const Position& pos = ed.position();
  PhaseText phase;
  format_phase(pos.phase, phase);
  ImGui::AlignTextToFramePadding();
  ImGui::Text("Phase: %s", phase.c_str());
  if (touch_button(game_->settings().rules.calendar == Calendar::Biennial1995 ? "-2 years" : "-1 year"))
    ed.set_year(pos.phase.year - (game_->settings().rules.calendar == Calendar::Biennial1995 ? 2 : 1));
  ImGui::SameLine();
  if (touch_button(game_->settings().rules.calendar == Calendar::Biennial1995 ? "+2 years" : "+1 year"))
    ed.set_year(pos.phase.year + (game_->settings().rules.calendar == Calendar::Biennial1995 ? 2 : 1));
  if (touch_radio("Movement", pos.phase.kind == PhaseKind::Movement)) ed.set_phase_kind(PhaseKind::Movement);
  ImGui::SameLine();
  if (touch_radio("Adjustment", pos.phase.kind == PhaseKind::Adjustment)) ed.set_phase_kind(PhaseKind::Adjustment);
  if (game_->settings().rules.calendar == Calendar::Seasons && pos.phase.kind != PhaseKind::Adjustment) {
    if (touch_radio("Spring", pos.phase.season == Season::Spring)) ed.set_season(Season::Spring);
    ImGui::SameLine();
    if (touch_radio("Fall", pos.phase.season == Season::Fall)) ed.set_season(Season::Fall);
  }
  ImGui::Separator();

  // The power and the tool.
  ImGui::TextUnformatted("Power:");
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (p % 4 != 0) ImGui::SameLine();
    const bool chosen = ed.power() == p;
    const std::string label = std::string(chosen ? "> " : "") + map.power(p).name + "##power";
    if (chosen) ImGui::PushStyleColor(ImGuiCol_Button, power_imcolour(p, 0.8f));
    if (touch_button(label.c_str())) ed.set_power(p);
    ui_target(std::string("power ") + map.power(p).name);
    if (chosen) ImGui::PopStyleColor();
  }
  ImGui::TextUnformatted("Tool:");
  const struct {
    EditTool tool;
    const char* label;
  } kTools[] = {{EditTool::Army, "Army"},
                {EditTool::Fleet, "Fleet"},
                {EditTool::Remove, "Remove"},
                {EditTool::Owner, "Colony owner"}};
  for (int i = 0; i < 4; ++i) {
    if (i % 2 != 0) ImGui::SameLine();
    if (touch_radio(kTools[i].label, ed.tool() == kTools[i].tool)) ed.set_tool(kTools[i].tool);
  }
  if (!ed.coast_choices().empty()) {
    ImGui::TextUnformatted("Which coast?");
    for (int i = 0; i < ed.coast_choices().size(); ++i) {
      OrderText coast;
      format_location(map, ed.coast_choices()[i], OrderStyle::Rulebook, coast);
      if (i) ImGui::SameLine();
      if (touch_button(coast.c_str())) ed.choose_coast(i);
    }
  }
  if (!ed.message().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.62f, 0.35f, 1.0f));
    ImGui::TextWrapped("%.*s", static_cast<int>(ed.message().size()), ed.message().data());
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  ImGui::TextUnformatted("In civil disorder:");
  for (PowerId p = 0; p < map.power_count(); ++p) {
    bool on = (ed.civil_disorder() >> p) & 1u;
    if (p % 3 != 0) ImGui::SameLine();
    const std::string label = std::string(map.power(p).name) + "##cd";
    if (touch_checkbox(label.c_str(), &on)) ed.toggle_civil_disorder(p);
    ui_target(std::string(map.power(p).name) + " in civil disorder");
  }
  ImGui::Separator();

  // What becomes of it.
  ReasonText why;
  const bool valid = ed.valid(why);
  if (!valid) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.62f, 0.35f, 1.0f));
    ImGui::TextWrapped("Not a position that can stand: %s", why.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::BeginDisabled(!valid || !ed.dirty() || game_->over());
  if (primary_button("Apply to this game", -1, big)) {
    if (game_->apply_edit(ed.position(), ed.civil_disorder())) {
      std::printf("colonial: the game master edited the position\n");
      editor_.reset();
      after_game_changed();
    } else {
      notice_ = "The record is full: no more edits fit in this game.";
    }
  }
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!valid);
  if (editor_ && touch_button("New game from this position", -1, big)) {
    const Position start = editor_->position();
    const u32 civil_disorder = editor_->civil_disorder();
    editor_.reset();
    std::string error;
    const std::string kept = autosave_.archive(error);
    if (!kept.empty()) std::printf("colonial: the previous game is kept as %s\n", kept.c_str());
    GameSettings settings = game_->settings();
    game_->start_from(*map_, settings, start);
    for (PowerId p = 0; p < map_->power_count(); ++p)
      if ((civil_disorder >> p) & 1u) game_->surrender(p);
    after_game_changed();
  }
  ImGui::EndDisabled();
  if (editor_ && touch_button("Cancel", -1, big)) editor_.reset();
  end_panel();
}

}  // namespace colonial
