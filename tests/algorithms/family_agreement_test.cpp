// NegaScout (every option combination) and the MT family (MT-SSS*, MT-DUAL*, MTD(f) with and
// without iterative deepening) return minimax's value and a best move that achieves it: on
// hundreds of random trees of both value models, on Kalah positions at fixed depths and to the
// end, and on tic-tac-toe positions at fixed depths and to the end.
#include <gtest/gtest.h>

#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tictactoe/tictactoe.h"
#include "tests/algorithms/family_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::make_eval;
using test::make_game;

TranspositionTable& shared_table() {
  static TranspositionTable table(4);
  return table;
}

template <class G>
int check_position(const G& game, const typename G::Eval& eval, const typename G::State& root,
                   int depth, const std::string& where) {
  const SearchResult mm = minimax(game, eval, root, depth_limits(depth));
  EXPECT_TRUE(mm.complete);
  std::map<Move, Value> values;
  if (!game.is_terminal(root) && depth > 0)
    values = test::root_move_values(game, eval, root, depth);
  int checked = 0;
  for (const auto& algo : test::family<G>(shared_table())) {
    const SearchResult r = algo.run(game, eval, root, depth_limits(depth));
    const std::string what = where + " depth " + std::to_string(depth) + " " + algo.name;
    EXPECT_EQ(r.value, mm.value) << what;
    EXPECT_TRUE(r.complete) << what;
    EXPECT_EQ(r.depth, depth) << what;
    EXPECT_LE(r.stats.leaves + r.stats.interior, r.stats.nodes) << what;
    ++checked;
    if (values.empty()) {
      EXPECT_EQ(r.best_move, kNoMove) << what;
      continue;
    }
    if (!values.count(r.best_move)) {
      ADD_FAILURE() << what << ": best move " << r.best_move << " is not a root move";
      continue;
    }
    EXPECT_EQ(values.at(r.best_move), mm.value) << what << " best move " << r.best_move;
    EXPECT_FALSE(r.pv.empty()) << what;
    if (!r.pv.empty()) {
      EXPECT_EQ(r.pv[0], r.best_move) << what;
    }
    // Searches to the end order by the game's hints by default, so only fixed depths keep order.
    if (algo.first_best_in_order && depth != kDepthMax) {
      EXPECT_EQ(r.best_move, mm.best_move) << what;
    }
  }
  return checked;
}

TEST(FamilyAgreement, RandomTrees) {
  int trees = 0;
  for (int seed = 1; seed <= 120; ++seed) {
    const int b = 2 + seed % 5;        // 2..6
    const int d = 1 + (seed / 5) % 6;  // 1..6
    if (b >= 5 && d >= 6) continue;
    for (const char* values : {"independent", "incremental"}) {
      std::map<std::string, std::string> p{{"branching", std::to_string(b)},
                                           {"depth", std::to_string(d)},
                                           {"seed", std::to_string(seed)},
                                           {"values", values}};
      // Small ranges make ties (and fail-soft edges, scout re-searches on equal values) common.
      if (std::string(values) == "independent" && seed % 3 == 0) {
        p["distinct"] = "no";
        p["range"] = "5";
      }
      if (std::string(values) == "incremental") p["increment"] = seed % 2 == 0 ? "3" : "100";
      const auto game = make_game<RandomTree>(p);
      const auto eval = make_eval(game, "leaf");
      const std::string where = "tree " + std::to_string(b) + "x" + std::to_string(d) + " seed " +
                                std::to_string(seed) + " " + values;
      check_position(game, eval, game.initial_state(), d, where);
      if (d >= 2) check_position(game, eval, game.initial_state(), d - 1, where + " (horizon)");
      ++trees;
    }
  }
  EXPECT_GE(trees, 200);
}

TEST(FamilyAgreement, KalahFixedDepth) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto root = test::random_position(game, seed, static_cast<int>(seed * 3 % 25));
    for (int depth = 1; depth <= 5; ++depth) {
      check_position(game, eval, root, depth, game.to_string(root));
    }
  }
}

TEST(FamilyAgreement, KalahToTheEnd) {
  const auto game = make_game<Kalah>({{"pits", "4"}, {"seeds", "2"}});
  const auto eval = make_eval(game, "store-diff");
  int used = 0;
  for (std::uint64_t seed = 1; seed <= 300 && used < 6; ++seed) {
    const auto root = test::random_position(game, seed + 200, 2 + static_cast<int>(seed % 9));
    SearchLimits probe = depth_limits(kDepthMax);
    probe.max_nodes = 100'000;
    const SearchResult size = minimax(game, eval, root, probe);
    if (!size.complete || size.stats.nodes < 500) continue;
    check_position(game, eval, root, kDepthMax, game.to_string(root));
    ++used;
  }
  EXPECT_EQ(used, 6);
}

TEST(FamilyAgreement, TicTacToe) {
  const auto game = make_game<TicTacToe>({});
  const auto eval = make_eval(game, "open-lines");
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const auto root = test::random_position(game, seed + 400, 2 + static_cast<int>(seed % 5));
    for (int depth : {1, 2, 3, kDepthMax}) {
      check_position(game, eval, root, depth, game.to_string(root));
    }
  }
  // The empty board to the end: a draw, whatever the algorithm.
  for (const auto& algo : test::family<TicTacToe>(shared_table())) {
    if (algo.name.find("negascout") != std::string::npos &&
        algo.name.find("tt") == std::string::npos)
      continue;  // without a table the full tree is slow and proves nothing new
    const SearchResult r = algo.run(game, eval, game.initial_state(), depth_limits(kDepthMax));
    EXPECT_EQ(r.value, 0) << algo.name;
    EXPECT_TRUE(r.complete) << algo.name;
  }
}

}  // namespace
}  // namespace gts
