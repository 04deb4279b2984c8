// The rules help: a short summary of the orders and of the rules the game
// plays (the Colonial rules 9.1-9.3 that are on, Era of Empire's when its
// options are), then every control, printed from the table of controls
// (input/controls.h). Reachable from the orders screen's "Rules" button and
// the Help binding. Written for this app from the 1995 rulebook and its
// errata; it summarises, the rulebook decides.
#include <imgui.h>

#include "app.h"
#include "controls.h"
#include "new_game_setup.h"
#include "rules_text.h"
#include "touch_ui.h"
#include "window.h"

namespace colonial {

namespace {

// Which games a section is about: the help shows the rules the game plays.
enum class Applies : u8 { Always, ColonialAdjustments, HongKong, Railroad, Canal };

struct HelpSection {
  const char* title;
  const char* body;
  Applies applies = Applies::Always;
};

constexpr HelpSection kSections[] = {
    {"The turn",
     "Everybody writes orders in secret, then all orders are carried out at once. A unit without an order, "
     "or with an order the rules do not allow, holds where it is. After the moves come the retreats of "
     "dislodged units, and after every second turn (every Fall on the Spring/Fall calendar) the colonies "
     "are counted and armies and fleets are built or disbanded."},
    {"Hold, Move",
     "Hold (H): the unit stays. Move (-): an army goes to a neighbouring land province, a fleet to a "
     "neighbouring sea or along the coast. When several units move into one space, the best supported one "
     "enters; equal strength means nobody moves (a standoff, or bounce). Only one unit fits in a space."},
    {"Support",
     "Support (S): instead of moving, a unit adds its strength to another unit holding or moving into a "
     "space the supporter could itself move to. Any power may be supported. A support is cut when the "
     "supporter is attacked from anywhere except the space the support is aimed at, or when it is "
     "dislodged."},
    {"Convoy",
     "Convoy (C): a fleet in a sea carries an army from one coast to another; a chain of fleets in "
     "neighbouring seas can carry it further. The army is ordered to move as usual; every fleet of the "
     "chain orders the convoy. A fleet that is dislodged breaks the chain and the army stays."},
    {"Retreats",
     "A dislodged unit must retreat to a neighbouring empty space that it could move to - not where the "
     "attacker came from and not a space left empty by a standoff - or be disbanded. Two units retreating "
     "to the same space are both disbanded. A unit with nowhere to go is removed at once."},
    {"Colonies, builds and disbands",
     "A colony belongs to the last power that had a unit in it at the end of a counting turn. Each power "
     "may keep one unit per colony it holds: with more colonies than units it builds in its own empty "
     "starting colonies (Build 2), with fewer it disbands units of its choice (Disband 1). A power that "
     "disbands too few loses the units farthest from home.",
     Applies::ColonialAdjustments},
    {"9.1 Hong Kong",
     "Hong Kong never counts as a colony for China: holding it gives China no build and no progress "
     "towards victory, but a Chinese unit there keeps other powers from claiming it. For everybody else it "
     "is a colony like any other. (The old rule 9.11, which kept China out of Hong Kong until another power "
     "had held it, was deleted by the errata; it is an option in the new-game screen.)",
     Applies::HongKong},
    {"9.2 Trans-Siberian Railroad",
     "Russia alone may move one army per turn along the railroad Moscow - Perm - Omsk - Krasnoyarsk - "
     "Irkutsk - Vladivostok, as far as it likes: written A MOS-TSR-VLA (the TSR button). The army may only "
     "end its move in an empty province and does nothing else that turn: it cannot attack, support or "
     "dislodge. A foreign unit on the line, or an equal foreign attack into a province it must cross, "
     "stops it in the last empty station before; Russian units on the line do not block it. It may be "
     "supported into its final province.",
     Applies::Railroad},
    {"9.3 Suez Canal",
     "A fleet may sail straight between the Mediterranean Sea and the Red Sea through the canal, but only "
     "if the power with a unit in Egypt for the whole turn allows it. Its own fleets may always pass; a "
     "foreign fleet needs the order SC from the unit in Egypt (F EGY SC F MED-RS, the Canal button) or "
     "its support. The unit in Egypt may hold, support, or attack and bounce - if it leaves or is "
     "dislodged, the canal is shut that turn. One fleet passes per turn.",
     Applies::Canal},
    {"Entering orders here",
     "Tap one of your units, then where it should go: the board highlights only the places it may reach. "
     "For a support or a convoy pick the button first, then the other unit, then its destination. A long "
     "press (or a right click) on a unit orders it to hold. The sentence bar shows the order as it grows; "
     "Back undoes a step, Undo the last order. You may also type orders in judge notation "
     "(F HK S F GOS-SCS). Press Done when your orders are complete: until then you may change anything."},
};

void section(std::string_view title, std::string_view body) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.86f, 0.45f, 1.0f));
  ImGui::TextUnformatted(title.data(), title.data() + title.size());
  ImGui::PopStyleColor();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(body.data(), body.data() + body.size());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
}

bool applies(Applies a, const GameSettings& s, bool era_of_empire) {
  switch (a) {
    case Applies::Always: return true;
    case Applies::ColonialAdjustments: return !era_of_empire;
    case Applies::HongKong: return s.rules.hong_kong;
    case Applies::Railroad: return s.rules.railroad;
    case Applies::Canal: return s.rules.canal;
  }
  return true;
}

// Every control, by place, from the table the input code reads; the gamepad
// column names the buttons as printed on the pad in hand.
void draw_controls_table(const platform::Window::GamepadInHand& pad) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.86f, 0.45f, 1.0f));
  ImGui::TextUnformatted("Controls");
  ImGui::PopStyleColor();
  if (!pad.name.empty()) ImGui::TextDisabled("Gamepad: %s (buttons as printed on it)", pad.name.c_str());
  ControlRow rows[kMaxControlRows];
  const int n = control_rows(rows, kMaxControlRows, pad.faces);
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("controls", 4, kFlags)) return;
  ImGui::TableSetupColumn("Action", ImGuiTableColumnFlags_WidthStretch, 3.0f);
  ImGui::TableSetupColumn("Keyboard", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("Gamepad", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("Mouse and touch", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableHeadersRow();
  for (int i = 0; i < n; ++i) {
    const ControlRow& r = rows[i];
    if (i == 0 || r.place != rows[i - 1].place) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextDisabled("%.*s", static_cast<int>(place_name(r.place).size()), place_name(r.place).data());
    }
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextWrapped("%.*s", static_cast<int>(action_name(r.action).size()), action_name(r.action).data());
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
  const bool close = dialog_title("Rules in brief", "Close##help");
  ImGui::BeginChild("help text", ImVec2(0, 0), false);
  // The game's own rules: its Era of Empire options bring that rulebook's
  // summary in place of the 1995 adjustments; 9.1-9.3 only where played.
  const GameSettings& settings = session_.game().settings();
  const bool era_of_empire = era_of_empire_rules(settings);
  for (const HelpSection& s : kSections) {
    if (s.applies == Applies::ColonialAdjustments && era_of_empire) {
      const RulesText text = rules_text("era-of-empire");
      for (int i = 0; i < text.count; ++i) section(text.sections[i].title, text.sections[i].body);
    }
    if (applies(s.applies, settings, era_of_empire)) section(s.title, s.body);
  }
  ImGui::TextDisabled("%s", era_of_empire ? "A summary written for this app; the rulebooks of Colonial Diplomacy "
                                            "(1995) and Diplomacy: Era of Empire (2025) decide."
                                          : "A summary written for this app; the Colonial Diplomacy rulebook "
                                            "(1995) and its errata decide.");
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
