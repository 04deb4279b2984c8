// The app's parts out of App, driven without a window (doctest): the game
// session and its computer players, the order preview, the kiosk's staff
// mode, the game master's position editor.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
