// A run folder read while its run goes on (run.yaml: status running): `replay`, `verify` and
// `report` read the games written so far, say how far the run is, and exit 0; once the run is
// killed, a changed number in its journal is still named as damage.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>

#include "harness/pipeline/sha256.h"
#include "tests/process.h"
#include "tests/report/report_test_util.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::lines_of;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::write_config;

// Far more games than the test waits for: the run is killed long before its end.
const char* kLong = R"(name: live
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: a, algorithm: alphabeta, depth: 9}
  - {name: b, algorithm: alphabeta, depth: 10}
openings: {kind: random, count: 1000, plies: 6}
output: {moves: true}
seed: 3
)";

std::size_t rows_of(const std::string& path) {
  std::ifstream in(path);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

// How many lines of DIR/games.csv the manifest's hash covers (0: it lists none): a killed run's
// lines after its last checkpoint are accepted unverified, so damage is made within these.
std::size_t verified_lines(const std::string& run) {
  const std::string manifest = read_file(run + "/manifest.sha256");
  const std::size_t at = manifest.find("  games.csv\n");
  if (at == std::string::npos || at < 64) return 0;
  const std::string hash = manifest.substr(at - 64, 64);
  const std::string text = read_file(run + "/games.csv");
  Sha256 h;
  std::size_t lines = 0;
  for (std::size_t start = 0, nl; (nl = text.find('\n', start)) != std::string::npos;
       start = nl + 1) {
    h.update(std::string_view(text).substr(start, nl + 1 - start));
    ++lines;
    if (h.hex() == hash) return lines;
  }
  return 0;
}

// "DIR: run in progress: N of 2000 games done", N at least `min`.
void expect_progress(const std::string& out, const std::string& run, std::size_t min) {
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      out, m, std::regex(run + ": run in progress: ([0-9]+) of 2000 games done\n")))
      << out;
  EXPECT_GE(std::stoul(m[1]), min) << out;
}

TEST(RunningFolder, IsReadAsFarAsItGoesAndDamageIsStillNamed) {
  const std::string dir = make_temp_dir();
  const std::string run = dir + "/run";
  const int pid = testing::spawn_harness(
      {"run", write_config(dir, "live.yaml", kLong), "--out", run, "--threads", "1", "--quiet"},
      dir + "/out", dir + "/err");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (rows_of(run + "/games.csv") < 4 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_GE(rows_of(run + "/games.csv"), 4u) << read_file(dir + "/err");
  ASSERT_NE(read_file(run + "/run.yaml").find("status: running"), std::string::npos);

  const auto replay = run_harness({"replay", run});
  EXPECT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_EQ(replay.err, "");
  expect_progress(replay.out, run, 3);
  const auto verify = run_harness({"verify", run});
  EXPECT_EQ(verify.exit_code, 0) << verify.err;
  expect_progress(verify.out, run, 3);
  if (testing::have_gnuplot()) {
    const auto report = run_harness({"report", run, "--out", dir + "/report"});
    EXPECT_EQ(report.exit_code, 0) << report.err;
    expect_progress(report.out, run, 3);
    const std::string html = read_file(dir + "/report/report.html");
    EXPECT_NE(html.find("run in progress: "), std::string::npos);
    EXPECT_NE(html.find("<h2>Standings</h2>"), std::string::npos);
  }

  // Killed once a checkpoint holds game 0 (the manifest is written at most once a second).
  const auto checkpoint = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (verified_lines(run) < 2 && std::chrono::steady_clock::now() < checkpoint) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(pid, SIGKILL);
  EXPECT_EQ(testing::wait_process(pid), 128 + SIGKILL);
  ASSERT_GE(verified_lines(run), 2u);
  // A killed run reads as one in progress; a number changed in what it journaled is damage.
  auto lines = lines_of(read_file(run + "/games.csv"));
  const std::size_t comma = lines[1].find(',');
  lines[1] = lines[1].substr(0, comma + 1) + "1" + lines[1].substr(comma + 1);  // pair 0: 10
  std::ofstream(run + "/games.csv", std::ios::trunc) << testing::text_of(lines);
  const auto damaged = run_harness({"replay", run});
  EXPECT_EQ(damaged.exit_code, 1) << damaged.out;
  EXPECT_NE(damaged.err.find(run + "/games.csv: changed since the run wrote it"), std::string::npos)
      << damaged.err;
  const auto damaged_verify = run_harness({"verify", run});
  EXPECT_EQ(damaged_verify.exit_code, 1) << damaged_verify.out;
  std::filesystem::remove_all(dir);
}

// A compare run read while it goes: its journal is results.log, its tables are written at the end.
TEST(RunningFolder, ACompareRunIsReadAsFarAsItGoes) {
  const std::string dir = make_temp_dir();
  const std::string run = dir + "/run";
  const int pid = testing::spawn_harness({"compare", write_config(dir, "live.yaml", R"(name: live
inputs:
  - {name: t, game: {name: random-tree, params: {branching: 6, depth: 8}}, sweep: {seed: "1..5000"}}
algorithms:
  - {name: mm, algorithm: minimax}
  - {name: ab, algorithm: alphabeta}
)"),
                                          "--out", run, "--threads", "1", "--quiet"},
                                         dir + "/out", dir + "/err");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (rows_of(run + "/results.log") < 2 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_GE(rows_of(run + "/results.log"), 2u) << read_file(dir + "/err");
  for (const char* command : {"replay", "verify"}) {
    const auto r = run_harness({command, run});
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(
        r.out, m, std::regex(run + ": run in progress: ([0-9]+) of 5000 jobs done\n")))
        << command << ": " << r.out << r.err;
    EXPECT_GE(std::stoul(m[1]), 2u);
  }
  kill(pid, SIGKILL);
  EXPECT_EQ(testing::wait_process(pid), 128 + SIGKILL);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gts
