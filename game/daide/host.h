// A DAIDE game host: one Game played by DAIDE clients, without the network.
// Bytes come in from each client (receive), bytes to send are taken out
// (take_output), and time passes by tick(); the socket server (server.h),
// the tests and the fuzzer drive it the same way. Nothing here blocks or
// trusts a byte: a structural error ends that connection with an EM, a
// language error is answered with PRN, HUH or REJ as the DAIDE syntax says,
// and nothing else changes.
//
// The game starts when every seat is taken: each power still playing that
// is not played here (HostOptions::local_powers) by a client that sent NME
// and accepted the map. Then each phase: SCO and NOW (and TME), SUB
// answered with THX per order and MIS; the phase is processed when every
// connected player owing orders has a full set (and has not said NOT GOF),
// or at its deadline (a player that let the previous deadline pass without
// ordering anything is not waited for until it orders again), when the missing orders are NMRs (units hold,
// retreats disband, builds are waived, removals follow the rules). A
// client that disconnects leaves its power in civil disorder (CCD to the
// others, it gives no orders) until a client takes it back with IAM and
// the passcode of the HLO. The game ends as the Game says: a solo (SLO),
// a draw all survivors voted for with DRW, or the last year (DRW: the
// survivors share it); then SMR and OFF. No press: the game is level 0,
// and press is answered HUH with ERR before the SND.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "game.h"
#include "representation.h"
#include "wire.h"

namespace colonial::daide {

struct HostOptions {
  int deadline_seconds = 60;  // each phase; 0: none (the game waits for every order)
  int first_message_seconds = 30;
  u32 local_powers = 0;  // bit p: power p is played here, not by a client
  std::string local_name = "Colonial";
  std::string local_version = "1";
  u64 seed = 1;  // the passcodes
};

using ClientId = int;

class Host {
 public:
  Host(Map& map, Game& game, const HostOptions& options);

  // --- the transport
  ClientId connect(double now);
  void receive(ClientId id, const std::uint8_t* bytes, std::size_t count, double now);
  void disconnected(ClientId id, double now);
  // The bytes to send to the client (taken), and whether the host is done
  // with it: close the connection once they are sent.
  Bytes take_output(ClientId id);
  bool wants_close(ClientId id) const;

  // --- time
  void tick(double now);
  // Seconds from `now` until the host has something to do by itself.
  double next_due(double now) const;

  // --- the game
  bool started() const { return started_; }
  // The game is over and every client has been told (OFF).
  bool finished() const { return finished_; }
  // Orders of a power played here, asked for at the start of each phase it
  // has something to order in.
  std::function<void(PowerId, OrderList&)> play_local;
  // After each phase is processed (save the record).
  std::function<void()> on_phase;
  // What happens, a line at a time (joins, civil disorder, phases).
  std::function<void(const std::string&)> log;
  // Ends the game now (a tournament's time limit): OFF to everyone.
  void close_all();
  const Representation& representation() const { return rep_; }
  // The name each power's client gave (NME), for the record and summaries.
  const std::string& player_name(PowerId p) const { return seats_[p].name; }
  // Phases processed at the deadline with orders missing, and the powers
  // missing them each time (NMRs).
  int missed_orders(PowerId p) const { return seats_[p].missed; }

 private:
  struct Client {
    bool open = true;
    bool close_after_output = false;
    bool initial_received = false;
    double connected_at = 0;
    FrameReader reader;
    Bytes out;
    enum class Role { None, Player, Observer } role = Role::None;
    PowerId power = kNoPower;
    bool map_accepted = false;
    bool no_go_ahead = false;  // NOT (GOF)
    std::string name, version;
    std::vector<int> reminders;  // TME (seconds) asked for
    std::vector<int> reminded;   // this phase's reminders sent
  };
  struct PendingOrder {
    Order order;
    Tokens text;  // as submitted (for NOT (SUB (order)))
  };
  struct Seat {
    ClientId client = -1;
    bool civil_disorder = false;
    int passcode = 0;
    std::string name, version;
    std::vector<PendingOrder> orders;
    int missed = 0;
    // Let the last deadline pass without a single order: not waited for
    // until it orders again (a bot stuck in a loop holds up nobody).
    bool lapsed = false;
    bool ordered = false;  // sent a SUB this phase
  };

  // connections (host.cpp)
  void frame(ClientId id, const Frame& f, double now);
  void message(ClientId id, const Tokens& t, double now);
  void protocol_error(ClientId id, ProtocolError e);
  void send(ClientId id, const Tokens& t);
  void send_all(const Tokens& t);
  void reply(ClientId id, Token yes_or_rej, const Tokens& t);
  void drop(ClientId id, double now);
  bool joined(ClientId id) const;
  // joining (host_join.cpp)
  void on_name(ClientId id, const Tokens& t, bool observer);
  void on_i_am(ClientId id, const Tokens& t);
  void on_yes(ClientId id, const Tokens& t, double now);
  void maybe_start(double now);
  void take_seats();
  Tokens hello(PowerId p) const;
  // the phases (host_game.cpp)
  void begin_phase(double now);
  // Processes phases while every order is in.
  void advance(double now);
  void process(double now);
  void announce_results(const Position& before);
  void announce_end();
  bool ready() const;
  Tokens now_message() const;
  Tokens centres_message() const;
  Tokens summary_message() const;
  Tokens missing_message(PowerId p) const;
  int missing_count(PowerId p) const;
  bool has_order_for(PowerId p, ProvinceId where) const;
  int deadline_of(PhaseKind kind) const;
  void remind(double now);
  // orders (host_orders.cpp)
  void on_submit(ClientId id, const Tokens& t, double now);
  bool accept_order(PowerId p, const Tokens& text, Order order, Token& note);
  void on_not(ClientId id, const Tokens& t, double now);
  void hand_in(PowerId p);
  bool owes_orders(PowerId p) const;
  void on_request(ClientId id, const Tokens& t, double now);
  void on_go_ahead(ClientId id, const Tokens& t, double now);
  void on_draw(ClientId id, const Tokens& t);
  void on_time(ClientId id, const Tokens& t);
  void on_summary(ClientId id, const Tokens& t);
  bool playing(ClientId id) const;

  Map& map_;
  Game& game_;
  HostOptions options_;
  Representation rep_;
  std::vector<Client> clients_;
  Seat seats_[kMaxPowers];
  bool started_ = false, finished_ = false;
  double deadline_at_ = 0;  // 0: none
  double last_now_ = 0;     // the latest time the transport gave
  Phase phase_;             // of deadline_at_
  std::vector<Tokens> last_results_;
  Tokens last_centres_;
};

}  // namespace colonial::daide
