// The board picture as data: the projection from longitude/latitude to board
// pixels, the land/sea mask, the art features (straits, islands, off-board
// land, the Cebu oval, the railroad and canal lines) and the province id map
// made from the map's anchors.
//
// Used by the generator (tools/mapart/mapart.cpp) and by the border checker
// (tests/art/). This is tool code: it runs at build time, so it may allocate.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "map.h"

namespace mapart {

// Id map values besides province ids.
inline constexpr std::uint8_t kIdLand = 254;   // land that belongs to no province
inline constexpr std::uint8_t kIdWater = 255;  // water that belongs to no sea zone

// Mercator over the board's region, fitted to `width` pixels.
struct Projection {
  double lon0 = 24, lon1 = 150, lat0 = -15, lat1 = 62;
  int width = 2048;
  int height = 0;  // derived by init()
  void init();
  double x_of(double lon) const;
  double y_of(double lat) const;
  double lon_of(double x) const;
  double lat_of(double y) const;
};

struct PointD {
  double x = 0, y = 0;
};

// An 8-bit raster, row-major.
struct Raster {
  int width = 0, height = 0;
  std::vector<std::uint8_t> pixels;
  void resize(int w, int h, std::uint8_t fill) {
    width = w;
    height = h;
    pixels.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), fill);
  }
  std::uint8_t at(int x, int y) const {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
  }
  std::uint8_t& at(int x, int y) {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
  }
  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
};

// Terrain of a board pixel after projection and features.
enum Terrain : std::uint8_t { kSea = 0, kLand = 1, kImpassableWater = 2 };

// The committed mask (assets/art/colonial_mask.png): its grid in degrees.
struct Mask {
  Raster cells;  // 255 land, 0 sea, 96 impassable water
  double lon0 = 24, lat_top = 62, step = 0.05;
};

struct Strait {
  std::string name;
  double lon_a, lat_a, lon_b, lat_b;
  double width_px;
};
struct Island {
  std::string location;  // whose unit anchor it carries (for messages)
  double lon, lat, radius_deg;
};
struct WaterProvince {  // Cebu: water and small islands inside an oval
  std::string location;
  double lon, lat, rx_deg, ry_deg;
};
struct Polyline {
  std::string name;
  std::vector<PointD> lonlat;
};

struct Features {
  std::vector<Strait> straits;
  std::vector<Island> islands;
  std::vector<PointD> offboard;  // lon/lat seeds of land that belongs to no province
  std::vector<WaterProvince> water_provinces;
  std::vector<Polyline> railroads;
  std::vector<Polyline> canals;
};

// Loaders return false and set `error` to a message naming the file (and the
// line) on bad input.
bool load_mask(const std::string& path, Mask& mask, std::string& error);
bool load_features(const std::string& path, Features& features, std::string& error);

// The tools' table files (features, explained mismatches): one record per
// line, words separated by blanks, '#' starts a comment, blank lines skipped.
// Calls on_line(words, fail) for each record; fail(what) sets error to
// "FILE:LINE: what" and returns false, and reading stops at the first line
// on_line refuses.
using WordLineHandler =
    std::function<bool(const std::vector<std::string>& words, const std::function<bool(const std::string&)>& fail)>;
bool read_word_lines(const std::string& text, const std::string& file_name, std::string& error,
                     const WordLineHandler& on_line);

// The province id of every board pixel and the terrain it was made from.
struct Board {
  Projection proj;
  Raster terrain;  // Terrain values
  Raster ids;      // ProvinceId, kIdLand or kIdWater
  std::vector<std::string> warnings;
};

// Builds the board from the mask, the features and the map's anchors: land
// pixels go to the nearest land anchor of their landmass (with a smooth
// warp so borders look drawn), sea pixels to the nearest sea anchor reachable
// through water. Fails with a message if an anchor sits on the wrong
// terrain or a province has no anchor.
bool build_board(const colonial::Map& map, const Mask& mask, const Features& features, int width, Board& board,
                 std::string& error);

// Pixel contacts between regions: count[a][b] = number of 4-neighbour pixel
// pairs with ids a and b (a != b), over all 256 id values.
struct Contacts {
  std::vector<int> count = std::vector<int>(256 * 256, 0);
  int at(int a, int b) const { return count[static_cast<std::size_t>(a) * 256 + static_cast<std::size_t>(b)]; }
};
Contacts count_contacts(const Raster& ids);

// Reads/writes an id map as an 8-bit PNG (grey palette, index = id).
bool save_ids_png(const Raster& ids, const std::string& path, std::string& error);
bool load_ids_png(const std::string& path, Raster& ids, std::string& error);

}  // namespace mapart
