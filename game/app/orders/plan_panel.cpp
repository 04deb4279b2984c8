// The order pad's "Plan retreats and builds" step (club house rules): the
// player's retreats and builds in advance, picked from the engine's planning
// choices (ConditionPlan), in a dialog over the panel.
#include <imgui.h>

#include <string>

#include "button_row.h"
#include "map.h"
#include "order_entry.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

namespace {

using text::tr;
using text::trc;
using text::trn;

// "PUN", "Disband", "A TON", "F ARB/NC", "Waive": what a choice button says.
std::string choice_label(const Map& map, const Order& o, bool with_unit) {
  OrderText where;
  switch (o.kind) {
    case OrderKind::Retreat: format_location(map, o.to, OrderStyle::Rulebook, where); return where.c_str();
    case OrderKind::Disband:
      if (!with_unit) return trc("action", "Disband");
      format_location(map, o.at, OrderStyle::Rulebook, where);
      return std::string(1, unit_letter(o.unit)) + " " + where.c_str();
    case OrderKind::Build:
      format_location(map, o.at, OrderStyle::Rulebook, where);
      return std::string(1, unit_letter(o.unit)) + " " + where.c_str();
    case OrderKind::Waive: return trc("action", "Waive");
    default: return "?";
  }
}

// A choice button numbered by its place in the plan: "1. PUN". `what`
// names it fully for scripted input ("A CAN retreat YUN").
bool choice_button(ButtonRow& row, const std::string& label, int rank, const std::string& id, const std::string& what) {
  const std::string text = (rank > 0 ? std::to_string(rank) + ". " : std::string()) + label + "##" + id;
  const bool pressed = row.button(text.c_str(), rank > 0);
  ui_target(what);
  return pressed;
}

}  // namespace

void OrderEntry::draw_plan_button(float button_h) {
  if (!plan_offered_ || !plan_.available()) return;
  const int n = plan_.planned();
  const std::string label =
      n == 0 ? std::string(tr("Plan retreats and builds")) : text::format(tr("Plan retreats and builds (%d)"), n);
  if (touch_button((label + "##plan").c_str(), -1.0f, button_h)) plan_requested_ = true;
  ui_target("Plan retreats and builds");
}

bool OrderEntry::draw_plan(const std::function<void()>& above) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  if (!begin_dialog("Plan retreats and builds", dialog_width(48, 0.96f), vp->Size.y * 0.88f, kTallDialogFlags)) {
    if (above) above();
    return true;
  }
  const float button_h = ImGui::GetFrameHeight() * 1.4f;
  ImGui::TextUnformatted(tr("Plan retreats and builds"));
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - 9.0f * ImGui::GetFontSize());
  const bool done = ImGui::Button((std::string(tr("Done planning")) + "##done planning").c_str(), ImVec2(-1.0f, 0.0f));
  ui_target("Done planning");
  ImGui::TextWrapped("%s",
                     tr("House rules: hand in your retreats and builds now, with your orders. After the moves they "
                        "are used if they fit (the first possible retreat of your list; the builds or disbands for "
                        "the number you are due); if none fits, you are asked as usual."));
  ReasonText why;
  if (!plan_.valid(why)) {
    ImGui::PushStyleColor(ImGuiCol_Text, kProblemColour);
    ImGui::TextWrapped("%s", why.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::BeginChild("plan", ImVec2(0.0f, -button_h - ImGui::GetStyle().ItemSpacing.y), false);
  draw_plan_choices(button_h);
  touch_scroll();
  ImGui::EndChild();
  if (ImGui::Button((std::string(tr("Clear the plan")) + "##clear plan").c_str(),
                    ImVec2(12.0f * ImGui::GetFontSize(), button_h)))
    plan_.clear();
  ui_target("Clear the plan");
  if (above) above();
  if (done) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return !done;
}

// The choices: each unit's retreats in order of preference, then the builds
// or disbands for each number that may be due.
void OrderEntry::draw_plan_choices(float button_h) {
  const Map& map = model_.map();
  if (ImGui::CollapsingHeader((std::string(tr("If dislodged: retreat to (in order)")) + "##retreats").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    for (int i = 0; i < plan_.unit_count(); ++i) {
      const ProvinceId p = plan_.unit(i);
      const Unit& u = model_.position().units[p];
      OrderText at;
      format_location(map, unit_location(map, p, u), OrderStyle::Rulebook, at);
      ImGui::Text("%c %s:", unit_letter(u.type), at.c_str());
      ImGui::PushID(p);
      ButtonRow row(button_h);
      const PlanOrders& choices = plan_.retreat_choices(p);
      for (int k = 0; k < choices.size(); ++k) {
        const Order o = choices[k];
        const std::string label = choice_label(map, o, false);
        const std::string what = std::string(1, unit_letter(u.type)) + " " + at.c_str() + " retreat " + label;
        if (choice_button(row, label, plan_.retreat_rank(p, o), std::to_string(k), what)) plan_.toggle_retreat(p, o);
      }
      ImGui::PopID();
    }
  }
  const AdjustmentChoices& adjust = plan_.adjustment_choices();
  for (const bool disband : {false, true}) {
    const int most = disband ? adjust.max_disbands : adjust.max_builds;
    if (most <= 0) continue;
    ImGui::PushID(disband ? "disbands" : "builds");
    if (ImGui::CollapsingHeader(
            (std::string(disband ? tr("If disbands are due") : tr("If builds are due")) + "##adjustments").c_str(),
            ImGuiTreeNodeFlags_DefaultOpen)) {
      const PlanOrders& choices = disband ? adjust.disbands : adjust.builds;
      for (int count = 1; count <= most; ++count) {
        ImGui::Text(disband ? trn("If %d disband:", "If %d disbands:", static_cast<unsigned long>(count))
                            : trn("If %d build:", "If %d builds:", static_cast<unsigned long>(count)),
                    count);
        ImGui::PushID(count);
        ButtonRow row(button_h);
        for (int k = 0; k < choices.size(); ++k) {
          const Order o = choices[k];
          const std::string label = choice_label(map, o, true);
          const std::string what = "If " + std::to_string(count) + (disband ? " disband: " : " build: ") + label;
          if (choice_button(row, label, plan_.adjustment_rank(disband, count, o), std::to_string(k), what))
            plan_.toggle_adjustment(disband, count, o);
        }
        ImGui::PopID();
      }
    }
    ImGui::PopID();
  }
}

}  // namespace colonial
