// What a seat's phone is sent: the order pad page (assets/web/pad.html with
// the seat's state filled in, so it works without JavaScript: a form taking
// judge notation), and the JSON its script reads (state, legal orders).
// Nothing here shows a power anything of another power's pending orders.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "order_server.h"
#include "pad_words.h"

namespace colonial::server {

// Reads the page template from `web_dir` (pad.html); false with `error`.
bool load_pad_template(const std::string& web_dir, std::string& error);

// The page for `power`: its phase, units, pending orders (or `draft`, the
// text it sent, after an error) and a message (an error when `is_error`),
// in `language` (its words; null: English), with the words its scripts use.
std::string render_pad_page(const Map& map, const TableView& view, PowerId power, const std::string& secret,
                            const std::string& draft, const std::string& message, bool is_error,
                            const PadLanguage* language = nullptr);

// The phase as a request's people read it, in this thread's phrases (the
// request's language, RequestLanguage), or that the game is over; the
// phones' and the game master's pages name phases with these.
std::string phase_in_words(const Map& map, const TableView& view, const PadLanguage* language);
std::string phase_in_words(const Phase& phase);
// The last phase played, the same way ("" before the first).
std::string last_phase_in_words(const TableView& view);
// What `power` has to do now, in the request's language: "3 of 6 units
// ordered" (its orders saved so far), "Nothing to do this phase: Done";
// empty once the game is over (describe_task).
std::string task_in_words(const Map& map, const TableView& view, PowerId power);

// GET state: the phase, every unit on the board (positions are public), the
// colonies' owners, who is done, the last phase's results; never orders.
// The phases' and powers' names in `language` (this thread's phrases).
std::string state_json(const Map& map, const TableView& view, PowerId power, const PadLanguage* language = nullptr);

// A scored game's points at its end, as the phones' and the game master's
// states carry them ("scores"): {"system": its name in `language`,
// "players": [{"powers": ["Britain"], "titles": [the powers' names in this
// thread's phrases], "player": "Alice", "colonies": 12, "points": 7006,
// "victory": false, "draw": true}, ...]}, the most points first (rounded
// to hundredths). Null when the game is not over or not scored.
nlohmann::json scores_json(const Map& map, const TableView& view, const PadLanguage* language);

// GET legal: every legal order of the power's units in this phase (the
// engine's choices), with what the pad needs to offer them by taps and as
// a list: each unit's "label" ("Army in Moscow") and each order's "words"
// ("Move to Omsk"), in this thread's phrases (the request's language).
std::string legal_json(const Map& map, const TableView& view, PowerId power);
// The powers' colours in every palette (game/palette), for the pages'
// board (board.js): {"board": {"Britain": {"unit": "#223c96", "land":
// "#8c9cd4", "letter": "B"}, ...}, "protanopia": {...}, ...}.
std::string palettes_json(const Map& map);

}  // namespace colonial::server
