// colonial-judge rules --preset NAME: prints a preset's rules summary, the
// text the app's rules help screen shows for it.
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "command.h"
#include "command_line.h"
#include "rules_text.h"

namespace colonial::judge {
namespace {

constexpr std::string_view kRulesUsage =
    "usage: colonial-judge rules --preset era-of-empire\n"
    "\n"
    "Prints the rules summary of a preset, as the app's rules help screen shows\n"
    "it: for era-of-empire, the rules of Diplomacy: Era of Empire (2025) as this\n"
    "program plays them on the Colonial board.\n";

// Words wrapped at 78 columns.
void print_wrapped(std::string_view text) {
  std::size_t column = 0;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
    if (column > 0 && column + 1 + word.size() > 78) {
      std::printf("\n");
      column = 0;
    } else if (column > 0) {
      std::printf(" ");
      ++column;
    }
    std::printf("%.*s", static_cast<int>(word.size()), word.data());
    column += word.size();
  }
  std::printf("\n");
}

int run_rules(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("rules", kRulesUsage, argc, argv, {{"preset", true}}, 0, 0, code)) return code;
  const std::string preset = cl.value("preset");
  const RulesText text = rules_text(preset);
  if (text.count == 0) {
    std::fprintf(stderr, "colonial-judge rules: no rules summary for preset '%s' (there is one for era-of-empire)\n",
                 preset.c_str());
    return 2;
  }
  std::printf("%.*s\n", static_cast<int>(text.title.size()), text.title.data());
  for (int i = 0; i < text.count; ++i) {
    const RulesSection& s = text.sections[i];
    std::printf("\n%.*s\n", static_cast<int>(s.title.size()), s.title.data());
    print_wrapped(s.body);
  }
  return 0;
}

const CommandRegistration registration({
    "rules",
    "print a preset's rules summary (the app's rules help text)",
    kRulesUsage,
    &run_rules,
});

}  // namespace
}  // namespace colonial::judge
