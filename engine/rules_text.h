// Rules summaries people read: the app's rules help screen shows the one for
// the game's preset, `colonial-judge rules` prints it. Written for this
// project from the rulebooks; they summarise, the rulebooks decide.
#pragma once

#include <string_view>

namespace colonial {

struct RulesSection {
  std::string_view title;
  std::string_view body;  // one paragraph
};

struct RulesText {
  std::string_view title;
  const RulesSection* sections = nullptr;
  int count = 0;
};

// The summary for a preset: "era-of-empire" (the rules of Diplomacy: Era of
// Empire played on the Colonial board). Empty (count 0) for a name that has
// none of its own.
RulesText rules_text(std::string_view preset);

}  // namespace colonial
