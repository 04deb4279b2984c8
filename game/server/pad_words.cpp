#include "pad_words.h"

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "web_text.h"

namespace colonial::server {

namespace {

// pad.html ({{t:...}}), pad.js and board.js (T("...")); a test checks that
// every word they use is here.
constexpr std::string_view kWords[] = {
    NC_("phone", "The board: tap a unit, then where it goes"),
    // The page's headings and the board's alternative: every unit's legal
    // orders as a list (for a screen reader, a keyboard, a board without art).
    NC_("phone", "The board"),
    NC_("phone", "The same orders are listed by unit below the board."),
    NC_("phone", "Orders by unit"),
    NC_("phone", "Your orders"),
    // TRANSLATORS: a unit's choice in the list of orders when it has none yet.
    NC_("phone", "no order"),
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
    // TRANSLATORS: a power's name and what is said of it, as the language
    // writes a colon: the table's list ("Britain: waiting"), what the game
    // master's tablet saved for it ("Britain: 2 orders saved").
    NC_("phone", "%s: %s"),
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
    // A scored game's points at its end: the table's heading and columns,
    // and the marks of the solo's winner and of the draw's members.
    // TRANSLATORS: %s is the scoring system's name ("Carnage", "Sum of Squares").
    NC_("phone", "Scoring: %s"),
    NC_("phone", "Power"),
    NC_("phone", "Player"),
    NC_("phone", "Colonies"),
    NC_("phone", "Points"),
    // TRANSLATORS: marks the player who won alone, in the table of points.
    NC_("phone", "Victory"),
    // TRANSLATORS: marks a player sharing the draw, in the table of points.
    NC_("phone", "Draw"),
    // The board's colours: the printed board's, or a palette for a
    // colour-vision deficiency.
    NC_("phone", "Colours"),
    NC_("phone", "Printed board"),
    NC_("phone", "Red-blind (protanopia)"),
    NC_("phone", "Green-blind (deuteranopia)"),
    NC_("phone", "Blue-blind (tritanopia)"),
    NC_("phone",
        // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one sentence, cut for the line's length
        "The colours saved on this device are not known to this version of Colonial; the printed board's colours "
        "are used."),
};

// The game master's page's own words: gm.html ({{t:...}}) and gm.js
// (T("...")), besides the pad's (the tablet's board is the pad's); a test
// checks that every word they use is in one of the lists.
constexpr std::string_view kGmWords[] = {
    NC_("game master", "Game master"),
    NC_("game master", "Start"),
    NC_("game master", "Pause"),
    NC_("game master", "Reset"),
    NC_("game master", "The game master's page needs JavaScript."),
    NC_("game master", "Powers"),
    // TRANSLATORS: followed by an example in notation, "A MOS - OMS".
    NC_("game master", "Orders, one a line, for example:"),
    NC_("game master", "Save"),
    NC_("game master", "Clear"),
    NC_("game master", "Order sheet"),
    NC_("game master", "History"),
    NC_("game master", "Roll back"),
    NC_("game master", "Play the phase"),
    // TRANSLATORS: followed by an example in notation, "Britain: F HK S A TON - CAN".
    NC_("game master", "Type or paste everyone's orders, one or several a line, each saying whose:"),
    NC_("game master", "Each line is checked as you type."),
    NC_("game master", "Accept"),
    NC_("game master", "Show before"),
    NC_("game master", "Show after"),
    NC_("game master", "Back to play"),
    NC_("game master", "Next phase"),
    NC_("game master", "Earlier"),
    NC_("game master", "Later"),
    // TRANSLATORS: %s is a power's name.
    NC_("game master", "%s is done."),
    // TRANSLATORS: %s is a power's name.
    NC_("game master", "%s is not done."),
    // TRANSLATORS: the phase, then a power's name.
    NC_("game master", "%s: %s's orders in black, the others' in grey"),
    NC_("game master", "%s: results (arrows: green done, red failed)"),
    NC_("game master", "%s: the board before it was played"),
    NC_("game master", "%s: the order sheet's good lines"),
    NC_("game master", "Accept the good lines (%s), leave out the bad"),
    NC_("game master", "Accept the lines (%s)"),
    NC_("game master", "Adjudicate"),
    NC_("game master", "Wait"),
    NC_("game master", "Game over"),
    NC_("game master", "Here the game master edited the position."),
    NC_("game master", "The computer is choosing its orders"),
    NC_("game master", "Its orders are shown with the results."),
    NC_("game master", "Keep the game"),
    NC_("game master", "Play it again"),
    // TRANSLATORS: %s is the phase played again.
    NC_("game master",
        // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one sentence, cut for the line's length
        "Play %s again? It is undone, with anything played after it, and kept as a branch that can be restored. The "
        "orders given in it are handed in again, to be corrected."),
    NC_("game master", "Lines with errors left out: %s."),
    NC_("game master", "Longer than one phase can take."),
    // TRANSLATORS: %s is a list of units in notation ("A DEL, F BOM").
    NC_("game master", "No orders, held: %s"),
    NC_("game master", "Nothing happened in this phase."),
    // TRANSLATORS: %s is a list of powers.
    NC_("game master", "Orders taken for %s."),
    NC_("game master", "Results: %s"),
    NC_("game master", "Voted for a draw: %s."),
    NC_("game master", "Surrendered: %s."),
    NC_("game master", "The table cannot be reached: is the tablet on its Wi-Fi?"),
    // TRANSLATORS: what a power's seat is: "no orders", "computer", "done", "waiting".
    NC_("game master", "no orders"),
    NC_("game master", "computer"),
    NC_("game master", "line %s: %s"),
    // TRANSLATORS: where the history is: "phase 3 of 12".
    NC_("game master", "phase %s of %s"),
    NC_("game master", "units: %s, colonies: %s"),
};

// A word of `list` in the language whose translations of it are `words`
// (English when it has none), or null when `list` lacks it.
const std::string_view* word_in(std::span<const std::string_view> list, const std::vector<std::string>& words,
                                std::string_view english, std::string_view& out) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i] != english) continue;
    out = i < words.size() ? std::string_view(words[i]) : english;
    return &list[i];
  }
  return nullptr;
}

// Adds each word of `list` that `words` translates to `out` (English -> word).
void add_words(nlohmann::json& out, std::span<const std::string_view> list, const std::vector<std::string>& words) {
  for (std::size_t i = 0; i < list.size() && i < words.size(); ++i)
    if (words[i] != list[i]) out[std::string(list[i])] = words[i];
}

// JSON safe inside a <script> element: no "</" can close it.
std::string script_json(const nlohmann::json& j) {
  std::string text = j.dump();
  for (std::size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at)) text.replace(at, 2, "<\\/");
  return text;
}

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
std::span<const std::string_view> gm_words() { return kGmWords; }

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

std::string page_language(const PadLanguage* language) {
  return html_escape(language ? language->code : std::string("en"));
}

std::string_view pad_word(const PadLanguage* language, std::string_view english) {
  std::string_view word = english;
  if (language) word_in(kWords, language->words, english, word);
  return word;
}

std::string_view gm_word(const PadLanguage* language, std::string_view english) {
  std::string_view word = english;
  if (language && !word_in(kGmWords, language->gm_words, english, word))
    word_in(kWords, language->words, english, word);
  return word;
}

std::string_view scoring_label(const PadLanguage* language, ScoringSystem system) {
  const auto index = static_cast<std::size_t>(system);
  if (language && index < language->scoring_labels.size()) return language->scoring_labels[index];
  return scoring_system_info(system).label;
}

std::string pad_words_json(const PadLanguage* language) {
  nlohmann::json out = nlohmann::json::object();
  if (language) add_words(out, kWords, language->words);
  return script_json(out);
}

std::string gm_words_json(const PadLanguage* language) {
  nlohmann::json out = nlohmann::json::object();
  if (language) {
    add_words(out, kWords, language->words);
    add_words(out, kGmWords, language->gm_words);
  }
  return script_json(out);
}

void translate_marks(std::string& page, const std::function<std::string_view(std::string_view)>& word) {
  for (std::size_t at = page.find("{{t:"); at != std::string::npos; at = page.find("{{t:", at)) {
    const std::size_t end = page.find("}}", at);
    if (end == std::string::npos) return;
    const std::string text = html_escape(word(std::string_view(page).substr(at + 4, end - at - 4)));
    page.replace(at, end + 2 - at, text);
    at += text.size();
  }
}

}  // namespace colonial::server
