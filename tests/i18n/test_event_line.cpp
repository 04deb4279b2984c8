// Event lines (game/text/event_line.h, docs/EVENTS.md): one line of
// space-separated words whatever the values hold.
#include <doctest/doctest.h>

#include <string>

#include "event_line.h"

using colonial::text::event_line;

TEST_CASE("an event line is the word event, the name and KEY=VALUE words") {
  CHECK(event_line("woken") == "event woken");
  CHECK(event_line("staff-pin", {{"result", "wrong"}, {"locked-seconds", 60}}) ==
        "event staff-pin result=wrong locked-seconds=60");
  CHECK(event_line("idle", {{"minutes", 0.1}}) == "event idle minutes=0.1");
  CHECK(event_line("tables", {{"count", std::size_t{3}}}) == "event tables count=3");
}

TEST_CASE("a value's spaces, percent signs and bytes outside ASCII are written as %XX") {
  CHECK(event_line("clipped", {{"what", "Start game (2 of 3)"}}) == "event clipped what=Start%20game%20(2%20of%203)");
  CHECK(event_line("table-new", {{"file", "/tmp/100% sure\n"}}) == "event table-new file=/tmp/100%25%20sure%0A");
  CHECK(event_line("language", {{"code",
                                 "fran\xC3\xA7"
                                 "ais"}}) == "event language code=fran%C3%A7ais");
  CHECK(event_line("x", {{"empty", ""}}) == "event x empty=");
}
