// ComputerPlayers: the powers the computer plays. While the flow waits for
// them (Screen::Computer: the people's orders are in), their orders are made
// on a worker thread, one power after another, and handed to the flow when
// ready; the screen shows a card with the progress meanwhile. Where there
// are no threads (a browser's page without cross-origin isolation), the
// decisions are made in a Web Worker (bot_worker.cpp) while the page goes
// on drawing; until that worker has answered its first call, or if it
// fails, one power is decided per frame on the screen's thread. The Computer
// players dialog says who plays each power (a person, or the computer at a
// level), and hands a power in civil disorder to the computer.
//
// The same game gives the same computer orders: each decision is seeded by
// the phase. A decision the flow no longer waits for (a seat handed back to
// a person, the game left) is dropped.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

// Threads: everywhere but a browser's page built without them.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define COLONIAL_THREADS 0
#else
#define COLONIAL_THREADS 1
#endif

#include "bot.h"
#include "game.h"
#include "turn_flow.h"

#if !COLONIAL_THREADS
#include <string>
#endif

namespace colonial {

class ComputerPlayers {
 public:
  ComputerPlayers();
  ~ComputerPlayers();
  ComputerPlayers(const ComputerPlayers&) = delete;
  ComputerPlayers& operator=(const ComputerPlayers&) = delete;

  // Each frame: starts the decision the flow waits for, or hands the one
  // made to it. `map` is the game's board, `variant` what it was loaded
  // from (a built-in map's name or a board file, as the record names it).
  void pump(const Map& map, std::string_view variant, const Game& game, TurnFlow& flow);
  // Waits for a decision under way: call before the game or its board changes.
  void stop();
  bool thinking() const { return busy(); }

  // The Computer screen: a card over the dimmed board (below `top`), with
  // the powers deciding and a bar that moves while they think (`now`: the
  // app's clock in seconds).
  void draw_card(const Map& map, const Game& game, const TurnFlow& flow, float top, double now) const;

  // The Computer players dialog. `above` draws what is open over it.
  struct SeatsAnswer {
    bool changed = false;  // a seat changed: the flow is told, the game saved
    bool closed = false;   // Close was pressed
  };
  static SeatsAnswer draw_seats(const Map& map, Game& game, const std::function<void()>& above);

 private:
  void start(const Map& map, std::string_view variant, const Game& game, u32 powers);
  // The next power of the job decided, its orders added; false when none is left.
  bool decide_next();
  bool busy() const;
#if !COLONIAL_THREADS
  // The job's powers posted to the Web Worker; false (nothing posted) when
  // it is not there to take them.
  bool post_to_worker(const Map& map, std::string_view variant);
  // Where the job is decided: in the worker once it has answered its first
  // call, else on the page. False while the choice waits for the worker.
  bool choose_where();
  static void on_reply(char* data, int size, void* arg);
  // The worker (emscripten's handle; -1 when there is none) and, for each
  // power, what its reply belongs to: a reply for a job no longer waited
  // for is dropped.
  int worker_ = -1;
  struct Posted {
    ComputerPlayers* owner = nullptr;
    u32 job = 0;
    PowerId power = 0;
  };
  Posted posted_[kMaxPowers];
  OrderList replies_[kMaxPowers];
  u32 job_id_ = 0;
  int replied_ = 0;
  bool via_worker_ = false;
  bool choosing_ = false;
  double choosing_since_ = 0;  // the page's clock (ms) when the job began
  std::string job_variant_;
  std::string request_;
#endif

  // The bot: large, made once, used by the worker only while it runs.
  std::unique_ptr<Bot> bot_;
#if COLONIAL_THREADS
  std::thread worker_;
#endif
  // The job: its board (null when none is under way), settings, seed, and
  // the next power it looks at.
  const Map* job_board_ = nullptr;
  GameSettings settings_;
  u64 seed_ = 0;
  PowerId next_power_ = 0;
  std::atomic<bool> ready_{false};
  std::atomic<int> made_{0};
  int total_ = 0;
  // The decision under way: the phase (history size) and the powers it is
  // for, the position it reads, and its orders when ready.
  int job_phase_ = -1;
  u32 job_powers_ = 0;
  Position position_;
  OrderList orders_;
};

}  // namespace colonial
