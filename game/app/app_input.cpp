// App: where each input event goes. The table of controls (input/controls.h)
// says what an event means in each place; the modal stack (flow/modals.h)
// says which place has the input: the entry on top, or with nothing open the
// screen and then the board.
#include <imgui.h>

#include <cstdio>

#include "app.h"
#include "controls.h"
#include "event_line.h"
#include "translate.h"

namespace colonial {

namespace {

constexpr double kLongPressSeconds = 0.5;

bool is_press(const platform::InputEvent& e) {
  using platform::InputType;
  return e.type == InputType::PointerDown || e.type == InputType::TouchDown || e.type == InputType::KeyDown ||
         e.type == InputType::GamepadButtonDown;
}

}  // namespace

void App::handle_event(const platform::InputEvent& e) {
  using platform::InputType;
  kiosk_.touched(now());
  // The attract view: a touch, a key or a button wakes the kiosk, and does
  // nothing else (the board under a finger is not tapped).
  if (modals_.routing() == Routing::Wake) {
    if (is_press(e)) {
      modals_.close(ModalKind::Attract);
      std::printf("colonial: idle: woken\n");
      text::emit_event("woken");
      if (kiosk_.asks_for_lessons(e)) open_lessons();
    }
    return;
  }
  if (e.type == InputType::Quit) {
    // The game is saved after every step; leaving loses nothing. A kiosk
    // stays (its window cannot be closed by whoever stands at it).
    if (!options_.kiosk) running_ = false;
    return;
  }
  if (e.type == InputType::GamepadUnmapped) {
    modals_.notify(
        text::format(text::tr("The pad \"%s\" has no gamepad mapping, so its buttons do nothing. Its line "
                              "of SDL_GameControllerDB in gamecontrollerdb.txt (see the log) makes it play."),
                     e.text));
    return;
  }
  // In a text box the keys are the box's (Esc leaves it: ImGui does that).
  const bool typing = e.ui_captured && (e.type == InputType::KeyDown || e.type == InputType::Text);
  if (!e.repeat && handle_anywhere(e, typing)) return;
  switch (modals_.routing()) {
    case Routing::Dialog: return;  // ImGui has the input
    case Routing::Tables:
      if (!typing && kiosk_.tables()) kiosk_.tables()->handle_key(e, session_, modals_, *this);
      return;
    case Routing::Board:
      if (modals_.on_top(ModalKind::Lesson) && handle_lesson_keys(e, typing)) return;
      handle_board(e);
      return;
    case Routing::Screen:
    case Routing::Wake: break;
  }
  if (handle_screen_keys(e, typing)) return;
  handle_board(e);
}

// What works everywhere: Esc (or B), the menu, fullscreen, the colour-blind
// palette, the help.
bool App::handle_anywhere(const platform::InputEvent& e, bool typing) {
  switch (action_for(e, Place::Anywhere)) {
    case Action::BackOrClose:
      if (!(typing && ImGui::GetIO().WantTextInput)) on_escape();
      return true;
    case Action::Fullscreen:
      if (!options_.kiosk) window_.toggle_fullscreen();
      return true;
    case Action::ColourBlindPalette:
      // Each palette in turn, back to the printed board's.
      choose_palette(static_cast<PaletteKind>((static_cast<int>(view_.palette()) + 1) % kPaletteCount));
      return true;
    case Action::Menu:
      // Over a dialog the pad's Select does nothing: B closes it first.
      if (modals_.on_top(ModalKind::Menu))
        modals_.close(ModalKind::Menu);
      else if (modals_.empty())
        modals_.open(ModalKind::Menu);
      return true;
    case Action::Help:
      if (modals_.on_top(ModalKind::Help))
        modals_.close(ModalKind::Help);
      else
        modals_.open(ModalKind::Help);
      return true;
    default: return false;
  }
}

// The screen's own keys: reveal, continue, replay, step through the
// history, Done and the order pad's.
bool App::handle_screen_keys(const platform::InputEvent& e, bool typing) {
  TurnFlow& flow = session_.flow();
  const Screen screen = flow.screen();
  const bool card = screen == Screen::Handoff || screen == Screen::Results || screen == Screen::History;
  if (!typing && card) {
    const Place place = screen == Screen::Handoff   ? Place::Handoff
                        : screen == Screen::Results ? Place::Results
                                                    : Place::History;
    switch (const Action a = action_for(e, place)) {
      case Action::Reveal: flow.reveal(); return true;
      case Action::Continue:
        if (playback_.running(now()))
          playback_.stop();
        else
          flow.continue_play(now());
        return true;
      case Action::Replay: playback_.start(now(), kResultsAnimationSeconds); return true;
      case Action::ScrollListUp: pad_scroll_lines_ -= kPadScrollLines; return true;
      case Action::ScrollListDown: pad_scroll_lines_ += kPadScrollLines; return true;
      case Action::HistoryPrevious:
      case Action::HistoryNext:
        flow.step_history(a == Action::HistoryNext ? 1 : -1);
        playback_.stop();
        return true;
      default: break;
    }
  }
  if (screen != Screen::Orders) return false;
  // Done (Ctrl+Enter) works even from the typed-order box.
  const Action a = action_for(e, Place::Orders);
  if (a == Action::Done && !e.repeat) {
    session_.done();
    return true;
  }
  if (a == Action::OpenHistory && !typing && flow.can_open_history()) {
    flow.open_history();
    return true;
  }
  // Companion mode: the shoulders move between the powers' tabs while no
  // order is begun (a pad has no finger for the tabs).
  if ((a == Action::NextAction || a == Action::PreviousAction) && e.type == platform::InputType::GamepadButtonDown &&
      flow.mode() == TableMode::Companion && flow.power() != kNoPower &&
      session_.pad(flow.power()).model().step() == EntryStep::Idle) {
    const int n = session_.map().power_count();
    const int dir = a == Action::NextAction ? 1 : -1;
    for (int k = 1; k < n; ++k) {
      const auto q = static_cast<PowerId>((flow.power() + dir * k + n * k) % n);
      if (flow.is_asked(q)) {
        flow.select(q);
        break;
      }
    }
    return true;
  }
  return flow.power() != kNoPower && session_.pad(flow.power()).handle_event(e, view_);
}

// The board: pan and zoom everywhere, taps on the orders screen (or in the
// editor); a press held long enough is the hold shortcut.
void App::handle_board(const platform::InputEvent& e) {
  using platform::InputType;
  if ((e.type == InputType::PointerDown || e.type == InputType::TouchDown) && !e.ui_captured &&
      (e.type == InputType::TouchDown || !e.from_touch)) {
    press_.active = true;
    press_.started = now();
  }
  const BoardGesture g = view_.handle_input(e);
  if (e.type == InputType::PointerUp || e.type == InputType::TouchUp) {
    const bool long_press = press_.active && now() - press_.started >= kLongPressSeconds;
    press_.active = false;
    if (g.tap) on_board_tap(g.at, long_press || g.secondary);
  }
}

// Esc and the pad's B: the entry on top first (modals.h), else one step
// back on the screen, else the question before quitting.
void App::on_escape() {
  // A list opened in the new-game form: ImGui closes it.
  if (modals_.empty() && ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
  const Modals::Escaped escaped = modals_.escape();
  switch (escaped.outcome) {
    case Modals::Outcome::Closed:
    case Modals::Outcome::Kept: return;
    case Modals::Outcome::Owner:
      if (escaped.entry.kind == ModalKind::Lesson) {
        on_lesson_escape();
        return;
      }
      // The kiosk's tables: back to the table in play (a kiosk never quits).
      if (session_.flow().attached()) modals_.close(ModalKind::Tables);
      return;
    case Modals::Outcome::Nothing: break;
  }
  TurnFlow& flow = session_.flow();
  switch (flow.screen()) {
    case Screen::Orders:
      if (flow.power() != kNoPower && session_.pad(flow.power()).model().step() != EntryStep::Idle) {
        session_.pad(flow.power()).back();
        return;
      }
      break;
    case Screen::History: flow.close_history(); return;
    default: break;
  }
  // Never quit by accident: ask (and in a kiosk, never).
  if (!options_.kiosk) modals_.ask(Question::Quit);
}

void App::on_board_tap(platform::PointF at, bool long_press) {
  if (modals_.on_top(ModalKind::Lesson)) {
    on_lesson_tap(at, long_press);
    return;
  }
  if (modals_.is_open(ModalKind::Editor)) {
    gm_.tap(view_.pick(at));
    return;
  }
  const TurnFlow& flow = session_.flow();
  if (flow.screen() != Screen::Orders || flow.power() == kNoPower) return;
  OrderEntry& pad = session_.pad(flow.power());
  const ProvinceId before = pad.model().selected();
  pad.tap_at(view_, at, long_press);
  // A handheld's fitted board is too small to pick targets by finger: zoom
  // to the unit just selected (pinch or the wheel zoom back out).
  const ProvinceId selected = pad.model().selected();
  constexpr float kHandheldBoardWidth = 720;  // pixels; a 640x480 screen's board is ~370
  if (selected != kNoProvince && selected != before && view_.camera().view().w < kHandheldBoardWidth)
    view_.focus_on(selected, 2.5f);
}

}  // namespace colonial
