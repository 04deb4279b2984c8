// The app-flow tests' main (doctest): TurnFlow, new-game set-up, autosave,
// layout and scripted input (game/app/flow, persist, script, widgets/layout.h).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
