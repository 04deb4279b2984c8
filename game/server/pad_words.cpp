#include "pad_words.h"

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace colonial::server {

namespace {

// pad.html ({{t:...}}), pad.js and board.js (T("...")); a test checks that
// every word they use is here.
constexpr std::string_view kWords[] = {
    NC_("phone", "The board: tap a unit, then where it goes"),
    NC_("phone", "Zoom in"),
    NC_("phone", "Zoom out"),
    NC_("phone", "Your units:"),
    NC_("phone", "none"),
    NC_("phone", "(dislodged)"),
    NC_("phone", "Your orders, one per line, in judge notation, for example:"),
    NC_("phone", "Save orders"),
    NC_("phone", "Done"),
    NC_("phone", "Not done"),
    NC_("phone", "done"),
    NC_("phone", "not done"),
    NC_("phone", "waiting"),
    NC_("phone", "You have no orders to give in this phase."),
    NC_("phone", "The table"),
    NC_("phone", "Saved:"),
    NC_("phone", "Done: your orders are in. You may still change them until the phase is played."),
    // TRANSLATORS: %s is the phase played ("1870, mouvements").
    NC_("phone", "The phase was played: %s. Its results are below."),
    NC_("phone", "Hold"),
    NC_("phone", "Move"),
    NC_("phone", "Support"),
    NC_("phone", "Convoy"),
    NC_("phone", "Railroad"),
    NC_("phone", "Canal"),
    NC_("phone", "Retreat"),
    NC_("phone", "Disband"),
    NC_("phone", "Build"),
    NC_("phone", "Waive"),
    NC_("phone", "Cancel"),
    NC_("phone", "Waive a build"),
    NC_("phone", "Choose:"),
    NC_("phone", "Nothing to build or disband there."),
    NC_("phone", "Tap where to build (lit), or a unit to disband."),
    NC_("phone", "Tap a unit of this power (ringed in black)."),
    NC_("phone", "Tap where it goes (or the same unit again to support it holding)."),
    NC_("phone", "Tap the unit to support."),
    NC_("phone", "Tap the unit to convoy."),
    // TRANSLATORS: %s is the unit in notation ("A MOS").
    NC_("phone", "Tap where %s goes (lit)."),
};

// A tag's weight ("fr;q=0.8" -> 0.8; 1 without one; 0 for a bad one).
double weight_of(std::string_view params) {
  const std::size_t q = params.find("q=");
  if (q == std::string_view::npos) return 1.0;
  const std::string value(params.substr(q + 2));
  char* end = nullptr;
  const double w = std::strtod(value.c_str(), &end);
  return end != value.c_str() && w >= 0 && w <= 1 ? w : 0;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::span<const std::string_view> pad_words() { return kWords; }

std::size_t pick_language(std::string_view accept_language, const std::vector<PadLanguage>& offered) {
  std::size_t best = 0;
  double best_weight = 0;
  // Bounded: a header is at most a few kilobytes (the server's limit).
  while (!accept_language.empty()) {
    const std::size_t comma = accept_language.find(',');
    std::string_view item = trim(accept_language.substr(0, comma));
    accept_language = comma == std::string_view::npos ? std::string_view() : accept_language.substr(comma + 1);
    const std::size_t semicolon = item.find(';');
    const double weight = semicolon == std::string_view::npos ? 1.0 : weight_of(item.substr(semicolon + 1));
    std::string tag(trim(item.substr(0, semicolon)));
    tag = tag.substr(0, tag.find('-'));
    std::transform(tag.begin(), tag.end(), tag.begin(),
                   [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
    if (weight <= best_weight) continue;  // the first of equal weights wins
    for (std::size_t i = 0; i < offered.size(); ++i) {
      if (offered[i].code != tag) continue;
      best = i;
      best_weight = weight;
    }
  }
  return best;
}

std::string_view pad_word(const PadLanguage* language, std::string_view english) {
  if (!language) return english;
  const std::span<const std::string_view> words = pad_words();
  for (std::size_t i = 0; i < words.size() && i < language->words.size(); ++i)
    if (words[i] == english) return language->words[i];
  return english;
}

std::string pad_words_json(const PadLanguage* language) {
  nlohmann::json out = nlohmann::json::object();
  if (language)
    for (const std::string_view english : pad_words())
      if (const std::string_view word = pad_word(language, english); word != english)
        out[std::string(english)] = std::string(word);
  // Safe inside a <script> element: no "</" can close it.
  std::string text = out.dump();
  for (std::size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at)) text.replace(at, 2, "<\\/");
  return text;
}

}  // namespace colonial::server
