// Random positions and order sets, legal and not, through all three phases:
// the adjudicator must always finish and keep the invariants of the board
// (one unit per space, no unit made or lost outside adjustments, colonies
// unchanged by movement, every result explained). Seeded: failures repeat.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_adjudicator_fixture.h"

// Named, so that its helpers stay apart from other files' in a unity build.
namespace colonial::test::adjudicator_fuzz_test {
namespace {

// The engine's random source, with a percentage helper.
struct Rng : Random {
  explicit Rng(u64 seed) { state = seed; }
  bool chance(int percent) { return below(100) < percent; }
};

void random_position(const Map& map, Rng& rng, int fill_percent, Position& pos) {
  set_start_position(map, pos);
  pos.clear_units();
  for (int p = 0; p < map.province_count(); ++p) {
    const ProvinceId pp = static_cast<ProvinceId>(p);
    const ProvinceInfo& info = map.province(pp);
    pos.owner[p] = info.colony && rng.chance(70) ? static_cast<PowerId>(rng.below(map.power_count())) : kNoPower;
    if (!rng.chance(fill_percent)) continue;
    const PowerId w = static_cast<PowerId>(rng.below(map.power_count()));
    const bool fleet = info.kind == ProvinceKind::Sea || (info.kind == ProvinceKind::Coast && rng.chance(50));
    Coast c = Coast::None;
    if (fleet && info.coast_count)
      c = map.coast_of(static_cast<LocationId>(info.first_coast + rng.below(info.coast_count)));
    pos.units[p] = Unit{fleet ? UnitType::Fleet : UnitType::Army, w, c};
  }
}

// Anything at all, including ids past the end of the map.
Order garbage(const Map& map, Rng& rng) {
  Order o;
  o.kind = static_cast<OrderKind>(rng.below(static_cast<int>(OrderKind::Waive) + 1));
  o.power = rng.chance(10) ? kNoPower : static_cast<PowerId>(rng.below(map.power_count() + 1));
  o.unit = static_cast<UnitType>(rng.below(3));
  auto any_location = [&]() -> LocationId {
    return rng.chance(5) ? kNoLocation : static_cast<LocationId>(rng.below(map.location_count() + 2));
  };
  o.at = any_location();
  o.to = rng.chance(20) ? kNoLocation : any_location();
  o.other_at = any_location();
  o.other_unit = static_cast<UnitType>(rng.below(3));
  o.via_convoy = rng.chance(20);
  return o;
}

// A random legal order, choosing the kind first so that moves, supports and
// convoys all occur.
bool random_legal(const Map& map, const Position& pos, ProvinceId p, Rng& rng, Order& out) {
  static LegalOrders list;
  legal_orders(map, pos, p, list);
  if (list.empty()) return false;
  OrderKind kind = static_cast<OrderKind>(1 + rng.below(5));  // Hold, Move, Support, Convoy, RailMove
  int count = 0;
  for (const Order& o : list) count += o.kind == kind;
  if (count == 0) {
    out = list[rng.below(list.size())];
    return true;
  }
  int pick = rng.below(count);
  for (const Order& o : list)
    if (o.kind == kind && pick-- == 0) out = o;
  return true;
}

// Armies on coasts all sail somewhere and every fleet at sea convoys someone:
// convoy routes cross, chain and contradict each other.
void convoy_storm(const Map& map, const Position& pos, Rng& rng, OrderList& orders) {
  ProvinceId armies[kMaxProvinces], coasts[kMaxProvinces];
  int army_count = 0, coast_count = 0;
  for (int p = 0; p < map.province_count(); ++p) {
    if (map.province(static_cast<ProvinceId>(p)).kind == ProvinceKind::Coast)
      coasts[coast_count++] = static_cast<ProvinceId>(p);
    if (pos.units[p].type == UnitType::Army) armies[army_count++] = static_cast<ProvinceId>(p);
  }
  if (army_count == 0 || coast_count == 0) return;
  for (int p = 0; p < map.province_count(); ++p) {
    const Unit& u = pos.units[p];
    if (!u.present()) continue;
    Order o;
    o.power = u.power;
    o.unit = u.type;
    o.at = unit_location(map, static_cast<ProvinceId>(p), u);
    if (u.type == UnitType::Army) {
      o.kind = OrderKind::Move;
      o.to = coasts[rng.below(coast_count)];
      o.via_convoy = rng.chance(50);
    } else if (map.province(static_cast<ProvinceId>(p)).kind == ProvinceKind::Sea) {
      o.kind = OrderKind::Convoy;
      o.other_unit = UnitType::Army;
      o.other_at = armies[rng.below(army_count)];
      o.to = coasts[rng.below(coast_count)];
    } else {
      o.kind = OrderKind::Hold;
    }
    orders.push_back(o);
  }
}

void check_movement(const Map& map, const Position& before, const OrderList& orders, const Position& after,
                    const PhaseResults& results) {
  const int n = map.province_count();
  ProvinceId moved_from[kMaxProvinces];
  bool moved_away[kMaxProvinces] = {};
  for (int p = 0; p < n; ++p) moved_from[p] = kNoProvince;
  int destroyed = 0;
  int canal_passages[kMaxCanals] = {};
  ProvinceId canal_vias[kMaxCanals] = {};
  int rail_moves = 0;
  ProvinceId rail_to = kNoProvince;
  for (const OrderResult& r : results.results) {
    destroyed += r.destroyed ? 1 : 0;
    if (r.outcome == Outcome::Void) CHECK(r.reason != VoidReason::None);
    CHECK((r.reached != kNoProvince) == (r.outcome == Outcome::StoppedShort));
    if (r.order.kind == OrderKind::RailMove &&
        (r.outcome == Outcome::Succeeded || r.outcome == Outcome::StoppedShort)) {
      // A railroad move (9.2): along a line of its power, one per turn.
      const ProvinceId from = map.province_of(r.order.at);
      const ProvinceId to = r.outcome == Outcome::Succeeded ? map.province_of(r.order.to) : r.reached;
      CHECK(railroad_between(map, from, to) >= 0);
      if (r.outcome == Outcome::StoppedShort) CHECK(railroad_between(map, to, map.province_of(r.order.to)) >= 0);
      CHECK(before.units[from].type == UnitType::Army);
      CHECK(++rail_moves == 1);
      CHECK_FALSE(moved_away[from]);
      CHECK(moved_from[to] == kNoProvince);
      moved_away[from] = true;
      moved_from[to] = from;
      rail_to = to;
      continue;
    }
    if (r.order.kind != OrderKind::Move || r.outcome != Outcome::Succeeded) continue;
    const ProvinceId from = map.province_of(r.order.at), to = map.province_of(r.order.to);
    CHECK(before.units[from].present());
    CHECK_FALSE(moved_away[from]);         // one successful order per unit
    CHECK(moved_from[to] == kNoProvince);  // one unit per space
    moved_away[from] = true;
    moved_from[to] = from;
    const Unit& u = before.units[from];
    if (u.type == UnitType::Army)
      CHECK((map.army_adjacent(from, to) || convoy_route_possible(map, before, from, to)));
    else if (!map.fleet_adjacent(unit_location(map, from, u), r.order.to)) {
      // Through a canal whose holder stayed all turn (9.31-9.36).
      const int canal = canal_between(map, from, to);
      REQUIRE(canal >= 0);
      const ProvinceId via = map.canal(canal).via;
      CHECK(before.units[via].present());
      canal_passages[canal] += 1;
      canal_vias[canal] = via;
    }
  }
  int before_units = 0, after_units = 0, dislodged = 0;
  for (int q = 0; q < n; ++q) {
    before_units += before.units[q].present();
    after_units += after.units[q].present();
    const Unit& a = after.units[q];
    if (moved_from[q] != kNoProvince) {
      const Unit& m = before.units[moved_from[q]];
      CHECK((a.present() && a.power == m.power && a.type == m.type));
    } else if (before.units[q].present() && !moved_away[q]) {
      CHECK(a == before.units[q]);
    } else {
      CHECK_FALSE(a.present());
    }
    if (a.present()) CHECK(map.can_stand(a.type, unit_location(map, static_cast<ProvinceId>(q), a)));
    const DislodgedUnit& d = after.dislodged[q];
    if (d.unit.present()) {
      ++dislodged;
      CHECK(moved_from[q] != kNoProvince);
      CHECK_FALSE(moved_away[q]);
      CHECK(d.unit == before.units[q]);
    }
    if (after.standoffs.test(q)) CHECK_FALSE(a.present());
    CHECK(after.owner[q] == before.owner[q]);
  }
  CHECK(before_units == after_units + dislodged + destroyed);
  // A railing army never dislodges (9.23): it ends where nobody stayed.
  if (rail_to != kNoProvince) CHECK((!before.units[rail_to].present() || moved_away[rail_to]));
  for (int c = 0; c < kMaxCanals; ++c) {
    if (canal_passages[c] == 0) continue;
    CHECK(canal_passages[c] == 1);                                     // one fleet per turn
    CHECK(after.units[canal_vias[c]] == before.units[canal_vias[c]]);  // the holder stayed, not dislodged
  }
  CHECK(results.results.size() >= before_units);
  CHECK(results.results.size() <= orders.size() + before_units);
  CHECK(after.phase == before.phase);
}

void check_retreat(const Map& map, const Position& before, const Position& after, const PhaseResults& results) {
  int arrived = 0;
  for (const OrderResult& r : results.results)
    if (r.order.kind == OrderKind::Retreat && r.outcome == Outcome::Succeeded) {
      ++arrived;
      const ProvinceId from = map.province_of(r.order.at), to = map.province_of(r.order.to);
      CHECK(before.dislodged[from].unit.present());
      CHECK_FALSE(before.units[to].present());
      CHECK(after.units[to].power == before.dislodged[from].unit.power);
    }
  for (int q = 0; q < map.province_count(); ++q) {
    if (before.units[q].present()) CHECK(after.units[q] == before.units[q]);
    CHECK_FALSE(after.dislodged[q].unit.present());
  }
  CHECK(count_units(map, after) == count_units(map, before) + arrived);
  CHECK(after.standoffs.empty());
}

void check_adjustment(const Map& map, const Position& before, const Position& after, const PhaseResults& results) {
  for (int w = 0; w < map.power_count(); ++w) {
    const PowerId power = static_cast<PowerId>(w);
    const int due = adjustment_count(map, before, power);
    const int change = after.unit_count(power) - before.unit_count(power);
    int built = 0;
    for (const OrderResult& r : results.results)
      if (r.order.kind == OrderKind::Build && r.outcome == Outcome::Succeeded && r.order.power == power) ++built;
    CAPTURE(w);
    if (due >= 0) {
      CHECK(change == built);
      CHECK(built <= due);
    } else {
      CHECK(change == due);
    }
  }
  for (int q = 0; q < map.province_count(); ++q) {
    const Unit& b = before.units[q];
    const Unit& a = after.units[q];
    if (b.present()) CHECK((a == b || !a.present()));
    if (a.present() && !b.present()) {
      CHECK(map.province(static_cast<ProvinceId>(q)).home == a.power);
      CHECK(before.owner[q] == a.power);
    }
    CHECK(after.owner[q] == before.owner[q]);
  }
}

void rail_rich(const Map& map, Rng& rng, Position& pos, OrderList& orders);

void fuzz_map(const Map& map, u64 seed, int rounds) {
  Rng rng(seed);
  static Position before, after, again, retreated, adjusted;
  static PhaseResults results, results_again;
  for (int round = 0; round < rounds; ++round) {
    CAPTURE(round);
    random_position(map, rng, 20 + rng.below(60), before);
    before.rules.convoy_all_routes = round % 5 == 0;  // rule 6.245 as printed, now and then
    before.rules.no_retreat_to_convoy_origin = round % 9 == 0;
    OrderList orders;
    const int mode = rng.below(6);
    if (mode == 3) {
      convoy_storm(map, before, rng, orders);
    } else if (mode == 5) {
      rail_rich(map, rng, before, orders);
    } else if (mode == 4) {
      random_orders(map, before, rng, orders);
      for (const Order& o : orders) CHECK(check_order(map, before, o) == VoidReason::None);
    } else {
      for (int p = 0; p < map.province_count(); ++p) {
        if (!before.units[p].present() || rng.chance(mode == 0 ? 5 : 15)) continue;
        Order o;
        if (mode == 2 || !random_legal(map, before, static_cast<ProvinceId>(p), rng, o)) o = garbage(map, rng);
        orders.push_back(o);
        if (mode == 1 && rng.chance(10) && !orders.full()) orders.push_back(garbage(map, rng));
      }
    }
    adjudicate_movement(map, before, orders, after, results);
    check_movement(map, before, orders, after, results);
    // The same input gives the same output.
    adjudicate_movement(map, before, orders, again, results_again);
    CHECK(again == after);
    CHECK(results_again == results);
    // One legal order per unit: the order of the list does not matter.
    if ((mode == 0 || mode == 4) && orders.size() > 1) {
      OrderList shuffled = orders;
      for (int i = shuffled.size() - 1; i > 0; --i) {
        int j = rng.below(i + 1);
        Order t = shuffled[i];
        shuffled[i] = shuffled[j];
        shuffled[j] = t;
      }
      adjudicate_movement(map, before, shuffled, again, results_again);
      CHECK(again == after);
    }

    // Retreats of whatever was dislodged.
    after.phase.kind = PhaseKind::Retreat;
    OrderList retreats;
    for (int p = 0; p < map.province_count(); ++p) {
      if (!after.dislodged[p].unit.present() || rng.chance(10)) continue;
      static LegalOrders list;
      legal_orders(map, after, static_cast<ProvinceId>(p), list);
      REQUIRE(!list.empty());
      retreats.push_back(rng.chance(85) ? list[rng.below(list.size())] : garbage(map, rng));
    }
    if (rng.chance(50)) {
      random_orders(map, after, rng, retreats);
      for (const Order& o : retreats) CHECK(check_order(map, after, o) == VoidReason::None);
    }
    adjudicate_retreat(map, after, retreats, retreated, results);
    check_retreat(map, after, retreated, results);

    // Adjustments, with random ownership.
    retreated.phase.kind = PhaseKind::Adjustment;
    update_colony_owners(map, retreated);
    OrderList adjustments;
    for (int w = 0; w < map.power_count(); ++w) {
      static LegalOrders list;
      legal_adjustments(map, retreated, static_cast<PowerId>(w), list);
      for (int k = rng.below(6); k > 0 && !list.empty() && !adjustments.full(); --k)
        adjustments.push_back(rng.chance(90) ? list[rng.below(list.size())] : garbage(map, rng));
    }
    if (rng.chance(50)) {
      random_orders(map, retreated, rng, adjustments);
      for (const Order& o : adjustments) CHECK(check_order(map, retreated, o) == VoidReason::None);
    }
    adjudicate_adjustment(map, retreated, adjustments, adjusted, results);
    check_adjustment(map, retreated, adjusted, results);
  }
}

TEST_CASE("adjudicator fuzz: random positions and orders keep the invariants (Standard)") {
  fuzz_map(builtin_map("standard"), 1901, 400);
}

TEST_CASE("adjudicator fuzz: random positions and orders keep the invariants (Colonial)") {
  fuzz_map(builtin_map("colonial"), 1870, 400);
}

TEST_CASE("adjudicator fuzz: every fleet convoys every army everywhere on a full board") {
  // The worst case for convoy paradoxes: all seas full of convoying fleets,
  // all coasts full of armies sailing, on both boards.
  for (std::string_view name : {"standard", "colonial"}) {
    const Map& map = builtin_map(name);
    Rng rng(42);
    static Position before, after;
    static PhaseResults results;
    for (int round = 0; round < 60; ++round) {
      set_start_position(map, before);
      before.clear_units();
      for (int p = 0; p < map.province_count(); ++p) {
        const ProvinceInfo& info = map.province(static_cast<ProvinceId>(p));
        const PowerId w = static_cast<PowerId>(rng.below(map.power_count()));
        if (info.kind == ProvinceKind::Sea)
          before.units[p] = Unit{UnitType::Fleet, w, Coast::None};
        else if (info.kind == ProvinceKind::Coast)
          before.units[p] = Unit{UnitType::Army, w, Coast::None};
      }
      OrderList orders;
      convoy_storm(map, before, rng, orders);
      adjudicate_movement(map, before, orders, after, results);
      check_movement(map, before, orders, after, results);
    }
  }
}

// Plants a convoy paradox (DATC 6.F.14 and kin) into a position: army A sails
// by fleet F to a space whose fleet U supports X's attack on F. If the convoy
// works, A cuts the support and F survives; if it fails, F is dislodged. A
// second attacker sometimes makes it Pandin's paradox (6.F.16). Returns false
// if the position has no room for one.
bool plant_paradox(const Map& map, const Position& pos, Rng& rng, bool used[], OrderList& orders) {
  const int n = map.province_count();
  for (int attempt = 0; attempt < 40; ++attempt) {
    const ProvinceId f = static_cast<ProvinceId>(rng.below(n));
    if (used[f] || pos.units[f].type != UnitType::Fleet || map.province(f).kind != ProvinceKind::Sea) continue;
    ProvinceId a = kNoProvince, d = kNoProvince, x = kNoProvince, y = kNoProvince;
    for (int k = 0; k < n && (a == kNoProvince || d == kNoProvince || x == kNoProvince); ++k) {
      const ProvinceId q = static_cast<ProvinceId>((k + rng.below(n)) % n);
      const Unit& u = pos.units[q];
      if (used[q] || q == f || !u.present()) continue;
      const LocationId ql = unit_location(map, q, u);
      if (a == kNoProvince && u.type == UnitType::Army && map.fleet_reaches(f, q))
        a = q;
      else if (d == kNoProvince && u.type == UnitType::Fleet && map.province(q).kind == ProvinceKind::Coast &&
               map.fleet_reaches(f, q))
        d = q;
      else if (x == kNoProvince && u.power != pos.units[f].power && map.unit_reaches(u.type, ql, f))
        x = q;
      else if (y == kNoProvince && u.power != pos.units[f].power && map.unit_reaches(u.type, ql, f))
        y = q;
    }
    if (a == kNoProvince || d == kNoProvince || x == kNoProvince || map.army_adjacent(a, d) ||
        pos.units[a].power == pos.units[d].power)
      continue;
    auto base = [&](ProvinceId p, OrderKind kind) {
      Order o;
      o.kind = kind;
      o.power = pos.units[p].power;
      o.unit = pos.units[p].type;
      o.at = unit_location(map, p, pos.units[p]);
      return o;
    };
    Order o = base(a, OrderKind::Move);
    o.to = d;
    orders.push_back(o);
    o = base(f, OrderKind::Convoy);
    o.other_unit = UnitType::Army;
    o.other_at = a;
    o.to = d;
    orders.push_back(o);
    o = base(d, OrderKind::Support);
    o.other_unit = pos.units[x].type;
    o.other_at = unit_location(map, x, pos.units[x]);
    o.to = f;
    orders.push_back(o);
    o = base(x, OrderKind::Move);
    o.to = f;
    orders.push_back(o);
    used[a] = used[f] = used[d] = used[x] = true;
    if (y != kNoProvince && rng.chance(50)) {
      o = base(y, OrderKind::Move);
      o.to = f;
      orders.push_back(o);
      used[y] = true;
    }
    return true;
  }
  return false;
}

// A crowded position with planted paradoxes, the other units ordered at random.
void paradox_rich(const Map& map, Rng& rng, Position& pos, OrderList& orders) {
  random_position(map, rng, 85, pos);
  orders.clear();
  bool used[kMaxProvinces] = {};
  for (int k = 1 + rng.below(4); k > 0; --k) plant_paradox(map, pos, rng, used, orders);
  OrderList rest;
  random_orders(map, pos, rng, rest);
  for (const Order& o : rest)
    if (!used[map.province_of(o.at)]) orders.push_back(o);
}

// A crowded position with a railroad move (9.2), half the time through an
// army racing it to the next station (the paradox of the ruling; a third of
// the time the railroad power's own army, and the station often a colony of
// another power, as random_position owns most colonies at random), a third
// of the time with one of its own armies moving onto the way (a standoff),
// the other units ordered at random (another railroad order among them
// sometimes: then both hold).
void rail_rich(const Map& map, Rng& rng, Position& pos, OrderList& orders) {
  random_position(map, rng, 60, pos);
  orders.clear();
  if (map.railroad_count() == 0) {
    random_orders(map, pos, rng, orders);
    return;
  }
  const Railroad& line = map.railroad(0);
  const int n = line.stations.size();
  const int from = rng.below(n);
  int to = rng.below(n - 1);
  if (to >= from) ++to;
  const int dir = to > from ? 1 : -1;
  bool used[kMaxProvinces] = {};
  const ProvinceId a = line.stations[from];
  pos.units[a] = Unit{UnitType::Army, line.owner, Coast::None};
  used[a] = true;
  Order o;
  o.kind = OrderKind::RailMove;
  o.power = line.owner;
  o.unit = UnitType::Army;
  o.at = a;
  o.to = line.stations[to];
  orders.push_back(o);
  const int span = (to - from) * dir;
  if (span >= 2 && rng.chance(50)) {
    const int k = from + dir * (1 + rng.below(span - 1));
    const ProvinceId x = line.stations[k];
    // Mostly with a clear line up to it, so that the race takes place.
    for (int j = from + dir; j != k && rng.chance(80); j += dir) pos.units[line.stations[j]] = Unit();
    PowerId w = static_cast<PowerId>(rng.below(map.power_count()));
    if (w == line.owner && rng.chance(50)) w = static_cast<PowerId>((w + 1) % map.power_count());
    pos.units[x] = Unit{UnitType::Army, w, Coast::None};
    used[x] = true;
    o.kind = OrderKind::Move;
    o.power = w;
    o.at = x;
    o.to = line.stations[k + dir];
    orders.push_back(o);
  }
  if (span >= 1 && rng.chance(33)) {
    // One of its own armies moves onto the way from beside the line.
    const ProvinceId x = line.stations[from + dir * (1 + rng.below(span))];
    ProvinceId beside = kNoProvince;
    map.army_neighbours(x).for_each([&](int q) {
      if (!used[q] && map.province(static_cast<ProvinceId>(q)).kind != ProvinceKind::Sea && rng.chance(50))
        beside = static_cast<ProvinceId>(q);
    });
    if (beside != kNoProvince) {
      pos.units[beside] = Unit{UnitType::Army, line.owner, Coast::None};
      used[beside] = true;
      o.kind = OrderKind::Move;
      o.power = line.owner;
      o.at = beside;
      o.to = x;
      orders.push_back(o);
    }
  }
  OrderList rest;
  random_orders(map, pos, rng, rest);
  for (const Order& r : rest)
    if (!used[map.province_of(r.at)]) orders.push_back(r);
}

// The same board with its provinces numbered in another order (province
// lines of the map text shuffled). The adjudicator walks orders by province
// number, so this changes the order in which it meets every cycle; the rules
// - backup rule included - must give the same result.
struct Relabelled {
  Map map;
  LocationId to_b[kMaxLocations + 2];
  LocationId to_a[kMaxLocations + 2];

  void build(const Map& a, std::string_view text, Rng& rng) {
    std::vector<std::string> lines;
    std::string current;
    for (char c : text) {
      if (c == '\n') {
        lines.push_back(current);
        current.clear();
      } else {
        current += c;
      }
    }
    lines.push_back(current);
    std::vector<size_t> slots;
    for (size_t i = 0; i < lines.size(); ++i)
      if (lines[i].rfind("province ", 0) == 0) slots.push_back(i);
    std::vector<std::string> provinces;
    for (size_t i : slots) provinces.push_back(lines[i]);
    for (size_t i = provinces.size() - 1; i > 0; --i)
      std::swap(provinces[i], provinces[rng.below(static_cast<int>(i) + 1)]);
    for (size_t k = 0; k < slots.size(); ++k) lines[slots[k]] = provinces[k];
    std::string shuffled;
    for (const std::string& l : lines) shuffled += l + "\n";
    MapErrors errors;
    REQUIRE(load_map(shuffled, "shuffled.map", map, errors));
    REQUIRE(map.location_count() == a.location_count());
    for (int l = 0; l < kMaxLocations + 2; ++l) to_b[l] = to_a[l] = static_cast<LocationId>(l);
    for (int l = 0; l < a.location_count(); ++l) {
      const LocationId la = static_cast<LocationId>(l);
      ProvinceLookup q = map.find_province(a.province(a.province_of(la)).code);
      REQUIRE(q.status == LookupStatus::Found);
      const LocationId lb = map.location_of(q.province, a.coast_of(la));
      REQUIRE(lb != kNoLocation);
      to_b[l] = lb;
      to_a[lb] = la;
    }
  }
  LocationId b(LocationId l) const { return l == kNoLocation ? l : to_b[l]; }
  LocationId a(LocationId l) const { return l == kNoLocation ? l : to_a[l]; }

  // Provinces are locations below province_count in both numberings.
  void translate(const Map& from, const Position& in, const LocationId* table, Position& out) const {
    out = in;
    out.standoffs.clear();
    for (int p = 0; p < from.province_count(); ++p) {
      const int q = table[p];
      out.units[q] = in.units[p];
      out.dislodged[q] = in.dislodged[p];
      if (in.dislodged[p].attacker_from != kNoProvince)
        out.dislodged[q].attacker_from = table[in.dislodged[p].attacker_from];
      out.owner[q] = in.owner[p];
      if (in.standoffs.test(p)) out.standoffs.set(q);
    }
  }
};

TEST_CASE("adjudicator fuzz: the result does not depend on how provinces are numbered") {
  for (std::string_view name : {"standard", "colonial"}) {
    CAPTURE(name);
    const Map& map = builtin_map(name);
    Rng rng(name == "standard" ? 7u : 11u);
    static Relabelled other[2];
    Relabelled& r = other[name == "standard" ? 0 : 1];
    r.build(map, builtin_map_text(name), rng);
    static Position before, before_b, after, after_b, back;
    static PhaseResults results, results_b;
    for (int round = 0; round < 600; ++round) {
      CAPTURE(round);
      random_position(map, rng, 40 + rng.below(50), before);
      // The rulebook's readings of 6.245 and 7.4353 now and then.
      before.rules.convoy_all_routes = round % 7 == 0;
      before.rules.no_retreat_to_convoy_origin = round % 11 == 0;
      OrderList orders, orders_b;
      if (round % 5 == 0)
        convoy_storm(map, before, rng, orders);
      else if (round % 5 == 1)
        random_orders(map, before, rng, orders);
      else if (round % 5 == 4)
        rail_rich(map, rng, before, orders);
      else
        paradox_rich(map, rng, before, orders);
      for (Order o : orders) {
        o.at = r.b(o.at);
        o.to = r.b(o.to);
        o.other_at = r.b(o.other_at);
        orders_b.push_back(o);
      }
      r.translate(map, before, r.to_b, before_b);
      adjudicate_movement(map, before, orders, after, results);
      adjudicate_movement(r.map, before_b, orders_b, after_b, results_b);
      r.translate(r.map, after_b, r.to_a, back);
      CHECK(back == after);
      for (int i = 0; i < orders.size(); ++i) {
        CAPTURE(i);
        CHECK(results.results[i].outcome == results_b.results[i].outcome);
        CHECK(results.results[i].dislodged == results_b.results[i].dislodged);
      }
    }
  }
}

// The railroad's paradoxes and races with the army's own units and colonies
// of another power on the line (the cases of colonial_tsr.txt): the same
// answer under many numberings of the provinces.
TEST_CASE("adjudicator fuzz: railroad races give one answer under every numbering") {
  const Map& map = builtin_map("colonial");
  struct Race {
    const char* name;
    const char* china_owns;  // a colony on the line China owns, or ""
    const char* racer;       // power of the army racing from Omsk to Krasnoyarsk
    const char* rail_to;
    const char* ends_at;  // where the railing army ends
  };
  const Race races[] = {
      {"TSR.44: a foreign army races it", "", "China", "kra", "prm"},
      {"TSR.55: its own army races it", "", "Russia", "kra", "prm"},
      {"TSR.56: its own army races it through a foreign-owned colony", "oms", "Russia", "irk", "prm"},
      {"a foreign army races it out of a foreign-owned colony", "oms", "China", "irk", "oms"},
  };
  Rng rng(23);
  static Relabelled other;
  static Position before_b, after, after_b, back;
  static PhaseResults results, results_b;
  for (const Race& race : races) {
    const std::string_view name = race.name;
    CAPTURE(name);
    Board b(map);
    b.pos.owner[b.prov("mos")] = b.pos.owner[b.prov("oms")] = b.pos.owner[b.prov("vla")] = b.power("Russia");
    if (*race.china_owns) b.pos.owner[b.prov(race.china_owns)] = b.power("China");
    b.put("Russia", 'A', "mos");
    b.put(race.racer, 'A', "oms");
    Order rail = b.base("Russia", 'A', "mos", OrderKind::RailMove);
    rail.to = b.loc(race.rail_to);
    b.add(rail);
    b.move(race.racer, 'A', "oms", "kra");
    b.resolve(after, results);
    CHECK(has_unit(b, after, "Russia", 'A', race.ends_at));
    for (int round = 0; round < 12; ++round) {
      other.build(map, builtin_map_text("colonial"), rng);
      OrderList orders_b;
      for (Order o : b.orders) {
        o.at = other.b(o.at);
        o.to = other.b(o.to);
        orders_b.push_back(o);
      }
      other.translate(map, b.pos, other.to_b, before_b);
      adjudicate_movement(other.map, before_b, orders_b, after_b, results_b);
      other.translate(other.map, after_b, other.to_a, back);
      CHECK(back == after);
    }
  }
}

}  // namespace
}  // namespace colonial::test::adjudicator_fuzz_test
