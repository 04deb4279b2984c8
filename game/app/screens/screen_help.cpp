// The rules help: a short summary of the orders and of the rules the game
// plays (the Colonial rules 9.1-9.3 that are on, Era of Empire's when its
// options are), then every control, printed from the table of controls
// (input/controls.h). Reachable from the orders screen's "Rules" button and
// the Help binding. Written for this app from the 1995 rulebook and its
// errata; it summarises, the rulebook decides.
#include <imgui.h>

#include "app.h"
#include "controls.h"
#include "rules_text.h"
#include "touch_ui.h"
#include "translate.h"
#include "window.h"

namespace colonial {

using text::format;
using text::tr;
using text::trc;

namespace {

void section(std::string_view title, std::string_view body) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.86f, 0.45f, 1.0f));
  ImGui::TextUnformatted(title.data(), title.data() + title.size());
  ImGui::PopStyleColor();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(body.data(), body.data() + body.size());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
}

// Every control, by place, from the table the input code reads; the gamepad
// column names the buttons as printed on the pad in hand.
void draw_controls_table(const platform::Window::GamepadInHand& pad) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.86f, 0.45f, 1.0f));
  ImGui::TextUnformatted(tr("Controls"));
  ImGui::PopStyleColor();
  if (!pad.name.empty()) ImGui::TextDisabled(tr("Gamepad: %s (buttons as printed on it)"), pad.name.c_str());
  ControlRow rows[kMaxControlRows];
  const int n = control_rows(rows, kMaxControlRows, pad.faces, text::trc);
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("controls", 4, kFlags)) return;
  ImGui::TableSetupColumn(tr("Action"), ImGuiTableColumnFlags_WidthStretch, 3.0f);
  ImGui::TableSetupColumn(tr("Keyboard"), ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn(tr("Gamepad"), ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn(tr("Mouse and touch"), ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableHeadersRow();
  for (int i = 0; i < n; ++i) {
    const ControlRow& r = rows[i];
    if (i == 0 || r.place != rows[i - 1].place) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextDisabled("%s", trc("controls", place_name(r.place).data()));
    }
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextWrapped("%s", trc("controls", action_name(r.action).data()));
    ImGui::TableSetColumnIndex(1);
    ImGui::TextWrapped("%s", r.keyboard.c_str());
    ImGui::TableSetColumnIndex(2);
    ImGui::TextWrapped("%s", r.gamepad.c_str());
    ImGui::TableSetColumnIndex(3);
    ImGui::TextWrapped("%s", r.pointer.c_str());
  }
  ImGui::EndTable();
}

}  // namespace

void App::draw_help(const Modals::Above& above) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  if (!begin_dialog("Rules", dialog_width(46, 0.92f), vp->Size.y * 0.86f, kTallDialogFlags)) {
    above();
    return;
  }
  const bool close = dialog_title(tr("Rules in brief"), (std::string(tr("Close")) + "##help").c_str());
  ImGui::BeginChild("help text", ImVec2(0, 0), false);
  // The game's own rules, from the engine (in the language in use): its Era
  // of Empire options bring that rulebook's summary in place of the 1995
  // adjustments; 9.1-9.3 only where played.
  const GameSettings& settings = session_.game().settings();
  RulesSections sections;
  rules_sections(settings, sections);
  for (const RulesSection& s : sections) section(s.title, s.body);
  // How the club scores the game and when it ends, when it was set up so.
  if (settings.scored) {
    const ScoringSystemInfo& info = scoring_system_info(settings.scoring);
    // TRANSLATORS: %s is a scoring system's name ("Carnage").
    section(format(tr("Scoring: %s"), trc("scoring", info.label.data())), tr(info.description.data()));
  }
  if (settings.secret_end_year > 0)
    section(tr("Secret end year"),
            format(tr("The game ends after a year drawn at the start between %d and %d, as at a turn limit; nobody "
                      "is shown which until it is reached."),
                   settings.secret_end_first, settings.secret_end_last));
  section(tr("Entering orders here"),
          tr("Tap one of your units, then where it should go: the board highlights only the places it may reach. "
             "For a support or a convoy pick the button first, then the other unit, then its destination. A long "
             "press (or a right click) on a unit orders it to hold. The sentence bar shows the order as it grows; "
             "Back undoes a step, Undo the last order. You may also type orders in judge notation "
             "(F HK S F GOS-SCS). Press Done when your orders are complete: until then you may change anything."));
  ImGui::TextDisabled("%s", plays_era_of_empire(settings)
                                ? tr("A summary written for this app; the rulebooks of Colonial Diplomacy "
                                     "(1995) and Diplomacy: Era of Empire (2025) decide.")
                                : tr("A summary written for this app; the Colonial Diplomacy rulebook "
                                     "(1995) and its errata decide."));
  ImGui::Spacing();
  draw_controls_table(window_.gamepad_in_hand());
  touch_scroll();
  nav_scroll();
  ImGui::EndChild();
  if (close) modals_.close(ModalKind::Help);
  above();
  if (close) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace colonial
