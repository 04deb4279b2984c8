// OrderEntry with the real board and ImGui: the cursor driven over the
// BoardView's province points by gamepad events, highlights handed to the
// board, and the panel drawn headless (no window, no renderer) in every step
// and phase, in a 640x480 display and a large one.
#include <imgui.h>

#include <cmath>

#include "board_view.h"
#include "input.h"
#include "order_entry.h"
#include "test_order_entry_fixture.h"
#include "ui_targets.h"

namespace colonial::test {
namespace {

OrderEntry& pad() {
  static OrderEntry entry;
  return entry;
}

BoardView& board() {
  static BoardView view;
  return view;
}

void set_up_board() {
  World& w = world();
  BoardView& view = board();
  view.set_map(&w.map);
  view.set_position(&w.game.position());
  view.set_view({0, 0, 1280, 720});
}

platform::InputEvent pad_button(platform::GamepadButton b) {
  platform::InputEvent e;
  e.type = platform::InputType::GamepadButtonDown;
  e.pad_button = b;
  return e;
}

platform::InputEvent key(platform::Key k, std::uint8_t mods = 0) {
  platform::InputEvent e;
  e.type = platform::InputType::KeyDown;
  e.key = k;
  e.mods = mods;
  return e;
}

platform::PointF point_of(ProvinceId p) {
  const Position& pos = world().game.position();
  const LocationId at = pos.units[p].present() ? unit_location(world().map, p, pos.units[p]) : p;
  return board().screen_point(at);
}

// Steers the cursor to province q as a stick would: towards q's point each
// time. q must be one of the provinces that matter in this step; the
// distance to it shrinks at every move, so this ends.
bool steer_to(ProvinceId q) {
  for (int i = 0; i < 64 && pad().cursor() != q; ++i) {
    if (pad().cursor() == kNoProvince) {
      pad().handle_event(pad_button(platform::GamepadButton::A), board());
      continue;
    }
    const platform::PointF a = point_of(pad().cursor()), b = point_of(q);
    pad().cursor_move(b.x - a.x, b.y - a.y, board());
  }
  return pad().cursor() == q;
}

TEST_CASE("order entry: a gamepad alone builds F HK S F GOS - SCS on the board's points") {
  Crafted(PhaseKind::Movement).fleet("Britain", "HON").fleet("Britain", "GOS").army("Britain", "DEL").start();
  set_up_board();
  pad().begin(world().game, power("Britain"));
  REQUIRE(steer_to(prov("HON")));
  CHECK(pad().handle_event(pad_button(platform::GamepadButton::A), board()));
  CHECK(pad().model().selected() == prov("HON"));
  // RB steps from Move to the next action: Support.
  CHECK(pad().handle_event(pad_button(platform::GamepadButton::RightShoulder), board()));
  CHECK(pad().model().action() == EntryAction::Support);
  REQUIRE(steer_to(prov("GOS")));
  pad().handle_event(pad_button(platform::GamepadButton::A), board());
  REQUIRE(pad().model().step() == EntryStep::Other);
  REQUIRE(steer_to(prov("SCS")));
  pad().handle_event(pad_button(platform::GamepadButton::A), board());
  REQUIRE(pad().orders().size() == 1);
  CHECK(last_order(pad().model()) == "F HK S F GOS - SCS");
  check_all_legal(pad().model());
  // B goes back; Y undoes; X holds the unit under the cursor.
  CHECK(pad().handle_event(pad_button(platform::GamepadButton::Y), board()));
  CHECK(pad().orders().empty());
  REQUIRE(steer_to(prov("DEL")));
  CHECK(pad().handle_event(pad_button(platform::GamepadButton::X), board()));
  CHECK(last_order(pad().model()) == "A DEL H");
  CHECK_FALSE(pad().handle_event(pad_button(platform::GamepadButton::B), board()));  // nothing to go back from
}

TEST_CASE("order entry: a gamepad alone gives the canal permission: RB cycles to Canal, A on the fleet") {
  Crafted(PhaseKind::Movement).army("Britain", "EGY").fleet("Turkey", "MED").start();
  set_up_board();
  pad().begin(world().game, power("Britain"));
  REQUIRE(steer_to(prov("EGY")));
  CHECK(pad().handle_event(pad_button(platform::GamepadButton::A), board()));
  REQUIRE(pad().model().selected() == prov("EGY"));
  // RB steps through the unit's actions (Move, Support, ...) to Canal.
  int presses = 0;
  while (pad().model().action() != EntryAction::CanalPermit && presses < 8) {
    CHECK(pad().handle_event(pad_button(platform::GamepadButton::RightShoulder), board()));
    ++presses;
  }
  REQUIRE(pad().model().action() == EntryAction::CanalPermit);
  CHECK(presses < 8);
  REQUIRE(steer_to(prov("MED")));
  pad().handle_event(pad_button(platform::GamepadButton::A), board());
  REQUIRE(pad().orders().size() == 1);
  CHECK(last_order(pad().model()) == "A EGY SC Turkish F MED - RS");
  // The army's own order beside it: X holds it, the permission stays.
  REQUIRE(steer_to(prov("EGY")));
  CHECK(pad().handle_event(pad_button(platform::GamepadButton::X), board()));
  CHECK(pad().orders().size() == 2);
  CHECK(pad().model().permit_of(prov("EGY")) != nullptr);
  check_all_legal(pad().model());
}

TEST_CASE("order entry: every D-pad move goes the way it is pushed (board points)") {
  start_game();
  set_up_board();
  pad().begin(world().game, power("Russia"));
  using platform::GamepadButton;
  const GamepadButton dirs[] = {GamepadButton::DpadRight, GamepadButton::DpadDown, GamepadButton::DpadLeft,
                                GamepadButton::DpadUp};
  const float dx[] = {1, 0, -1, 0}, dy[] = {0, 1, 0, -1};
  pad().handle_event(pad_button(GamepadButton::DpadRight), board());  // shows the cursor
  REQUIRE(pad().cursor() != kNoProvince);
  int moves = 0;
  for (int round = 0; round < 12; ++round) {
    const int d = round % 4;
    const ProvinceId before = pad().cursor();
    const platform::PointF a = point_of(before);
    CHECK(pad().handle_event(pad_button(dirs[d]), board()));
    const ProvinceId after = pad().cursor();
    if (after == before) continue;  // nothing that way
    ++moves;
    const platform::PointF b = point_of(after);
    CHECK((b.x - a.x) * dx[d] + (b.y - a.y) * dy[d] > 0);
  }
  CHECK(moves > 0);
  // Keys do the same; Enter selects what the cursor is on.
  CHECK(pad().handle_event(key(platform::Key::Left), board()));
  const ProvinceId on = pad().cursor();
  CHECK(pad().handle_event(key(platform::Key::Enter), board()));
  CHECK(pad().model().step() ==
        (pad().model().targets().test(on) || pad().model().selected() == on ? EntryStep::Action : EntryStep::Idle));
  // Letters pick actions; an event the overlay captured is left alone.
  pad().model().cancel();
  pad().tap_province(prov("MOS"), false);
  CHECK(pad().handle_event(key(platform::Key::T), board()));
  CHECK(pad().model().action() == EntryAction::Rail);
  platform::InputEvent captured = key(platform::Key::H);
  captured.ui_captured = true;
  CHECK_FALSE(pad().handle_event(captured, board()));
  CHECK(pad().handle_event(key(platform::Key::Escape), board()));
  CHECK(pad().model().action() == EntryAction::Move);
  CHECK(pad().handle_event(key(platform::Key::H), board()));
  CHECK(last_order(pad().model()) == "A MOS H");
  CHECK(pad().handle_event(key(platform::Key::Z, platform::kModCtrl), board()));
  CHECK(pad().orders().empty());
}

TEST_CASE("order entry: taps at screen points, forgiving to fingers") {
  Crafted(PhaseKind::Movement).fleet("Britain", "HON").army("Britain", "CAN").start();
  set_up_board();
  pad().begin(world().game, power("Britain"));
  // A little off the fleet's icon still selects it.
  platform::PointF at = point_of(prov("HON"));
  at.x += board().unit_size() * 0.4f;
  pad().tap_at(board(), at, false);
  CHECK(pad().model().selected() == prov("HON"));
  pad().tap_at(board(), point_of(prov("SCS")), false);
  REQUIRE(pad().orders().size() == 1);
  CHECK(last_order(pad().model()) == "F HK - SCS");
  // Off the board: nothing.
  pad().tap_at(board(), {-500, -500}, false);
  CHECK(pad().model().step() == EntryStep::Idle);
  pad().tap_at(board(), point_of(prov("CAN")), true);  // the hold shortcut
  CHECK(last_order(pad().model()) == "A CAN H");
}

TEST_CASE("order entry: highlights handed to the board follow the step") {
  Crafted(PhaseKind::Movement).fleet("Britain", "HON").fleet("Britain", "GOS").start();
  set_up_board();
  pad().begin(world().game, power("Britain"));
  pad().apply_highlights(board());
  CHECK(board().selected() == kNoProvince);
  pad().tap_province(prov("HON"), false);
  pad().apply_highlights(board());
  CHECK(board().selected() == prov("HON"));
  pad().back();
  pad().apply_highlights(board());
  CHECK(board().selected() == kNoProvince);
}

// One ImGui frame of the panel on a display of w x h points, with no backend.
void frame(float w, float h) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(w, h);
  io.DeltaTime = 1.0f / 60.0f;
  ImGui::NewFrame();
  pad().draw_panel();
  ImGui::Render();
  CHECK(ImGui::GetDrawData() != nullptr);
  CHECK(ImGui::GetDrawData()->TotalVtxCount > 0);
}

void frames_in_both_sizes() {
  frame(640, 480);
  frame(640, 480);
  frame(1920, 1080);
}

TEST_CASE("order entry: the panel draws headless in every step and phase") {
  IMGUI_CHECKVERSION();
  ImGuiContext* context = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  unsigned char* pixels = nullptr;
  int tw = 0, th = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &tw, &th);  // builds the font atlas
  REQUIRE(pixels != nullptr);

  // Before any game: a sentence, no crash.
  OrderEntry fresh;
  io.DisplaySize = ImVec2(640, 480);
  ImGui::NewFrame();
  fresh.draw_panel();
  ImGui::Render();

  Crafted(PhaseKind::Movement)
      .fleet("Britain", "HON")
      .fleet("Britain", "GOS")
      .fleet("Britain", "MAL")
      .army("Britain", "EGY")
      .fleet("Turkey", "MED")
      .army("Britain", "DEL")
      .start();
  pad().begin(world().game, power("Britain"));
  frames_in_both_sizes();
  pad().tap_province(prov("HON"), false);
  frames_in_both_sizes();
  pad().model().choose(EntryAction::Support);
  pad().tap_province(prov("GOS"), false);
  frames_in_both_sizes();  // the "Support to hold" step
  pad().tap_province(prov("SCS"), false);
  pad().tap_province(prov("MAL"), false);
  pad().tap_province(prov("BAN"), false);
  REQUIRE(pad().model().step() == EntryStep::Coast);
  frames_in_both_sizes();
  pad().model().choose_coast(0);
  CHECK_FALSE(pad().model().type_orders("F HK - NOWHERE"));
  frames_in_both_sizes();                  // with the error sentence
  pad().set_panel_rect(400, 0, 240, 480);  // docked at the right of 640x480
  frames_in_both_sizes();
  pad().set_panel_rect(0, 0, 0, 0);

  Crafted r(PhaseKind::Retreat);
  r.fleet("France", "SCS").dislodged("Britain", UnitType::Fleet, "SCS", "GOS");
  r.start();
  pad().begin(world().game, power("Britain"));
  frames_in_both_sizes();
  pad().tap_province(prov("SCS"), false);
  frames_in_both_sizes();

  Crafted b(PhaseKind::Adjustment);
  b.fleet("Britain", "HON").army("Britain", "MAD").fleet("Britain", "SIN").fleet("Britain", "ADE");
  b.start();
  pad().begin(world().game, power("Britain"));
  frames_in_both_sizes();
  pad().tap_province(prov("BOM"), false);
  frames_in_both_sizes();
  pad().model().choose(EntryAction::Waive);
  frames_in_both_sizes();

  ImGui::DestroyContext(context);
}

// A frame of the panel with the widgets' places recorded, the mouse at `at`
// (button held or not).
void click_frame(platform::PointF at, bool down) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(640, 480);
  io.DeltaTime = 1.0f / 60.0f;
  io.MousePos = ImVec2(at.x, at.y);
  io.MouseDown[0] = down;
  ui_targets_begin_frame();
  ImGui::NewFrame();
  pad().draw_panel();
  ImGui::Render();
  ui_targets_end_frame();
}

// Clicks the widget labelled `label` in the last frame: press, release.
bool click(std::string_view label) {
  platform::PointF at;
  if (!ui_target_find(label, 1.0f, at)) return false;
  click_frame(at, true);
  click_frame(at, false);
  click_frame(at, false);  // settle: the panel as it is after the click
  return true;
}

TEST_CASE("order entry: the panel's buttons, order list and typed box work by mouse") {
  ImGuiContext* context = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  unsigned char* pixels = nullptr;
  int tw = 0, th = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &tw, &th);

  Crafted(PhaseKind::Movement).fleet("Britain", "HON").fleet("Britain", "GOS").start();
  pad().begin(world().game, power("Britain"));
  pad().tap_province(prov("HON"), false);
  click_frame({-1, -1}, false);
  click_frame({-1, -1}, false);
  INFO(ui_target_list());
  REQUIRE(click("Support"));
  CHECK(pad().model().action() == EntryAction::Support);
  pad().tap_province(prov("GOS"), false);
  pad().tap_province(prov("SCS"), false);
  click_frame({-1, -1}, false);
  REQUIRE(pad().orders().size() == 1);
  // The list: delete the order, undo that, select the row to change it.
  REQUIRE(click("Delete F HK S F GOS - SCS"));
  CHECK(pad().orders().empty());
  REQUIRE(click("Undo"));
  CHECK(pad().orders().size() == 1);
  REQUIRE(click("F GOS holds (no order)"));
  CHECK(pad().model().selected() == prov("GOS"));
  REQUIRE(click("Hold"));
  CHECK(last_order(pad().model()) == "F GOS H");
  // Typing: focus the box, type, press Enter.
  REQUIRE(click("Type an order"));
  io.AddInputCharactersUTF8("F GOS - BAN");
  click_frame({-1, -1}, false);
  REQUIRE(click("Enter"));
  CHECK(last_order(pad().model()) == "F GOS - BAN/ec");
  // Cancel drops an order being built.
  pad().tap_province(prov("HON"), false);
  click_frame({-1, -1}, false);
  REQUIRE(click("Cancel"));
  CHECK(pad().model().step() == EntryStep::Idle);
  ImGui::DestroyContext(context);
}

}  // namespace
}  // namespace colonial::test
