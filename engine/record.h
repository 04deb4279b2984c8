// The game record: one versioned, human-readable text file per game holding
// the variant, the rule options, the players, the timers, every phase played
// (its position, the orders and their typed results) and the phase in
// progress with the orders already submitted. The one record format, shared by
// the app (autosave), the CLI judge and the tests. The format is described in
// docs/RECORD-FORMAT.md.
//
// Writing streams text into a TextSink (the platform layer writes it to a
// temporary file, fsyncs and renames it: saves are atomic). Reading takes the
// whole text, checks every line and reports the first errors with their line
// numbers; nothing is changed in the Game unless the record is good.
// verify_record() replays every phase through the adjudicator and reports the
// first phase whose recorded results or position differ.
//
// Also here: the plain-text export in judge notation (phase headings and
// orders only) and its import, which replays the orders from the start.
#pragma once

#include <string_view>

#include "adjudicator.h"
#include "fixed.h"
#include "game.h"

namespace colonial {

class Map;

inline constexpr int kRecordVersion = 1;

// Where text goes. write() may be called many times; `failed` is set by the
// sink when it could not write (disk full...), and the writer stops.
struct TextSink {
  void* context = nullptr;
  bool (*write)(void* context, std::string_view text) = nullptr;
  bool failed = false;
  void put(std::string_view text) {
    if (!failed && !write(context, text)) failed = true;
  }
};

// A sink into a caller's fixed buffer (tests, small exports).
template <int N>
struct BufferSink {
  char data[N];
  int size = 0;
  TextSink sink() {
    return TextSink{this, [](void* c, std::string_view t) {
                      auto* self = static_cast<BufferSink*>(c);
                      if (self->size + static_cast<int>(t.size()) > N) return false;
                      for (char ch : t) self->data[self->size++] = ch;
                      return true;
                    }};
  }
  std::string_view view() const { return {data, static_cast<std::size_t>(size)}; }
};

struct RecordError {
  int line = 0;  // 1-based; 0 = the record as a whole
  FixedString<200> message;
};

// Writes the whole game. Returns false if the sink failed.
bool write_record(const Game& game, std::string_view variant, TextSink& sink);

// Reads a record into `game` using `map` (whose name must match the record's
// variant: see record_variant). On error returns false, fills err and leaves
// `game` unchanged... except that `scratch` is used as working space: pass a
// Game you do not mind losing (the app keeps one for this).
bool read_record(std::string_view text, Map& map, Game& game, Game& scratch, RecordError& err);

// The variant a record names ("colonial", "standard"), to pick the map before
// read_record. Empty when the text is not a record.
std::string_view record_variant(std::string_view text);

// Replays every phase of `game` from its first recorded position with the
// recorded orders, in `scratch`, and compares results and positions. Returns
// false at the first difference, described in err (err.line = phase index+1).
bool verify_record(const Game& game, Game& scratch, RecordError& err);

// Plain text in judge notation: for each phase played, a heading
// ("Spring 1901 Movement") and the orders given ("England: F lon - nth").
bool export_judge_text(const Game& game, TextSink& sink);

// Reads export_judge_text's format (and hand-written text in the same shape:
// headings, then "Power: order" lines) and replays it from the start position
// of `map` under `settings`. Headings must follow the game's own sequence of
// phases; a heading for a phase the game skips is an error.
bool import_judge_text(std::string_view text, Map& map, const GameSettings& settings, Game& game, RecordError& err);

// Stable lower-case names used in records ("bounced", "cannot-reach").
std::string_view outcome_name(Outcome o);
std::string_view void_reason_name(VoidReason r);
// How a game ended, as the record's result line says it ("turn-limit").
std::string_view game_end_name(GameEnd e);
bool game_end_from_name(std::string_view s, GameEnd& out);

}  // namespace colonial
