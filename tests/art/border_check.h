// Compares the borders drawn in the board's id map with the game's
// adjacency: provinces that touch on screen but are not adjacent, and
// adjacent provinces that do not touch (or touch by a sliver only). Land
// bridges, canals and impassable borders are drawn specially and skipped.
#pragma once

#include <string>
#include <vector>

#include "art_board.h"
#include "map.h"

namespace mapart {

// Adjacent provinces must share at least this many pixel edges to count as
// visibly touching.
inline constexpr int kMinContact = 4;

struct Mismatch {
  // WrongCoast: a split-coast province touches sea `b` nearest the anchor of
  // a coast that has no fleet link to `b` (a fleet there would be drawn on
  // the wrong side).
  // Split: province `a` is drawn in `contact` separate pieces.
  enum Kind { TouchingNotAdjacent, AdjacentNotTouching, WrongCoast, Split };
  colonial::ProvinceId a = colonial::kNoProvince, b = colonial::kNoProvince;  // a < b (b unused for Split)
  Kind kind = TouchingNotAdjacent;
  int contact = 0;     // shared pixel edges
  std::string reason;  // non-empty when explained
  std::string where;   // Split: where the smallest piece is
};

// Province pairs the checker skips, with why: bridges, canals, impassable.
bool drawn_specially(const colonial::Map& map, colonial::ProvinceId a, colonial::ProvinceId b);

// Every mismatch between the id map and the map's adjacency under its
// current options. The map's anchors are projected onto the id map with the
// board projection at the id map's width (for the coast check).
std::vector<Mismatch> check_borders(const colonial::Map& map, const Raster& ids);

// Explained mismatches: lines "A B reason..." ('#' comments), or
// "A - reason..." for province A drawn in pieces. Marks the
// matching mismatches with their reason; returns false with a message on a
// malformed line or an unknown province. `stale` receives entries that match
// no mismatch.
bool apply_explanations(const colonial::Map& map, const std::string& text, const std::string& file_name,
                        std::vector<Mismatch>& mismatches, std::vector<std::string>& stale, std::string& error);

std::string describe(const colonial::Map& map, const Mismatch& m);

}  // namespace mapart
