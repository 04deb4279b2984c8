// Our own DAIDE client, for testing the server: it joins, learns the map
// from the MDF, and plays whole games with simple random orders drawn from
// what the MDF says is adjacent; or it misbehaves as a plan says (silent,
// leaving and coming back with IAM, sending malformed and out-of-turn
// messages and checking the answers, waiving every build, spinning). It
// knows nothing of the engine: only tokens, as any client would.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "representation.h"
#include "wire.h"

namespace colonial::daide::testing {

enum class Misbehaviour {
  None,       // plays every phase
  Silent,     // joins and never orders
  Partial,    // orders one unit each movement phase, never all of them
  Garbage,    // each movement phase: malformed and out-of-turn messages first, answers checked
  WaiveOnly,  // orders as usual, but waives every build
  Spin,       // stops reading at the first movement phase and keeps a core busy
};

struct ClientPlan {
  Misbehaviour misbehaviour = Misbehaviour::None;
  int leave_after = 0;  // disconnect after ordering this many movement phases (0: never)
  std::string name = "ColonialTestClient";
  std::string version = "1";
  std::uint64_t seed = 1;
  // Rejoin as this power with this passcode (IAM) instead of NME.
  std::string rejoin_power;
  int rejoin_passcode = 0;
};

struct SeenUnit {
  Token power = 0;
  bool fleet = false;
  Token province = 0;
  Token coast = 0;               // 0: none
  std::vector<Tokens> retreats;  // MRT places, each as tokens
  bool dislodged = false;
};

class TestClient {
 public:
  explicit TestClient(ClientPlan plan);
  // What to send when connected: the IM, then NME (or IAM).
  Bytes opening() const;
  // Bytes from the server; what to send back goes to `out`.
  void receive(const std::uint8_t* bytes, std::size_t count, Bytes& out);
  // The server said OFF or sent an EM: the client leaves.
  bool done() const { return done_; }
  // The plan says to disconnect now.
  bool leaving() const { return leaving_; }
  // Spin mode reached the phase where it stops reading.
  bool spinning() const { return spinning_; }
  // After the spin: reads and plays again (this phase's orders are late).
  void stop_spinning() {
    spinning_ = false;
    plan_.misbehaviour = Misbehaviour::None;
  }
  // After leaving: plays again once back (IAM).
  void come_back() {
    leaving_ = false;
    plan_.leave_after = 0;
  }
  // The IAM for coming back on a new connection.
  Bytes rejoin() const;

  const std::vector<std::string>& problems() const { return problems_; }
  const std::string& power() const { return power_; }
  int passcode() const { return passcode_; }
  int movement_phases_ordered() const { return ordered_; }
  int rejected_orders() const { return rejected_; }
  int waives_sent() const { return waives_; }
  bool saw_end() const { return saw_end_; }
  const std::string& last_error() const { return error_; }
  std::vector<std::string> log;  // the messages, as text (kept short)

 private:
  void message(const Tokens& t, Bytes& out);
  void on_now(const Tokens& t, Bytes& out);
  void on_hello(const Tokens& t);
  void on_centres(const Tokens& t);
  void expect(Token first, Token note = 0) { expected_.push_back({first, note}); }
  bool check_expected(const Tokens& t);
  void send(const Tokens& t, Bytes& out) const;
  Tokens tokens(const std::string& text) const;
  void misbehave(Bytes& out);
  void movement_orders(Builder& sub);
  void retreat_orders(Builder& sub);
  void adjustment_orders(Builder& sub);
  void put_unit(Builder& b, const SeenUnit& u) const;
  int below(int n);

  ClientPlan plan_;
  TokenNames names_;
  MapDefinition map_;
  std::string map_name_;
  std::string power_;
  int passcode_ = 0;
  Tokens turn_;  // ( SEASON YEAR ) of the latest NOW
  std::vector<SeenUnit> units_;
  std::map<std::string, std::string> owner_;  // centre -> power
  struct Expected {
    Token first;
    Token note;
  };
  std::deque<Expected> expected_;
  std::vector<std::string> problems_;
  FrameReader reader_;
  std::uint64_t random_;
  bool got_representation_ = false;
  bool done_ = false, leaving_ = false, spinning_ = false, saw_end_ = false;
  int ordered_ = 0, rejected_ = 0, waives_ = 0;
  std::string error_;
};

}  // namespace colonial::daide::testing
