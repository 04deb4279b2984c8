// Event lines: what the programs report for other programs (the end-to-end
// tests, a kiosk's monitoring) beside the sentences they print for people.
// One line each on standard output, never translated and never reworded:
//
//   event NAME KEY=VALUE KEY=VALUE ...
//
// NAME and KEY are lower-case words joined by '-'; a VALUE is one word, its
// spaces, '%' and bytes outside printable ASCII written as %XX (hex), so a
// line splits on spaces. docs/EVENTS.md lists every event, its fields and
// when it is printed: that list is the interface, the sentences are not.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace colonial::text {

// One KEY=VALUE of an event line; numbers are written as printf's %d or %g.
struct EventField {
  EventField(std::string_view k, std::string_view v) : key(k), value(v) {}
  EventField(std::string_view k, const char* v) : key(k), value(v ? v : "") {}
  EventField(std::string_view k, const std::string& v) : key(k), value(v) {}
  EventField(std::string_view k, long long v) : key(k), value(std::to_string(v)) {}
  EventField(std::string_view k, int v) : EventField(k, static_cast<long long>(v)) {}
  EventField(std::string_view k, unsigned v) : EventField(k, static_cast<long long>(v)) {}
  EventField(std::string_view k, long v) : EventField(k, static_cast<long long>(v)) {}
  EventField(std::string_view k, unsigned long v) : EventField(k, static_cast<long long>(v)) {}
  EventField(std::string_view k, unsigned long long v) : EventField(k, static_cast<long long>(v)) {}
  EventField(std::string_view k, double v);
  std::string_view key;
  std::string value;
};

// The line for event `name` with `fields`, without its newline.
std::string event_line(std::string_view name, std::initializer_list<EventField> fields = {});

// Prints that line on standard output and flushes it (a test may be reading
// the output while the program runs).
void emit_event(std::string_view name, std::initializer_list<EventField> fields = {});

}  // namespace colonial::text
