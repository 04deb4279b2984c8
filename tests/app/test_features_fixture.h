// Shared set-up of the feature tests: a game session on the Colonial map
// with its record in a fresh directory, and games started from the
// new-game screen's default choices.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "game_session.h"
#include "modals.h"
#include "new_game_setup.h"
#include "notation.h"
#include "test_flow_fixture.h"

namespace colonial::features_test {

using flow_test::TempDir;

// A session on the Colonial map saving to `record` (empty: never saved);
// large, so on the heap.
inline std::unique_ptr<GameSession> session_on(Modals& modals, const std::string& record) {
  auto s = std::make_unique<GameSession>(modals);
  std::string error;
  REQUIRE(s->load_board("colonial", error));
  s->use_record(Autosave(record));
  return s;
}

// Starts the new-game screen's default game (seven players, pass-and-play
// unless `mode` says otherwise); `computer` seats (a bit per power) are the
// computer's, at the easy level.
inline void start_default_game(GameSession& s, TableMode mode = TableMode::PassAndPlay, u32 computer = 0) {
  NewGameChoices choices;
  default_choices(s.map(), choices);
  choices.seed = 7;
  for (int seat = 0; seat < kMaxPowers; ++seat) choices.computer_of_seat[seat] = 0;
  GameSettings settings;
  Position start;
  std::string error;
  REQUIRE(make_game(s.map(), choices, settings, start, error));
  for (PowerId p = 0; p < s.map().power_count(); ++p)
    if ((computer >> p) & 1u) {
      settings.computer_powers |= u32{1} << p;
      settings.computer_level[p] = BotLevel::Easy;
    }
  s.flow().set_mode(mode);
  s.start(settings, start, 0);
  REQUIRE(s.flow().attached());
}

inline PowerId power(const GameSession& s, std::string_view name) {
  const PowerId p = s.map().find_power(name);
  REQUIRE(p != kNoPower);
  return p;
}

// Power p's orders in the game's phase, parsed ("A TON - CAN").
inline OrderList orders(const GameSession& s, PowerId p, std::string_view text) {
  ParseContext ctx;
  ctx.map = &s.map();
  ctx.position = &s.game().position();
  ctx.power = p;
  ctx.phase = s.game().phase().kind;
  ParsedOrders parsed;
  ParseError err;
  INFO(text);
  REQUIRE(parse_order_line(ctx, text, parsed, err));
  OrderList out;
  for (const Order& o : parsed) out.push_back(o);
  return out;
}

}  // namespace colonial::features_test
