// The order pad's "Plan retreats and builds" step (ConditionPlan,
// game/app/orders/condition_plan.h): only the engine's planning choices, a
// preference list per unit, builds and disbands per count, and what the
// game takes with the orders.
#include <doctest/doctest.h>

#include "condition_plan.h"
#include "test_order_entry_fixture.h"

namespace colonial::test {
namespace {

ConditionPlan& plan_for(std::string_view power_name) {
  static ConditionPlan plan;
  plan.begin(world().game, power(power_name));
  return plan;
}

const Order* choice_to(ConditionPlan& plan, ProvinceId unit, std::string_view to) {
  for (const Order& o : plan.retreat_choices(unit))
    if (o.kind == OrderKind::Retreat && world().game.map().province_of(o.to) == prov(to)) return &o;
  return nullptr;
}

}  // namespace

TEST_CASE("plan: a retreat preference list per unit, from the engine's choices only") {
  start_game();
  ConditionPlan& plan = plan_for("China");
  REQUIRE(plan.available());
  CHECK(plan.unit_count() == 5);
  const ProvinceId can = prov("CAN");
  const PlanOrders& choices = plan.retreat_choices(can);
  REQUIRE(choices.size() >= 2);
  CHECK(choices[choices.size() - 1].kind == OrderKind::Disband);  // Disband last
  const Order yun = *choice_to(plan, can, "YUN");
  const Order chu = *choice_to(plan, can, "CHU");
  CHECK(choice_to(plan, can, "TIB") == nullptr);  // not next to Canton
  plan.toggle_retreat(can, yun);
  plan.toggle_retreat(can, chu);
  CHECK(plan.retreat_rank(can, yun) == 1);
  CHECK(plan.retreat_rank(can, chu) == 2);
  REQUIRE(plan.conditions().size() == 1);
  CHECK(plan.conditions()[0].kind == ConditionKind::Dislodged);
  CHECK(plan.conditions()[0].orders.size() == 2);
  ReasonText why;
  CHECK(plan.valid(why));
  // Picked again: dropped, and the next moves up.
  plan.toggle_retreat(can, yun);
  CHECK(plan.retreat_rank(can, chu) == 1);
  plan.toggle_retreat(can, chu);
  CHECK(plan.planned() == 0);
  // Another power's unit cannot be planned for.
  plan.toggle_retreat(prov("TON"), yun);
  CHECK(plan.planned() == 0);
}

TEST_CASE("plan: builds per count, no more orders than the count, one build per colony") {
  start_game();
  ConditionPlan& plan = plan_for("France");
  const AdjustmentChoices& a = plan.adjustment_choices();
  CHECK(a.max_builds == 3);  // Annam, Cochin, Tongking
  const Order* army_ton = nullptr;
  const Order* fleet_ton = nullptr;
  const Order* army_coc = nullptr;
  for (const Order& o : a.builds) {
    if (o.kind != OrderKind::Build) continue;
    const ProvinceId p = world().game.map().province_of(o.at);
    if (p == prov("TON")) (o.unit == UnitType::Army ? army_ton : fleet_ton) = &o;
    if (p == prov("COC") && o.unit == UnitType::Army) army_coc = &o;
  }
  REQUIRE(army_ton);
  REQUIRE(fleet_ton);
  REQUIRE(army_coc);
  CHECK(plan.toggle_adjustment(false, 1, *army_ton));
  CHECK_FALSE(plan.toggle_adjustment(false, 1, *army_coc));  // one build for "1 build"
  CHECK(plan.toggle_adjustment(false, 1, *fleet_ton));       // a fleet instead of the army in Tongking
  CHECK(plan.adjustment_rank(false, 1, *fleet_ton) == 1);
  CHECK(plan.adjustment_rank(false, 1, *army_ton) == 0);
  CHECK(plan.toggle_adjustment(false, 2, *army_ton));
  CHECK(plan.toggle_adjustment(false, 2, *army_coc));
  CHECK(plan.conditions().size() == 2);
  ReasonText why;
  CHECK(plan.valid(why));
  // What the game takes with the orders, and gives back to a new pad.
  REQUIRE(world().game.submit_conditions(power("France"), plan.conditions()));
  ConditionPlan& again = plan_for("France");
  CHECK(again.planned() == 2);
  CHECK(again.adjustment_rank(false, 2, *army_coc) == 2);
  CHECK_FALSE(again.dirty());
}

TEST_CASE("plan: nothing to plan outside movement phases") {
  Crafted(PhaseKind::Adjustment).army("France", "TON").start();
  ConditionPlan& plan = plan_for("France");
  CHECK_FALSE(plan.available());
  CHECK(plan.unit_count() == 0);
  ReasonText why;
  CHECK(plan.valid(why));
}

}  // namespace colonial::test
