#include "phone_languages.h"

#include "language.h"
#include "replies.h"

namespace colonial::server {

std::vector<PadLanguage> phone_languages() {
  std::vector<text::Message> words;
  for (const std::string_view word : pad_words()) words.push_back({kPadWordsContext, word});
  std::vector<text::Message> gm_words;
  for (const std::string_view word : server::gm_words()) gm_words.push_back({kGmWordsContext, word});
  std::vector<text::Message> replies;
  for (const char* reply : reply_texts()) replies.push_back({kRepliesContext, reply});
  std::vector<text::CountedMessage> counted;
  for (const CountedReplyText& reply : counted_reply_texts())
    counted.push_back({kRepliesContext, reply.singular, reply.plural});
  std::vector<text::Message> scoring_labels;
  for (const ScoringSystemInfo& system : kScoringSystems) scoring_labels.push_back({"scoring", system.label});
  std::vector<std::string> codes;
  for (const text::LanguageInfo& l : text::languages()) codes.emplace_back(l.code);
  return make_pad_languages(text::current_language(), codes, [&](const std::string& code) {
    return PadLanguage{code,
                       text::translations(code, words),
                       &text::phrase_book(code),
                       text::translations(code, replies),
                       text::counted_translations(code, counted),
                       text::translations(code, gm_words),
                       text::translations(code, scoring_labels)};
  });
}

}  // namespace colonial::server
