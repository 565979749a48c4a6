// `harness compare` as a user runs it: the summary of a fixed config against a golden file (so a
// change in search behaviour shows), the same rows on any thread count and from the resolved
// config, known facts of the rows (SSS* never evaluates a leaf alpha-beta skips; alpha-beta on
// best-first trees evaluates the minimal tree), a disagreement exits 1 naming the input, and every
// bad config is one FILE:LINE:COL line with exit code 2.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "harness/compare/compare_config.h"
#include "harness/compare/compare_runner.h"
#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "tests/compare/bad_configs.h"
#include "tests/process.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;

const char* kGoldenConfig = "tests/compare/golden.yaml";
const char* kGoldenSummary = "tests/compare/golden/summary.csv";

using Rows = std::vector<std::vector<std::string>>;

Rows parse_csv(const std::string& text) {
  Rows rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) rows.push_back(csv::split(line));
  return rows;
}

// The CSV without its timing columns, as text.
std::string without_timing(const std::string& text) {
  const Rows rows = parse_csv(text);
  if (rows.empty()) return "";
  std::vector<bool> keep;
  for (const auto& name : rows[0]) keep.push_back(!is_timing_column(name));
  std::string out;
  for (const auto& row : rows) {
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < row.size() && i < keep.size(); ++i) {
      if (keep[i]) kept.push_back(row[i]);
    }
    out += csv::line(kept);
  }
  return out;
}

std::string write_config(const std::string& dir, const std::string& text,
                         const std::string& name = "config.yaml") {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// Rows of compare.csv as maps from column name to value.
std::vector<std::map<std::string, std::string>> records(const std::string& text) {
  const Rows rows = parse_csv(text);
  std::vector<std::map<std::string, std::string>> out;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    std::map<std::string, std::string> m;
    for (std::size_t c = 0; c < rows[0].size() && c < rows[r].size(); ++c)
      m[rows[0][c]] = rows[r][c];
    out.push_back(std::move(m));
  }
  return out;
}

class CompareGolden : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(make_temp_dir());
    result_ = new testing::ProcessResult(
        run_harness({"compare", kGoldenConfig, "--out", *dir_ + "/t2", "--threads", "2"}));
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
    delete result_;
  }
  static std::string* dir_;
  static testing::ProcessResult* result_;
};
std::string* CompareGolden::dir_ = nullptr;
testing::ProcessResult* CompareGolden::result_ = nullptr;

TEST_F(CompareGolden, SummaryMatchesTheGoldenFile) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  const std::string summary = without_timing(read_file(*dir_ + "/t2/summary.csv"));
  if (std::getenv("GTS_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(kGoldenSummary, std::ios::binary) << summary;
    GTEST_SKIP() << "wrote " << kGoldenSummary;
  }
  const std::string golden = read_file(kGoldenSummary);
  ASSERT_FALSE(golden.empty()) << "missing " << kGoldenSummary;
  // Line by line, so that a failure names the rows that changed.
  const Rows want = parse_csv(golden);
  const Rows got = parse_csv(summary);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(got[i], want[i]) << "summary row " << i;
  // The printed table is the summary.
  EXPECT_NE(result_->out.find("leaves/min"), std::string::npos) << result_->out;
  EXPECT_NE(result_->out.find("ttt"), std::string::npos);
}

TEST_F(CompareGolden, SameRowsOnOneThreadAndFromTheResolvedConfig) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  const std::string two = without_timing(read_file(*dir_ + "/t2/compare.csv"));
  ASSERT_GT(parse_csv(two).size(), 100u);
  const auto one =
      run_harness({"compare", kGoldenConfig, "--out", *dir_ + "/t1", "--threads", "1", "--quiet"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(without_timing(read_file(*dir_ + "/t1/compare.csv")), two);
  // The resolved config written into the folder repeats the run.
  const auto again =
      run_harness({"compare", *dir_ + "/t2/config.yaml", "--out", *dir_ + "/again", "--quiet"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(without_timing(read_file(*dir_ + "/again/compare.csv")), two);
  EXPECT_EQ(read_file(*dir_ + "/again/inputs.csv"), read_file(*dir_ + "/t2/inputs.csv"));
}

TEST_F(CompareGolden, RowsHoldTheKnownFacts) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  const auto rows = records(read_file(*dir_ + "/t2/compare.csv"));
  std::map<std::pair<std::string, std::string>, std::map<std::string, std::uint64_t>> leaves;
  std::size_t trees = 0, ordered = 0;
  for (const auto& r : rows) {
    EXPECT_EQ(r.at("agrees"), "true") << r.at("input") << " " << r.at("variant");
    EXPECT_EQ(r.at("complete"), "true");
    EXPECT_FALSE(r.at("best_move").empty()) << r.at("input") << " " << r.at("variant");
    leaves[{r.at("input"), r.at("depth")}][r.at("variant")] = std::stoull(r.at("leaves"));
  }
  for (const auto& [key, by] : leaves) {
    const auto& [input, depth] = key;
    if (input.rfind("ttt", 0) == 0) continue;  // a graph with transpositions: no ordering facts
    // SSS* never evaluates a leaf that alpha-beta skips (same tree, same child order, no TT):
    // Stockman 1979.
    EXPECT_LE(by.at("sss"), by.at("ab")) << input;
    // MT-SSS* (null-window alpha-beta with a table, from +inf down) evaluates the same leaves as
    // SSS*: Plaat, Schaeffer, Pijls and de Bruin 1996.
    EXPECT_EQ(by.at("mt-sss"), by.at("sss")) << input << " depth " << depth;
    // Fail-soft and fail-hard visit the same leaves with the same window at the root.
    EXPECT_EQ(by.at("ab-soft"), by.at("ab")) << input;
    EXPECT_LE(by.at("ab"), by.at("minimax")) << input;
    if (input.rfind("trees", 0) == 0) ++trees;
    // Best-first order: alpha-beta evaluates the minimal tree b^ceil(d/2) + b^floor(d/2) - 1.
    if (input.rfind("ordered", 0) == 0) {
      const int d = input.find("depth=4") != std::string::npos ? 4 : 5;
      EXPECT_EQ(by.at("ab"), static_cast<std::uint64_t>(minimal_tree_leaves(3, d))) << input;
      EXPECT_EQ(by.at("minimax"), d == 4 ? 81u : 243u);
      ++ordered;
    }
  }
  EXPECT_EQ(trees, 16u);
  EXPECT_EQ(ordered, 4u);
}

TEST(Compare, MinimalTreeFormula) {
  EXPECT_EQ(minimal_tree_leaves(3, 4), 9 + 9 - 1);
  EXPECT_EQ(minimal_tree_leaves(3, 5), 27 + 9 - 1);
  EXPECT_EQ(minimal_tree_leaves(8, 1), 8);
  EXPECT_EQ(minimal_tree_leaves(2, 0), 1);
}

// A table the machine cannot give (4096 MiB under a 600 MB address-space limit) is the config's
// error before the first search, at the algorithm's tt_mb; a growing one (depth max) at its default
// tt_max_mb is named as such; 32 MiB tables growing to 64 MiB under the same limit run.
TEST(Compare, ATableTheMachineCannotGiveIsRefusedBeforeTheFirstSearch) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "sanitizers need more address space than the limit leaves";
#else
  const std::string dir = make_temp_dir();
  const std::string head =
      "inputs:\n  - {name: ttt, game: tictactoe, depths: [2, max]}\nalgorithms:\n";
  const std::string big = write_config(
      dir,
      head +
          "  - {name: ab, algorithm: alphabeta}\n  - name: big\n    algorithm: alphabeta\n"
          "    options: {tt: 'on', tt_mb: 4096}\n",
      "big.yaml");
  auto r =
      testing::run_harness_in_memory(600000, {"compare", big, "--out", dir + "/big", "--quiet"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: " + big +
                       ":7:32: algorithm 'big': tt_mb=4096: cannot allocate a 4096 MiB "
                       "transposition table here; choose a smaller tt_mb\n");
  EXPECT_FALSE(fs::exists(dir + "/big/compare.csv"));
  const std::string grows =
      write_config(dir, head + "  - {name: solver, algorithm: solve}\n", "grows.yaml");
  r = testing::run_harness_in_memory(600000,
                                     {"compare", grows, "--out", dir + "/grows", "--quiet"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: " + grows +
                       ": algorithm 'solver': tt_mb=16 tt_max_mb=2048: cannot reserve a 2048 MiB "
                       "transposition table here; choose a smaller tt_max_mb (tt_max_mb is its "
                       "default)\n");
  const std::string fits = write_config(
      dir,
      head +
          "  - {name: ab, algorithm: alphabeta, options: {tt: 'on', tt_mb: 32, tt_max_mb: 64}}\n",
      "fits.yaml");
  r = testing::run_harness_in_memory(600000, {"compare", fits, "--out", dir + "/fits", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(records(read_file(dir + "/fits/compare.csv")).size(), 2u * 2u);
#endif
}

// A search that cannot finish in any reasonable time (minimax, the implicit reference, to the end
// of Connect Four: about 10^21 positions by the game's estimate) is warned of before it starts,
// at its set's entry where `depths` is left out; the same config on tic-tac-toe says nothing.
TEST(Compare, ADepthThatCannotFinishIsWarnedOf) {
  const std::string dir = make_temp_dir();
  const std::string hopeless =
      write_config(dir,
                   "inputs:\n  - {name: c4, game: connect-four}\nalgorithms:\n"
                   "  - {name: ab, algorithm: alphabeta, options: {tt: 'on'}}\n",
                   "c4.yaml");
  std::string err;
  EXPECT_TRUE(testing::harness_says_before({"compare", hopeless, "--out", dir + "/c4", "--quiet"},
                                           "minimax would visit about 10^", 20, &err))
      << err;
  EXPECT_NE(err.find("warning: " + hopeless +
                     ":2:5: input set 'c4', algorithm 'minimax': depth max: minimax would visit "
                     "about 10^"),
            std::string::npos)
      << err;
  // alpha-beta with a table is not estimated: transpositions decide its cost.
  EXPECT_EQ(err.find("algorithm 'ab'"), std::string::npos) << err;
  const std::string feasible =
      write_config(dir,
                   "inputs:\n  - {name: ttt, game: tictactoe}\nalgorithms:\n"
                   "  - {name: ab, algorithm: alphabeta}\n",
                   "ttt.yaml");
  const auto r = run_harness({"compare", feasible, "--out", dir + "/ttt", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
}

// An honest disagreement: alpha-beta with iterative deepening, cut off by a node budget, answers
// with its last completed iteration's value, which differs from the full search's.
TEST(Compare, DisagreementExitsOneAndNamesTheInput) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, R"(
name: cut
inputs:
  - name: deep
    game: {name: random-tree, params: {values: incremental, branching: 4, depth: 7}}
    sweep: {seed: [3, 4]}
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: ab-cut, algorithm: alphabeta, options: {id: on}, nodes: 60}
)");
  const auto r = run_harness({"compare", config, "--out", dir + "/out", "--quiet"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("disagree"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("deep:seed=3 (depth max)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ab-cut="), std::string::npos) << r.err;
  // The implicit reference is minimax, added in front; the budgeted row says it was cut short.
  const auto rows = records(read_file(dir + "/out/compare.csv"));
  ASSERT_EQ(rows.size(), 2u * 3u);
  EXPECT_EQ(rows[0].at("variant"), "minimax");
  EXPECT_EQ(rows[2].at("variant"), "ab-cut");
  EXPECT_EQ(rows[2].at("complete"), "false");
  EXPECT_EQ(rows[2].at("agrees"), "false");
  EXPECT_EQ(rows[1].at("agrees"), "true");
  // The swept seed and the tree's depth in columns of their own: a uniform tree searched to the
  // end is searched to its depth.
  EXPECT_EQ(rows[3].at("set"), "deep");
  EXPECT_EQ(rows[3].at("param_seed"), "4");
  EXPECT_EQ(rows[3].at("to_end"), "true");
  EXPECT_EQ(rows[3].at("depth"), "7");
  EXPECT_LE(std::stoull(rows[2].at("nodes")), 60u);
  fs::remove_all(dir);
}

TEST(Compare, PositionsFromAFileAndAReferenceOtherThanMinimax) {
  const std::string dir = make_temp_dir();
  write_config(dir, "# tic-tac-toe positions\n\nx../.../...:O\n  xo./.../...:X  \n",
               "positions.txt");
  const std::string config = write_config(dir, R"(
inputs:
  - game: tictactoe
    positions: {file: positions.txt}
    depths: [3, max]
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: sss, algorithm: sss*}
reference: sss
baseline: ab
)");
  const auto r = run_harness({"compare", config, "--out", dir + "/out", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // --quiet keeps the summary; --json prints it as one typed object instead.
  EXPECT_NE(r.out.find("wrote " + dir + "/out/compare.csv"), std::string::npos) << r.out;
  const auto json = run_harness({"compare", config, "--out", dir + "/json", "--quiet", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json.out.find('\n'), json.out.size() - 1) << json.out;
  EXPECT_NE(json.out.find(R"("disagreements":[])"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find(R"("agree":2,"algorithm":"sss*")"), std::string::npos) << json.out;
  const auto rows = records(read_file(dir + "/out/compare.csv"));
  ASSERT_EQ(rows.size(), 2u * 2u * 2u);  // positions x depths x algorithms: no minimax added
  EXPECT_EQ(rows[0].at("input"), "tictactoe#1");
  EXPECT_EQ(rows[4].at("input"), "tictactoe#2");
  EXPECT_EQ(rows[0].at("position_number"), "1");
  EXPECT_EQ(rows[0].at("depth"), "3");
  EXPECT_EQ(rows[0].at("to_end"), "false");
  EXPECT_EQ(rows[2].at("depth"), "");  // to the end of a game without a fixed depth
  EXPECT_EQ(rows[2].at("to_end"), "true");
  EXPECT_EQ(rows[2].at("value"), "0");           // X in a corner: a draw
  EXPECT_GT(std::stoi(rows[6].at("value")), 0);  // O on an adjacent edge loses: X to move wins
  const auto summary = records(read_file(dir + "/out/summary.csv"));
  ASSERT_EQ(summary.size(), 4u);
  EXPECT_EQ(summary[0].at("nodes_vs_ab"), "1");
  EXPECT_EQ(summary[0].at("leaves_vs_minimal"), "");
  const std::string inputs = read_file(dir + "/out/inputs.csv");
  EXPECT_NE(inputs.find(
                "tictactoe#2,tictactoe,2,tictactoe,\"tictactoe(cols=3,k=3,rows=3)\",XO./.../...:X"),
            std::string::npos)
      << inputs;
  fs::remove_all(dir);
}

// A parallel search's summary rows: speedup, search overhead and efficiency against the same
// algorithm and options on one thread (itself there: 1, 0, 1), none for an algorithm without
// threads; wall_us in compare.csv; every value the reference's.
TEST(Compare, ParallelEntriesAreMeasuredAgainstTheirOneThreadRun) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, R"(
inputs:
  - game: tictactoe
    depths: [max]
algorithms:
  - {name: ab, algorithm: alphabeta, options: {tt: on}}
  - {name: lazy, algorithm: lazysmp, options: {tt_mb: 1, threads: [1, 2]}}
  - {name: abdada, algorithm: abdada, options: {tt_mb: 1, threads: [2, 1]}}
reference: ab
threads: 1
)");
  const auto r = run_harness({"compare", config, "--out", dir + "/out", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = records(read_file(dir + "/out/compare.csv"));
  ASSERT_EQ(rows.size(), 5u);
  for (const auto& row : rows) {
    EXPECT_EQ(row.at("value"), "0");
    EXPECT_FALSE(row.at("wall_us").empty());
  }
  const auto summary = records(read_file(dir + "/out/summary.csv"));
  ASSERT_EQ(summary.size(), 5u);
  EXPECT_EQ(summary[0].at("threads"), "1");
  EXPECT_EQ(summary[0].at("speedup"), "");
  EXPECT_EQ(summary[1].at("variant"), "lazy-threads=1");
  EXPECT_EQ(summary[1].at("speedup"), "1");
  EXPECT_EQ(summary[1].at("search_overhead"), "0");
  EXPECT_EQ(summary[2].at("threads"), "2");
  for (const std::size_t i : {2u, 3u}) {
    const double speedup = std::stod(summary[i].at("speedup"));
    const double overhead = std::stod(summary[i].at("search_overhead"));
    EXPECT_GT(speedup, 0);
    EXPECT_NEAR(std::stod(summary[i].at("efficiency")), speedup / 2, 0.01);
    const double nodes_n = std::stod(summary[i].at("nodes_mean"));
    const double nodes_1 = std::stod(summary[i == 2 ? 1 : 4].at("nodes_mean"));
    EXPECT_NEAR(overhead, nodes_n / nodes_1 - 1, 1e-3);
  }
  // Jobs at once left to the machine (threads 0): cores / the largest `threads` (2), at least 1.
  const std::string shared = write_config(dir, R"(
inputs:
  - game: tictactoe
    depths: [2]
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: lazy, algorithm: lazysmp, options: {threads: 2}}
reference: ab
)",
                                          "shared.yaml");
  const auto s = run_harness({"compare", shared, "--out", dir + "/shared", "--quiet"});
  ASSERT_EQ(s.exit_code, 0) << s.err;
  const std::string run_yaml = read_file(dir + "/shared/run.yaml");
  const auto at = run_yaml.find("\n  threads: ");
  ASSERT_NE(at, std::string::npos) << run_yaml;
  const int jobs = std::stoi(run_yaml.substr(at + 12));
  EXPECT_GE(jobs, 1);
  EXPECT_LE(jobs, std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / 2));
  fs::remove_all(dir);
}

TEST(Compare, BadConfigsAreLocated) {
  const std::string head = "inputs:\n  - game: tictactoe\n";
  const std::vector<testing::BadConfig> cases = {
      {"inputs: []\nalgorithms: [{name: ab, algorithm: alphabeta}]\n", "1:9", "'inputs' is empty"},
      {"inputs:\n  - game: chess\nalgorithms: [{name: ab, algorithm: alphabeta}]\n", "2:11",
       "unknown game 'chess'"},
      {"inputs:\n  - game: random-tree\n    sweep: {branching: [2, 99]}\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:28", "branching"},
      {"inputs:\n  - game: random-tree\n    sweep: {seed: 5..2}\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:19", "empty range"},
      {"inputs:\n  - game: random-tree\n    sweep: {branching: 64, depth: 10..12}\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:12", "branching=64, depth=10"},
      {"inputs:\n  - game: random-tree\n    sweep: {colour: red}\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:13", "colour"},
      {"inputs:\n  - game: tictactoe\n    depths: [2, zero]\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:17", "'max' for a depth"},
      {"inputs:\n  - game: tictactoe\n    positions: {list: [xxxxxxxxx]}\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:24", "bad position"},
      {"inputs:\n  - game: tictactoe\n    positions: {list: ['XXX/OO./...:O']}\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:24", "position 'XXX/OO./...:O' is already a finished game: there is nothing to search"},
      {"inputs:\n  - game: tictactoe\n    positions: {sample: 3}\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:16", "needs 'plies'"},
      {"inputs:\n  - game: tictactoe\n    evaluation: stones\n"
       "algorithms: [{name: ab, algorithm: alphabeta}]\n",
       "3:17", "unknown evaluation kind 'stones'"},
      {head + "algorithms:\n  - {name: ab, algorithm: alphabeta, depth: 3}\n", "4:38",
       "set per input set"},
      {head + "algorithms:\n  - {name: ab, algorithm: alphabet}\n", "4:27",
       "unknown algorithm 'alphabet'"},
      {head + "algorithms:\n  - {name: ab, algorithm: alphabeta, options: {tt: maybe}}\n", "4:52",
       "tt"},
      {head +
           "algorithms:\n  - {name: ab, algorithm: alphabeta}\n  - {name: ab, algorithm: sss*}\n",
       "5:12", "duplicate algorithm name 'ab'"},
      {head + "algorithms:\n  - {name: ab, algorithm: alphabeta, nodes: -5}\n", "4:45", "nodes"},
      {head + "algorithms: [{name: ab, algorithm: alphabeta}]\nreference: sss\n", "4:12",
       "'reference' 'sss' is not an algorithm"},
      {head + "algorithms: [{name: ab, algorithm: alphabeta}]\nthreds: 2\n", "4:1",
       "unknown key 'threds'"},
  };
  const std::string dir = make_temp_dir();
  testing::expect_located(cases, dir + "/config.yaml");
  // Through the command: one line, exit code 2.
  const auto r = run_harness({"compare", write_config(dir, cases[1].text), "--quiet"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("config.yaml:2:11: unknown game 'chess'"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  fs::remove_all(dir);
}

TEST(Compare, BadPositionInAFileIsReportedAtItsLine) {
  const std::string dir = make_temp_dir();
  write_config(dir, "x../.../...:O\n# a comment\n   xxq/.../...:X\n", "positions.txt");
  const std::string path = write_config(dir, R"(
inputs:
  - game: tictactoe
    positions: {file: positions.txt}
algorithms: [{name: ab, algorithm: alphabeta}]
)");
  try {
    (void)load_compare_config(path);
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(dir + "/positions.txt:3:4: bad position", 0), 0u)
        << e.what();
  }
  fs::remove_all(dir);
}

// Sampled positions depend on (seed, set, combination, index) only; the plan is the same each
// time and different for another seed.
TEST(Compare, SampledPositionsAreSeeded) {
  const std::string text = R"(
inputs:
  - game: {name: kalah, params: {seeds: 3}}
    positions: {sample: 8, plies: 2..6}
    depths: [2]
algorithms: [{name: ab, algorithm: alphabeta}]
seed: )";
  auto positions = [&](const std::string& seed) {
    std::string t = text;
    t += seed;
    t += '\n';
    const ComparePlan plan = make_compare_plan(load_compare_config_text(t, "mem.yaml"));
    std::vector<std::string> out;
    for (const auto& in : plan.inputs) out.push_back(in.position);
    return out;
  };
  const auto a = positions("5");
  ASSERT_EQ(a.size(), 8u);
  EXPECT_EQ(positions("5"), a);
  EXPECT_NE(positions("6"), a);
  for (const auto& p : a) EXPECT_NE(p, make_game("kalah", {{"seeds", "3"}})->initial_position());
}

}  // namespace
}  // namespace gts
