#include "tests/process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace gts::testing {

std::string harness_path() {
  const char* p = std::getenv("GTS_HARNESS");
  return p != nullptr && *p != '\0' ? p : GTS_HARNESS_PATH;
}

std::string test_harness_path() {
  const char* p = std::getenv("GTS_TEST_HARNESS");
  return p != nullptr && *p != '\0' ? p : GTS_TEST_HARNESS_PATH;
}

std::string make_temp_dir() {
  std::string tmpl = (std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp");
  tmpl += "/gts-test-XXXXXX";
  if (mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return tmpl;
}

std::string find_chromium() {
  if (const char* forced = std::getenv("GTS_CHROMIUM"); forced != nullptr && *forced != '\0') {
    return forced;
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/bin";
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
      const std::filesystem::path p = std::filesystem::path(dirs.substr(start, end - start)) / name;
      if (!p.parent_path().empty() && access(p.c_str(), X_OK) == 0) return p.string();
    }
    start = end + 1;
  }
  return "";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

namespace {

int spawn_with_files(const std::string& program, const std::vector<std::string>& args,
                     const std::string& in_path, const std::string& out_path,
                     const std::string& err_path) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, in_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  std::vector<std::string> argv_store = {program};
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_store) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + argv_store[0]);
  return pid;
}

}  // namespace

int spawn_harness(const std::vector<std::string>& args, const std::string& out_path,
                  const std::string& err_path) {
  return spawn_with_files(harness_path(), args, "/dev/null", out_path, err_path);
}

int wait_process(int pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

ProcessResult run_program(const std::string& program, const std::vector<std::string>& args,
                          const std::string& input) {
  const std::string dir = make_temp_dir();
  const std::string in_path = dir + "/stdin", out_path = dir + "/stdout",
                    err_path = dir + "/stderr";
  std::ofstream(in_path, std::ios::binary) << input;

  ProcessResult r;
  r.exit_code = wait_process(spawn_with_files(program, args, in_path, out_path, err_path));
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  rmdir(dir.c_str());
  return r;
}

ProcessResult run_harness(const std::vector<std::string>& args, const std::string& input) {
  return run_program(harness_path(), args, input);
}

ProcessResult run_test_harness(const std::vector<std::string>& args) {
  return run_program(test_harness_path(), args, "");
}

ProcessResult run_harness_in_memory(long kib, const std::vector<std::string>& args) {
  std::vector<std::string> shell = {
      "-c", "ulimit -v " + std::to_string(kib) + " && exec \"$0\" \"$@\"", harness_path()};
  shell.insert(shell.end(), args.begin(), args.end());
  return run_program("/bin/sh", shell, "");
}

bool harness_says_before(const std::vector<std::string>& args, const std::string& text,
                         double seconds, std::string* err) {
  const std::string dir = make_temp_dir();
  const std::string err_path = dir + "/stderr";
  const int pid = spawn_harness(args, dir + "/stdout", err_path);
  bool said = false, exited = false;
  for (int waited_ms = 0; waited_ms < seconds * 1000 && !said && !exited; waited_ms += 20) {
    exited = waitpid(pid, nullptr, WNOHANG) == pid;
    // The whole line: stderr is unbuffered, so a line can be read half written.
    const std::string so_far = read_file(err_path);
    const auto at = so_far.find(text);
    said = at != std::string::npos && so_far.find('\n', at) != std::string::npos;
    if (!said && !exited) usleep(20000);
  }
  if (!exited) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  if (err != nullptr) *err = read_file(err_path);
  std::filesystem::remove_all(dir);
  return said;
}

}  // namespace gts::testing
