// The kiosk left alone. After idle_minutes without input (a staff setting,
// --idle-minutes; 10 by default) the attract view covers the screen: the
// game at this table, its last results, "tap to play"; after as long again
// it dims. An orders screen left open goes back behind its hand-off card
// first, so the attract view never shows pending orders and whoever comes
// next must reveal them again. Staff mode locks itself after five minutes.
// With several tables the attract view lists them all. At start, a saved
// game untouched for archive_days (--archive-days; 14) is archived beside
// the autosave, never deleted (persist/tables.h).
#include <imgui.h>

#include <cstdio>
#include <ctime>
#include <string>

#include "app.h"
#include "report.h"
#include "touch_ui.h"

namespace colonial {

void App::check_idle() {
  if (!options_.kiosk || options_.idle_minutes <= 0 || idle_) return;
  if (now() - last_input_ < options_.idle_minutes * 60) return;
  idle_ = true;
  flow_.cover();
  help_open_ = false;
  menu_open_ = false;
  close_menu_ = true;
  if (pin_pad_ == PinPad::Unlock) pin_pad_ = PinPad::Closed;
  pin_entry_.clear();
  lock_staff("the kiosk is idle");
  // The tables as they stand now, for the attract view's list.
  if (tables_) read_tables();
  std::printf("colonial: idle: the attract view after %g minutes without input\n", options_.idle_minutes);
}

void App::draw_attract() {
  if (!idle_) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // Dimmer once it has waited as long again.
  const bool dim = now() - last_input_ >= options_.idle_minutes * 120;
  // A modal popup over the whole screen: above every panel, and no tap
  // reaches what is under it.
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  ImGui::SetNextWindowBgAlpha(dim ? 0.97f : 0.9f);
  ImGui::OpenPopup("attract");
  if (!ImGui::BeginPopupModal(
          "attract", nullptr,
          ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings))
    return;
  const float alpha = dim ? 0.45f : 1.0f;
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, alpha);
  const float margin = vp->Size.x * 0.12f;
  ImGui::SetCursorPos(ImVec2(margin, vp->Size.y * 0.16f));
  ImGui::SetWindowFontScale(2.2f);
  ImGui::TextUnformatted("Colonial Diplomacy");
  ImGui::Indent(margin);
  ImGui::SetWindowFontScale(1.2f);
  if (table_list_.size() > 1) {
    // A club's several tables: each game's phase and who it waits for.
    ImGui::TextUnformatted("The games at this kiosk:");
    ImGui::SetWindowFontScale(1.0f);
    for (const TableSummary& t : table_list_) {
      ImGui::Spacing();
      if (t.damaged)
        ImGui::TextWrapped("%s: damaged (the club's staff will see to it)", t.name.c_str());
      else if (t.over)
        ImGui::TextWrapped("%s: game over. %s", t.name.c_str(), t.result.c_str());
      else
        ImGui::TextWrapped("%s: %s%s%s", t.name.c_str(), t.phase.c_str(), t.waiting.empty() ? "" : ", waiting for ",
                           t.waiting.c_str());
    }
  } else if (flow_.attached()) {
    PhaseText phase;
    format_phase(game_->phase(), phase);
    ImGui::Text("The game at this table: %s", phase.c_str());
    std::string waiting;
    for (PowerId p = 0; p < map_->power_count(); ++p)
      if ((flow_.waiting() >> p) & 1u) waiting += std::string(waiting.empty() ? "" : ", ") + map_->power(p).name;
    if (!waiting.empty()) ImGui::TextWrapped("Waiting for: %s", waiting.c_str());
    // The last phase played (never the orders being given now).
    for (int i = game_->history_size() - 1; i >= 0; --i) {
      const PhaseRecord& r = game_->history(i);
      if (r.edit) continue;
      ImGui::SetWindowFontScale(1.0f);
      ImGui::Spacing();
      ImGui::TextUnformatted("Last results:");
      int shown = 0;
      for (const OrderResult& result : r.results.results) {
        if (shown == 6) break;
        SentenceText sentence;
        describe_result_sentence(*map_, r.position, result, sentence);
        if (sentence.empty()) continue;
        ImGui::TextWrapped("  %s", sentence.c_str());
        ++shown;
      }
      break;
    }
  } else {
    ImGui::TextUnformatted("No game is open at this table yet.");
  }
  ImGui::Unindent(margin);
  ImGui::SetWindowFontScale(1.6f);
  const char* tap = "Tap anywhere to play";
  ImGui::SetCursorPos(ImVec2((vp->Size.x - ImGui::CalcTextSize(tap).x) * 0.5f, vp->Size.y * 0.8f));
  ImGui::TextUnformatted(tap);
  ui_target("Tap anywhere to play");
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopStyleVar();
  ImGui::EndPopup();
}

}  // namespace colonial
