// The order preview (orders/order_preview.h), the kiosk's staff mode and PIN
// pad (kiosk/staff_mode.h), and the game master's position editor
// (gm/position_editor.h), without a window.
#include "language.h"
#include "order_preview.h"
#include "position_editor.h"
#include "staff_mode.h"
#include "test_features_fixture.h"

using namespace colonial;
using namespace colonial::features_test;

TEST_CASE("preview: made again only when the orders, the guess or the position change") {
  Modals modals;
  auto s = session_on(modals, "");
  start_default_game(*s, TableMode::Companion);
  const PowerId france = power(*s, "France");
  const Position& now = s->game().position();
  OrderPreview preview;
  const OrderList move = orders(*s, france, "A TON - CAN");
  REQUIRE(preview.show(s->map(), now, france, move));
  CHECK(preview.made_count() == 1);
  bool moved = false;
  for (const OrderResult& r : preview.results().results) moved |= r.order == move[0];
  CHECK(moved);
  CHECK(preview.show(s->map(), now, france, move));
  CHECK(preview.made_count() == 1);  // not one a frame
  preview.set_guess(PreviewGuess::ComputerGuess);
  CHECK(preview.show(s->map(), now, france, move));
  CHECK(preview.made_count() == 2);
  CHECK(preview.show(s->map(), now, france, orders(*s, france, "A TON H")));
  CHECK(preview.made_count() == 3);
  // Only in movement phases.
  Position adjustments = now;
  adjustments.phase.kind = PhaseKind::Adjustment;
  CHECK_FALSE(preview.show(s->map(), adjustments, france, OrderList()));
}

TEST_CASE("staff mode: the first PIN chosen twice, kept as a hash; five wrong PINs lock the pad") {
  TempDir dir;
  Modals modals;
  StaffMode staff;
  std::string error;
  REQUIRE(staff.load("", Autosave(dir.file("save.colonial")), modals, error));
  // The first start: the pad is open and cannot be put off.
  REQUIRE(modals.on_top(ModalKind::PinPad));
  CHECK(modals.escape().outcome == Modals::Outcome::Kept);
  auto type = [&](const char* digits, double now) {
    for (const char* d = digits; *d; ++d) staff.press(std::string_view(d, 1), modals, now);
    staff.press("OK", modals, now);
  };
  type("12", 0);
  CHECK(staff.message() == "The PIN is 4 to 8 digits.");
  type("2468", 0);
  CHECK(staff.message() == "Type the same PIN again.");
  type("2469", 0);
  CHECK(staff.message() == "The two PINs differ: choose one again.");
  type("2468", 0);
  type("2468", 0);
  CHECK(staff.on());
  CHECK(modals.empty());
  CHECK(std::filesystem::exists(dir.file("staff-pin")));
  staff.lock(StaffMode::LockReason::ByStaff);
  CHECK_FALSE(staff.on());
  // A passer-by's five wrong PINs lock the pad; the right one then waits.
  staff.open_pad(StaffMode::Pad::Unlock, modals);
  for (int i = 0; i < PinLock::kTries; ++i) type("1111", 10);
  CHECK(staff.message() == "Five wrong PINs: the pad is locked for a minute.");
  type("2468", 20);
  CHECK_FALSE(staff.on());
  type("2468", 80);
  CHECK(staff.on());
  CHECK(modals.empty());
  // Asking to unlock can be put off (Esc, B).
  staff.lock(StaffMode::LockReason::ByStaff);
  staff.open_pad(StaffMode::Pad::Unlock, modals);
  staff.press("1", modals, 90);
  CHECK(staff.typed() == 1);
  staff.press("Clear", modals, 90);
  CHECK(staff.typed() == 0);
  CHECK(modals.escape().outcome == Modals::Outcome::Closed);
  // Five minutes alone lock staff mode again.
  type("2468", 90);
  staff.open_pad(StaffMode::Pad::Unlock, modals);
  type("2468", 100);
  REQUIRE(staff.on());
  staff.check_idle(299);
  CHECK(staff.on());
  staff.check_idle(301);
  CHECK_FALSE(staff.on());
}

TEST_CASE("position editor: units placed where they can stand, the draft checked before it is applied") {
  Modals modals;
  auto s = session_on(modals, "");
  start_default_game(*s, TableMode::Companion);
  PositionEditor ed;
  ed.begin(s->game());
  CHECK_FALSE(ed.dirty());
  const ProvinceId ben = s->map().find_province("BEN").province;
  const ProvinceId mad = s->map().find_province("MAD").province;
  ed.set_power(power(*s, "Britain"));
  ed.set_tool(EditTool::Army);
  ed.tap(ben);
  CHECK(ed.position().units[ben].present());
  CHECK(ed.dirty());
  ed.set_tool(EditTool::Remove);
  ed.tap(mad);
  CHECK_FALSE(ed.position().units[mad].present());
  ReasonText why;
  CHECK(ed.valid(why));
  CHECK(s->game().apply_edit(ed.position(), ed.civil_disorder()));
  s->changed(1);
  CHECK(s->game().position().units[ben].present());
  // A fleet inland is refused, the draft unchanged.
  ed.begin(s->game());
  ed.set_tool(EditTool::Fleet);
  const ProvinceId inland = s->map().find_province("MOS").province;
  ed.tap(inland);
  const Unit& there = ed.position().units[inland];
  CHECK_FALSE((there.present() && there.type == UnitType::Fleet));
  CHECK(ed.message() == "a fleet cannot stand in Moscow: it is inland");
  // In the language in use; the province keeps its name on the board.
  REQUIRE(text::use_language("fr").code == "fr");
  ed.tap(inland);
  CHECK(ed.message() == "une flotte ne peut pas se trouver à Moscow : la province est à l'intérieur des terres");
  ed.set_tool(EditTool::Owner);
  ed.tap(s->map().find_province("SCS").province);
  CHECK(ed.message().find("n'est pas une colonie : seules les colonies ont un propriétaire") != std::string::npos);
  REQUIRE(text::use_language("de").code == "de");
  ed.set_tool(EditTool::Army);
  ed.tap(s->map().find_province("SCS").province);
  CHECK(ed.message().find("eine Armee kann nicht in ") == 0);
  REQUIRE(text::use_language("en").code == "en");
}
