// What the game master's tablet is sent (docs/ORDER-SERVER.md): the whole
// table - every power's status and pending orders, as the game master sees
// them at the companion screen - a played phase for the board with its
// results in words, and an order sheet read line by line. JSON, compact,
// so that the tablet's polls stay small.
#pragma once

#include <string>

#include "game.h"
#include "order_server.h"
#include "order_sheet.h"

namespace colonial::server {

// The game master's page from its template (gm.html) in `language`: its
// words ({{t:...}}), {{LANG}} and the scripts' words ({{WORDS}}).
std::string render_gm_page(std::string page, const PadLanguage* language);

// The table (GET state) without its version and the timer's seconds, which
// the server adds: the rest changes only when something happens. The
// phases, powers and sentences in `language`: its sentences (TableTexts),
// and this thread's phrases for the names (RequestLanguage).
std::string gm_state_json(const Map& map, const TableView& view, const PadLanguage* language);

// The phase timer: {"limit":900,"left":312,"running":true}, or null when
// the phase is untimed.
std::string gm_timer_json(const TableView& view);

// Phase `index` of the history as played (GET phase): the position before
// and after it, each order's result with its outcome and its sentence, in
// this thread's phrases (the host writes it in each language: TableSentences).
// `note`: a sentence said of the phase ("Nobody had a choice..."), or empty.
std::string phase_json(const Game& game, int index, std::string_view note = {});

// An order sheet as read (POST sheet): each line's orders, or its error with
// the parser's "did you mean"; `message` says what became of it. Its words
// in `language` (with this thread's phrases: RequestLanguage).
std::string sheet_json(const Map& map, const OrderSheet& sheet, const std::string& message,
                       const PadLanguage* language);

}  // namespace colonial::server
