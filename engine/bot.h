// Computer players: orders for any power in any phase, on any map the
// engine loads.
//
// The heuristic (every level) follows the classic no-press baseline, David
// Norman's DumbBot, in ideas only: each province gets a value for this
// power (colonies it could take, weighted by how strong their owner is;
// its own colonies by the danger they are in), spread to the provinces
// near it so that a unit is drawn towards colonies a few moves away; then
// every unit goes where the value is highest, units that cannot improve on
// a move of their own support one, fleets carry armies across one sea, the
// railroad and the canal are used like any other move. Retreats go to the
// best space; builds go where the value for their kind of unit is highest,
// disbands take the units that stand where the value is lowest. Hong Kong
// is never worth anything to China (rule 9.1) because the value counts
// only colonies that count for the power.
//
// Every level searches in movement phases: several order sets of this
// power (the heuristic with noise) are each adjudicated against several
// guesses of the others' orders, and the set with the best mean outcome is
// played. The guesses are sampled: each other power's heuristic with
// noise, valuing colonies our way or DumbBot's way (a colony worth the
// square of its owner's size, so the leader draws every attack) in turn;
// never anything they handed in. Easy tries 12 sets against 6 guesses;
// normal 24 against 16 and then changes one unit's order at a time while
// that does better; hard 32 against 16, three such passes, and before a
// phase whose colonies are not counted it plays the best few sets on
// through the next movement phase (everyone on their heuristic) and keeps
// the one that ends best (a two-phase look ahead).
//
// Deterministic: the same position, power, level and seed give the same
// orders. Nothing here allocates: a Bot is large (its scratch lists), so
// keep it in static storage or allocate it once at start-up, one per
// thread that decides.
#pragma once

#include <string_view>

#include "adjudicator.h"
#include "bot_level.h"
#include "bot_model.h"
#include "fixed.h"
#include "legal.h"
#include "order.h"
#include "position.h"

namespace colonial {

class Game;
class Map;

// How much a level searches: order sets of its own tried, guesses of the
// others' orders each is tried against, and passes over its units trying
// each unit's other orders in the best set.
struct BotSearch {
  int candidates = 1;
  int guesses = 0;
  int improve_passes = 0;
  // The guesses drawn from the model of DumbBot (bot_model.h) rather than
  // from our heuristic; then half the candidates are the model's own
  // choices for this power.
  bool model_guesses = false;
  // The best few order sets (and the improved one) played on to the end of
  // the year against the first guesses, everyone then playing the model,
  // and scored by the colonies held when it ends.
  int year_candidates = 0;
  int year_guesses = 0;
  // A winter's builds or disbands: the heuristic's and up to this many of
  // the model's, played on to the next year's end against year_guesses
  // draws of the others' adjustments.
  int adjustment_options = 0;
  // After that, one pass over the units: each other order a unit could
  // give replaces its order when the set does better played on to the end
  // of the year against this many of the same draws.
  int year_improve_guesses = 0;
};
BotSearch bot_search(BotLevel level);

// What the others are guessed to do in a preview (Bot::preview).
enum class PreviewGuess : u8 { OthersHold = 0, ComputerGuess };

class Bot {
 public:
  // Orders of `power` for the phase of `pos`, in `out` (cleared first):
  // movement: an order for every unit (and SC orders for a canal it
  // holds); retreat: a retreat or disband of each dislodged unit;
  // adjustment: the builds (or disbands) due, or none. Empty when the
  // power has nothing to order. Every order is legal in `pos`.
  void decide(const Map& map, const Position& pos, PowerId power, BotLevel level, u64 seed, OrderList& out);
  // Adjudications the last decide() made (its search).
  int adjudications() const { return adjudications_; }

  // What if: `mine` (orders of `power`) adjudicated against a guess of the
  // others' orders - their units holding, or the easy heuristic's orders
  // for each of them - into `after` and `results` as adjudicate_movement
  // writes them. Only the position is read: nothing anyone handed in can
  // reach the guess. False (nothing written) outside a movement phase.
  bool preview(const Map& map, const Position& pos, PowerId power, const OrderList& mine, PreviewGuess guess,
               Position& after, PhaseResults& results);

  // The heuristic's orders for one power (the search's candidates and
  // guesses are this with noise): `noise` 0 is the plain heuristic, up to
  // 100 for much randomness.
  void heuristic(const Map& map, const Position& pos, PowerId power, int noise, Random& random, OrderList& out);

 private:
  void count_reach(const Map& map, const Position& pos, PowerId power);
  int colony_value(const Position& pos, PowerId power, PowerId owner, ProvinceId p, const int* colonies,
                   bool model) const;
  void value_provinces(const Map& map, const Position& pos, PowerId power, bool model);
  void spread(const Map& map, const int* base, UnitType type, int* out);
  int value_at(const Map& map, UnitType type, LocationId l) const;
  void movement(const Map& map, const Position& pos, PowerId power, int noise, Random& random, OrderList& out);
  void list_units(const Map& map, const Position& pos, PowerId power, int noise, Random& random);
  void choose_destinations(const Map& map, const Position& pos, PowerId power, int noise, Random& random);
  void stay_behind_friends(const Position& pos, PowerId power);
  void add_supports(const Map& map, const Position& pos, PowerId power);
  int support_value(const Map& map, const Position& pos, PowerId power, const Order& o) const;
  void add_convoys(const Map& map, const Position& pos, PowerId power);
  bool try_convoy(const Map& map, const Position& pos, PowerId power, ProvinceId fleet, ProvinceId army);
  void write_orders(const Map& map, const Position& pos, PowerId power, OrderList& out);
  void retreats(const Map& map, const Position& pos, PowerId power, OrderList& out);
  void adjustments(const Map& map, const Position& pos, PowerId power, OrderList& out);
  void search(const Map& map, const Position& pos, PowerId power, BotLevel level, Random& random, OrderList& out);
  int score(const Map& map, const Position& before, const Position& after, PowerId power) const;
  void styled_heuristic(const Map& map, const Position& pos, PowerId power, int noise, Random& random, OrderList& out,
                        bool model);
  // The summed score of `mine` against the first `guesses` guesses.
  void make_guesses(const Map& map, const Position& pos, PowerId power, int guesses, Random& random);
  void sample_guesses(const Map& map, const Position& pos, PowerId power, int guesses, Random& random);
  static bool worth_trying(const Map& map, const Position& pos, PowerId power, const Order& current, const Order& o);
  bool improve(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power, int guesses,
               OrderList& out, std::int64_t& best_total, bool by_year = false);
  void choose_by_year(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power,
                      const BotSearch& plan, int candidates, Random& random, OrderList& out);
  std::int64_t year_total(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power,
                          const OrderList& mine, int guesses);
  std::int64_t play_year(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power,
                         const OrderList& mine, int guess, Random& random);
  void choose_adjustment(const Map& map, const Position& pos, PowerId power, int options, int guesses, Random& random,
                         OrderList& out);
  std::int64_t play_winter(const Map& map, const Position& pos, PowerId power, const OrderList& mine, Random& random);
  // The draws of the look ahead's guess g: the same for every order set
  // compared, so that they differ only by their orders.
  Random year_stream(int g) const { return Random{year_seed_ + static_cast<u64>(g) * 0x9E3779B97F4A7C15ull}; }
  void settle_retreats(const Map& map, Position& pos, DumbBotModel& model, Random& random);
  void next_phase(const Map& map, Position& pos) const;
  void play_model_phase(const Map& map, Position& pos, Random& random);
  int year_score(const Map& map, const Position& end, PowerId power) const;
  int counted_score(const Map& map, const Position& before, const Position& after, PowerId power) const;
  std::int64_t try_against_guesses(const Map& map, const Position& pos, const PositionFacts& facts, PowerId power,
                                   const OrderList& mine, int guesses);

  // Values of the current decision's power, by province: for an army
  // standing there, for a fleet standing there.
  int army_value_[kMaxProvinces] = {};
  int fleet_value_[kMaxProvinces] = {};
  int base_[kMaxProvinces] = {};
  int threat_[kMaxProvinces] = {};
  int reach_[kMaxPowers][kMaxProvinces] = {};
  int scratch_[2][kMaxProvinces] = {};
  LegalOrders legal_;
  // The movement heuristic's working lists (movement and its steps).
  struct MovementPlan {
    ProvinceId mine[kMaxProvinces];  // our units, in the order they choose
    int count = 0;
    Order chosen[kMaxProvinces];  // by province
    int chosen_value[kMaxProvinces];
    ProvinceSet claimed;               // where a unit of ours will stand (moving there or staying)
    ProvinceId target[kMaxProvinces];  // where each unit goes (its own province if it stays)
    bool rail_used = false;
  };
  MovementPlan plan_;
  // The search's order sets: this power's candidates, the others' guesses.
  static constexpr int kMaxCandidates = 48;
  static constexpr int kMaxGuesses = 24;
  OrderList candidates_[kMaxCandidates];
  OrderList guesses_[kMaxGuesses];
  OrderList combined_, trial_, rollout_orders_;
  std::int64_t totals_[kMaxCandidates] = {};
  Position after_, next_;
  PhaseResults results_;
  int adjudications_ = 0;
  DumbBotModel model_;          // prepared for the position decided
  DumbBotModel rollout_model_;  // for the positions the look ahead reaches
  Position end_, retreated_;
  OrderList retreat_orders_, power_orders_;
  u64 year_seed_ = 0;
  bool count_scores_ = false;  // the search's scores are counted_score's (a counting phase, hard)
};

// The computer's seats of a game (GameSettings::computer_powers): each that
// has a choice in the current phase and has handed in nothing gets the
// bot's orders at its level, submitted. Returns the powers it played.
u32 play_computer_powers(Game& game, Bot& bot, u64 seed);

}  // namespace colonial
