// Monte Carlo tree search: every value the solver proves equals minimax's (to the end and at a
// depth horizon), on tic-tac-toe, small Connect Four boards and Kalah(6,1..3), one tree or a tree
// a thread; the same seed repeats a search on one thread, and under root parallelisation on any
// number; every budget ends it after at least one iteration; the memory cap stops the trees'
// growth and says so.
#include "algorithms/mcts.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "algorithms/alphabeta.h"
#include "algorithms/minimax.h"
#include "games/connect_four/connect_four.h"
#include "games/kalah/kalah.h"
#include "games/tictactoe/tictactoe.h"
#include "tests/algorithms/search_test_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::make_eval;
using test::make_game;
using test::random_position;

// The memory per tree node the docs quote (docs/reference/algorithms.md).
static_assert(sizeof(detail::MctsNode) == 40);

constexpr auto kRoot = MctsOptions::Parallel::kRoot;

SearchLimits node_limits(std::uint64_t nodes, int depth = kDepthMax) {
  SearchLimits l = depth_limits(depth);
  l.max_nodes = nodes;
  return l;
}

template <class G>
bool legal(const G& game, const typename G::State& s, Move m) {
  MovesOf<G> moves;
  game.legal_moves(s, moves);
  return moves.contains(m);
}

TEST(Mcts, ProvesTicTacToeADraw) {
  const TicTacToe game;
  const auto eval = make_eval(game, "open-lines");
  for (const MctsOptions& o : {MctsOptions{.seed = 7}, MctsOptions{.threads = 2, .seed = 7},
                              MctsOptions{.threads = 2, .parallel = kRoot, .seed = 7}}) {
    const SearchResult r =
        mcts(game, eval, game.initial_state(), depth_limits(kDepthMax), o);
    ASSERT_TRUE(r.complete) << o.threads;
    EXPECT_EQ(r.value, 0);
    EXPECT_EQ(r.depth, kDepthMax);
    EXPECT_TRUE(legal(game, game.initial_state(), r.best_move));
    EXPECT_GT(r.stats.iterations, 0U);
    // Each iteration visits the root and at least one more position, in the tree or a playout.
    EXPECT_GE(r.stats.nodes, 2 * r.stats.iterations);
    EXPECT_GE(r.stats.nodes, r.stats.iterations + r.stats.playout_plies);
  }
}

// Searches `positions` with the solver under `budget` nodes; every proven value must equal
// `exact(position)`. Returns how many were proven.
template <class G, class E, class Exact>
int check_proofs(const G& game, const E& eval, int positions, int plies, std::uint64_t budget,
                 const MctsOptions& options, int depth, Exact exact) {
  int proven = 0;
  for (int i = 0; i < positions; ++i) {
    const auto s = random_position(game, static_cast<std::uint64_t>(i) * 31 + 5, plies + i % 3);
    if (game.is_terminal(s)) continue;
    SCOPED_TRACE(game.to_string(s));
    MctsOptions o = options;
    o.seed = static_cast<std::uint64_t>(i);
    const SearchResult r = mcts(game, eval, s, node_limits(budget, depth), o);
    EXPECT_TRUE(legal(game, s, r.best_move));
    EXPECT_LE(r.stats.nodes, budget);
    if (!r.complete) continue;
    ++proven;
    EXPECT_EQ(r.value, exact(s));
    // The move played reaches the proven value.
    auto child = s;
    game.play(child, r.best_move);
    const Value v = exact(child);
    EXPECT_EQ(game.to_move(child) == game.to_move(s) ? v : -v, r.value);
  }
  return proven;
}

TEST(Mcts, ProvenValuesEqualMinimaxOnTicTacToe) {
  const TicTacToe game;
  const auto eval = make_eval(game, "open-lines");
  auto exact = [&](const auto& s) { return minimax(game, eval, s, depth_limits(kDepthMax)).value; };
  EXPECT_EQ(check_proofs(game, eval, 20, 1, 1'000'000, {}, kDepthMax, exact), 20);
  EXPECT_EQ(check_proofs(game, eval, 20, 2, 1'000'000, {.alpha = 0.5}, kDepthMax, exact), 20);
  EXPECT_EQ(check_proofs(game, eval, 10, 2, 1'000'000, {.threads = 2}, kDepthMax, exact), 10);
  // A tree a thread: the bounds merged at the root prove the same values.
  EXPECT_EQ(check_proofs(game, eval, 10, 2, 1'000'000, {.threads = 2, .parallel = kRoot},
                         kDepthMax, exact),
            10);
  EXPECT_EQ(check_proofs(game, eval, 10, 1, 1'000'000,
                         {.alpha = 0.5, .threads = 3, .parallel = kRoot}, kDepthMax, exact),
            10);
}

TEST(Mcts, ProvenValuesEqualMinimaxOnSmallConnectFour) {
  // Positions of 4-6 plies on 4x4, of 8-10 on 5x4.
  for (const auto& [w, h] : {std::pair{4, 4}, std::pair{5, 4}}) {
    const int plies = 4 * (w - 3);
    const auto game =
        make_game<ConnectFour>({{"width", std::to_string(w)}, {"height", std::to_string(h)}});
    const auto eval = make_eval(game, ConnectFour::default_evaluation());
    auto exact = [&](const auto& s) {
      return alphabeta(game, eval, s, depth_limits(kDepthMax), {.tt = true, .tt_mb = 4}).value;
    };
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    EXPECT_GE(check_proofs(game, eval, 12, plies, 400'000, {}, kDepthMax, exact), 6);
    EXPECT_GE(check_proofs(game, eval, 6, plies + 2, 400'000, {.playout_depth = 4, .alpha = 0.3},
                           kDepthMax, exact),
              3);
    EXPECT_GE(check_proofs(game, eval, 6, plies, 400'000, {.threads = 2, .parallel = kRoot},
                           kDepthMax, exact),
              3);
  }
}

TEST(Mcts, ProvenValuesEqualMinimaxOnKalah) {
  for (const int seeds : {1, 2, 3}) {
    const auto game = make_game<Kalah>({{"seeds", std::to_string(seeds)}});
    const auto eval = make_eval(game, Kalah::default_evaluation());
    auto exact = [&](const auto& s) {
      return alphabeta(game, eval, s, depth_limits(kDepthMax), {.tt = true, .tt_mb = 4}).value;
    };
    SCOPED_TRACE(seeds);
    EXPECT_GE(check_proofs(game, eval, 8, 6 * seeds, 300'000, {}, kDepthMax, exact), 2);
    // Two threads on one tree, with cut-off playouts and implicit minimax (TSan runs this too).
    EXPECT_GE(check_proofs(game, eval, 4, 6 * seeds, 300'000,
                           {.playout_depth = 4, .alpha = 0.3, .threads = 2}, kDepthMax, exact),
              1);
    EXPECT_GE(check_proofs(game, eval, 4, 6 * seeds, 300'000, {.threads = 2, .parallel = kRoot},
                           kDepthMax, exact),
              1);
  }
  // Kalah(6,1) from the start: a first-player margin of +2.
  const auto game = make_game<Kalah>({{"seeds", "1"}});
  const auto eval = make_eval(game, Kalah::default_evaluation());
  const SearchResult r = mcts(game, eval, game.initial_state(), depth_limits(kDepthMax), {});
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.value, 2);
}

// At a finite depth the tree stops at the horizon, scored there by the evaluation: without a
// budget the search ends when the depth-limited tree is proven, at minimax's value.
TEST(Mcts, AtADepthItProvesTheDepthLimitedValue) {
  const auto c4 = make_game<ConnectFour>({});
  const auto c4_eval = make_eval(c4, ConnectFour::default_evaluation());
  const Kalah kalah;
  const auto kalah_eval = make_eval(kalah, Kalah::default_evaluation());
  for (int i = 0; i < 6; ++i) {
    for (const int depth : {1, 2, 3}) {
      const auto s = random_position(c4, static_cast<std::uint64_t>(i), 2 * i);
      const SearchResult r = mcts(c4, c4_eval, s, depth_limits(depth), {.seed = 3});
      ASSERT_TRUE(r.complete);
      EXPECT_EQ(r.depth, depth);
      EXPECT_EQ(r.value, minimax(c4, c4_eval, s, depth_limits(depth)).value) << c4.to_string(s);
      const auto k = random_position(kalah, static_cast<std::uint64_t>(i), 3 * i);
      const SearchResult rk = mcts(kalah, kalah_eval, k, depth_limits(depth), {.alpha = 0.5});
      ASSERT_TRUE(rk.complete);
      EXPECT_EQ(rk.value, minimax(kalah, kalah_eval, k, depth_limits(depth)).value)
          << kalah.to_string(k);
    }
  }
}

TEST(Mcts, TheSameSeedRepeatsTheSearch) {
  const auto game = make_game<ConnectFour>({});
  const auto eval = make_eval(game, ConnectFour::default_evaluation());
  const auto s = game.initial_state();
  const MctsOptions o{.solver = false, .seed = 42};
  const SearchResult a = mcts(game, eval, s, node_limits(30'000), o);
  const SearchResult b = mcts(game, eval, s, node_limits(30'000), o);
  EXPECT_EQ(a.best_move, b.best_move);
  EXPECT_EQ(a.value, b.value);
  EXPECT_EQ(a.pv, b.pv);
  EXPECT_EQ(a.stats.nodes, b.stats.nodes);
  EXPECT_EQ(a.stats.iterations, b.stats.iterations);
  EXPECT_EQ(a.stats.playout_plies, b.stats.playout_plies);
  EXPECT_EQ(a.stats.peak_open, b.stats.peak_open);
  // Another seed plays other playouts.
  const SearchResult c = mcts(game, eval, s, node_limits(30'000), {.solver = false, .seed = 43});
  EXPECT_NE(a.stats.iterations * 1'000'003 + a.stats.peak_open,
            c.stats.iterations * 1'000'003 + c.stats.peak_open);
}

// A tree a thread shares nothing during the search: under an iteration budget it repeats exactly
// on any number of threads, and its first tree is the one-thread search of its share.
TEST(Mcts, RootParallelisationRepeatsTheSearch) {
  const Kalah game;
  const auto eval = make_eval(game, Kalah::default_evaluation());
  const auto s = game.initial_state();
  const MctsOptions o{.solver = false, .threads = 3, .parallel = kRoot, .iterations = 3'000,
                      .seed = 5};
  const SearchResult a = mcts(game, eval, s, depth_limits(kDepthMax), o);
  const SearchResult b = mcts(game, eval, s, depth_limits(kDepthMax), o);
  EXPECT_EQ(a.best_move, b.best_move);
  EXPECT_EQ(a.value, b.value);
  EXPECT_EQ(a.pv, b.pv);
  EXPECT_EQ(a.thread_nodes, b.thread_nodes);
  EXPECT_EQ(a.stats.playout_plies, b.stats.playout_plies);
  EXPECT_EQ(a.stats.peak_open, b.stats.peak_open);
  EXPECT_EQ(a.stats.iterations, 3'000U);
  const SearchResult one =
      mcts(game, eval, s, depth_limits(kDepthMax), {.solver = false, .iterations = 1'000, .seed = 5});
  ASSERT_EQ(a.thread_nodes.size(), 3U);
  EXPECT_EQ(a.thread_nodes[0], one.stats.nodes);
  EXPECT_GT(a.stats.peak_open, 2 * one.stats.peak_open);
}

TEST(Mcts, BudgetsEndItAfterAtLeastOneIteration) {
  const Kalah game;
  const auto eval = make_eval(game, Kalah::default_evaluation());
  const auto s = game.initial_state();
  for (const std::uint64_t nodes : {2U, 3U, 10U, 100U, 5000U}) {
    for (const bool solver : {false, true}) {
      const SearchResult r = mcts(game, eval, s, node_limits(nodes), {.solver = solver});
      SCOPED_TRACE(nodes);
      EXPECT_GE(r.stats.iterations, 1U);
      EXPECT_LE(r.stats.nodes, nodes);
      EXPECT_FALSE(r.complete);
      EXPECT_GE(r.depth, 1);
      EXPECT_TRUE(legal(game, s, r.best_move));
    }
  }
  SearchLimits timed = depth_limits(kDepthMax);
  timed.max_ms = 5;
  const SearchResult t = mcts(game, eval, s, timed, {.solver = false});
  EXPECT_GE(t.stats.iterations, 1U);
  EXPECT_TRUE(legal(game, s, t.best_move));
  // A stop already requested: one iteration, then it stops (threads too).
  const std::atomic<bool> stop{true};
  for (const int threads : {1, 2}) {
    SearchLimits stopped = depth_limits(kDepthMax);
    stopped.stop = &stop;
    const SearchResult r = mcts(game, eval, s, stopped, {.threads = threads});
    EXPECT_GE(r.stats.iterations, 1U);
    EXPECT_LE(r.stats.iterations, static_cast<std::uint64_t>(threads));
    EXPECT_TRUE(legal(game, s, r.best_move));
  }
}

// `iterations` is a budget of its own: exactly that many iterations, one thread or two (each
// thread's first one counted), the first of a node budget and it to end the search.
TEST(Mcts, AnIterationBudgetEndsItExactly) {
  const auto game = make_game<ConnectFour>({});
  const auto eval = make_eval(game, ConnectFour::default_evaluation());
  const auto s = game.initial_state();
  for (const int threads : {1, 2, 3}) {
    for (const auto parallel : {MctsOptions::Parallel::kTree, kRoot}) {
      const SearchResult r = mcts(
          game, eval, s, depth_limits(kDepthMax),
          {.solver = false, .threads = threads, .parallel = parallel, .iterations = 3'001});
      EXPECT_EQ(r.stats.iterations, 3'001U) << threads;
      EXPECT_TRUE(legal(game, s, r.best_move));
      // Fewer iterations than trees: the one iteration is played, by one tree.
      const SearchResult lone =
          mcts(game, eval, s, depth_limits(kDepthMax),
               {.solver = false, .threads = threads, .parallel = parallel, .iterations = 1});
      EXPECT_EQ(lone.stats.iterations, 1U) << threads;
      EXPECT_TRUE(legal(game, s, lone.best_move));
    }
  }
  const SearchResult nodes_first =
      mcts(game, eval, s, node_limits(500), {.solver = false, .iterations = 3'000});
  EXPECT_LT(nodes_first.stats.iterations, 3'000U);
  EXPECT_LE(nodes_first.stats.nodes, 500U);
  const SearchResult iterations_first =
      mcts(game, eval, s, node_limits(1'000'000), {.solver = false, .iterations = 100});
  EXPECT_EQ(iterations_first.stats.iterations, 100U);
}

TEST(Mcts, TwoThreadsPlayALegalMoveUnderABudget) {
  const auto game = make_game<ConnectFour>({});
  const auto eval = make_eval(game, ConnectFour::default_evaluation());
  for (const auto parallel : {MctsOptions::Parallel::kTree, kRoot}) {
    const SearchResult r = mcts(game, eval, game.initial_state(), node_limits(40'000),
                                {.threads = 2, .parallel = parallel});
    EXPECT_TRUE(legal(game, game.initial_state(), r.best_move));
    ASSERT_EQ(r.thread_nodes.size(), 2U);
    EXPECT_EQ(r.thread_nodes[0] + r.thread_nodes[1], r.stats.nodes);
    EXPECT_LE(r.stats.nodes, 40'000U);
  }
}

TEST(Mcts, TheMemoryCapStopsTheTreeAndSaysSo) {
  const auto game = make_game<ConnectFour>({});
  const auto eval = make_eval(game, ConnectFour::default_evaluation());
  const SearchResult r =
      mcts(game, eval, game.initial_state(), node_limits(3'000'000), {.mem_mb = 1});
  EXPECT_GT(r.stats.capped_iterations, 0U);
  EXPECT_LE(r.stats.peak_bytes, std::uint64_t{1} << 20);
  EXPECT_EQ(r.stats.peak_bytes, r.stats.peak_open * sizeof(detail::MctsNode));
  EXPECT_GT(r.stats.peak_open, 20'000U);
  EXPECT_GT(r.stats.iterations, r.stats.capped_iterations);
  EXPECT_TRUE(legal(game, game.initial_state(), r.best_move));
  // Two threads, on one tree or a tree each, keep to the same cap together.
  for (const auto parallel : {MctsOptions::Parallel::kTree, kRoot}) {
    const SearchResult two = mcts(game, eval, game.initial_state(), node_limits(600'000),
                                  {.threads = 2, .parallel = parallel, .mem_mb = 1});
    EXPECT_GT(two.stats.capped_iterations, 0U);
    EXPECT_LE(two.stats.peak_bytes, std::uint64_t{1} << 20);
    EXPECT_GT(two.stats.peak_open, 20'000U);
  }
  // Without the cap the same search grows its tree further and meets no cap.
  const SearchResult free = mcts(game, eval, game.initial_state(), node_limits(3'000'000), {});
  EXPECT_EQ(free.stats.capped_iterations, 0U);
  EXPECT_GT(free.stats.peak_open, r.stats.peak_open);
}

TEST(Mcts, WithoutASolverItNeedsABudget) {
  const TicTacToe game;
  const auto eval = make_eval(game, "open-lines");
  EXPECT_THROW(mcts(game, eval, game.initial_state(), depth_limits(kDepthMax), {.solver = false}),
               ParamError);
  EXPECT_THROW(mcts(game, eval, game.initial_state(), depth_limits(3), {.solver = false}),
               ParamError);
  EXPECT_THROW(mcts(game, eval, game.initial_state(), node_limits(10), {.threads = 0}), ParamError);
}

}  // namespace
}  // namespace gts
