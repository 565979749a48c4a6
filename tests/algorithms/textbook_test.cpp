// The classic three-by-three tree [[3,12,8],[2,4,6],[14,5,2]] (value 3, first move best), and
// tic-tac-toe from the start (a draw), under every algorithm and option combination.
#include <gtest/gtest.h>

#include "games/tictactoe/tictactoe.h"
#include "games/tree/explicit_tree.h"
#include "tests/algorithms/search_test_util.h"

namespace gts {
namespace {

using test::all_option_combinations;
using test::depth_limits;
using test::describe;

constexpr std::string_view kTextbook = "[[3,12,8],[2,4,6],[14,5,2]]";

TEST(Textbook, MinimaxCountsEveryNode) {
  const ExplicitTree game(kTextbook);
  const TreeEval eval(game, EvalSpec{"leaf", {}});
  const SearchResult r = minimax(game, eval, game.initial_state(), depth_limits(kDepthMax));
  EXPECT_EQ(r.value, 3);
  EXPECT_EQ(r.best_move, 0);
  EXPECT_EQ(game.move_to_string(game.initial_state(), r.best_move), "1");
  EXPECT_EQ(r.stats.nodes, 13U);
  EXPECT_EQ(r.stats.leaves, 9U);
  EXPECT_EQ(r.stats.interior, 4U);
  EXPECT_EQ(r.stats.cutoffs, 0U);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.depth, kDepthMax);
  // MIN answers the first move with its first child, 3.
  EXPECT_EQ(r.pv, (std::vector<Move>{0, 0}));
}

TEST(Textbook, AlphaBetaEveryOptionCombination) {
  const ExplicitTree game(kTextbook);
  const TreeEval eval(game, EvalSpec{"leaf", {}});
  for (int depth : {2, kDepthMax}) {
    for (const AlphaBetaOptions& o : all_option_combinations()) {
      const SearchResult r = alphabeta(game, eval, game.initial_state(), depth_limits(depth), o);
      EXPECT_EQ(r.value, 3) << describe(o) << " depth " << depth;
      // Only one root move is worth 3, so random ties too must pick the first child.
      EXPECT_EQ(r.best_move, 0) << describe(o) << " depth " << depth;
      EXPECT_TRUE(r.complete);
      EXPECT_EQ(r.depth, depth);
    }
  }
}

// Knuth and Moore's fail-hard alpha-beta in the natural order: the second MIN node is refuted by
// its first leaf (2 <= 3), the third needs all three (14, 5, then 2).
TEST(Textbook, AlphaBetaHandCountedCutoffs) {
  const ExplicitTree game(kTextbook);
  const TreeEval eval(game, EvalSpec{"leaf", {}});
  const SearchResult r = alphabeta(game, eval, game.initial_state(), depth_limits(2));
  EXPECT_EQ(r.stats.leaves, 7U);
  EXPECT_EQ(r.stats.nodes, 11U);
  EXPECT_EQ(r.stats.interior, 4U);
  EXPECT_EQ(r.stats.cutoffs, 2U);
  EXPECT_EQ(r.pv, (std::vector<Move>{0, 0}));
}

// SSS* by hand: leaves 3, 2, 14 first (one per MIN node), then 5 and 2 under the third node
// (h falls to 2), then 12 and 8 under the first; root solved at 3. Purged at the end: the
// solved states of the second and third MIN nodes' last leaves.
TEST(Textbook, SssStarHandTrace) {
  const ExplicitTree game(kTextbook);
  const TreeEval eval(game, EvalSpec{"leaf", {}});
  for (int depth : {2, kDepthMax}) {
    const SearchResult r = sss_star(game, eval, game.initial_state(), depth_limits(depth));
    EXPECT_EQ(r.value, 3);
    EXPECT_EQ(r.best_move, 0);
    EXPECT_EQ(r.pv, (std::vector<Move>{0, 0}));
    EXPECT_EQ(r.stats.leaves, 7U);
    EXPECT_EQ(r.stats.nodes, 11U);
    EXPECT_EQ(r.stats.interior, 4U);
    EXPECT_EQ(r.stats.cutoffs, 2U);
    // Root expanded: three MIN children live at once.
    EXPECT_EQ(r.stats.peak_open, 3U);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.depth, depth);
  }
}

TEST(TicTacToeStart, EveryAlgorithmFindsTheDraw) {
  const TicTacToe game;
  const TicTacToeEval eval(game, EvalSpec{"open-lines", {}});
  const auto root = game.initial_state();
  const SearchResult mm = minimax(game, eval, root, depth_limits(kDepthMax));
  EXPECT_EQ(mm.value, 0);
  // 549,946 positions in the full tic-tac-toe game tree, 255,168 finished games.
  EXPECT_EQ(mm.stats.nodes, 549946U);
  EXPECT_EQ(mm.stats.leaves, 255168U);
  EXPECT_EQ(sss_star(game, eval, root, depth_limits(kDepthMax)).value, 0);
  for (AlphaBetaOptions o : all_option_combinations()) {
    o.tt_mb = 4;
    const SearchResult r = alphabeta(game, eval, root, depth_limits(kDepthMax), o);
    EXPECT_EQ(r.value, 0) << describe(o);
    EXPECT_TRUE(r.complete) << describe(o);
    EXPECT_EQ(r.depth, kDepthMax) << describe(o);
    EXPECT_LT(r.best_move, 9) << describe(o);
    EXPECT_GE(r.best_move, 0) << describe(o);
  }
}

}  // namespace
}  // namespace gts
