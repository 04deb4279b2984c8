// The screens of a turn in progress: the top bar and its menu, the hand-off
// screen of pass-and-play, the orders screen (one power's, or any power's in
// companion mode), and the dialogs (confirmations, notices).
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "app.h"
#include "report.h"
#include "table_host.h"
#include "touch_ui.h"

namespace colonial {

namespace {

constexpr ImGuiWindowFlags kFixedWindow = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                          ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                          ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

std::string clock_text(double seconds) {
  const int s = static_cast<int>(seconds + 0.999);
  char text[16];
  std::snprintf(text, sizeof text, "%d:%02d", s / 60, s % 60);
  return text;
}

// A modal question with two answers: 1 = yes, 0 = no, -1 = not answered yet.
// With `option`, a checkbox labelled `option_label` above the answers.
}  // namespace

bool App::begin_panel(const char* id) {
  const LayoutRect& r = layout_.panel;
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
  ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
  ImGui::Begin(id, nullptr, kFixedWindow);
  if (!layout_.panel_collapsed) return true;
  // Folded to a tab: one button to open it again.
  if (touch_button("<##show panel", -1, -1)) panel_collapsed_ = false;
  return false;
}

void App::end_panel() { ImGui::End(); }

// ---------------------------------------------------------------------------
// The top bar and its menu

// The phase timer in large type over the board, readable across the table;
// red in the last minute.
void App::draw_countdown() {
  if (!flow_.attached() || !flow_.timed() || help_open_ || phones_open_) return;
  if (flow_.screen() != Screen::Handoff && flow_.screen() != Screen::Orders) return;
  const double left = flow_.seconds_left(now());
  // Stopped by the game master (from the tablet): said so, not just still.
  const std::string text = clock_text(left) + (flow_.clock_running() ? "" : " stopped");
  const LayoutRect& b = layout_.board;
  ImGui::SetNextWindowPos(ImVec2(b.x + b.w - ImGui::GetFontSize() * 0.6f, b.y + ImGui::GetFontSize() * 0.4f),
                          ImGuiCond_Always, ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.55f);
  ImGui::Begin("countdown", nullptr,
               kFixedWindow | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoInputs |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::SetWindowFontScale(2.6f);
  ImGui::PushStyleColor(ImGuiCol_Text, left < 60 ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.92f, 0.95f, 1.0f, 1.0f));
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(1.0f);
  ImGui::End();
}

void App::draw_top_bar() {
  const LayoutRect& r = layout_.top_bar;
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
  ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetStyle().WindowPadding.x, 0));
  ImGui::Begin("top bar", nullptr, kFixedWindow | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar();
  const float h = ImGui::GetFrameHeight();
  ImGui::SetCursorPosY((r.h - h) * 0.5f);
  if (touch_button("Menu")) menu_open_ = true;
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  if (tables_ && flow_.attached()) {
    // A kiosk's several tables: which one this is.
    ImGui::TextUnformatted(table_name_buffer_);
    ImGui::SameLine();
  }
  if (flow_.attached()) {
    // The phase on the board: the one played, on the results and history.
    const int shown = flow_.screen() == Screen::Results   ? flow_.shown_phase()
                      : flow_.screen() == Screen::History ? flow_.history_index()
                                                          : -1;
    PhaseText phase;
    format_phase(shown >= 0 && shown < game_->history_size() ? game_->history(shown).results.phase : game_->phase(),
                 phase);
    ImGui::TextUnformatted(game_->over() && shown < 0 ? "Game over" : phase.c_str());
    if (flow_.timed() && (flow_.screen() == Screen::Handoff || flow_.screen() == Screen::Orders)) {
      ImGui::SameLine();
      const double left = flow_.seconds_left(now());
      ImGui::PushStyleColor(ImGuiCol_Text,
                            left < 60 ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.8f, 0.9f, 1.0f, 1.0f));
      ImGui::Text("%s left%s", clock_text(left).c_str(), flow_.clock_running() ? "" : " (stopped)");
      ImGui::PopStyleColor();
    }
  } else {
    ImGui::TextUnformatted("Colonial Diplomacy");
  }
  if (!save_error_.empty()) {
    // At a kiosk the staff are told where to look; the players play on.
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.45f, 1.0f),
                       options_.kiosk ? "(not saved: staff, see Kiosk settings)" : "(not saved)");
    if (ImGui::IsItemHovered() && !staff_locked()) ImGui::SetTooltip("%s", save_error_.c_str());
  }
  // Right-aligned buttons.
  const ImGuiStyle& st = ImGui::GetStyle();
  auto width_of = [&](const char* label) {
    return ImGui::CalcTextSize(label).x + st.FramePadding.x * 2 + st.ItemSpacing.x;
  };
  const bool history = flow_.can_open_history() && flow_.screen() != Screen::History;
  const bool panel_toggle = flow_.screen() != Screen::Handoff;
  const char* panel_label = panel_collapsed_ ? "Show panel" : "Hide panel";
  // The kiosk's tables, from anywhere but a power's orders (kept private)
  // and the game master's editor.
  const bool tables = tables_ && flow_.screen() != Screen::Orders && !editor_;
  float right = width_of("Rules");
  if (tables) right += width_of("Tables");
  if (history) right += width_of("History");
  if (panel_toggle) right += width_of(panel_label);
  ImGui::SameLine(std::max(ImGui::GetCursorPosX(), r.w - right - st.WindowPadding.x + st.ItemSpacing.x));
  if (tables && touch_button("Tables")) open_tables();
  if (tables) ImGui::SameLine();
  if (history && touch_button("History")) {
    flow_.open_history();
    playback_.stop();
  }
  if (history) ImGui::SameLine();
  if (touch_button("Rules")) help_open_ = true;
  if (panel_toggle) {
    ImGui::SameLine();
    if (touch_button(panel_label)) panel_collapsed_ = !panel_collapsed_;
  }
  ImGui::End();
  draw_menu();
}

// SURRENDER (house rules) for the power whose orders are on screen, in the
// menu: handed in secretly with its orders, withdrawable until the phase is
// played.
void App::draw_surrender_item(float w) {
  if (flow_.attached() && !game_->over() && flow_.screen() == Screen::Orders && flow_.power() != kNoPower) {
    const PowerId p = flow_.power();
    if (game_->surrender_pending(p)) {
      const std::string label = std::string("Take back ") + map_->power(p).name + "'s surrender";
      if (touch_button(label.c_str(), w)) {
        game_->hand_in_surrender(p, false);
        save_now();
        ImGui::CloseCurrentPopup();
      }
      ui_target("Take back the surrender");
    } else {
      const std::string label = std::string("Surrender ") + map_->power(p).name + "...";
      if (touch_button(label.c_str(), w)) {
        surrender_confirm_ = true;
        ImGui::CloseCurrentPopup();
      }
      ui_target("Surrender...");
    }
  }
}

void App::draw_menu() {
  if (menu_open_) {
    ImGui::OpenPopup("menu");
    menu_open_ = false;
  }
  ImGui::SetNextWindowPos(ImVec2(layout_.top_bar.x + 4, layout_.top_bar.h));
  if (!ImGui::BeginPopup("menu")) {
    close_menu_ = false;
    return;
  }
  if (close_menu_) {
    close_menu_ = false;
    ImGui::CloseCurrentPopup();
  }
  const float w = ImGui::GetFontSize() * 16.0f;
  if (staff_locked()) {
    // A passer-by at the kiosk: the game in play, its surrender, the staff.
    draw_surrender_item(w);
    if (touch_button("Staff...", w)) {
      open_pin_pad(PinPad::Unlock);
      ImGui::CloseCurrentPopup();
    }
    ImGui::TextDisabled("New games, settings and leaving are for the club's staff.");
    ImGui::EndPopup();
    return;
  }
  if (tables_ && touch_button("New table", w)) {
    new_table();
    ImGui::CloseCurrentPopup();
  }
  if (touch_button(tables_ ? "New game at this table" : "New game", w)) {
    if (flow_.attached() && !game_->over())
      new_game_confirm_ = true;
    else {
      flow_.leave_game();
      notice_.clear();
    }
    ImGui::CloseCurrentPopup();
  }
  const bool companion = flow_.mode() == TableMode::Companion;
  if (touch_button(companion ? "Switch to pass-and-play" : "Switch to companion mode", w)) {
    if (!companion && flow_.attached() && (flow_.screen() == Screen::Handoff || flow_.screen() == Screen::Orders))
      companion_confirm_ = true;
    else
      flow_.set_mode(companion ? TableMode::PassAndPlay : TableMode::Companion);
    ImGui::CloseCurrentPopup();
  }
  // The players' phones as order pads: for a table with a game master
  // (companion mode) or a club's kiosk.
  if (flow_.attached() && (companion || options_.kiosk) && touch_button("Phones...", w)) {
    phones_open_ = true;
    ImGui::CloseCurrentPopup();
  }
  // The game master's tools: the board made to match the table's, and a
  // whole sheet of orders typed or pasted at once.
  if (flow_.attached() && companion && !game_->over() && touch_button("Edit the position...", w)) {
    open_editor();
    ImGui::CloseCurrentPopup();
  }
  if (flow_.attached() && companion && flow_.screen() == Screen::Orders && touch_button("Order sheet...", w)) {
    sheet_open_ = true;
    ImGui::CloseCurrentPopup();
  }
  if (flow_.attached() && !game_->over() && touch_button("Computer players...", w)) {
    computer_seats_open_ = true;
    ImGui::CloseCurrentPopup();
  }
  if (flow_.attached() && !game_->over() && touch_button("End by agreement", w)) {
    agreement_confirm_ = true;
    ImGui::CloseCurrentPopup();
  }
  // The game master ends the game when the time set for it runs out (the
  // club's two-month limit; rule 4.2 counts colonies).
  if (flow_.attached() && !game_->over() && touch_button("End: time is up...", w)) {
    end_time_confirm_ = true;
    end_by_units_ = game_->settings().time_limit_measure == EndMeasure::Units;
    ImGui::CloseCurrentPopup();
  }
  draw_surrender_item(w);
  // Text size: the automatic scale suits most screens; a tablet held at arm's
  // length or a small handheld may want it otherwise.
  ImGui::AlignTextToFramePadding();
  ImGui::Text("Text size %d%%", static_cast<int>(std::lround(ui_factor_ * 100)));
  ImGui::SameLine();
  if (touch_button("Smaller##text")) ui_factor_ = std::max(0.75f, ui_factor_ - 0.25f);
  ui_target("Text smaller");
  ImGui::SameLine();
  if (touch_button("Larger##text")) ui_factor_ = std::min(2.0f, ui_factor_ + 0.25f);
  ui_target("Text larger");
  touch_checkbox("Sound at one minute and at time up", &sound_on_);
  bool colour_blind = view_.palette() == PaletteKind::ColourBlind;
  if (touch_checkbox("Colour-blind colours", &colour_blind))
    view_.set_palette(colour_blind ? PaletteKind::ColourBlind : PaletteKind::Board);
  if (!options_.kiosk) {
    if (touch_button(window_.fullscreen() ? "Leave fullscreen" : "Fullscreen", w)) {
      window_.toggle_fullscreen();
      ImGui::CloseCurrentPopup();
    }
    if (touch_button("Quit", w)) {
      quit_confirm_ = true;
      ImGui::CloseCurrentPopup();
    }
  } else {
    // Staff at the kiosk: its settings, leave staff mode, or the app itself.
    if (touch_button("Kiosk settings...", w)) {
      kiosk_settings_open_ = true;
      ImGui::CloseCurrentPopup();
    }
    if (touch_button("Lock (leave staff mode)", w)) {
      lock_staff("locked by the staff");
      ImGui::CloseCurrentPopup();
    }
    if (touch_button("Quit the kiosk", w)) {
      quit_confirm_ = true;
      ImGui::CloseCurrentPopup();
    }
  }
  if (autosave_.enabled()) ImGui::TextDisabled("Saved in %s", autosave_.path().c_str());
  ImGui::EndPopup();
}

// ---------------------------------------------------------------------------
// Dialogs

void App::draw_dialogs() {
  if (confirm_dialog("quit", &quit_confirm_,
                     "Leave Colonial? The game is saved after every step and goes on from here next time.", "Leave",
                     "Keep playing") == 1)
    running_ = false;
  if (confirm_dialog("new game", &new_game_confirm_,
                     "Start a new game? This game is kept in a file of its own beside the autosave (colonial-judge can "
                     "read it), but this app will not go back to it.",
                     "New game", "Keep playing") == 1) {
    flow_.leave_game();
    notice_.clear();
  }
  if (confirm_dialog("companion", &companion_confirm_,
                     "Companion mode shows every power's orders on one screen, for a game master keying in orders from "
                     "a physical board. Orders given so far in this phase would be visible. Switch?",
                     "Switch", "Stay in pass-and-play") == 1)
    flow_.set_mode(TableMode::Companion);
  // The game master's tablet is asked the same (table_host.h).
  if (confirm_dialog("adjudicate", &adjudicate_confirm_, server::kPlayQuestion, "Adjudicate", "Wait") == 1)
    adjudicate_with_current();
  if (confirm_dialog("agreement", &agreement_confirm_,
                     "End the game by agreement? The power with the most colonies wins (rule 4.2).", "End the game",
                     "Keep playing") == 1) {
    game_->end_by_agreement();
    save_now();
    flow_.begin(*game_, flow_.mode(), now());
  }
  if (flow_.attached() && end_time_confirm_) {
    const std::string question =
        std::string("End the game now, as when the time set for it runs out? The power with the most ") +
        (end_by_units_ ? "units" : "colonies") +
        " wins; powers tied for the most share the win. Orders handed in for this phase are not played.";
    if (confirm_dialog("end time", &end_time_confirm_, question.c_str(), "End the game", "Keep playing", &end_by_units_,
                       "Count units (the club's rule), not colonies") == 1) {
      game_->end_by_time_limit(end_by_units_ ? EndMeasure::Units : EndMeasure::Colonies);
      save_now();
      flow_.begin(*game_, flow_.mode(), now());
    }
  }
  if (flow_.attached() && flow_.power() != kNoPower) {
    const PowerId p = flow_.power();
    const std::string question =
        std::string("Hand in SURRENDER for ") + map_->power(p).name +
        "? It stays secret until this phase is played and can be taken back until then (Menu). Then the power "
        "leaves the game for good: its units hold and never build again (civil disorder). If every other player "
        "then votes Draw, they share it; if all but one surrender, that one wins.";
    if (confirm_dialog("surrender", &surrender_confirm_, question.c_str(), "Surrender", "Keep playing") == 1) {
      game_->hand_in_surrender(p, true);
      save_now();
    }
  }
  if (!notice_.empty()) {
    bool open = true;
    ImGui::OpenPopup("notice");
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(vp->Size.x * 0.9f, ImGui::GetFontSize() * 30.0f), 0));
    if (ImGui::BeginPopupModal("notice", &open,
                               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
      ImGui::TextWrapped("%s", notice_.c_str());
      ImGui::Spacing();
      if (primary_button("OK", -1, ImGui::GetFrameHeight() * 1.4f)) {
        notice_.clear();
        ImGui::CloseCurrentPopup();
      }
      ImGui::EndPopup();
    }
  }
}

// ---------------------------------------------------------------------------
// Hand-off: nothing private on screen, one big target

void App::draw_handoff() {
  const PowerId p = flow_.power();
  if (p == kNoPower) return;
  const ImGuiIO& io = ImGui::GetIO();
  const float top = layout_.top_bar.h;
  // Dim the board: it shows the position (public), never orders.
  ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, top), io.DisplaySize, IM_COL32(8, 12, 20, 170));
  const float w = std::min(io.DisplaySize.x * 0.92f, ImGui::GetFontSize() * 30.0f);
  const float h = std::min(io.DisplaySize.y - top - 16.0f, ImGui::GetFontSize() * 22.0f);
  ImGui::SetNextWindowPos(ImVec2((io.DisplaySize.x - w) * 0.5f, top + (io.DisplaySize.y - top - h) * 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("handoff", nullptr, kFixedWindow & ~ImGuiWindowFlags_NoBringToFrontOnFocus);
  const Map& map = *map_;
  const std::string name = game_->settings().player_names[p].c_str();
  const bool same = flow_.same_player(flow_.previous_power(), p);
  centred_text(same ? "Now your other power:" : "Pass the device to");
  ImGui::SetWindowFontScale(2.2f);
  {
    const float badge = ImGui::GetTextLineHeight();
    const float tw = ImGui::CalcTextSize(map.power(p).name).x + badge + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetCursorPosX((ImGui::GetWindowWidth() - tw) * 0.5f);
    power_badge(p, map.power(p).name, map.power(p).letter);
  }
  ImGui::SetWindowFontScale(1.0f);
  if (!name.empty()) centred_text(name.c_str());
  ResultText adjustment;
  describe_adjustment(*game_, p, adjustment);
  PhaseText phase;
  format_phase(game_->phase(), phase);
  std::string what = std::string(phase.c_str());
  if (!adjustment.empty()) what += ": " + std::string(adjustment.c_str());
  centred_text(what.c_str());
  ImGui::Spacing();
  // The whole lower card is the button: easy to hit, hard to miss.
  const float button_h = std::max(ImGui::GetFrameHeight() * 2.5f,
                                  ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing() * 2.2f);
  const std::string label = "Tap to reveal " + std::string(map.power(p).adjective) + " orders##reveal";
  if (primary_button(label.c_str(), -1, button_h)) flow_.reveal();
  ui_target("Reveal");
  // Who is done (public), never what they ordered.
  std::string done, waiting;
  for (PowerId q = 0; q < map.power_count(); ++q) {
    if (!flow_.is_asked(q)) continue;
    std::string& list = flow_.is_done(q) ? done : waiting;
    if (!list.empty()) list += ", ";
    list += map.power(q).name;
  }
  ImGui::TextDisabled("Done: %s", done.empty() ? "nobody yet" : done.c_str());
  ImGui::TextDisabled("Waiting: %s", waiting.c_str());
  ImGui::End();
}

// The computer's seats choosing their orders: a card over the dimmed board
// (the position is public; their orders are not shown until the results).
void App::draw_computer() {
  const ImGuiIO& io = ImGui::GetIO();
  const float top = layout_.top_bar.h;
  ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, top), io.DisplaySize, IM_COL32(8, 12, 20, 120));
  const float w = std::min(io.DisplaySize.x * 0.92f, ImGui::GetFontSize() * 26.0f);
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, top + (io.DisplaySize.y - top) * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, 0));
  ImGui::Begin("computer", nullptr, kFixedWindow | ImGuiWindowFlags_AlwaysAutoResize);
  const Map& map = *map_;
  centred_text("The computer is choosing its orders");
  std::string who;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (!((flow_.computer_turn() >> p) & 1u)) continue;
    if (!who.empty()) who += ", ";
    who +=
        std::string(map.power(p).name) + " (" + std::string(bot_level_name(game_->settings().computer_level[p])) + ")";
  }
  ImGui::TextWrapped("%s", who.c_str());
  const int total = std::max(1, computer_total_);
  const int made = std::min(total, computer_progress_.load());
  // Never still: a bar that moves while the worker thinks.
  const float sweep = static_cast<float>(std::fmod(now(), 1.2) / 1.2);
  const float shown =
      made >= total ? 1.0f : (static_cast<float>(made) + 0.2f + 0.6f * sweep) / static_cast<float>(total);
  char label[48];
  std::snprintf(label, sizeof label, "%d of %d powers", made, total);
  ImGui::ProgressBar(shown, ImVec2(-1, 0), label);
  ImGui::TextDisabled("Their orders are shown with the results.");
  ImGui::End();
}

// Over the board while the preview shows: what it is, in words nobody can
// take for the results.
void App::draw_preview_label() {
  if (!preview_on_ || !flow_.attached() || flow_.screen() != Screen::Orders || flow_.mode() != TableMode::PassAndPlay ||
      preview_made_.phase != game_->history_size() || preview_made_.power != flow_.power())
    return;
  const char* text = preview_guess_ == PreviewGuess::OthersHold
                         ? "PREVIEW - a guess: your orders if every other unit holds"
                         : "PREVIEW - a guess: your orders against the computer's guess of the others";
  const ImVec2 size = ImGui::CalcTextSize(text);
  const float pad = ImGui::GetFontSize() * 0.5f;
  const ImVec2 at(layout_.board.x + (layout_.board.w - size.x) * 0.5f, layout_.board.y + pad);
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  dl->AddRectFilled(ImVec2(at.x - pad, at.y - pad * 0.5f), ImVec2(at.x + size.x + pad, at.y + size.y + pad * 0.5f),
                    IM_COL32(120, 60, 0, 230), pad * 0.5f);
  dl->AddText(at, IM_COL32(255, 240, 200, 255), text);
}

// Who plays each power: a person or the computer (at its level). For a
// player who left (a power in civil disorder), the game master hands the
// power to the computer here.
void App::draw_computer_seats() {
  if (!computer_seats_open_ || !flow_.attached()) return;
  ImGui::OpenPopup("computer seats");
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(vp->Size.x * 0.95f, ImGui::GetFontSize() * 34.0f), 0));
  if (!ImGui::BeginPopupModal("computer seats", nullptr,
                              ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                  ImGuiWindowFlags_AlwaysAutoResize))
    return;
  const Map& map = *map_;
  ImGui::TextWrapped("Who plays each power. The computer gives its orders when everyone else is done.");
  static constexpr const char* kChoices[] = {"Person", "Easy", "Normal", "Hard"};
  bool changed = false;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if ((game_->settings().unplayed_powers >> p) & 1u) continue;
    ImGui::PushID(p);
    ImGui::AlignTextToFramePadding();
    power_badge(p, map.power(p).name, map.power(p).letter);
    if (game_->surrendered(p)) {
      ImGui::SameLine();
      ImGui::TextDisabled("(civil disorder)");
    }
    const bool computer = (game_->settings().computer_powers >> p) & 1u;
    const int now_choice = computer ? 1 + static_cast<int>(game_->settings().computer_level[p]) : 0;
    for (int k = 0; k < 4; ++k) {
      ImGui::SameLine(k == 0 ? ImGui::GetFontSize() * 13.0f : 0.0f);
      const bool on = k == now_choice && !(k == 0 && game_->surrendered(p));
      if (touch_radio(kChoices[k], on) && !on) {
        changed = game_->set_computer(p, k > 0, static_cast<BotLevel>(k > 0 ? k - 1 : 0)) || changed;
      }
      ui_target(std::string(map.power(p).name) + " " + kChoices[k]);
    }
    ImGui::PopID();
  }
  if (changed) {
    flow_.seats_changed();
    save_now();
  }
  if (primary_button("Close", -1, ImGui::GetFrameHeight() * 1.4f)) {
    computer_seats_open_ = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

// ---------------------------------------------------------------------------
// Orders

void App::draw_orders() {
  const PowerId p = flow_.power();
  if (!begin_panel("orders") || p == kNoPower) {
    end_panel();
    return;
  }
  const Map& map = *map_;
  const bool companion = flow_.mode() == TableMode::Companion;
  const float big = ImGui::GetFrameHeight() * 1.4f;
  if (companion) {
    // Every power with a decision, as tabs; Done ones marked.
    for (PowerId q = 0; q < map.power_count(); ++q) {
      if (!flow_.is_asked(q)) continue;
      const std::string label =
          std::string(map.power(q).name) + (flow_.is_done(q) ? " (done)" : "") + "##tab" + std::to_string(q);
      ImGui::PushStyleColor(ImGuiCol_Button, q == p ? ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive)
                                                    : ImGui::GetStyleColorVec4(ImGuiCol_Button));
      const float lw = ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
      if (ImGui::GetCursorPosX() + lw > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
      if (touch_button(label.c_str())) flow_.select(q);
      ImGui::PopStyleColor();
      ImGui::SameLine();
    }
    ImGui::NewLine();
  }
  if (!companion) {
    power_badge(p, map.power(p).name, map.power(p).letter);
    const std::string player = game_->settings().player_names[p].c_str();
    if (!player.empty()) {
      ImGui::SameLine();
      ImGui::TextDisabled("(%s)", player.c_str());
    }
  }
  if (game_->phase().kind == PhaseKind::Movement) {
    // The draw vote (house rules), on the same line at the right.
    const char* label = "Draw";
    const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
    if (!companion) ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - w));
    bool draw = (game_->draw_votes() >> p) & 1u;
    if (touch_checkbox("Draw##vote", &draw)) {
      game_->vote_draw(p, draw);
      save_now();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Vote for a draw shared by every power still playing");
  }
  OrderEntry& entry = entry_for(p);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
  if (companion) {
    if (touch_button(flow_.is_done(p) ? "Done (again)##done" : "Done##done", half, big)) done_pressed();
    ui_target("Done");
    ImGui::SameLine();
    const bool all_done = flow_.waiting() == 0;
    if (all_done ? primary_button("Adjudicate", -1, big) : touch_button("Adjudicate", -1, big)) {
      if (all_done)
        adjudicate_with_current();
      else
        adjudicate_confirm_ = true;
    }
  } else {
    const std::string label = std::string("Done: hand on##done");
    if (primary_button(label.c_str(), -1, big)) done_pressed();
    ui_target("Done");
    // What if: these orders against a guess of the others' (never their
    // real ones, which nobody sees before the results).
    if (game_->phase().kind == PhaseKind::Movement) {
      touch_checkbox("Preview (a guess)", &preview_on_);
      ui_target("Preview");
      if (preview_on_) {
        ImGui::TextDisabled("Others:");
        ImGui::SameLine();
        if (touch_radio("hold", preview_guess_ == PreviewGuess::OthersHold)) preview_guess_ = PreviewGuess::OthersHold;
        ui_target("Preview: others hold");
        ImGui::SameLine();
        if (touch_radio("as the computer guesses", preview_guess_ == PreviewGuess::ComputerGuess))
          preview_guess_ = PreviewGuess::ComputerGuess;
        ui_target("Preview: computer's guess");
      }
    }
  }
  // The order pad fills the rest of the panel.
  ImGui::BeginChild("entry", ImVec2(0, 0), false);
  entry.draw_panel_contents();
  ImGui::EndChild();
  end_panel();
}

}  // namespace colonial
