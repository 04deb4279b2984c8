// Orders as values. The parser (notation.h) turns text into Orders, the
// formatter turns them back, the adjudicator resolves them.
#pragma once

#include "fixed.h"
#include "types.h"

namespace colonial {

enum class OrderKind : u8 {
  None = 0,
  // Movement phase
  Hold,
  Move,         // A TAB-BAG, possibly via convoy
  Support,      // support to hold (to == kNoLocation) or to move
  Convoy,       // F PGF C A BAG-ARB
  RailMove,     // A MOS-TSR-VLA (Trans-Siberian Railroad)
  CanalPermit,  // SC F MED-RED: the Egypt power lets a fleet through Suez
  // Retreat phase
  Retreat,
  Disband,  // retreat phase disband, or adjustment-phase removal
  // Adjustment phase
  Build,
  Waive,  // give up one build
};

struct Order {
  OrderKind kind = OrderKind::None;
  PowerId power = kNoPower;
  UnitType unit = UnitType::None;  // the ordered (or built) unit
  LocationId at = kNoLocation;     // where it stands (or is built)
  // Move / Retreat / RailMove: destination. Support: where the supported unit
  // moves (kNoLocation for support to hold). Convoy / CanalPermit: where the
  // carried or permitted unit moves.
  LocationId to = kNoLocation;
  // Support / Convoy / CanalPermit: the other unit and where it stands.
  UnitType other_unit = UnitType::None;
  LocationId other_at = kNoLocation;
  PowerId other_power = kNoPower;  // nationality as written, if any
  bool via_convoy = false;         // "via convoy" written explicitly
  bool operator==(const Order&) const = default;
};

using OrderList = FixedVector<Order, kMaxOrders>;

}  // namespace colonial
