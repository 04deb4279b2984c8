// The order server: each player's phone as a secret order pad over the
// club's Wi-Fi, served by the app (companion and kiosk modes) or headless by
// `colonial-judge serve`. No internet and no accounts: a seat's URL carries
// its secret (seats.h). The API is described in docs/ORDER-SERVER.md.
//
// Threads: HTTP requests are answered on the server's own threads; the
// game belongs to its host (the app's main loop, the judge's loop). The host
// publishes what the phones may see (publish) and applies what they send
// (apply_submissions, from its own thread): a request that changes orders
// waits until its host has applied it and saved the record, so an answer of
// 200 means the orders are on disk. The server never touches the Game.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "conditions.h"
#include "game.h"
#include "map.h"
#include "pad_words.h"
#include "replies.h"
#include "seats.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace colonial::server {

// Where the table's screen is; the game master's tablet shows the same.
enum class TableScreen : u8 {
  Orders = 0,  // orders are being given for the current phase
  Results,     // the results of the phase just played (TableView::shown)
  History,     // a phase played earlier (TableView::shown)
  Computer,    // the computer's seats are choosing their orders
  Over,        // the game is over
};
const char* table_screen_name(TableScreen s);  // "orders", "results"... (the GM's JSON)

// The table's sentences in one language: the results, the phase on the
// table's screen, the adjustments and the ending, written with that
// language's phrases on the host's thread (TableSentences, table_host.h).
struct TableTexts {
  std::string language;                 // its code ("fr"; "" for the host's phrases)
  std::string last_results;             // the last phase's results, a line per order (public once adjudicated)
  std::string shown_json;               // the phase shown, as `GET phase` sends it (phase_json)
  std::string ending;                   // the game is over: how it ended
  std::string adjustments[kMaxPowers];  // adjustment phases: each power's "Build 2", "Disband 1"
};

// A scored game's points at its end, by the scoring system announced for
// it (engine/scoring.h): public, like the board.
struct TableScores {
  ScoringSystem system = ScoringSystem::CentreCount;
  ScoreInput input;               // the players: their powers, colonies, the solo's winner or the draw's members
  ScoreSheet sheet;               // their points, in the order of input.players
  std::string names[kMaxPowers];  // each player's name as typed for the game ("" when none was)
};

// What the phones may see of the table, published by the host after every
// change. Never another power's pending orders: each power's own orders are
// kept here for its seat alone; the game master's seat sees them all.
struct TableView {
  int serial = 0;  // changes whenever the phase moves on (a stale page is refused): phase_serial()
  Position position;
  u32 asked = 0;                 // powers with orders to give in this phase
  u32 done = 0;                  // powers that said Done
  OrderList orders[kMaxPowers];  // each power's pending orders, for its own seat only
  u32 draw_votes = 0;            // pending: each seat sees its own vote only
  u32 surrenders = 0;            // pending: each seat sees its own only
  bool over = false;
  bool played = false;    // a phase was played: its results are public (TableTexts::last_results)
  Phase last_played{};    // that phase (each request names it in its language)
  int seconds_left = -1;  // the phase timer, -1 when untimed
  // The sentences in each language the server offers, in its order (one,
  // in the host's phrases, when it offers none): shared, since every
  // request copies the view.
  std::shared_ptr<const std::vector<TableTexts>> texts;
  // The game's points once it is over, when it is scored (null otherwise).
  std::shared_ptr<const TableScores> scores;

  // For the game master's seat alone.
  u32 computer = 0;                          // asked powers the computer plays (not waited for)
  TableScreen screen = TableScreen::Orders;  // what the table's screen shows
  int shown = -1;                            // Results, History: the history index shown (TableTexts::shown_json)
  bool clock_running = true;                 // false: the game master stopped the phase timer
  int timer_limit = 0;                       // the phase timer's whole time in seconds (0 untimed)
  int history_size = 0;                      // phases played
  int branches = 0;                          // lines kept by rollbacks
  bool can_roll_back = false;                // a phase played can be played again:
  Phase rollback_phase{};                    // this one
};

// The sentences of `view` in `language`: the first ones (the table's
// language) when the view has none in it or `language` is null.
const TableTexts& texts_in(const TableView& view, const PadLanguage* language);

// A change a phone or the game master asks for, applied by the host.
struct Submission {
  enum class Kind : u8 {
    Orders,  // `power`'s orders replaced
    Clear,   // `power`'s orders taken back
    Done,
    NotDone,
    // The game master's alone:
    Sheet,     // an order sheet: each power in `powers` gets its orders from it and is marked done
    Clock,     // the phase timer: `clock`
    Play,      // play the phase now (`anyway`: with powers not done)
    Next,      // from the results to the next phase
    History,   // show phase `history` (-1: back to the game)
    Rollback,  // play the last phase again; the line undone is kept as a branch
  };
  enum class ClockAction : u8 { Start, Pause, Reset };
  Kind kind = Kind::Orders;
  PowerId power = kNoPower;
  int serial = 0;  // the phase the page saw
  OrderList orders;
  ConditionList conditions;  // conditional retreats and builds (movement phases)
  bool draw = false;         // DRAW handed in with the orders
  bool surrender = false;    // SURRENDER handed in with the orders (secret until adjudicated)
  u32 powers = 0;            // Sheet: the powers it gives orders for
  u32 draws = 0;             // Sheet: the powers that wrote DRAW
  u32 surrenders = 0;        // Sheet: ... SURRENDER
  ClockAction clock = ClockAction::Start;
  bool anyway = false;
  int history = -1;
};

// The host's answer: 0 = applied and saved; otherwise an HTTP status and a
// sentence for the player (nothing was changed), written in the player's
// language by the request's thread. `question`: the game master is asked
// first (playing with powers not done).
struct SubmissionResult {
  int status = 0;
  Reply message;
  bool question = false;
};

struct ServerOptions {
  std::string listen = "127.0.0.1";  // the address to bind ("0.0.0.0": every interface)
  int port = 0;                      // 0: any free port
  std::string url_host;              // host name or address written in URLs (default: found)
  std::string web_dir;               // the pad's page and the board art (assets/web); empty: found
  std::string art_dir;               // the generated board art (colonial_web_*); empty: none
  std::string app_dir;               // the whole app for the browser (./scripts/web's build-web/site), served
                                     // at /app/; empty: not served (find_web_app finds the usual copies)
  int wait_for_host_ms = 5000;       // how long a request waits for the host to apply it
  int wrong_secrets_allowed = 10;    // per address and minute; then 429 until the minute is over
};

// The folder of the app built for the browser to serve at /app/ (with its
// trailing slash): the installed copy (assets/web-app), else the one
// ./scripts/web made beside this program's source tree; empty when there is
// none.
std::string find_web_app();

class OrderServer {
 public:
  OrderServer(const Map& map, Seats& seats);
  ~OrderServer();
  OrderServer(const OrderServer&) = delete;
  OrderServer& operator=(const OrderServer&) = delete;

  // Binds and starts answering on a thread of its own. False with `error`
  // (the address or port is taken, the page's files are missing...).
  bool start(const ServerOptions& options, std::string& error);
  void stop();
  bool running() const { return running_; }
  // -1 after a start() that could not listen: the caller's own options
  // choose another port or address.
  int port() const { return port_; }

  // Power p's URL ("http://192.168.1.20:8080/s/<secret>/").
  std::string url(PowerId p) const;
  // The game master's URL ("http://192.168.1.20:8080/gm/<secret>/"); it
  // answers only while the seat is on (Seats::gm_on).
  std::string gm_url() const;
  // The whole app for a tablet's browser ("http://192.168.1.20:8080/app/");
  // empty when this server was started without it (ServerOptions::app_dir).
  std::string app_url() const;

  // Host thread: what the phones see from now on.
  void publish(const TableView& view);

  // Host thread: applies every waiting submission with `apply` (which must
  // save the record before returning 0), publishes `view()` of the changed
  // table, then answers the phones (so a page drawn after an answer shows
  // the change). Returns how many were applied. `wait_ms` > 0 waits that
  // long for the first one.
  int apply_submissions(const std::function<SubmissionResult(const Submission&)>& apply,
                        const std::function<TableView()>& view, int wait_ms = 0);

  // Called on a request's thread when a submission waits for the host, so
  // a host asleep in its event loop wakes at once (the app's window).
  void set_wake(std::function<void()> wake);

  // Before start: the languages a phone's page may speak, the table's first
  // (pad_words.h); each phone gets the one its browser asks for. None:
  // English.
  void set_languages(std::vector<PadLanguage> languages) { languages_ = std::move(languages); }
  // What the host writes the table's sentences in (TableSentences).
  const std::vector<PadLanguage>& languages() const { return languages_; }

  // Counters for the table's screen and the tests.
  struct Counters {
    long requests = 0;
    long refused_secret = 0;  // 403
    long throttled = 0;       // 429
    long submissions = 0;
  };
  Counters counters() const;

 private:
  struct Pending;
  void routes();
  void web_app_routes();
  void gm_routes();
  // A request's secret: power p's (authorise) or the game master's
  // (authorise_gm). Otherwise 403, or 429 after too many wrong ones.
  bool authorise(const httplib::Request& req, httplib::Response& res, PowerId& power);
  bool authorise_gm(const httplib::Request& req, httplib::Response& res);
  bool throttled(const httplib::Request& req, httplib::Response& res);
  void refuse_secret(const httplib::Request& req, httplib::Response& res);
  TableView view() const;
  void handle_post_orders(const httplib::Request& req, httplib::Response& res, PowerId power, bool form);
  // The language a request's phone asks for (null: English).
  const PadLanguage* language_of(const httplib::Request& req) const;
  void handle_submission(const Submission& s, httplib::Response& res, const PadLanguage* language);
  // A plain-text answer: the reply in the request's language.
  void reply(const httplib::Request& req, httplib::Response& res, int status, const Reply& reply) const;
  SubmissionResult submit(const Submission& s);
  // The game master's routes (gm_routes): what a request asks, as a
  // Submission, or an error to answer (nothing changed).
  void handle_gm_post(const httplib::Request& req, httplib::Response& res, const std::string& what);
  bool gm_submission(const httplib::Request& req, const std::string& what, const TableView& view, Submission& s,
                     SubmissionResult& refused);
  bool gm_command(const std::string& what, const std::string& command, Submission& s, SubmissionResult& refused);
  void handle_gm_sheet(const httplib::Request& req, httplib::Response& res, const TableView& view);
  std::string gm_state(const TableView& view, const std::string& since, const PadLanguage* language);
  void serve_file(const std::string& dir, const std::string& name, const char* type, const httplib::Request& req,
                  httplib::Response& res);

  const Map& map_;
  Seats& seats_;
  ServerOptions options_;
  std::unique_ptr<httplib::Server> http_;
  std::thread thread_;
  std::atomic<bool> running_{false};
  std::atomic<bool> listener_ended_{false};  // the listening thread has left httplib's loop
  int port_ = 0;
  std::string url_host_;
  std::vector<PadLanguage> languages_;  // set before start, read by the request threads
  std::string gm_template_;             // gm.html, read by start

  mutable std::mutex view_mutex_;
  TableView view_;

  std::function<void()> wake_;
  // The game master's state: the last one sent in each language and its
  // version (one per language offered: a French tablet's polls do not make
  // a German one's state look new).
  std::mutex gm_mutex_;
  struct GmSent {
    std::string body;
    long version = 0;
  };
  std::vector<GmSent> gm_sent_;
  long gm_versions_ = 0;

  std::mutex queue_mutex_;
  std::condition_variable queue_cv_;  // a submission arrived (host side)
  std::condition_variable done_cv_;   // a submission was applied (phone side)
  std::deque<std::shared_ptr<Pending>> queue_;

  mutable std::mutex stats_mutex_;
  Counters counters_;
  struct Strikes {
    int count = 0;
    std::chrono::steady_clock::time_point first;
  };
  std::map<std::string, Strikes> strikes_;  // bad secrets by remote address
};

}  // namespace colonial::server
