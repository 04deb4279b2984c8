#include "replies.h"

#include <optional>

#include "contract.h"
#include "game.h"

namespace colonial::server {

namespace {

constexpr const char* kTexts[] = {
#define PHRASE(id, context, text) text,
#define PHRASE_N(id, context, singular, plural)
#include "replies.def"
#undef PHRASE
#undef PHRASE_N
};
static_assert(sizeof kTexts / sizeof kTexts[0] == static_cast<std::size_t>(ReplyId::Count));

constexpr CountedReplyText kCounted[] = {
#define PHRASE(id, context, text)
#define PHRASE_N(id, context, singular, plural) {singular, plural},
#include "replies.def"
#undef PHRASE
#undef PHRASE_N
};
static_assert(sizeof kCounted / sizeof kCounted[0] == static_cast<std::size_t>(CountedReplyId::Count));

// English phrases, for a reply written with no language.
const PhraseBook& english_phrases() {
  static const PhraseBook book;
  return book;
}

std::string_view pattern_of(ReplyId id, const PadLanguage* language) {
  const auto i = static_cast<std::size_t>(id);
  if (language && i < language->replies.size()) return language->replies[i];
  return kTexts[i];
}

std::string_view pattern_of(CountedReplyId id, long n, const PadLanguage* language) {
  const auto i = static_cast<std::size_t>(id);
  const auto sample = static_cast<std::size_t>(plural_sample(n));
  if (language && i < language->counted.size() && sample < language->counted[i].size())
    return language->counted[i][sample];
  return n == 1 ? kCounted[i].singular : kCounted[i].plural;
}

void append_to(void* sink, std::string_view piece) { static_cast<std::string*>(sink)->append(piece); }

}  // namespace

std::span<const char* const> reply_texts() { return kTexts; }
std::span<const CountedReplyText> counted_reply_texts() { return kCounted; }

Reply::Reply(ReplyId id) {
  COLONIAL_ASSERT(id < ReplyId::Count);
  parts_.push_back({});
  parts_.back().id = id;
}

Reply::Reply(CountedReplyId id, long n) {
  COLONIAL_ASSERT(id < CountedReplyId::Count);
  parts_.push_back({});
  parts_.back().counted = id;
  parts_.back().n = n;
}

Reply& Reply::text(std::string text) {
  COLONIAL_ASSERT(!parts_.empty());
  parts_.back().text = std::move(text);
  return *this;
}

Reply& Reply::number(long n) {
  COLONIAL_ASSERT(!parts_.empty());
  parts_.back().n = n;
  return *this;
}

Reply& Reply::line(long line) {
  COLONIAL_ASSERT(!parts_.empty());
  parts_.back().line = line;
  return *this;
}

Reply& Reply::powers(u32 powers) {
  COLONIAL_ASSERT(!parts_.empty());
  parts_.back().powers = powers;
  return *this;
}

Reply& Reply::power(PowerId power) {
  COLONIAL_ASSERT(!parts_.empty());
  parts_.back().power = power;
  return *this;
}

Reply& Reply::phase(const Phase& phase) {
  COLONIAL_ASSERT(!parts_.empty());
  parts_.back().phase = phase;
  parts_.back().has_phase = true;
  return *this;
}

Reply& Reply::then(std::string_view between, Reply next) {
  if (next.parts_.empty()) return *this;
  next.parts_.front().before = parts_.empty() ? std::string_view() : between;
  for (Part& p : next.parts_) parts_.push_back(std::move(p));
  return *this;
}

bool Reply::says(ReplyId id) const {
  for (const Part& p : parts_)
    if (p.id == id) return true;
  return false;
}

std::string write_reply(const Reply& reply, const Map& map, const PadLanguage* language) {
  // Power and phase names in the reply's language: this thread's phrases
  // for as long as it is written.
  const PhraseBook* book = !language ? &english_phrases() : language->phrases;
  std::optional<PhrasesInUse> scope;
  if (book) scope.emplace(*book);
  std::string out;
  for (const Reply::Part& p : reply.parts_) {
    out += p.before;
    std::string powers;
    for (PowerId q = 0; q < map.power_count(); ++q)
      if ((p.powers >> q) & 1u) powers += (powers.empty() ? "" : ", ") + std::string(power_name(map, q));
    PhaseText phase;
    if (p.has_phase) describe_phase(p.phase, phase);
    const std::string_view pattern =
        p.counted != CountedReplyId::Count ? pattern_of(p.counted, p.n, language) : pattern_of(p.id, language);
    phrase_detail::expand(pattern,
                          {{"n", p.n},
                           {"line", p.line},
                           {"text", std::string_view(p.text)},
                           {"powers", std::string_view(powers)},
                           {"power", power_name(map, p.power)},
                           {"phase", phase.view()}},
                          nullptr, &out, &append_to);
  }
  return out;
}

}  // namespace colonial::server
