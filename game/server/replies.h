// The order server's own sentences (replies.def): its refusals, what was
// saved, what the game master's commands did. A reply is kept as which
// sentences and what fills them, not as text: the host that makes one (the
// app, the judge) may speak another language than the phone that reads it,
// and the server's threads call no gettext. The request's thread writes it
// (write_reply) in its phone's language, from the words its host prepared
// on the main thread (PadLanguage::replies and ::counted), with the plural
// form of that language for a count.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "map.h"
#include "pad_words.h"
#include "position.h"

namespace colonial::server {

enum class ReplyId : u16 {
#define PHRASE(id, context, text) id,
#define PHRASE_N(id, context, singular, plural)
#include "replies.def"
#undef PHRASE
#undef PHRASE_N
  Count
};

enum class CountedReplyId : u16 {
#define PHRASE(id, context, text)
#define PHRASE_N(id, context, singular, plural) id,
#include "replies.def"
#undef PHRASE
#undef PHRASE_N
  Count
};

// The catalogs' context of every reply.
inline constexpr const char* kRepliesContext = "reply";

// Each reply's English, in the order of ReplyId.
std::span<const char* const> reply_texts();
inline const char* reply_text(ReplyId id) { return reply_texts()[static_cast<std::size_t>(id)]; }
// Each counted reply's English, in the order of CountedReplyId.
struct CountedReplyText {
  const char* singular;
  const char* plural;
};
std::span<const CountedReplyText> counted_reply_texts();

// What a reply says: its sentences, each with what fills it.
class Reply {
 public:
  Reply() = default;
  Reply(ReplyId id);  // NOLINT(google-explicit-constructor): a result is written {409, ReplyId::...}
  Reply(CountedReplyId id, long n);

  // What fills the last sentence's placeholders.
  Reply& text(std::string text);     // {text}: as it is
  Reply& number(long n);             // {n}
  Reply& line(long line);            // {line}
  Reply& powers(u32 powers);         // {powers}: their names, in the reply's language
  Reply& power(PowerId power);       // {power}
  Reply& phase(const Phase& phase);  // {phase}: as people read it, in the reply's language
  // Another sentence after these, `between` them ("\n", ", "); the first
  // when there are none yet.
  Reply& then(std::string_view between, Reply next);

  bool empty() const { return parts_.empty(); }
  // Whether it says `id` (tests, and what a caller decides on).
  bool says(ReplyId id) const;

 private:
  struct Part {
    std::string_view before;  // the separator from the sentence before
    ReplyId id = ReplyId::Count;
    CountedReplyId counted = CountedReplyId::Count;  // a counted sentence when not Count: {n} chooses
    long n = 0;
    long line = 0;
    std::string text;
    u32 powers = 0;
    PowerId power = kNoPower;
    Phase phase{};
    bool has_phase = false;
  };
  std::vector<Part> parts_;
  friend std::string write_reply(const Reply& reply, const Map& map, const PadLanguage* language);
};

// The reply in `language`'s words and its phrases (power and phase names);
// English when null. Any thread: it reads only what the host prepared.
std::string write_reply(const Reply& reply, const Map& map, const PadLanguage* language);

}  // namespace colonial::server
