// What every host of the order server does with its Game, the same in the
// app and in `colonial-judge serve`: build what the phones may see, and
// apply what a phone sends (orders, DRAW, SURRENDER, Done). The host saves
// the record after a change and adjudicates when every power asked is done
// or the phase timer has run out.
#pragma once

#include "game.h"
#include "order_server.h"

namespace colonial::server {

// Powers with a decision in the current phase (Game::has_choice).
u32 asked_powers(const Game& game);

// The view of `game` for the phones. `done`: who said Done; `seconds_left`:
// the phase timer (-1 untimed).
TableView table_view(const Game& game, u32 done, int seconds_left);

// Applies a phone's submission to the game (nothing else: the caller saves
// and decides about adjudication). Refuses, changing nothing, a submission
// for another phase (status 409) or from a power with no orders to give.
// `done` is updated for Done / Not done; a new set of orders keeps a power's
// Done as it was.
SubmissionResult apply_submission(Game& game, const Submission& s, int serial, u32& done);

}  // namespace colonial::server
