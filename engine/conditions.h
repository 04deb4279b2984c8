// Conditional retreats and adjustments (the club's house rules): "Players
// may choose to submit their retreats and adjustments with their Fall
// orders ... If MUN is dislodged, retreats (in order of preference): BER,
// KIE ... If two Supply Centers are gained, build A LON and F EDI".
//
// A power hands them in with its movement orders (parse_statement reads
// them; Game::submit_conditions keeps them); check_condition refuses, at
// submission, one that could never apply. When the retreat or adjustment
// phase they are for begins, orders_from_conditions turns them into that
// phase's orders: the first legal retreat of the list, the builds or
// disbands of the condition on the count due; what has become impossible
// is skipped, with its reason. A power left nothing to decide is not asked.
//
// The choices a planning screen offers are the same lists the checks use
// (conditional_retreat_choices, conditional_adjustment_choices), so a player
// can only plan what could apply. Nothing here allocates.
#pragma once

#include "fixed.h"
#include "legal.h"
#include "notation.h"
#include "order.h"
#include "position.h"

namespace colonial {

class Map;

// Conditions of all powers handed in for one movement phase.
inline constexpr int kMaxPhaseConditions = 48;
using ConditionList = FixedVector<Condition, kMaxPhaseConditions>;

// --- what a power may plan

using PlanOrders = FixedVector<Order, 2 * kMaxProvinces>;

// The retreats the unit standing in p (in the movement phase of `pos`)
// could be given in a conditional: one to each space it could move to by
// itself (a retreat is never convoyed, 7.4352) that no rule of the game
// closes for good, then Disband. Whether a space will be free (not occupied,
// not the attacker's origin, no standoff) is known only after the movement
// phase: then the first legal one is taken. Empty if no unit stands in p.
void conditional_retreat_choices(const Map& map, const Position& pos, ProvinceId p, PlanOrders& out);

// What a power could plan for its next adjustment phase.
struct AdjustmentChoices {
  int max_builds = 0;    // its home colonies (any centre under conscription): never more at once (8.323)
  int max_disbands = 0;  // its units now: it can never have more to disband
  PlanOrders builds;     // each such place: A where an army may stand, F on each coast; and a Waive
  PlanOrders disbands;   // each of its units
};
void conditional_adjustment_choices(const Map& map, const Position& pos, PowerId power, AdjustmentChoices& out);

// True if the condition could apply: handed in a movement phase, naming a
// unit of its power (Dislodged) with retreats among its choices, or a
// count of builds or disbands the power could ever face with orders among
// its choices, no more of them than the count and none twice. Otherwise
// false, with a sentence for the player in `why`.
bool check_condition(const Map& map, const Position& pos, const Condition& c, ReasonText& why);

// check_condition for each of one power's conditions, and no two on the
// same unit or on the same count of builds or disbands. On false, `bad` is
// the index of the condition refused.
bool check_conditions(const Map& map, const Position& pos, const ConditionList& mine, ReasonText& why, int& bad);

// --- applying them

// A conditional order that was no longer possible when its phase began.
struct SkippedOrder {
  Order order;
  VoidReason reason = VoidReason::None;
  bool operator==(const SkippedOrder&) const = default;
};
inline constexpr int kMaxSkippedOrders = 32;
using SkippedOrders = FixedVector<SkippedOrder, kMaxSkippedOrders>;

// The orders the conditions of `power` give in the retreat or adjustment
// phase of `pos`, appended to `out`: for each of its dislodged units with a
// condition, the first legal retreat (or disband) of the list; in an
// adjustment phase, the orders of its condition on the number of builds or
// disbands due (colonies minus units, 8.32), those still possible, up to
// what it may make. Every alternative tried in vain is added to `skipped`.
// `covered`: nothing is left for the power to decide.
void orders_from_conditions(const Map& map, const Position& pos, const ConditionList& conditions, PowerId power,
                            OrderList& out, SkippedOrders& skipped, bool& covered);

}  // namespace colonial
