// Pictures of the order pad over the board, drawn with SDL's offscreen
// driver and software renderer, for people to look at: written to the build
// directory (tests/app/order-entry-*.png). The test checks they were written.
#include <imgui.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "board_view.h"
#include "files.h"
#include "order_entry.h"
#include "test_order_entry_fixture.h"
#include "window.h"

namespace colonial::test {
namespace {

struct Shot {
  const char* name;
  int w, h;
};

TEST_CASE("order entry: screenshots of the pad over the board (640x480 and 1280x720)") {
  std::string searched;
  const std::string font = platform::find_asset("fonts/DejaVuSans.ttf", searched);
  REQUIRE_MESSAGE(!font.empty(), searched);
  platform::Window window;
  platform::WindowOptions wo;
  wo.hidden = true;
  wo.software_renderer = true;
  wo.font_path = font;
  std::string error;
  const platform::OpenStatus status = window.open(wo, true, error);
  REQUIRE_MESSAGE(status == platform::OpenStatus::Ok, error);

  Crafted(PhaseKind::Movement)
      .fleet("Britain", "HON")
      .fleet("Britain", "GOS")
      .army("Britain", "DEL")
      .fleet("Britain", "MAL")
      .army("China", "CAN")
      .start();
  static OrderEntry entry;
  static BoardView view;
  entry.begin(world().game, power("Britain"));
  view.set_map(&world().map);
  view.set_position(&world().game.position());
  // The generated board art when at hand (else the schematic board); a
  // build directory's art can be named by COLONIAL_ART_DIR.
  if (const char* art = std::getenv("COLONIAL_ART_DIR")) {
    const bool loaded = view.load_art_from(window.canvas(), art, error);
    CHECK_MESSAGE(loaded, error);
  }
  entry.model().type_orders("A DEL H");

  auto shoot = [&](const Shot& s) {
    for (int frame = 0; frame < 2; ++frame) {  // the second frame is the settled one
      REQUIRE_MESSAGE(window.begin_offscreen_frame(s.w, s.h, error), error);
      const float panel_w = std::min(ImGui::GetFontSize() * 24.0f, static_cast<float>(s.w) * 0.5f);
      entry.set_panel_rect(static_cast<float>(s.w) - panel_w, 0, panel_w, static_cast<float>(s.h));
      view.set_view({0, 0, static_cast<float>(s.w) - panel_w, static_cast<float>(s.h)});
      window.canvas().clear({24, 34, 48, 255});
      entry.apply_highlights(view);
      view.set_orders(&entry.orders());
      view.draw(window.canvas());
      entry.draw_cursor(window.canvas(), view);
      entry.draw_panel();
      window.end_offscreen_frame();
    }
    // ORDER_ENTRY_SHOTS: the runs compared (software, GPU renderer) keep their own.
    const char* dir = std::getenv("ORDER_ENTRY_SHOTS");
    const std::string out = dir && *dir ? dir : ORDER_ENTRY_SHOT_DIR;
    ::mkdir(out.c_str(), 0755);
    const std::string path = out + "/order-entry-" + s.name + ".png";
    CHECK_MESSAGE(window.save_frame_png(path, error), error);
    MESSAGE("wrote " << path);
  };

  entry.tap_province(prov("HON"), false);
  entry.model().choose(EntryAction::Support);
  entry.tap_province(prov("GOS"), false);
  shoot({"support-640", 640, 480});
  shoot({"support-1280", 1280, 720});
  entry.tap_province(prov("SCS"), false);
  entry.tap_province(prov("MAL"), false);
  entry.tap_province(prov("BAN"), false);
  REQUIRE(entry.model().step() == EntryStep::Coast);
  shoot({"coast-640", 640, 480});
}

}  // namespace
}  // namespace colonial::test
