// Positions set up by hand: what the game master's position editor,
// `colonial-judge edit` and the DATC runner read, in the DATC's words, and
// the check that a position can stand on the board.
//
//   PRESTATE_SETPHASE Spring 1901, Movement     (or "1872 Movement")
//   PRESTATE                                    the units
//     Russia: A mos
//     Britain: F Bay of Bengal
//   PRESTATE_DISLODGED                          units dislodged (retreat phases)
//     China: A can
//   PRESTATE_SUPPLYCENTER_OWNERS                the colonies' owners
//     Russia: A mos                             (or "Russia: mos")
//   CIVIL_DISORDER Turkey Holland               our own: powers in civil disorder
//
// A block given replaces that part of the position; the parts not given
// stay as they were. Nothing here allocates.
#pragma once

#include <string_view>

#include "fixed.h"
#include "legal.h"
#include "position.h"

namespace colonial {

class Map;

struct SetupError {
  int line = 0;  // 1-based; 0 = the text as a whole
  FixedString<200> message;
};

// A phase as people write it: "1872 Movement", "Spring 1901, Movement",
// "fall 1901 retreats", "Winter 1901 Builds"; the season may be left out
// (the 1995 calendar counts turns). `biennial`: the board's calendar has no
// seasons (Spring/Fall become the turn).
bool read_phase_text(std::string_view text, bool biennial, Phase& out);

// A place as the DATC writes it: "stp/nc", "ban(ec)", "Bangkok (ec)",
// "Bangkok east coast", or any name the map knows.
bool read_place_text(const Map& map, std::string_view raw, LocationId& out);

// A unit as the DATC writes it after its power: "A mos", "F stp/nc",
// "Fleet Bay of Bengal". An army's place is its province. False, with
// why, for a unit that cannot stand there.
bool read_unit_text(const Map& map, std::string_view text, UnitType& type, LocationId& at, ReasonText& why);

// Reads the blocks above into `pos` and `civil_disorder` (both start as
// the position being changed). False, with the line and the reason, for a
// line that cannot be read or two units in one province; `pos` may then
// be half changed.
bool read_position_text(const Map& map, std::string_view text, Position& pos, u32& civil_disorder, SetupError& err);

// True if the position can stand on the map: every unit where its kind may
// (a fleet on a split-coast province on one of its coasts), dislodged units
// only in a retreat phase, owners only of colonies and only powers of the
// map, no unit in a closed province. Otherwise false with the first reason.
bool check_position(const Map& map, const Position& pos, ReasonText& why);

}  // namespace colonial
