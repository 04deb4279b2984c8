// The position editor (game master, companion mode): the app's board made
// to match the table's. Taps on the board place or remove units and set
// colony owners (PositionEditor); this panel chooses the power, the tool,
// the phase and who is in civil disorder, then applies the position to the
// game (kept in the record as an edit) or starts a new game from it.
#include <imgui.h>

#include <cstdio>
#include <string>

#include "gm_tools.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

namespace {

using text::tr;
using text::trc;

const ImVec4 kWarningColour(1.0f, 0.62f, 0.35f, 1.0f);

void warning_text(std::string_view text) {
  ImGui::PushStyleColor(ImGuiCol_Text, kWarningColour);
  ImGui::TextWrapped("%.*s", static_cast<int>(text.size()), text.data());
  ImGui::PopStyleColor();
}

}  // namespace

GameMasterTools::GameMasterTools() : editor_(std::make_unique<PositionEditor>()) {}
GameMasterTools::~GameMasterTools() = default;

void GameMasterTools::open_editor(const Game& game, Modals& modals) {
  // Each time afresh: the first power, armies.
  editor_ = std::make_unique<PositionEditor>();
  editor_->begin(game);
  modals.open(ModalKind::Editor);
}

void GameMasterTools::draw_editor(GameSession& session, Modals& modals, const Layout& layout, bool& panel_collapsed,
                                  double now, const Above& above) {
  if (begin_side_panel("editor", layout, panel_collapsed)) {
    ImGui::SetWindowFontScale(1.2f);
    ImGui::TextUnformatted(tr("Position editor"));
    ImGui::SetWindowFontScale(1.0f);
    ImGui::TextWrapped("%s", tr("Tap the board: the tool below acts on the province tapped."));
    draw_editor_phase(session.game());
    ImGui::Separator();
    draw_editor_tools(session.map());
    ImGui::Separator();
    draw_editor_end(session, modals, now);
  }
  end_side_panel();
  above();
}

// The phase: the year (a turn's worth of years at a time), movement or
// adjustments, and on the Spring/Fall calendar the season.
void GameMasterTools::draw_editor_phase(const Game& game) {
  PositionEditor& ed = *editor_;
  const Position& pos = ed.position();
  PhaseText phase;
  describe_phase(pos.phase, phase);
  ImGui::AlignTextToFramePadding();
  ImGui::Text(tr("Phase: %s"), phase.c_str());
  const bool biennial = game.settings().rules.calendar == Calendar::Biennial1995;
  // The scripts press these by their English words.
  auto button = [](const char* english, const char* shown) {
    const bool pressed = touch_button((std::string(shown) + "##" + english).c_str());
    ui_target(english);
    return pressed;
  };
  auto radio = [](const char* english, const char* shown, bool active) {
    const bool pressed = touch_radio((std::string(shown) + "##" + english).c_str(), active);
    ui_target(english);
    return pressed;
  };
  if (button(biennial ? "-2 years" : "-1 year", biennial ? tr("-2 years") : tr("-1 year")))
    ed.set_year(pos.phase.year - (biennial ? 2 : 1));
  ImGui::SameLine();
  if (button(biennial ? "+2 years" : "+1 year", biennial ? tr("+2 years") : tr("+1 year")))
    ed.set_year(pos.phase.year + (biennial ? 2 : 1));
  if (radio("Movement", trc("editor", "Movement"), pos.phase.kind == PhaseKind::Movement))
    ed.set_phase_kind(PhaseKind::Movement);
  ImGui::SameLine();
  if (radio("Adjustment", trc("editor", "Adjustment"), pos.phase.kind == PhaseKind::Adjustment))
    ed.set_phase_kind(PhaseKind::Adjustment);
  if (game.settings().rules.calendar == Calendar::Seasons && pos.phase.kind != PhaseKind::Adjustment) {
    if (radio("Spring", trc("editor", "Spring"), pos.phase.season == Season::Spring)) ed.set_season(Season::Spring);
    ImGui::SameLine();
    if (radio("Fall", trc("editor", "Fall"), pos.phase.season == Season::Fall)) ed.set_season(Season::Fall);
  }
}

// The power and the tool a tap uses, the coast asked for, and who is in
// civil disorder.
void GameMasterTools::draw_editor_tools(const Map& map) {
  PositionEditor& ed = *editor_;
  ImGui::TextUnformatted(tr("Power:"));
  for (PowerId p = 0; p < map.power_count(); ++p) {
    const bool chosen = ed.power() == p;
    const std::string label = std::string(chosen ? "> " : "") + std::string(power_name(map, p)) + "##power";
    if (p != 0) same_line_if_fits(button_width(label.c_str()));
    if (chosen) ImGui::PushStyleColor(ImGuiCol_Button, power_imcolour(p, 0.8f));
    if (touch_button(label.c_str())) ed.set_power(p);
    ui_target(std::string("power ") + map.power(p).name);
    if (chosen) ImGui::PopStyleColor();
  }
  ImGui::TextUnformatted(tr("Tool:"));
  const struct {
    EditTool tool;
    const char* label;
  } kTools[] = {{EditTool::Army, NC_("editor", "Army")},
                {EditTool::Fleet, NC_("editor", "Fleet")},
                {EditTool::Remove, NC_("editor", "Remove")},
                {EditTool::Owner, NC_("editor", "Colony owner")}};
  for (int i = 0; i < 4; ++i) {
    const std::string label = std::string(trc("editor", kTools[i].label)) + "##" + kTools[i].label;
    if (i != 0) same_line_if_fits(checkbox_width(label.c_str()));
    if (touch_radio(label.c_str(), ed.tool() == kTools[i].tool)) ed.set_tool(kTools[i].tool);
    ui_target(kTools[i].label);
  }
  if (!ed.coast_choices().empty()) {
    ImGui::TextUnformatted(tr("Which coast?"));
    for (int i = 0; i < ed.coast_choices().size(); ++i) {
      OrderText coast;
      format_location(map, ed.coast_choices()[i], OrderStyle::Rulebook, coast);
      if (i) ImGui::SameLine();
      if (touch_button(coast.c_str())) ed.choose_coast(i);
    }
  }
  if (!ed.message().empty()) warning_text(ed.message());
  ImGui::Separator();
  ImGui::TextUnformatted(tr("In civil disorder:"));
  for (PowerId p = 0; p < map.power_count(); ++p) {
    bool on = (ed.civil_disorder() >> p) & 1u;
    const std::string label = std::string(power_name(map, p)) + "##cd";
    if (p != 0) same_line_if_fits(checkbox_width(label.c_str()));
    if (touch_checkbox(label.c_str(), &on)) ed.toggle_civil_disorder(p);
    ui_target(std::string(map.power(p).name) + " in civil disorder");
  }
}

// What becomes of the draft: applied to this game (an edit in its record),
// a new game from it, or nothing.
void GameMasterTools::draw_editor_end(GameSession& session, Modals& modals, double now) {
  const PositionEditor& ed = *editor_;
  Game& game = session.game();
  const float big = ImGui::GetFrameHeight() * 1.4f;
  ReasonText why;
  const bool valid = ed.valid(why);
  if (!valid) warning_text(text::format(tr("Not a position that can stand: %s"), why.c_str()));
  bool open = true;
  ImGui::BeginDisabled(!valid || !ed.dirty() || game.over());
  if (primary_button(tr("Apply to this game"), -1, big)) {
    if (game.apply_edit(ed.position(), ed.civil_disorder())) {
      std::printf("colonial: the game master edited the position\n");
      open = false;
      session.changed(now);
    } else {
      modals.notify(tr("The record is full: no more edits fit in this game."));
    }
  }
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!valid);
  if (open && touch_button(tr("New game from this position"), -1, big)) {
    open = false;
    session.restart_from(ed.position(), ed.civil_disorder(), now);
  }
  ImGui::EndDisabled();
  if (open && touch_button((std::string(tr("Cancel")) + "##editor").c_str(), -1, big)) open = false;
  if (!open) modals.close(ModalKind::Editor);
}

}  // namespace colonial
