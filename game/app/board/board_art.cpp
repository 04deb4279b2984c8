#include "board_art.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string_view>

#include "files.h"

namespace colonial {
namespace {

using platform::Pixels;
using platform::PointF;
using platform::RectF;

constexpr const char* kAtlasFile = "colonial_atlas.txt";
// Largest board we accept: a corrupt header must not make us allocate gigabytes.
constexpr int kMaxBoardSide = 8192;

std::uint32_t alpha_of(std::uint32_t c) { return c >> 24; }

// a over b, straight alpha, ARGB8888; b is opaque.
std::uint32_t over_opaque(std::uint32_t a, std::uint32_t b) {
  const std::uint32_t al = alpha_of(a);
  if (al == 255) return a | 0xFF000000u;
  if (al == 0) return b;
  const std::uint32_t inv = 255 - al;
  auto ch = [&](int shift) {
    const std::uint32_t ca = (a >> shift) & 0xFF;
    const std::uint32_t cb = (b >> shift) & 0xFF;
    return ((ca * al + cb * inv + 127) / 255) << shift;
  };
  return 0xFF000000u | ch(16) | ch(8) | ch(0);
}

// Bilinear sample of a sprite rectangle of a page at (u, v) in sprite pixels
// (pixel centres at .5), clamped to the rectangle; premultiplied internally
// so that transparent neighbours do not darken the edge.
std::uint32_t sample_bilinear(const Pixels& page, int sx, int sy, int sw, int sh, float u, float v) {
  const float fx = std::clamp(u - 0.5f, 0.0f, static_cast<float>(sw - 1));
  const float fy = std::clamp(v - 0.5f, 0.0f, static_cast<float>(sh - 1));
  const int x0 = static_cast<int>(fx);
  const int y0 = static_cast<int>(fy);
  const int x1 = std::min(x0 + 1, sw - 1);
  const int y1 = std::min(y0 + 1, sh - 1);
  const float tx = fx - static_cast<float>(x0);
  const float ty = fy - static_cast<float>(y0);
  auto px = [&](int x, int y) {
    return page
        .argb[static_cast<std::size_t>(sy + y) * static_cast<std::size_t>(page.w) + static_cast<std::size_t>(sx + x)];
  };
  const std::uint32_t c[4] = {px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1)};
  const float w[4] = {(1 - tx) * (1 - ty), tx * (1 - ty), (1 - tx) * ty, tx * ty};
  float a = 0, r = 0, g = 0, b = 0;
  for (int i = 0; i < 4; ++i) {
    const float al = static_cast<float>(alpha_of(c[i])) * w[i];
    a += al;
    r += static_cast<float>((c[i] >> 16) & 0xFF) * al;
    g += static_cast<float>((c[i] >> 8) & 0xFF) * al;
    b += static_cast<float>(c[i] & 0xFF) * al;
  }
  if (a <= 0.0f) return 0;
  auto u8 = [](float f) { return static_cast<std::uint32_t>(std::clamp(f + 0.5f, 0.0f, 255.0f)); };
  return (u8(a) << 24) | (u8(r / a) << 16) | (u8(g / a) << 8) | u8(b / a);
}

// Reads a whole text file; false if it cannot be opened.
bool read_text(const std::string& path, std::string& out, std::string& error) {
  return platform::read_file(path, out, error);
}

bool is_readable(const std::string& path) {
  std::string text;
  std::string error;
  return platform::read_file(path, text, error);
}

}  // namespace

namespace {

std::string join_path(const std::string& dir, const std::string& name) {
  std::string path = dir;
  path += '/';
  path += name;
  return path;
}

}  // namespace

std::uint64_t art_hash(std::string_view bytes, std::uint64_t hash) {
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, bytes.data() + i, 8);
    hash = (hash ^ word) * 1099511628211ull;
  }
  for (; i < bytes.size(); ++i) hash = (hash ^ static_cast<unsigned char>(bytes[i])) * 1099511628211ull;
  return hash;
}

std::string find_board_art(std::string& searched) {
  std::string path = platform::find_asset(std::string("art/") + kAtlasFile, searched);
  if (!path.empty()) return path.substr(0, path.size() - std::string(kAtlasFile).size() - 1);
#ifdef COLONIAL_BUILD_ART_DIR
  std::string build = COLONIAL_BUILD_ART_DIR;
  if (is_readable(build + "/" + kAtlasFile)) return build;
  if (!searched.empty()) searched += ", ";
  searched += build;
#endif
  return {};
}

bool BoardArt::load(const std::string& dir, const Map& map, std::string& error, const std::string& cache_file) {
  std::string text;
  if (!read_text(dir + "/" + kAtlasFile, text, error)) return false;
  return load_text(text, dir, map, error, cache_file);
}

bool BoardArt::load_text(const std::string& text, const std::string& dir, const Map& map, std::string& error,
                         const std::string& cache_file) {
  *this = BoardArt();
  map_ = &map;
  cache_file_ = cache_file;
  const std::string file = dir + "/" + kAtlasFile;
  if (!parse(text, file, map, error)) return false;
  // The art's files and the map it is checked against (the cache keeps
  // what that check and the layout made).
  fingerprint_ = art_hash(text);
  fingerprint_ = art_hash(map.name(), fingerprint_ ^ static_cast<std::uint64_t>(map.province_count()));
  if (!fingerprint_images(error)) return false;
  lay_out_icon_page();
  std::string why;
  const bool cached = !cache_file_.empty() && read_cache_layout(why);
  if (!cached) {
    if (!cache_file_.empty()) cache_note_ = why;
    if (!check_sprites(map, file, error) || !decode_id_map(error) || !decode_pages(error)) return false;
    make_runs();
    fill_icon_page();
  }
  if (!check_against(map, file, error)) return false;
  if (!cached_layout_) {
    compute_bounds(map);
    compute_label_points(map);
    ids_ = std::vector<std::uint8_t>();  // the runs stand for it from now on
  }
  return true;
}

bool BoardArt::fingerprint_images(std::string& error) {
  std::string bytes;
  auto add = [&](const std::string& path) {
    if (!read_text(path, bytes, error)) {
      error = "cannot read image " + path + ": " + error;
      return false;
    }
    fingerprint_ = art_hash(bytes, fingerprint_);
    return true;
  };
  if (!add(idmap_path_)) return false;
  for (const PageFile& page : page_files_)
    if (!add(page.path)) return false;
  return true;
}

bool BoardArt::decode_id_map(std::string& error) {
  Pixels ids;
  if (!platform::load_pixels(idmap_path_, ids, error)) return false;
  if (ids.w != width_ || ids.h != height_) {
    error = idmap_path_ + ": the id map is " + std::to_string(ids.w) + "x" + std::to_string(ids.h) + ", the board " +
            std::to_string(width_) + "x" + std::to_string(height_);
    return false;
  }
  // A grey 8-bit PNG: the red channel is the id.
  ids_.resize(ids.argb.size());
  for (std::size_t i = 0; i < ids.argb.size(); ++i) ids_[i] = static_cast<std::uint8_t>(ids.argb[i] >> 16);
  return true;
}

bool BoardArt::decode_pages(std::string& error) {
  pages_.clear();
  for (const PageFile& file : page_files_) {
    Pixels page;
    if (!platform::load_pixels(file.path, page, error)) return false;
    if (page.w != file.w || page.h != file.h) {
      error = file.path + " is " + std::to_string(page.w) + "x" + std::to_string(page.h) + ", not " +
              std::to_string(file.w) + "x" + std::to_string(file.h);
      pages_.clear();
      return false;
    }
    pages_.push_back(std::move(page));
  }
  return true;
}

namespace {

// A whole word read as a number (no sign but '-', no spaces, nothing after).
template <typename T>
bool whole_number(std::string_view w, T& out) {
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return ec == std::errc() && end == w.data() + w.size();
}
#ifndef __cpp_lib_to_chars
// A C++ library without from_chars for floating point (the browser build's
// libc++): the C library's strtod, in the "C" locale's notation, the only
// one the atlas is written in.
bool whole_number(std::string_view w, float& out) {
  if (w.empty() || w.front() == '+' || w.front() == ' ') return false;
  const std::string copy(w);
  char* end = nullptr;
  errno = 0;
  out = std::strtof(copy.c_str(), &end);
  return errno == 0 && end == copy.c_str() + copy.size();
}
#endif

}  // namespace

// The words of a line: names as views, numbers read with std::from_chars
// (an istringstream per line made parsing a tenth of the start-up).
struct BoardArt::Words {
  std::string_view rest;
  static bool space(char c) { return c == ' ' || c == '\t' || c == '\r'; }
  bool word(std::string_view& out) {
    std::size_t start = 0;
    while (start < rest.size() && space(rest[start])) ++start;
    if (start == rest.size()) return false;
    std::size_t end = start;
    while (end < rest.size() && !space(rest[end])) ++end;
    out = rest.substr(start, end - start);
    rest.remove_prefix(end);
    return true;
  }
  bool word(std::string& out) {
    std::string_view w;
    if (!word(w)) return false;
    out.assign(w);
    return true;
  }
  template <typename T>
  bool number(T& out) {
    std::string_view w;
    if (!word(w)) return false;
    return whole_number(w, out);
  }
  template <typename T, typename... More>
  bool number(T& first, More&... more) {
    return number(first) && number(more...);
  }
};

bool BoardArt::parse(const std::string& text, const std::string& file, const Map& map, std::string& error) {
  const std::string dir = file.substr(0, file.rfind('/'));
  std::vector<bool> icon_found(static_cast<int>(IconKind::Count), false);
  for (PointF& p : unit_points_) p = {-1, -1};
  for (PointF& p : colony_points_) p = {-1, -1};
  int line_no = 0;
  auto fail = [&](const std::string& what) {
    error = file + ":" + std::to_string(line_no) + ": " + what;
    return false;
  };
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + at, end - at);
    at = end + 1;
    line_ = ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    Words words{line};
    std::string_view key;
    if (!words.word(key)) continue;
    std::string what;
    if (!parse_line(key, words, dir, map, icon_found, what)) return fail(what);
  }
  line_no = 0;
  if (width_ == 0) return fail("no 'board' statement");
  if (idmap_path_.empty()) return fail("no 'idmap' statement");
  for (int k = 0; k < static_cast<int>(IconKind::Count); ++k)
    if (!icon_found[static_cast<std::size_t>(k)])
      return fail(
          "the white (*) unit and colony icons are missing (army, fleet, army_dislodged, "
          "fleet_dislodged, colony, colony_home)");
  return true;
}

bool BoardArt::parse_line(std::string_view key, Words& words, const std::string& dir, const Map& map,
                          std::vector<bool>& icon_found, std::string& what) {
  if (key == "board") {
    if (!words.number(width_, height_) || width_ <= 0 || height_ <= 0 || width_ > kMaxBoardSide ||
        height_ > kMaxBoardSide) {
      what = "'board' wants a width and a height between 1 and " + std::to_string(kMaxBoardSide);
      return false;
    }
  } else if (key == "projection") {
    // The points below are already in board pixels; the projection is for tools.
  } else if (key == "idmap") {
    std::string name;
    if (!words.word(name) || !words.number(id_land_, id_water_)) {
      what = "'idmap' wants FILE LAND_ID WATER_ID";
      return false;
    }
    idmap_path_ = join_path(dir, name);
    if (!is_readable(idmap_path_)) {
      what = "cannot read image " + idmap_path_;
      return false;
    }
  } else if (key == "page") {
    int index = 0;
    PageFile page;
    std::string name;
    if (!words.number(index) || !words.word(name) || !words.number(page.w, page.h) ||
        index != static_cast<int>(page_files_.size()) || page.w <= 0 || page.h <= 0 || page.w > kMaxBoardSide ||
        page.h > kMaxBoardSide) {
      what = "'page' wants INDEX FILE W H, pages numbered from 0 in order";
      return false;
    }
    page.path = join_path(dir, name);
    if (!is_readable(page.path)) {
      what = "cannot read image " + page.path;
      return false;
    }
    page_files_.push_back(std::move(page));
  } else if (key == "sprite" || key == "icon") {
    return parse_sprite(key, words, icon_found, what);
  } else if (key == "point") {
    return parse_point(words, map, what);
  } else {
    what = "unknown statement '" + std::string(key) + "'";
    return false;
  }
  return true;
}

bool BoardArt::parse_sprite(std::string_view key, Words& words, std::vector<bool>& icon_found, std::string& what) {
  Sprite s;
  if (!words.word(s.kind) || !words.word(s.name) || !words.number(s.page, s.x, s.y, s.w, s.h)) {
    what = "'" + std::string(key) + "' wants KIND NAME PAGE X Y W H ...";
    return false;
  }
  if (s.page < 0 || s.page >= static_cast<int>(page_files_.size())) {
    what = "page " + std::to_string(s.page) + " is not declared before its sprites";
    return false;
  }
  const PageFile& page = page_files_[static_cast<std::size_t>(s.page)];
  if (s.x < 0 || s.y < 0 || s.w <= 0 || s.h <= 0 || s.x + s.w > page.w || s.y + s.h > page.h) {
    what = "the rectangle " + std::to_string(s.x) + "," + std::to_string(s.y) + " " + std::to_string(s.w) + "x" +
           std::to_string(s.h) + " is not inside page " + std::to_string(s.page);
    return false;
  }
  if (key == "icon") {
    float hx = 0;
    float hy = 0;
    if (!words.number(hx, hy)) {
      what = "'icon' wants ... HOT_X HOT_Y";
      return false;
    }
    // Only the white icons are used: the view tints them with its palette.
    static const char* const kKinds[] = {"colony", "colony_home", "army", "fleet", "army_dislodged", "fleet_dislodged"};
    static_assert(std::size(kKinds) == static_cast<std::size_t>(IconKind::Count));
    for (int k = 0; k < static_cast<int>(IconKind::Count) && s.name == "*"; ++k)
      if (s.kind == kKinds[k]) {  // other kinds are icons this renderer does not draw
        icon_sources_[k] = {s.kind, s.page, s.x, s.y, s.w, s.h, hx, hy};
        icon_found[static_cast<std::size_t>(k)] = true;
      }
    return true;
  }
  if (!words.number(s.board_x, s.board_y, s.scale) || s.scale < 1 || s.scale > 8) {
    what = "'sprite' wants ... BOARD_X BOARD_Y SCALE (1 to 8)";
    return false;
  }
  words.word(s.extra);
  if (s.board_x < 0 || s.board_y < 0 || s.board_x + s.w * s.scale > width_ + 1 ||
      s.board_y + s.h * s.scale > height_ + 1) {
    what = "sprite " + s.kind + " " + s.name + " does not fit on the board";
    return false;
  }
  s.line = line_;  // its province is checked by check_sprites (a cache made from this art was)
  sprites_.push_back(std::move(s));
  return true;
}

bool BoardArt::check_sprites(const Map& map, const std::string& file, std::string& error) const {
  for (const Sprite& s : sprites_) {
    if (s.kind != "province" && s.kind != "sea" && s.kind != "water-province") continue;
    const ProvinceLookup found = map.find_province(s.name);
    if (found.status != LookupStatus::Found || std::string(map.province(found.province).code) != s.name) {
      error = file + ":" + std::to_string(s.line) + ": sprite of '" + s.name +
              "', which is not a province of the map " + std::string(map.name());
      return false;
    }
  }
  return true;
}

bool BoardArt::parse_point(Words& words, const Map& map, std::string& what) {
  std::string kind;
  std::string name;
  float x = 0;
  float y = 0;
  if (!words.word(kind) || !words.word(name) || !words.number(x, y) || (kind != "unit" && kind != "colony")) {
    what = "'point' wants unit|colony NAME X Y";
    return false;
  }
  if (x < 0 || y < 0 || x > static_cast<float>(width_) || y > static_cast<float>(height_)) {
    what = "point " + name + " is off the board";
    return false;
  }
  std::string province = name;
  Coast coast = Coast::None;
  if (const auto slash = name.find('/'); slash != std::string::npos) {
    province = name.substr(0, slash);
    const std::string c = name.substr(slash + 1);
    coast = c == "nc"   ? Coast::North
            : c == "sc" ? Coast::South
            : c == "ec" ? Coast::East
            : c == "wc" ? Coast::West
                        : Coast::None;
    if (coast == Coast::None) {
      what = "unknown coast in '" + name + "'";
      return false;
    }
  }
  const ProvinceLookup found = map.find_province(province);
  if (found.status != LookupStatus::Found) {
    what = "point of '" + name + "', which is not on the map " + std::string(map.name());
    return false;
  }
  const LocationId l = map.location_of(found.province, coast);
  if (l == kNoLocation) {
    what = "'" + name + "' is not a location of the map " + std::string(map.name());
    return false;
  }
  (kind == "unit" ? unit_points_[l] : colony_points_[found.province]) = {x, y};
  return true;
}

bool BoardArt::check_against(const Map& map, const std::string& file, std::string& error) {
  std::string missing;
  for (int l = 0; l < map.location_count(); ++l)
    if (unit_points_[l].x < 0) {
      const ProvinceInfo& pi = map.province(map.province_of(static_cast<LocationId>(l)));
      missing += std::string(missing.empty() ? "" : ", ") + pi.code;
    }
  for (int p = 0; p < map.province_count(); ++p)
    if (map.province(static_cast<ProvinceId>(p)).colony && colony_points_[p].x < 0)
      missing += std::string(missing.empty() ? "" : ", ") + map.province(static_cast<ProvinceId>(p)).code + " (colony)";
  if (!missing.empty()) {
    error = file + ": made for another map: no point for " + missing;
    return false;
  }
  // (An id map from the cache was checked against this map when it was made.)
  for (std::size_t i = 0; !cached_layout_ && i < ids_.size(); ++i)
    if (const std::uint8_t id = ids_[i]; id >= map.province_count() && id != id_land_ && id != id_water_) {
      error = file + ": the id map names province " + std::to_string(id) + ", but the map " + std::string(map.name()) +
              " has " + std::to_string(map.province_count());
      return false;
    }
  // (Points from the cache were settled when it was made.)
  if (!cached_layout_) settle_unit_points(map);
  // The canal's drawing, for arrows through it.
  float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
  for (const Sprite& s : sprites_) {
    if (s.kind != "canal") continue;
    x0 = std::min(x0, static_cast<float>(s.board_x));
    y0 = std::min(y0, static_cast<float>(s.board_y));
    x1 = std::max(x1, static_cast<float>(s.board_x + s.w * s.scale));
    y1 = std::max(y1, static_cast<float>(s.board_y + s.h * s.scale));
  }
  if (x1 >= x0)
    canal_point_ = {(x0 + x1) * 0.5f, (y0 + y1) * 0.5f};
  else if (map.canal_count() > 0)
    canal_point_ = unit_points_[map.canal(0).via];
  return true;
}

// A coast's point may sit just off its shore (the generator's anchors for
// split coasts also tell which sea faces which coast, so they hug the
// water). A fleet drawn there looks as if it were at sea, and a tap on it
// would hit the sea: such points move to the nearest spot well inside their
// province (a 5x5 block of its pixels), if there is one within 24 pixels.
void BoardArt::settle_unit_points(const Map& map) {
  constexpr int kReach = 24;
  constexpr int kBlock = 2;
  auto id_at = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < width_ && y < height_
               ? ids_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)]
               : std::uint8_t{255};
  };
  for (int l = 0; l < map.location_count(); ++l) {
    const ProvinceId p = map.province_of(static_cast<LocationId>(l));
    PointF& pt = unit_points_[l];
    if (province_at(pt.x, pt.y) == p) continue;
    const int cx = static_cast<int>(pt.x);
    const int cy = static_cast<int>(pt.y);
    int best = kReach * kReach + 1;
    PointF found = pt;
    for (int dy = -kReach; dy <= kReach; ++dy)
      for (int dx = -kReach; dx <= kReach; ++dx) {
        const int d = dx * dx + dy * dy;
        if (d >= best) continue;
        bool inside = true;
        for (int by = -kBlock; by <= kBlock && inside; ++by)
          for (int bx = -kBlock; bx <= kBlock && inside; ++bx) inside = id_at(cx + dx + bx, cy + dy + by) == p;
        if (!inside) continue;
        best = d;
        found = {static_cast<float>(cx + dx) + 0.5f, static_cast<float>(cy + dy) + 0.5f};
      }
    pt = found;
  }
}

ProvinceId BoardArt::province_at(float x, float y) const {
  if (!(x >= 0 && y >= 0 && x < static_cast<float>(width_) && y < static_cast<float>(height_))) return kNoProvince;
  return run_at(static_cast<int>(x), static_cast<int>(y)).province;
}

BoardArt::Run BoardArt::run_at(int x, int y) const {
  if (y < 0 || y >= height_ || run_rows_.empty()) return {std::min(x, 0), std::max(x + 1, width_), kNoProvince};
  if (x < 0) return {x, 0, kNoProvince};
  if (x >= width_) return {width_, x + 1, kNoProvince};
  const auto first = run_starts_.begin() + run_rows_[static_cast<std::size_t>(y)];
  const auto last = run_starts_.begin() + run_rows_[static_cast<std::size_t>(y) + 1];
  // The last run starting at or before x.
  const auto it = std::upper_bound(first, last, static_cast<std::uint16_t>(x)) - 1;
  const std::size_t i = static_cast<std::size_t>(it - run_starts_.begin());
  const int end = it + 1 == last ? width_ : *(it + 1);
  const std::uint8_t id = run_ids_[i];
  const bool none = id == id_land_ || id == id_water_ || id >= kMaxProvinces;
  return {*it, end, none ? kNoProvince : static_cast<ProvinceId>(id)};
}

bool BoardArt::runs_whole() const {
  if (run_rows_.size() != static_cast<std::size_t>(height_) + 1 || run_rows_.front() != 0) return false;
  for (int y = 0; y < height_; ++y) {
    const std::uint32_t a = run_rows_[static_cast<std::size_t>(y)], b = run_rows_[static_cast<std::size_t>(y) + 1];
    if (a >= b || run_starts_[a] != 0) return false;
    for (std::uint32_t i = a + 1; i < b; ++i)
      if (run_starts_[i] <= run_starts_[i - 1] || run_starts_[i] >= width_) return false;
  }
  return true;
}

void BoardArt::make_runs() {
  run_rows_.assign(1, 0);
  run_starts_.clear();
  run_ids_.clear();
  for (int y = 0; y < height_; ++y) {
    const std::uint8_t* row = ids_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_);
    for (int x = 0; x < width_; ++x)
      if (x == 0 || row[x] != row[x - 1]) {
        run_starts_.push_back(static_cast<std::uint16_t>(x));
        run_ids_.push_back(row[x]);
      }
    run_rows_.push_back(static_cast<std::uint32_t>(run_starts_.size()));
  }
}

void BoardArt::compute_bounds(const Map& map) {
  int x0[kMaxProvinces], y0[kMaxProvinces], x1[kMaxProvinces], y1[kMaxProvinces];
  std::fill(x0, x0 + kMaxProvinces, width_);
  std::fill(y0, y0 + kMaxProvinces, height_);
  std::fill(x1, x1 + kMaxProvinces, -1);
  std::fill(y1, y1 + kMaxProvinces, -1);
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      const int id = ids_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)];
      if (id >= map.province_count()) continue;
      x0[id] = std::min(x0[id], x);
      y0[id] = std::min(y0[id], y);
      x1[id] = std::max(x1[id], x);
      y1[id] = std::max(y1[id], y);
    }
  for (int p = 0; p < map.province_count(); ++p) {
    if (x1[p] < 0) {  // no pixels (cannot happen with a checked id map): a box at the unit point
      bounds_[p] = {unit_points_[p].x - 8, unit_points_[p].y - 8, 16, 16};
      continue;
    }
    bounds_[p] = {static_cast<float>(x0[p]), static_cast<float>(y0[p]), static_cast<float>(x1[p] - x0[p] + 1),
                  static_cast<float>(y1[p] - y0[p] + 1)};
  }
}

void BoardArt::compute_label_points(const Map& map) {
  // A distance transform on a grid of every third pixel (a few
  // milliseconds): each cell's distance to the nearest cell of another
  // province, a step sideways costing a quarter of a step up or down, so
  // the farthest cell is where the widest label fits.
  constexpr int kStep = 3;
  constexpr std::uint16_t kSide = 1, kUp = 4;
  const int gw = width_ / kStep, gh = height_ / kStep;
  for (int p = 0; p < map.province_count(); ++p)
    label_points_[p] = {bounds_[p].x + bounds_[p].w * 0.5f, bounds_[p].y + bounds_[p].h * 0.5f};
  if (gw < 3 || gh < 3) return;
  std::vector<std::uint8_t> id(static_cast<std::size_t>(gw) * static_cast<std::size_t>(gh));
  for (int y = 0; y < gh; ++y)
    for (int x = 0; x < gw; ++x)
      id[static_cast<std::size_t>(y) * static_cast<std::size_t>(gw) + static_cast<std::size_t>(x)] =
          ids_[static_cast<std::size_t>(y * kStep + kStep / 2) * static_cast<std::size_t>(width_) +
               static_cast<std::size_t>(x * kStep + kStep / 2)];
  std::vector<std::uint16_t> d(id.size(), 0xFFFF);
  auto at = [&](int x, int y) {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(gw) + static_cast<std::size_t>(x);
  };
  for (int y = 0; y < gh; ++y)
    for (int x = 0; x < gw; ++x) {
      const std::uint8_t here = id[at(x, y)];
      const bool edge = x == 0 || y == 0 || x == gw - 1 || y == gh - 1 || id[at(x - 1, y)] != here ||
                        id[at(x + 1, y)] != here || id[at(x, y - 1)] != here || id[at(x, y + 1)] != here;
      if (edge) d[at(x, y)] = 0;
    }
  auto relax = [&](std::size_t c, std::size_t from, std::uint16_t cost) {
    if (d[from] + cost < d[c]) d[c] = static_cast<std::uint16_t>(d[from] + cost);
  };
  for (int y = 1; y < gh - 1; ++y)
    for (int x = 1; x < gw - 1; ++x) {
      const std::size_t c = at(x, y);
      relax(c, at(x - 1, y), kSide);
      relax(c, at(x - 1, y - 1), kUp);
      relax(c, at(x, y - 1), kUp);
      relax(c, at(x + 1, y - 1), kUp);
    }
  for (int y = gh - 2; y >= 1; --y)
    for (int x = gw - 2; x >= 1; --x) {
      const std::size_t c = at(x, y);
      relax(c, at(x + 1, y), kSide);
      relax(c, at(x + 1, y + 1), kUp);
      relax(c, at(x, y + 1), kUp);
      relax(c, at(x - 1, y + 1), kUp);
    }
  std::uint16_t best[kMaxProvinces] = {};
  for (int y = 1; y < gh - 1; ++y)
    for (int x = 1; x < gw - 1; ++x) {
      const std::size_t c = at(x, y);
      const int p = id[c];
      if (p >= map.province_count() || d[c] <= best[p]) continue;
      best[p] = d[c];
      // The middle of the grid cell's sampled pixel.
      label_points_[p] = {static_cast<float>(x * kStep) + static_cast<float>(kStep) * 0.5f,
                          static_cast<float>(y * kStep) + static_cast<float>(kStep) * 0.5f};
    }
}

// The icons in one row of a small page, two pixels apart, then the
// land-bridge arrows. The dislodged icons keep only what the plain icon does
// not cover (the ring), so the view can tint the unit by its power and draw
// the ring in its own colour. The bridges are drawn by the view over the
// units, where a unit on the strait cannot hide them.
// The icon page: the six white icons, then the land-bridge arrows, in a row
// with a gap between. Where each goes depends only on their sizes (the
// cache holds the pixels).
namespace {
constexpr int kIconGap = 2;
}

void BoardArt::lay_out_icon_page() {
  int x = kIconGap;
  int h = 0;
  for (int k = 0; k < static_cast<int>(IconKind::Count); ++k) {
    const IconSource& src = icon_sources_[k];
    icons_[k] = {x, kIconGap, src.w, src.h, src.hot_x, src.hot_y};
    x += src.w + kIconGap;
    h = std::max(h, src.h + 2 * kIconGap);
  }
  bridges_.clear();
  for (const Sprite& s : sprites_) {
    if (s.kind != "bridge") continue;
    // Where the bridge goes on the board, and its option.
    const platform::RectF board = {static_cast<float>(s.board_x), static_cast<float>(s.board_y),
                                   static_cast<float>(s.w * s.scale), static_cast<float>(s.h * s.scale)};
    bridges_.push_back({{x, kIconGap, s.w, s.h, 0, 0}, board, s.extra});
    x += s.w + kIconGap;
    h = std::max(h, s.h + 2 * kIconGap);
  }
  icon_page_.w = x;
  icon_page_.h = h;
}

void BoardArt::fill_icon_page() {
  icon_page_.argb.assign(static_cast<std::size_t>(icon_page_.w) * static_cast<std::size_t>(icon_page_.h), 0);
  auto pixel = [&](int page, int x, int y) {
    const Pixels& p = pages_[static_cast<std::size_t>(page)];
    return p.argb[static_cast<std::size_t>(y) * static_cast<std::size_t>(p.w) + static_cast<std::size_t>(x)];
  };
  auto put = [&](const IconRect& at, int page, int sx, int sy, auto&& alpha_scale) {
    for (int y = 0; y < at.h; ++y)
      for (int i = 0; i < at.w; ++i) {
        std::uint32_t c = pixel(page, sx + i, sy + y);
        c = ((alpha_of(c) * alpha_scale(i, y) / 255) << 24) | (c & 0xFFFFFFu);
        icon_page_.argb[static_cast<std::size_t>(at.y + y) * static_cast<std::size_t>(icon_page_.w) +
                        static_cast<std::size_t>(at.x + i)] = c;
      }
  };
  for (int k = 0; k < static_cast<int>(IconKind::Count); ++k) {
    const IconSource& src = icon_sources_[k];
    const int plain = k == static_cast<int>(IconKind::ArmyRing)    ? static_cast<int>(IconKind::Army)
                      : k == static_cast<int>(IconKind::FleetRing) ? static_cast<int>(IconKind::Fleet)
                                                                   : -1;
    // A ring keeps only what lies outside the plain icon under it (same
    // hot spot), so that it can be drawn over a unit.
    put(icons_[k], src.page, src.x, src.y, [&](int i, int y) -> std::uint32_t {
      if (plain < 0) return 255;
      const IconSource& base = icon_sources_[plain];
      const int bx = i - static_cast<int>(src.hot_x) + static_cast<int>(base.hot_x);
      const int by = y - static_cast<int>(src.hot_y) + static_cast<int>(base.hot_y);
      if (bx < 0 || by < 0 || bx >= base.w || by >= base.h) return 255;
      return 255 - alpha_of(pixel(base.page, base.x + bx, base.y + by));
    });
  }
  std::size_t b = 0;
  for (const Sprite& s : sprites_)
    if (s.kind == "bridge" && b < bridges_.size())
      put(bridges_[b++].icon, s.page, s.x, s.y, [](int, int) -> std::uint32_t { return 255; });
}

bool BoardArt::bridge_on(const Map& map, int i, const ArtFeatures& f) const {
  Sprite s;
  s.kind = "bridge";
  s.extra = bridges_[static_cast<std::size_t>(i)].extra;
  return feature_on(map, s, f);
}

bool BoardArt::feature_on(const Map& map, const Sprite& s, const ArtFeatures& f) const {
  if (s.kind == "railroad") return f.railroad;
  if (s.kind == "canal") return f.canal;
  if (s.kind != "bridge") return true;
  // EXTRA: "-" always, "name" with the option on, "!name" with it off.
  if (s.extra.empty() || s.extra == "-") return true;
  const bool negated = s.extra[0] == '!';
  const int option = map.find_option(negated ? std::string_view(s.extra).substr(1) : std::string_view(s.extra));
  if (option < 0) return false;  // an option this map does not know: never drawn
  const bool on = (f.map_options >> option) & 1u;
  return negated ? !on : on;
}

void BoardArt::draw_sprite(const Sprite& s, int key) {
  if (s.page >= static_cast<int>(pages_.size())) return;  // a page that could not be read (said so)
  const Pixels& page = pages_[static_cast<std::size_t>(s.page)];
  const int bw = s.w * s.scale;
  const int bh = s.h * s.scale;
  const float inv = 1.0f / static_cast<float>(s.scale);
  for (int y = 0; y < bh; ++y) {
    const int by = s.board_y + y;
    if (by >= height_) break;
    for (int x = 0; x < bw; ++x) {
      const int bx = s.board_x + x;
      if (bx >= width_) break;
      std::uint32_t c;
      if (s.scale == 1)
        c = page.argb[static_cast<std::size_t>(s.y + y) * static_cast<std::size_t>(page.w) +
                      static_cast<std::size_t>(s.x + x)];
      else
        c = sample_bilinear(page, s.x, s.y, s.w, s.h, (static_cast<float>(x) + 0.5f) * inv,
                            (static_cast<float>(y) + 0.5f) * inv);
      if (alpha_of(c) == 0) continue;
      const std::size_t i =
          static_cast<std::size_t>(by) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(bx);
      full_.shade[i] = over_opaque(c, full_.shade[i]);
      if (key >= 0 && alpha_of(c) >= 128) full_.key[i] = static_cast<std::uint8_t>(key);
    }
  }
}

void BoardArt::compose(const Map& map) {
  if (pages_.size() != page_files_.size()) {
    // The cache stood in for the pages until now.
    std::string error;
    if (!decode_pages(error)) std::fprintf(stderr, "colonial: board art: %s\n", error.c_str());
  }
  full_.w = width_;
  full_.h = height_;
  full_.shade.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0xFFFFFFFFu);
  full_.key.assign(full_.shade.size(), kKeyNone);
  // Bottom to top, as the generator's preview composes them: the lines of a
  // land province lie over the sea's edge, the railroad over the land.
  // (The land-bridge arrows are the view's: drawn over the units.)
  static const char* const kOrder[] = {"water",  "sea",      "water-province", "offboard",
                                       "island", "province", "canal",          "railroad"};
  for (const char* kind : kOrder)
    for (const Sprite& s : sprites_) {
      if (s.kind != kind || !feature_on(map, s, features_)) continue;
      int key = -1;  // features keep the key of what lies under them
      if (s.kind == "water") key = kKeyWater;
      if (s.kind == "offboard") key = kKeyOffboard;
      if (s.kind == "island") key = kKeyIsland;
      if (s.kind == "sea" || s.kind == "province") key = map.find_province(s.name).province;
      if (s.kind == "water-province") {
        // Keys above 249 are taken: a province numbered so high keeps its
        // own key (its water then takes the land's colour).
        const int p = map.find_province(s.name).province;
        key = kKeyWaterPart + p < kKeyIsland ? kKeyWaterPart + p : p;
      }
      draw_sprite(s, key);
    }
}

void BoardArt::make_key_layout() {
  // The key plane sampled every other pixel (the overlay's) and every fourth
  // (the thumbnails'), at the middle of each block.
  auto sample = [&](int factor, std::vector<std::uint8_t>& out, int& w, int& h) {
    w = (width_ + factor - 1) / factor;
    h = (height_ + factor - 1) / factor;
    out.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    for (int y = 0; y < h; ++y) {
      const int by = std::min(height_ - 1, y * factor + factor / 2);
      for (int x = 0; x < w; ++x) {
        const int bx = std::min(width_ - 1, x * factor + factor / 2);
        out[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)] =
            full_.key[static_cast<std::size_t>(by) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(bx)];
      }
    }
  };
  std::vector<std::uint8_t> half;
  int w = 0, h = 0;
  sample(2, half, w, h);
  make_key_rects(half, w, h, key_rects_);
  sample(4, quarter_keys_, w, h);
}

bool BoardArt::prepare(const Map& map, const ArtFeatures& features, const KeyStyles& styles) {
  map_ = &map;
  const ColonyKeys colonies = colony_keys(map);
  const std::uint64_t digest = base_colours_digest(styles, colonies);
  if (prepared_ && features == features_ && digest == base_digest_) return false;
  if (!prepared_ || !(features == features_)) full_ = FullBoard();  // of other features: of no use
  prepared_ = true;
  features_ = features;
  styles_ = styles;
  colonies_ = colonies;
  base_digest_ = digest;
  if (key_rects_.rects.empty()) full();  // a cold start: the key plane gives the overlay's shapes
  return true;
}

const FullBoard& BoardArt::full() {
  if (!full_.empty() || read_cache_full()) return full_;
  compose(*map_);
  if (key_rects_.rects.empty()) make_key_layout();
  write_cache(nullptr);
  // Composed: the pages (14 MiB) are needed again only for other features.
  if (cache_written_) pages_.clear();
  return full_;
}

void BoardArt::release_full() {
  if (cache_written_) full_ = FullBoard();
}

void BoardArt::make_level(float scale, bool keep, BoardLevel& out) {
  colonial::make_level(full(), styles_, colonies_, scale, out);
  if (keep) write_cache(&out);
}

void BoardArt::hatched_colony(float scale, ProvinceId p, Pattern pattern, ColonySprite& out) {
  make_colony_sprite(full(), p, scale, pattern, out);
}

void BoardArt::sample_keys(int factor, std::vector<std::uint8_t>& out, int& w, int& h) {
  // Rounded up, so the last board pixels are covered too.
  w = (width_ + factor - 1) / factor;
  h = (height_ + factor - 1) / factor;
  out.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  const bool quarter = factor >= 4 && !quarter_keys_.empty();
  const std::vector<std::uint8_t>& keys = quarter ? quarter_keys_ : full().key;
  const int from = quarter ? 4 : 1;
  const int kw = (width_ + from - 1) / from, kh = (height_ + from - 1) / from;
  for (int y = 0; y < h; ++y) {
    const int ky = std::min(kh - 1, (y * factor + factor / 2) / from);
    for (int x = 0; x < w; ++x) {
      const int kx = std::min(kw - 1, (x * factor + factor / 2) / from);
      out[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)] =
          keys[static_cast<std::size_t>(ky) * static_cast<std::size_t>(kw) + static_cast<std::size_t>(kx)];
    }
  }
}

}  // namespace colonial
