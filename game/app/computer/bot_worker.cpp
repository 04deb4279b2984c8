// The computer players' decisions in a Web Worker (a browser's page has no
// threads without cross-origin isolation, which a plain static host does
// not give): the page posts a BotRequest per power (computer_players.cpp)
// and goes on drawing; this module, loaded by the worker as
// colonial_bot.js, decides with the same engine and seed as the native
// app's worker thread and answers the orders. Built only for the browser.
#include <emscripten/emscripten.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "bench.h"
#include "bot.h"
#include "bot_request.h"
#include "map.h"

namespace colonial {
namespace {

// Large (the bot's scratch lists, the board): static storage, made once.
Bot g_bot;
Map g_board;
std::string g_board_text;  // the board loaded in g_board (its text and file name)
std::string g_board_file;
BotReply g_reply;

// The board of the request, loaded (and set as the game's rules say) unless
// it is the one loaded already. False with a line on the console when it
// does not load.
bool board_for(const BotRequest& request, std::string_view text) {
  const std::string_view file(request.board_file, strnlen(request.board_file, sizeof request.board_file));
  if (text != g_board_text || file != g_board_file) {
    MapErrors errors;
    if (!load_map(text, file, g_board, errors)) {
      std::fprintf(stderr, "colonial_bot: the board %.*s does not load\n", static_cast<int>(file.size()), file.data());
      g_board_text.clear();
      return false;
    }
    g_board_text.assign(text);
    g_board_file.assign(file);
  }
  apply_board(g_board, request.settings.rules);
  return true;
}

}  // namespace
}  // namespace colonial

// Called by the page (emscripten_call_worker): `data` is a BotRequest and
// the board's text. Answers a BotReply; a request it cannot read is
// answered with no data, which the page takes as the worker failing.
extern "C" EMSCRIPTEN_KEEPALIVE void colonial_bot_decide(char* data, int size) {
  using namespace colonial;
  BotRequest request;
  if (size < static_cast<int>(sizeof request)) return emscripten_worker_respond(nullptr, 0);
  std::memcpy(&request, data, sizeof request);
  if (request.format != kBotRequestFormat ||
      static_cast<std::size_t>(size) != sizeof request + request.board_text_size ||
      !board_for(request, std::string_view(data + sizeof request, request.board_text_size)) ||
      request.power >= g_board.power_count())
    return emscripten_worker_respond(nullptr, 0);
  OrderList mine;
  g_bot.decide(g_board, request.position, request.power, request.level, request.seed, mine);
  g_reply.count = static_cast<u32>(mine.size());
  for (u32 i = 0; i < g_reply.count; ++i) g_reply.orders[i] = mine[i];
  emscripten_worker_respond(reinterpret_cast<char*>(&g_reply), static_cast<int>(sizeof g_reply));
}

// The engine's speed in this worker (the web tests' figures): `data` is the
// seconds of random Colonial games to play (a double). Answers a
// BotBenchReply, as colonial-judge bench measures natively.
extern "C" EMSCRIPTEN_KEEPALIVE void colonial_bot_bench(char* data, int size) {
  using namespace colonial;
  static Map board;
  static Game game;
  static OrderList orders;
  static BotBenchReply reply;
  double budget = 0;
  MapErrors errors;
  if (size != static_cast<int>(sizeof budget) || !load_map(builtin_map_text("colonial"), "colonial.map", board, errors))
    return emscripten_worker_respond(nullptr, 0);
  std::memcpy(&budget, data, sizeof budget);
  const auto now = [] { return emscripten_get_now() / 1000; };
  const RandomGamesRate r = time_random_games(board, budget, 100000, now, game, orders);
  const DecisionTime t = time_hard_decision(board, 5, now, g_bot);
  reply = {kBotRequestFormat, r.games,  r.seconds, r.window_median, static_cast<double>(r.phases) / r.games,
           t.median_ms,       t.min_ms, t.samples};
  emscripten_worker_respond(reinterpret_cast<char*>(&reply), static_cast<int>(sizeof reply));
}

// The page's first call: the worker has loaded and answers.
extern "C" EMSCRIPTEN_KEEPALIVE void colonial_bot_hello(char*, int) {
  const colonial::u32 format = colonial::kBotRequestFormat;
  emscripten_worker_respond(reinterpret_cast<char*>(const_cast<colonial::u32*>(&format)), sizeof format);
}
