// `mcts` as a user drives it: a proof from the command line, its counts in --json, and bad
// options, or a search that could never end, refused in one line with exit code 2 (search, run
// and compare alike, a config's with its file, line and column).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::run_harness;

TEST(MctsCli, ProvesTicTacToeADrawAndCountsApart) {
  const auto r = run_harness(
      {"search", "--game", "tictactoe", "--algorithm", "mcts", "--depth", "max", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["value"], 0);
  EXPECT_EQ(j["exact"], true);
  EXPECT_GT(j["iterations"].get<std::uint64_t>(), 0U);
  EXPECT_GT(j["peak_open"].get<std::uint64_t>(), 0U);
  EXPECT_EQ(j["capped_iterations"], 0);
  EXPECT_GE(j["nodes"].get<std::uint64_t>(),
            j["iterations"].get<std::uint64_t>() + j["playout_plies"].get<std::uint64_t>());
  EXPECT_EQ(j["options"]["c"], 1.414);
  // The text report says how many iterations and when the tree was full.
  const auto text =
      run_harness({"search", "--game", "connect-four", "--algorithm", "mcts", "--option",
                   "mem_mb=1", "--max-nodes", "300000", "--depth", "max"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("tree full (mem_mb) in "), std::string::npos) << text.out;
}

TEST(MctsCli, BadOptionsAreOneLineAndExitCodeTwo) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"c=-1", "'c' = -1 is out of range 0..100"},
      {"c=wide", "'c' must be a number in 0..100, got 'wide'"},
      {"c=nan", "'c' must be a number"},
      {"final=best", "'final' must be one of visits|value|secure"},
      {"playout_depth=-2", "'playout_depth'"},
      {"eval_scale=0", "'eval_scale' = 0 is out of range"},
      {"solver=maybe", "'solver'"},
      {"alpha=1.5", "'alpha' = 1.5 is out of range 0..1"},
      {"threads=0", "'threads'"},
      {"parallel=leaf", "'parallel' must be one of tree|root"},
      {"mem_mb=0", "'mem_mb'"},
      {"seed=-1", "'seed'"},
  };
  for (const auto& [option, expected] : cases) {
    const auto r = run_harness({"search", "--game", "kalah", "--algorithm", "mcts", "--option",
                                option, "--max-nodes", "100", "--depth", "max"});
    EXPECT_EQ(r.exit_code, 2) << option << "\n" << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << option << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(MctsCli, WithoutASolverASearchNeedsABudget) {
  const std::string needs = "mcts with solver=off needs a node or time budget";
  const auto search = run_harness({"search", "--game", "kalah", "--algorithm", "mcts", "--option",
                                   "solver=off", "--depth", "4"});
  EXPECT_EQ(search.exit_code, 2);
  EXPECT_NE(search.err.find(needs), std::string::npos) << search.err;
  EXPECT_EQ(std::count(search.err.begin(), search.err.end(), '\n'), 1) << search.err;
  // With a budget it searches: nodes, or its own iterations.
  EXPECT_EQ(run_harness({"search", "--game", "kalah", "--algorithm", "mcts", "--option",
                         "solver=off", "--max-nodes", "2000", "--depth", "max"})
                .exit_code,
            0);
  const auto iterations =
      run_harness({"search", "--game", "kalah", "--algorithm", "mcts", "--option", "solver=off",
                   "--option", "iterations=700", "--depth", "max", "--json"});
  ASSERT_EQ(iterations.exit_code, 0) << iterations.err;
  EXPECT_EQ(nlohmann::json::parse(iterations.out)["iterations"], 700);

  const std::string dir = testing::make_temp_dir();
  // A tournament of the uct player with `options` against a random one.
  const auto tournament = [&](const std::string& file, const std::string& options) {
    return testing::write_config(dir, file,
                                 "game: tictactoe\nplayers:\n  - {name: uct, algorithm: mcts, "
                                 "depth: max, options: {" +
                                     options +
                                     "}}\n  - {name: rnd, algorithm: random, depth: 1}\n"
                                     "tournament: {pairs: 1}\n");
  };
  const auto r = run_harness({"run", tournament("run.yaml", "solver: off"), "--out", dir + "/out"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("run.yaml:3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("player 'uct': " + needs), std::string::npos) << r.err;
  // Its `iterations` bound every move: the same player plays.
  const auto played = run_harness({"run", tournament("bounded.yaml", "solver: off, iterations: 50"),
                                   "--out", dir + "/bounded"});
  EXPECT_EQ(played.exit_code, 0) << played.err;

  const std::string compare = testing::write_config(
      dir, "compare.yaml",
      "name: c\ninputs:\n  - name: ttt\n    game: {name: tictactoe}\n    positions: start\n"
      "    depths: [2]\nalgorithms:\n  - {name: minimax, algorithm: minimax}\n"
      "  - {name: uct, algorithm: mcts, options: {solver: off}}\nreference: minimax\n");
  const auto c = run_harness({"compare", compare, "--check"});
  EXPECT_EQ(c.exit_code, 2);
  EXPECT_NE(c.err.find("compare.yaml:9:"), std::string::npos) << c.err;
  EXPECT_NE(c.err.find(needs), std::string::npos) << c.err;
}

}  // namespace
}  // namespace gts
