// What every host of the order server does with its Game, the same in the
// app and in `colonial-judge serve`: build what the phones and the game
// master's tablet may see, and apply what they send (orders, DRAW,
// SURRENDER, Done; the game master's sheet, timer, play, history and
// rollback). What only the host knows - who is done, its phase timer, its
// screen, how it plays a phase - it answers through TableControls: the
// app's turn flow (game/app/phones) or the judge's HeadlessTable.
#pragma once

#include "game.h"
#include "order_server.h"

namespace colonial::server {

// The phase a page was drawn for: changes whenever a phase is played, the
// position is edited or phases are rolled back (the phases played, those
// kept in branches, and the branches, together, only ever grow), so a page
// from before any of these is refused as stale.
int phase_serial(const Game& game);

// Powers with a decision in the current phase (Game::has_choice).
u32 asked_powers(const Game& game);

// The table's side of a host.
class TableControls {
 public:
  virtual ~TableControls() = default;
  // Powers that said Done in this phase; Done or Not done for power p.
  virtual u32 done() const = 0;
  virtual void set_done(PowerId p, bool done) = 0;
  // Powers the phase waits for (asked, not the computer's seats).
  virtual u32 waited_for() const = 0;
  virtual TableScreen screen() const = 0;
  virtual int shown() const = 0;  // Results, History: the history index on the screen
  // The phase timer: seconds left (-1 untimed); running or stopped.
  virtual int seconds_left() const = 0;
  virtual bool clock_running() const = 0;
  virtual void clock(Submission::ClockAction action) = 0;
  // Plays the phase with the orders handed in (missing orders hold): the
  // results, or the computer's seats first.
  virtual void play() = 0;
  // From the results to the next phase.
  virtual void next() = 0;
  // The history at phase `index`; -1: back to where the table was.
  virtual void show_history(int index) = 0;
  // The game went back (a rollback): its phase begins again, nobody done.
  virtual void game_changed() = 0;
  // The last phase played was one in which nobody had a choice (a retreat
  // with nowhere to go, an adjustment with nothing to choose), played at
  // once without asking anyone: its results say so.
  virtual bool last_played_without_asking() const = 0;
};

// The table's sentences (TableTexts) in each language a server offers,
// written on the host's thread with each language's phrase book (no
// gettext), and written again only when a phase is played, the position
// changes or the table's screen shows another phase: not on each of the
// host's publishes. It keeps one set, of one TableTexts per language, and
// the scores of a scored game over (scores(), after get()).
class TableSentences {
 public:
  std::shared_ptr<const std::vector<TableTexts>> get(const Game& game, const TableControls& table,
                                                     const std::vector<PadLanguage>& languages);
  // The game's points as get() last found it: null unless it is over and scored.
  std::shared_ptr<const TableScores> scores() const { return scores_; }

 private:
  struct Key {
    int serial = -1;
    int shown = -1;
    bool over = false;
    bool without_asking = false;
    std::size_t languages = 0;
    bool operator==(const Key&) const = default;
  };
  Key key_;
  std::shared_ptr<const std::vector<TableTexts>> texts_;
  std::shared_ptr<const TableScores> scores_;
};

// The view of `game` for the phones and the game master, its sentences in
// every language `languages` offers (OrderServer::languages), kept by
// `sentences` between views.
TableView table_view(const Game& game, const TableControls& table, TableSentences& sentences,
                     const std::vector<PadLanguage>& languages);
// The same with the sentences in the host's phrases alone, written anew.
TableView table_view(const Game& game, const TableControls& table);

// Applies a phone's or the game master's submission to the game and the
// table (nothing else: the caller saves). Refuses, changing nothing, a
// submission for another phase (409), orders from a power with no orders
// to give, a play with powers not done unless `anyway` (409 with the
// question), a step the screen does not allow (409). A new set of orders
// keeps a power's Done as it was; an order sheet marks its powers done.
SubmissionResult apply_submission(Game& game, TableControls& table, const Submission& s);

// Whether a submission changed the record (orders, a phase played or
// rolled back): the host saves before it answers.
bool changes_record(const Submission& s);

}  // namespace colonial::server
