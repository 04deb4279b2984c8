#include "ui_targets.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "window.h"

namespace colonial {

namespace {

struct Target {
  std::string label;
  ImVec2 min;
  ImVec2 max;
  bool shown = false;    // its centre is in sight: a click there presses it
  bool whole = false;    // not cut by the window's clip rectangle or the screen
  bool focused = false;  // ImGui's navigation is on it
  // For the overlap check: the ImGui item (0: a text, not pressable), the
  // window layer it is drawn in (its root window: a child window's is its
  // parent's, a popup's is its own), and the part of it the screen shows.
  ImGuiID id = 0;
  const void* layer = nullptr;
  ImRect seen;
};
std::vector<Target> g_targets;       // the frame being drawn
std::vector<Target> g_last_targets;  // the last complete frame's
std::string g_clipped;               // the frame being drawn: labels that did not fit
std::string g_last_clipped;
// A text field (an item ImGui lets one type into) under the pointer this frame.
bool g_text_field_hovered = false;
std::string g_scroll_to;  // the label whose window is to scroll it into sight

// Half a point of slack: ImGui rounds edges to whole pixels.
constexpr float kSlack = 0.5f;

std::string_view visible_label(std::string_view label) {
  const std::size_t hashes = label.find("##");
  return hashes == std::string_view::npos ? label : label.substr(0, hashes);
}

// The part of the screen where the current window shows its items: its clip
// rectangle (within its parents') cut by the screen's edges.
ImRect visible_region() {
  ImRect r = ImGui::GetCurrentWindowRead()->ClipRect;
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  r.ClipWithFull(ImRect(0, 0, screen.x, screen.y));
  return r;
}

// How far the current window, and the windows it is a child of, can still
// scroll back (towards the start) and forward along `axis` (0: x, 1: y):
// what brings an item now out of sight into it.
struct Travel {
  float back = 0;
  float forward = 0;
};
Travel scroll_travel(std::size_t axis) {
  Travel t;
  for (const ImGuiWindow* w = ImGui::GetCurrentWindowRead(); w; w = w->ParentWindow) {
    // A finger scrolls up and down (touch_scroll) but sideways only by a
    // scrollbar: content that merely sticks out to the right is cut off.
    if (axis == 1 || w->ScrollbarX) {
      t.back += std::max(0.0f, w->Scroll[axis]);
      t.forward += std::max(0.0f, w->ScrollMax[axis] - w->Scroll[axis]);
    }
    // A popup or a window of its own does not move with the one under it.
    if (!(w->Flags & ImGuiWindowFlags_ChildWindow) || (w->Flags & ImGuiWindowFlags_Popup)) break;
  }
  return t;
}

// Why the item [min, max] cannot be seen whole however its windows are
// scrolled ("" if it can): it is larger than the part of the screen its
// window shows, or lies beyond an edge no scrolling moves it from (a window
// that does not scroll that way, the screen's edge).
std::string out_of_reach(ImVec2 min, ImVec2 max) {
  // A window learns how far it scrolls from its content of the frame before:
  // in its first frame nothing can be told.
  for (const ImGuiWindow* w = ImGui::GetCurrentWindowRead(); w; w = w->ParentWindow)
    if (w->Appearing || w->HiddenFramesCannotSkipItems > 0) return {};
  const ImRect v = visible_region();
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  static const char* const kBefore[2] = {"left", "top"};
  static const char* const kAfter[2] = {"right", "bottom"};
  for (std::size_t axis = 0; axis < 2; ++axis) {
    const float before = v.Min[axis] - min[axis];  // > 0: it starts before the visible part
    const float after = max[axis] - v.Max[axis];   // > 0: it ends after it
    if (before <= kSlack && after <= kSlack) continue;
    const float room = v.Max[axis] - v.Min[axis];
    if (max[axis] - min[axis] > room + kSlack)
      return std::string(axis == 0 ? "wider" : "taller") + " than the " + std::to_string(static_cast<int>(room)) +
             " points its window shows";
    const Travel travel = scroll_travel(axis);
    const bool at_end = after > kSlack;
    const float needed = at_end ? after : before;
    // ImGui floors the content's size, and with it how far a window scrolls.
    constexpr float kFloored = 1.0f;
    if (needed <= (at_end ? travel.forward : travel.back) + kSlack + kFloored) continue;
    // The screen's edge, or the window's, is where it is cut.
    const bool screen_edge = at_end ? v.Max[axis] >= screen[axis] - kSlack : v.Min[axis] <= kSlack;
    return std::string("off the ") + (screen_edge ? "screen's " : "window's ") +
           (at_end ? kAfter[axis] : kBefore[axis]) + " edge by " +
           std::to_string(static_cast<int>(std::lround(needed))) + ", and no scrolling brings it in";
  }
  return {};
}

void report(const std::string& entry) {
  if (!g_clipped.empty()) g_clipped += "; ";
  g_clipped += entry;
}

void report_clipped(std::string_view shown, const std::string& why) { report(std::string(shown) + " (" + why + ")"); }

// Pressable widgets drawn over each other: within one window layer (a
// window and its child windows), the parts of two items the screen shows
// overlap by more than a point each way. A popup, a modal or a window of
// its own over the screen is another layer and is drawn over it on
// purpose; the part of an item scrolled away, cut by its window's clip
// rectangle, is not compared; texts (no ImGui ID) are not pressable.
void report_overlaps() {
  struct Item {
    std::string names;  // its labels ("Back to Table 1 / Back": recorded twice)
    const Target* target;
  };
  std::vector<Item> items;
  for (const Target& t : g_targets) {
    if (t.id == 0 || t.layer == nullptr || t.label.empty()) continue;
    auto same = std::find_if(items.begin(), items.end(), [&](const Item& i) { return i.target->id == t.id; });
    if (same == items.end()) {
      items.push_back({t.label, &t});
    } else if (same->names != t.label && same->names.find(" / " + t.label) == std::string::npos) {
      same->names += " / " + t.label;
    }
  }
  constexpr float kOverlapSlack = 2 * kSlack;
  for (std::size_t a = 0; a < items.size(); ++a) {
    for (std::size_t b = a + 1; b < items.size(); ++b) {
      const Target& first = *items[a].target;
      const Target& later = *items[b].target;
      if (first.layer != later.layer) continue;
      ImRect both = first.seen;
      both.ClipWithFull(later.seen);
      const float w = both.GetWidth(), h = both.GetHeight();
      if (w <= kOverlapSlack || h <= kOverlapSlack) continue;
      // The one drawn later is on top.
      report("\"" + items[b].names + "\" overlaps \"" + items[a].names + "\" (by " +
             std::to_string(static_cast<int>(std::lround(w))) + "x" + std::to_string(static_cast<int>(std::lround(h))) +
             ")");
    }
  }
}

}  // namespace

void ui_targets_begin_frame() {
  g_targets.clear();
  g_clipped.clear();
  g_text_field_hovered = false;
}

void ui_targets_end_frame() {
  report_overlaps();
  platform::text_field_under_pointer(g_text_field_hovered);
  // A scroll is asked for one frame: the next frame's Begin applies it.
  g_scroll_to.clear();
  g_last_targets.swap(g_targets);
  g_targets.clear();
  g_last_clipped.swap(g_clipped);
  g_clipped.clear();
}

void ui_check_fit(std::string_view label) {
  const std::string_view shown = visible_label(label);
  if (shown.empty()) return;
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  // Out of sight is fine while a scroll brings it in (a list longer than
  // its window); beyond the screen's edge, or a window's that does not
  // scroll, nobody can read or press it.
  if (const std::string why = out_of_reach(min, max); !why.empty()) {
    report_clipped(shown, why);
    return;
  }
  const float text = ImGui::CalcTextSize(shown.data(), shown.data() + shown.size()).x;
  // A button's text starts after its left frame padding and is cut at its
  // edge; a checkbox's or a radio button's starts after its box, which is
  // wider than that padding.
  float room = max.x - min.x - ImGui::GetStyle().FramePadding.x;
  // What of the item the window shows (a panel too narrow cuts it off).
  const float cut = max.x - ImGui::GetCurrentWindowRead()->ClipRect.Max.x;
  if (cut > 0) room -= cut;
  if (text <= room + 1.0f) return;
  report_clipped(shown, "text " + std::to_string(static_cast<int>(std::lround(text))) + ", room " +
                            std::to_string(static_cast<int>(std::lround(room))));
}

std::string ui_clipped_list() { return g_last_clipped; }

void ui_target(std::string_view label) {
  const std::string_view shown = visible_label(label);
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  if (!g_scroll_to.empty() && shown == g_scroll_to) {
    // Its window (and the windows it is a child of) scroll to centre it.
    ImGui::ScrollToRect(ImGui::GetCurrentWindow(), ImRect(min, max), ImGuiScrollFlags_AlwaysCenterY);
    g_scroll_to.clear();
  }
  const ImRect v = visible_region();
  const ImVec2 centre((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f);
  // A widget scrolled out of sight cannot be pressed; a script scrolls first.
  const bool in_sight = ImGui::IsItemVisible() && v.Contains(centre);
  const bool whole = in_sight && min.x >= v.Min.x - kSlack && min.y >= v.Min.y - kSlack && max.x <= v.Max.x + kSlack &&
                     max.y <= v.Max.y + kSlack;
  Target t;
  t.label = shown;
  t.min = min;
  t.max = max;
  t.shown = in_sight;
  t.whole = whole;
  t.focused = ImGui::IsItemFocused();
  if ((GImGui->LastItemData.InFlags & ImGuiItemFlags_Inputable) != 0 && ImGui::IsItemHovered())
    g_text_field_hovered = true;
  // A window hidden while it measures its content (its first frame) shows
  // nothing to overlap.
  const ImGuiWindow* window = ImGui::GetCurrentWindowRead();
  if (ImGui::IsItemVisible() && window->HiddenFramesCannotSkipItems == 0 && window->HiddenFramesCanSkipItems == 0) {
    t.id = ImGui::GetItemID();
    t.layer = window->RootWindow;
    t.seen = ImRect(min, max);
    t.seen.ClipWithFull(v);
  }
  g_targets.push_back(std::move(t));
}

bool ui_target_find(std::string_view label, float pixel_ratio, platform::PointF& at) {
  for (auto it = g_last_targets.rbegin(); it != g_last_targets.rend(); ++it) {
    if (it->label != label || !it->shown) continue;
    at = {(it->min.x + it->max.x) * 0.5f * pixel_ratio, (it->min.y + it->max.y) * 0.5f * pixel_ratio};
    return true;
  }
  return false;
}

bool ui_target_drawn(std::string_view label) {
  return std::any_of(g_last_targets.begin(), g_last_targets.end(), [&](const Target& t) { return t.label == label; });
}

bool ui_target_scroll_to(std::string_view label) {
  const bool hidden = std::any_of(g_last_targets.begin(), g_last_targets.end(),
                                  [&](const Target& t) { return t.label == label && !t.shown; });
  if (hidden) g_scroll_to = label;
  return hidden;
}

bool ui_target_whole(std::string_view label) {
  for (auto it = g_last_targets.rbegin(); it != g_last_targets.rend(); ++it)
    if (it->label == label) return it->whole;
  return false;
}

std::string ui_target_focused() {
  for (const Target& t : g_last_targets)
    if (t.focused) return t.label;
  return {};
}

// Random input presses what is in sight only.
std::size_t ui_target_count() {
  return static_cast<std::size_t>(
      std::count_if(g_last_targets.begin(), g_last_targets.end(), [](const Target& t) { return t.shown; }));
}

bool ui_target_nth(std::size_t n, float pixel_ratio, platform::PointF& at) {
  for (const Target& t : g_last_targets) {
    if (!t.shown) continue;
    if (n-- > 0) continue;
    at = {(t.min.x + t.max.x) * 0.5f * pixel_ratio, (t.min.y + t.max.y) * 0.5f * pixel_ratio};
    return true;
  }
  return false;
}

std::string ui_target_list() {
  std::string out;
  for (const Target& t : g_last_targets) {
    if (!out.empty()) out += ", ";
    out += t.label;
    if (!t.shown) out += " (out of sight)";
  }
  return out;
}

}  // namespace colonial
