// Reading text a line at a time, as every text format here is read (records,
// map files, set-ups, order sheets, scripts, the kiosk's files): one
// splitter, one idea of what a line and its blanks are. No heap.
#pragma once

#include <string_view>

namespace colonial {

// The next line of `rest` into `line` (without its '\n'), and `rest` moved
// past it. False when nothing is left: a last line without '\n' is a line,
// the nothing after a final '\n' is not.
//   std::string_view rest = text, line;
//   while (next_line(rest, line)) ...
constexpr bool next_line(std::string_view& rest, std::string_view& line) {
  if (rest.empty()) return false;
  const std::size_t end = rest.find('\n');
  line = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  return true;
}

// `s` without the spaces, tabs and carriage returns around it.
constexpr std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace colonial
