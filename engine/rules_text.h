// Rules summaries people read: the app's rules help screen shows the one for
// the game's settings, `colonial-judge rules` prints a preset's. Written for
// this project from the rulebooks; they summarise, the rulebooks decide.
// The words are phrases (phrases.h): in the language handed over, English
// otherwise.
#pragma once

#include <string_view>

#include "fixed.h"

namespace colonial {

struct GameSettings;

struct RulesSection {
  std::string_view title;
  std::string_view body;  // one paragraph
};

inline constexpr int kMaxRulesSections = 20;
using RulesSections = FixedVector<RulesSection, kMaxRulesSections>;

// True when the settings play Diplomacy: Era of Empire's rules (any of its
// options: conscription, conversion, its civil disorder or its endings).
bool plays_era_of_empire(const GameSettings& settings);

// The summary of the rules a game with these settings plays: the turn,
// the orders, retreats; the 1995 adjustments and how to win, or Era of
// Empire's rules; rules 9.1-9.3 where they are in force. The views stay
// good on this thread until the next call.
void rules_sections(const GameSettings& settings, RulesSections& out);
// "Colonial Diplomacy rules" or "Era of Empire rules".
std::string_view rules_title(const GameSettings& settings);

struct RulesText {
  std::string_view title;
  const RulesSection* sections = nullptr;
  int count = 0;
};

// Era of Empire's own sections, for a help screen that shows them in place
// of the 1995 adjustments: the summary for "era-of-empire", empty (count 0)
// for any other name. The sections stay good on this thread until the next
// call.
RulesText rules_text(std::string_view preset);

}  // namespace colonial
