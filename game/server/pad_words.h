// The words of the phones' page in each language the host offers: the
// page's own words (pad.html's {{t:...}}, pad.js's and board.js's T("..."))
// in English, marked for the catalogs, and each phone's choice of language
// from its Accept-Language header. The server calls no gettext: a host
// translates the words on its main thread (text::translations) and hands
// them over with the engine's phrases in each language
// (OrderServer::set_languages); a request then speaks its phone's language.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "phrases.h"
#include "scoring.h"

namespace colonial::server {

// The catalogs' context of the page's words.
inline constexpr std::string_view kPadWordsContext = "phone";
// The page's words, in English.
std::span<const std::string_view> pad_words();
// The catalogs' context of the game master's page's own words.
inline constexpr std::string_view kGmWordsContext = "game master";
// The game master's page's own words (gm.html, gm.js), in English; its
// board and pad use the phones' words too.
std::span<const std::string_view> gm_words();

struct PadLanguage {
  std::string code;                     // "fr"
  std::vector<std::string> words;       // pad_words() in this language, in the same order
  const PhraseBook* phrases = nullptr;  // the engine's phrases in it (null: the process's)
  std::vector<std::string> replies;     // the server's replies (replies.h) in it, by ReplyId
  // Its counted replies, by CountedReplyId: the form for each count up to
  // kPluralSamples (phrases.h), from the language's own plural rule.
  std::vector<std::vector<std::string>> counted;
  std::vector<std::string> gm_words;  // gm_words() in it
  // The scoring systems' labels (kScoringSystems, context "scoring") in it, in their order.
  std::vector<std::string> scoring_labels;
};

// The index in `offered` of the language a phone asks for with its
// Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5"): the
// weightiest tag whose language is offered (its primary subtag, any case);
// 0 (the table's language, offered first) when none is, or for "*".
std::size_t pick_language(std::string_view accept_language, const std::vector<PadLanguage>& offered);

// The languages a host offers: `first` (the table's) and then the others
// of `codes`, each made by `make(code)`. A host calls it on its main thread
// (phone_languages.h fills each from the catalogs).
template <typename Make>
std::vector<PadLanguage> make_pad_languages(const std::string& first, const std::vector<std::string>& codes,
                                            Make make) {
  std::vector<PadLanguage> out;
  auto add = [&](const std::string& code) {
    for (const PadLanguage& l : out)
      if (l.code == code) return;
    out.push_back(make(code));
  };
  add(first);
  for (const std::string& code : codes) add(code);
  return out;
}

// A page's lang attribute: the language's code ("en" when null).
std::string page_language(const PadLanguage* language);

// A word of the page in `language` (English when null or untranslated).
std::string_view pad_word(const PadLanguage* language, std::string_view english);

// A scoring system's label in `language` (English when null or untranslated).
std::string_view scoring_label(const PadLanguage* language, ScoringSystem system);

// Every word as a JSON object {"English": "translation"}, for the page's
// scripts (only those that differ).
std::string pad_words_json(const PadLanguage* language);

// The same for the game master's page: its words, then the pad's.
std::string_view gm_word(const PadLanguage* language, std::string_view english);
std::string gm_words_json(const PadLanguage* language);

// A page template's words, {{t:English}}, replaced by word(English),
// HTML-escaped.
void translate_marks(std::string& page, const std::function<std::string_view(std::string_view)>& word);

}  // namespace colonial::server
