#include "order_entry.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "board_view.h"
#include "button_row.h"
#include "canvas.h"
#include "controls.h"
#include "game.h"
#include "input.h"
#include "map.h"
#include "translate.h"
#include "ui_targets.h"

namespace colonial {
namespace {

using platform::InputType;
using text::tr;
using text::trc;

// The order being entered, in type larger than the panel's; never smaller
// than this where it is made to fit.
constexpr float kSentenceScale = 1.3f;
constexpr float kSmallestSentenceScale = 0.8f;

const char* coast_name(Coast c) {
  switch (c) {
    case Coast::North: return tr("North coast");
    case Coast::South: return tr("South coast");
    case Coast::East: return tr("East coast");
    case Coast::West: return tr("West coast");
    case Coast::None: break;
  }
  return tr("Coast");
}

// The action buttons' words; the model keeps the English ones, which the
// scripts press whatever the language.
const char* action_word(std::string_view english) {
  static constexpr const char* kWords[] = {
      NC_("action", "Hold"),       NC_("action", "Move"),        NC_("action", "Support"), NC_("action", "Convoy"),
      NC_("action", "TSR"),        NC_("action", "Canal"),       NC_("action", "Retreat"), NC_("action", "Disband"),
      NC_("action", "Build army"), NC_("action", "Build fleet"), NC_("action", "Waive")};
  for (const char* word : kWords)
    if (english == word) return trc("action", word);
  return nullptr;
}

}  // namespace

void OrderEntry::begin(const Game& game, PowerId power) {
  model_.begin(game, power);
  plan_.begin(game, power);
  plan_requested_ = false;
  typed_[0] = '\0';
  cursor_shown_ = false;
}

void OrderEntry::tap_province(ProvinceId p, bool long_press) {
  cursor_shown_ = false;
  model_.tap(p, long_press);
}

void OrderEntry::tap_at(const BoardView& view, platform::PointF at, bool long_press) {
  ProvinceSet wanted = model_.targets();
  if (model_.selected() != kNoProvince) wanted.set(model_.selected());
  if (model_.other() != kNoProvince) wanted.set(model_.other());
  tap_province(view.pick(at, &wanted), long_press);
}

void OrderEntry::cursor_move(float dx, float dy, const BoardView& view) {
  if (!model_.started()) return;
  const Map& map = model_.map();
  const Position& pos = model_.position();
  ScreenPoint points[kMaxProvinces];
  const int n = map.province_count();
  for (int i = 0; i < n; ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const LocationId at = pos.units[p].present() ? unit_location(map, p, pos.units[p]) : p;
    const platform::PointF s = view.screen_point(at);
    points[i] = {s.x, s.y, true};
  }
  cursor_shown_ = true;
  model_.cursor_move(dx, dy, points, n);
}

void OrderEntry::cursor_activate() {
  if (model_.cursor() == kNoProvince) return;
  model_.cursor_activate();
}

void OrderEntry::back() { model_.back(); }

void OrderEntry::set_panel_rect(float x, float y, float w, float h) {
  panel_x_ = x;
  panel_y_ = y;
  panel_w_ = w;
  panel_h_ = h;
}

bool OrderEntry::handle_event(const platform::InputEvent& e, const BoardView& view) {
  if (!model_.started()) return false;
  if (e.type == InputType::KeyDown && e.ui_captured) return false;  // typing in the order box
  auto choose = [&](EntryAction a) {
    if (!model_.available(a)) return false;
    model_.choose(a);
    return true;
  };
  Action action = action_for(e, Place::Orders);
  // Esc and B close dialogs anywhere; in the pad they step back.
  if (action == Action::None && action_for(e, Place::Anywhere) == Action::BackOrClose) action = Action::StepBack;
  const bool pad = e.type == InputType::GamepadButtonDown;
  switch (action) {
    case Action::CursorLeft: cursor_move(-1, 0, view); return true;
    case Action::CursorRight: cursor_move(1, 0, view); return true;
    case Action::CursorUp: cursor_move(0, -1, view); return true;
    case Action::CursorDown: cursor_move(0, 1, view); return true;
    case Action::Choose:
      if (model_.cursor() == kNoProvince) {
        if (!pad) return false;   // Enter and Space are the panel's until the cursor shows
        cursor_move(1, 0, view);  // the first press of A shows the cursor
        return true;
      }
      cursor_activate();
      return true;
    case Action::HoldShortcut:
      if (model_.cursor() == kNoProvince) return false;
      model_.tap(model_.cursor(), true);
      return true;
    case Action::StepBack: return model_.back();
    case Action::Undo: return model_.undo();
    case Action::NextAction:
    case Action::PreviousAction:
      if (!pad && model_.step() == EntryStep::Idle) return false;  // Tab moves through the panel then
      model_.cycle(action == Action::NextAction ? 1 : -1);
      return true;
    case Action::OrderHold: return choose(EntryAction::Hold);
    case Action::OrderMove: return choose(EntryAction::Move);
    case Action::OrderSupport: return choose(EntryAction::Support);
    case Action::OrderConvoy: return choose(EntryAction::Convoy);
    case Action::OrderRailroad: return choose(EntryAction::Rail);
    case Action::OrderCanalPermit: return choose(EntryAction::CanalPermit);
    case Action::OrderRetreat: return choose(EntryAction::Retreat);
    case Action::OrderDisband: return choose(EntryAction::Disband);
    case Action::BuildArmy: return choose(EntryAction::BuildArmy);
    case Action::BuildFleet: return choose(EntryAction::BuildFleet);
    case Action::Waive: return choose(EntryAction::Waive);
    case Action::Coast1:
    case Action::Coast2:
    case Action::Coast3:
    case Action::Coast4: {
      const int i = static_cast<int>(action) - static_cast<int>(Action::Coast1);
      if (model_.step() != EntryStep::Coast || i >= model_.coast_choices().size()) return false;
      model_.choose_coast(i);
      return true;
    }
    default: return false;
  }
}

// ---------------------------------------------------------------------------
// The board

void OrderEntry::apply_highlights(BoardView& view) const {
  view.clear_highlights();
  if (!model_.started()) return;
  view.set_selected(model_.selected());
  ProvinceSet targets = model_.targets();
  if (model_.other() != kNoProvince) targets.set(model_.other());
  if (model_.step() == EntryStep::Idle) {
    if (!targets.empty()) view.set_targets(targets, false);
    return;
  }
  view.set_targets(targets, true);
}

void OrderEntry::draw_cursor(platform::Canvas& canvas, const BoardView& view) const {
  const ProvinceId p = model_.cursor();
  if (!cursor_shown_ || p == kNoProvince || !model_.started()) return;
  const Position& pos = model_.position();
  const LocationId at = pos.units[p].present() ? unit_location(model_.map(), p, pos.units[p]) : p;
  const platform::PointF c = view.screen_point(at);
  const float r = view.unit_size() * 0.9f;
  const float w = std::max(2.0f, r * 0.14f);
  constexpr int kSegments = 32;
  constexpr float kTwoPi = 6.2831853f;
  // A dark ring under a light one: visible on every province colour.
  for (int pass = 0; pass < 2; ++pass) {
    const float radius = pass == 0 ? r + w * 0.6f : r;
    const platform::Color colour = pass == 0 ? platform::Color{20, 20, 28, 220} : platform::Color{255, 236, 140, 255};
    const float width = pass == 0 ? w * 2.2f : w;
    for (int i = 0; i < kSegments; ++i) {
      const float a0 = kTwoPi * static_cast<float>(i) / kSegments;
      const float a1 = kTwoPi * static_cast<float>(i + 1) / kSegments;
      canvas.line({c.x + radius * std::cos(a0), c.y + radius * std::sin(a0)},
                  {c.x + radius * std::cos(a1), c.y + radius * std::sin(a1)}, width, colour);
    }
  }
}

// ---------------------------------------------------------------------------
// The panel

void OrderEntry::draw_panel() {
  const ImGuiIO& io = ImGui::GetIO();
  const float margin = ImGui::GetStyle().WindowPadding.x;
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoSavedSettings;
  if (panel_w_ > 0) {
    ImGui::SetNextWindowPos(ImVec2(panel_x_, panel_y_), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(panel_w_, panel_h_), ImGuiCond_Always);
    flags |= ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize;
  } else {
    // Floating at the right, about 24 characters wide, at most half the display.
    const float w = std::min(ImGui::GetFontSize() * 24.0f, io.DisplaySize.x * 0.5f);
    const float h = std::max(io.DisplaySize.y - 2.0f * margin, ImGui::GetFrameHeight() * 8.0f);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - w - margin, margin), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_FirstUseEver);
  }
  EntryText title;
  if (model_.started() && model_.power() < model_.map().power_count()) {
    // TRANSLATORS: the floating order pad's title; %s is a power's name.
    title.append(text::format(tr("%s: orders"), std::string(power_name(model_.map(), model_.power())).c_str()));
  } else {
    title.append(tr("Orders"));
  }
  title.append("###order_entry");
  collapsed_ = !ImGui::Begin(title.c_str(), nullptr, flags);
  if (!collapsed_) draw_panel_contents();
  ImGui::End();
}

void OrderEntry::draw_panel_contents() {
  if (!model_.started()) {
    ImGui::TextWrapped("%s", tr("No game."));
    return;
  }
  // Hit areas sized for fingers: half again the ImGui frame height.
  const float touch_h = ImGui::GetFrameHeight() * 1.5f;
  PhaseText phase;
  describe_phase(model_.position().phase, phase);
  ImGui::TextUnformatted(phase.c_str());
  EntryText adjust;
  model_.adjustment_title(adjust);
  if (!adjust.empty()) {
    ImGui::SameLine();
    // TRANSLATORS: the adjustments due ("Build 2"), then how many are not entered yet.
    ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram), tr("%s (%d left)"), adjust.c_str(),
                       model_.adjustments_left());
  }
  draw_sentence();
  draw_actions(touch_h);
  draw_typed_box(touch_h);
  draw_plan_button(touch_h);
  ImGui::Separator();
  draw_order_list(touch_h);
}

void OrderEntry::draw_sentence() {
  EntryText sentence, hint;
  model_.sentence(sentence);
  model_.hint(hint);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("sentence", ImVec2(0.0f, line * 1.4f + ImGui::GetStyle().WindowPadding.y * 2.0f), true,
                    ImGuiWindowFlags_NoScrollbar);
  // Large type, made smaller where a long order would be cut off (a support
  // of another power's unit on a handheld's narrow panel); "(entered)" only
  // where it fits beside it.
  ImGui::SetWindowFontScale(kSentenceScale);
  const char* shown = sentence.empty() ? "..." : sentence.c_str();
  const float room = ImGui::GetContentRegionAvail().x;
  const float width = ImGui::CalcTextSize(shown).x;
  if (width > room && width > 0.0f)
    ImGui::SetWindowFontScale(std::max(kSmallestSentenceScale, kSentenceScale * room / width));
  if (sentence.empty()) {
    ImGui::TextDisabled("...");
  } else {
    ImGui::TextUnformatted(shown);
    const float left = room - ImGui::CalcTextSize(shown).x - ImGui::GetStyle().ItemSpacing.x;
    if (model_.step() == EntryStep::Idle && ImGui::CalcTextSize("(entered)").x <= left) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", tr("(entered)"));
    }
  }
  ImGui::SetWindowFontScale(1.0f);
  ImGui::EndChild();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", hint.c_str());
  ImGui::PopStyleColor();
  if (!model_.message().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kProblemColour);
    ImGui::TextWrapped("%.*s", static_cast<int>(model_.message().size()), model_.message().data());
    ImGui::PopStyleColor();
  }
}

// When a unit is chosen (or its step moves on), its action buttons are
// scrolled into the panel's view once: on a 480x320 screen they start below
// the fold. The player may scroll away afterwards.
void OrderEntry::scroll_actions_into_view() {
  if (model_.selected() == actions_shown_for_ && model_.step() == actions_shown_step_) return;
  actions_shown_for_ = model_.selected();
  actions_shown_step_ = model_.step();
  const float top = ImGui::GetWindowPos().y;
  const float bottom = top + ImGui::GetWindowHeight();
  if (ImGui::GetItemRectMax().y > bottom || ImGui::GetItemRectMin().y < top) ImGui::SetScrollHereY(1.0f);
}

void OrderEntry::draw_actions(float button_h) {
  EntryAction actions[8];
  const int n = model_.actions(actions, 8);
  if (n > 0) {
    ButtonRow row(button_h);
    for (int i = 0; i < n; ++i) {
      const EntryAction a = actions[i];
      EntryText label;
      const std::string_view english = model_.action_text(a);
      const char* word = action_word(english);
      label.append(word ? std::string_view(word) : english);
      label.append("##action");
      // A button for the action that is the current mode shows as pressed.
      const bool mode = model_.step() != EntryStep::Idle && model_.action() == a;
      if (row.button(label.c_str(), mode)) model_.choose(a);
      ui_target(english);
    }
    scroll_actions_into_view();
  }
  if (model_.via_convoy_matters()) {
    bool via = model_.via_convoy();
    if (ImGui::Checkbox(tr("By convoy where it could also walk"), &via)) model_.set_via_convoy(via);
    ui_target("By convoy");
  }
  if (model_.step() == EntryStep::Other && model_.action() == EntryAction::Support &&
      model_.targets().test(model_.other())) {
    ButtonRow row(button_h);
    if (row.button(tr("Support to hold"))) model_.tap(model_.other(), false);
  }
  if (model_.step() == EntryStep::Coast) {
    ButtonRow row(button_h);
    const FixedVector<Order, 4>& coasts = model_.coast_choices();
    for (int i = 0; i < coasts.size(); ++i) {
      const Order& o = coasts[i];
      const LocationId l = o.kind == OrderKind::Build ? o.at : o.to;
      EntryText label;
      label.append(coast_name(model_.map().coast_of(l)));
      label.append("##coast");
      label.append_int(i);
      if (row.button(label.c_str(), i == model_.coast_pick())) model_.choose_coast(i);
    }
  }
  // Cancel and Undo are always there; greyed when there is nothing to do.
  ButtonRow row(button_h);
  ImGui::BeginDisabled(model_.step() == EntryStep::Idle);
  if (row.button(tr("Cancel"))) model_.cancel();
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!model_.can_undo());
  if (row.button(tr("Undo"))) model_.undo();
  ImGui::EndDisabled();
}

void OrderEntry::draw_typed_box(float button_h) {
  const float enter_w = std::max(
      ImGui::CalcTextSize(trc("typed order", "Enter")).x + ImGui::GetStyle().FramePadding.x * 2.0f, button_h * 1.6f);
  ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - enter_w - ImGui::GetStyle().ItemSpacing.x,
                                   ImGui::GetFontSize() * 6.0f));
  if (refocus_typed_) {
    ImGui::SetKeyboardFocusHere();
    refocus_typed_ = false;
  }
  bool submit = ImGui::InputTextWithHint("##typed", tr("Type an order: F HK - SCS"), typed_, sizeof typed_,
                                         ImGuiInputTextFlags_EnterReturnsTrue);
  ui_target("Type an order");
  if (submit) refocus_typed_ = true;  // keep typing after Enter
  ImGui::SameLine();
  // TRANSLATORS: the button that enters the typed order.
  submit =
      ImGui::Button((std::string(trc("typed order", "Enter")) + "##typed").c_str(), ImVec2(enter_w, 0.0f)) || submit;
  ui_target("Enter");
  if (submit && typed_[0] != '\0' && model_.type_orders(typed_)) typed_[0] = '\0';
}

bool OrderEntry::enter_typed() {
  if (typed_[0] == '\0') return true;
  if (!model_.type_orders(typed_)) return false;
  typed_[0] = '\0';
  return true;
}

void OrderEntry::draw_order_list(float row_h) {
  ImGui::TextUnformatted(tr("Your orders"));
  ImGui::BeginChild("orders", ImVec2(0.0f, 0.0f), false);
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* delete_label = tr("Delete");
  const float delete_w = std::max(ImGui::CalcTextSize(delete_label).x + style.FramePadding.x * 2.0f, row_h * 1.6f);
  ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0.0f, 0.5f));
  for (int i = 0; i < model_.row_count(); ++i) {
    const EntryRow& r = model_.row(i);
    EntryText text;
    model_.row_text(i, text);
    ImGui::PushID(i);
    const bool editable = r.unit != kNoProvince;
    const float text_w = ImGui::GetContentRegionAvail().x - (r.implicit ? 0.0f : delete_w + style.ItemSpacing.x);
    if (r.implicit) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (r.problem != VoidReason::None) ImGui::PushStyleColor(ImGuiCol_Text, kProblemColour);
    const bool selected = editable && r.unit == model_.selected();
    if (ImGui::Selectable(text.c_str(), selected, editable ? 0 : ImGuiSelectableFlags_Disabled,
                          ImVec2(std::max(text_w, 1.0f), row_h)) &&
        editable)
      model_.edit(r.unit);
    ui_target(text.view());
    if (r.problem != VoidReason::None) ImGui::PopStyleColor();
    if (r.implicit) ImGui::PopStyleColor();
    if (!r.implicit) {
      ImGui::SameLine();
      const bool pressed = ImGui::Button(delete_label, ImVec2(delete_w, row_h));
      EntryText target;
      target.append("Delete ");
      target.append(text.view());
      ui_target(target.view());  // "Delete F HK - SCS" for scripts
      if (pressed) model_.remove_row(i);
    }
    ImGui::PopID();
  }
  ImGui::PopStyleVar();
  ImGui::EndChild();
}

}  // namespace colonial
