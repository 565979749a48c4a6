// Alpha-beta facts: the minimal tree on best-first trees, the full tree on worst-first trees,
// random tie-breaking, the transposition table's bookkeeping, and budgets.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <set>
#include <thread>

#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tictactoe/tictactoe.h"
#include "tests/algorithms/search_test_util.h"

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

RandomTree ordered_tree(int b, int d, const std::string& ordering, int seed) {
  return make_game<RandomTree>({{"branching", std::to_string(b)},
                                {"depth", std::to_string(d)},
                                {"seed", std::to_string(seed)},
                                {"values", "independent"},
                                {"distinct", "yes"},
                                {"ordering", ordering}});
}

// Knuth and Moore: with the best move first everywhere and no ties, fail-hard alpha-beta evaluates
// exactly b^ceil(d/2) + b^floor(d/2) - 1 leaves.
TEST(AlphaBeta, MinimalTreeOnBestFirstTrees) {
  int checked = 0;
  for (int b = 2; b <= 8; ++b) {
    for (int d = 1; d <= 7; ++d) {
      if (power(static_cast<std::uint64_t>(b), d) > (1U << 18)) continue;
      const RandomTree game = ordered_tree(b, d, "best-first", 7 * b + d);
      const auto eval = make_eval(game, "leaf");
      const SearchResult r = alphabeta(game, eval, game.initial_state(), depth_limits(d));
      const auto ub = static_cast<std::uint64_t>(b);
      const std::uint64_t expected = power(ub, (d + 1) / 2) + power(ub, d / 2) - 1;
      EXPECT_EQ(r.stats.leaves, expected) << "b=" << b << " d=" << d;
      EXPECT_EQ(r.value, minimax(game, eval, game.initial_state(), depth_limits(d)).value);
      // The first move is the best one by construction.
      MovesOf<RandomTree> moves;
      game.legal_moves(game.initial_state(), moves);
      EXPECT_EQ(r.best_move, moves[0]) << "b=" << b << " d=" << d;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 46);
}

// Worst first, distinct values, at most three plies: every move raises alpha and no MIN node ever
// falls below it, so nothing is cut. (From four plies on, deep cut-offs appear even here.)
TEST(AlphaBeta, FullTreeOnShallowWorstFirstTrees) {
  for (int b = 2; b <= 6; ++b) {
    for (int d = 1; d <= 3; ++d) {
      const RandomTree game = ordered_tree(b, d, "worst-first", 11 * b + d);
      const auto eval = make_eval(game, "leaf");
      const SearchResult r = alphabeta(game, eval, game.initial_state(), depth_limits(d));
      EXPECT_EQ(r.stats.leaves, power(static_cast<std::uint64_t>(b), d)) << "b=" << b << " d=" << d;
      EXPECT_EQ(r.stats.cutoffs, 0U);
    }
  }
}

TEST(AlphaBeta, TranspositionTableBookkeeping) {
  const auto game = make_game<TicTacToe>({});
  const auto eval = make_eval(game, "open-lines");
  AlphaBetaOptions o;
  o.tt = true;
  o.tt_mb = 1;
  const SearchResult r = alphabeta(game, eval, game.initial_state(), depth_limits(kDepthMax), o);
  EXPECT_EQ(r.value, 0);
  // 1 MiB of 64-byte buckets (four 16-byte entries).
  EXPECT_EQ(r.stats.peak_bytes, std::uint64_t{1} << 20);
  // Every interior position is probed; tic-tac-toe transposes constantly.
  EXPECT_GE(r.stats.tt_probes, r.stats.interior);
  EXPECT_GT(r.stats.tt_hits, r.stats.tt_probes / 4);
  // Far fewer positions than the 549,946 of the full game tree (about 5,478 distinct ones).
  EXPECT_LT(r.stats.nodes, 30000U);
  const SearchResult plain = alphabeta(game, eval, game.initial_state(), depth_limits(kDepthMax));
  EXPECT_EQ(plain.stats.tt_probes, 0U);
  EXPECT_EQ(plain.stats.peak_bytes, 0U);
  EXPECT_LT(r.stats.nodes, plain.stats.nodes);
}

// A table given room to grow reports the size it grew to, not the size it started at: the memory
// a search used is read when it ends.
TEST(AlphaBeta, PeakBytesIncludeTheTablesGrowth) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  AlphaBetaOptions o;
  o.tt = true;
  o.tt_mb = 1;
  TranspositionTable table(1, 16);
  const SearchResult r = alphabeta(game, eval, game.initial_state(), depth_limits(10), o, &table);
  EXPECT_GT(table.bytes(), std::size_t{1} << 20);
  EXPECT_EQ(r.stats.peak_bytes, table.bytes());
}

TEST(AlphaBeta, BadTableSizeIsAParamError) {
  const auto game = make_game<TicTacToe>({});
  const auto eval = make_eval(game, "open-lines");
  AlphaBetaOptions o;
  o.tt = true;
  o.tt_mb = 0;
  EXPECT_THROW(alphabeta(game, eval, game.initial_state(), depth_limits(2), o), ParamError);
  EXPECT_THROW(alphabeta(game, eval, game.initial_state(), depth_limits(-1)), ParamError);
  EXPECT_THROW(minimax(game, eval, game.initial_state(), depth_limits(-1)), ParamError);
  EXPECT_THROW(sss_star(game, eval, game.initial_state(), depth_limits(-1)), ParamError);
}

// On the empty tic-tac-toe board every move draws: random ties must spread over them, and the same
// seed must always make the same choice.
TEST(AlphaBeta, RandomTiesSpreadOverEquallyGoodMoves) {
  const auto game = make_game<TicTacToe>({});
  const auto eval = make_eval(game, "open-lines");
  const auto root = game.initial_state();
  std::set<Move> picked;
  for (std::uint64_t seed = 0; seed < 24; ++seed) {
    AlphaBetaOptions o;
    o.tt = true;
    o.tt_mb = 1;
    o.random_ties = true;
    o.seed = seed;
    const SearchResult a = alphabeta(game, eval, root, depth_limits(kDepthMax), o);
    const SearchResult b = alphabeta(game, eval, root, depth_limits(kDepthMax), o);
    EXPECT_EQ(a.value, 0);
    EXPECT_EQ(a.best_move, b.best_move) << "seed " << seed;
    EXPECT_EQ(a.pv, b.pv) << "seed " << seed;
    ASSERT_FALSE(a.pv.empty());
    EXPECT_EQ(a.pv[0], a.best_move);
    picked.insert(a.best_move);
  }
  // 24 seeds over 9 equally good moves: a uniform pick misses 3 or more with tiny probability,
  // and the set is fixed by the seeds anyway.
  EXPECT_GE(picked.size(), 6U);
  // Without random ties the first move in order wins.
  AlphaBetaOptions plain;
  plain.tt = true;
  plain.tt_mb = 1;
  EXPECT_EQ(alphabeta(game, eval, root, depth_limits(kDepthMax), plain).best_move, 0);
}

// A tie must be a true tie: in positions from short random playouts, at several depths, every
// seed must pick a move that minimax rates best.
TEST(AlphaBeta, RandomTiesPickOnlyBestMoves) {
  const auto game = make_game<TicTacToe>({});
  const auto eval = make_eval(game, "open-lines");
  for (std::uint64_t pos_seed = 1; pos_seed <= 12; ++pos_seed) {
    const auto root = test::random_position(game, pos_seed, 2 + static_cast<int>(pos_seed % 4));
    if (game.is_terminal(root)) continue;
    for (int depth : {1, 2, 3, kDepthMax}) {
      const auto values = test::root_move_values(game, eval, root, depth);
      Value best = -kInfinity;
      for (const auto& [m, v] : values) best = std::max(best, v);
      for (std::uint64_t seed = 0; seed < 6; ++seed) {
        for (bool id : {false, true}) {
          AlphaBetaOptions o;
          o.random_ties = true;
          o.seed = seed;
          o.iterative_deepening = id;
          o.tt = id;
          o.tt_mb = 1;
          const SearchResult r = alphabeta(game, eval, root, depth_limits(depth), o);
          ASSERT_TRUE(values.count(r.best_move)) << game.to_string(root);
          EXPECT_EQ(values.at(r.best_move), best)
              << game.to_string(root) << " depth " << depth << " " << describe(o);
          EXPECT_EQ(r.value, best);
        }
      }
    }
  }
}

// Under a budget the search deepens iteratively (with or without the id option) and stops at the
// budget; depth 1 always completes, so the move comes from a real search.
TEST(AlphaBeta, NodeBudgetStopsAtTheBudget) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  MovesOf<Kalah> legal;
  game.legal_moves(root, legal);
  for (bool id : {false, true}) {
    for (bool tt : {false, true}) {
      AlphaBetaOptions o;
      o.iterative_deepening = id;
      o.tt = tt;
      o.tt_mb = 1;
      SearchLimits limits = depth_limits(14);
      limits.max_nodes = 20000;
      const SearchResult r = alphabeta(game, eval, root, limits, o);
      EXPECT_FALSE(r.complete) << describe(o);
      EXPECT_EQ(r.stats.nodes, 20000U) << describe(o);
      EXPECT_TRUE(legal.contains(r.best_move)) << describe(o);
      // Several iterations completed, the last one did not.
      EXPECT_GE(r.depth, 3) << describe(o);
      EXPECT_LT(r.depth, 14) << describe(o);
    }
  }
  // A budget of one node: depth 1 still completes, and gives a legal move of depth 1.
  SearchLimits one = depth_limits(5);
  one.max_nodes = 1;
  const SearchResult r = alphabeta(game, eval, root, one);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.depth, 1);
  EXPECT_EQ(r.stats.nodes, 1U + legal.size());
  EXPECT_TRUE(legal.contains(r.best_move));
  EXPECT_EQ(r.value, alphabeta(game, eval, root, depth_limits(1)).value);
  // A budget the search does not need changes nothing.
  SearchLimits ample = depth_limits(4);
  ample.max_nodes = 1'000'000;
  const SearchResult full = alphabeta(game, eval, root, ample);
  EXPECT_TRUE(full.complete);
  EXPECT_EQ(full.value, minimax(game, eval, root, depth_limits(4)).value);
}

TEST(AlphaBeta, TimeBudgetAndStopFlag) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  MovesOf<Kalah> legal;
  game.legal_moves(root, legal);
  SearchLimits limits = depth_limits(kDepthMax);
  limits.max_ms = 30;
  AlphaBetaOptions o;
  o.iterative_deepening = true;
  o.tt = true;
  o.tt_mb = 1;
  const double t0 = wall_ms();
  const SearchResult r = alphabeta(game, eval, root, limits, o);
  EXPECT_LT(wall_ms() - t0, 2000.0);
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(legal.contains(r.best_move));
  EXPECT_GE(r.depth, 1);

  std::atomic<bool> stop{true};
  SearchLimits stopped = depth_limits(8);
  stopped.stop = &stop;
  const SearchResult s = alphabeta(game, eval, root, stopped);
  EXPECT_FALSE(s.complete);
  EXPECT_TRUE(legal.contains(s.best_move));
  EXPECT_LE(s.stats.nodes, 1U);
  const SearchResult m = minimax(game, eval, root, stopped);
  EXPECT_FALSE(m.complete);
  EXPECT_TRUE(legal.contains(m.best_move));
}

// Dear nodes are checked against the clock often: nodes of 3 ms under a 20 ms budget stop within
// a few of them once the time is up, not after the 1024 of a fixed interval (a 19x19 df-pn node
// costs about 15 ms: a 3 s budget ran for 14.8 s).
TEST(SearchBudget, TheClockIsReadAsOftenAsNodesAreDear) {
  SearchLimits limits;
  limits.max_ms = 20;
  detail::SearchBudget budget(limits);
  const double t0 = wall_ms();
  std::uint64_t nodes = 0;
  while (!budget.exhausted(nodes) && nodes < 1024) {
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
    ++nodes;
  }
  EXPECT_GE(wall_ms() - t0, 20.0);
  EXPECT_LT(nodes, 100u);
  EXPECT_TRUE(budget.hit());
}

// The stop flag is read at every node: once the interval between clock reads has grown to its
// most (cheap nodes), a stop still ends the search at the next node (a parallel pass whose winner
// has finished waits for every other thread to notice).
TEST(SearchBudget, TheStopFlagIsReadAtEveryNode) {
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.stop = &stop;
  detail::SearchBudget budget(limits);
  std::uint64_t nodes = 0;
  while (nodes < 100000) ASSERT_FALSE(budget.exhausted(nodes++));
  stop = true;
  EXPECT_TRUE(budget.exhausted(nodes));
  budget.rearm();  // the next pass: the flag was lowered
  stop = false;
  EXPECT_FALSE(budget.exhausted(nodes));
}

TEST(Minimax, NodeBudget) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  MovesOf<Kalah> legal;
  game.legal_moves(root, legal);
  SearchLimits limits = depth_limits(8);
  limits.max_nodes = 5000;
  const SearchResult r = minimax(game, eval, root, limits);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.stats.nodes, 5000U);
  EXPECT_EQ(r.depth, 0);
  EXPECT_TRUE(legal.contains(r.best_move));
}

// Extra turns: in Kalah(6,4) South's house 3 (4 seeds) ends in the store, so South moves again.
// Alpha-beta must treat the child as a MAX node (no negation) and agree with minimax.
TEST(AlphaBeta, ExtraTurnKeepsTheMover) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  auto s = game.initial_state();
  game.play(s, 3);
  ASSERT_EQ(game.to_move(s), 0);
  // South to move again with 1 in the store: store-diff is +1 for South, not -1.
  const SearchResult leaf = alphabeta(game, eval, s, depth_limits(0));
  EXPECT_EQ(leaf.value, 1);
  const SearchResult one = alphabeta(game, eval, game.initial_state(), depth_limits(1));
  // Depth 1 from the start: houses 3 to 6 all put a seed in the store (+1), houses 1 and 2 do not
  // (0); house 3 is the first of the best.
  EXPECT_EQ(one.value, 1);
  EXPECT_EQ(one.best_move, 3);
}

}  // namespace
}  // namespace gts
