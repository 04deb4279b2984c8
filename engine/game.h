// A whole game: settings, the current position, the orders being collected,
// every phase played, and how the game ended.
//
// This is the one place that knows the sequence of phases (rule 4.3 and the
// calendars), when colonies change hands (8.2), who has a choice to make in a
// retreat or adjustment phase, and when the game is over (4.2 and the club
// house rules: DRAW, SURRENDER). The adjudicator resolves a single phase; the
// app, the CLI judge and the game record all drive a Game.
//
// A Game is large (its history holds every phase); keep it in static storage
// or allocate it once at start-up. Nothing in it allocates.
#pragma once

#include <optional>
#include <string_view>

#include "adjudicator.h"
#include "bot_level.h"
#include "conditions.h"
#include "fixed.h"
#include "order.h"
#include "position.h"
#include "scoring.h"

namespace colonial {

class Map;

inline constexpr int kMaxHistory = 512;  // phases kept (100 years of Seasons fit)

// How a game may end (4.2 and the house rules).
enum class VictoryLength : u8 { Short = 16, Standard = 24, Long = 30 };

// What decides the winner when the game is ended before anyone has won: the
// most colonies (rule 4.2: "the player with the largest number of colonies
// is the winner") or the most units (the club: "After the two month limit is
// reached, the player with the most units wins").
enum class EndMeasure : u8 { Colonies = 0, Units };

// How the game ends apart from the time and turn limits.
// Rule1995 (4.2 and the club's house rules): the first to reach the
// colonies needed wins alone (two reaching it together with equal counts:
// nobody has won yet); a draw is voted by every remaining player and shared
// by them. EraOfEmpire ("Object of the game"): of two or more reaching it
// in the same year the one with more supply centres wins, equal ones share
// the victory; a draw includes all survivors (DIAS): every player still
// owning a supply centre votes for it and shares it.
enum class Endings : u8 { Rule1995 = 0, EraOfEmpire };

struct GameSettings {
  RuleOptions rules;          // calendar, Colonial rules, board edition
  int victory_colonies = 24;  // 16 / 24 / 30 (4.2); the judges play 30; Era of Empire 22
  Endings endings = Endings::Rule1995;
  int last_year = 0;  // turn limit: the game ends after this year (0 = none)
  // A secret end year, as face-to-face tournaments play: drawn from
  // [secret_end_first, secret_end_last] when the game is set up
  // (draw_secret_end_year), kept in the record, shown to nobody until the
  // game ends after it (a turn limit). 0: none.
  int secret_end_first = 0, secret_end_last = 0;
  int secret_end_year = 0;
  // Who wins when time runs out (end_by_time_limit) or the turn limit is
  // reached; the club preset counts units.
  EndMeasure time_limit_measure = EndMeasure::Colonies;
  // Powers nobody plays (section 12: fewer players) hold every turn and never
  // build; they are out of draws and surrenders.
  u32 unplayed_powers = 0;  // bit p = power p is unplayed
  // Powers the computer plays (engine/bot.h), at computer_level[p]: their
  // orders are made when the people's are in (the app, the judge's
  // adjudicate), never shown before the results.
  u32 computer_powers = 0;
  BotLevel computer_level[kMaxPowers] = {};
  // Phase timers in seconds for movement, retreat and adjustment phases
  // (0 = untimed). The app runs the clock; when it runs out, missing orders
  // hold.
  u16 timer_seconds[3] = {0, 0, 0};
  // Who plays each power (free text, may be empty).
  FixedString<24> player_names[kMaxPowers];
  // The table the game is played at (a kiosk keeps several; free text, may
  // be empty).
  FixedString<24> table_name;
  // The scoring system the club announced for the game (engine/scoring.h),
  // when it is scored.
  bool scored = false;
  ScoringSystem scoring = ScoringSystem::CentreCount;
  bool operator==(const GameSettings&) const = default;
};

enum class GameEnd : u8 {
  None = 0,
  Victory,         // a power reached the colonies needed, or all others surrendered
  Draw,            // all remaining players voted DRAW (shared among them)
  Agreement,       // ended by the players; the power with the most colonies wins
  TurnLimit,       // the last year was played; the most colonies (or units) wins
  AllSurrendered,  // every player surrendered: a tie
  TimeLimit,       // the game master ended it when time ran out: most units or colonies
};

// Powers commanded by one player (RuleOptions::player_of) count together
// for every ending: their colonies for victory and the limits, their votes
// for a draw. A result names powers: one winning power in `winner`, or
// every power of the winning player(s) in `sharing`.

struct GameResult {
  GameEnd end = GameEnd::None;
  PowerId winner = kNoPower;  // the one winner (none when shared)
  // Draw: bit p = power p shares the draw. Victory, Agreement, TurnLimit,
  // TimeLimit: the powers of the winning player when it commands several,
  // or of the players tied for the most, who share the win (ties shared).
  u32 sharing = 0;
  EndMeasure measure = EndMeasure::Colonies;  // Agreement, TurnLimit, TimeLimit: what was counted
  bool operator==(const GameResult&) const = default;
};

// One phase as played: the position before it and what happened.
struct PhaseRecord {
  Position position;
  PhaseResults results;
  u32 draw_votes = 0;  // bit p = power p voted DRAW with these orders
  u32 surrenders = 0;  // bit p = power p had surrendered by the end of the phase
  // Movement phases: the conditional retreats and adjustments handed in.
  ConditionList conditions;
  // Retreat and adjustment phases: conditional orders no longer possible
  // when the phase began (results carry the ones used: OrderResult::conditional).
  SkippedOrders skipped;
  // A game master's correction of the position (Game::apply_edit), not a
  // phase played: `position` is the position before it, the next record
  // (or the current phase) the position it made, `surrenders` the powers in
  // civil disorder after it. No results.
  bool edit = false;
  bool operator==(const PhaseRecord&) const = default;
  // Makes this the record of a phase about to be played from `before`, as
  // a new PhaseRecord would be, without rewriting the unused room of its
  // lists (a Game reuses its history's slots).
  void begin(const Position& before) {
    position = before;
    results.phase = before.phase;
    results.results.clear();
    draw_votes = surrenders = 0;
    conditions.clear();
    skipped.clear();
    edit = false;
  }
};

// A line of play abandoned by a rollback (Game::rollback), kept so that it
// is never lost and can be restored: its phases from `fork` on (the history
// index where it leaves the line now played) and the phase it had reached.
struct Branch {
  int fork = 0;   // its first phase stood at this history index
  int first = 0;  // its phases are Game::archived(first) .. archived(first + count - 1)
  int count = 0;
  Position position;  // the phase it had reached, with what was handed in
  OrderList pending;
  u32 draw_votes = 0;
  u32 surrendered = 0;
  u32 surrender_pending = 0;
  GameResult result;
  bool operator==(const Branch&) const = default;
};
inline constexpr int kMaxBranches = 16;
inline constexpr int kMaxArchivedPhases = 64;  // phases of all branches together

class Game {
 public:
  // Starts a game on `map` (which must outlive the Game) from the map's start
  // position under `settings`. The map's options and set-up are set to the
  // settings' board edition and set-up.
  void start(Map& map, const GameSettings& settings);
  // Starts from a given position (a record, a test, a DATC case).
  void start_from(Map& map, const GameSettings& settings, const Position& position);

  const Map& map() const { return *map_; }
  const GameSettings& settings() const { return settings_; }
  const Position& position() const { return position_; }
  // What the current position's orders are judged by (its convoy waters,
  // its units, what each power owes): for random_orders and the computer
  // players, shared with the adjudicator.
  const PositionFacts& facts() const {
    if (!facts_.facts) facts_.facts.emplace(*map_, position_);
    return *facts_.facts;
  }
  const Phase& phase() const { return position_.phase; }
  const GameResult& result() const { return result_; }
  bool over() const { return result_.end != GameEnd::None; }

  // --- who plays
  bool is_playing(PowerId p) const;  // not unplayed, not surrendered, has units or colonies
  bool surrendered(PowerId p) const { return (surrendered_ >> p) & 1u; }
  // True if p has a decision to make in the current phase: any unit in a
  // movement phase; a dislodged unit with a choice of retreats; builds with a
  // free place to build, disbands with more units than it must lose, or
  // (conversion rule) a unit it could convert. Powers without a choice are
  // skipped by pass-and-play; their outcome is forced.
  bool has_choice(PowerId p) const;
  // Builds (> 0) or disbands (< 0) p makes in this adjustment phase: what it
  // is due, limited to its free home colonies for builds (its free centres
  // under conscription).
  int adjustment_due(PowerId p) const;

  // --- orders for the current phase. Each power's orders replace what it had
  // submitted before (Done may be pressed again). Orders of other powers'
  // units are refused (false).
  bool submit(PowerId power, const OrderList& orders);
  // Submits the orders of every power found in a list of several powers'
  // orders (random_orders, a tournament's opponents), as each player would
  // hand in its own. Orders of no power are left out. False if any power's
  // orders were refused (one no longer playing, say); the others stand. If
  // the pending list could not hold them all, none is taken (false).
  bool submit_each(const OrderList& orders);
  void clear_orders(PowerId power);
  // The orders p has submitted so far this phase.
  int orders_of(PowerId power, OrderList& out) const;
  // Whether p has handed in this phase: orders, or none at all (its units
  // hold, it retreats or builds nothing). Handing in nothing is a choice
  // the record keeps, so a table resumed after a restart does not ask that
  // player again.
  bool handed_in(PowerId power) const;
  // The powers that handed in no orders this phase (the record's
  // "done-without-orders" line).
  u32 done_without_orders() const { return done_without_orders_; }
  const OrderList& pending_orders() const { return pending_; }
  // DRAW, handed in with the orders of this phase; a new submission without
  // it withdraws it (the club: "If any player does not include DRAW with
  // their orders, the vote ... fails"). Votes are kept with the phase's
  // record and shown with its results.
  void vote_draw(PowerId p, bool vote);
  u32 draw_votes() const { return draw_votes_; }
  // SURRENDER handed in secretly with this phase's orders ("by writing
  // SURRENDER when submitting orders secretly"): pending like any order,
  // withdrawable, and in force when the phase is adjudicated - the orders
  // handed in with it are carried out, from then on the power is in civil
  // disorder. `show` and the app keep it hidden until then.
  void hand_in_surrender(PowerId p, bool surrender);
  bool surrender_pending(PowerId p) const { return (surrender_pending_ >> p) & 1u; }
  u32 pending_surrenders() const { return surrender_pending_; }
  // A surrender announced openly at the table, recorded by the game master:
  // in force at once (the power's orders of this phase are dropped).
  void surrender(PowerId p);
  // Hands power p to the computer at `level` (GameSettings::computer_powers),
  // or back to a person. A power in civil disorder handed to the computer is
  // played again, by the computer (the club replaces a player who stopped
  // sending orders). False for no such power or a game that is over.
  bool set_computer(PowerId p, bool computer, BotLevel level);
  // The phase timers in seconds (GameSettings::timer_seconds), as staff or
  // the game master set them during the game (the app starts the current
  // phase's clock again). False when the game is over.
  bool set_timers(const u16 (&seconds)[3]);

  // --- conditional retreats and adjustments (the club's house rules),
  // handed in with the movement orders. Each power's list replaces what it
  // handed in before; false (nothing changed) outside a movement phase, for
  // a power out of the game, for another power's condition, or when the
  // phase holds kMaxPhaseConditions already. Check them first
  // (check_conditions). When the retreat or adjustment phase begins, the
  // matching ones become pending orders of their powers, marked so in the
  // results; a power they leave nothing to decide is not asked (has_choice).
  bool submit_conditions(PowerId p, const ConditionList& mine);
  int conditions_of(PowerId p, ConditionList& out) const;
  // Handed in this movement phase, or carried into its retreat and
  // adjustment phases.
  const ConditionList& conditions() const { return conditions_; }
  // This retreat or adjustment phase: the powers whose pending orders came
  // from their conditions, those left nothing to decide, and the
  // conditional orders no longer possible.
  u32 conditional_powers() const { return conditional_; }
  u32 covered_powers() const { return covered_; }
  const SkippedOrders& skipped_conditions() const { return skipped_; }
  // Seconds of the current phase's timer already used (the app's clock
  // supplies them; the record keeps them so a resumed game goes on with the
  // time left, not a fresh timer). Zero at the start of every phase.
  u32 timer_used() const { return timer_used_; }
  void set_timer_used(u32 seconds) { timer_used_ = seconds; }

  // Resolves the current phase with the orders submitted (missing orders:
  // units hold, retreats disband, adjustments as rule 8.33), records it and
  // moves to the next phase that needs orders. Returns false when the game
  // is already over or the history is full.
  bool adjudicate();

  // Ends the game by agreement of the players (4.2): most colonies wins.
  void end_by_agreement();
  // Ends the game when its time runs out (the club's two-month limit): most
  // units or most colonies wins; powers tied for the most share the win.
  void end_by_time_limit(EndMeasure by);

  // --- history
  int history_size() const { return history_.size(); }
  const PhaseRecord& history(int i) const { return history_[i]; }

  // --- the game master's corrections
  // Replaces the position (units, dislodged units, colony owners, phase)
  // and who is in civil disorder (`surrendered`), as the game master's
  // position editor does: recorded as an edit in the history, so a replay
  // of the record passes through it. Orders, votes and conditionals handed
  // in for the phase are dropped. The caller checks the position first
  // (check_position, engine/setup.h). False when the game is over or the
  // history is full.
  bool apply_edit(const Position& edited, u32 surrendered);

  // Goes back to the start of the phase history(index) to play it again:
  // the phases from there on and the phase in progress are kept as a
  // branch; the orders given in that phase are handed in again, to be
  // corrected. False, with a sentence in `why`, when there is no such
  // phase, the phase is an edit, or the branches are full.
  bool rollback(int index, FixedString<160>& why);
  int branch_count() const { return branches_.size(); }
  const Branch& branch(int b) const { return branches_[b]; }
  const PhaseRecord& archived(int i) const { return archive_[i]; }
  int archived_count() const { return archive_.size(); }
  // Puts branch b back in play: the line played from its fork on becomes a
  // branch in its place. False, with why, when the line played no longer
  // reaches the branch's starting position (restore the branch it left
  // from first) or the branches are full.
  bool restore_branch(int b, FixedString<160>& why);
  // For the record reader: a branch's phases, then the branch (its first
  // and count naming them).
  bool append_archived(const PhaseRecord& record) { return archive_.push_back(record); }
  bool append_branch(const Branch& branch) { return branches_.push_back(branch); }

  // Replaces the current state but not the history (used by the game record
  // when loading: the history is appended first, then the current phase).
  void restore(Map& map, const GameSettings& settings, const Position& position, const GameResult& result,
               u32 surrendered);
  // Sets the orders and draw votes already submitted in the current phase,
  // as a record holds them.
  void restore_pending(const OrderList& orders, u32 draw_votes, u32 pending_surrenders = 0,
                       u32 done_without_orders = 0);
  void restore_conditions(const ConditionList& conditions, u32 conditional, u32 covered, const SkippedOrders& skipped);
  bool append_history(const PhaseRecord& record) { return history_.push_back(record); }
  u32 surrendered_mask() const { return surrendered_; }

 private:
  void advance(const Position& after);
  // Updates the owners of the colonies, ends the game if someone has won,
  // and gives what each power owes (adjustment_counts) from the same count.
  void count_colonies_and_check_victory(Position& pos, int (&due)[kMaxPowers]);
  void check_draw_and_surrender();
  bool counting_turn(const Phase& phase) const;
  Phase next_movement(const Phase& phase) const;
  void finish_by_most(GameEnd how, EndMeasure by);
  u32 player_powers(PowerId p) const;
  int player_count(u32 powers) const;
  u32 most(const Position& pos, u32 counted, EndMeasure by, int& best) const;
  u32 most_of(const int (&count)[kMaxPowers], u32 counted, int& best) const;
  void set_winners(u32 powers);
  void apply_conditions();
  bool needs_adjustment(const Position& pos, const int (&due)[kMaxPowers]) const;
  bool may_convert(const Position& pos, PowerId p) const;
  // Neither unplayed nor surrendered: is_playing but for being on the board.
  bool gives_orders(PowerId p) const;
  u32 remaining_players() const;
  // The powers still on the board (Position::powers_on_board), asked for
  // each order a power submits: worked out again only after the position
  // changes (set_position, or position_changed after a change in place).
  u32 on_board() const {
    if (!on_board_known_) {
      on_board_ = position_.powers_on_board(*map_);
      on_board_known_ = true;
    }
    return on_board_;
  }
  void set_position(const Position& p) {
    position_ = p;
    position_changed();
  }
  void position_changed() {
    on_board_known_ = false;
    facts_.facts.reset();
  }

  Map* map_ = nullptr;
  GameSettings settings_;
  Position position_;
  mutable u32 on_board_ = 0;
  mutable bool on_board_known_ = false;
  // The facts of position_ (facts), made when first asked for. They refer
  // to this game's position: a copy of the game starts without.
  struct FactsOfPosition {
    std::optional<PositionFacts> facts;
    FactsOfPosition() = default;
    FactsOfPosition(const FactsOfPosition&) {}
    FactsOfPosition& operator=(const FactsOfPosition&) {
      facts.reset();
      return *this;
    }
  };
  mutable FactsOfPosition facts_;
  OrderList pending_;
  u32 done_without_orders_ = 0;  // handed in with no orders (never a power with one pending)
  u32 draw_votes_ = 0;
  u32 timer_used_ = 0;
  u32 surrendered_ = 0;
  u32 surrender_pending_ = 0;
  ConditionList conditions_;
  u32 conditional_ = 0;
  u32 covered_ = 0;
  SkippedOrders skipped_;
  GameResult result_;
  FixedVector<PhaseRecord, kMaxHistory> history_;
  FixedVector<Branch, kMaxBranches> branches_;
  FixedVector<PhaseRecord, kMaxArchivedPhases> archive_;

  // The line played from history index `fork` on, as a branch.
  bool archive_line(int fork, FixedString<160>& why);
  void remove_branch(int b);
};

// Draws the secret end year from [first, last] with `random` (any value
// from the caller's random source), and keeps the range: on the 1995
// calendar (s.rules.calendar, set before) first, first + 2, ... only. False, and `s`
// unchanged, when the range is empty or not years (first 1 to 9999).
bool draw_secret_end_year(GameSettings& s, int first, int last, u32 random);

// A new game's settings on `map`: its default board options, its calendar
// and the colonies it names for victory; everything else as GameSettings.
GameSettings map_default_settings(const Map& map);

// Sets the map to the game's board edition and set-up (the map's adjacency
// and home centres answer for them from then on).
void apply_board(Map& map, const RuleOptions& rules);

// The engine's speed as the benchmarks measure it (colonial-judge bench, the
// browser's worker): a whole game of random legal orders (random_orders) on
// `map` with its own rules, to a result or 100 years (random_game_settings),
// played in `game` with `orders` as scratch. Returns the phases played.
GameSettings random_game_settings(const Map& map);
long play_random_game(Map& map, const GameSettings& settings, Random& random, Game& game, OrderList& orders);

// Phase names as the record keeps them, following the calendar: "1870
// Movement", "1872 Adjustment" (1995 rulebook) or "Spring 1901 Movement",
// "Winter 1901 Adjustment" (Seasons).
using PhaseText = FixedString<64>;
void format_phase(const Phase& phase, PhaseText& out);
// The phase as people read it, in the phrases in use ("Spring 1870
// Movement", "Printemps 1870, mouvements"); format_phase is the record's.
void describe_phase(const Phase& phase, PhaseText& out);

// Presets that bundle the options: "ah1995" - the Avalon Hill 1995 rules as
// printed with the errata (1995 calendar, 24 colonies, rules 9.1-9.3 on,
// 9.11 off, the Otaru-Sakhalin bridge); "club" - the house rules at the end
// of the rulebook file (the Vladivostok-Sakhalin bridge only, 24 colonies,
// all optional rules, 9.11 struck, most units wins when time runs out);
// "judges" - the e-mail judges (the Moulmein Convention's bridges, 30 of 58
// colonies, Spring/Fall); "era-of-empire" - the rules of Diplomacy: Era of
// Empire (2025) played on the Colonial board (its own board is not
// published as data): Spring/Fall, conscription, conversion, 22 centres,
// its endings (DIAS) and civil disorder, one player's powers one Major
// Power, and none of Colonial's special rules 9.1-9.3 (it has no railroad
// or canal rule, and Hong Kong counts for everybody). DRAW and SURRENDER
// are always available. Sets the board, the rules, the calendar and the
// colonies needed, and leaves the rest of `out` (players, timers, set-up)
// alone; false (and `out` unchanged) for an unknown name or a map without
// these board options.
struct PresetInfo {
  std::string_view name;         // as the judge's --preset and the record write it
  std::string_view label;        // for a list: "Era of Empire rules"
  std::string_view description;  // one sentence
};
inline constexpr PresetInfo kColonialPresets[] = {
    {"ah1995", "Avalon Hill 1995",
     "The rulebook as printed with its errata: two-year turns from 1870, 24 colonies, the Trans-Siberian "
     "Railroad, the Suez Canal and Hong Kong, the Otaru-Sakhalin bridge."},
    {"club", "Club house rules",
     "The club's rules: the Vladivostok-Sakhalin bridge only, 24 colonies, all optional rules, the most units "
     "wins when time runs out."},
    {"judges", "E-mail judges",
     "As the judges play it: Spring and Fall turns, 30 of 58 colonies, the Moulmein Convention's bridges."},
    {"era-of-empire", "Era of Empire rules",
     "Diplomacy: Era of Empire (2025) on the Colonial board: Spring and Fall turns, builds in any owned "
     "centre, armies and fleets converted in winter, 22 centres to win, a draw includes all survivors."},
};
bool colonial_preset(const Map& map, std::string_view name, GameSettings& out);

// The set-ups of section 12 for 2 to 6 players: which powers each player
// takes (in the rulebook's order), the unplayed powers, and the changes to
// the starting units. `player_count` 7 is the standard game. Returns false for
// an unsupported count or a map without the Colonial powers.
struct PlayerSetup {
  int player_count = 7;
  // powers_of[i] = bit mask of the powers player i commands.
  FixedVector<u32, kMaxPowers> powers_of;
  u32 unplayed = 0;
  // Provinces no unit may enter (12.1: neutral Russia's home country, all of
  // it, as the map's region gives it); copy into GameSettings::rules.closed.
  ProvinceSet closed;
};
bool colonial_player_setup(const Map& map, int player_count, PlayerSetup& setup, Position& start);

}  // namespace colonial
