// Layout from a 640x480 handheld to 1920x1080 and beyond (game/app/widgets/layout.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>

#include "layout.h"

using namespace colonial;

namespace {

void check_tiles(const Layout& l, float w, float h) {
  // Top bar, board and panel cover the display without overlapping.
  CHECK(l.top_bar.w == doctest::Approx(w));
  if (l.panel_at_bottom) {
    CHECK(l.board.h + l.panel.h + l.top_bar.h == doctest::Approx(h));
    CHECK(l.panel.y == doctest::Approx(l.board.y + l.board.h));
  } else {
    CHECK(l.board.w + l.panel.w == doctest::Approx(w));
    CHECK(l.panel.x == doctest::Approx(l.board.w));
    CHECK(l.board.h + l.top_bar.h == doctest::Approx(h));
  }
  CHECK(l.board.w > 0);
  CHECK(l.board.h > 0);
}

}  // namespace

TEST_CASE("UI scale grows with the screen in quarter steps") {
  CHECK(ui_scale_for_display(640, 480) == 1.0f);
  CHECK(ui_scale_for_display(1280, 720) == 1.0f);
  CHECK(ui_scale_for_display(1920, 1080) == 1.5f);
  CHECK(ui_scale_for_display(2560, 1440) == 2.0f);
  CHECK(ui_scale_for_display(3840, 2160) == 3.0f);
  CHECK(ui_scale_for_display(7680, 4320) == 3.0f);  // at most 3
  CHECK(ui_scale_for_display(1700, 1000) == 1.25f);
}

TEST_CASE("a 640x480 handheld: panel docked right, board keeps most of the width") {
  const Layout l = compute_layout(640, 480, 1, false);
  CHECK_FALSE(l.panel_at_bottom);
  CHECK(l.panel.w >= 270);
  CHECK(l.board.w >= 320);
  check_tiles(l, 640, 480);
  // Folded, the board takes all but a tab.
  const Layout f = compute_layout(640, 480, 1, true);
  CHECK(f.panel.w == doctest::Approx(kCollapsedPoints));
  check_tiles(f, 640, 480);
}

TEST_CASE("1920x1080 and 4K: the panel is a third of the width or less") {
  for (float s : {1.5f, 3.0f}) {
    const float w = 1280 * s;
    const float h = 720 * s;
    const Layout l = compute_layout(w, h, s, false);
    CHECK(l.panel.w <= w * 0.34f);
    CHECK(l.top_bar.h == doctest::Approx(kTopBarPoints * s));
    check_tiles(l, w, h);
  }
}

TEST_CASE("portrait screens dock the panel below the board") {
  const Layout l = compute_layout(480, 800, 1, false);
  CHECK(l.panel_at_bottom);
  CHECK(l.board.w == doctest::Approx(480));
  check_tiles(l, 480, 800);
  const Layout f = compute_layout(480, 800, 1, true);
  CHECK(f.panel.h == doctest::Approx(kCollapsedPoints));
  check_tiles(f, 480, 800);
}

TEST_CASE("the new-game form asks for a wider panel") {
  const Layout normal = compute_layout(1280, 720, 1, false);
  const Layout wide = compute_layout(1280, 720, 1, false, true);
  CHECK(wide.panel.w > normal.panel.w);
  check_tiles(wide, 1280, 720);
}

TEST_CASE("the handhelds' screens: 480x320, 720x720 and 1280x720 keep a board and a usable panel") {
  struct Screen {
    float w, h;
  };
  for (const Screen s : {Screen{480, 320}, Screen{720, 720}, Screen{1280, 720}}) {
    CAPTURE(s.w);
    CAPTURE(s.h);
    const float scale = ui_scale_for_display(s.w, s.h);
    CHECK(scale == 1.0f);
    for (const bool wide : {false, true}) {
      const Layout l = compute_layout(s.w, s.h, scale, false, wide);
      check_tiles(l, s.w, s.h);
      // A square screen is no portrait one: the panel stays beside the board.
      CHECK_FALSE(l.panel_at_bottom);
      // The panel holds a row of order buttons (270 points at scale 1, the
      // new-game form 330, or half the width of a 480-point screen); on the
      // screens of play the board keeps at least a third of the width to
      // pick places on (the new-game screen's board is only a preview).
      CHECK(l.panel.w >= std::min((wide ? 330.0f : 270.0f) * scale, s.w * 0.5f) - 0.5f);
      if (!wide) CHECK(l.board.w >= s.w / 3.0f);
      CHECK(l.board.h >= s.h - kTopBarPoints * scale - 0.5f);
    }
    // Folded, the board takes all but the tab.
    const Layout folded = compute_layout(s.w, s.h, scale, true);
    CHECK(folded.board.w == doctest::Approx(s.w - kCollapsedPoints * scale));
  }
}
