// The screens of a turn in progress: the top bar and its menu, the new-game
// screen's panel, the hand-off screen of pass-and-play, the orders screen
// (one power's, or any power's in companion mode), and the app's own
// dialogs: its questions and the notices.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "app.h"
#include "files.h"
#include "main_loop.h"
#include "replies.h"
#include "report.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

using text::format;
using text::tr;
using text::trc;

namespace {

std::string clock_text(double seconds) {
  const int s = static_cast<int>(seconds + 0.999);
  char text[16];
  std::snprintf(text, sizeof text, "%d:%02d", s / 60, s % 60);
  return text;
}

// The timer's colour: red in the last minute.
ImVec4 timer_colour(double left, ImVec4 otherwise) { return left < 60 ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : otherwise; }

struct QuestionWords {
  const char* id;
  std::string text;
  const char* yes;
  const char* no;
};

// The words of the app's own questions (an empty id for the others).
QuestionWords question_words(const Map& map, const Modal& question) {
  const char* keep_playing = tr("Keep playing");
  QuestionWords w{"", "", "", keep_playing};
  switch (question.question) {
    case Question::Quit:
      w = {"quit", tr("Leave Colonial? The game is saved after every step and goes on from here next time."),
           tr("Leave"), keep_playing};
      break;
    case Question::NewGame:
      w = {"new game",
           tr("Start a new game? This game is kept in a file of its own beside the autosave (colonial-judge can read "
              "it), but this app will not go back to it."),
           tr("New game"), keep_playing};
      break;
    case Question::Companion:
      w = {"companion",
           tr("Companion mode shows every power's orders on one screen, for a game master keying in orders from a "
              "physical board. Orders given so far in this phase would be visible. Switch?"),
           tr("Switch"), tr("Stay in pass-and-play")};
      break;
    case Question::Adjudicate:
      // The game master's tablet is asked the same (game/server/table_host.h).
      w = {"adjudicate", trc(server::kRepliesContext, server::reply_text(server::ReplyId::PlayQuestion)),
           tr("Adjudicate"), tr("Wait")};
      break;
    case Question::Agreement:
      w = {"agreement", tr("End the game by agreement? The power with the most colonies wins (rule 4.2)."),
           tr("End the game"), keep_playing};
      break;
    case Question::EndTime:
      w = {"end time",
           question.option ? tr("End the game now, as when the time set for it runs out? The power with the most "
                                "units wins; powers tied for the most share the win. Orders handed in for this "
                                "phase are not played.")
                           : tr("End the game now, as when the time set for it runs out? The power with the most "
                                "colonies wins; powers tied for the most share the win. Orders handed in for this "
                                "phase are not played."),
           tr("End the game"), keep_playing};
      break;
    case Question::Surrender:
      w = {"surrender",
           // TRANSLATORS: %s is a power's name, standing alone.
           format(tr("Hand in SURRENDER for %s? It stays secret until this phase is played and can be taken back "
                     "until then (Menu). Then the power leaves the game for good: its units hold and never build "
                     "again (civil disorder). If every other player then votes Draw, they share it; if all but one "
                     "surrender, that one wins."),
                  std::string(power_name(map, static_cast<PowerId>(question.subject))).c_str()),
           tr("Surrender"), keep_playing};
      break;
    default: break;
  }
  return w;
}

}  // namespace

bool App::begin_panel(const char* id) { return begin_side_panel(id, layout_, panel_collapsed_); }

bool App::short_panel() const { return layout_.panel.h < ImGui::GetFrameHeight() * 14.0f; }

// ---------------------------------------------------------------------------
// The top bar and its menu

// The phase timer in large type over the board, readable across the table;
// red in the last minute.
void App::draw_countdown() {
  const TurnFlow& flow = session_.flow();
  if (!flow.attached() || !flow.timed() || modals_.is_open(ModalKind::Help) || modals_.is_open(ModalKind::Phones))
    return;
  if (flow.screen() != Screen::Handoff && flow.screen() != Screen::Orders) return;
  const double left = flow.seconds_left(now());
  // Stopped by the game master (from the tablet): said so, not just still.
  // TRANSLATORS: the phase timer's minutes and seconds ("1:05"), stopped by the game master.
  const std::string text = flow.clock_running() ? clock_text(left) : format(tr("%s stopped"), clock_text(left).c_str());
  const LayoutRect& b = layout_.board;
  ImGui::SetNextWindowPos(ImVec2(b.x + b.w - ImGui::GetFontSize() * 0.6f, b.y + ImGui::GetFontSize() * 0.4f),
                          ImGuiCond_Always, ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.55f);
  ImGui::Begin("countdown", nullptr,
               kFixedWindowFlags | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoInputs |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  // Large across the table, but on a handheld's small board (240 points
  // at 480x320) it must not hide a third of it.
  ImGui::SetWindowFontScale(std::clamp(b.w / 180.0f, 1.3f, 2.6f));
  ImGui::PushStyleColor(ImGuiCol_Text, timer_colour(left, ImVec4(0.92f, 0.95f, 1.0f, 1.0f)));
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(1.0f);
  ImGui::End();
}

void App::draw_top_bar() {
  const TurnFlow& flow = session_.flow();
  const Game& game = session_.game();
  const LayoutRect& r = layout_.top_bar;
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
  ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetStyle().WindowPadding.x, 0));
  ImGui::Begin("top bar", nullptr, kFixedWindowFlags | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar();
  const float h = ImGui::GetFrameHeight();
  ImGui::SetCursorPosY((r.h - h) * 0.5f);
  if (touch_button(tr("Menu"))) modals_.open(ModalKind::Menu);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  // On a narrow screen (a phone) the title is cut where the right-hand
  // buttons start rather than running under them.
  const TopBarButtons buttons = top_bar_buttons(r.w);
  const ImVec2 bar = ImGui::GetWindowPos();
  ImGui::PushClipRect(bar, ImVec2(bar.x + buttons.x - ImGui::GetStyle().ItemSpacing.x, bar.y + r.h), true);
  TablesScreen* tables = kiosk_.tables();
  if (tables && flow.attached()) {
    // A kiosk's several tables: which one this is.
    ImGui::TextUnformatted(tables->name());
    ImGui::SameLine();
  }
  if (modals_.is_open(ModalKind::Lesson)) {
    // TRANSLATORS: the top bar during a lesson: its title follows.
    ImGui::TextUnformatted(lessons_.run.started() && !lessons_.done
                               ? format(tr("Learn to play: %s"), tr(lessons_.run.data().title)).c_str()
                               : tr("Learn to play"));
  } else if (flow.attached()) {
    // The phase on the board: the one played, on the results and history.
    const int shown = flow.screen() == Screen::Results   ? flow.shown_phase()
                      : flow.screen() == Screen::History ? flow.history_index()
                                                         : -1;
    PhaseText phase;
    describe_phase(shown >= 0 && shown < game.history_size() ? game.history(shown).results.phase : game.phase(), phase);
    ImGui::TextUnformatted(game.over() && shown < 0 ? tr("Game over") : phase.c_str());
    if (flow.timed() && (flow.screen() == Screen::Handoff || flow.screen() == Screen::Orders)) {
      ImGui::SameLine();
      const double left = flow.seconds_left(now());
      ImGui::PushStyleColor(ImGuiCol_Text, timer_colour(left, ImVec4(0.8f, 0.9f, 1.0f, 1.0f)));
      // TRANSLATORS: the phase timer's minutes and seconds ("1:05") left.
      ImGui::TextUnformatted(
          format(flow.clock_running() ? tr("%s left") : tr("%s left (stopped)"), clock_text(left).c_str()).c_str());
      ImGui::PopStyleColor();
    }
  } else {
    ImGui::TextUnformatted("Colonial Diplomacy");
  }
  if (!session_.save_error().empty()) {
    // At a kiosk the staff are told where to look; the players play on.
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.45f, 1.0f), "%s",
                       options_.kiosk ? tr("(not saved: staff, see Kiosk settings)") : tr("(not saved)"));
    if (ImGui::IsItemHovered() && !kiosk_.staff_locked()) ImGui::SetTooltip("%s", session_.save_error().c_str());
  }
  ImGui::PopClipRect();
  draw_top_bar_buttons(buttons);
  ImGui::End();
  draw_menu();
}

// Which of the top bar's right-aligned buttons are shown, and where the
// first of them starts (in the bar's window).
App::TopBarButtons App::top_bar_buttons(float bar_w) {
  const TurnFlow& flow = session_.flow();
  const ImGuiStyle& st = ImGui::GetStyle();
  auto width_of = [&](const char* label) {
    return ImGui::CalcTextSize(label).x + st.FramePadding.x * 2 + st.ItemSpacing.x;
  };
  TopBarButtons b;
  // A lesson keeps the game in play out of sight.
  const bool lesson = modals_.is_open(ModalKind::Lesson);
  b.history = flow.can_open_history() && flow.screen() != Screen::History && !lesson;
  b.panel_toggle = flow.screen() != Screen::Handoff || lesson;
  b.panel_label = panel_collapsed_ ? tr("Show panel") : tr("Hide panel");
  // The kiosk's tables, from anywhere but a power's orders (kept private)
  // and the game master's editor.
  b.to_tables = kiosk_.tables() && flow.screen() != Screen::Orders && !modals_.is_open(ModalKind::Editor) && !lesson;
  float right = width_of(tr("Rules"));
  if (b.to_tables) right += width_of(tr("Tables"));
  if (b.history) right += width_of(tr("History"));
  if (b.panel_toggle) right += width_of(b.panel_label);
  b.x = bar_w - right - st.WindowPadding.x + st.ItemSpacing.x;
  return b;
}

// The top bar's right-aligned buttons: the kiosk's tables, the history, the
// rules, and the panel folded or shown.
void App::draw_top_bar_buttons(const TopBarButtons& b) {
  TablesScreen* tables = kiosk_.tables();
  const bool to_tables = b.to_tables, history = b.history, panel_toggle = b.panel_toggle;
  const char* panel_label = b.panel_label;
  const char* rules = tr("Rules");
  const char* tables_label = tr("Tables");
  const char* history_label = tr("History");
  ImGui::SameLine(std::max(ImGui::GetCursorPosX(), b.x));
  if (to_tables && touch_button(tables_label)) tables->open(session_, modals_, now());
  if (to_tables) ImGui::SameLine();
  if (history && touch_button(history_label)) {
    session_.flow().open_history();
    playback_.stop();
  }
  if (history) ImGui::SameLine();
  if (touch_button(rules)) modals_.open(ModalKind::Help);
  if (panel_toggle) {
    ImGui::SameLine();
    if (touch_button(panel_label)) panel_collapsed_ = !panel_collapsed_;
  }
}

// SURRENDER (house rules) for the power whose orders are on screen, in the
// menu: handed in secretly with its orders, withdrawable until the phase is
// played.
void App::draw_surrender_item(float w) {
  const TurnFlow& flow = session_.flow();
  Game& game = session_.game();
  if (!flow.attached() || game.over() || flow.screen() != Screen::Orders || flow.power() == kNoPower) return;
  const PowerId p = flow.power();
  if (game.surrender_pending(p)) {
    // TRANSLATORS: %s is a power's name, standing alone.
    const std::string label =
        format(tr("Take back %s's surrender"), std::string(power_name(session_.map(), p)).c_str());
    if (touch_button(label.c_str(), w)) {
      game.hand_in_surrender(p, false);
      session_.save(now());
      modals_.close(ModalKind::Menu);
    }
    ui_target("Take back the surrender");
  } else {
    // TRANSLATORS: %s is a power's name, standing alone.
    const std::string label = format(tr("Surrender %s..."), std::string(power_name(session_.map(), p)).c_str());
    if (touch_button(label.c_str(), w)) {
      modals_.close(ModalKind::Menu);
      modals_.ask(Question::Surrender, p);
    }
    ui_target("Surrender...");
  }
}

// The menu is the modal stack's (ModalKind::Menu); ImGui's popup follows it
// both ways: opened with it, closed when it closes (Esc), and a tap beside
// the popup closes the entry.
void App::draw_menu() {
  const Modal* top = modals_.top();
  const bool open = modals_.is_open(ModalKind::Menu);
  if (open && top && top->kind == ModalKind::Menu && top->appearing) ImGui::OpenPopup("menu");
  ImGui::SetNextWindowPos(ImVec2(layout_.top_bar.x + 4, layout_.top_bar.h));
  // No taller than the screen below the bar: a long menu (a small screen,
  // staff's items) scrolls rather than running off the bottom edge.
  const float below_bar = ImGui::GetMainViewport()->Size.y - layout_.top_bar.h - 4;
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(FLT_MAX, std::max(below_bar, ImGui::GetFrameHeight() * 3)));
  if (!ImGui::BeginPopup("menu")) {
    if (open && !(top && top->kind == ModalKind::Menu && top->appearing)) modals_.close(ModalKind::Menu);
    return;
  }
  const float w = ImGui::GetFontSize() * 16.0f;
  if (open) draw_menu_items(w);
  if (!modals_.is_open(ModalKind::Menu)) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// Each item closes the menu (modals_.close) before what it opens.
void App::draw_menu_items(float w) {
  TurnFlow& flow = session_.flow();
  const Game& game = session_.game();
  auto item = [&](bool shown, const char* label) {
    if (!shown || !touch_button(label, w)) return false;
    modals_.close(ModalKind::Menu);
    return true;
  };
  if (kiosk_.staff_locked()) {
    // A passer-by at the kiosk: the game in play, its surrender, the staff.
    draw_surrender_item(w);
    // The board's colours for this passer-by (the kiosk's own come back
    // with the attract view).
    draw_colours_item();
    if (item(true, tr("Staff..."))) kiosk_.staff().open_pad(StaffMode::Pad::Unlock, modals_);
    ImGui::TextDisabled("%s", tr("New games, settings and leaving are for the club's staff."));
    return;
  }
  TablesScreen* tables = kiosk_.tables();
  if (item(tables, tr("New table"))) tables->new_table(session_, modals_, *this);
  if (item(true, tables ? tr("New game at this table") : tr("New game"))) {
    if (flow.attached() && !game.over()) {
      modals_.ask(Question::NewGame);
    } else {
      flow.leave_game();
      modals_.close_all_but(ModalKind::Tables);
    }
  }
  const bool companion = flow.mode() == TableMode::Companion;
  if (item(true, companion ? tr("Switch to pass-and-play") : tr("Switch to companion mode"))) {
    if (!companion && flow.attached() && (flow.screen() == Screen::Handoff || flow.screen() == Screen::Orders))
      modals_.ask(Question::Companion);
    else
      flow.set_mode(companion ? TableMode::PassAndPlay : TableMode::Companion);
  }
  // The players' phones as order pads: for a table with a game master
  // (companion mode) or a club's kiosk.
  const bool playing = flow.attached() && !game.over();
#if COLONIAL_PHONES
  if (item(flow.attached() && (companion || options_.kiosk), tr("Phones..."))) modals_.open(ModalKind::Phones);
#else
  if (companion) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + w);
    ImGui::TextDisabled("%s", tr("The players' phones are served by the app on a computer or a Pi."));
    ImGui::PopTextWrapPos();
  }
#endif
  // The game master's tools: the board made to match the table's, and a
  // whole sheet of orders typed or pasted at once.
  if (item(playing && companion, tr("Edit the position..."))) gm_.open_editor(game, modals_);
  if (item(flow.attached() && companion && flow.screen() == Screen::Orders, tr("Order sheet...")))
    modals_.open(ModalKind::OrderSheet);
  // The top bar's History and Rules, for a pad (Select opens this menu).
  if (item(flow.can_open_history() && flow.screen() != Screen::History, tr("History"))) {
    flow.open_history();
    playback_.stop();
  }
  if (item(true, tr("Rules and controls"))) modals_.open(ModalKind::Help);
  if (item(playing, tr("Computer players..."))) modals_.open(ModalKind::ComputerSeats);
  if (item(playing, tr("End by agreement"))) modals_.ask(Question::Agreement);
  // The game master ends the game when the time set for it runs out (the
  // club's two-month limit; rule 4.2 counts colonies).
  if (item(playing, tr("End: time is up...")))
    modals_.ask(Question::EndTime, -1, game.settings().time_limit_measure == EndMeasure::Units);
  draw_surrender_item(w);
  draw_settings_items(w);
}

// The players' settings (text size, sound, colours, fullscreen), and the
// way out: Quit, or at a kiosk its settings, Lock and Quit the kiosk.
void App::draw_settings_items(float w) {
  // Text size: the automatic scale suits most screens; a tablet held at arm's
  // length or a small handheld may want it otherwise.
  ImGui::AlignTextToFramePadding();
  ImGui::Text(tr("Text size %d%%"), static_cast<int>(std::lround(ui_factor_ * 100)));
  ImGui::SameLine();
  if (touch_button((std::string(tr("Smaller")) + "##text").c_str())) ui_factor_ = std::max(0.75f, ui_factor_ - 0.25f);
  ui_target("Text smaller");
  ImGui::SameLine();
  if (touch_button((std::string(tr("Larger")) + "##text").c_str())) ui_factor_ = std::min(2.0f, ui_factor_ + 0.25f);
  ui_target("Text larger");
  if (!options_.kiosk) {
    // A kiosk's staff choose its language in its settings, kept there.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Language"));
    ImGui::SameLine();
    language_choice(new_game_.language(), options_.language);
  }
  touch_checkbox(tr("Sound at one minute and at time up"), &timer_warnings_.sound_on());
  draw_colours_item();
  auto item = [&](const char* label) {
    if (!touch_button(label, w)) return false;
    modals_.close(ModalKind::Menu);
    return true;
  };
  if (platform::in_a_browser()) {
    // The page keeps the game; the record is the same file as a computer's
    // or a Pi's app keeps, to play on there.
    if (item(window_.fullscreen() ? tr("Leave fullscreen") : tr("Fullscreen"))) window_.toggle_fullscreen();
    if (session_.record().enabled() && item(tr("Download the record"))) {
      session_.save(now());
      platform::offer_download(session_.record().path());
    }
    // A record from a computer, a Pi or another browser: the page's file input.
    if (item(tr("Open a record..."))) platform::ask_for_file_to_open();
  } else if (!options_.kiosk) {
    if (item(window_.fullscreen() ? tr("Leave fullscreen") : tr("Fullscreen"))) window_.toggle_fullscreen();
    if (item(tr("Quit"))) modals_.ask(Question::Quit);
  } else {
    // Staff at the kiosk: its settings, leave staff mode, or the app itself.
    if (item(tr("Kiosk settings..."))) modals_.open(ModalKind::KioskSettings);
    if (item(tr("Lock (leave staff mode)"))) kiosk_.staff().lock(StaffMode::LockReason::ByStaff);
    if (item(tr("Quit the kiosk"))) modals_.ask(Question::Quit);
  }
  if (session_.record().enabled()) ImGui::TextDisabled(tr("Saved in %s"), session_.record().path().c_str());
}

// The board's colours: the printed board's or a colour-blind palette.
void App::draw_colours_item() {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Colours"));
  ImGui::SameLine();
  PaletteKind palette = view_.palette();
  if (palette_choice(palette)) choose_palette(palette);
}

// ---------------------------------------------------------------------------
// The app's dialogs: its questions and the notices

void App::draw_notice(const Modal& notice, const Modals::Above& above) {
  // Notices waiting under this one have their own popup (nested, not shared).
  int depth = 0;
  for (std::size_t i = 0; i < modals_.size() && modals_.at(i).serial != notice.serial; ++i)
    depth += modals_.at(i).kind == ModalKind::Notice;
  const std::string id = depth == 0 ? std::string("notice") : "notice##" + std::to_string(depth);
  if (!begin_dialog(id.c_str(), dialog_width(30))) {
    above();
    return;
  }
  ImGui::TextWrapped("%s", notice.text.c_str());
  ImGui::Spacing();
  const bool ok = primary_button(tr("OK"), -1, ImGui::GetFrameHeight() * 1.4f);
  if (ok) modals_.close_serial(notice.serial);
  above();
  if (ok) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void App::draw_question(const Modal& question, const Modals::Above& above) {
  // The features' own questions.
  switch (question.question) {
    case Question::Rollback: gm_.draw_rollback(session_, modals_, question, now(), above); return;
#if COLONIAL_PHONES
    case Question::NewSeat: phones_.draw_new_seat(session_, modals_, question, above); return;
#endif
    case Question::ArchiveTable:
    case Question::DeleteTable:
      if (TablesScreen* tables = kiosk_.tables()) {
        tables->draw_question(
            {session_, modals_, kiosk_.staff(), *this, window_.canvas(), view_, kiosk_.staff_locked(), now()}, question,
            above);
        return;
      }
      break;
    default: break;
  }
  const QuestionWords w = question_words(session_.map(), question);
  // Questions about the game in play go with it.
  const bool about_game = question.question != Question::Quit && question.question != Question::NewGame &&
                          question.question != Question::Companion;
  if (!w.id[0] || (about_game && !session_.flow().attached())) {
    modals_.close_serial(question.serial);
    above();
    return;
  }
  bool option = question.option;
  const int answer =
      confirm_dialog(w.id, w.text.c_str(), w.yes, w.no, question.question == Question::EndTime ? &option : nullptr,
                     tr("Count units (the club's rule), not colonies"), above);
  if (option != question.option) modals_.set_option(question.serial, option);
  if (answer < 0) return;
  modals_.close_serial(question.serial);
  Modal answered = question;
  answered.option = option;
  if (answer == 1) answer_yes(answered);
}

void App::answer_yes(const Modal& question) {
  const double t = now();
  TurnFlow& flow = session_.flow();
  Game& game = session_.game();
  switch (question.question) {
    case Question::Quit: running_ = false; break;
    case Question::NewGame:
      flow.leave_game();
      modals_.close_all_but(ModalKind::Tables);
      break;
    case Question::Companion: flow.set_mode(TableMode::Companion); break;
    case Question::Adjudicate: session_.adjudicate_with_current(); break;
    case Question::Agreement:
      game.end_by_agreement();
      session_.ended(t);
      break;
    case Question::EndTime:
      game.end_by_time_limit(question.option ? EndMeasure::Units : EndMeasure::Colonies);
      session_.ended(t);
      break;
    case Question::Surrender:
      game.hand_in_surrender(static_cast<PowerId>(question.subject), true);
      session_.save(t);
      break;
    default: break;
  }
}

// ---------------------------------------------------------------------------
// The new-game screen

void App::draw_new_game() {
  // A decision under way reads the board this screen changes.
  session_.computer().stop();
  if (begin_panel("new game")) {
    if (kiosk_.staff_locked()) {
      ImGui::SetWindowFontScale(1.3f);
      ImGui::TextUnformatted("Colonial Diplomacy");
      ImGui::SetWindowFontScale(1.0f);
      kiosk_.staff().draw_gate(tr("No game is open at this table. The club's staff start one."), modals_);
    } else {
      TablesScreen* tables = kiosk_.tables();
      if (new_game_.draw(session_.map(), session_.flow(), tables ? tables->name() : nullptr, TablesScreen::kNameSize,
                         options_.language))
        start_new_game();
      else if (new_game_.take_lessons_request())
        open_lessons();
    }
  }
  end_side_panel();
}

// ---------------------------------------------------------------------------
// Hand-off: nothing private on screen, one big target

void App::draw_handoff() {
  TurnFlow& flow = session_.flow();
  const PowerId p = flow.power();
  if (p == kNoPower) return;
  const Game& game = session_.game();
  const Map& map = session_.map();
  const ImGuiIO& io = ImGui::GetIO();
  const float top = layout_.top_bar.h;
  // Dim the board: it shows the position (public), never orders.
  ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, top), io.DisplaySize, IM_COL32(8, 12, 20, 170));
  const float w = std::min(io.DisplaySize.x * 0.92f, ImGui::GetFontSize() * 30.0f);
  const float h = std::min(io.DisplaySize.y - top - 16.0f, ImGui::GetFontSize() * 22.0f);
  ImGui::SetNextWindowPos(ImVec2((io.DisplaySize.x - w) * 0.5f, top + (io.DisplaySize.y - top - h) * 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::Begin("handoff", nullptr, kFixedWindowFlags & ~ImGuiWindowFlags_NoBringToFrontOnFocus);
  const std::string name = game.settings().player_names[p].c_str();
  const bool same = flow.same_player(flow.previous_power(), p);
  centred_text(same ? tr("Now your other power:") : tr("Pass the device to"));
  ImGui::SetWindowFontScale(2.2f);
  const std::string power(power_name(map, p));
  {
    const float badge = ImGui::GetTextLineHeight();
    const float tw = ImGui::CalcTextSize(power.c_str()).x + badge + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetCursorPosX((ImGui::GetWindowWidth() - tw) * 0.5f);
    power_badge(p, power.c_str(), map.power(p).letter);
  }
  ImGui::SetWindowFontScale(1.0f);
  if (!name.empty()) centred_text(name.c_str());
  ResultText adjustment;
  describe_adjustment(game, p, adjustment);
  PhaseText phase;
  describe_phase(game.phase(), phase);
  std::string what = std::string(phase.c_str());
  if (!adjustment.empty()) what += ": " + std::string(adjustment.c_str());
  centred_text(what.c_str());
  ImGui::Spacing();
  // Who is done (public), never what they ordered.
  std::string done, waiting;
  for (PowerId q = 0; q < map.power_count(); ++q) {
    if (!flow.is_asked(q)) continue;
    std::string& list = flow.is_done(q) ? done : waiting;
    if (!list.empty()) list += ", ";
    list += power_name(map, q);
  }
  const std::string done_line = format(tr("Done: %s"), done.empty() ? tr("nobody yet") : done.c_str());
  const std::string waiting_line = format(tr("Waiting: %s"), waiting.c_str());
  // Seven powers' names in a longer language take more than a line.
  const float wrap = ImGui::GetContentRegionAvail().x;
  const float lines_h = ImGui::CalcTextSize(done_line.c_str(), nullptr, false, wrap).y +
                        ImGui::CalcTextSize(waiting_line.c_str(), nullptr, false, wrap).y +
                        ImGui::GetStyle().ItemSpacing.y * 2;
  // The whole lower card is the button: easy to hit, hard to miss.
  const float button_h = std::max(ImGui::GetFrameHeight() * 2.5f,
                                  ImGui::GetContentRegionAvail().y - lines_h - ImGui::GetStyle().ItemSpacing.y);
  // TRANSLATORS: %s is a power's name, standing alone.
  const std::string label = format(tr("Tap to reveal %s's orders"), power.c_str()) + "##reveal";
  if (primary_button(label.c_str(), -1, button_h)) flow.reveal();
  ui_target("Reveal");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", done_line.c_str());
  ImGui::TextWrapped("%s", waiting_line.c_str());
  ImGui::PopStyleColor();
  ImGui::End();
}

// ---------------------------------------------------------------------------
// Orders

// Companion mode: every power with a decision, as tabs; Done ones marked.
void App::draw_power_tabs() {
  TurnFlow& flow = session_.flow();
  const Map& map = session_.map();
  for (PowerId q = 0; q < map.power_count(); ++q) {
    if (!flow.is_asked(q)) continue;
    const std::string name(power_name(map, q));
    // TRANSLATORS: a power's tab in companion mode once its orders are done; %s is its name.
    const std::string label =
        (flow.is_done(q) ? format(tr("%s (done)"), name.c_str()) : name) + "##tab" + std::to_string(q);
    ImGui::PushStyleColor(ImGuiCol_Button, q == flow.power() ? ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive)
                                                             : ImGui::GetStyleColorVec4(ImGuiCol_Button));
    const float lw = ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
    if (ImGui::GetCursorPosX() + lw > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
    if (touch_button(label.c_str())) flow.select(q);
    // Scripts choose the tab by the power's board name in every language.
    if (name != map.power(q).name) ui_target(map.power(q).name);
    ImGui::PopStyleColor();
    ImGui::SameLine();
  }
  ImGui::NewLine();
}

void App::draw_orders() {
  TurnFlow& flow = session_.flow();
  Game& game = session_.game();
  const Map& map = session_.map();
  const PowerId p = flow.power();
  if (!begin_panel("orders") || p == kNoPower) {
    end_side_panel();
    return;
  }
  const bool companion = flow.mode() == TableMode::Companion;
  // A short panel (a 480x320 handheld) keeps its room for the order pad:
  // a plain Done, and the preview after the pad's buttons.
  const bool compact = short_panel();
  const float big = ImGui::GetFrameHeight() * (compact ? 1.0f : 1.4f);
  if (companion) {
    draw_power_tabs();
  } else {
    power_badge(p, std::string(power_name(map, p)).c_str(), map.power(p).letter);
    const std::string player = game.settings().player_names[p].c_str();
    if (!player.empty()) {
      ImGui::SameLine();
      ImGui::TextDisabled("(%s)", player.c_str());
    }
  }
  if (game.phase().kind == PhaseKind::Movement) {
    // The draw vote (house rules), on the same line at the right if the
    // name leaves room, else below it.
    // TRANSLATORS: the checkbox of the vote for a draw (the game shared), not "to draw a picture".
    const char* label = trc("vote", "Draw");
    const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
    const float name_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetStyle().ItemSpacing.x;
    const float right = ImGui::GetWindowContentRegionMax().x - w;
    if (!companion && name_end <= right) ImGui::SameLine(right);
    bool draw = (game.draw_votes() >> p) & 1u;
    if (touch_checkbox((std::string(label) + "##vote").c_str(), &draw)) {
      game.vote_draw(p, draw);
      session_.save(now());
    }
    ui_target("Draw");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Vote for a draw shared by every power still playing"));
  }
  OrderEntry& pad = session_.pad(p);
  // What this power has to do now, always in view ("3 of 6 units ordered").
  ResultText task;
  describe_task(game, p, pad.orders(), task);
  ImGui::TextWrapped("%s", task.c_str());
  ui_target("What to do");
  if (companion) {
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    const std::string done_label = std::string(flow.is_done(p) ? tr("Done (again)") : trc("orders", "Done")) + "##done";
    if (touch_button(done_label.c_str(), half, big)) session_.done();
    ui_target("Done");
    ImGui::SameLine();
    const bool all_done = flow.waiting() == 0;
    const char* adjudicate = tr("Adjudicate");
    if (all_done ? primary_button(adjudicate, -1, big) : touch_button(adjudicate, -1, big)) {
      if (all_done)
        session_.adjudicate_with_current();
      else
        modals_.ask(Question::Adjudicate);
    }
  } else {
    if (primary_button((std::string(tr("Done: hand on")) + "##done").c_str(), -1, big)) session_.done();
    ui_target("Done");
    // What if: these orders against a guess of the others' (never their
    // real ones, which nobody sees before the results).
    if (game.phase().kind == PhaseKind::Movement && !compact) preview_.draw_controls();
  }
  // The order pad fills the rest of the panel.
  ImGui::BeginChild("entry", ImVec2(0, 0), false);
  pad.draw_panel_contents();
  if (!companion && compact && game.phase().kind == PhaseKind::Movement) {
    ImGui::Separator();
    preview_.draw_controls();
  }
  ImGui::EndChild();
  if (pad.take_plan_request()) modals_.open(ModalKind::Plan);
  end_side_panel();
}

}  // namespace colonial
