// Our computer player as a DAIDE client: it joins a DAIDE server (NME),
// learns the board from the server's MDF and recognises it as one of the
// maps it is given (the Standard and Colonial boards as our server sends
// them; any other is refused with HUH), rebuilds each phase's position
// from NOW and SCO, and hands in the engine bot's orders (SUB) through
// movement, retreat and adjustment phases until the game ends (SLO or DRW,
// then OFF) or the server goes.
//
// BotClient is the protocol alone (bytes in, bytes out, no socket, no
// clock of its own) so that tests drive it against a Host in-process;
// run_client (client.cpp) puts it on a TCP connection, searches in a
// thread of its own so that the connection is served meanwhile, and hands
// in the quick orders of the easy level instead when the search would
// miss the phase's deadline.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bot.h"
#include "map.h"
#include "position.h"
#include "representation.h"
#include "wire.h"

namespace colonial::daide {

// How a client's game ended, for its exit line and code.
enum class ClientEnding {
  Playing,        // not ended yet
  GameOver,       // SLO or DRW, then OFF or the connection closed: exit 0
  UnknownMap,     // an MDF that is none of our maps (detail: the map's name)
  BadMap,         // an MDF or RM we could not read (detail: why)
  Refused,        // REJ (NME): no seat for us (full, or the game under way)
  WrongPower,     // the server gave another power than --power (detail: given, asked)
  PowerTaken,     // --power asked with a passcode and refused (detail: the power)
  EndedMidGame,   // OFF before SLO or DRW (detail: the phase)
  Closed,         // the connection closed before the game ended
  ProtocolError,  // an EM from the server (detail: its code)
  Silent,         // nothing from the server for the silence bound (detail: seconds)
  ConnectFailed,  // no connection (detail: why)
};

// What the client tells its user as it plays (the command words them).
enum class ClientNote {
  Joined,         // accepted the map (detail: map name)
  Playing,        // HLO: the power we play (detail)
  OrdersSent,     // detail: the turn and how many orders
  OrderRefused,   // THX with a note other than MBV (detail: the message)
  Unreadable,     // a message or frame we could not read, ignored (detail)
  LateSearch,     // the search missed the deadline: the quick orders went in (detail: the turn)
  GameEnded,      // SLO or DRW (detail: the message)
  ServerProblem,  // HUH, PRN or REJ from the server (detail: the message)
};

struct ClientOptions {
  std::string name = "Colonial";
  std::string version = "1";
  BotLevel level = BotLevel::Normal;
  std::string power;  // three letters or a map's power name; empty: any
  int passcode = 0;   // with power: rejoin that power (IAM) instead of NME
  u64 seed = 1;
  // The boards the client can play (their options and set-ups are tried
  // until one gives the server's MDF). Each stays changed to the one found.
  std::vector<Map*> maps;
};

// A decision to make: the position as the client rebuilt it.
struct DecisionJob {
  int serial = 0;  // phases received so far
  Position position;
  PowerId power = kNoPower;
  double deadline_seconds = 0;  // after the NOW (0: none given)
};

class BotClient {
 public:
  explicit BotClient(ClientOptions options);
  // The IM and the NME (or, to rejoin, the IM alone: IAM follows the RM).
  Bytes opening() const;
  // Bytes from the server; replies go to `out`.
  void receive(const std::uint8_t* bytes, std::size_t count, Bytes& out);
  // The connection closed (by the server or the network).
  void closed();

  // A phase to decide (true once per NOW that needs orders from us).
  bool take_job(DecisionJob& job);
  // The job's orders: written and sent as SUB when the job is still the
  // current phase's (false: it was not, nothing sent).
  bool hand_in(const DecisionJob& job, const OrderList& orders, Bytes& out);
  int current_serial() const { return serial_; }
  BotLevel level() const { return options_.level; }
  u64 seed() const { return options_.seed; }
  const Map* map() const { return map_; }

  ClientEnding ending() const { return ending_; }
  bool done() const { return ending_ != ClientEnding::Playing; }
  const std::string& detail() const { return detail_; }
  const std::string& power_name() const { return power_; }
  // The HLO's passcode: what IAM needs to take the seat back.
  int passcode() const { return passcode_; }
  // The limit of each phase kind from HLO (0: none).
  int time_limit(PhaseKind kind) const { return limits_[static_cast<int>(kind)]; }
  // Longest wait between the server's messages that is still normal: the
  // longest phase limit, or none (0).
  int longest_limit() const;

  std::function<void(ClientNote, const std::string&)> note;

 private:
  void frame(const Frame& f, Bytes& out);
  void message(const Tokens& t, Bytes& out);
  void send(const Tokens& t, Bytes& out) const;
  void end(ClientEnding e, const std::string& detail);
  void on_map_definition(const Tokens& t, Bytes& out);
  bool match_map(const Tokens& mdf);
  void on_hello(const Tokens& t, Bytes& out);
  void on_centres(const Tokens& t);
  void on_now(const Tokens& t, Bytes& out);
  bool read_turn(const Tokens& turn, Phase& out);
  void unreadable(const Tokens& t, std::size_t at, Bytes& out);
  void tell(ClientNote n, const std::string& detail) const {
    if (note) note(n, detail);
  }

  ClientOptions options_;
  FrameReader reader_;
  TokenNames names_;
  Bytes representation_;
  bool got_representation_ = false;
  std::string map_name_;
  Map* map_ = nullptr;
  std::unique_ptr<Representation> rep_;
  std::string power_;
  PowerId me_ = kNoPower;
  int passcode_ = 0;
  bool rejoined_ = false;
  int limits_[3] = {0, 0, 0};
  PowerId owner_[kMaxProvinces];
  bool have_centres_ = false;
  bool seasons_calendar_ = false;  // the game runs on Spring and Fall (the turns told us)
  // The latest NOW's position, and each dislodged unit's retreats.
  std::unique_ptr<Position> position_;
  std::vector<std::vector<LocationId>> retreats_;  // by province
  Tokens turn_;
  int serial_ = 0;
  bool job_ready_ = false;
  bool game_ended_ = false;
  ClientEnding ending_ = ClientEnding::Playing;
  std::string detail_;
};

// Plays as a DAIDE client at HOST:PORT until the game ends or something
// fails: connects (within connect_seconds), and gives up when the server
// sends nothing for `silence_seconds` more than the longest phase limit.
struct ClientRun {
  std::string host = "127.0.0.1";
  std::string port = "16713";
  double connect_seconds = 10;
  double silence_seconds = 120;
  // The decision of a phase, in the search's thread: by default the
  // engine's bot at the client's level (tests put a slow one here to see
  // the deadline kept).
  std::function<void(const Map&, const DecisionJob&, OrderList&)> search;
};
ClientEnding run_client(const ClientRun& run, BotClient& client, std::string& detail);

}  // namespace colonial::daide
