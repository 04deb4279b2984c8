#include "instructions.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "files.h"

namespace colonial::platform {

namespace {

bool on_path(const char* program) {
  const char* path = std::getenv("PATH");
  std::string dirs = path && *path ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t end = dirs.find(':', start);
    const std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!dir.empty() && ::access((dir + "/" + program).c_str(), X_OK) == 0) return true;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return false;
}

}  // namespace

std::string own_executable() {
  char exe[4096];
  const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  return n > 0 ? std::string(exe, static_cast<std::size_t>(n)) : std::string();
}

bool count_instructions(const std::vector<std::string>& command, const std::string& function,
                        std::uint64_t& instructions, std::string& output, std::string& error) {
  instructions = 0;
  if (!on_path("valgrind")) {
    error =
        "instruction counts need valgrind's callgrind (this machine has no hardware counters to read): "
        "apt-get install valgrind";
    return false;
  }
  char dir_template[] = "/tmp/colonial-callgrind-XXXXXX";
  if (!::mkdtemp(dir_template)) {
    error = std::string("cannot make a directory in /tmp: ") + std::strerror(errno);
    return false;
  }
  const std::string dir = dir_template;
  const std::string counts = dir + "/callgrind.out", log = dir + "/output.txt";
  std::vector<std::string> args = {"valgrind",
                                   "--tool=callgrind",
                                   "--quiet",
                                   "--callgrind-out-file=" + counts,
                                   "--collect-atstart=no",
                                   "--toggle-collect=" + function};
  args.insert(args.end(), command.begin(), command.end());
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&files, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "valgrind", &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  int status = 0;
  bool ok = spawned == 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  std::string text;
  read_file(log, output, error);
  if (!ok) {
    error = "valgrind --tool=callgrind did not finish: " + output;
  } else if (!read_file(counts, text, error)) {
    ok = false;
  } else {
    // "totals: N" (or "summary: N") holds the instructions collected.
    std::size_t at = text.find("\ntotals: ");
    if (at == std::string::npos) at = text.find("\nsummary: ");
    if (at == std::string::npos) {
      error = "callgrind wrote no totals";
      ok = false;
    } else {
      instructions = std::strtoull(text.c_str() + text.find(':', at) + 1, nullptr, 10);
    }
  }
  ::unlink(counts.c_str());
  ::unlink(log.c_str());
  ::rmdir(dir.c_str());
  return ok;
}

}  // namespace colonial::platform
