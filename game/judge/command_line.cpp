#include "command_line.h"

#include <getopt.h>

#include <cstdio>

#include "session.h"
#include "translate.h"

namespace colonial::judge {

bool CommandLine::parse(std::string_view command, std::string_view usage, int argc, char** argv,
                        const std::vector<OptionSpec>& specs, int min_words, int max_words, int& exit_code) {
  exit_code = 2;
  options_.clear();
  words_.clear();
  const std::string name(command);
  const std::string see = text::format(text::tr(" (see colonial-judge help %s)"), name.c_str());
  const std::string help = text::tr(usage);

  // getopt_long wants the program's name first, and may reorder the rest.
  std::string program = "colonial-judge " + name;
  std::vector<char*> args;
  args.push_back(program.data());
  for (int i = 0; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);

  constexpr int kHelp = 1000;
  std::vector<option> long_options;
  // ':' first: a missing value is told apart from an unknown option. GNU's
  // reordering lets options come after the words ("show GAME --style x").
  std::string short_options = ":h";
  long_options.push_back({"help", no_argument, nullptr, kHelp});
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const OptionSpec& s = specs[i];
    long_options.push_back({s.name, s.takes_value ? required_argument : no_argument, nullptr, static_cast<int>(i)});
    if (s.short_name) {
      short_options += s.short_name;
      if (s.takes_value) short_options += ':';
    }
  }
  long_options.push_back({nullptr, 0, nullptr, 0});

  opterr = 0;
  optind = 0;  // 0, not 1: getopt_long starts afresh for each command line
  const int count = static_cast<int>(args.size()) - 1;
  int id = 0;
  int index = -1;
  while ((id = getopt_long(count, args.data(), short_options.c_str(), long_options.data(), &index)) != -1) {
    if (id == kHelp || id == 'h') {
      std::fwrite(help.data(), 1, help.size(), stdout);
      exit_code = 0;
      return false;
    }
    if (id == ':') {
      fail(command, text::format(text::tr("%s needs a value"), args[static_cast<std::size_t>(optind) - 1]) + see, 2);
      return false;
    }
    const OptionSpec* spec = nullptr;
    if (id >= 0 && id < static_cast<int>(specs.size())) {
      spec = &specs[static_cast<std::size_t>(id)];
    } else {
      for (const OptionSpec& s : specs)
        if (s.short_name && s.short_name == id) spec = &s;
    }
    if (!spec) {
      fail(command, text::format(text::tr("unknown option '%s'"), args[static_cast<std::size_t>(optind) - 1]) + see, 2);
      return false;
    }
    options_.emplace_back(spec->name, spec->takes_value && optarg ? optarg : "");
  }
  for (int i = optind; i < count; ++i) words_.emplace_back(args[static_cast<std::size_t>(i)]);
  const int words = static_cast<int>(words_.size());
  // The usage's first line ("usage: colonial-judge show GAME") says what is wanted.
  const std::string usage_line = help.substr(0, help.find('\n'));
  if (words < min_words) {
    fail(command, text::format(text::tr("too few arguments; %s"), usage_line.c_str()), 2);
    return false;
  }
  if (words > max_words) {
    fail(command,
         text::format(text::tr("unexpected argument '%s'; %s"), words_[static_cast<std::size_t>(max_words)].c_str(),
                      usage_line.c_str()),
         2);
    return false;
  }
  return true;
}

bool CommandLine::has(std::string_view name) const {
  for (const auto& [option, value] : options_)
    if (option == name) return true;
  return false;
}

std::string CommandLine::value(std::string_view name, std::string fallback) const {
  for (auto it = options_.rbegin(); it != options_.rend(); ++it)
    if (it->first == name) return it->second;
  return fallback;
}

}  // namespace colonial::judge
