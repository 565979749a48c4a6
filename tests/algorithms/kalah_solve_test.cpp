// Kalah solved to the end: the first player's exact margins (Irving, Donkers and Uiterwijk,
// "Solving Kalah", 2000) under both capture rules. This is the heavy test: Kalah(6,3) takes some
// 2e7-3e7 nodes even with every enhancement, so it lives in its own executable.
#include <gtest/gtest.h>

#include <iostream>

#include "games/kalah/kalah.h"
#include "tests/algorithms/search_test_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::describe;
using test::make_eval;
using test::make_game;

// The solver configuration: fail-soft alpha-beta with static ordering, a table, history ordering,
// enhanced transposition cut-offs and Kalah's outcome bounds (on by default in exact searches).
AlphaBetaOptions solver(std::size_t tt_mb) {
  AlphaBetaOptions o;
  o.fail_soft = true;
  o.static_ordering = true;
  o.tt = true;
  o.tt_mb = tt_mb;
  o.history = true;
  o.enhanced_cutoffs = true;
  return o;
}

// A different route to the same answer: fail-hard, no history, no enhanced cut-offs, no bounds.
AlphaBetaOptions plain_with_table() {
  AlphaBetaOptions o;
  o.static_ordering = true;
  o.tt = true;
  o.tt_mb = 16;
  o.outcome_bounds = false;
  return o;
}

Kalah kalah(int pits, int seeds, const std::string& capture) {
  return make_game<Kalah>(
      {{"pits", std::to_string(pits)}, {"seeds", std::to_string(seeds)}, {"capture", capture}});
}

SearchResult solve(const Kalah& game, const AlphaBetaOptions& o) {
  const auto eval = make_eval(game, "store-diff");
  const double t0 = wall_ms();
  SearchResult r = alphabeta(game, eval, game.initial_state(), depth_limits(kDepthMax), o);
  std::cout << "Kalah(" << game.pits() << "," << game.seeds() << ") "
            << (game.capture_empty() ? "empty" : "nonempty") << " " << describe(o) << ": "
            << r.value << " in " << r.stats.nodes << " nodes, " << (wall_ms() - t0) << " ms\n";
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.depth, kDepthMax);
  // The principal variation is a legal line from the start.
  auto s = game.initial_state();
  for (Move m : r.pv) {
    MovesOf<Kalah> legal;
    game.legal_moves(s, legal);
    EXPECT_TRUE(legal.contains(m));
    if (!legal.contains(m)) break;
    game.play(s, m);
  }
  return r;
}

TEST(KalahSolve, SmallBoardsEmptyCapture) {
  EXPECT_EQ(solve(kalah(6, 1, "empty"), solver(16)).value, 2);
  EXPECT_EQ(solve(kalah(6, 2, "empty"), solver(16)).value, 10);
  // Other configurations agree.
  EXPECT_EQ(solve(kalah(6, 1, "empty"), plain_with_table()).value, 2);
  EXPECT_EQ(solve(kalah(6, 2, "empty"), plain_with_table()).value, 10);
  AlphaBetaOptions id = solver(16);
  id.iterative_deepening = true;
  EXPECT_EQ(solve(kalah(6, 2, "empty"), id).value, 10);
}

// No published values to compare with: two different configurations must agree, and Kalah(6,1)
// is small enough for SSS* to the end as well.
TEST(KalahSolve, SmallBoardsNonemptyCapture) {
  for (int seeds : {1, 2}) {
    const Kalah game = kalah(6, seeds, "nonempty");
    const SearchResult a = solve(game, solver(16));
    const SearchResult b = solve(game, plain_with_table());
    EXPECT_EQ(a.value, b.value) << "Kalah(6," << seeds << ") nonempty";
    AlphaBetaOptions id = plain_with_table();
    id.iterative_deepening = true;
    id.fail_soft = true;
    EXPECT_EQ(solve(game, id).value, a.value) << "Kalah(6," << seeds << ") nonempty";
  }
  const Kalah one = kalah(6, 1, "nonempty");
  const auto eval = make_eval(one, "store-diff");
  EXPECT_EQ(sss_star(one, eval, one.initial_state(), depth_limits(kDepthMax)).value,
            solve(one, solver(16)).value);
}

TEST(KalahSolve, SixThreeEmptyCapture) {
  EXPECT_EQ(solve(kalah(6, 3, "empty"), solver(128)).value, 2);
}

TEST(KalahSolve, SixThreeNonemptyCapture) {
  EXPECT_EQ(solve(kalah(6, 3, "nonempty"), solver(128)).value, 2);
}

}  // namespace
}  // namespace gts
