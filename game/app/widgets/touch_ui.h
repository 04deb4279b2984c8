// ImGui for fingers: the touch style (large hit areas, generous spacing),
// buttons that record where they were drawn (ui_targets.h: a script can press
// them by label), and small drawing helpers the screens share.
#pragma once

#include <imgui.h>

#include <functional>
#include <string>
#include <string_view>

#include "canvas.h"
#include "layout.h"
#include "power_colours.h"
#include "scoring.h"
#include "ui_targets.h"

namespace colonial {

// Sets ImGui's style for touch at the given UI scale: call every frame
// before drawing (the window rebuilds the style when its scale changes).
void apply_touch_style(float scale);

// A button (recorded as a target). width 0 = fit the label; -1 = fill.
bool touch_button(const char* label, float width = 0, float height = 0);
// A button drawn in an accent colour: the step that moves the game on.
bool primary_button(const char* label, float width = 0, float height = 0);
// A checkbox recorded as a target.
bool touch_checkbox(const char* label, bool* value);
// A radio button recorded as a target.
bool touch_radio(const char* label, bool active);

// A number with - and + buttons (targets "ID -" and "ID +"): kinder to
// fingers than a slider. `format` shows the value (printf, one int).
// The value has the room of its widest text at either end, and at least
// `value_w` (stepper_value_width): steppers one under another given the
// room of the group's widest value keep their + in one column.
// Returns true when it changed.
bool stepper(const char* id, int* value, int lo, int hi, int step, const char* format, float value_w = 0.0f);
// The room a stepper gives a value shown as `text`: its width and a gap.
float stepper_value_width(const char* text);

// A phase's timer (0 movement, 1 retreats, 2 adjustments): its name in the
// language in use, and its stepper of minutes from 0 (off) to
// kMaxTimerMinutes, whose targets keep the English name ("Movement +") for
// scripts. Returns true when the minutes changed.
inline constexpr int kMaxTimerMinutes = 240;
const char* timer_name(int phase_kind);
bool timer_stepper(int phase_kind, int* minutes, float value_w);
// The value room that keeps the timers' + in one column, set or off.
float timer_value_width();

// Lets a finger (or the mouse) drag the current window's content up and
// down, as touch screens scroll; call inside a scrolling child window.
void touch_scroll();

// Lets the pad's D-pad and the arrow keys scroll the current window up and
// down where it has nothing to focus (a text to read, in a dialog whose
// widgets the pad moves through); call inside the scrolling child window.
void nav_scroll();

// Whether a button `width` wide shows its words whole (a narrow panel on a
// small screen puts buttons a row each where they would not).
bool button_fits(const char* label, float width);

// The width a button or a checkbox (or radio button) takes for its label.
float button_width(const char* label);
float checkbox_width(const char* label);
// Puts the next item, `width` points wide, beside the last one when it fits
// before the window's edge, else on a line of its own: a row of buttons whose
// translated labels are longer than the English ones wraps where they do.
void same_line_if_fits(float width);

// Text centred in the current window's width.
void centred_text(const char* text);

// A window fixed in place: a panel, a card, the top bar.
inline constexpr ImGuiWindowFlags kFixedWindowFlags =
    ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

// What every dialog in the middle of the screen is: no title bar, not
// movable, nothing saved, as high as its contents.
inline constexpr ImGuiWindowFlags kDialogFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
                                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize;
// The same with a size of its own (a tall dialog that scrolls inside).
inline constexpr ImGuiWindowFlags kTallDialogFlags = ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar;
// A dialog's width: `em` font sizes, at most `share` of the screen's width.
float dialog_width(float em, float share = 0.9f);
// Opens and begins the modal popup `id` in the middle of the screen, `width`
// wide and `height` high (0: as high as its contents). True: draw its
// contents, then ImGui::EndPopup().
bool begin_dialog(const char* id, float width, float height = 0, ImGuiWindowFlags flags = kDialogFlags);

// The docked side panel (layout.h) as a window: true when it is open to draw
// into; folded, it is a tab whose button unfolds it (collapsed = false).
// end_side_panel() either way.
bool begin_side_panel(const char* id, const Layout& layout, bool& collapsed);
inline void end_side_panel() { ImGui::End(); }

// A tall dialog's first line: its title, and Close at the right (true when
// pressed). `close` is the button's label ("Close##help").
bool dialog_title(const char* title, const char* close);

// A question over everything: `text`, an optional checkbox, and two buttons
// (`no`, then `yes`, the primary one). Returns 1 for yes, 0 for no, -1
// while unanswered; the caller closes it on an answer. `above` draws what
// is open over the question (modals.h), inside its popup.
int confirm_dialog(const char* id, const char* text, const char* yes, const char* no, bool* option = nullptr,
                   const char* option_label = nullptr, const std::function<void()>& above = {});
// The languages the screens speak, in a drop-down list of their own names
// ("Français") after "Automatic": the language of --language `option`, else
// the system's. `choice` is the code chosen, "" for automatic. A change
// switches the language at once (text::use_language, between the widgets of
// this frame: the rest of the frame speaks the new one) and returns true.
// Scripts open it as "Language" and pick "Automatic" or a language's name.
// The pad reaches it but never starts on it. A compact box shows the name of
// the language in use, not "Automatic (...)", and is narrower.
bool language_choice(std::string& choice, const std::string& option, bool compact = false);
// Its width, to place it.
float language_choice_width(const std::string& option, bool compact = false);
// Makes `code` the language of the screens, with a line in the log (and why
// not, if it falls back to English).
void switch_language(const std::string& code);

// The board's colours: the printed board's or a colour-blind palette, by
// name in the players' language ("Red-blind (protanopia)").
const char* palette_name(PaletteKind kind);
// A drop-down list of the palettes; a choice is made the board's at once
// (app_palette) and returns true. Scripts open it as "Colours" and pick a
// palette by its name.
bool palette_choice(PaletteKind& kind);

// The scoring system's drop-down ("Not scored" or one of engine/scoring.h's
// systems, by their labels); its lines are script targets by the system's
// name ("scoring carnage", "scoring none"). True when the choice changed.
bool scoring_choice(bool& scored, ScoringSystem& system);
// The palette a settings file names (`code`, "" for the default): a name
// this version does not know (a later version's) gives the printed board's
// colours and a sentence for the player in `notice`.
PaletteKind palette_of_setting(const std::string& code, const std::string& file, std::string& notice);

// A power's colour (the board palette) as an ImGui colour.
ImU32 power_imcolour(int power, float alpha = 1.0f);
// A small coloured square with the power's letter, then the name.
void power_badge(int power, const char* name, char letter);
// The width power_badge takes for `name`.
float power_badge_width(const char* name);

}  // namespace colonial
