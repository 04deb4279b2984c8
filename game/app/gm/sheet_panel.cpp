// The order sheet (game master, companion mode): a whole power's orders, or
// everyone's, typed or pasted as text in any notation the parser reads.
// Each line is read as it is typed, with its error and the parser's "did you
// mean" beside it; the good lines are drawn on the board at once, a unit
// without an order as a hold. Nothing is handed in until the game master
// accepts: then the good lines count and the bad ones are left out.
#include <imgui.h>

#include <cstdio>
#include <string>

#include "gm_tools.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

namespace {

// A sheet of up to 32 KB of text (several hundred lines).
constexpr std::size_t kSheetCapacity = 32 * 1024;

// What a good line of the sheet was read as.
std::string line_text(const Map& map, const OrderSheet& sheet, const SheetLine& line) {
  std::string what;
  switch (line.kind) {
    case SheetLineKind::Orders:
      for (int k = 0; k < line.order_count; ++k) {
        OrderText t;
        format_order_with_power(map, sheet.orders[line.first_order + k], OrderStyle::Rulebook, t);
        what += (k ? ", " : "") + std::string(t.view());
      }
      break;
    // TRANSLATORS: a power's name, then DRAW or SURRENDER as typed (notation).
    case SheetLineKind::Draw:
      what = text::format(text::tr("%s: DRAW"), std::string(power_name(map, line.power)).c_str());
      break;
    case SheetLineKind::Surrender:
      what = text::format(text::tr("%s: SURRENDER"), std::string(power_name(map, line.power)).c_str());
      break;
    case SheetLineKind::Conditional:
      what = text::format(text::tr("%s: a conditional"), std::string(power_name(map, line.power)).c_str());
      break;
    default: break;
  }
  return what;
}

}  // namespace

void GameMasterTools::draw_sheet(GameSession& session, Modals& modals, const Layout& layout, double now,
                                 const Above& above) {
  if (!session.flow().attached()) {
    modals.close(ModalKind::OrderSheet);
    above();
    return;
  }
  if (!sheet_) sheet_ = std::make_unique<OrderSheet>();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // Over the panel, leaving the board to show the orders as they are read.
  const float w = std::min(vp->Size.x * 0.96f, std::max(layout.panel.w, 34.0f * ImGui::GetFontSize()));
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x - w - 4.0f, layout.top_bar.h + 4.0f));
  ImGui::SetNextWindowSize(ImVec2(w, vp->Size.y - layout.top_bar.h - 8.0f));
  ImGui::Begin("Order sheet", nullptr, kTallDialogFlags | ImGuiWindowFlags_NoCollapse);
  ImGui::TextUnformatted(text::tr("Order sheet"));
  // TRANSLATORS: the example is what the parser reads: keep "Britain: F HK S A TON-CAN" as it is.
  ImGui::TextWrapped("%s",
                     text::tr("Type or paste orders, one or several a line, \"Power: order\" (\"Britain: F HK S A "
                              "TON-CAN\"). Each line is checked as you type; the good ones are on the board."));
  if (sheet_text_.size() != kSheetCapacity) sheet_text_.assign(kSheetCapacity, '\0');
  const float box_h = ImGui::GetTextLineHeightWithSpacing() * 9.0f;
  const bool changed = ImGui::InputTextMultiline("##sheet", sheet_text_.data(), kSheetCapacity, ImVec2(-1.0f, box_h));
  ui_target("order sheet");
  if (changed || ImGui::IsWindowAppearing()) read_sheet(session);
  int good = 0;
  ImGui::BeginChild("sheet lines", ImVec2(0.0f, -ImGui::GetFrameHeight() * 1.7f), true);
  draw_sheet_lines(session.map(), good);
  touch_scroll();
  ImGui::EndChild();
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
  if (touch_button((std::string(text::tr("Cancel")) + "##sheet").c_str(), half, ImGui::GetFrameHeight() * 1.4f))
    modals.close(ModalKind::OrderSheet);
  ImGui::SameLine();
  ImGui::BeginDisabled(good == 0);
  const std::string accept =
      text::format(sheet_->errors ? text::trn("Accept %d line, leave out the bad", "Accept %d lines, leave out the bad",
                                              static_cast<unsigned long>(good))
                                  : text::trn("Accept %d line", "Accept %d lines", static_cast<unsigned long>(good)),
                   good);
  if (primary_button((accept + "##accept").c_str(), -1, ImGui::GetFrameHeight() * 1.4f))
    accept_sheet(session, modals, now);
  ui_target("Accept");
  ImGui::EndDisabled();
  ImGui::End();
  above();
}

// The sheet read again, and drawn on the board: its orders, and a hold for
// every unit of a power on the sheet that has none.
void GameMasterTools::read_sheet(const GameSession& session) {
  const Map& map = session.map();
  const Game& game = session.game();
  read_order_sheet(map, game.position(), kNoPower, std::string_view(sheet_text_.c_str()), *sheet_);
  sheet_board_ = sheet_->orders;
  if (game.phase().kind != PhaseKind::Movement) return;
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const Unit& u = game.position().units[p];
    if (!u.present() || !((sheet_->powers >> u.power) & 1u)) continue;
    bool ordered = false;
    for (const Order& o : sheet_->orders)
      ordered |= o.kind != OrderKind::CanalPermit && o.at < map.location_count() && map.province_of(o.at) == p;
    if (ordered) continue;
    Order hold;
    hold.kind = OrderKind::Hold;
    hold.power = u.power;
    hold.unit = u.type;
    hold.at = unit_location(map, p, u);
    sheet_board_.push_back(hold);
  }
}

// Line by line: what was read, or what is wrong. `good` counts the lines
// that can be taken.
void GameMasterTools::draw_sheet_lines(const Map& map, int& good) {
  for (int i = 0; i < sheet_->lines.size(); ++i) {
    const SheetLine& line = sheet_->lines[i];
    if (line.kind == SheetLineKind::Blank) continue;
    if (line.kind == SheetLineKind::Error) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.45f, 1.0f));
      ImGui::TextWrapped(text::tr("line %d: %s"), i + 1, line.error.message.c_str());
      ImGui::PopStyleColor();
      continue;
    }
    ++good;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.6f, 0.95f, 0.6f, 1.0f));
    ImGui::TextWrapped(text::tr("line %d: %s"), i + 1, line_text(map, *sheet_, line).c_str());
    ImGui::PopStyleColor();
    if (line.warning != VoidReason::None) {
      ReasonText why;
      describe_void(map, sheet_->orders[line.warning_order], line.warning, why);
      ImGui::TextDisabled(text::tr("  impossible, the unit will hold: %s"), why.c_str());
    }
  }
  if (sheet_->too_long)
    ImGui::TextWrapped("%s", text::tr("The sheet is longer than one phase can take: the rest is not read."));
}

// The good lines handed in, each power on the sheet marked done.
void GameMasterTools::accept_sheet(GameSession& session, Modals& modals, double now) {
  const Map& map = session.map();
  Game& game = session.game();
  std::string who, shown;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (!((sheet_->powers >> p) & 1u)) continue;
    OrderList mine;
    ConditionList planned;
    sheet_->orders_of(p, mine);
    sheet_->conditions_of(p, planned);
    if (!game.submit(p, mine)) continue;
    game.vote_draw(p, (sheet_->draw >> p) & 1u);
    game.hand_in_surrender(p, (sheet_->surrender >> p) & 1u);
    if (game.phase().kind == PhaseKind::Movement) game.submit_conditions(p, planned);
    session.restart_pad(p);
    session.flow().set_done(p, true);
    who += (who.empty() ? "" : ", ") + std::string(map.power(p).name);
    shown += (shown.empty() ? "" : ", ") + std::string(power_name(map, p));
  }
  std::printf("colonial: order sheet accepted for %s (%d line(s) left out)\n", who.c_str(), sheet_->errors);
  std::string notice = text::format(text::tr("Orders taken for %s."), shown.c_str());
  if (sheet_->errors)
    notice += ' ' + text::format(text::trn("%d line with errors was left out.", "%d lines with errors were left out.",
                                           static_cast<unsigned long>(sheet_->errors)),
                                 sheet_->errors);
  modals.close(ModalKind::OrderSheet);
  modals.notify(notice);
  sheet_text_.assign(kSheetCapacity, '\0');
  session.save(now);
}

}  // namespace colonial
