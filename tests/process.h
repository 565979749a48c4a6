// Runs the harness binary (the build's, or $GTS_HARNESS) as a child process, as a user or a
// script would, and collects its exit code, stdout and stderr.
#pragma once

#include <string>
#include <vector>

namespace gts::testing {

struct ProcessResult {
  int exit_code = -1;  // 128 + signal number when killed by a signal
  std::string out;
  std::string err;
};

// The harness executable under test (the build's, or $GTS_HARNESS), and the same program with
// the test-only players registered (tests/harness_with_test_players.cpp, or $GTS_TEST_HARNESS).
std::string harness_path();
std::string test_harness_path();

// Runs `program args...` (a path, not searched in PATH) to completion; `input` is fed to stdin.
ProcessResult run_program(const std::string& program, const std::vector<std::string>& args,
                          const std::string& input = "");
// Runs `harness args...` to completion; `input` is fed to stdin.
ProcessResult run_harness(const std::vector<std::string>& args, const std::string& input = "");
// The same with the test-only players available.
ProcessResult run_test_harness(const std::vector<std::string>& args);
// `harness args...` under an address-space limit of `kib` KiB (ulimit -v): a table the machine
// cannot give. (The sanitizers reserve far more address space than any such limit leaves.)
ProcessResult run_harness_in_memory(long kib, const std::vector<std::string>& args);
// Starts `harness args...` and waits until its stderr holds a whole line with `text` (true) or
// it exits or `seconds` pass (false), then kills it: what a command says before endless work.
bool harness_says_before(const std::vector<std::string>& args, const std::string& text,
                         double seconds, std::string* err = nullptr);

// Starts `harness args...` in the background with stdout and stderr going to files; returns its
// pid. wait_process() reaps it and returns the exit code (128 + signal when killed).
int spawn_harness(const std::vector<std::string>& args, const std::string& out_path,
                  const std::string& err_path);
int wait_process(int pid);

// $GTS_CHROMIUM, else Debian's chromium (or another Chromium) in PATH; "" when there is none.
std::string find_chromium();

// A fresh empty directory under the system temp dir.
std::string make_temp_dir();

std::string read_file(const std::string& path);

}  // namespace gts::testing
