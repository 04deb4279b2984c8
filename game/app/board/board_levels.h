// The board at the sizes it is drawn, made once from the full-size art and
// then handed to the GPU, so that a change of colour (a colony changing
// hands, a highlight) costs the CPU nothing.
//
// The board coloured for a position is lut[key] * shade at each board
// pixel (BoardArt), box-filtered down to the screen's scale. Box filtering
// is linear, so the coloured board at any size is the sum, over the regions,
// of each region's colour times its share of the filtered shade. A level
// keeps that sum for every region whose colour never changes during a game
// (seas, neutral land, home countries: the "base"), and for each colony its
// own share as a sprite; the view tints each colony's sprite with its
// owner's colour and adds it to the base on the GPU (SDL_BLENDMODE_ADD).
// The result is the picture the CPU would colour, within a level or two of
// 8-bit rounding.
//
// The highlight overlay (a selected unit, its targets, the rest dimmed) is
// a picture of the half-size key plane with each key's own colour: its
// shapes are kept as rectangles (KeyRects), which the view fills on the GPU
// into the overlay's texture at each change.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "board_palette.h"
#include "canvas.h"
#include "map.h"

namespace colonial {

struct KeyStyles;

// The full-size board the levels are made from: the shade (the composed
// region sprites, white where a region's colour shows) and each pixel's key.
struct FullBoard {
  int w = 0, h = 0;
  std::vector<std::uint32_t> shade;  // ARGB, opaque
  std::vector<std::uint8_t> key;
  bool empty() const { return key.empty(); }
};

// A colony's own share of the board at one size, inside a border of
// transparent pixels: straight ARGB, the colour its shade, the alpha the
// share of each pixel that is the colony's (255 where it is all of it).
// Drawn tinted with the colony's colour and added to the base.
struct ColonySprite {
  ProvinceId province = kNoProvince;
  int x = 0, y = 0;  // where its top left goes, in level pixels
  platform::Pixels pixels;
};

// The board at one size: the base (every region but the colonies coloured,
// the colonies' shares left black) and the colonies' sprites.
struct BoardLevel {
  float scale = 0;  // level pixels per board pixel, at most 1
  platform::Pixels base;
  std::vector<ColonySprite> colonies;
  bool empty() const { return base.argb.empty(); }
};

// Which keys are colonies (tinted at draw time), by key.
using ColonyKeys = std::array<bool, 256>;
ColonyKeys colony_keys(const Map& map);

// A digest of the base's colours (every key's but the colonies'): a level
// made for other colours (another palette) is made again.
std::uint64_t base_colours_digest(const KeyStyles& styles, const ColonyKeys& colonies);

// The size of the board at `scale`: whole pixels, rounded up.
int level_side(int full, float scale);

// Makes the level at `scale` (at most 1; at least 1/8) from the full board:
// the base coloured by `styles`, and the sprites of the colonies.
void make_level(const FullBoard& full, const KeyStyles& styles, const ColonyKeys& colonies, float scale,
                BoardLevel& out);

// Colony p's sprite at `scale`, its pixels darkened where `pattern` marks
// them as the colour-blind palette's hatching does (Pattern::None: plain).
void make_colony_sprite(const FullBoard& full, ProvinceId p, float scale, Pattern pattern, ColonySprite& out);

// Every key's pixels on a key plane as rectangles (runs of one key on a row,
// joined with the same run on the rows below).
struct KeyRects {
  struct Rect {
    std::uint16_t x, y, w, h;
  };
  int w = 0, h = 0;  // the key plane's size
  std::vector<Rect> rects;
  std::array<std::uint32_t, 257> first{};  // key k's rectangles: [first[k], first[k + 1])
};
void make_key_rects(const std::vector<std::uint8_t>& keys, int w, int h, KeyRects& out);

}  // namespace colonial
