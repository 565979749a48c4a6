// The exact-solve choice under a budget: with iterative deepening (SolveOptions
// iterative_deepening, the registry's `id`) it plays its last completed iteration's move, agrees
// with minimax at every fixed depth and keeps the exact values to the end; without it a budget
// only stops it, as before.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algorithms/minimax.h"
#include "algorithms/solve.h"
#include "games/connect_four/connect_four.h"
#include "games/kalah/kalah.h"
#include "games/tictactoe/tictactoe.h"
#include "tests/algorithms/search_test_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::make_eval;
using test::make_game;

SolveOptions with_id(bool on) {
  SolveOptions o;
  o.tt_mb = 1;
  o.tt_max_mb = 64;
  o.iterative_deepening = on;
  return o;
}

Kalah kalah(int pits, int seeds, const std::string& capture = "empty") {
  return make_game<Kalah>(
      {{"pits", std::to_string(pits)}, {"seeds", std::to_string(seeds)}, {"capture", capture}});
}

// The start and three positions of a game in progress (random playouts of 8, 16 and 24 plies).
template <class G>
std::vector<typename G::State> positions(const G& game) {
  std::vector<typename G::State> out{game.initial_state()};
  for (int plies : {8, 16, 24}) {
    const auto s = test::random_position(game, 1000 + static_cast<std::uint64_t>(plies), plies);
    if (!game.is_terminal(s)) out.push_back(s);
  }
  return out;
}

template <class G>
bool legal(const G& game, const typename G::State& s, Move m) {
  MovesOf<G> moves;
  game.legal_moves(s, moves);
  return moves.contains(m);
}

// Every iteration that completed, as the search reports it.
struct Iterations : SearchProgress {
  struct Done {
    int depth;
    Value value;
    Move move;
  };
  std::vector<Done> done;
  void on_nodes(std::uint64_t) override {}
  void on_iteration(int depth, Value value, Move best_move, std::uint64_t) override {
    done.push_back({depth, value, best_move});
  }
};

// At a fixed depth, with and without id, solve's value is minimax's and its move is legal.
template <class G, class E>
void check_fixed_depths(const G& game, const E& eval, int max_depth, const std::string& name) {
  int checked = 0;
  for (const auto& root : positions(game)) {
    for (int depth = 1; depth <= max_depth; ++depth) {
      const Value mm = minimax(game, eval, root, depth_limits(depth)).value;
      for (bool id : {false, true}) {
        const SearchResult r = solve(game, eval, root, depth_limits(depth), with_id(id));
        const std::string where = name + " " + game.to_string(root) + " depth " +
                                  std::to_string(depth) + " id " + (id ? "on" : "off");
        EXPECT_EQ(r.value, mm) << where;
        EXPECT_TRUE(r.complete) << where;
        EXPECT_EQ(r.depth, depth) << where;
        EXPECT_TRUE(legal(game, root, r.best_move)) << where;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 2 * 2 * max_depth) << name;
}

TEST(SolveBudget, IterativeDeepeningAgreesWithMinimaxAtFixedDepths) {
  for (const char* capture : {"empty", "nonempty"}) {
    const Kalah game = kalah(6, 3, capture);
    check_fixed_depths(game, make_eval(game, "store-diff"), 6,
                       std::string("Kalah(6,3) ") + capture);
  }
  const Kalah four = kalah(6, 4);
  check_fixed_depths(four, make_eval(four, "store-diff"), 5, "Kalah(6,4)");
  const auto ttt = make_game<TicTacToe>({});
  check_fixed_depths(ttt, make_eval(ttt, "open-lines"), 9, "tic-tac-toe");
  const auto c4 = make_game<ConnectFour>({});
  check_fixed_depths(c4, make_eval(c4, "threats"), 5, "connect-four");
}

// To the end with id and no budget: the known margins (Kalah(6,n), empty captures, n = 1: +2,
// n = 2: +10), the full depth, and a principal variation that is a legal line to the end whose
// final margin is the value.
void check_exact(const Kalah& game, const SearchLimits& limits, Value expected) {
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  const SearchResult r = solve(game, eval, root, limits, with_id(true));
  const std::string where = "Kalah(" + std::to_string(game.pits()) + "," +
                            std::to_string(game.seeds()) + ") max_nodes " +
                            std::to_string(limits.max_nodes);
  EXPECT_TRUE(r.complete) << where;
  EXPECT_EQ(r.depth, kDepthMax) << where;
  EXPECT_EQ(r.value, expected) << where;
  ASSERT_FALSE(r.pv.empty()) << where;
  EXPECT_EQ(r.pv[0], r.best_move) << where;
  auto s = root;
  for (Move m : r.pv) {
    ASSERT_TRUE(legal(game, s, m)) << where;
    game.play(s, m);
  }
  ASSERT_TRUE(game.is_terminal(s)) << where;
  EXPECT_EQ(
      game.to_move(s) == game.to_move(root) ? game.terminal_value(s) : -game.terminal_value(s),
      expected)
      << where;
}

TEST(SolveBudget, IterativeDeepeningToTheEndKeepsTheExactValues) {
  check_exact(kalah(6, 1), depth_limits(kDepthMax), 2);
  check_exact(kalah(6, 2), depth_limits(kDepthMax), 10);
  // A budget the search does not reach: the anytime schedule (a quarter deeper each iteration past
  // 8 plies) ends with a horizon-free iteration, exact.
  SearchLimits roomy = depth_limits(kDepthMax);
  roomy.max_nodes = 50'000'000;
  check_exact(kalah(6, 1), roomy, 2);
  check_exact(kalah(6, 2), roomy, 10);
}

// The same schedule from positions of a game in progress (Kalah(6,3), both capture rules, settled
// by minimax): the value is minimax's exact one, and the move named keeps it.
TEST(SolveBudget, IterativeDeepeningUnderARoomyBudgetAgreesWithMinimax) {
  int checked = 0;
  for (const char* capture : {"empty", "nonempty"}) {
    const Kalah game = kalah(6, 3, capture);
    const auto eval = make_eval(game, "store-diff");
    int here = 0;
    for (std::uint64_t seed = 1; seed <= 300 && here < 6; ++seed) {
      const auto root =
          test::random_position(game, seed * 13 + 1, 20 + static_cast<int>(seed % 25));
      if (game.is_terminal(root)) continue;
      SearchLimits probe = depth_limits(kDepthMax);
      probe.max_nodes = 300'000;
      const SearchResult mm = minimax(game, eval, root, probe);
      if (!mm.complete || mm.stats.nodes < 2'000) continue;
      ++here;
      SearchLimits roomy = depth_limits(kDepthMax);
      roomy.max_nodes = 50'000'000;
      const SearchResult r = solve(game, eval, root, roomy, with_id(true));
      const std::string where = game.to_string(root) + " " + capture;
      EXPECT_TRUE(r.complete) << where;
      EXPECT_EQ(r.value, mm.value) << where;
      ASSERT_TRUE(legal(game, root, r.best_move)) << where;
      auto child = root;
      game.play(child, r.best_move);
      const Value cv = minimax(game, eval, child, depth_limits(kDepthMax)).value;
      EXPECT_EQ(game.to_move(child) == game.to_move(root) ? cv : -cv, mm.value) << where;
    }
    checked += here;
  }
  EXPECT_EQ(checked, 12);
}

// Under a node or time budget that stops it, solve with id plays the move of its last completed
// iteration (depth 1 at least), reports that depth and is not complete; were it to finish, its
// value would be the exact one.
void check_budgeted(const Kalah& game, const Kalah::State& root, const SearchLimits& limits,
                    const std::string& where) {
  const auto eval = make_eval(game, "store-diff");
  Iterations iterations;
  SearchLimits l = limits;
  l.progress = &iterations;
  const SearchResult r = solve(game, eval, root, l, with_id(true));
  ASSERT_FALSE(iterations.done.empty()) << where;
  ASSERT_TRUE(legal(game, root, r.best_move)) << where;
  EXPECT_GE(r.depth, 1) << where;
  if (limits.max_nodes != 0) {
    EXPECT_LE(r.stats.nodes, limits.max_nodes) << where;
  }
  if (r.complete) {
    EXPECT_EQ(r.depth, kDepthMax) << where;
    EXPECT_EQ(r.value, solve(game, eval, root, depth_limits(kDepthMax), with_id(false)).value)
        << where;
    return;
  }
  EXPECT_EQ(r.depth, iterations.done.back().depth) << where;
  EXPECT_EQ(r.best_move, iterations.done.back().move) << where;
  EXPECT_EQ(r.value, iterations.done.back().value) << where;
}

TEST(SolveBudget, IterativeDeepeningPlaysItsLastCompletedIterationUnderABudget) {
  const Kalah game = kalah(6, 4);
  const auto start = game.initial_state();
  const auto middle = test::random_position(game, 44, 14);
  ASSERT_FALSE(game.is_terminal(middle));
  SearchLimits nodes = depth_limits(kDepthMax);
  nodes.max_nodes = 2'000;
  SearchLimits time = depth_limits(kDepthMax);
  time.max_ms = 20;
  check_budgeted(game, start, nodes, "start, 2000 nodes");
  check_budgeted(game, middle, nodes, game.to_string(middle) + ", 2000 nodes");
  check_budgeted(game, start, time, "start, 20 ms");
  check_budgeted(game, middle, time, game.to_string(middle) + ", 20 ms");
  // From the start neither budget is enough to solve Kalah(6,4): both stop with a completed depth,
  // and 2000 nodes go past depth 1 (a time budget may not, on a loaded machine).
  const auto eval = make_eval(game, "store-diff");
  for (const SearchLimits& l : {nodes, time}) {
    const SearchResult r = solve(game, eval, start, l, with_id(true));
    EXPECT_FALSE(r.complete);
    EXPECT_GE(r.depth, l.max_nodes != 0 ? 2 : 1);
  }
  // A fixed depth under the same node budget: the last completed depth below it.
  SearchLimits deep = depth_limits(30);
  deep.max_nodes = 2'000;
  const SearchResult d = solve(game, eval, start, deep, with_id(true));
  EXPECT_FALSE(d.complete);
  EXPECT_GE(d.depth, 1);
  EXPECT_LT(d.depth, 30);
}

// Without id a budget stops the exact bisection: no depth completes, and the move is a stand-in.
TEST(SolveBudget, WithoutIterativeDeepeningABudgetOnlyStops) {
  const Kalah game = kalah(6, 4);
  const auto eval = make_eval(game, "store-diff");
  SearchLimits nodes = depth_limits(kDepthMax);
  nodes.max_nodes = 2'000;
  Iterations iterations;
  nodes.progress = &iterations;
  const SearchResult r = solve(game, eval, game.initial_state(), nodes, with_id(false));
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.depth, 0);
  EXPECT_TRUE(iterations.done.empty());
  EXPECT_TRUE(legal(game, game.initial_state(), r.best_move));
}

}  // namespace
}  // namespace gts
