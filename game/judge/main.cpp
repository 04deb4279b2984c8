// colonial-judge: the scriptable command-line judge over the rules engine.
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

#include "command.h"
#include "language.h"
#include "translate.h"

namespace colonial::judge {
namespace {
constexpr int kMaxCommands = 32;
Command g_commands[kMaxCommands];
int g_command_count = 0;

using text::tr;

void print_help() {
  std::fputs(tr("colonial-judge - the Colonial Diplomacy judge on the command line\n\n"
                "usage: colonial-judge [--language LANG] COMMAND [ARGS...]\n"
                "       colonial-judge help COMMAND     full help of one command\n"
                "       colonial-judge --version\n\n"
                "commands:\n"),
             stdout);
  for (int i = 0; i < g_command_count; ++i) {
    const std::string summary = tr(g_commands[i].summary);
    std::printf("  %-12.*s %s\n", static_cast<int>(g_commands[i].name.size()), g_commands[i].name.data(),
                summary.c_str());
  }
  std::fputs(tr("\n--language LANG (en, fr, de) chooses the language of the messages; by default\n"
                "the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Orders, records and\n"
                "`parse` keywords stay in judge notation whatever the language.\n"
                "\nExit codes: 0 success, 1 a check failed or input was rejected, 2 usage error.\n"),
             stdout);
}

const Command* find(const char* name) {
  for (int i = 0; i < g_command_count; ++i)
    if (g_commands[i].name == name) return &g_commands[i];
  return nullptr;
}

// Takes "--language LANG" (or "--language=LANG") out of the arguments, where
// it may stand before or after the command; its value, or "" when absent.
std::string take_language_option(int& argc, char** argv) {
  std::string value;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--")) {
      while (i < argc) argv[kept++] = argv[i++];
      break;
    }
    if (!std::strncmp(argv[i], "--language=", 11)) {
      value = argv[i] + 11;
    } else if (!std::strcmp(argv[i], "--language") && i + 1 < argc) {
      value = argv[++i];
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  argv[argc] = nullptr;
  return value;
}
}  // namespace

namespace {
volatile std::sig_atomic_t g_stop = 0;
void on_stop_signal(int) { g_stop = 1; }
}  // namespace

void stop_on_signals() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

bool stop_requested() { return g_stop != 0; }

double monotonic_seconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

CommandRegistration::CommandRegistration(const Command& c) {
  if (g_command_count < kMaxCommands) g_commands[g_command_count++] = c;
}

}  // namespace colonial::judge

int main(int argc, char** argv) {
  using namespace colonial::judge;
  using colonial::text::tr;
  const colonial::text::LanguageChoice language =
      colonial::text::use_language(colonial::text::requested_language(take_language_option(argc, argv)));
  if (!language.warning.empty()) std::fprintf(stderr, tr("colonial-judge: %s\n"), language.warning.c_str());
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    print_help();
    return argc < 2 ? 2 : 0;
  }
  if (!std::strcmp(argv[1], "--version")) {
    std::printf("colonial-judge %s\n", COLONIAL_VERSION);
    return 0;
  }
  if (!std::strcmp(argv[1], "help") && argc >= 3) {
    const Command* c = find(argv[2]);
    if (!c) {
      std::fprintf(stderr, tr("colonial-judge: no command '%s'; run colonial-judge --help\n"), argv[2]);
      return 2;
    }
    std::printf("%s\n", (c->usage_text ? c->usage_text() : tr(c->usage)).c_str());
    return 0;
  }
  const Command* c = find(argv[1]);
  if (!c) {
    std::fprintf(stderr, tr("colonial-judge: no command '%s'; run colonial-judge --help\n"), argv[1]);
    return 2;
  }
  return c->run(argc - 2, argv + 2);
}
