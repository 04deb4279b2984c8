// The kiosk (kiosk/kiosk.h) as the app drives it, its settings dialog drawn
// by Dear ImGui headless and pressed where it is drawn: what the staff
// change is kept however the dialog closes.
#include <imgui.h>

#include "kiosk.h"
#include "test_features_fixture.h"
#include "ui_targets.h"

using namespace colonial;
using namespace colonial::features_test;

namespace {

// Dear ImGui without a window: a 800x600 screen, fonts built, no ini file.
struct ImGuiHeadless {
  ImGuiHeadless() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(800, 600);
    unsigned char* pixels = nullptr;
    int w = 0;
    int h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~ImGuiHeadless() { ImGui::DestroyContext(); }
  ImGuiHeadless(const ImGuiHeadless&) = delete;
  ImGuiHeadless& operator=(const ImGuiHeadless&) = delete;
};

// A kiosk at `record`'s table as the app runs it: its modal stack, its
// session and a frame drawn the way App::draw_frame draws the stack.
struct KioskTable {
  explicit KioskTable(const std::string& record) : session(session_on(modals, record)), kiosk(options()) {
    std::string error;
    REQUIRE(kiosk.start(session->record(), modals, error));
  }
  static KioskOptions options() {
    KioskOptions o;
    o.on = true;
    return o;
  }
  void frame(double now) {
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60.0f;
    kiosk.update(*session, modals, now);
    ui_targets_begin_frame();
    ImGui::NewFrame();
    modals.draw([&](const Modal& entry, const Modals::Above& above) {
      if (entry.kind == ModalKind::KioskSettings)
        kiosk.draw_settings(*session, modals, now, above);
      else
        above();
    });
    ImGui::Render();
    ui_targets_end_frame();
  }
  // A finger on the widget labelled `target` (its ui_target), lifted a
  // frame later; input at `now`.
  void press(const char* target, double now) {
    platform::PointF at;
    REQUIRE(ui_target_find(target, 1.0f, at));
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(at.x, at.y);
    frame(now);
    io.MouseDown[0] = true;
    frame(now);
    io.MouseDown[0] = false;
    frame(now);
    kiosk.touched(now);
  }

  Modals modals;
  std::unique_ptr<GameSession> session;
  Kiosk kiosk;
};

void choose_pin(Kiosk& kiosk, Modals& modals) {
  REQUIRE(modals.on_top(ModalKind::PinPad));
  for (int twice = 0; twice < 2; ++twice) {
    for (const char* digit : {"2", "4", "6", "8"}) kiosk.staff().press(digit, modals, 0);
    kiosk.staff().press("OK", modals, 0);
  }
  REQUIRE(kiosk.staff().on());
}

}  // namespace

TEST_CASE("kiosk settings: the idle time changed, staff mode locks itself: the change is there at the next start") {
  TempDir dir;
  const std::string record = dir.file("save.colonial");
  ImGuiHeadless imgui;
  {
    KioskTable table(record);
    const double before = table.kiosk.idle_minutes();
    choose_pin(table.kiosk, table.modals);
    table.modals.open(ModalKind::KioskSettings);
    for (int i = 0; i < 3; ++i) table.frame(1);  // the dialog settles where it is drawn
    table.press("idle minutes +", 2);
    REQUIRE(table.kiosk.idle_minutes() == before + 1);
    // Nobody touches the kiosk for more than five minutes: staff mode locks
    // and the dialog closes, neither by its button nor by Esc.
    table.frame(2 + 301);
    CHECK_FALSE(table.kiosk.staff().on());
    table.frame(2 + 302);
    CHECK_FALSE(table.modals.is_open(ModalKind::KioskSettings));
  }
  // The kiosk started again reads its settings from beside the record.
  KioskTable again(record);
  CHECK(again.kiosk.idle_minutes() == KioskTable::options().idle_minutes + 1);
}

TEST_CASE("kiosk settings: closed by their button, by Esc or by the kiosk going idle, they are saved each time") {
  TempDir dir;
  const std::string record = dir.file("save.colonial");
  ImGuiHeadless imgui;
  const double start = KioskTable::options().idle_minutes;
  // Each way of closing, one more minute saved than the last.
  for (int way = 0; way < 3; ++way) {
    KioskTable table(record);
    REQUIRE(table.kiosk.idle_minutes() == start + way);
    if (way == 0)
      choose_pin(table.kiosk, table.modals);
    else
      table.kiosk.staff().open_pad(StaffMode::Pad::Unlock, table.modals);
    if (way > 0) {
      for (const char* digit : {"2", "4", "6", "8", "OK"}) table.kiosk.staff().press(digit, table.modals, 0);
      REQUIRE(table.kiosk.staff().on());
    }
    table.modals.open(ModalKind::KioskSettings);
    for (int i = 0; i < 3; ++i) table.frame(1);
    table.press("idle minutes +", 2);
    REQUIRE(table.kiosk.idle_minutes() == start + way + 1);
    if (way == 0) {
      table.press("Close", 3);
    } else if (way == 1) {
      CHECK(table.modals.escape().outcome == Modals::Outcome::Closed);
    } else {
      // The attract view comes after idle_minutes; staff mode locks with it.
      table.frame(2 + table.kiosk.idle_minutes() * 60);
      CHECK(table.modals.is_open(ModalKind::Attract));
    }
    CHECK_FALSE(table.modals.is_open(ModalKind::KioskSettings));
  }
  KioskTable last(record);
  CHECK(last.kiosk.idle_minutes() == start + 3);
}
