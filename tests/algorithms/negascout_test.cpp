// NegaScout facts: the minimal tree on best-first trees, the textbook tree's counts, scouting
// that pays on good orderings and re-searches that cost on bad ones, and budgets.
#include <gtest/gtest.h>

#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tree/explicit_tree.h"
#include "tests/algorithms/family_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::describe;
using test::make_eval;
using test::make_game;

std::uint64_t power(std::uint64_t b, int e) {
  std::uint64_t r = 1;
  for (int i = 0; i < e; ++i) r *= b;
  return r;
}

RandomTree tree(int b, int d, const std::string& ordering, int seed) {
  return make_game<RandomTree>({{"branching", std::to_string(b)},
                                {"depth", std::to_string(d)},
                                {"seed", std::to_string(seed)},
                                {"ordering", ordering}});
}

// With the best move first everywhere every scout fails low and nothing is searched twice: the
// minimal tree of Knuth and Moore, b^ceil(d/2) + b^floor(d/2) - 1 leaves, fail-hard or soft.
TEST(NegaScout, MinimalTreeOnBestFirstTrees) {
  int checked = 0;
  for (int b = 2; b <= 7; ++b) {
    for (int d = 1; d <= 7; ++d) {
      if (power(static_cast<std::uint64_t>(b), d) > (1U << 17)) continue;
      const RandomTree game = tree(b, d, "best-first", 5 * b + d);
      const auto eval = make_eval(game, "leaf");
      const auto ub = static_cast<std::uint64_t>(b);
      for (bool soft : {false, true}) {
        NegaScoutOptions o;
        o.fail_soft = soft;
        const SearchResult r = negascout(game, eval, game.initial_state(), depth_limits(d), o);
        EXPECT_EQ(r.stats.leaves, power(ub, (d + 1) / 2) + power(ub, d / 2) - 1)
            << "b=" << b << " d=" << d << " " << describe(o);
        MovesOf<RandomTree> moves;
        game.legal_moves(game.initial_state(), moves);
        EXPECT_EQ(r.best_move, moves[0]);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 2 * 40);
}

// [[3,12,8],[2,4,6],[14,5,2]]: the first MIN node in full (3, 12, 8 -> 3); the second's scout
// fails low on its first leaf (2 <= 3); the third's on its last (14, 5, 2). No re-search: seven
// leaves, eleven nodes, as alpha-beta.
TEST(NegaScout, TextbookTree) {
  const ExplicitTree game("[[3,12,8],[2,4,6],[14,5,2]]");
  const TreeEval eval(game, EvalSpec{"leaf", {}});
  for (const NegaScoutOptions& o : test::negascout_combinations()) {
    const SearchResult r = negascout(game, eval, game.initial_state(), depth_limits(2), o);
    EXPECT_EQ(r.value, 3) << describe(o);
    EXPECT_EQ(r.best_move, 0) << describe(o);
    if (!o.static_ordering && !o.iterative_deepening) {
      EXPECT_EQ(r.stats.leaves, 7U) << describe(o);
      EXPECT_EQ(r.stats.cutoffs, 2U) << describe(o);
      if (!o.tt) {
        EXPECT_EQ(r.stats.nodes, 11U) << describe(o);
      }
      EXPECT_EQ(r.stats.ordering_evals, 0U) << describe(o);
    }
    // Static ordering evaluates each child of every expanded position once to sort it: three at
    // the root, then three under each MIN node searched. Not leaves, but not hidden either.
    if (o.static_ordering && !o.iterative_deepening) {
      EXPECT_EQ(r.stats.ordering_evals, 3U + 3U * (r.stats.interior - 1)) << describe(o);
      EXPECT_GT(r.stats.interior, 1U) << describe(o);
    }
  }
}

// A tree where the second root move is best: its scout fails high and it is searched again.
// [[1,1],[5,6]]: the scout of the second MIN node with (1, 2) sees 5 and 6 and fails high at 5;
// the fail-soft re-search with (5, +inf) takes the first leaf, 5, and stops there (5 >= 5 proves
// the bound it already had). Alpha-beta needs four leaves, NegaScout five.
TEST(NegaScout, ReSearchOnFailHigh) {
  const ExplicitTree game("[[1,1],[5,6]]");
  const TreeEval eval(game, EvalSpec{"leaf", {}});
  NegaScoutOptions o;  // fail-soft
  const SearchResult r = negascout(game, eval, game.initial_state(), depth_limits(2), o);
  EXPECT_EQ(r.value, 5);
  EXPECT_EQ(r.best_move, 1);
  EXPECT_EQ(r.stats.leaves, 2U + 2U + 1U);
  EXPECT_EQ(r.stats.nodes, 1U + 3U + 3U + 2U);
  EXPECT_EQ(r.pv, (std::vector<Move>{1, 0}));
  // Fail-hard re-searches with the window (1, +inf): both leaves again.
  o.fail_soft = false;
  const SearchResult hard = negascout(game, eval, game.initial_state(), depth_limits(2), o);
  EXPECT_EQ(hard.value, 5);
  EXPECT_EQ(hard.stats.leaves, 2U + 2U + 2U);
  const SearchResult ab = alphabeta(game, eval, game.initial_state(), depth_limits(2));
  EXPECT_EQ(ab.stats.leaves, 4U);
}

// On random trees NegaScout saves leaves over alpha-beta in most positions with good ordering
// (iterative deepening with a table on incremental trees), and the value always agrees.
TEST(NegaScout, FewerLeavesThanAlphaBetaWithGoodOrdering) {
  TranspositionTable table(4);
  int fewer = 0;
  int more = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    const auto game = make_game<RandomTree>({{"branching", "5"},
                                             {"depth", "6"},
                                             {"seed", std::to_string(seed)},
                                             {"values", "incremental"},
                                             {"increment", "50"}});
    const auto eval = make_eval(game, "leaf");
    AlphaBetaOptions o;
    o.fail_soft = true;
    o.tt = true;
    o.iterative_deepening = true;
    const SearchResult ab = alphabeta(game, eval, game.initial_state(), depth_limits(6), o, &table);
    const SearchResult ns =
        negascout(game, eval, game.initial_state(), depth_limits(6), NegaScoutOptions(o), &table);
    ASSERT_EQ(ns.value, ab.value) << seed;
    fewer += ns.stats.leaves < ab.stats.leaves ? 1 : 0;
    more += ns.stats.leaves > ab.stats.leaves ? 1 : 0;
  }
  EXPECT_GT(fewer, more);
  EXPECT_GE(fewer, 20);
}

TEST(NegaScout, NodeBudgetAndBadLimits) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  MovesOf<Kalah> legal;
  game.legal_moves(root, legal);
  for (bool id : {false, true}) {
    NegaScoutOptions o;
    o.iterative_deepening = id;
    o.tt = true;
    o.tt_mb = 1;
    SearchLimits limits = depth_limits(14);
    limits.max_nodes = 20000;
    const SearchResult r = negascout(game, eval, root, limits, o);
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.stats.nodes, 20000U);
    EXPECT_TRUE(legal.contains(r.best_move));
    if (id) {
      EXPECT_GE(r.depth, 3);
      EXPECT_EQ(r.value, minimax(game, eval, root, depth_limits(r.depth)).value);
    }
  }
  EXPECT_THROW(negascout(game, eval, root, depth_limits(-1)), ParamError);
}

}  // namespace
}  // namespace gts
