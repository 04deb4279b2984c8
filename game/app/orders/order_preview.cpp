#include "order_preview.h"

#include <imgui.h>

#include "touch_ui.h"
#include "translate.h"

namespace colonial {

using text::tr;

OrderPreview::OrderPreview() = default;
OrderPreview::~OrderPreview() = default;

bool OrderPreview::show(const Map& map, const Position& position, PowerId p, const OrderList& orders) {
  if (position.phase.kind != PhaseKind::Movement) return false;
  if (made_.valid && made_.power == p && made_.guess == guess_ && made_.orders == orders && made_.position == position)
    return true;
  if (!bot_) bot_ = std::make_unique<Bot>();
  made_.valid = false;
  if (!bot_->preview(map, position, p, orders, guess_, after_, results_)) return false;
  made_ = {true, position, p, guess_, orders};
  ++made_count_;
  return true;
}

bool OrderPreview::showing(const Position& position, PowerId p) const {
  return on_ && made_.valid && made_.power == p && made_.position == position;
}

void OrderPreview::draw_controls() {
  touch_checkbox((std::string(tr("Preview (a guess)")) + "##preview").c_str(), &on_);
  ui_target("Preview");
  if (!on_) return;
  // TRANSLATORS: what the other powers' units do in the preview: "Others: hold / as the computer guesses".
  ImGui::TextDisabled("%s", tr("Others:"));
  ImGui::SameLine();
  if (touch_radio((std::string(text::trc("preview", "hold")) + "##others hold").c_str(),
                  guess_ == PreviewGuess::OthersHold))
    guess_ = PreviewGuess::OthersHold;
  ui_target("Preview: others hold");
  ImGui::SameLine();
  if (touch_radio((std::string(tr("as the computer guesses")) + "##computer guess").c_str(),
                  guess_ == PreviewGuess::ComputerGuess))
    guess_ = PreviewGuess::ComputerGuess;
  ui_target("Preview: computer's guess");
}

void OrderPreview::draw_label(float x, float y, float w) const {
  const char* text = made_.guess == PreviewGuess::OthersHold
                         ? tr("PREVIEW - a guess: your orders if every other unit holds")
                         : tr("PREVIEW - a guess: your orders against the computer's guess of the others");
  const ImVec2 size = ImGui::CalcTextSize(text);
  const float pad = ImGui::GetFontSize() * 0.5f;
  const ImVec2 at(x + (w - size.x) * 0.5f, y + pad);
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  dl->AddRectFilled(ImVec2(at.x - pad, at.y - pad * 0.5f), ImVec2(at.x + size.x + pad, at.y + size.y + pad * 0.5f),
                    IM_COL32(120, 60, 0, 230), pad * 0.5f);
  dl->AddText(at, IM_COL32(255, 240, 200, 255), text);
}

}  // namespace colonial
