// The modal stack (game/app/flow/modals.h): what is open over the screen,
// where input goes, what Esc and the pad's B close, notices queued behind
// questions, and the drawing pass (bottom to top, each entry nesting the
// ones above it).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "controls.h"
#include "modals.h"

namespace colonial {

namespace {

// Esc and the pad's B are one action (the table of controls); the app gives
// it to the stack first.
Modals::Outcome press(Modals& modals, const platform::InputEvent& e) {
  REQUIRE(action_for(e, Place::Anywhere) == Action::BackOrClose);
  return modals.escape().outcome;
}

platform::InputEvent escape_key() {
  platform::InputEvent e;
  e.type = platform::InputType::KeyDown;
  e.key = platform::Key::Escape;
  return e;
}

platform::InputEvent pad_b() {
  platform::InputEvent e;
  e.type = platform::InputType::GamepadButtonDown;
  e.pad_button = platform::GamepadButton::B;
  return e;
}

// The drawing pass as a list: "Help{Notice{}}" - each entry with what it
// drew above itself inside it.
std::string drawn(Modals& modals, const std::function<void(const Modal&)>& while_drawing = {}) {
  std::string out;
  modals.draw([&](const Modal& m, const Modals::Above& above) {
    out += std::to_string(static_cast<int>(m.kind)) + (m.appearing ? "*" : "") + "{";
    if (while_drawing) while_drawing(m);
    above();
    out += "}";
  });
  return out;
}

std::string kind(ModalKind k) { return std::to_string(static_cast<int>(k)); }

}  // namespace

TEST_CASE("modals: opened on top, closed by kind, an open kind brought to the top") {
  Modals m;
  CHECK(m.empty());
  CHECK(m.top() == nullptr);
  m.open(ModalKind::Phones);
  m.open(ModalKind::Help);
  CHECK(m.size() == 2);
  CHECK(m.on_top(ModalKind::Help));
  CHECK(m.is_open(ModalKind::Phones));
  // Opening what is already open brings it forward, once.
  m.open(ModalKind::Phones);
  CHECK(m.size() == 2);
  CHECK(m.on_top(ModalKind::Phones));
  CHECK(m.close(ModalKind::Help));
  CHECK_FALSE(m.close(ModalKind::Help));
  CHECK(m.on_top(ModalKind::Phones));
  m.ask(Question::NewSeat, 3);
  REQUIRE(m.top()->kind == ModalKind::Question);
  CHECK(m.top()->question == Question::NewSeat);
  CHECK(m.top()->subject == 3);
  m.close_all_but(ModalKind::Tables);
  CHECK(m.empty());
}

TEST_CASE("modals: Esc and B close the top entry only; some stay until answered") {
  Modals m;
  CHECK(press(m, escape_key()) == Modals::Outcome::Nothing);  // the screen's turn
  m.open(ModalKind::Phones);
  m.ask(Question::NewSeat, 1);
  CHECK(press(m, escape_key()) == Modals::Outcome::Closed);
  CHECK(m.on_top(ModalKind::Phones));
  CHECK(press(m, pad_b()) == Modals::Outcome::Closed);
  CHECK(m.empty());
  // The first staff PIN must be chosen: Esc leaves it.
  m.open(ModalKind::PinPad, EscapeRule::Keep);
  CHECK(press(m, pad_b()) == Modals::Outcome::Kept);
  CHECK(m.on_top(ModalKind::PinPad));
  // The tables' owner decides (back to a game only when there is one).
  m.clear();
  m.open(ModalKind::Tables);
  const Modals::Escaped e = m.escape();
  CHECK(e.outcome == Modals::Outcome::Owner);
  CHECK(e.entry.kind == ModalKind::Tables);
  CHECK(m.on_top(ModalKind::Tables));
  // Every dialog the old lists forgot closes like the others.
  for (ModalKind k : {ModalKind::ComputerSeats, ModalKind::KioskSettings, ModalKind::Plan, ModalKind::Branches,
                      ModalKind::Menu, ModalKind::Editor, ModalKind::OrderSheet}) {
    m.open(k);
    CHECK(m.escape().outcome == Modals::Outcome::Closed);
    CHECK(m.on_top(ModalKind::Tables));
  }
  m.ask(Question::Rollback, 4);
  CHECK(m.escape().entry.question == Question::Rollback);
  // A lesson's owner decides: one step back in the order being built, else leave.
  m.clear();
  m.open(ModalKind::Lesson);
  CHECK(m.escape().outcome == Modals::Outcome::Owner);
  CHECK(m.on_top(ModalKind::Lesson));
}

TEST_CASE("modals: the top entry routes input and says whether the keys move through a form") {
  Modals m;
  CHECK(m.routing() == Routing::Screen);
  CHECK_FALSE(m.form());
  m.open(ModalKind::Editor);
  CHECK(m.routing() == Routing::Board);
  CHECK_FALSE(m.form());
  m.ask(Question::Adjudicate);
  CHECK(m.routing() == Routing::Dialog);
  CHECK(m.form());  // the keys and the pad answer it
  m.close(ModalKind::Question);
  CHECK(m.routing() == Routing::Board);
  m.clear();
  m.open(ModalKind::Tables);
  CHECK(m.routing() == Routing::Tables);
  CHECK_FALSE(m.form());
  m.open(ModalKind::PinPad);
  CHECK(m.routing() == Routing::Dialog);
  CHECK(m.form());
  m.open(ModalKind::Attract);
  CHECK(m.routing() == Routing::Wake);
  // A lesson's panel beside its board: taps give orders, the pad's D-pad moves over the board.
  CHECK(routing_of(ModalKind::Lesson) == Routing::Board);
  CHECK_FALSE(is_form(ModalKind::Lesson));
  for (ModalKind k : {ModalKind::Menu, ModalKind::Help, ModalKind::Notice, ModalKind::Question, ModalKind::Phones,
                      ModalKind::OrderSheet, ModalKind::Branches, ModalKind::ComputerSeats, ModalKind::Plan,
                      ModalKind::KioskSettings}) {
    CHECK(routing_of(k) == Routing::Dialog);
    CHECK(is_form(k));
  }
}

TEST_CASE("modals: a notice arriving under a question waits for the answer; notices queue in turn") {
  Modals m;
  m.open(ModalKind::Phones);
  m.ask(Question::NewSeat, 2);
  m.notify("Time is up: the phase was adjudicated.");
  // The question stays in front; the notice is next.
  REQUIRE(m.top()->kind == ModalKind::Question);
  CHECK(m.close(ModalKind::Question));
  REQUIRE(m.top()->kind == ModalKind::Notice);
  CHECK(m.top()->text == "Time is up: the phase was adjudicated.");
  // Two more: read in the order they came, the same one not twice.
  m.notify("second");
  m.notify("third");
  m.notify("second");
  CHECK(m.size() == 4);
  CHECK(m.top()->text == "Time is up: the phase was adjudicated.");
  CHECK(m.escape().outcome == Modals::Outcome::Closed);
  CHECK(m.top()->text == "second");
  CHECK(m.escape().outcome == Modals::Outcome::Closed);
  CHECK(m.top()->text == "third");
  CHECK(m.escape().outcome == Modals::Outcome::Closed);
  CHECK(m.on_top(ModalKind::Phones));
  // Over a dialog that asks nothing, a notice comes on top; the attract view
  // and the PIN pad stay in front of it.
  m.notify("over the phones");
  CHECK(m.on_top(ModalKind::Notice));
  m.open(ModalKind::Attract);
  m.notify("while idle");
  CHECK(m.on_top(ModalKind::Attract));
  m.close(ModalKind::Attract);
  CHECK(m.top()->text == "over the phones");
}

TEST_CASE("modals: a dialog opened while something holds the front goes under it") {
  Modals m;
  // The kiosk's first start: the PIN is chosen over the tables opened after.
  m.open(ModalKind::PinPad, EscapeRule::Keep);
  m.open(ModalKind::Tables);
  CHECK(m.on_top(ModalKind::PinPad));
  CHECK(m.at(0).kind == ModalKind::Tables);
  // The help asked for while a question waits comes after the answer.
  m.ask(Question::Quit);
  m.open(ModalKind::Help);
  CHECK(m.on_top(ModalKind::Question));
  CHECK(m.close(ModalKind::Question));
  CHECK(m.on_top(ModalKind::PinPad));
  CHECK(m.close(ModalKind::PinPad));
  CHECK(m.on_top(ModalKind::Help));
}

TEST_CASE("modals: drawn bottom to top, each entry around those above it") {
  Modals m;
  CHECK(drawn(m).empty());
  m.open(ModalKind::Tables);
  m.open(ModalKind::KioskSettings);
  m.ask(Question::Quit);
  const std::string tables = kind(ModalKind::Tables), settings = kind(ModalKind::KioskSettings),
                    question = kind(ModalKind::Question), notice = kind(ModalKind::Notice),
                    menu = kind(ModalKind::Menu);
  CHECK(drawn(m) == tables + "*{" + settings + "*{" + question + "*{}}}");
  // Drawn once, they no longer appear.
  CHECK(drawn(m) == tables + "{" + settings + "{" + question + "{}}}");
  // A question answered while drawn: what was above it still draws, in the pass.
  m.close(ModalKind::KioskSettings);
  m.notify("saved");
  CHECK(drawn(m, [&](const Modal& e) {
          if (e.kind == ModalKind::Question) m.close_serial(e.serial);
        }) == tables + "{" + notice + "*{" + question + "{}}}");
  CHECK(drawn(m) == tables + "{" + notice + "{}}");
  // The menu closes itself and opens a question: the question comes in the
  // same pass, after it.
  m.clear();
  m.open(ModalKind::Menu);
  CHECK(drawn(m, [&](const Modal& e) {
          if (e.kind != ModalKind::Menu) return;
          m.close_serial(e.serial);
          m.ask(Question::Quit);
        }) == menu + "*{}" + question + "*{}");
  CHECK(drawn(m) == question + "{}");
}

TEST_CASE("modals: a question's checkbox is kept with it") {
  Modals m;
  m.ask(Question::EndTime, -1, true);
  CHECK(m.top()->option);
  m.set_option(m.top()->serial, false);
  CHECK_FALSE(m.top()->option);
}

TEST_CASE("modals: a kind's close hook runs on every way it closes, once the entry is gone") {
  Modals m;
  int closed = 0;
  m.on_close(ModalKind::KioskSettings, [&](const Modal& entry) {
    CHECK(entry.kind == ModalKind::KioskSettings);
    CHECK_FALSE(m.is_open(ModalKind::KioskSettings));
    ++closed;
    // It may open entries of its own: a notice that saving failed.
    m.notify("not saved");
  });
  // By kind (its button, another part closing it).
  m.open(ModalKind::KioskSettings);
  CHECK(m.close(ModalKind::KioskSettings));
  CHECK(closed == 1);
  // By serial (a drawer closing itself).
  m.clear();
  m.open(ModalKind::KioskSettings);
  CHECK(m.close_serial(m.top()->serial));
  CHECK(closed == 2);
  // Esc or B.
  m.clear();
  m.open(ModalKind::KioskSettings);
  CHECK(press(m, escape_key()) == Modals::Outcome::Closed);
  CHECK(closed == 3);
  // Everything but the tables closed (leaving a table, a new game).
  m.clear();
  m.open(ModalKind::Tables);
  m.open(ModalKind::KioskSettings);
  m.close_all_but(ModalKind::Tables);
  CHECK(closed == 4);
  CHECK(m.on_top(ModalKind::Notice));
  CHECK(m.is_open(ModalKind::Tables));
  // The whole stack cleared.
  m.open(ModalKind::KioskSettings);
  m.clear();
  CHECK(closed == 5);
  // Other kinds have no hook; closing them runs none.
  m.open(ModalKind::Help);
  CHECK(m.close(ModalKind::Help));
  CHECK(closed == 5);
}

}  // namespace colonial
