// The board for the phones' order pad (game/server), made with the rest of
// the art at build time, at a width a phone loads quickly:
//   colonial_web_board.png  the board without units, home land untinted
//   colonial_web_ids.png    the province under each pixel in the red channel
//                           (id + 1; 0 = no province), for hit tests by tap
//   colonial_web.json       the board's size, each province's code, name,
//                           kind and label point, each location's unit point
// The page tints colonies by owner and draws units and orders itself.
#pragma once

#include <string>
#include <vector>

#include "art_board.h"
#include "map.h"
#include "sprites.h"

namespace mapart {

bool write_web_art(const colonial::Map& map, const Raster& ids, const Image& board,
                   const std::vector<PointD>& unit_points, int width, const std::string& dir, std::string& error);

}  // namespace mapart
