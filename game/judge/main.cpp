// colonial-judge: the scriptable command-line judge over the rules engine.
#include <cstdio>
#include <cstring>

#include "command.h"

namespace colonial::judge {
namespace {
constexpr int kMaxCommands = 32;
Command g_commands[kMaxCommands];
int g_command_count = 0;

void print_help() {
  std::printf(
      "colonial-judge - the Colonial Diplomacy judge on the command line\n\n"
      "usage: colonial-judge COMMAND [ARGS...]\n"
      "       colonial-judge help COMMAND     full help of one command\n"
      "       colonial-judge --version\n\n"
      "commands:\n");
  for (int i = 0; i < g_command_count; ++i)
    std::printf("  %-12.*s %.*s\n", static_cast<int>(g_commands[i].name.size()), g_commands[i].name.data(),
                static_cast<int>(g_commands[i].summary.size()), g_commands[i].summary.data());
  std::printf("\nExit codes: 0 success, 1 a check failed or input was rejected, 2 usage error.\n");
}

const Command* find(const char* name) {
  for (int i = 0; i < g_command_count; ++i)
    if (g_commands[i].name == name) return &g_commands[i];
  return nullptr;
}
}  // namespace

CommandRegistration::CommandRegistration(const Command& c) {
  if (g_command_count < kMaxCommands) g_commands[g_command_count++] = c;
}

}  // namespace colonial::judge

int main(int argc, char** argv) {
  using namespace colonial::judge;
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
      std::fprintf(stderr, "colonial-judge: no command '%s'; run colonial-judge --help\n", argv[2]);
      return 2;
    }
    std::printf("%.*s\n", static_cast<int>(c->usage.size()), c->usage.data());
    return 0;
  }
  const Command* c = find(argv[1]);
  if (!c) {
    std::fprintf(stderr, "colonial-judge: no command '%s'; run colonial-judge --help\n", argv[1]);
    return 2;
  }
  return c->run(argc - 2, argv + 2);
}
