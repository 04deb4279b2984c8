// A judge command's arguments, read by getopt_long (the C library's): long
// options as "--name VALUE" or "--name=VALUE" (or an unambiguous
// abbreviation), "-o FILE" for the one short option, anywhere among the
// other words; "--" ends the options. --help (-h) prints the command's help.
// Unknown options, missing values and a wrong number of words are refused
// with a message that names them and the command's help.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace colonial::judge {

struct OptionSpec {
  const char* name;     // "power" for --power
  bool takes_value;     // --power POWER; else a switch
  char short_name = 0;  // 'o' for -o
};

class CommandLine {
 public:
  // Reads argv[0..argc) of `command` (the words after the command's name).
  // `usage` is printed for --help; a bad line prints its reason. The words
  // that are not options must number from min_words to max_words. Returns
  // false when the command must stop: `exit_code` is then 0 after --help,
  // 2 after a bad line.
  bool parse(std::string_view command, std::string_view usage, int argc, char** argv,
             const std::vector<OptionSpec>& specs, int min_words, int max_words, int& exit_code);

  bool has(std::string_view name) const;
  // The option's value (the last when given more than once), or `fallback`.
  std::string value(std::string_view name, std::string fallback = {}) const;
  // Every option given, in order: (name, value or "").
  const std::vector<std::pair<std::string, std::string>>& options() const { return options_; }
  // The words that are not options, in order.
  const std::vector<std::string>& words() const { return words_; }
  const std::string& word(std::size_t i) const { return words_.at(i); }

 private:
  std::vector<std::pair<std::string, std::string>> options_;
  std::vector<std::string> words_;
};

}  // namespace colonial::judge
