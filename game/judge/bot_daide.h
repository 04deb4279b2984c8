// colonial-judge bot --daide: our computer player as a DAIDE client on
// someone's server (game/daide/client.h).
#pragma once

#include "command_line.h"

namespace colonial::judge {

// The options as bot read them; the exit code (0: the game ended).
int run_bot_daide(const CommandLine& cl);

}  // namespace colonial::judge
