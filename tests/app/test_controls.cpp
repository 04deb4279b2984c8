// The table of controls (game/app/input/controls.h): the input code's
// answers agree with the table, no key means two things in one place, and
// every action can be reached.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <tuple>

#include "controls.h"
#include "language.h"
#include "translate.h"

namespace colonial {
namespace {

platform::InputEvent key_event(platform::Key k, std::uint8_t mods = 0) {
  platform::InputEvent e;
  e.type = platform::InputType::KeyDown;
  e.key = k;
  e.mods = mods;
  return e;
}

platform::InputEvent button_event(platform::GamepadButton b) {
  platform::InputEvent e;
  e.type = platform::InputType::GamepadButtonDown;
  e.pad_button = b;
  return e;
}

// Places that show at the same time: a binding there shadows the board's.
bool overlaps(Place a, Place b) {
  if (a == b || a == Place::Anywhere || b == Place::Anywhere) return true;
  return false;
}

}  // namespace

TEST_CASE("controls: every key and button binding is what action_for answers") {
  for (const Binding& b : bindings()) {
    if (b.device == Device::Keyboard) {
      CAPTURE(binding_text(b));
      CHECK(action_for(key_event(b.key, b.mods), b.place) == b.action);
    } else if (b.device == Device::Gamepad && b.axis == platform::GamepadAxis::None) {
      CAPTURE(binding_text(b));
      CHECK(action_for(button_event(b.button), b.place) == b.action);
    }
  }
}

TEST_CASE("controls: no key or button means two things where both apply") {
  std::set<std::tuple<int, int, int, int>> seen;  // device, key/button, mods, place
  const auto all = bindings();
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      const Binding& a = all[i];
      const Binding& b = all[j];
      if (a.device != b.device || a.action == b.action || !overlaps(a.place, b.place)) continue;
      const bool same_key = a.device == Device::Keyboard && a.key == b.key && a.mods == b.mods;
      const bool same_button = a.device == Device::Gamepad && a.axis == platform::GamepadAxis::None &&
                               b.axis == platform::GamepadAxis::None && a.button == b.button;
      const bool same_axis = a.device == Device::Gamepad && a.axis != platform::GamepadAxis::None && a.axis == b.axis;
      CAPTURE(binding_text(a));
      CAPTURE(place_name(a.place));
      CAPTURE(place_name(b.place));
      CHECK_FALSE((same_key || same_button || same_axis));
    }
}

TEST_CASE("controls: modifiers keep Hold, History and Done apart") {
  using platform::Key;
  CHECK(action_for(key_event(Key::H), Place::Orders) == Action::OrderHold);
  CHECK(action_for(key_event(Key::H, platform::kModCtrl), Place::Orders) == Action::OpenHistory);
  CHECK(action_for(key_event(Key::Enter), Place::Orders) == Action::Choose);
  CHECK(action_for(key_event(Key::Enter, platform::kModCtrl), Place::Orders) == Action::Done);
  CHECK(action_for(key_event(Key::Enter, platform::kModAlt), Place::Anywhere) == Action::Fullscreen);
  CHECK(action_for(key_event(Key::Tab, platform::kModShift), Place::Orders) == Action::PreviousAction);
  CHECK(action_for(key_event(Key::Tab), Place::Orders) == Action::NextAction);
  // Shift does not matter where the binding does not ask for it ('+' is Shift+'=' on many layouts).
  CHECK(action_for(key_event(Key::Plus, platform::kModShift), Place::Board) == Action::ZoomIn);
  CHECK(action_for(key_event(Key::Z), Place::Orders) == Action::None);
  CHECK(action_for(key_event(Key::H), Place::Results) == Action::None);
  CHECK(action_for(key_event(Key::Enter), Place::Tables) == Action::PlayTable);
  CHECK(action_for(key_event(Key::Down), Place::Tables) == Action::TableNext);
  CHECK(action_for(button_event(platform::GamepadButton::A), Place::Tables) == Action::PlayTable);
  // A lesson: Start tries, A goes on; Ctrl+Enter tries before Enter goes on.
  CHECK(action_for(button_event(platform::GamepadButton::Start), Place::Lessons) == Action::TryLesson);
  CHECK(action_for(key_event(Key::Enter, platform::kModCtrl), Place::Lessons) == Action::TryLesson);
  CHECK(action_for(key_event(Key::Enter), Place::Lessons) == Action::LessonOn);
  CHECK(action_for(button_event(platform::GamepadButton::Y), Place::Lessons) == Action::LearnToPlay);
}

TEST_CASE("controls: every action has a binding, and the help names each once per place") {
  std::set<int> bound;
  for (const Binding& b : bindings()) bound.insert(static_cast<int>(b.action));
  for (int a = static_cast<int>(Action::Help); a <= static_cast<int>(Action::HistoryNext); ++a) {
    CAPTURE(action_name(static_cast<Action>(a)));
    CHECK(bound.count(a) == 1);
    CHECK(action_name(static_cast<Action>(a)) != "?");
  }
  ControlRow rows[kMaxControlRows];
  const int n = control_rows(rows, kMaxControlRows);
  CHECK(n > 30);
  std::set<std::pair<int, int>> places;
  for (int i = 0; i < n; ++i)
    CHECK(places.insert({static_cast<int>(rows[i].place), static_cast<int>(rows[i].action)}).second);
}

TEST_CASE("controls: the gamepad's sticks come from the table") {
  CHECK(axis_for(Action::Pan, Place::Board) == platform::GamepadAxis::LeftX);
  CHECK(axis_for(Action::Zoom, Place::Board) == platform::GamepadAxis::RightY);
  CHECK(axis_for(Action::Done, Place::Orders) == platform::GamepadAxis::None);
}

TEST_CASE("controls: the help names a pad's buttons as printed on it") {
  using platform::GamepadButton;
  using platform::GamepadFaces;
  Binding confirm;
  confirm.device = Device::Gamepad;
  confirm.button = GamepadButton::A;  // SDL's A: the lower face button
  CHECK(binding_text(confirm) == "A");
  CHECK(binding_text(confirm, GamepadFaces::PlayStation) == "Cross");
  CHECK(binding_text(confirm, GamepadFaces::Handheld) == "B");
  Binding menu = confirm;
  menu.button = GamepadButton::Start;
  CHECK(binding_text(menu, GamepadFaces::PlayStation) == "Options");
  CHECK(binding_text(menu, GamepadFaces::Handheld) == "Start");
  // Every row of the table in a PlayStation pad's names: no Xbox Back left.
  ControlRow rows[kMaxControlRows];
  const int n = control_rows(rows, kMaxControlRows, GamepadFaces::PlayStation);
  for (int i = 0; i < n; ++i) {
    CAPTURE(rows[i].gamepad);
    CHECK(rows[i].gamepad.find("Back") == std::string::npos);
  }
}

// A translation that shows what it was asked: "[context:English]".
const char* bracketed(const char* context, const char* english) {
  static std::set<std::string> kept;
  return kept.insert(std::string("[") + context + ":" + english + "]").first->c_str();
}

TEST_CASE("controls: the help's words go through the translation it gives, in their contexts") {
  using platform::GamepadButton;
  using platform::GamepadFaces;
  ControlRow rows[kMaxControlRows];
  const int n = control_rows(rows, kMaxControlRows, GamepadFaces::PlayStation, bracketed);
  bool reveal = false;
  for (int i = 0; i < n; ++i) {
    if (rows[i].place != Place::Handoff || rows[i].action != Action::Reveal) continue;
    reveal = true;
    CHECK(rows[i].keyboard == "[key:Enter], [key:Space]");
    CHECK(rows[i].gamepad == "[gamepad:Cross]");
    CHECK(rows[i].pointer ==
          "[controls:mouse: ][gesture:click the button], [controls:touch: ][gesture:tap the button]");
  }
  CHECK(reveal);
  Binding done;
  done.device = Device::Keyboard;
  done.key = platform::Key::Enter;
  done.mods = platform::kModCtrl | platform::kModShift;
  CHECK(binding_text(done, GamepadFaces::Xbox, bracketed) == "[key:Ctrl+][key:Shift+][key:Enter]");
  // A face button's letter is asked too: the catalogs translate only the
  // PlayStation's shapes, so a letter stays as printed.
  Binding undo;
  undo.device = Device::Gamepad;
  undo.button = GamepadButton::Y;
  CHECK(binding_text(undo, GamepadFaces::Xbox, bracketed) == "[gamepad:Y]");
  // Without a translation (--help, the README, the man page): English.
  CHECK(binding_text(done) == "Ctrl+Shift+Enter");
  CHECK(controls_text().find('[') == std::string::npos);
}

TEST_CASE("controls: the help in French, from the catalog; English again after") {
  REQUIRE(text::use_language("fr").code == "fr");
  ControlRow rows[kMaxControlRows];
  const int n = control_rows(rows, kMaxControlRows, platform::GamepadFaces::PlayStation, text::trc);
  bool reveal = false;
  for (int i = 0; i < n; ++i) {
    CAPTURE(action_name(rows[i].action));
    // Every action and place has its French words.
    CHECK(std::string(text::trc("controls", action_name(rows[i].action).data())) !=
          std::string(action_name(rows[i].action)));
    if (rows[i].action != Action::Reveal) continue;
    reveal = true;
    CHECK(rows[i].keyboard == "Entrée, Espace");
    CHECK(rows[i].gamepad == "Croix");
    CHECK(rows[i].pointer == "souris : clic sur le bouton, tactile : toucher le bouton");
  }
  CHECK(reveal);
  CHECK(std::string(text::trc("controls", place_name(Place::Handoff).data())) == "Passage de l'appareil");
  // The table as --help and the man page print it, in French.
  const std::string french = controls_text(text::trc);
  CHECK(french.starts_with("Partout :\n  Règles et commandes (cette aide)\n    touches : F1\n"));
  CHECK(french.find("Passage de l'appareil :\n") != std::string::npos);
  CHECK(french.find("manette : ") != std::string::npos);
  CHECK(french.find("keys: ") == std::string::npos);
  REQUIRE(text::use_language("en").code == "en");
  CHECK(control_rows(rows, kMaxControlRows, platform::GamepadFaces::Xbox, text::trc) == n);
  CHECK(controls_text().find("Entrée") == std::string::npos);
}

TEST_CASE("controls: the text and Markdown forms list every binding") {
  const std::string text = controls_text();
  const std::string md = controls_markdown();
  for (const Binding& b : bindings()) {
    CAPTURE(binding_text(b));
    CHECK(text.find(binding_text(b)) != std::string::npos);
    CHECK(md.find(binding_text(b)) != std::string::npos);
  }
  CHECK(md.rfind("| Where | Action |", 0) == 0);
}

}  // namespace colonial
