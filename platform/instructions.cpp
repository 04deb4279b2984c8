#include "instructions.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string_view>

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

namespace {

// The environment for valgrind: ours, with `extra` (NAME=VALUE) and
// glibc's copies by vector loops. glibc copies and clears large blocks with
// `rep movsb` and `rep stosb`, which callgrind counts as one instruction per
// byte (a CPU moves 32 or more bytes a cycle with them, and an ARM core has
// no such instruction): the vector loops it uses for smaller blocks are
// counted instead.
std::vector<std::string> callgrind_environment(const std::vector<std::string>& extra) {
  std::vector<std::string> env = extra;
  for (char** e = environ; *e; ++e) {
    const char* eq = std::strchr(*e, '=');
    const std::string name(*e, eq ? static_cast<std::size_t>(eq - *e) + 1 : std::strlen(*e));
    const bool replaced =
        std::any_of(extra.begin(), extra.end(), [&](const std::string& x) { return x.rfind(name, 0) == 0; });
    if (!replaced && name != "GLIBC_TUNABLES=") env.emplace_back(*e);
  }
  env.emplace_back(
      "GLIBC_TUNABLES=glibc.cpu.x86_rep_movsb_threshold=0x7fffffff:glibc.cpu.x86_rep_stosb_threshold=0x7fffffff");
  return env;
}

// Runs `args` (valgrind and its arguments) with `env`, its output in `log`;
// true when it ran to the end with status 0.
bool run_program(std::vector<std::string> args, std::vector<std::string> env, const std::string& log) {
  std::vector<char*> argv, envp;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&files, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0].c_str(), &files, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&files);
  int status = 0;
  return spawned == 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// Runs `command` under callgrind with `options`; `counts` gets the text of
// every counts file it wrote (one per dump, the last at the program's end).
bool run_callgrind(const std::vector<std::string>& command, const std::vector<std::string>& options,
                   std::vector<std::string>& counts, std::string& output, std::string& error,
                   const std::vector<std::string>& env_extra = {}) {
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
  const std::string counts_file = dir + "/callgrind.out", log = dir + "/output.txt";
  std::vector<std::string> args = {"valgrind", "--tool=callgrind", "--quiet", "--callgrind-out-file=" + counts_file};
  args.insert(args.end(), options.begin(), options.end());
  args.insert(args.end(), command.begin(), command.end());
  bool ok = run_program(args, callgrind_environment(env_extra), log);
  read_file(log, output, error);
  if (!ok) error = "valgrind --tool=callgrind did not finish: " + output;
  ::unlink(log.c_str());
  // The dumps are callgrind.out.1, .2, ... in order; the program's end is callgrind.out.
  for (int part = 1;; ++part) {
    const std::string file = counts_file + "." + std::to_string(part);
    std::string text;
    if (!read_file(file, text, error)) break;
    counts.push_back(std::move(text));
    ::unlink(file.c_str());
  }
  std::string last;
  if (read_file(counts_file, last, error)) counts.push_back(std::move(last));
  ::unlink(counts_file.c_str());
  ::rmdir(dir.c_str());
  if (ok && counts.empty()) {
    error = "callgrind wrote no counts";
    ok = false;
  }
  return ok;
}

// "totals: N" (or "summary: N"): the instructions collected.
bool read_total(const std::string& text, std::uint64_t& total, std::string& error) {
  std::size_t at = text.find("\ntotals: ");
  if (at == std::string::npos) at = text.find("\nsummary: ");
  if (at == std::string::npos) {
    error = "callgrind wrote no totals";
    return false;
  }
  total = std::strtoull(text.c_str() + text.find(':', at) + 1, nullptr, 10);
  return true;
}

// The object of "ob=(3) /usr/lib/libSDL2.so" (named at its first use, by
// number after that: callgrind's name compression).
std::string object_name(const std::string& value, std::map<std::string, std::string>& names) {
  if (value.empty() || value[0] != '(') return value;
  const std::size_t close = value.find(')');
  if (close == std::string::npos) return value;
  const std::string id = value.substr(0, close + 1);
  if (close + 1 < value.size()) names[id] = value.substr(value.find_first_not_of(' ', close + 1));
  return names[id];
}

// Each object's own instructions from a callgrind counts file: the cost
// lines under an "fn=" belong to the object of the "ob=" before it, except
// the line after "calls=", which is the callee's inclusive cost.
void own_instructions_by_object(const std::string& text, std::map<std::string, std::uint64_t>& out) {
  std::map<std::string, std::string> names;
  std::string object;
  bool call_cost = false;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + at, end - at);
    at = end + 1;
    if (line.empty()) continue;
    if (line.rfind("ob=", 0) == 0) {
      object = object_name(std::string(line.substr(3)), names);
    } else if (line.rfind("cob=", 0) == 0) {
      object_name(std::string(line.substr(4)), names);  // a callee's object, named here first
    } else if (line.rfind("calls=", 0) == 0) {
      call_cost = true;
    } else if (std::isdigit(static_cast<unsigned char>(line[0])) || line[0] == '+' || line[0] == '-' ||
               line[0] == '*') {
      // "POSITION COST": the position, then the instructions.
      const std::size_t space = line.find(' ');
      if (!call_cost && space != std::string_view::npos)
        out[object] += std::strtoull(std::string(line.substr(space + 1)).c_str(), nullptr, 10);
      call_cost = false;
    }
  }
}

}  // namespace

bool count_instructions(const std::vector<std::string>& command, const std::string& function,
                        std::uint64_t& instructions, std::string& output, std::string& error) {
  instructions = 0;
  std::vector<std::string> counts;
  return run_callgrind(command, {"--collect-atstart=no", "--toggle-collect=" + function}, counts, output, error) &&
         read_total(counts.back(), instructions, error);
}

namespace {

void add_counts(const std::string& text, InstructionCounts& into) {
  std::uint64_t total = 0;
  std::string ignored;
  if (read_total(text, total, ignored)) into.total += total;
  std::map<std::string, std::uint64_t> objects;
  own_instructions_by_object(text, objects);
  for (const auto& counted : objects) {
    const std::string& object = counted.first;
    auto it = std::find_if(into.by_object.begin(), into.by_object.end(),
                           [&object](const auto& entry) { return entry.first == object; });
    if (it == into.by_object.end())
      into.by_object.emplace_back(object, counted.second);
    else
      it->second += counted.second;
  }
}

}  // namespace

bool count_instructions_split(const std::vector<std::string>& command, const std::string& collect,
                              const std::string& split, SplitCounts& counts, std::string& output, std::string& error,
                              const std::vector<std::string>& env) {
  counts = SplitCounts();
  std::vector<std::string> options = {"--dump-before=" + split, "--dump-after=" + split};
  if (collect.empty()) {
    options.emplace_back("--collect-atstart=yes");
  } else {
    options.emplace_back("--collect-atstart=no");
    options.push_back("--toggle-collect=" + collect);
  }
  std::vector<std::string> dumps;
  if (!run_callgrind(command, options, dumps, output, error, env)) return false;
  // A dump made on leaving `split` holds one call of it; the others (on
  // entering it, at the end) what ran since the last dump, outside it.
  for (const std::string& text : dumps)
    add_counts(text, text.find("\ndesc: Trigger: --dump-after=") != std::string::npos ? counts.inside : counts.outside);
  for (InstructionCounts* c : {&counts.inside, &counts.outside})
    std::sort(c->by_object.begin(), c->by_object.end(),
              [](const auto& a, const auto& b) { return a.second > b.second; });
  return true;
}

}  // namespace colonial::platform
