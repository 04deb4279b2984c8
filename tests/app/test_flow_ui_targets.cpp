// Where labelled widgets are drawn (game/app/widgets/ui_targets.h): what a
// script can press, what it must scroll to first, and the fit check's
// verdict on widgets out of sight, measured by Dear ImGui drawing headless.
#include <doctest/doctest.h>
#include <imgui.h>

#include <string>

#include "ui_targets.h"

using namespace colonial;

namespace {

// A 640x480 screen with a fixed-size window at `pos` holding `rows` buttons
// one under another (each recorded and checked like the touch widgets'),
// and `beside` more to the right of the last one.
struct Scene {
  ImVec2 pos{0, 0};
  ImVec2 size{300, 200};
  int rows = 3;
  int beside = 0;
};

// One frame of a 640x480 screen, bracketed as the app does; `windows`
// draws its windows.
template <typename Windows>
void frame(Windows windows) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(640, 480);
  io.DeltaTime = 1.0f / 60.0f;
  ui_targets_begin_frame();
  ImGui::NewFrame();
  windows();
  ImGui::Render();
  ui_targets_end_frame();
}

// A fixed window without decorations at `pos`.
void begin_window(const char* name, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin(name, nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
}

// A 120x40 button, recorded and checked like the touch widgets'.
void button(const std::string& label) {
  ImGui::Button(label.c_str(), ImVec2(120, 40));
  ui_target(label);
  ui_check_fit(label);
}

void draw(const Scene& scene) {
  frame([&] {
    begin_window("scene", scene.pos, scene.size);
    for (int i = 0; i < scene.rows; ++i) button("Row " + std::to_string(i));
    for (int i = 0; i < scene.beside; ++i) {
      ImGui::SameLine();
      button("Beside " + std::to_string(i));
    }
    ImGui::End();
  });
}

// A few frames, so that the window knows how far its content scrolls.
void settle(const Scene& scene) {
  for (int i = 0; i < 3; ++i) draw(scene);
}

struct Context {
  Context() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~Context() { ImGui::DestroyContext(); }
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
};

}  // namespace

TEST_CASE("a list longer than its window: out of sight, pressable once scrolled to, and never reported") {
  Context context;
  Scene scene;
  scene.rows = 20;
  settle(scene);
  platform::PointF at;
  CHECK(ui_target_find("Row 0", 1.0f, at));
  CHECK_FALSE(ui_target_find("Row 19", 1.0f, at));
  CHECK(ui_target_drawn("Row 19"));
  CHECK(ui_clipped_list().empty());
  // Asked to, the window scrolls it into sight: drawn there two frames on.
  CHECK(ui_target_scroll_to("Row 19"));
  draw(scene);
  draw(scene);
  REQUIRE(ui_target_find("Row 19", 1.0f, at));
  CHECK(at.y > 0);
  CHECK(at.y < 200);
  CHECK(ui_target_whole("Row 19"));
  CHECK_FALSE(ui_target_find("Row 0", 1.0f, at));
  CHECK(ui_clipped_list().empty());
  // Nothing to scroll to: a widget in sight, or none of that label.
  CHECK_FALSE(ui_target_scroll_to("Row 19"));
  CHECK_FALSE(ui_target_scroll_to("Nowhere"));
}

TEST_CASE("a widget beyond the screen's edge, or a window's that does not scroll there, is reported") {
  Context context;
  // The window runs off the screen's right edge: the third button is beyond it.
  Scene off_screen;
  off_screen.pos = ImVec2(340, 0);
  off_screen.size = ImVec2(500, 200);
  off_screen.rows = 1;
  off_screen.beside = 2;
  settle(off_screen);
  const std::string clipped = ui_clipped_list();
  INFO(clipped);
  CHECK(clipped.find("Beside 1 (off the screen's right edge by") != std::string::npos);
  CHECK(clipped.find("Row 0") == std::string::npos);
  CHECK(clipped.find("Beside 0") == std::string::npos);
  // Pushed past its window's right edge, which scrolls up and down only.
  Scene narrow;
  narrow.size = ImVec2(300, 200);
  narrow.rows = 1;
  narrow.beside = 2;
  settle(narrow);
  const std::string cut = ui_clipped_list();
  INFO(cut);
  CHECK(cut.find("Beside 1 (off the window's right edge by") != std::string::npos);
  // Below the screen's bottom, in a window that fits its content.
  Scene low;
  low.pos = ImVec2(0, 400);
  low.size = ImVec2(300, 200);
  low.rows = 2;
  settle(low);
  const std::string below = ui_clipped_list();
  INFO(below);
  CHECK(below.find("Row 1 (off the screen's bottom edge by") != std::string::npos);
  CHECK(below.find("Row 0") == std::string::npos);
}

namespace {

// A window with two buttons, the second placed at `second_at` (or after
// the first as usual), and, where `popup`, a popup over them with a button
// of its own.
void draw_two(const ImVec2* second_at, bool popup = false) {
  frame([&] {
    begin_window("two", ImVec2(0, 0), ImVec2(400, 300));
    button("Quit the kiosk");
    if (second_at) ImGui::SetCursorPos(*second_at);
    button("Back to Table 1");
    // Recorded twice, as scripts name it: still one widget.
    ui_target("Back");
    ImGui::TextUnformatted("A text under the buttons");
    ui_target("Text");
    if (popup) {
      ImGui::OpenPopup("question");
      ImGui::SetNextWindowPos(ImVec2(10, 10));
      if (ImGui::BeginPopup("question")) {
        button("Yes");
        ImGui::EndPopup();
      }
    }
    ImGui::End();
  });
}

}  // namespace

TEST_CASE("widgets drawn over each other are reported, by both their labels") {
  Context context;
  // The second button placed half over the first.
  const ImVec2 over(60, 20);
  for (int i = 0; i < 3; ++i) draw_two(&over);
  const std::string clipped = ui_clipped_list();
  INFO(clipped);
  CHECK(clipped.find("\"Back to Table 1 / Back\" overlaps \"Quit the kiosk\"") != std::string::npos);
  // Laid out one under the other: nothing overlaps.
  for (int i = 0; i < 3; ++i) draw_two(nullptr);
  CHECK(ui_clipped_list().empty());
  // A popup over the buttons is a layer of its own.
  for (int i = 0; i < 3; ++i) draw_two(nullptr, true);
  CHECK(ui_target_drawn("Yes"));
  CHECK(ui_clipped_list().empty());
}

TEST_CASE("a widget cut by its child window's edge does not overlap what is beyond it") {
  Context context;
  // Five rows in a child window 110 points tall: the third runs under its
  // bottom edge, where a button follows the child; only the part in sight
  // counts.
  for (int i = 0; i < 4; ++i) {
    frame([] {
      begin_window("cut", ImVec2(0, 0), ImVec2(400, 300));
      ImGui::BeginChild("rows", ImVec2(0, 110), false);
      for (int row = 0; row < 5; ++row) button("Row " + std::to_string(row));
      ImGui::EndChild();
      button("Under");
      ImGui::End();
    });
  }
  INFO(ui_clipped_list());
  CHECK(ui_clipped_list().empty());
  CHECK(ui_target_drawn("Row 4"));
}
