// The languages a host of the order server offers the phones and the game
// master's tablet: the table's first, then every language the catalogs
// have, each with the pages' words (the phones' and the game master's),
// the server's replies (their plural forms sampled by the language's own
// rule), the scoring systems' names and the engine's phrases in it.
// Shared by the app (game/app/phones) and `colonial-judge serve`.
#pragma once

#include <vector>

#include "pad_words.h"

namespace colonial::server {

// Main thread, before the server starts: this is where gettext is asked,
// so that the server's threads never call it (language.h).
std::vector<PadLanguage> phone_languages();

}  // namespace colonial::server
