#include "table_host.h"

#include <optional>

#include "gm_page.h"
#include "notation.h"
#include "phrases.h"
#include "report.h"

namespace colonial::server {

int phase_serial(const Game& game) { return game.history_size() + game.archived_count() + game.branch_count(); }

u32 asked_powers(const Game& game) {
  u32 asked = 0;
  if (game.over()) return 0;
  for (PowerId p = 0; p < game.map().power_count(); ++p)
    if (game.is_playing(p) && game.has_choice(p)) asked |= u32{1} << p;
  return asked;
}

namespace {

// The last phase played (not an edit of the position), or -1.
int last_played(const Game& game) {
  for (int i = game.history_size() - 1; i >= 0; --i)
    if (!game.history(i).edit) return i;
  return -1;
}

// The history index on the table's screen whose phase the game master is
// sent (GET phase), or -1.
int shown_phase(const Game& game, const TableControls& table) {
  const TableScreen screen = table.screen();
  const int shown = table.shown();
  if ((screen == TableScreen::Results || screen == TableScreen::History) && shown >= 0 && shown < game.history_size())
    return shown;
  return -1;
}

// The table's sentences in this thread's phrases.
TableTexts write_texts(const Game& game, int shown, bool without_asking, const std::string& language) {
  const Map& map = game.map();
  TableTexts t;
  t.language = language;
  if (game.history_size() > 0)
    for (const OrderResult& r : game.history(game.history_size() - 1).results.results) {
      ResultText line;
      describe_result(map, r, OrderStyle::Judge, line);  // "Britain: A del - pun"
      t.last_results += std::string(line.view()) + "\n";
    }
  SentenceText said;
  if (without_asking) {
    append_phrase(said, Phrase::ResultNobodyAsked);
    t.last_results += std::string(said.view()) + "\n";
  }
  // The tablet's results of that phase say it too.
  if (shown >= 0) t.shown_json = phase_json(game, shown, shown == game.history_size() - 1 ? said.view() : "");
  if (!game.over() && game.phase().kind == PhaseKind::Adjustment)
    for (PowerId p = 0; p < map.power_count(); ++p) {
      ResultText note;
      describe_adjustment(game, p, note);
      t.adjustments[p] = std::string(note.view());
    }
  if (game.over()) {
    SentenceText end;
    describe_game_end(map, game.result(), end);
    t.ending = std::string(end.view());
  }
  return t;
}

// A scored game's points once it is over; null otherwise.
std::shared_ptr<const TableScores> game_scores(const Game& game) {
  if (!game.over() || !game.settings().scored) return nullptr;
  auto scores = std::make_shared<TableScores>();
  if (!score_finished_game(game, scores->input, scores->sheet)) return nullptr;
  scores->system = game.settings().scoring;
  for (int i = 0; i < scores->input.players.size(); ++i)
    scores->names[i] = std::string(scored_player_name(game, scores->input.players[i].powers));
  return scores;
}

// What the game master's tablet alone is sent.
void add_table(const Game& game, const TableControls& table, TableView& v) {
  v.computer = v.asked & game.settings().computer_powers;
  v.screen = table.screen();
  v.shown = table.shown();
  v.clock_running = table.clock_running();
  v.timer_limit = v.over ? 0 : game.settings().timer_seconds[static_cast<int>(game.phase().kind)];
  v.history_size = game.history_size();
  v.branches = game.branch_count();
  const int undo = last_played(game);
  v.can_roll_back = undo >= 0;
  if (undo >= 0) v.rollback_phase = game.history(undo).position.phase;
}

TableView view_without_texts(const Game& game, const TableControls& table) {
  const Map& map = game.map();
  TableView v;
  v.serial = phase_serial(game);
  v.position = game.position();
  v.asked = asked_powers(game);
  v.done = table.done() & v.asked;
  for (const Order& o : game.pending_orders())
    if (o.power < map.power_count()) v.orders[o.power].push_back(o);
  v.draw_votes = game.draw_votes();
  v.surrenders = game.pending_surrenders();
  v.over = game.over();
  v.seconds_left = table.seconds_left();
  v.played = game.history_size() > 0;
  if (v.played) v.last_played = game.history(game.history_size() - 1).position.phase;
  add_table(game, table, v);
  return v;
}

// Power p's orders, DRAW and SURRENDER, replacing what it had handed in.
SubmissionResult take_orders(Game& game, PowerId p, const OrderList& orders, const ConditionList& conditions, bool draw,
                             bool surrender) {
  if (!game.submit(p, orders)) return {400, ReplyId::OrdersNotTaken};
  game.vote_draw(p, draw);
  game.hand_in_surrender(p, surrender);
  if (game.phase().kind == PhaseKind::Movement && !game.submit_conditions(p, conditions))
    return {400, ReplyId::TooManyConditionals};
  Reply saved(CountedReplyId::OrdersSaved, orders.size());
  if (!conditions.empty()) saved.then(", ", Reply(CountedReplyId::ConditionalsSaved, conditions.size()));
  return {0, saved};
}

// An order sheet: every power it names gets its orders from it, as if each
// had handed them in, and is marked done (the app's sheet does the same).
SubmissionResult take_sheet(Game& game, TableControls& table, const Submission& s) {
  const u32 asked = asked_powers(game);
  if (s.powers & ~asked) return {409, Reply(ReplyId::NoOrdersFor).powers(s.powers & ~asked)};
  // The sheet was read against this position, so the game takes each
  // power's orders as read.
  for (PowerId p = 0; p < game.map().power_count(); ++p) {
    if (!((s.powers >> p) & 1u)) continue;
    OrderList mine;
    for (const Order& o : s.orders)
      if (o.power == p) mine.push_back(o);
    ConditionList planned;
    for (const Condition& c : s.conditions)
      if (c.power == p) planned.push_back(c);
    SubmissionResult r = take_orders(game, p, mine, planned, (s.draws >> p) & 1u, (s.surrenders >> p) & 1u);
    if (r.status != 0) return r;
    table.set_done(p, true);
  }
  return {0, Reply(ReplyId::OrdersTakenFor).powers(s.powers)};
}

SubmissionResult play(TableControls& table, const Submission& s) {
  if (table.screen() != TableScreen::Orders)
    return {409, table.screen() == TableScreen::Over ? ReplyId::GameIsOver : ReplyId::NotTakingOrders};
  const u32 waiting = table.waited_for() & ~table.done();
  if (waiting && !s.anyway) {
    SubmissionResult ask{409, Reply(ReplyId::PlayQuestion).then("\n", Reply(ReplyId::NotDonePowers).powers(waiting))};
    ask.question = true;
    return ask;
  }
  table.play();
  return {0, ReplyId::Played};
}

SubmissionResult roll_back(Game& game, TableControls& table) {
  if (table.screen() == TableScreen::Computer) return {409, ReplyId::ComputerChoosing};
  const int index = last_played(game);
  if (index < 0) return {409, ReplyId::NothingToRollBack};
  FixedString<160> why;
  if (!game.rollback(index, why)) return {409, Reply(ReplyId::CannotGoBack).text(why.c_str())};
  table.game_changed();
  return {0, Reply(ReplyId::BackTo).phase(game.phase()).number(game.branch_count())};
}

SubmissionResult step(const Game& game, TableControls& table, const Submission& s) {
  switch (s.kind) {
    case Submission::Kind::Next:
      if (table.screen() != TableScreen::Results) return {409, ReplyId::NoResults};
      table.next();
      return {0, Reply(ReplyId::Now).phase(game.phase())};
    case Submission::Kind::History:
      if (s.history >= game.history_size()) return {400, Reply(ReplyId::NoSuchPhase).number(s.history + 1)};
      if (s.history < 0 && table.screen() != TableScreen::History) return {409, ReplyId::HistoryNotOpen};
      if (s.history >= 0 && (table.screen() == TableScreen::Computer || game.history_size() == 0))
        return {409, ReplyId::NoHistoryNow};
      table.show_history(s.history);
      return {0, s.history < 0 ? Reply(ReplyId::BackToGame) : Reply(ReplyId::PhaseNumber).number(s.history + 1)};
    default: return {400, ReplyId::UnknownRequest};
  }
}

SubmissionResult clock(TableControls& table, const Submission& s) {
  if (table.seconds_left() < 0) return {409, ReplyId::NoTimer};
  table.clock(s.clock);
  return {0, table.clock_running() ? ReplyId::ClockRunning : ReplyId::ClockStopped};
}

}  // namespace

std::shared_ptr<const std::vector<TableTexts>> TableSentences::get(const Game& game, const TableControls& table,
                                                                   const std::vector<PadLanguage>& languages) {
  const Key key{phase_serial(game), shown_phase(game, table), game.over(), table.last_played_without_asking(),
                languages.size()};
  if (texts_ && key == key_) return texts_;
  auto texts = std::make_shared<std::vector<TableTexts>>();
  for (const PadLanguage& l : languages) {
    std::optional<PhrasesInUse> scope;
    if (l.phrases) scope.emplace(*l.phrases);
    texts->push_back(write_texts(game, key.shown, key.without_asking, l.code));
  }
  if (languages.empty()) texts->push_back(write_texts(game, key.shown, key.without_asking, {}));
  key_ = key;
  texts_ = std::move(texts);
  scores_ = game_scores(game);
  return texts_;
}

TableView table_view(const Game& game, const TableControls& table, TableSentences& sentences,
                     const std::vector<PadLanguage>& languages) {
  TableView v = view_without_texts(game, table);
  v.texts = sentences.get(game, table, languages);
  v.scores = sentences.scores();
  return v;
}

TableView table_view(const Game& game, const TableControls& table) {
  TableSentences once;
  return table_view(game, table, once, {});
}

bool changes_record(const Submission& s) {
  using K = Submission::Kind;
  return s.kind == K::Orders || s.kind == K::Clear || s.kind == K::Sheet || s.kind == K::Play ||
         s.kind == K::Rollback || s.kind == K::Clock;
}

SubmissionResult apply_submission(Game& game, TableControls& table, const Submission& s) {
  using K = Submission::Kind;
  if (s.serial != phase_serial(game)) return {409, ReplyId::Stale};
  switch (s.kind) {
    case K::Sheet: return take_sheet(game, table, s);
    case K::Play: return play(table, s);
    case K::Rollback: return roll_back(game, table);
    case K::Next:
    case K::History: return step(game, table, s);
    case K::Clock: return clock(table, s);
    default: break;
  }
  if (game.over() || !(asked_powers(game) >> s.power & 1u)) return {409, ReplyId::NoOrdersNow};
  switch (s.kind) {
    case K::Orders: return take_orders(game, s.power, s.orders, s.conditions, s.draw, s.surrender);
    case K::Clear:
      game.clear_orders(s.power);
      game.vote_draw(s.power, false);
      game.hand_in_surrender(s.power, false);
      return {0, ReplyId::AllTakenBack};
    case K::Done: table.set_done(s.power, true); return {0, ReplyId::Done};
    case K::NotDone: table.set_done(s.power, false); return {0, ReplyId::NotDone};
    default: return {400, ReplyId::UnknownRequest};
  }
}

}  // namespace colonial::server
