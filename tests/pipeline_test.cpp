// The run pipeline that `harness compare` and `harness solve` share with `run` and `tune`, end to
// end: a run killed with SIGKILL part-way resumes to the uninterrupted run's results, Ctrl-C stops
// cleanly with a resumable folder and the command that resumes it, a journal that is not this
// run's is refused with its file and line, and a fresh run will not overwrite a finished one.
// (`run` and `tune` have the same tests in tournament_test.cpp and tune/tune_command_test.cpp.)
// Ctrl-C also stops work below the searches, a Kalah endgame database build, in compare and run.
// Below them all, distribute() without MPI: a job that throws stops the run with its error.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "harness/mpi/work_distributor.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::table_without;
using testing::write_config;

struct PipelineCase {
  std::string command;
  std::string config;
  std::size_t jobs;                      // in the whole run
  std::vector<std::string> outputs;      // written when the run finishes
  std::set<std::string> timing_columns;  // those differ from run to run
};

// 24 random trees searched to depth 8 by minimax and alpha-beta: about 35 ms a job (Release).
const PipelineCase kCompare{
    "compare",
    R"(name: slow-compare
inputs:
  - name: b6
    game: {name: random-tree, params: {branching: 6, values: independent}}
    sweep: {depth: 8, seed: 1..24}
algorithms:
  - {name: minimax, algorithm: minimax}
  - {name: ab, algorithm: alphabeta}
reference: minimax
)",
    24,
    {"compare.csv", "summary.csv", "inputs.csv"},
    {"cpu_us", "cpu_us_mean", "cpu_us_median", "cpu_vs_ab", "ns_per_node", "ns_per_leaf", "wall_us",
     "wall_us_mean", "alloc_us", "speedup", "efficiency"}};

// Connect Four openings no solver settles within its node budget: each run spends its 300,000
// nodes (about 0.1 s), and node budgets make the results deterministic.
const PipelineCase kSolve{
    "solve",
    R"(name: slow-solve
game: connect-four
problems:
  - {name: p1, position: "1", at_least: 1}
  - {name: p2, position: "2", at_least: 1}
  - {name: p3, position: "3", at_least: 1}
  - {name: p4, position: "4", at_least: 1}
  - {name: p5, position: "5", at_least: 1}
  - {name: p6, position: "6", at_least: 1}
  - {name: p7, position: "7", at_least: 1}
  - {name: p8, position: "11", at_least: 1}
  - {name: p9, position: "12", at_least: 1}
  - {name: p10, position: "13", at_least: 1}
  - {name: p11, position: "14", at_least: 1}
  - {name: p12, position: "15", at_least: 1}
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: pn, algorithm: pn}
limits: {nodes: 300000}
)",
    24,
    {"solve.csv", "summary.csv", "solved_within.csv"},
    {"time_ms", "time_ms_common", "time_ms_solved", "alloc_ms", "alloc_ms_common"}};

void PrintTo(const PipelineCase& c, std::ostream* os) { *os << c.command; }

std::size_t lines_of(const std::string& path) {
  std::ifstream in(path);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

// Starts the command on one thread, waits until `min_done` jobs are journaled, sends `sig`, and
// returns the exit code (stderr in *err).
int interrupt(const PipelineCase& c, const std::string& config, const std::string& out, int sig,
              std::size_t min_done, std::string* err) {
  const int pid = testing::spawn_harness({c.command, config, "--threads", "1", "--out", out},
                                         out + ".out", out + ".err");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (lines_of(out + "/results.log") < min_done && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(pid, sig);
  const int rc = testing::wait_process(pid);
  *err = read_file(out + ".err");
  return rc;
}

void expect_same_results(const PipelineCase& c, const std::string& a, const std::string& b) {
  for (const std::string& file : c.outputs) {
    SCOPED_TRACE(file);
    const auto ta = table_without(a + "/" + file, c.timing_columns);
    ASSERT_GT(ta.size(), 1u);
    EXPECT_EQ(ta, table_without(b + "/" + file, c.timing_columns));
  }
}

class Pipeline : public ::testing::TestWithParam<PipelineCase> {};

TEST_P(Pipeline, AKilledRunResumesToTheUninterruptedResult) {
  const PipelineCase& c = GetParam();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "slow.yaml", c.config);
  const auto full = run_harness({c.command, config, "--threads", "2", "--out", dir + "/full"});
  ASSERT_EQ(full.exit_code, 0) << full.err;

  std::string err;
  EXPECT_EQ(interrupt(c, config, dir + "/killed", SIGKILL, 3, &err), 128 + SIGKILL) << err;
  const std::size_t kept = lines_of(dir + "/killed/results.log");
  EXPECT_GE(kept, 3u);
  EXPECT_LT(kept, c.jobs) << "the run finished before the kill; make the config slower";
  for (const std::string& file : c.outputs) EXPECT_FALSE(fs::exists(dir + "/killed/" + file));
  EXPECT_NE(read_file(dir + "/killed/run.yaml").find("status: running"), std::string::npos);

  const auto resumed =
      run_harness({c.command, config, "--out", dir + "/killed", "--resume", "--quiet"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(lines_of(dir + "/killed/results.log"), c.jobs);
  expect_same_results(c, dir + "/full", dir + "/killed");
  const std::string run_yaml = read_file(dir + "/killed/run.yaml");
  EXPECT_NE(run_yaml.find("status: finished"), std::string::npos) << run_yaml;

  // Resuming a finished run runs nothing and changes nothing.
  const auto again =
      run_harness({c.command, config, "--out", dir + "/killed", "--resume", "--quiet"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(lines_of(dir + "/killed/results.log"), c.jobs);
  expect_same_results(c, dir + "/full", dir + "/killed");
  fs::remove_all(dir);
}

TEST_P(Pipeline, CtrlCStopsCleanlyAndPrintsTheResumeCommand) {
  const PipelineCase& c = GetParam();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "slow.yaml", c.config);
  const std::string out = dir + "/int";
  std::string err;
  const int rc = interrupt(c, config, out, SIGINT, 2, &err);
  const std::size_t kept = lines_of(out + "/results.log");
  ASSERT_LT(kept, c.jobs) << "the run finished before the interrupt; make the config slower";
  EXPECT_EQ(rc, 130) << err;
  EXPECT_NE(err.find("stopped: " + std::to_string(kept) + " of " + std::to_string(c.jobs)),
            std::string::npos)
      << err;
  EXPECT_NE(
      err.find("harness " + c.command + " " + config + " --out " + out + " --resume --threads 1"),
      std::string::npos)
      << err;
  EXPECT_NE(read_file(out + "/run.yaml").find("status: interrupted"), std::string::npos);
  for (const std::string& file : c.outputs) EXPECT_FALSE(fs::exists(out + "/" + file));

  const auto resumed = run_harness({c.command, config, "--out", out, "--resume", "--quiet"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(lines_of(out + "/results.log"), c.jobs);
  EXPECT_NE(read_file(out + "/run.yaml").find("status: finished"), std::string::npos);
  fs::remove_all(dir);
}

TEST_P(Pipeline, TheFolderIsCheckedBeforeAnythingRuns) {
  const PipelineCase& c = GetParam();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "slow.yaml", c.config);
  const std::string out = dir + "/run";
  std::string err;
  ASSERT_EQ(interrupt(c, config, out, SIGINT, 1, &err), 130) << err;

  // A fresh run on a folder that holds a run refuses, naming the way out.
  auto fresh = run_harness({c.command, config, "--out", out});
  EXPECT_EQ(fresh.exit_code, 2);
  EXPECT_NE(fresh.err.find("--out: " + out + " already holds a run of `harness " + c.command +
                           "`; add --resume"),
            std::string::npos)
      << fresh.err;
  // --resume with another config is refused with both hashes.
  std::string renamed = c.config;
  renamed.replace(renamed.find("name: slow-"), 11, "name: fast-");
  const std::string other = write_config(dir, "other.yaml", renamed);
  auto changed = run_harness({c.command, other, "--out", out, "--resume"});
  EXPECT_EQ(changed.exit_code, 2);
  EXPECT_NE(changed.err.find(other + ": --resume: this config differs from the one"),
            std::string::npos)
      << changed.err;
  // A journal changed since the run wrote it is named by the manifest (exit 1); the journal is
  // left as it was.
  std::ofstream(out + "/results.log", std::ios::app) << "99 00\n";
  const std::string journal = read_file(out + "/results.log");
  auto damaged = run_harness({c.command, config, "--out", out, "--resume"});
  EXPECT_EQ(damaged.exit_code, 1);
  EXPECT_NE(damaged.err.find(out + "/results.log: changed since the run wrote it"),
            std::string::npos)
      << damaged.err;
  EXPECT_EQ(read_file(out + "/results.log"), journal);
  // Without a manifest (a folder written before it), the journal's own rules locate the line.
  fs::remove(out + "/manifest.sha256");
  auto bad = run_harness({c.command, config, "--out", out, "--resume"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find(out + "/results.log:" + std::to_string(lines_of(out + "/results.log")) +
                         ":1: not a job's result of this run"),
            std::string::npos)
      << bad.err;
  EXPECT_EQ(read_file(out + "/results.log"), journal);
  // A run.yaml of binary bytes (no manifest to name it) is named at its line and column, its
  // bytes printable.
  const std::string run_yaml = read_file(out + "/run.yaml");
  std::ofstream(out + "/run.yaml", std::ios::trunc) << "run: \"\\\x01\xff\"\n";
  auto garbage = run_harness({c.command, config, "--out", out, "--resume"});
  EXPECT_EQ(garbage.exit_code, 2);
  EXPECT_EQ(garbage.err,
            "error: " + out + "/run.yaml:1:9: invalid YAML: unknown escape character: \\x01\n");
  std::ofstream(out + "/run.yaml", std::ios::trunc) << run_yaml;
  // What cannot change a result (the thread count, the output folder) may be edited between a
  // run and its resumption.
  std::ofstream(out + "/results.log", std::ios::trunc)
      << journal.substr(0, journal.size() - std::string("99 00\n").size());
  const std::string edited = write_config(
      dir, "edited.yaml", c.config + "threads: 1\noutput: {dir: " + dir + "/elsewhere}\n");
  auto resumed = run_harness({c.command, edited, "--out", out, "--resume", "--quiet"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  fs::remove_all(dir);
}

// Work below the searches stops too: a Kalah endgame database is built before the first search
// that would ask for it, which for Kalah(6,s) to 20 seeds takes over a minute (Release, 2 cores).
// Ctrl-C as soon as the build reports its first table stops it between blocks of positions: the run
// exits 130 without finishing the build, no table it was building reaches the disk, and the job
// (a comparison; a tournament game, which must not end as an error) is not counted done.
struct EgdbCase {
  std::string command;
  std::string config;
  std::string stopped;  // the line that counts what was kept
};

void PrintTo(const EgdbCase& c, std::ostream* os) { *os << c.command; }

class PipelineInterrupt : public ::testing::TestWithParam<EgdbCase> {};

TEST_P(PipelineInterrupt, CtrlCStopsAnEndgameDatabaseBuild) {
  const EgdbCase& c = GetParam();
  const std::string dir = make_temp_dir();
  const std::string cache = dir + "/cache";
  ::setenv("GTS_CACHE_DIR", cache.c_str(), 1);
  const std::string config = write_config(dir, "egdb.yaml", c.config);
  const std::string out = dir + "/run";
  const int pid = testing::spawn_harness({c.command, config, "--threads", "1", "--out", out},
                                         out + ".out", out + ".err");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(600);
  const auto ended = [&] {  // the run finished or failed without building (then the test fails)
    const std::string status = read_file(out + "/run.yaml");
    return status.find("status: finished") != std::string::npos ||
           status.find("status: interrupted") != std::string::npos;
  };
  while (read_file(out + ".err").find("kalah endgame:") == std::string::npos && !ended() &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(pid, SIGINT);
  const int rc = testing::wait_process(pid);
  ::unsetenv("GTS_CACHE_DIR");
  const std::string err = read_file(out + ".err");
  ASSERT_NE(err.find("kalah endgame:"), std::string::npos) << err;
  EXPECT_EQ(rc, 130) << err;
  EXPECT_EQ(err.find("(20 of 20)"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(cache + "/kalah-6-empty-20.egdb"));
  EXPECT_NE(err.find(c.stopped), std::string::npos) << err;
  fs::remove_all(dir);
}

const EgdbCase kEgdbCompare{"compare", R"(name: egdb
inputs:
  - name: five-seeds
    game: {name: kalah, params: {endgame: 20}}
    positions: {list: ["0,0,0,1,0,2,20,1,0,0,0,0,1,23:S"]}
    depths: [max]
algorithms:
  - {name: ab, algorithm: alphabeta}
)",
                            "stopped: 0 of 1 jobs"};

// Kalah(6,2): 24 seeds, so the first searches reach positions the 20-seed database holds.
const EgdbCase kEgdbRun{"run", R"(name: egdb
game: {name: kalah, params: {seeds: 2, endgame: 20}}
players:
  - {name: a, algorithm: alphabeta, depth: max}
  - {name: b, algorithm: negascout, depth: max}
tournament: {pairs: 1}
)",
                        "stopped: 0 of 2 games"};

INSTANTIATE_TEST_SUITE_P(CompareAndRun, PipelineInterrupt,
                         ::testing::Values(kEgdbCompare, kEgdbRun),
                         [](const auto& info) { return info.param.command; });

INSTANTIATE_TEST_SUITE_P(CompareAndSolve, Pipeline, ::testing::Values(kCompare, kSolve),
                         [](const auto& info) { return info.param.command; });

// distribute() without MPI: a job that throws stops the handing out of jobs; the results of those
// that finished are delivered, and the job's own exception comes out. The jobs after the failing
// one take 200 ms, so its failure is in long before they end: with instant jobs, a thread stalled
// between job 3's start and its failure (under TSan on a loaded machine) let the others start as
// many as they could meanwhile (22 with 4 threads), and the bound below held only by timing.
class FailsAtThree final : public JobRunner {
 public:
  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& /*stop*/) override {
    started.fetch_add(1);
    if (index == 3) throw std::runtime_error("job 3 broke");
    if (index > 3) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    return std::to_string(index);
  }
  std::atomic<int> started{0};
};

TEST(Distribute, AFailedJobStopsTheJobsAndItsErrorComesOut) {
  for (const int threads : {1, 2, 4}) {
    FailsAtThree runner;
    std::vector<std::size_t> jobs(100);
    for (std::size_t i = 0; i < jobs.size(); ++i) jobs[i] = i;
    std::vector<std::size_t> delivered;
    const std::atomic<bool> stop{false};
    try {
      distribute(
          {.kind = "test", .context = "", .jobs = jobs, .threads = threads}, runner,
          [&](std::size_t index, const std::string& result) {
            EXPECT_EQ(result, std::to_string(index));
            delivered.push_back(index);
          },
          stop);
      ADD_FAILURE() << "no exception with " << threads << " threads";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "job 3 broke");
    }
    // Jobs 0..3, and at most two rounds of the others in flight around the failure.
    EXPECT_GE(runner.started.load(), 4) << threads;
    EXPECT_LE(runner.started.load(), 4 + 2 * threads) << threads;
    if (threads == 1) {
      EXPECT_EQ(delivered, (std::vector<std::size_t>{0, 1, 2}));
    }
    for (std::size_t index : delivered) EXPECT_NE(index, 3U);
  }
}

// distribute() without MPI, bounded_lookahead: while the first job runs, no job more than
// 2 x threads places past it starts (it waits 300 ms for more); without the bound the others go
// on.
class FirstWaits final : public JobRunner {
 public:
  FirstWaits(int enough, int wait_ms) : enough_(enough), wait_ms_(wait_ms) {}
  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& /*stop*/) override {
    started.fetch_add(1);
    if (index == 100) {  // the first job, at place 0: waits for `enough` starts, or wait_ms
      const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms_);
      while (started.load() < enough_ && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      seen_by_first = started.load();
    }
    return std::to_string(index);
  }
  std::atomic<int> started{0};
  int seen_by_first = 0;

 private:
  int enough_;
  int wait_ms_;
};

TEST(Distribute, ABoundedLookaheadStartsNoJobFarPastTheFirstUnfinished) {
  for (const int threads : {2, 3}) {
    for (const bool bounded : {true, false}) {
      FirstWaits runner(2 * threads + 1, bounded ? 300 : 20000);
      std::vector<std::size_t> jobs(50);
      for (std::size_t i = 0; i < jobs.size(); ++i) jobs[i] = 100 + i;  // places are not indices
      std::size_t delivered = 0;
      const std::atomic<bool> stop{false};
      distribute(
          {.kind = "test",
           .context = "",
           .jobs = jobs,
           .threads = threads,
           .bounded_lookahead = bounded},
          runner, [&](std::size_t, const std::string&) { ++delivered; }, stop);
      EXPECT_EQ(delivered, jobs.size());
      if (bounded) {
        EXPECT_LE(runner.seen_by_first, 2 * threads) << threads;
      } else {
        EXPECT_GE(runner.seen_by_first, 2 * threads + 1) << threads;
      }
    }
  }
}

}  // namespace
}  // namespace gts
