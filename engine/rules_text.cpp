#include "rules_text.h"

#include "game.h"
#include "phrases.h"

namespace colonial {

namespace {

struct SectionPhrases {
  Phrase title, body;
};

// From the 1995 rulebook and its errata.
constexpr SectionPhrases kOrders[] = {
    {Phrase::RulesTurnTitle, Phrase::RulesTurn},         {Phrase::RulesMoveTitle, Phrase::RulesMove},
    {Phrase::RulesSupportTitle, Phrase::RulesSupport},   {Phrase::RulesConvoyTitle, Phrase::RulesConvoy},
    {Phrase::RulesRetreatsTitle, Phrase::RulesRetreats},
};

// From the rulebook of Diplomacy: Era of Empire (Renegade Game Studios,
// 2025): "Object of the game", "Gaining and losing units phase", "Civil
// Disorder", "Alternate ways to play".
constexpr SectionPhrases kEraOfEmpire[] = {
    {Phrase::RulesEoeTitle, Phrase::RulesEoe},
    {Phrase::RulesEoeYearTitle, Phrase::RulesEoeYear},
    {Phrase::RulesWinningTitle, Phrase::RulesEoeWinning},
    {Phrase::RulesEoeConscriptionTitle, Phrase::RulesEoeConscription},
    {Phrase::RulesEoeConversionTitle, Phrase::RulesEoeConversion},
    {Phrase::RulesEoeBuildsTitle, Phrase::RulesEoeBuilds},
    {Phrase::RulesEoeDisorderTitle, Phrase::RulesEoeDisorder},
    {Phrase::RulesEoePlayersTitle, Phrase::RulesEoePlayers},
    {Phrase::RulesEoeNotUsedTitle, Phrase::RulesEoeNotUsed},
};

template <int N>
void add_sections(const SectionPhrases (&sections)[N], RulesSections& out) {
  for (const SectionPhrases& s : sections) out.push_back({phrase(s.title), phrase(s.body)});
}

}  // namespace

bool plays_era_of_empire(const GameSettings& settings) {
  const RuleOptions& r = settings.rules;
  return r.conscription || r.conversion || r.civil_disorder == CivilDisorderRule::EraOfEmpire ||
         settings.endings == Endings::EraOfEmpire;
}

void rules_sections(const GameSettings& settings, RulesSections& out) {
  out.clear();
  add_sections(kOrders, out);
  if (plays_era_of_empire(settings)) {
    add_sections(kEraOfEmpire, out);
  } else {
    // The one paragraph with a number of this game's in it.
    thread_local FixedString<1024> winning;
    winning.clear();
    append_phrase(winning, CountedPhrase::RulesWinning, settings.victory_colonies);
    out.push_back({phrase(Phrase::RulesColoniesTitle), phrase(Phrase::RulesColonies)});
    out.push_back({phrase(Phrase::RulesWinningTitle), winning.view()});
    out.push_back({phrase(Phrase::RulesLimitsTitle),
                   phrase(settings.time_limit_measure == EndMeasure::Units ? Phrase::RulesLimitUnits
                                                                           : Phrase::RulesLimitColonies)});
  }
  if (settings.rules.hong_kong) out.push_back({phrase(Phrase::RulesHongKongTitle), phrase(Phrase::RulesHongKong)});
  if (settings.rules.railroad) out.push_back({phrase(Phrase::RulesRailroadTitle), phrase(Phrase::RulesRailroad)});
  if (settings.rules.canal) out.push_back({phrase(Phrase::RulesCanalTitle), phrase(Phrase::RulesCanal)});
}

std::string_view rules_title(const GameSettings& settings) {
  return phrase(plays_era_of_empire(settings) ? Phrase::RulesEoeTitle : Phrase::RulesColonialTitle);
}

RulesText rules_text(std::string_view preset) {
  if (preset != "era-of-empire") return RulesText{};
  thread_local RulesSections sections;
  sections.clear();
  add_sections(kEraOfEmpire, sections);
  return RulesText{phrase(Phrase::RulesEoeTitle), sections.begin(), sections.size()};
}

}  // namespace colonial
