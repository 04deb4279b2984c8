#include "layout.h"

#include <algorithm>
#include <cmath>

namespace colonial {

float ui_scale_for_display(float w, float h) {
  const float s = std::min(w / 1280.0f, h / 720.0f);
  return std::clamp(std::floor(s * 4.0f) / 4.0f, 1.0f, 3.0f);
}

Layout compute_layout(float w, float h, float scale, bool collapsed, bool wide_panel) {
  Layout l;
  l.scale = scale;
  l.panel_collapsed = collapsed;
  const float bar = kTopBarPoints * scale;
  l.top_bar = {0, 0, w, bar};
  const float body_y = bar;
  const float body_h = std::max(0.0f, h - bar);
  // Portrait screens (a phone, a tablet on its side) dock the panel below
  // the board: beside it, either would be too narrow to use.
  l.panel_at_bottom = w < h * 0.9f;
  if (l.panel_at_bottom) {
    const float most = body_h * 0.7f;
    float ph = collapsed ? kCollapsedPoints * scale
                         : std::clamp(body_h * (wide_panel ? 0.6f : 0.42f), std::min(180.0f * scale, most), most);
    ph = std::min(ph, body_h);
    l.panel = {0, h - ph, w, ph};
    l.board = {0, body_y, w, std::max(0.0f, body_h - ph)};
  } else {
    // On a narrow screen (480 points) the panel's least width would pass
    // its greatest share: the share wins, so the board keeps half.
    const float most = std::max(w * (wide_panel ? 0.75f : 0.5f), 1.0f);
    const float least = std::min((wide_panel ? 330.0f : 270.0f) * scale, most);
    float pw = collapsed ? kCollapsedPoints * scale : std::clamp(w * (wide_panel ? 0.5f : 0.3f), least, most);
    pw = std::min(pw, w);
    l.panel = {w - pw, body_y, pw, body_h};
    l.board = {0, body_y, std::max(0.0f, w - pw), body_h};
  }
  return l;
}

}  // namespace colonial
