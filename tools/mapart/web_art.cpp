#include "web_art.h"

#include <cmath>
#include <cstdio>
#include <fstream>

#include "notation.h"

namespace mapart {

namespace {

// Box-filtered down-scale of an RGBA image.
Image shrink(const Image& in, int width, int height) {
  Image out(width, height);
  const double sx = static_cast<double>(in.width) / width, sy = static_cast<double>(in.height) / height;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const int x0 = static_cast<int>(x * sx), x1 = std::max(x0 + 1, static_cast<int>((x + 1) * sx));
      const int y0 = static_cast<int>(y * sy), y1 = std::max(y0 + 1, static_cast<int>((y + 1) * sy));
      double sum[4] = {0, 0, 0, 0};
      int n = 0;
      for (int yy = y0; yy < y1 && yy < in.height; ++yy)
        for (int xx = x0; xx < x1 && xx < in.width; ++xx) {
          const std::uint8_t* p = in.px(xx, yy);
          for (int k = 0; k < 4; ++k) sum[k] += p[k];
          ++n;
        }
      std::uint8_t* q = out.px(x, y);
      for (int k = 0; k < 4; ++k) q[k] = static_cast<std::uint8_t>(n ? std::lround(sum[k] / n) : 0);
      q[3] = 255;
    }
  return out;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out + "\"";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

}  // namespace

bool write_web_art(const colonial::Map& map, const Raster& ids, const Image& board,
                   const std::vector<PointD>& unit_points, int width, const std::string& dir, std::string& error) {
  const double scale = static_cast<double>(width) / board.width;
  const int height = static_cast<int>(std::lround(board.height * scale));
  if (!save_png(shrink(board, width, height), dir + "colonial_web_board.png", error)) return false;

  // The id map, sampled at each web pixel's centre: one province per pixel.
  Image id_image(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const int bx = std::min(ids.width - 1, static_cast<int>((x + 0.5) / scale));
      const int by = std::min(ids.height - 1, static_cast<int>((y + 0.5) / scale));
      const std::uint8_t id = ids.at(bx, by);
      const std::uint8_t r = id < map.province_count() ? static_cast<std::uint8_t>(id + 1) : 0;
      id_image.set(x, y, {r, 0, 0, 255});
    }
  if (!save_png(id_image, dir + "colonial_web_ids.png", error)) return false;

  std::ofstream out(dir + "colonial_web.json");
  out << "{\"width\":" << width << ",\"height\":" << height << ",\"provinces\":[";
  for (int p = 0; p < map.province_count(); ++p) {
    const colonial::ProvinceInfo& pi = map.province(static_cast<colonial::ProvinceId>(p));
    const char* kind = pi.kind == colonial::ProvinceKind::Sea    ? "sea"
                       : pi.kind == colonial::ProvinceKind::Land ? "land"
                                                                 : "coast";
    const PointD u = unit_points[static_cast<std::size_t>(p)];
    char pt[64];
    std::snprintf(pt, sizeof pt, "%.1f,%.1f", u.x * scale, u.y * scale);
    out << (p ? "," : "") << "{\"code\":" << json_string(lower(pi.code)) << ",\"name\":" << json_string(pi.name)
        << ",\"kind\":\"" << kind << "\",\"colony\":" << (pi.colony ? "true" : "false") << ",\"point\":[" << pt << "]}";
  }
  out << "],\"locations\":[";
  for (int l = 0; l < map.location_count(); ++l) {
    const colonial::LocationInfo& li = map.location(static_cast<colonial::LocationId>(l));
    // The judge's code ("arb/nc"), as the server writes locations.
    colonial::OrderText code;
    colonial::format_location(map, static_cast<colonial::LocationId>(l), colonial::OrderStyle::Judge, code);
    const PointD u = unit_points[static_cast<std::size_t>(l)];
    char pt[64];
    std::snprintf(pt, sizeof pt, "%.1f,%.1f", u.x * scale, u.y * scale);
    out << (l ? "," : "") << "{\"code\":" << json_string(code.view())
        << ",\"province\":" << static_cast<int>(li.province) << ",\"point\":[" << pt << "]}";
  }
  out << "]}\n";
  out.close();
  if (!out) {
    error = "cannot write " + dir + "colonial_web.json";
    return false;
  }
  return true;
}

}  // namespace mapart
