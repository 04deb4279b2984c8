#include "qr_code.h"

#include <imgui.h>
#include <qrencode.h>

#include <string>

namespace colonial {

namespace {

// The last code made, kept: the screen draws the same URLs every frame.
struct CachedCode {
  std::string text;
  int width = 0;
  std::string modules;  // width * width bytes, 1 = dark
};

const CachedCode* encode(std::string_view text) {
  static CachedCode cache[8];
  static int next = 0;
  for (const CachedCode& c : cache)
    if (c.width > 0 && c.text == text) return &c;
  const std::string s(text);
  QRcode* code = QRcode_encodeString(s.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  if (!code) return nullptr;
  CachedCode& c = cache[next];
  next = (next + 1) % 8;
  c.text = s;
  c.width = code->width;
  c.modules.assign(static_cast<std::size_t>(code->width) * static_cast<std::size_t>(code->width), 0);
  for (std::size_t i = 0; i < c.modules.size(); ++i) c.modules[i] = static_cast<char>(code->data[i] & 1);
  QRcode_free(code);
  return &c;
}

}  // namespace

bool draw_qr_code(std::string_view text, float size) {
  const CachedCode* c = encode(text);
  if (!c) return false;
  constexpr int kQuietZone = 4;  // modules of white around the code
  const int total = c->width + 2 * kQuietZone;
  const float module = size / static_cast<float>(total);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(at, ImVec2(at.x + size, at.y + size), IM_COL32(255, 255, 255, 255));
  for (int y = 0; y < c->width; ++y)
    for (int x = 0; x < c->width; ++x) {
      if (!c->modules[static_cast<std::size_t>(y) * static_cast<std::size_t>(c->width) + static_cast<std::size_t>(x)])
        continue;
      const float x0 = at.x + static_cast<float>(x + kQuietZone) * module;
      const float y0 = at.y + static_cast<float>(y + kQuietZone) * module;
      draw->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + module, y0 + module), IM_COL32(0, 0, 0, 255));
    }
  ImGui::Dummy(ImVec2(size, size));
  return true;
}

}  // namespace colonial
