// What the powers' routes (order_server.cpp) and the game master's
// (gm_routes.cpp) share in answering a request. Internal to the server.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "order_server.h"
#include "order_sheet.h"

namespace colonial::server {

// Reads `body` with the engine's order sheet reader in `position`'s phase,
// for `power` (kNoPower: each line says whose). The sheet belongs to the
// request's thread (it is large) and is overwritten by its next call.
OrderSheet& read_sheet(const Map& map, const Position& position, PowerId power, std::string_view body);

// A power's orders from a body: one order or several per line, DRAW,
// SURRENDER, conditional retreats and builds. Every order must be that
// power's; false with one line per bad line of the body in `errors`.
bool read_orders(const Map& map, const TableView& view, PowerId power, std::string_view body, Submission& out,
                 Reply& errors);

void text_reply(httplib::Response& res, int status, const std::string& text);

// The language of the request being answered, for this thread while it
// lives: the page's words, and the engine's phrases (its order errors,
// power names) in it.
class RequestLanguage {
 public:
  explicit RequestLanguage(const PadLanguage* language);
  const PadLanguage* get() const { return language_; }

 private:
  const PadLanguage* language_;
  std::optional<PhrasesInUse> scope_;
};

}  // namespace colonial::server
