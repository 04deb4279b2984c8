#include "unit_motions.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace colonial {
namespace {

float smoothstep(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  return t * t * (3 - 2 * t);
}

}  // namespace

void UnitMotions::clear() {
  for (UnitMotion& m : units_) m = UnitMotion();
  for (UnitMotion& m : dislodged_) m = UnitMotion();
}

void UnitMotions::move(ProvinceId p, UnitType type, LocationId from, LocationId to, float t, bool bounce) {
  UnitMotion& m = units_[p];
  m = UnitMotion();
  m.on = true;
  m.order.kind = OrderKind::Move;
  m.order.unit = type;
  m.order.at = from;
  m.order.to = to;
  const float s = std::clamp(t, 0.0f, 1.0f);
  m.share = bounce ? 0.35f * std::sin(std::numbers::pi_v<float> * s) : smoothstep(s);
}

void UnitMotions::play(const Map& map, const PhaseResults* results, float t) {
  clear();
  if (t < 0 || !results) return;
  t = std::min(t, 1.0f);
  const bool retreat = results->phase.kind == PhaseKind::Retreat;
  for (const OrderResult& r : results->results) {
    const Order& o = r.order;
    if (o.at == kNoLocation) continue;
    const ProvinceId p = map.province_of(o.at);
    UnitMotion& m = retreat ? dislodged_[p] : units_[p];
    const bool moves = o.kind == OrderKind::Move || o.kind == OrderKind::RailMove || o.kind == OrderKind::Retreat;
    if (moves && o.to != kNoLocation) {
      m.on = true;
      m.order = o;
      m.from_dislodged = retreat;
      if (r.outcome == Outcome::Succeeded)
        m.share = smoothstep(t);
      else if (r.outcome != Outcome::Void)
        m.share = 0.35f * std::sin(std::numbers::pi_v<float> * t);
    }
    if (r.dislodged) {
      // Pushed out as the attacker arrives.
      m.on = true;
      m.aside = smoothstep((t - 0.55f) / 0.45f);
      if (r.destroyed) m.alpha = 1 - smoothstep((t - 0.6f) / 0.4f);
    }
    if (retreat && (o.kind == OrderKind::Disband || r.outcome != Outcome::Succeeded)) {
      m.on = true;
      m.alpha = 1 - smoothstep(t);
    }
  }
}

}  // namespace colonial
