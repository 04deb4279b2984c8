// colonial-judge rules --preset NAME: prints a preset's rules summary, the
// text the app's rules help screen shows for a game of that preset.
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "command.h"
#include "command_line.h"
#include "game.h"
#include "rules_text.h"
#include "session.h"
#include "translate.h"

namespace colonial::judge {
namespace {

constexpr std::string_view kRulesUsage =
    N_("usage: colonial-judge rules --preset ah1995|club|judges|era-of-empire\n"
       "\n"
       "Prints the rules in brief for a game of the preset, as the app's rules help\n"
       "screen shows them: the orders, retreats, adjustments and how to win, and\n"
       "the optional rules the preset plays (Hong Kong, the Trans-Siberian Railroad,\n"
       "the Suez Canal); for era-of-empire, the rules of Diplomacy: Era of Empire\n"
       "(2025) as this program plays them on the Colonial board.\n");

// Words wrapped at 78 columns (of characters, not bytes).
void print_wrapped(std::string_view text) {
  auto width = [](std::string_view s) {
    std::size_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
  };
  std::size_t column = 0;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
    if (column > 0 && column + 1 + width(word) > 78) {
      std::printf("\n");
      column = 0;
    } else if (column > 0) {
      std::printf(" ");
      ++column;
    }
    std::printf("%.*s", static_cast<int>(word.size()), word.data());
    column += width(word);
  }
  std::printf("\n");
}

int run_rules(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("rules", kRulesUsage, argc, argv, {{"preset", true}}, 0, 0, code)) return code;
  const std::string preset = cl.value("preset");
  Map& map = session().map;
  if (!load_variant("colonial", map)) return 1;
  GameSettings settings = map_default_settings(map);
  if (!colonial_preset(map, preset, settings))
    return fail("rules",
                text::format(text::tr("no preset '%s' (ah1995, club, judges or era-of-empire)"), preset.c_str()), 2);
  RulesSections sections;
  rules_sections(settings, sections);
  const std::string_view title = rules_title(settings);
  std::printf("%.*s\n", static_cast<int>(title.size()), title.data());
  for (const RulesSection& s : sections) {
    std::printf("\n%.*s\n", static_cast<int>(s.title.size()), s.title.data());
    print_wrapped(s.body);
  }
  return 0;
}

const CommandRegistration rules_registration({
    "rules",
    N_("print a preset's rules summary (the app's rules help text)"),
    kRulesUsage,
    &run_rules,
});

}  // namespace
}  // namespace colonial::judge
