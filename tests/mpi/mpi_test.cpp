// `mpirun -np 3 harness run|solve|compare`: the same results as one process, byte for byte but for
// the timing columns; a rank that dies or fails keeps every finished game, and --resume (with or
// without MPI) ends with the results of an uninterrupted run.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/mpi/mpi_util.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::run_mpi;
using testing::table_without;
using testing::write_config;

const auto& kTimingColumns = testing::kTournamentTimingColumns;

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t p = 0; (p = text.find(from, p)) != std::string::npos; p += to.size()) {
    text.replace(p, from.size(), to);
  }
  return text;
}

// The standings table printed on stdout, without its ms/move column (second from the end).
std::vector<std::vector<std::string>> standings_without_timing(const std::string& out) {
  std::vector<std::vector<std::string>> rows;
  std::size_t start = 0;
  for (std::size_t nl; (nl = out.find('\n', start)) != std::string::npos; start = nl + 1) {
    std::vector<std::string> tokens;
    std::istringstream line(out.substr(start, nl - start));
    for (std::string t; line >> t;) tokens.push_back(t);
    if (tokens.size() >= 3) tokens.erase(tokens.end() - 2);
    rows.push_back(tokens);
  }
  return rows;
}

// `out`'s lines as tokens, each without its last `n` tokens.
std::vector<std::vector<std::string>> lines_without_last(const std::string& out, std::size_t n) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> tokens;
    std::istringstream words(line);
    for (std::string t; words >> t;) tokens.push_back(t);
    tokens.resize(tokens.size() > n ? tokens.size() - n : 0);
    rows.push_back(tokens);
  }
  return rows;
}

std::size_t games_recorded(const std::string& dir) {
  return table_without(dir + "/games.csv", {}).size() - 1;
}

const char* kKalahConfig = R"(
name: mpi
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: ab, algorithm: alphabeta, depth: [2, 4], options: {ordering: static}}
  - {name: soft, algorithm: alphabeta, depth: 3, options: {fail: soft, tt: on, tt_mb: 1, random_ties: on}}
  - {name: sss, algorithm: sss*, depth: 3}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 3, plies: 3}
tournament: {pairs: 1, max_plies: 200}
seed: 5
output: {moves: true}
)";

TEST(Mpi, TournamentOnThreeRanksEqualsOneProcess) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "mpi.yaml", kKalahConfig);
  auto one = run_harness({"run", config, "--threads", "1", "--out", dir + "/one"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  auto three = run_mpi(3, {"run", config, "--threads", "1", "--out", dir + "/three"});
  ASSERT_EQ(three.exit_code, 0) << three.err;
  testing::expect_same_tournament_results(dir + "/one", dir + "/three");
  // 5 players: 10 pairings x 3 openings x 2 games.
  EXPECT_EQ(games_recorded(dir + "/three"), 60u);
  // Only rank 0 prints: the same standings as the local run.
  EXPECT_EQ(standings_without_timing(replace_all(three.out, dir + "/three", "DIR")),
            standings_without_timing(replace_all(one.out, dir + "/one", "DIR")));
  EXPECT_NE(three.out.find("run folder: " + dir + "/three"), std::string::npos) << three.out;
  const std::string run_yaml = read_file(dir + "/three/run.yaml");
  EXPECT_NE(run_yaml.find("ranks: 3"), std::string::npos) << run_yaml;
  EXPECT_NE(run_yaml.find("status: finished"), std::string::npos);
}

// Slow enough that rank 1 dies with games still to play.
const char* kSlowConfig = R"(
name: slow
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: a, algorithm: alphabeta, depth: [6, 7], options: {ordering: static}}
  - {name: s, algorithm: sss*, depth: 6}
openings: {kind: random, count: 6, plies: 2}
tournament: {pairs: 1, max_plies: 300}
seed: 9
output: {moves: true}
)";

TEST(Mpi, RankKilledMidRunThenResumedWithoutMpi) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "slow.yaml", kSlowConfig);
  auto whole = run_harness({"run", config, "--threads", "1", "--out", dir + "/whole"});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const std::size_t total = games_recorded(dir + "/whole");
  ASSERT_EQ(total, 36u);

  // Rank 1 dies (SIGKILL) after sending its third result; Open MPI then ends the whole job.
  auto killed = run_mpi(3, {"run", config, "--threads", "1", "--out", dir + "/part"},
                        {"GTS_MPI_TEST_DIE_AFTER=3"});
  EXPECT_NE(killed.exit_code, 0) << killed.out;
  const std::size_t kept = games_recorded(dir + "/part");
  EXPECT_GE(kept, 3u);  // rank 1's three games at least reached the journal
  EXPECT_LT(kept, total);
  // Every kept game appears once and equals the uninterrupted run's game.
  const auto whole_rows = table_without(dir + "/whole/games.csv", kTimingColumns);
  const auto part_rows = table_without(dir + "/part/games.csv", kTimingColumns);
  std::set<std::string> seen;
  for (std::size_t i = 1; i < part_rows.size(); ++i) {
    EXPECT_TRUE(seen.insert(part_rows[i][0]).second) << "game " << part_rows[i][0] << " twice";
    const std::size_t game = std::stoul(part_rows[i][0]);
    ASSERT_LT(game + 1, whole_rows.size());
    EXPECT_EQ(part_rows[i], whole_rows[game + 1]);
  }

  auto resumed = run_harness({"run", config, "--threads", "2", "--out", dir + "/part", "--resume"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  testing::expect_same_tournament_results(dir + "/whole", dir + "/part");
}

TEST(Mpi, FailingJobStopsTheRunAndResumeUnderMpiFinishesIt) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "slow.yaml", kSlowConfig);
  auto whole = run_harness({"run", config, "--threads", "1", "--out", dir + "/whole"});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;

  // Rank 1's jobs fail after its first two: rank 0 stops handing out games, keeps what finished,
  // writes every report and says how to resume.
  auto failed = run_mpi(2, {"run", config, "--threads", "1", "--out", dir + "/part"},
                        {"GTS_MPI_TEST_FAIL_AFTER=2"});
  EXPECT_EQ(failed.exit_code, 1) << failed.err;
  EXPECT_NE(failed.err.find("error: rank 1: job "), std::string::npos) << failed.err;
  EXPECT_NE(failed.err.find("fails on purpose"), std::string::npos) << failed.err;
  EXPECT_NE(failed.err.find("--resume"), std::string::npos) << failed.err;
  EXPECT_NE(read_file(dir + "/part/run.yaml").find("status: interrupted"), std::string::npos);
  const std::size_t kept = games_recorded(dir + "/part");
  EXPECT_GE(kept, 2u);
  EXPECT_LT(kept, 36u);
  EXPECT_TRUE(std::ifstream(dir + "/part/standings.csv").good());

  auto resumed = run_mpi(3, {"run", config, "--threads", "1", "--out", dir + "/part", "--resume"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  testing::expect_same_tournament_results(dir + "/whole", dir + "/part");
}

TEST(Mpi, BadConfigIsReportedOnceByRankZero) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config =
      write_config(dir, "bad.yaml", "name: bad\ngame: {name: kalah}\nplayers: []\n");
  auto r = run_mpi(3, {"run", config, "--out", dir + "/bad"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const std::string local = run_harness({"run", config, "--out", dir + "/bad"}).err;
  ASSERT_NE(local.find("bad.yaml"), std::string::npos) << local;
  // The same one line as a local run: the workers print nothing.
  EXPECT_NE(r.err.find(local), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("error:"), r.err.rfind("error:")) << r.err;
}

const char* kSolveConfig = R"(
name: mpi-solve
game: tictactoe
problems:
  - {name: x-wins, prover: 0, at_least: 1, expected: disproved}
  - {name: x-does-not-lose, prover: 0, at_least: 0, expected: proved}
  - {name: x-wins-after-a1-b1, position: "XO./.../...:X", prover: 0, at_least: 1, expected: proved}
  - {name: x-wins-after-b2-a1, position: "O../.X./...:X", prover: 0, at_least: 1, expected: disproved}
algorithms:
  - {name: ab, algorithm: alphabeta, options: {tt: off}}
  - {name: pn, algorithm: pn}
  - {name: df-pn, algorithm: dfpn}
limits: {nodes: 1000000, time_ms: 10000}
threads: 1
)";

TEST(Mpi, SolveOnThreeRanksEqualsOneProcess) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "solve.yaml", kSolveConfig);
  auto one = run_harness({"solve", config, "--out", dir + "/one", "--quiet"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  auto three = run_mpi(3, {"solve", config, "--out", dir + "/three", "--quiet"});
  ASSERT_EQ(three.exit_code, 0) << three.err;
  const std::set<std::string> timing = {"time_ms", "time_ms_common", "time_ms_solved", "alloc_ms",
                                        "alloc_ms_common"};
  for (const char* file : {"solve.csv", "summary.csv"}) {
    SCOPED_TRACE(file);
    auto a = table_without(dir + "/one/" + file, timing);
    auto b = table_without(dir + "/three/" + file, timing);
    ASSERT_GT(a.size(), 1u);
    EXPECT_EQ(a, b);
  }
  EXPECT_EQ(table_without(dir + "/three/solve.csv", {}).size(), 13u);  // 4 problems x 3 solvers
  EXPECT_EQ(read_file(dir + "/one/config.yaml"), read_file(dir + "/three/config.yaml"));
}

// Uniform trees (exact minimal-tree counts), sampled tic-tac-toe positions and a node budget that
// cuts one algorithm short: 20 inputs, 38 jobs on 3 ranks.
const char* kCompareConfig = R"(
name: mpi-compare
inputs:
  - name: trees
    game: {name: random-tree, params: {values: independent}}
    sweep: {branching: [2, 3], depth: [3, 4], seed: 1..3}
  - name: ttt
    game: tictactoe
    positions: {sample: 8, plies: 1..4}
    depths: [2, max]
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: sss, algorithm: sss*}
  - {name: ns-tt, algorithm: negascout, options: {tt: on, id: on}}
  - {name: mtdf, algorithm: mtd(f)}
  - {name: mm-capped, algorithm: minimax, nodes: 60}
reference: ab
seed: 11
threads: 1
)";

TEST(Mpi, CompareOnThreeRanksEqualsOneProcess) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "compare.yaml", kCompareConfig);
  auto one = run_harness({"compare", config, "--out", dir + "/one", "--quiet"});
  auto three = run_mpi(3, {"compare", config, "--out", dir + "/three", "--quiet"});
  // The capped minimax disagrees somewhere: the same exit code and message on both.
  EXPECT_EQ(one.exit_code, 1) << one.err;
  EXPECT_EQ(three.exit_code, one.exit_code) << three.err;
  EXPECT_NE(one.err.find("jobs where the algorithms disagree"), std::string::npos) << one.err;
  // mpirun adds its own lines about the non-zero exit after rank 0's.
  EXPECT_EQ(three.err.substr(0, one.err.size()), one.err);
  // The summary table on stdout, without its two timing columns (ns/leaf, cpu/ab).
  EXPECT_EQ(lines_without_last(replace_all(three.out, dir + "/three", "DIR"), 2),
            lines_without_last(replace_all(one.out, dir + "/one", "DIR"), 2));
  const std::set<std::string> timing = {
      "cpu_us",  "cpu_us_mean",  "cpu_us_median", "cpu_vs_ab", "ns_per_node", "ns_per_leaf",
      "wall_us", "wall_us_mean", "alloc_us",      "speedup",   "efficiency"};
  for (const char* file : {"compare.csv", "summary.csv", "inputs.csv"}) {
    SCOPED_TRACE(file);
    auto a = table_without(dir + "/one/" + file, timing);
    auto b = table_without(dir + "/three/" + file, timing);
    ASSERT_GT(a.size(), 1u);
    EXPECT_EQ(a, b);
  }
  // 12 trees x 1 depth + 8 positions x 2 depths = 28 jobs, 5 algorithms each.
  EXPECT_EQ(table_without(dir + "/three/compare.csv", {}).size(), 1u + 28u * 5u);
  EXPECT_EQ(read_file(dir + "/one/config.yaml"), read_file(dir + "/three/config.yaml"));
}

}  // namespace
}  // namespace gts
