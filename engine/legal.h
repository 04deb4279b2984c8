// Order legality: is one order possible under the rules, and which orders can
// a unit be given?
//
// check_order() judges an order against the map and the position alone (rule
// 6.15: an order that is "not possible within the rules" is void and the unit
// holds). What depends on other orders - whether a support matches the move it
// names, whether a convoy route is actually ordered, how many builds a power
// has left - is the adjudicator's business (adjudicator.h).
//
// legal_orders() lists every order a unit may be given in the current phase,
// for the order pad of the app, the CLI and random play. Both answer for the
// phase in Position::phase.
#pragma once

#include <span>

#include "fixed.h"
#include "order.h"
#include "position.h"

namespace colonial {

class Map;

// Why an order is void. Each has a sentence (describe_void).
enum class VoidReason : u8 {
  None = 0,
  WrongPhase,                // e.g. a build in a movement phase
  NoUnit,                    // no unit stands where the order says
  WrongPower,                // the unit belongs to another power
  WrongUnitType,             // "F LVP" for an army in Liverpool
  NoPower,                   // a build or waive that names no power
  DuplicateOrder,            // the unit already has an order this phase
  SameProvince,              // a move or retreat to where the unit already is
  CannotReach,               // not adjacent (and no possible convoy route), or an army to sea, a fleet inland
  CoastNeeded,               // a fleet to a split-coast province that could mean either coast
  UnitCannotStand,           // army to a sea, fleet inland, fleet build without coast
  SupportSelf,               // a unit cannot support itself
  SupportIntoOwnProvince,    // a unit cannot support an attack on its own province
  SupportCannotReach,        // the supporter could not move to the supported place (6.234)
  NoUnitToSupport,           // nothing stands where the supported unit is said to be
  ConvoyNotFleetAtSea,       // only a fleet in a sea space convoys (6.242)
  NoArmyToConvoy,            // the convoyed unit is missing or is not an army
  ConvoyNotCoastal,          // convoyed armies go from coast to coast
  ConvoyNoRoute,             // this fleet is on no chain of fleets from start to end
  RuleNotInForce,            // an order of an optional rule the game does not use
  NotDislodged,              // a retreat for a unit that was not dislodged
  RetreatOccupied,           // the retreat space holds a unit
  RetreatToAttacker,         // the space the attacker came from (7.4353)
  RetreatToStandoff,         // a space left empty by a standoff (7.4353)
  NotHomeColony,             // builds only on the power's starting colonies (8.323)
  NotOwned,                  // the home colony is held by another power
  BuildOccupied,             // a unit stands there
  NotOwnUnit,                // a disband of a unit of another power
  NoAdjustment,              // the power has nothing to build or disband
  NoBuildsLeft,              // more builds than the power may make
  AlreadyBuilt,              // a second build in the same province
  NoDisbandsLeft,            // more disbands than the power must make
  AlreadyDisbanded,          // the same unit disbanded twice
  CanalUnheld,               // a canal passage while nobody holds the canal's province (9.31)
  NotCanalHolder,            // canal permission from a unit not in the canal's province (9.34)
  NoFleetToPermit,           // canal permission for a fleet that is not there
  NotRailroadOwner,          // only the railroad's power may use it (9.21)
  RailroadArmiesOnly,        // only armies travel by railroad (9.2)
  NotOnRailroad,             // the unit or its destination is not a station of the line
  RailroadInUse,             // two or more railroad moves in one turn: they all hold (9.22, ruling)
  ProvinceClosed,            // no unit may enter (12.1: neutral Russia in the two-player game)
  HongKongClosed,            // China may not enter Hong Kong yet (rule 9.11, optional)
  CanalPermitConflict,       // the holder let two different fleets through: neither passes (9.34-9.35, ruling)
  NotSupplyCentre,           // conscription builds only in supply centres
  ConversionNotOwnedCentre,  // a conversion needs the unit in a centre its power controls
  ConversionInland,          // an army in an inland centre cannot become a fleet
  ConvertAndDisband,         // one unit both converted and disbanded
};

// The convoy geography of a position: the seas holding fleets, grouped into
// connected bodies of water, and the coasts of each. An army can be convoyed
// from one shore of a body to another (6.245) - whatever the fleets' orders;
// which route is actually ordered is the adjudicator's business. Computed on
// first use, so a phase without convoys pays nothing; then shared by every
// check of the phase. The map and position must outlive it.
class ConvoyWaters {
 public:
  ConvoyWaters(const Map& map, const Position& pos) : map_(map), pos_(pos) {}
  // True if an army could be convoyed from `from` to `to`; if `through` is
  // given, by a chain of fleets that includes the fleet in that sea.
  bool route_possible(ProvinceId from, ProvinceId to, ProvinceId through = kNoProvince) const;
  // Coastal provinces an army in `from` could be convoyed to (not itself).
  ProvinceSet destinations(ProvinceId from) const;
  // The shores of the body of water holding the fleet in sea `sea` (empty if
  // no fleet is there).
  ProvinceSet shores_with(ProvinceId sea) const;

 private:
  void compute() const;
  static constexpr u8 kNone = 0xFF;
  const Map& map_;
  const Position& pos_;
  mutable bool computed_ = false;
  mutable u8 body_[kMaxProvinces];  // body of each sea holding a fleet, or kNone
  // The coasts of each body. Not initialised (made for every order check and
  // every phase, and 4 KB): compute() clears each body's set before use.
  union {
    mutable ProvinceSet shores_[kMaxProvinces];
  };
};

// What random play and the adjudicator both derive from one position,
// worked out on first use and then shared (Game::facts keeps one for the
// game's position): its convoy waters, the provinces holding units, and what
// each power owes in an adjustment phase. The map and position must outlive
// it, unchanged.
class PositionFacts {
 public:
  PositionFacts(const Map& map, const Position& pos) : map_(map), pos_(pos), waters_(map, pos) {}
  const ConvoyWaters& waters() const { return waters_; }
  // The provinces holding a unit, ascending (Position::occupied).
  std::span<const ProvinceId> occupied() const;
  // What each power owes: builds (> 0) or disbands (< 0), as
  // adjustment_counts.
  const int (&owed() const)[kMaxPowers];

 private:
  const Map& map_;
  const Position& pos_;
  ConvoyWaters waters_;
  mutable bool occupied_known_ = false, owed_known_ = false;
  mutable int occupied_count_ = 0;
  mutable ProvinceId occupied_[kMaxProvinces];
  mutable int owed_[kMaxPowers];
};

// Judges one order in the phase of `pos` (see the reasons above), or as an
// order of the given phase (with the position's convoy waters, if at hand).
VoidReason check_order(const Map& map, const Position& pos, const Order& order);
VoidReason check_order(const Map& map, const Position& pos, const Order& order, PhaseKind phase);
VoidReason check_order(const Map& map, const Position& pos, const Order& order, PhaseKind phase,
                       const ConvoyWaters& waters);
// check_order of an order of a movement phase (the adjudicator's, for every
// order of every turn).
VoidReason check_movement(const Map& map, const Position& pos, const Order& order, const ConvoyWaters& waters);
// check_order of an order of an adjustment phase, given what each power owes
// (adjustment_counts: the adjudicator's, for every order of the phase).
VoidReason check_adjustment(const Map& map, const Position& pos, const Order& order, const int (&owed)[kMaxPowers]);

// A human sentence for a void order: "A DEL cannot reach the Bay of Bengal".
using ReasonText = FixedString<256>;
void describe_void(const Map& map, const Order& order, VoidReason reason, ReasonText& out);

// The destination a legal move or retreat really goes to: for a fleet into a
// split-coast province written without a coast, the one reachable coast
// (DATC 4.B.2); for an army, the province (coasts mean nothing to armies,
// DATC 6.B.12). Returns kNoLocation when no single place is meant.
LocationId move_destination(const Map& map, UnitType type, LocationId from, LocationId to);

// The canal joining seas a and b (either way round), or -1.
int canal_between(const Map& map, ProvinceId a, ProvinceId b);

// The railroad with stations a and b (a != b), or -1.
int railroad_between(const Map& map, ProvinceId a, ProvinceId b);

// Why a unit of power w may not enter province d now, or VoidReason::None:
// ProvinceClosed for the game's closed provinces (RuleOptions::closed), and
// under rule 9.11 HongKongClosed for a colony that never counts for w (Hong
// Kong for China) until the first counting turn has been played.
VoidReason entry_barred(const Map& map, const Position& pos, PowerId w, ProvinceId d);

// Where a unit stands: its province, or its coast on a split-coast province
// (unit_location_on_coast, out of line: asked for every unit every phase,
// and few stand on a coast).
LocationId unit_location_on_coast(const Map& map, ProvinceId p, const Unit& u);
inline LocationId unit_location(const Map& map, ProvinceId p, const Unit& u) {
  return u.coast == Coast::None ? p : unit_location_on_coast(map, p, u);
}

// ConvoyWaters(map, pos).route_possible(from, to, through), for one question.
bool convoy_route_possible(const Map& map, const Position& pos, ProvinceId from, ProvinceId to,
                           ProvinceId through = kNoProvince);

// Every legal order of the unit in province p (a dislodged unit in a retreat
// phase). Orders are complete values: power, unit, locations, ready for the
// adjudicator and format_order. Returns false if `out` filled up before the
// list was complete.
inline constexpr int kMaxLegalOrders = 4096;
using LegalOrders = FixedVector<Order, kMaxLegalOrders>;
bool legal_orders(const Map& map, const Position& pos, ProvinceId p, LegalOrders& out);

// The SC orders (rule 9.34) a power may give in this movement phase: the
// power whose unit holds a canal's province lets one fleet in either of the
// canal's seas through, in addition to that unit's own order (hold, support,
// move and bounce). One order per fleet standing in those seas, the
// holder's own included (naming one of its own fleets picks which passes).
// Empty when the power holds no canal's province, the canal rule is off, or
// the phase is not a movement phase. For an order pad offering "SC ..."
// beside the Egypt unit's order; legal_orders lists them for that unit too.
bool legal_canal_permits(const Map& map, const Position& pos, PowerId power, LegalOrders& out);

// The builds `power` could order in province p, whoever owns or holds it
// now: an army where one may stand, a fleet on it or on each of its coasts.
using BuildOrders = FixedVector<Order, 3>;
void builds_in(const Map& map, PowerId power, ProvinceId p, BuildOrders& out);

// True if `o` is a conversion (Era of Empire, RuleOptions::conversion): a
// build of one type where the ordering power's unit of the other type
// stands. It needs the unit in a supply centre its power controls, uses no
// build, and is allowed with no builds or disbands due.
bool is_conversion(const Map& map, const Position& pos, const Order& o);

// True if `power` may build in p when it is empty: a supply centre it
// controls that is one of its home colonies (8.323), or any such centre
// under conscription.
bool may_build_in(const Map& map, const Position& pos, PowerId power, ProvinceId p);
// The empty provinces `power` may build in now.
int free_build_places(const Map& map, const Position& pos, PowerId power);

// Every conversion `power` may order now (none unless the conversion rule is
// on): the other type for each of its units in a centre it controls, a
// fleet on each coast of a split one, never a fleet inland.
using ConversionOrders = FixedVector<Order, 2 * kMaxUnits>;
void conversions_of(const Map& map, const Position& pos, PowerId power, ConversionOrders& out);

// Mistakes in a power's adjustment orders that a submission refuses (nothing
// is saved) rather than keeping them as void orders, because the player
// surely meant something else: a build where a unit stands (BuildOccupied;
// with the conversion rule a unit of the same power and type), a fleet built
// or converted inland (UnitCannotStand, ConversionInland), a conversion of a
// unit in no centre its power controls (ConversionNotOwnedCentre), and one
// unit both converted and disbanded (ConvertAndDisband). VoidReason::None if
// there is none; otherwise `bad` is the index of the order refused.
VoidReason refused_adjustment(const Map& map, const Position& pos, const OrderList& orders, int& bad);

// A disband of each unit of `power`.
using DisbandOrders = FixedVector<Order, kMaxUnits>;
void disbands_of(const Map& map, const Position& pos, PowerId power, DisbandOrders& out);

// Every legal adjustment order of a power: builds in its free home colonies
// (any free centre it controls under conscription; each coast of a split
// one), disbands of its units, and a waive, according to whether it must
// build or disband; then its conversions, whatever it owes. Empty if it has
// nothing to adjust and nothing to convert.
bool legal_adjustments(const Map& map, const Position& pos, PowerId power, LegalOrders& out);

// A small deterministic random source (splitmix64) for random play.
struct Random {
  u64 state = 0;
  u64 next();
  int below(int n);  // uniform in [0, n); 0 if n <= 0
  // True with the chance Num in Den (0 < Num < Den): one draw against a
  // threshold, no remainder to take (off from Num/Den by less than 2^-56).
  template <u64 Num, u64 Den>
  bool chance() {
    static_assert(0 < Num && Num < Den);
    return next() < ~u64{0} / Den * Num;
  }
  // z % n (n > 0), by multiplication where the compiler has 128-bit
  // integers: what below() takes of each draw.
  static u64 remainder(u64 z, u64 n);
};

// Random legal orders for every unit that takes orders in the phase of `pos`,
// written to `out` (cleared first). Movement orders are coherent rather than
// uniform: some units move (armies by convoy too), and the others support a
// move or a unit that stays, convoy an army that sails, or hold - so random
// games have battles, convoys and paradoxes. Retreats pick among the legal
// retreats and disbands; adjustments build or disband what is due.
void random_orders(const Map& map, const Position& pos, Random& random, OrderList& out);
// The same with the facts of `pos` at hand (PositionFacts(map, pos), shared
// with the adjudicator: Game::facts).
void random_orders(const Map& map, const Position& pos, Random& random, OrderList& out, const PositionFacts& facts);

// Colonies a power holds minus units it has: builds (> 0) or disbands (< 0)
// due in the adjustment phase (rule 8.32). How many builds can really be made
// also depends on the free home colonies.
int adjustment_count(const Map& map, const Position& pos, PowerId power);
// adjustment_count of every power of the map at once (due[p] for power p),
// in one pass over the board.
void adjustment_counts(const Map& map, const Position& pos, int (&due)[kMaxPowers]);

}  // namespace colonial
