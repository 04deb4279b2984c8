// The board picture as data: projection, mask, features, id map.
#include "art_board.h"

#include <SDL.h>
#include <SDL_image.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <queue>
#include <sstream>

namespace mapart {

namespace {

constexpr double kPi = 3.14159265358979323846;
double rad(double deg) { return deg * kPi / 180.0; }
double mercator(double lat_deg) { return std::log(std::tan(kPi / 4 + rad(lat_deg) / 2)); }

// Reads pixel (x, y) of a surface of any format as its first channel (or
// palette index for 8-bit palettised surfaces).
struct SurfaceReader {
  SDL_Surface* s = nullptr;
  bool indexed = false;
  explicit SurfaceReader(SDL_Surface* loaded) {
    if (loaded->format->format == SDL_PIXELFORMAT_INDEX8) {
      s = loaded;
      indexed = true;
    } else {
      s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0);
      SDL_FreeSurface(loaded);
    }
  }
  ~SurfaceReader() {
    if (s) SDL_FreeSurface(s);
  }
  SurfaceReader(const SurfaceReader&) = delete;
  SurfaceReader& operator=(const SurfaceReader&) = delete;
  std::uint8_t at(int x, int y) const {
    const auto* row = static_cast<const std::uint8_t*>(s->pixels) + static_cast<std::ptrdiff_t>(y) * s->pitch;
    if (indexed) {
      std::uint8_t i = row[x];
      // A grey palette may be reordered by the loader: use the colour.
      return s->format->palette && i < s->format->palette->ncolors ? s->format->palette->colors[i].r : i;
    }
    return row[x * 4];
  }
};

// Smooth value noise in [-1, 1] with lattice spacing `period` pixels.
double hash01(int x, int y, int salt) {
  std::uint32_t h = static_cast<std::uint32_t>(x) * 374761393u + static_cast<std::uint32_t>(y) * 668265263u +
                    static_cast<std::uint32_t>(salt) * 2246822519u;
  h = (h ^ (h >> 13)) * 1274126177u;
  h ^= h >> 16;
  return static_cast<double>(h & 0xFFFFFF) / static_cast<double>(0xFFFFFF) * 2.0 - 1.0;
}
double value_noise(double x, double y, double period, int salt) {
  double fx = x / period, fy = y / period;
  int ix = static_cast<int>(std::floor(fx)), iy = static_cast<int>(std::floor(fy));
  double tx = fx - ix, ty = fy - iy;
  tx = tx * tx * (3 - 2 * tx);
  ty = ty * ty * (3 - 2 * ty);
  double a = hash01(ix, iy, salt), b = hash01(ix + 1, iy, salt);
  double c = hash01(ix, iy + 1, salt), d = hash01(ix + 1, iy + 1, salt);
  return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
}

// The displacement that makes land borders wander like a pen line.
PointD warp(int x, int y) {
  double wx = 7.0 * value_noise(x, y, 46, 1) + 2.5 * value_noise(x, y, 13, 3);
  double wy = 7.0 * value_noise(x, y, 46, 2) + 2.5 * value_noise(x, y, 13, 4);
  return {x + wx, y + wy};
}

struct Seed {
  double x, y;
  std::uint8_t label;
};

// Grows labels from the seeds over pixels where `passable` is set, each pixel
// taking the label of the seed nearest to its (optionally warped) position
// among the seeds that reach it through passable pixels. Unreached pixels keep
// `out` unchanged.
void grow(const Raster& passable, const std::vector<Seed>& seeds, bool warped, Raster& out) {
  struct Item {
    double d;
    int pixel;
    int seed;
    bool operator>(const Item& o) const { return d > o.d; }
  };
  const int w = passable.width, h = passable.height;
  std::vector<int> owner(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), -1);
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  // Each pixel is keyed several times: displace it once.
  std::vector<float> moved;
  if (warped) {
    moved.resize(owner.size() * 2);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        if (!passable.at(x, y)) continue;
        PointD p = warp(x, y);
        std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x);
        moved[2 * i] = static_cast<float>(p.x);
        moved[2 * i + 1] = static_cast<float>(p.y);
      }
  }
  auto key = [&](int x, int y, int s) {
    double px = x, py = y;
    if (warped) {
      std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x);
      px = moved[2 * i];
      py = moved[2 * i + 1];
    }
    double dx = px - seeds[static_cast<std::size_t>(s)].x, dy = py - seeds[static_cast<std::size_t>(s)].y;
    return dx * dx + dy * dy;
  };
  std::vector<double> best(owner.size(), 1e300);
  for (int s = 0; s < static_cast<int>(seeds.size()); ++s) {
    int x = static_cast<int>(seeds[static_cast<std::size_t>(s)].x),
        y = static_cast<int>(seeds[static_cast<std::size_t>(s)].y);
    if (passable.inside(x, y) && passable.at(x, y)) queue.push({key(x, y, s), y * w + x, s});
  }
  static const int kDx[8] = {1, -1, 0, 0, 1, 1, -1, -1};
  static const int kDy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
  while (!queue.empty()) {
    Item it = queue.top();
    queue.pop();
    std::size_t pi = static_cast<std::size_t>(it.pixel);
    if (owner[pi] >= 0) continue;
    owner[pi] = it.seed;
    int x = it.pixel % w, y = it.pixel / w;
    for (int k = 0; k < 8; ++k) {
      int nx = x + kDx[k], ny = y + kDy[k];
      if (!passable.inside(nx, ny) || !passable.at(nx, ny)) continue;
      std::size_t ni = static_cast<std::size_t>(ny) * static_cast<std::size_t>(w) + static_cast<std::size_t>(nx);
      if (owner[ni] >= 0) continue;
      double d = key(nx, ny, it.seed);
      if (d >= best[ni]) continue;  // a nearer seed already reached it
      best[ni] = d;
      queue.push({d, ny * w + nx, it.seed});
    }
  }
  for (std::size_t i = 0; i < owner.size(); ++i)
    if (owner[i] >= 0) out.pixels[i] = seeds[static_cast<std::size_t>(owner[i])].label;
}

std::string format_lonlat(double lon, double lat) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f %.2f", lon, lat);
  return buf;
}

}  // namespace

// ---------------------------------------------------------------------------
// Projection
// ---------------------------------------------------------------------------

void Projection::init() { height = static_cast<int>(std::ceil(y_of(lat0))); }
double Projection::x_of(double lon) const { return (lon - lon0) / (lon1 - lon0) * width; }
double Projection::y_of(double lat) const { return (mercator(lat1) - mercator(lat)) * width / rad(lon1 - lon0); }
double Projection::lon_of(double x) const { return lon0 + x / width * (lon1 - lon0); }
double Projection::lat_of(double y) const {
  double m = mercator(lat1) - y * rad(lon1 - lon0) / width;
  return std::atan(std::sinh(m)) * 180.0 / kPi;
}

// ---------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------

bool load_mask(const std::string& path, Mask& mask, std::string& error) {
  SDL_Surface* loaded = IMG_Load(path.c_str());
  if (!loaded) {
    error = path + ": cannot read the mask: " + IMG_GetError();
    return false;
  }
  SurfaceReader r(loaded);
  if (!r.s) {
    error = path + ": cannot convert the mask: " + SDL_GetError();
    return false;
  }
  mask.cells.resize(r.s->w, r.s->h, 0);
  for (int y = 0; y < r.s->h; ++y)
    for (int x = 0; x < r.s->w; ++x) {
      std::uint8_t v = r.at(x, y);
      if (v != 0 && v != 96 && v != 255) {
        error = path + ": pixel " + std::to_string(x) + "," + std::to_string(y) + " has value " + std::to_string(v) +
                " (expected 0 sea, 96 impassable water, 255 land)";
        return false;
      }
      mask.cells.at(x, y) = v;
    }
  // The grid make_mask.sh writes: 24E..150E, 62N..15S, 0.05 degree.
  if (mask.cells.width != 2521 || mask.cells.height != 1541) {
    error = path + ": expected a 2521x1541 mask (tools/mapart/make_mask.sh), got " + std::to_string(mask.cells.width) +
            "x" + std::to_string(mask.cells.height);
    return false;
  }
  return true;
}

bool read_word_lines(const std::string& text, const std::string& file_name, std::string& error,
                     const WordLineHandler& on_line) {
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    std::istringstream ss(line);
    std::vector<std::string> words;
    for (std::string w; ss >> w;) words.push_back(w);
    if (words.empty()) continue;
    const auto fail = [&](const std::string& what) {
      error = file_name;
      error += ':';
      error += std::to_string(number);
      error += ": ";
      error += what;
      return false;
    };
    if (!on_line(words, fail)) return false;
  }
  return true;
}

bool load_features(const std::string& path, Features& f, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = path + ": cannot open";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  return read_word_lines(text.str(), path, error, [&](const std::vector<std::string>& t, const auto& fail) {
    std::vector<double> v;
    const std::size_t first_number = (t[0] == "offboard") ? 1 : 2;
    for (std::size_t i = first_number; i < t.size(); ++i) {
      char* end = nullptr;
      const double d = std::strtod(t[i].c_str(), &end);
      if (end == t[i].c_str() || *end != '\0') return fail("'" + t[i] + "' is not a number");
      v.push_back(d);
    }
    if (t[0] == "strait") {
      if (t.size() != 7) return fail("expected: strait NAME LON LAT LON LAT WIDTH_PX");
      f.straits.push_back({t[1], v[0], v[1], v[2], v[3], v[4]});
    } else if (t[0] == "island") {
      if (t.size() != 5) return fail("expected: island LOCATION LON LAT RADIUS_DEG");
      f.islands.push_back({t[1], v[0], v[1], v[2]});
    } else if (t[0] == "offboard") {
      if (t.size() != 3) return fail("expected: offboard LON LAT");
      f.offboard.push_back({v[0], v[1]});
    } else if (t[0] == "water-province") {
      if (t.size() != 6) return fail("expected: water-province LOCATION LON LAT RX_DEG RY_DEG");
      f.water_provinces.push_back({t[1], v[0], v[1], v[2], v[3]});
    } else if (t[0] == "railroad" || t[0] == "canal") {
      if (v.size() < 4 || v.size() % 2) return fail("expected: " + t[0] + " NAME LON LAT LON LAT [LON LAT...]");
      Polyline p{t[1], {}};
      for (std::size_t i = 0; i < v.size(); i += 2) p.lonlat.push_back({v[i], v[i + 1]});
      (t[0] == "railroad" ? f.railroads : f.canals).push_back(p);
    } else {
      return fail("unknown feature '" + t[0] + "' (strait, island, offboard, water-province, railroad, canal)");
    }
    return true;
  });
}

// ---------------------------------------------------------------------------
// The id map
// ---------------------------------------------------------------------------

bool build_board(const colonial::Map& map, const Mask& mask, const Features& features, int width, Board& b,
                 std::string& error) {
  using colonial::ProvinceKind;
  b.proj = Projection{};
  b.proj.width = width;
  b.proj.init();
  const Projection& pr = b.proj;
  const int w = pr.width, h = pr.height;
  const double px_per_deg = w / (pr.lon1 - pr.lon0);

  // Terrain: bilinear land fraction of the mask, cut at one half, so coasts
  // are smooth where the board is finer than the mask.
  b.terrain.resize(w, h, kSea);
  const Raster& cells = mask.cells;
  for (int y = 0; y < h; ++y) {
    double lat = pr.lat_of(y + 0.5);
    double v = (mask.lat_top - lat) / mask.step;
    int v0 = std::clamp(static_cast<int>(std::floor(v)), 0, cells.height - 2);
    double tv = std::clamp(v - v0, 0.0, 1.0);
    for (int x = 0; x < w; ++x) {
      double lon = pr.lon_of(x + 0.5);
      double u = (lon - mask.lon0) / mask.step;
      int u0 = std::clamp(static_cast<int>(std::floor(u)), 0, cells.width - 2);
      double tu = std::clamp(u - u0, 0.0, 1.0);
      auto land = [&](int cx, int cy) { return cells.at(cx, cy) == 255 ? 1.0 : 0.0; };
      double f = (land(u0, v0) * (1 - tu) + land(u0 + 1, v0) * tu) * (1 - tv) +
                 (land(u0, v0 + 1) * (1 - tu) + land(u0 + 1, v0 + 1) * tu) * tv;
      std::uint8_t t = kSea;
      if (f >= 0.5)
        t = kLand;
      else if (cells.at(u0 + (tu > 0.5), v0 + (tv > 0.5)) == 96)
        t = kImpassableWater;
      b.terrain.at(x, y) = t;
    }
  }

  // Straits the coarse shoreline closed, then the islands the board draws
  // larger than life (each cut free of the coast by a ring of water).
  for (const Strait& s : features.straits) {
    double ax = pr.x_of(s.lon_a), ay = pr.y_of(s.lat_a), bx = pr.x_of(s.lon_b), by = pr.y_of(s.lat_b);
    double len2 = (bx - ax) * (bx - ax) + (by - ay) * (by - ay);
    int r = static_cast<int>(std::ceil(s.width_px));
    for (int y = static_cast<int>(std::min(ay, by)) - r; y <= static_cast<int>(std::max(ay, by)) + r; ++y)
      for (int x = static_cast<int>(std::min(ax, bx)) - r; x <= static_cast<int>(std::max(ax, bx)) + r; ++x) {
        if (!b.terrain.inside(x, y)) continue;
        double t =
            len2 > 0 ? std::clamp(((x + 0.5 - ax) * (bx - ax) + (y + 0.5 - ay) * (by - ay)) / len2, 0.0, 1.0) : 0;
        double dx = x + 0.5 - (ax + t * (bx - ax)), dy = y + 0.5 - (ay + t * (by - ay));
        if (dx * dx + dy * dy <= s.width_px * s.width_px / 4) b.terrain.at(x, y) = kSea;
      }
  }
  for (const Island& is : features.islands) {
    double cx = pr.x_of(is.lon), cy = pr.y_of(is.lat), r = is.radius_deg * px_per_deg, ring = r + 2.5;
    for (int y = static_cast<int>(cy - ring) - 1; y <= static_cast<int>(cy + ring) + 1; ++y)
      for (int x = static_cast<int>(cx - ring) - 1; x <= static_cast<int>(cx + ring) + 1; ++x) {
        if (!b.terrain.inside(x, y)) continue;
        double d = std::hypot(x + 0.5 - cx, y + 0.5 - cy);
        if (d <= r)
          b.terrain.at(x, y) = kLand;
        else if (d <= ring)
          b.terrain.at(x, y) = kSea;
      }
  }

  // Ovals drawn as one province of water and small islands (Cebu).
  Raster oval;  // 1 + index of the water province, 0 outside
  oval.resize(w, h, 0);
  std::vector<colonial::ProvinceId> oval_province;
  for (const WaterProvince& wp : features.water_provinces) {
    colonial::ProvinceLookup found = map.find_province(wp.location);
    if (found.status != colonial::LookupStatus::Found) {
      error = "water-province " + wp.location + ": no such province in the map";
      return false;
    }
    oval_province.push_back(found.province);
    double cx = pr.x_of(wp.lon), cy = pr.y_of(wp.lat);
    double rx = wp.rx_deg * px_per_deg, ry = wp.ry_deg * px_per_deg / std::cos(rad(wp.lat));
    for (int y = static_cast<int>(cy - ry); y <= static_cast<int>(cy + ry) + 1; ++y)
      for (int x = static_cast<int>(cx - rx); x <= static_cast<int>(cx + rx) + 1; ++x) {
        if (!oval.inside(x, y)) continue;
        double ex = (x + 0.5 - cx) / rx, ey = (y + 0.5 - cy) / ry;
        if (ex * ex + ey * ey <= 1) oval.at(x, y) = static_cast<std::uint8_t>(oval_province.size());
      }
  }

  // Seeds from the map's anchors. Coast children only place fleets.
  std::vector<Seed> land_seeds, sea_seeds;
  std::vector<bool> anchored(static_cast<std::size_t>(map.province_count()), false);
  for (int i = 0; i < map.anchor_count(); ++i) {
    const colonial::Anchor& a = map.anchor(i);
    if (map.coast_of(a.location) != colonial::Coast::None) continue;
    colonial::ProvinceId p = map.province_of(a.location);
    double x = pr.x_of(a.lon), y = pr.y_of(a.lat);
    int ix = static_cast<int>(x), iy = static_cast<int>(y);
    std::string where = std::string("anchor ") + map.province(p).code + " " + format_lonlat(a.lon, a.lat);
    if (!b.terrain.inside(ix, iy)) {
      error = where + " is outside the board (longitude " + format_lonlat(pr.lon0, pr.lon1) + ", latitude " +
              format_lonlat(pr.lat0, pr.lat1) + ")";
      return false;
    }
    bool sea = map.province(p).kind == ProvinceKind::Sea;
    std::uint8_t t = b.terrain.at(ix, iy);
    if (sea && (t != kSea || oval.at(ix, iy))) {
      error = where + " is a sea anchor on " +
              (t == kLand  ? "land"
               : t == kSea ? "a water province"
                           : "impassable water");
      return false;
    }
    if (!sea && t != kLand) {
      error = where + " is a land anchor in the water";
      return false;
    }
    anchored[p] = true;
    (sea ? sea_seeds : land_seeds).push_back({x, y, p});
  }
  for (int p = 0; p < map.province_count(); ++p)
    if (!anchored[static_cast<std::size_t>(p)]) {
      error = std::string("province ") + map.province(static_cast<colonial::ProvinceId>(p)).code + " has no anchor";
      return false;
    }
  for (const PointD& o : features.offboard) {
    double x = pr.x_of(o.x), y = pr.y_of(o.y);
    if (!b.terrain.inside(static_cast<int>(x), static_cast<int>(y)) ||
        b.terrain.at(static_cast<int>(x), static_cast<int>(y)) != kLand) {
      error = "offboard " + format_lonlat(o.x, o.y) + " is not on land";
      return false;
    }
    land_seeds.push_back({x, y, kIdLand});
  }

  b.ids.resize(w, h, kIdWater);
  Raster passable;
  passable.resize(w, h, 0);
  for (std::size_t i = 0; i < passable.pixels.size(); ++i) {
    passable.pixels[i] = b.terrain.pixels[i] == kLand;
    if (b.terrain.pixels[i] == kLand) b.ids.pixels[i] = kIdLand;
  }
  grow(passable, land_seeds, true, b.ids);
  for (std::size_t i = 0; i < passable.pixels.size(); ++i)
    passable.pixels[i] = b.terrain.pixels[i] == kSea && !oval.pixels[i];
  grow(passable, sea_seeds, false, b.ids);
  for (std::size_t i = 0; i < oval.pixels.size(); ++i) {
    if (!oval.pixels[i]) continue;
    std::uint8_t t = b.terrain.pixels[i];
    if (t == kSea || (t == kLand && b.ids.pixels[i] == kIdLand)) b.ids.pixels[i] = oval_province[oval.pixels[i] - 1u];
  }
  return true;
}

Contacts count_contacts(const Raster& ids) {
  Contacts c;
  for (int y = 0; y < ids.height; ++y)
    for (int x = 0; x < ids.width; ++x) {
      int a = ids.at(x, y);
      if (x + 1 < ids.width) {
        int r = ids.at(x + 1, y);
        if (r != a) {
          ++c.count[static_cast<std::size_t>(a) * 256 + static_cast<std::size_t>(r)];
          ++c.count[static_cast<std::size_t>(r) * 256 + static_cast<std::size_t>(a)];
        }
      }
      if (y + 1 < ids.height) {
        int d = ids.at(x, y + 1);
        if (d != a) {
          ++c.count[static_cast<std::size_t>(a) * 256 + static_cast<std::size_t>(d)];
          ++c.count[static_cast<std::size_t>(d) * 256 + static_cast<std::size_t>(a)];
        }
      }
    }
  return c;
}

// ---------------------------------------------------------------------------
// Id map files
// ---------------------------------------------------------------------------

bool save_ids_png(const Raster& ids, const std::string& path, std::string& error) {
  SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, ids.width, ids.height, 8, SDL_PIXELFORMAT_INDEX8);
  if (!s) {
    error = std::string("cannot create the id map surface: ") + SDL_GetError();
    return false;
  }
  SDL_Color grey[256];
  for (int i = 0; i < 256; ++i) {
    std::uint8_t v = static_cast<std::uint8_t>(i);
    grey[i] = {v, v, v, 255};
  }
  SDL_SetPaletteColors(s->format->palette, grey, 0, 256);
  for (int y = 0; y < ids.height; ++y)
    std::copy_n(&ids.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(ids.width)], ids.width,
                static_cast<std::uint8_t*>(s->pixels) + static_cast<std::ptrdiff_t>(y) * s->pitch);
  bool ok = IMG_SavePNG(s, path.c_str()) == 0;
  if (!ok) error = path + ": cannot write: " + IMG_GetError();
  SDL_FreeSurface(s);
  return ok;
}

bool load_ids_png(const std::string& path, Raster& ids, std::string& error) {
  SDL_Surface* loaded = IMG_Load(path.c_str());
  if (!loaded) {
    error = path + ": cannot read the id map: " + IMG_GetError();
    return false;
  }
  SurfaceReader r(loaded);
  if (!r.s) {
    error = path + ": cannot convert the id map: " + SDL_GetError();
    return false;
  }
  ids.resize(r.s->w, r.s->h, 0);
  for (int y = 0; y < r.s->h; ++y)
    for (int x = 0; x < r.s->w; ++x) ids.at(x, y) = r.at(x, y);
  return true;
}

}  // namespace mapart
