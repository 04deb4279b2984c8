// libFuzzer target: any bytes from a DAIDE client, the way the server meets
// a bot over TCP. The host (game/daide/host.h) gets them as one client's
// stream, with time passing between pieces; the first byte picks the board
// and whether the client first joins properly (so that the bytes after it
// reach the messages of a game under way: SUB, NOT, GOF, DRW, TME, ...).
// Besides "no crash, no sanitizer report" it checks the host's promises:
// what it sends back is whole frames, and an EM is the last thing it sends.
#include <cstddef>
#include <cstdint>

#include "game.h"
#include "host.h"
#include "map.h"
#include "wire.h"

using namespace colonial;
using namespace colonial::daide;

namespace {

void check(bool ok) {
  if (!ok) __builtin_trap();
}

struct World {
  Map colonial, standard;
  Game game;
  World() {
    MapErrors errors;
    check(load_map(builtin_map_text("colonial"), "colonial", colonial, errors));
    check(load_map(builtin_map_text("standard"), "standard", standard, errors));
  }
};

// Whole frames, and nothing after an EM.
void check_output(const Bytes& out) {
  FrameReader reader;
  reader.feed(out.data(), out.size());
  Frame f;
  bool error_seen = false;
  while (reader.next(f)) {
    check(!error_seen);
    error_seen = f.type == static_cast<std::uint8_t>(FrameType::Error);
  }
  check(reader.buffered() == 0);
}

Bytes joining() {
  Bytes b = encode_initial();
  Builder name;
  name.add(tok::NME).text("fuzz").text("1");
  const Bytes nme = encode_message(name.tokens);
  b.insert(b.end(), nme.begin(), nme.end());
  Builder yes;
  yes.add(tok::YES).open().add(tok::MAP).text("X").close();
  const Bytes accept = encode_message(yes.tokens);
  b.insert(b.end(), accept.begin(), accept.end());
  return b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static World world;
  if (size == 0) return 0;
  Map& map = (data[0] & 1) ? world.colonial : world.standard;
  GameSettings settings = map_default_settings(map);
  settings.last_year = map.start_year() + 2;
  world.game.start(map, settings);
  HostOptions options;
  options.deadline_seconds = 5;
  // Every power but the first is played here: one client fills the game.
  options.local_powers = ((1u << map.power_count()) - 1) & ~1u;
  Host host(map, world.game, options);
  host.play_local = [](PowerId, OrderList& out) { out.clear(); };
  const ClientId id = host.connect(0);
  Bytes out;
  if (data[0] & 2) {
    const Bytes hello = joining();
    host.receive(id, hello.data(), hello.size(), 0);
  }
  // The rest in pieces, a second apart.
  double now = 0;
  for (std::size_t at = 1; at < size;) {
    const std::size_t piece = std::min<std::size_t>(size - at, 1 + data[at] % 64);
    host.receive(id, data + at, piece, now);
    host.tick(now += 1);
    const Bytes more = host.take_output(id);
    out.insert(out.end(), more.begin(), more.end());
    at += piece;
  }
  const Bytes rest = host.take_output(id);
  out.insert(out.end(), rest.begin(), rest.end());
  check_output(out);
  host.disconnected(id, now);
  return 0;
}
