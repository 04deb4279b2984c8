#include "phrases.h"

#include <atomic>

#include "map.h"

namespace colonial {

namespace {

constexpr PhraseSource kPhrases[] = {
#define PHRASE(id, context, text) {context, text, {}, {}},
#define PHRASE_EXTRA(id, context, text, extra) {context, text, {}, extra},
#define PHRASE_N(id, context, singular, plural)
#include "phrases.def"
#undef PHRASE
#undef PHRASE_EXTRA
#undef PHRASE_N
};
static_assert(sizeof kPhrases / sizeof kPhrases[0] == kPhraseCount);

constexpr PhraseSource kCountedPhrases[] = {
#define PHRASE(id, context, text)
#define PHRASE_EXTRA(id, context, text, extra)
#define PHRASE_N(id, context, singular, plural) {context, singular, plural, {}},
#include "phrases.def"
#undef PHRASE
#undef PHRASE_EXTRA
#undef PHRASE_N
};
static_assert(sizeof kCountedPhrases / sizeof kCountedPhrases[0] == kCountedPhraseCount);

// The powers and adjectives the phrases know, in the same order.
constexpr Phrase kPowers[] = {Phrase::PowerBritain, Phrase::PowerChina,   Phrase::PowerFrance, Phrase::PowerHolland,
                              Phrase::PowerJapan,   Phrase::PowerRussia,  Phrase::PowerTurkey, Phrase::PowerAustria,
                              Phrase::PowerEngland, Phrase::PowerGermany, Phrase::PowerItaly};
constexpr Phrase kNations[] = {Phrase::NationBritish, Phrase::NationChinese,  Phrase::NationFrench,
                               Phrase::NationDutch,   Phrase::NationJapanese, Phrase::NationRussian,
                               Phrase::NationTurkish, Phrase::NationAustrian, Phrase::NationEnglish,
                               Phrase::NationGerman,  Phrase::NationItalian};

const PhraseBook kEnglish;
std::atomic<const PhraseBook*> g_process_book{nullptr};
thread_local const PhraseBook* t_thread_book = nullptr;

// The phrase among `known` whose English is `english`, translated; else
// `english` itself.
template <int N>
std::string_view translated_name(const Phrase (&known)[N], std::string_view english) {
  for (Phrase id : known)
    if (kPhrases[static_cast<int>(id)].text == english) return phrase(id);
  return english;
}

}  // namespace

const PhraseSource& phrase_source(Phrase id) {
  COLONIAL_ASSERT(static_cast<int>(id) < kPhraseCount);
  return kPhrases[static_cast<int>(id)];
}

const PhraseSource& phrase_source(CountedPhrase id) {
  COLONIAL_ASSERT(static_cast<int>(id) < kCountedPhraseCount);
  return kCountedPhrases[static_cast<int>(id)];
}

std::string_view PhraseBook::get(Phrase id) const {
  const int i = static_cast<int>(id);
  COLONIAL_ASSERT(i < kPhraseCount);
  return text_[i] ? std::string_view(text_[i]) : kPhrases[i].text;
}

std::string_view PhraseBook::get(CountedPhrase id, long n) const {
  const int i = static_cast<int>(id);
  COLONIAL_ASSERT(i < kCountedPhraseCount);
  const Counted& c = counted_[i];
  if (!c.translated) return n == 1 ? kCountedPhrases[i].text : kCountedPhrases[i].plural;
  const char* form = c.forms[c.form_of[plural_sample(n)]];
  return form ? std::string_view(form) : kCountedPhrases[i].plural;
}

void PhraseBook::set(Phrase id, const char* text) {
  COLONIAL_ASSERT(static_cast<int>(id) < kPhraseCount);
  text_[static_cast<int>(id)] = text;
}

void PhraseBook::set(CountedPhrase id, const char* const* forms, int form_count, const u8 (&form_of)[kPluralSamples]) {
  COLONIAL_ASSERT(static_cast<int>(id) < kCountedPhraseCount);
  COLONIAL_ASSERT(form_count > 0 && form_count <= kMaxPluralForms);
  Counted& c = counted_[static_cast<int>(id)];
  c = Counted{};
  for (int f = 0; f < form_count; ++f) c.forms[f] = forms[f];
  for (int n = 0; n < kPluralSamples; ++n) c.form_of[n] = form_of[n] < form_count ? form_of[n] : 0;
  c.translated = true;
}

const PhraseBook& phrases() {
  if (t_thread_book) return *t_thread_book;
  const PhraseBook* book = g_process_book.load(std::memory_order_acquire);
  return book ? *book : kEnglish;
}

void set_phrases(const PhraseBook* book) { g_process_book.store(book, std::memory_order_release); }

PhrasesInUse::PhrasesInUse(const PhraseBook& book) : before_(t_thread_book) { t_thread_book = &book; }
PhrasesInUse::~PhrasesInUse() { t_thread_book = before_; }

namespace phrase_detail {

void expand(std::string_view pattern, std::initializer_list<PhraseArg> args, const PhraseArg* also, void* sink,
            void (*write)(void* sink, std::string_view piece)) {
  auto value_of = [&](std::string_view name, FixedString<24>& digits) -> const PhraseArg* {
    const PhraseArg* found = also && also->name == name ? also : nullptr;
    for (const PhraseArg& a : args)
      if (a.name == name) found = &a;
    if (found && found->is_number) digits.append_int(found->number);
    return found;
  };
  std::size_t done = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '{') continue;
    const std::size_t close = pattern.find('}', i + 1);
    if (close == std::string_view::npos) break;
    FixedString<24> digits;
    const PhraseArg* arg = value_of(pattern.substr(i + 1, close - i - 1), digits);
    if (!arg) continue;
    write(sink, pattern.substr(done, i - done));
    write(sink, arg->is_number ? digits.view() : arg->text);
    done = close + 1;
    i = close;
  }
  write(sink, pattern.substr(done));
}

}  // namespace phrase_detail

std::string_view power_name(const Map& map, PowerId p) {
  if (p >= map.power_count()) return phrase(Phrase::PowerUnknown);
  return translated_name(kPowers, map.power(p).name);
}

std::string_view nation_name(const Map& map, PowerId p) {
  if (p >= map.power_count()) return {};
  return translated_name(kNations, map.power(p).adjective);
}

}  // namespace colonial
