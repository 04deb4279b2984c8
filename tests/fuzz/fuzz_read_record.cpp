// libFuzzer target: any bytes given to the game record reader, the way the
// app's autosave and the judge read a file from disk or from someone else.
// Besides "no crash, no sanitizer report" it checks the reader's promises: a
// refusal names a line within the text and a reason; an accepted record
// verifies or says where it differs, and writes back to a record that reads
// again and writes the same text (the format is a fixed point). The judge's
// text import (export_judge_text's format) gets the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "game.h"
#include "map.h"
#include "record.h"

using namespace colonial;

namespace {

void check(bool ok) {
  if (!ok) __builtin_trap();
}

struct World {
  Map colonial, standard;
  Game game, again, scratch;
  BufferSink<1 << 20> first, second;
  World() {
    MapErrors errors;
    if (!load_map(builtin_map_text("colonial"), "colonial", colonial, errors)) std::abort();
    if (!load_map(builtin_map_text("standard"), "standard", standard, errors)) std::abort();
  }
};

World& world() {
  static World* w = new World;  // large; made once
  return *w;
}

int count_lines(std::string_view text) {
  int n = 1;
  for (char c : text) n += c == '\n';
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  World& w = world();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string_view variant = record_variant(text);
  Map& map = variant == "standard" ? w.standard : w.colonial;

  RecordError err;
  if (!read_record(text, map, w.game, w.scratch, err)) {
    check(!err.message.empty());
    check(err.line >= 0 && err.line <= count_lines(text));
  } else {
    RecordError verr;
    if (!verify_record(w.game, w.scratch, verr)) check(!verr.message.empty());
    w.first.size = 0;
    TextSink sink = w.first.sink();
    if (write_record(w.game, variant.empty() ? "colonial" : variant, sink)) {
      RecordError again;
      check(read_record(w.first.view(), map, w.again, w.scratch, again));
      w.second.size = 0;
      TextSink sink2 = w.second.sink();
      check(write_record(w.again, variant.empty() ? "colonial" : variant, sink2));
      check(w.first.view() == w.second.view());
    }
  }

  GameSettings settings;
  settings.rules.map_options = map.default_options();
  RecordError ierr;
  if (!import_judge_text(text, map, settings, w.game, ierr)) check(!ierr.message.empty());
  return 0;
}
