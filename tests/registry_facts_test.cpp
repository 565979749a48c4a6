// Behaviour that follows the registry's facts rather than names: the seed reaches every seeded
// algorithm, a budget turns an anytime algorithm's iterative deepening on and refuses the others,
// and games describe their sides and outcomes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "harness/registry.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::run_harness;

// Every root move of this tree is worth 5: random tie-breaking (random_ties=on where an algorithm
// has that option) chooses among all three.
std::set<std::string> best_moves_over_seeds(const AlgorithmInfo& algorithm) {
  std::set<std::string> moves;
  for (int seed = 0; seed < 12; ++seed) {
    std::vector<std::string> args = {
        "search", "--game",   "tree", "--param", "tree=[[5,9],[5,7],[5,6]]", "--algorithm",
        algorithm.name, "--option", "seed=" + std::to_string(seed), "--depth", "max", "--json"};
    if (std::ranges::find(algorithm.options, "random_ties", &ParamSpec::name) !=
        algorithm.options.end()) {
      args.insert(args.end(), {"--option", "random_ties=on"});
    }
    const auto r = run_harness(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["value"], 5);
    moves.insert(j["best_move"].get<std::string>());
  }
  return moves;
}

TEST(RegistryFacts, TheSeedReachesEverySeededAlgorithm) {
  for (const AlgorithmInfo& a : algorithm_infos()) {
    if (!a.facts.seeded || !a.facts.searches) continue;
    SCOPED_TRACE(a.name);
    EXPECT_EQ(best_moves_over_seeds(a).size(), 3u);
  }
  // Both alpha-beta and NegaScout are seeded.
  EXPECT_TRUE(find_algorithm_info("negascout").facts.seeded);
  EXPECT_TRUE(find_algorithm_info("alphabeta").facts.seeded);
}

TEST(RegistryFacts, BudgetsFollowTheAnytimeFact) {
  const std::string dir = testing::make_temp_dir();
  for (const AlgorithmInfo& a : algorithm_infos()) {
    if (!a.facts.searches) continue;
    SCOPED_TRACE(a.name);
    const std::string config =
        testing::write_config(dir, "c.yaml",
                              "game: kalah\nplayers:\n  - {name: probe, algorithm: " + a.name +
                                  "}\n  - {name: rnd, algorithm: random}\n"
                                  "tournament: {pairs: 1, max_plies: 16, limits: {nodes: 2000}}\n");
    const std::string out = dir + "/" + std::to_string(&a - algorithm_infos().data());
    const auto r = run_harness({"run", config, "--out", out});
    if (!a.facts.anytime) {
      EXPECT_EQ(r.exit_code, 2);
      EXPECT_NE(r.err.find("c.yaml:3:30: player 'probe': " + a.name +
                           " cannot play under tournament.limits.nodes"),
                std::string::npos)
          << r.err;
      continue;
    }
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Every move the anytime algorithm made comes from a completed iteration.
    const auto moves = testing::table_without(out + "/moves.csv", {});
    int probe_moves = 0;
    for (std::size_t i = 1; i < moves.size(); ++i) {
      if (moves[i][2] != "probe") continue;
      ++probe_moves;
      EXPECT_GE(std::stoi(moves[i][5]), 1) << "a depth-0 move at ply " << moves[i][1];
      EXPECT_LE(std::stoull(moves[i][8]), 2000u);  // nodes
    }
    EXPECT_GT(probe_moves, 0);
  }
}

// A table grows (tt_mb up to tt_max_mb) only in a search to the end: a fixed-depth search that
// fills its table keeps it at tt_mb, while the same table given to it directly grows (in
// AlphaBeta.PeakBytesIncludeTheTablesGrowth), so the registry decides.
TEST(RegistryFacts, AFixedDepthSearchsTableNeverGrows) {
  for (const std::string algorithm : {"alphabeta", "negascout"}) {
    SCOPED_TRACE(algorithm);
    const auto r =
        run_harness({"search", "--game", "kalah", "--algorithm", algorithm, "--option", "tt=on",
                     "--option", "tt_mb=1", "--option", "tt_max_mb=16", "--depth", "10", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["peak_bytes"], std::uint64_t{1} << 20);
  }
}

TEST(RegistryFacts, GamesDescribeTheirSidesAndOutcomes) {
  const GameInfo& kalah = find_game_info("kalah");
  EXPECT_EQ(kalah.side_names[0], "South");
  EXPECT_TRUE(kalah.outcome_is_margin);
  EXPECT_FALSE(kalah.outcome_is_leaf_value);
  const GameInfo& tree = find_game_info("random-tree");
  EXPECT_EQ(tree.side_names[1], "MIN");
  EXPECT_TRUE(tree.outcome_is_leaf_value);
  EXPECT_TRUE(tree.uniform_tree);
  EXPECT_FALSE(find_game_info("tree").uniform_tree);
  EXPECT_EQ(reference_algorithm().name, "minimax");
}

// Knuth's estimate of a tree's size is exact where every line meets the same move counts (a
// uniform tree; Connect Four's first plies) and close elsewhere (tic-tac-toe's 549,946 positions,
// stopping at wins: 10^5.74).
TEST(RegistryFacts, GamesEstimateTheirTreeSize) {
  const auto uniform = make_game("random-tree", {{"branching", "3"}, {"depth", "5"}});
  EXPECT_NEAR(uniform->tree_size_log10(uniform->initial_position(), kDepthMax),
              std::log10(1 + 3 + 9 + 27 + 81 + 243), 1e-9);
  EXPECT_NEAR(uniform->tree_size_log10(uniform->initial_position(), 2), std::log10(13), 1e-9);
  const auto c4 = make_game("connect-four", {});
  EXPECT_NEAR(c4->tree_size_log10(c4->initial_position(), 4), std::log10(2801), 1e-9);
  const auto ttt = make_game("tictactoe", {});
  EXPECT_NEAR(ttt->tree_size_log10(ttt->initial_position(), kDepthMax), std::log10(549946), 0.15);
  // The same call, the same answer.
  EXPECT_EQ(ttt->tree_size_log10(ttt->initial_position(), kDepthMax),
            ttt->tree_size_log10(ttt->initial_position(), kDepthMax));
}

// A search is hopeless by the game's estimate and the algorithm's tree_exponent: minimax to the
// end of Connect Four is, to the end of tic-tac-toe is not; alpha-beta to a fixed depth counts at
// best the square root, and to the end is not estimated (the game's bounds and hints cut it);
// nor is a search with a table (transpositions decide), nor the random player.
TEST(RegistryFacts, HopelessSearchesFollowTheEstimateAndTheFacts) {
  const auto c4 = make_game("connect-four", {});
  const std::string start = c4->initial_position();
  const auto minimax = hopeless_search(*c4, start, make_algorithm_spec("minimax", {}), kDepthMax);
  ASSERT_TRUE(minimax.has_value());
  EXPECT_EQ(minimax->substr(0, 30), "minimax would visit about 10^2");
  const auto ab = hopeless_search(*c4, start, make_algorithm_spec("alphabeta", {}), 1000);
  ASSERT_TRUE(ab.has_value());
  EXPECT_EQ(ab->substr(0, 35), "alphabeta would visit at best about");
  EXPECT_FALSE(hopeless_search(*c4, start, make_algorithm_spec("alphabeta", {}), kDepthMax));
  EXPECT_FALSE(hopeless_search(*c4, start, make_algorithm_spec("alphabeta", {{"tt", "on"}}), 1000));
  EXPECT_FALSE(hopeless_search(*c4, start, make_algorithm_spec("random", {}), kDepthMax));
  EXPECT_FALSE(hopeless_search(*c4, start, make_algorithm_spec("minimax", {}), 8));
  const auto ttt = make_game("tictactoe", {});
  EXPECT_FALSE(hopeless_search(*ttt, ttt->initial_position(), make_algorithm_spec("minimax", {}),
                               kDepthMax));
  EXPECT_EQ(find_algorithm_info("minimax").facts.tree_exponent, 1.0);
  EXPECT_EQ(find_algorithm_info("negascout").facts.tree_exponent, 0.5);
}

}  // namespace
}  // namespace gts
