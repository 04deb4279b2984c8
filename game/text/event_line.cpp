#include "event_line.h"

#include <cstdio>

namespace colonial::text {

namespace {

void append_value(std::string& out, std::string_view value) {
  static const char kHex[] = "0123456789ABCDEF";
  for (const char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= ' ' || byte >= 0x7f || c == '%') {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += c;
    }
  }
}

}  // namespace

EventField::EventField(std::string_view k, double v) : key(k) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  value = buf;
}

std::string event_line(std::string_view name, std::initializer_list<EventField> fields) {
  std::string line = "event ";
  line += name;
  for (const EventField& f : fields) {
    line += ' ';
    line += f.key;
    line += '=';
    append_value(line, f.value);
  }
  return line;
}

void emit_event(std::string_view name, std::initializer_list<EventField> fields) {
  const std::string line = event_line(name, fields);
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

}  // namespace colonial::text
