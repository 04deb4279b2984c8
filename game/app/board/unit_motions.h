// UnitMotions: how each unit is drawn while a resolved turn plays on the
// board, or while the app moves one itself: the share of its way along its
// order's path, how far it has stepped aside (dislodged), how faded
// (destroyed, disbanded). Plain numbers; BoardView turns them into places.
#pragma once

#include "adjudicator.h"
#include "map.h"
#include "order.h"
#include "position.h"

namespace colonial {

// How a unit is drawn: `share` of the way along the path of `order` (a
// move, rail move or retreat), `aside` of the way to the dislodged spot,
// faded to `alpha`.
struct UnitMotion {
  bool on = false;
  Order order;
  bool from_dislodged = false;
  float share = 0;
  float aside = 0;
  float alpha = 1;
};

class UnitMotions {
 public:
  void clear();
  // The resolved turn `results` at t in [0, 1]: successful moves glide
  // along their arrows, bounced ones go a third of the way and back,
  // dislodged units step aside at the end, destroyed ones fade. t < 0:
  // none.
  void play(const Map& map, const PhaseResults* results, float t);
  // The unit of province p (a `type`) at share t of the way from location
  // `from` to `to`; `bounce` goes a third of the way and back instead.
  void move(ProvinceId p, UnitType type, LocationId from, LocationId to, float t, bool bounce);
  // The motion of the unit in province p, and of the unit dislodged there.
  const UnitMotion& unit(ProvinceId p) const { return units_[p]; }
  const UnitMotion& dislodged(ProvinceId p) const { return dislodged_[p]; }

 private:
  UnitMotion units_[kMaxProvinces];
  UnitMotion dislodged_[kMaxProvinces];  // retreat phases
};

}  // namespace colonial
