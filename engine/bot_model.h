// A model of the classic no-press baseline, David Norman's DumbBot (2002),
// written by us from its published description and calibrated against the
// orders it gives in our DAIDE games (their records): the hard computer
// player samples the others' orders from it.
//
// The description, in short. A power's size is a*c*c + b*c + k for its c
// centres (the unowned centres count as one more power). Every centre not
// ours is worth its owner's size (attack), every centre of ours the size of
// the largest power with a unit next to it (defence); the two are weighted
// by season into a value of each place a unit can stand, and that value is
// spread along the unit's links ten times (each step the mean of a place
// and its neighbours), the steps weighted (Spring prizes the next step,
// Fall the place itself); our units next to a province add to it, the most
// units one other power has next to it take away. Units, in a random
// order, go to the place worth most among their moves and staying, now and
// then to the next best when it is nearly as good; a unit that would walk
// into a friend that stays, or into a place a friend already goes to,
// supports it instead when the place is contested, or else chooses again;
// a unit that would walk into a friend not yet ordered waits for it; units
// left holding support a contested move or stand of a neighbour. Retreats
// take the best free place, builds the best home centres, disbands the
// units standing where they are worth least. Only the map's ordinary links
// count (no railroad, no canal, no convoys), as a DAIDE client sees it.
//
// No heap, deterministic for a Random's state.
#pragma once

#include "fixed.h"
#include "legal.h"
#include "order.h"
#include "position.h"

namespace colonial {

class Map;

class DumbBotModel {
 public:
  using Value = long long;

  // The model's numbers: the description's, and our reading of what it
  // leaves open (fitted to DumbBot's recorded orders).
  struct Tuning {
    int size_square = 1, size_linear = 4, size_constant = 16;
    int spring_attack = 700, spring_defence = 300;
    int fall_attack = 600, fall_defence = 400;
    int winter_attack = 700, winter_defence = 300;
    int spring_spread[10] = {100, 1000, 30, 10, 6, 5, 4, 3, 2, 1};
    int fall_spread[10] = {1000, 100, 30, 10, 6, 5, 4, 3, 2, 1};
    int winter_spread[10] = {1000, 100, 30, 10, 6, 5, 4, 3, 2, 1};
    int strength = 1000, competition = 1000, winter_defence_weight = 1000;
    // Percent of picks that keep the best option without a look at the
    // next; otherwise the next is taken unless random(100) * |best| falls
    // below `alternative` times the difference.
    int play_best = 50, alternative = 500;
    // The competition at which a friend is supported: one staying, one
    // moving, and by a unit left idle (staying, moving).
    int hold_support = 2, move_support = 1, idle_hold_support = 2, idle_move_support = 1;
    bool count_own_province = true;  // a unit counts as next to its own province
  };
  Tuning tuning;

  // Works out every power's values in `pos` (call before orders() for a new
  // position; orders() of any power then reads them).
  void prepare(const Map& map, const Position& pos);
  // One sample of `power`'s orders for the phase of `pos` (the position
  // prepare() saw), drawn with `random`; with no Random, its most likely
  // orders (the best place every time, units in province order).
  void orders(const Map& map, const Position& pos, PowerId power, Random* random, OrderList& out);
  // What a unit of `type` at `at` is worth to `power` this phase.
  Value value(PowerId power, UnitType type, LocationId at) const { return dest_[node_of(type, at)][power]; }
  // The most units one power other than `power` has next to p.
  int competition(PowerId power, ProvinceId p) const;
  int strength(PowerId power, ProvinceId p) const { return reach_[power][p]; }

 private:
  static constexpr int kNodes = kMaxProvinces + kMaxLocations;
  static constexpr int kMaxLinks = 24;
  static constexpr int kMaxOptions = 32;
  static constexpr int kMaxDefers = 8;
  // A place a unit can stand, as the model sees it: an army on a province
  // (its id), a fleet on a location (kMaxProvinces + its id).
  static int node_of(UnitType type, LocationId at) { return type == UnitType::Army ? at : kMaxProvinces + at; }
  static ProvinceId province_of_node(const Map& map, int node);
  struct Links {
    int count = 0;
    u16 node[kMaxLinks];
    ProvinceId province[kMaxLinks];  // ascending: coasts of one province side by side
  };
  // Options best first (a node, or an index into a list of orders).
  struct Choice {
    int count = 0;
    u16 node[kMaxOptions];
    Value value[kMaxOptions];
    u32 dropped = 0;  // bit i: option i found unacceptable
  };
  struct UnitPlan {
    ProvinceId at = kNoProvince;
    Choice choice;
    Order order;
    bool ordered = false;
    int defers = 0;
  };
  struct SeasonWeightsView {
    int attack, defence;
    const int* spread;
  };

  SeasonWeightsView season(const Position& pos) const;
  void make_links(const Map& map);
  void count_neighbours(const Map& map, const Position& pos);
  int owner_of(const Map& map, const Position& pos, ProvinceId p) const;
  int defence(PowerId power, ProvinceId p) const;
  // Every power's values at once: a node's values of all powers side by
  // side, so that one walk of the links serves them all.
  using Lanes = Value[kMaxPowers];
  void proximity(const Map& map, const Position& pos);
  void spread_step(const Lanes* from, Lanes* to, Value weight);
  static void sort_choice(Choice& c);
  bool take_next(Value cur, Value next, Random& random) const;
  // The first option not dropped, or with a Random, each next one in turn
  // while take_next says so (`upward`: the options are worth more and more,
  // their values stored negated). False when every option was dropped.
  bool pick(const Choice& c, Random* random, int& chosen, bool upward = false) const;
  Order unit_order(const Map& map, const Position& pos, PowerId power, ProvinceId at) const;
  void list_units(const Map& map, const Position& pos, PowerId power, Random* random);
  bool needs_support(PowerId power, ProvinceId p, int threshold) const;
  void support(const Map& map, UnitPlan& u, const UnitPlan& other, ProvinceId into) const;
  int place_unit(const Map& map, PowerId power, int u, Random* random);
  void choose_moves(const Map& map, PowerId power, Random* random);
  void support_idle_units(const Map& map, PowerId power);
  void movement(const Map& map, const Position& pos, PowerId power, Random* random, OrderList& out);
  void retreats(const Map& map, const Position& pos, PowerId power, Random* random, OrderList& out);
  void builds(const Map& map, const Position& pos, PowerId power, int due, Random* random, OrderList& out);
  void removals(const Map& map, const Position& pos, PowerId power, int due, Random* random, OrderList& out);

  Links links_[kNodes];
  const Map* links_map_ = nullptr;  // the map links_ were made for
  u32 links_options_ = 0;
  int links_provinces_ = 0;
  bool valid_[kNodes] = {};
  u16 nodes_[kNodes] = {};  // the valid nodes, ascending
  int node_count_ = 0;
  int size_[kMaxPowers + 1] = {};  // by power; the last is the unowned centres'
  int reach_[kMaxPowers][kMaxProvinces] = {};
  Lanes dest_[kNodes] = {};  // by node, then power
  Lanes spread_[2][kNodes] = {};
  UnitPlan units_[kMaxUnits];
  int unit_count_ = 0;
  int queue_[kMaxUnits] = {};
  int by_province_[kMaxProvinces] = {};  // index in units_ of our unit there, or -1
  int mover_into_[kMaxProvinces] = {};   // index in units_ of our unit moving there, or -1
  LegalOrders legal_;
};

}  // namespace colonial
