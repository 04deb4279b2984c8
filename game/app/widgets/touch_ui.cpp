#include "touch_ui.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "board_palette.h"
#include "contract.h"
#include "event_line.h"
#include "language.h"
#include "translate.h"

namespace colonial {

void apply_touch_style(float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  // Fingers, not mouse pointers: roomy widgets, wide scrollbars, round
  // corners that read as buttons, and hit areas larger than what is drawn.
  style.WindowPadding = ImVec2(12, 10);
  style.FramePadding = ImVec2(12, 9);
  style.ItemSpacing = ImVec2(10, 9);
  style.ItemInnerSpacing = ImVec2(8, 6);
  style.TouchExtraPadding = ImVec2(4, 4);
  style.ScrollbarSize = 22;
  style.GrabMinSize = 22;
  style.FrameRounding = 6;
  style.GrabRounding = 6;
  style.WindowRounding = 0;
  style.ChildRounding = 6;
  style.PopupRounding = 6;
  style.WindowBorderSize = 0;
  style.IndentSpacing = 18;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.13f, 0.19f, 0.97f);
  c[ImGuiCol_PopupBg] = ImVec4(0.11f, 0.15f, 0.21f, 0.99f);
  c[ImGuiCol_Button] = ImVec4(0.22f, 0.33f, 0.48f, 1.00f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.30f, 0.44f, 0.62f, 1.00f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.36f, 0.52f, 0.74f, 1.00f);
  c[ImGuiCol_Header] = ImVec4(0.22f, 0.33f, 0.48f, 0.85f);
  c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.22f, 0.30f, 1.00f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.14f, 0.22f, 0.34f, 1.00f);
  c[ImGuiCol_ModalWindowDimBg] = ImVec4(0.02f, 0.03f, 0.05f, 0.70f);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

namespace {

// The smallest font scale a label shrinks to; a checkbox's or a radio
// button's label that is still too wide is broken into lines instead.
constexpr float kSmallestScale = 0.7f;

// The font scale at which `text` fits in `room` points: 1, or smaller down
// to 0.7 (a longer translation in a button sized for English, a narrow
// screen), so a label shrinks a little rather than being cut off.
float fitting_scale(const char* text, float room) {
  const float w = ImGui::CalcTextSize(text, nullptr, true).x;
  return w <= room || w <= 0 ? 1.0f : std::max(kSmallestScale, room / w);
}

// `label`'s words broken into lines of at most `room` points (ImGui draws a
// checkbox's or a radio button's label on as many lines as it has), with
// the whole label after "###" as its ID: the same however it is broken.
std::string wrapped_label(const char* label, float room) {
  const char* end = label + std::strlen(label);
  const char* hashes = std::strstr(label, "##");
  const char* shown_end = hashes ? hashes : end;
  const ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  std::string out;
  const char* s = label;
  while (s < shown_end) {
    const char* line_end = font->CalcWordWrapPositionA(scale, s, shown_end, room);
    if (line_end <= s) line_end = s + 1;  // a word wider than the room: cut (the fit check reports it)
    out.append(s, line_end);
    while (!out.empty() && out.back() == ' ') out.pop_back();
    s = line_end;
    while (s < shown_end && *s == ' ') ++s;
    if (s < shown_end) out += '\n';
  }
  return out + "###" + label;
}

// Draws `widget` (given the label to show) at the font scale that fits
// `room`, or, where `may_wrap` (a checkbox's or radio button's sentence) and
// the label is wider than the room, with its label on several lines at the
// full size: a sentence shrunk to fit one line is hard to read.
template <typename Widget>
bool fitted(const char* label, float room, Widget widget, bool may_wrap = false) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const float before = window->FontWindowScale;
  const float scale = fitting_scale(label, room);
  const bool wrap = may_wrap && scale < 1.0f;
  if (wrap) {
    const std::string lines = wrapped_label(label, room);
    const bool result = widget(lines.c_str());
    ui_target(label);
    ui_check_fit(lines);
    return result;
  }
  if (scale < 1.0f) ImGui::SetWindowFontScale(before * scale);
  const bool result = widget(label);
  ui_target(label);
  ui_check_fit(label);
  if (scale < 1.0f) ImGui::SetWindowFontScale(before);
  return result;
}

// The room left for a checkbox's or radio button's label before the
// window's edge.
float label_room() {
  const ImGuiStyle& st = ImGui::GetStyle();
  return ImGui::GetCurrentWindow()->ClipRect.Max.x - ImGui::GetCursorScreenPos().x - ImGui::GetFrameHeight() -
         st.ItemInnerSpacing.x;
}

}  // namespace

bool touch_button(const char* label, float width, float height) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float text = ImGui::CalcTextSize(label, nullptr, true).x;
  // The size ImGui gives it (a fixed width, the rest of the line, or the
  // label's), kept when the label shrinks.
  const ImVec2 size = ImGui::CalcItemSize(ImVec2(width, height), text + st.FramePadding.x * 2, ImGui::GetFrameHeight());
  return fitted(label, size.x - st.FramePadding.x * 2, [&](const char* shown) { return ImGui::Button(shown, size); });
}

bool primary_button(const char* label, float width, float height) {
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.16f, 0.52f, 0.30f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.22f, 0.62f, 0.37f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(0.26f, 0.70f, 0.42f, 1.0f));
  const bool pressed = touch_button(label, width, height);
  ImGui::PopStyleColor(3);
  return pressed;
}

bool touch_checkbox(const char* label, bool* value) {
  return fitted(
      label, label_room(), [&](const char* shown) { return ImGui::Checkbox(shown, value); }, true);
}

bool touch_radio(const char* label, bool active) {
  return fitted(
      label, label_room(), [&](const char* shown) { return ImGui::RadioButton(shown, active); }, true);
}

bool button_fits(const char* label, float width) { return button_width(label) <= width; }

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

void same_line_if_fits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right) ImGui::SameLine();
}

void nav_scroll() {
  const ImGuiIO& io = ImGui::GetIO();
  // A press scrolls three lines; held, the text keeps moving.
  auto amount = [&](ImGuiNavInput pad, ImGuiNavInput key) {
    const float held = std::max(io.NavInputsDownDuration[pad], io.NavInputsDownDuration[key]);
    if (held == 0.0f) return 3.0f;
    constexpr float kRepeatAfter = 0.35f;
    constexpr float kLinesPerSecond = 20.0f;
    return held > kRepeatAfter ? kLinesPerSecond * io.DeltaTime : 0.0f;
  };
  const float lines =
      amount(ImGuiNavInput_DpadDown, ImGuiNavInput_KeyDown_) - amount(ImGuiNavInput_DpadUp, ImGuiNavInput_KeyUp_);
  if (lines != 0) ImGui::SetScrollY(ImGui::GetScrollY() + lines * ImGui::GetTextLineHeightWithSpacing());
}

void touch_scroll() {
  const ImGuiIO& io = ImGui::GetIO();
  ImGuiContext& g = *ImGui::GetCurrentContext();
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  // The window a finger is scrolling, until it lifts.
  static ImGuiID scrolling = 0;
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) scrolling = 0;
  if (scrolling != window->ID && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 10.0f)) {
    // A mostly vertical drag that began in this window scrolls it, even when
    // it began on a button (which is then not pressed), as on any phone.
    const ImVec2 d = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left);
    const bool began_here = window->Rect().Contains(io.MouseClickedPos[0]);
    const bool ours = g.ActiveId == 0 || g.ActiveId == window->MoveId || g.ActiveIdWindow == window;
    if (began_here && ours && std::abs(d.y) > std::abs(d.x)) {
      if (g.ActiveId != 0 && g.ActiveId != window->MoveId) ImGui::ClearActiveID();
      scrolling = window->ID;
    }
  }
  if (scrolling == window->ID && io.MouseDelta.y != 0) ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
}

void centred_text(const char* text) {
  const float w = ImGui::CalcTextSize(text).x;
  const float avail = ImGui::GetContentRegionAvail().x;
  if (w < avail) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (avail - w) * 0.5f);
  ImGui::TextUnformatted(text);
}

namespace {

std::string native_name(std::string_view code) {
  for (const text::LanguageInfo& l : text::languages())
    if (l.code == code) return std::string(l.native);
  return std::string(code);
}

// The choice "Automatic (English)", and the width of the language box (a
// compact one shows only the name of the language in use).
struct LanguageWords {
  std::string automatic;
  float width = 0;
};

LanguageWords language_words(const std::string& option, bool compact) {
  LanguageWords w;
  // TRANSLATORS: the language chosen from the system's settings; %s is its name ("English").
  w.automatic = text::format(text::tr("Automatic (%s)"), native_name(text::requested_language(option)).c_str());
  float widest = compact ? 0.0f : ImGui::CalcTextSize(w.automatic.c_str()).x;
  for (const text::LanguageInfo& l : text::languages())
    widest = std::max(widest, ImGui::CalcTextSize(std::string(l.native).c_str()).x);
  w.width = widest + ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2;
  return w;
}

}  // namespace

float language_choice_width(const std::string& option, bool compact) { return language_words(option, compact).width; }

bool language_choice(std::string& choice, const std::string& option, bool compact) {
  const LanguageWords words = language_words(option, compact);
  ImGui::SetNextItemWidth(words.width);
  std::string picked = choice;
  const std::string shown = !choice.empty() ? native_name(choice)
                            : compact       ? native_name(text::current_language())
                                            : words.automatic;
  // Never where the pad starts (a form's own default, such as Start game,
  // stays so); the D-pad still reaches it.
  // (Its list inherits the flag: the pad starts there on its first line.)
  ImGui::PushItemFlag(ImGuiItemFlags_NoNavDefaultFocus, true);
  if (ImGui::BeginCombo("##language", shown.c_str())) {
    if (ImGui::Selectable((words.automatic + "##automatic").c_str(), choice.empty())) picked.clear();
    ui_target("Automatic");
    for (const text::LanguageInfo& l : text::languages()) {
      if (ImGui::Selectable((std::string(l.native) + "##language").c_str(), choice == l.code)) picked = l.code;
      ui_target(l.native);
    }
    ImGui::EndCombo();
  }
  ImGui::PopItemFlag();
  ui_target("Language");
  if (picked == choice) return false;
  choice = picked;
  switch_language(choice.empty() ? text::requested_language(option) : choice);
  return true;
}

void switch_language(const std::string& code) {
  const text::LanguageChoice used = text::use_language(code);
  if (!used.warning.empty()) std::fprintf(stderr, "colonial: %s\n", used.warning.c_str());
  std::printf("colonial: language %s\n", used.code.c_str());
  text::emit_event("language", {{"code", used.code}});
}

const char* palette_name(PaletteKind kind) {
  switch (kind) {
    case PaletteKind::Board: return text::tr("Printed board");
    case PaletteKind::Protanopia: return text::tr("Red-blind (protanopia)");
    case PaletteKind::Deuteranopia: return text::tr("Green-blind (deuteranopia)");
    case PaletteKind::Tritanopia: return text::tr("Blue-blind (tritanopia)");
  }
  return text::tr("Printed board");
}

bool palette_choice(PaletteKind& kind) {
  float widest = 0.0f;
  for (int i = 0; i < kPaletteCount; ++i)
    widest = std::max(widest, ImGui::CalcTextSize(palette_name(static_cast<PaletteKind>(i))).x);
  // Never wider than the room left on the line (a handheld's narrow menu).
  ImGui::SetNextItemWidth(std::min(widest + ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2,
                                   ImGui::GetContentRegionAvail().x));
  PaletteKind picked = kind;
  ImGui::PushItemFlag(ImGuiItemFlags_NoNavDefaultFocus, true);
  if (ImGui::BeginCombo("##palette", palette_name(kind))) {
    for (int i = 0; i < kPaletteCount; ++i) {
      const auto k = static_cast<PaletteKind>(i);
      if (ImGui::Selectable((std::string(palette_name(k)) + "##palette").c_str(), k == kind)) picked = k;
      ui_target(palette_name(k));
    }
    ImGui::EndCombo();
  }
  ImGui::PopItemFlag();
  ui_target("Colours");
  if (picked == kind) return false;
  kind = picked;
  app_palette().set_kind(kind);
  return true;
}

bool scoring_choice(bool& scored, ScoringSystem& system) {
  const char* const unscored = text::tr("Not scored");
  float widest = ImGui::CalcTextSize(unscored).x;
  for (const ScoringSystemInfo& info : kScoringSystems)
    widest = std::max(widest, ImGui::CalcTextSize(text::trc("scoring", info.label.data())).x);
  ImGui::SetNextItemWidth(widest + ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2);
  bool picked_scored = scored;
  ScoringSystem picked = system;
  const char* shown = scored ? text::trc("scoring", scoring_system_info(system).label.data()) : unscored;
  ImGui::PushItemFlag(ImGuiItemFlags_NoNavDefaultFocus, true);
  if (ImGui::BeginCombo("##scoring", shown)) {
    if (ImGui::Selectable((std::string(unscored) + "##scoring").c_str(), !scored)) picked_scored = false;
    ui_target("scoring none");
    for (const ScoringSystemInfo& info : kScoringSystems) {
      const std::string label = std::string(text::trc("scoring", info.label.data())) + "##scoring";
      if (ImGui::Selectable(label.c_str(), scored && system == info.system)) {
        picked_scored = true;
        picked = info.system;
      }
      ui_target("scoring " + std::string(info.name));
    }
    ImGui::EndCombo();
  }
  ImGui::PopItemFlag();
  ui_target("Scoring");
  if (picked_scored == scored && picked == system) return false;
  scored = picked_scored;
  system = picked;
  return true;
}

PaletteKind palette_of_setting(const std::string& code, const std::string& file, std::string& notice) {
  PaletteKind kind = PaletteKind::Board;
  if (code.empty() || palette_from_code(code, kind)) return kind;
  // TRANSLATORS: %1$s is a palette's name as a settings file has it, %2$s the file.
  notice =
      text::format(text::tr("The colours \"%1$s\" set in %2$s are not known to this version of Colonial; the printed "
                            "board's colours are used."),
                   code.c_str(), file.c_str());
  return PaletteKind::Board;
}

ImU32 power_imcolour(int power, float alpha) {
  const platform::Color c = app_palette().power(static_cast<PowerId>(power)).unit;
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(255 * std::clamp(alpha, 0.0f, 1.0f)));
}

float power_badge_width(const char* name) {
  return ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(name).x;
}

void power_badge(int power, const char* name, char letter) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const PowerStyle& style = app_palette().power(static_cast<PowerId>(power));
  dl->AddRectFilled(at, ImVec2(at.x + h, at.y + h), power_imcolour(power), h * 0.2f);
  dl->AddRect(at, ImVec2(at.x + h, at.y + h), IM_COL32(255, 255, 255, 90), h * 0.2f);
  const char text[2] = {letter, 0};
  const ImVec2 ts = ImGui::CalcTextSize(text);
  dl->AddText(ImVec2(at.x + (h - ts.x) * 0.5f, at.y + (h - ts.y) * 0.5f),
              IM_COL32(style.ink.r, style.ink.g, style.ink.b, 255), text);
  ImGui::Dummy(ImVec2(h, h));
  ImGui::SameLine();
  ImGui::TextUnformatted(name);
}

float stepper_value_width(const char* text) {
  return ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x * 2;
}

bool stepper(const char* id, int* value, int lo, int hi, int step, const char* format, float value_w) {
  bool changed = false;
  ImGui::PushID(id);
  const float b = ImGui::GetFrameHeight() * 1.2f;
  ImGui::BeginDisabled(*value <= lo);
  if (touch_button((std::string("-##") + id).c_str(), b)) {
    *value = std::max(lo, *value - step);
    changed = true;
  }
  ui_target(std::string(id) + " -");
  ImGui::EndDisabled();
  ImGui::SameLine();
  char text[48];
  std::snprintf(text, sizeof text, format, *value);
  ImGui::AlignTextToFramePadding();
  // The value's room: its widest text at either end, plus a gap (not a
  // fixed width: the + would fall off a narrow panel's edge).
  char end_text[48];
  std::snprintf(end_text, sizeof end_text, format, lo);
  float w = std::max(value_w, stepper_value_width(end_text));
  std::snprintf(end_text, sizeof end_text, format, hi);
  w = std::max(w, stepper_value_width(end_text));
  const float x = ImGui::GetCursorPosX();
  ImGui::TextUnformatted(text);
  ImGui::SameLine(x + w);
  ImGui::BeginDisabled(*value >= hi);
  if (touch_button((std::string("+##") + id).c_str(), b)) {
    *value = std::min(hi, *value + step);
    changed = true;
  }
  ui_target(std::string(id) + " +");
  ImGui::EndDisabled();
  ImGui::PopID();
  return changed;
}

namespace {
// The steppers' ids (and the scripts' names for them) stay English.
const char* const kTimerNames[3] = {NC_("timer", "Movement"), NC_("timer", "Retreats"), NC_("timer", "Adjustments")};
}  // namespace

const char* timer_name(int phase_kind) {
  COLONIAL_ASSERT(phase_kind >= 0 && phase_kind < 3);
  return text::trc("timer", kTimerNames[phase_kind]);
}

bool timer_stepper(int phase_kind, int* minutes, float value_w) {
  COLONIAL_ASSERT(phase_kind >= 0 && phase_kind < 3);
  // TRANSLATORS: a phase timer's minutes ("5 min"), or no timer.
  return stepper(kTimerNames[phase_kind], minutes, 0, kMaxTimerMinutes, 1,
                 *minutes ? text::tr("%d min") : text::trc("timer", "off"), value_w);
}

float timer_value_width() {
  return std::max(stepper_value_width(text::format(text::tr("%d min"), kMaxTimerMinutes).c_str()),
                  stepper_value_width(text::trc("timer", "off")));
}

bool begin_side_panel(const char* id, const Layout& layout, bool& collapsed) {
  const LayoutRect& r = layout.panel;
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
  ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
  ImGui::Begin(id, nullptr, kFixedWindowFlags);
  if (!layout.panel_collapsed) return true;
  // Folded to a tab: one button to open it again.
  if (touch_button("<##show panel", -1, -1)) collapsed = false;
  return false;
}

bool dialog_title(const char* title, const char* close) {
  ImGui::TextUnformatted(title);
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - 5.0f * ImGui::GetFontSize());
  const bool pressed = touch_button(close, -1);
  ImGui::Separator();
  return pressed;
}

float dialog_width(float em, float share) {
  return std::min(ImGui::GetMainViewport()->Size.x * share, ImGui::GetFontSize() * em);
}

bool begin_dialog(const char* id, float width, float height, ImGuiWindowFlags flags) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  if (height > 0)
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + (vp->Size.x - width) * 0.5f, vp->Pos.y + (vp->Size.y - height) * 0.5f));
  else
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  // As high as its contents, but never taller than the screen: on a short
  // one (480x320) the dialog scrolls, and the pad's focus scrolls with it.
  if (height <= 0) ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, vp->Size.y * 0.94f));
  ImGui::OpenPopup(id);
  return ImGui::BeginPopupModal(id, nullptr, flags);
}

int confirm_dialog(const char* id, const char* text, const char* yes, const char* no, bool* option,
                   const char* option_label, const std::function<void()>& above) {
  int answer = -1;
  if (begin_dialog(id, dialog_width(30))) {
    ImGui::TextWrapped("%s", text);
    ImGui::Spacing();
    if (option) touch_checkbox(option_label, option);
    const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    const float h = ImGui::GetFrameHeight() * 1.4f;
    if (touch_button(no, w, h)) answer = 0;
    ImGui::SameLine();
    if (primary_button(yes, w, h)) answer = 1;
    if (above) above();
    if (answer >= 0) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  } else if (above) {
    above();
  }
  return answer;
}

}  // namespace colonial
