// Kalah solved to the end: the first player's exact margins (Irving, Donkers and Uiterwijk,
// "Solving Kalah", 2000) under both capture rules. This is the heavy test: Kalah(6,3) takes some
// 2e7-3e7 nodes even with every enhancement, so it lives in its own executable.
#include <gtest/gtest.h>

#include <iostream>
#include <optional>

#include "algorithms/minimax.h"
#include "algorithms/mtd.h"
#include "algorithms/negascout.h"
#include "algorithms/solve.h"
#include "bench/kalah_positions.h"
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

// With an endgame database (the game's `endgame` parameter) the known values stay, in fewer
// nodes: a position with at most 12 seeds left in the houses is a lookup. (From the start of
// Kalah(6,3) non-empty it halves the nodes, 4.76 M to 2.45 M, when this was written; the
// positions of bench/kalah_positions, nearer the end, gain more.)
TEST(KalahSolve, EndgameDatabaseKeepsTheKnownValues) {
  const auto with_db = [](int seeds, const char* capture) {
    return make_game<Kalah>(
        {{"pits", "6"}, {"seeds", std::to_string(seeds)}, {"capture", capture}, {"endgame", "12"}});
  };
  const SearchResult plain = solve(kalah(6, 2, "empty"), solver(16));
  const SearchResult db = solve(with_db(2, "empty"), solver(16));
  EXPECT_EQ(db.value, 10);
  EXPECT_LT(2 * db.stats.nodes, plain.stats.nodes);
  EXPECT_EQ(solve(with_db(3, "nonempty"), solver(128)).value, 2);
}

// The exact-solve choice: the known values, and a principal variation that is a legal line to the
// end of the game whose final margin is the value.
void check_solve(const Kalah& game, Value expected) {
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  const SearchResult r = solve(game, eval, root, depth_limits(kDepthMax), SolveOptions{});
  std::cout << "solve Kalah(" << game.pits() << "," << game.seeds() << ") "
            << (game.capture_empty() ? "empty" : "nonempty") << ": " << r.value << " in "
            << r.stats.nodes << " nodes, pv " << r.pv.size() << " moves\n";
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.value, expected);
  ASSERT_FALSE(r.pv.empty());
  EXPECT_EQ(r.pv[0], r.best_move);
  auto s = root;
  for (Move m : r.pv) {
    MovesOf<Kalah> legal;
    game.legal_moves(s, legal);
    ASSERT_TRUE(legal.contains(m));
    game.play(s, m);
  }
  ASSERT_TRUE(game.is_terminal(s));
  const Value final_margin =
      game.to_move(s) == game.to_move(root) ? game.terminal_value(s) : -game.terminal_value(s);
  EXPECT_EQ(final_margin, expected);
}

TEST(KalahSolve, SolveChoiceKnownValues) {
  check_solve(kalah(6, 2, "empty"), 10);
  check_solve(kalah(6, 3, "empty"), 2);
  check_solve(kalah(6, 3, "nonempty"), 2);
}

// A table that starts too small for the solve grows as it fills and the value stays the known one,
// in fewer nodes than a table that cannot grow.
TEST(KalahSolve, GrowingTableKeepsTheKnownValue) {
  const Kalah game = kalah(6, 3, "empty");
  const auto eval = make_eval(game, "store-diff");
  TranspositionTable growing(1, 64);
  SolveOptions value_only;  // (continuing the line would start new searches, at 1 MiB again)
  value_only.pv_to_end = false;
  const SearchResult r =
      solve(game, eval, game.initial_state(), depth_limits(kDepthMax), value_only, &growing);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.value, 2);
  EXPECT_GE(growing.bytes(), std::size_t{8} << 20);
  // The same solve in a 1 MiB table that cannot grow does not finish in those nodes (it needs
  // about three times as many).
  TranspositionTable fixed(1);
  SearchLimits budget = depth_limits(kDepthMax);
  budget.max_nodes = r.stats.nodes;
  const SearchResult f = solve(game, eval, game.initial_state(), budget, value_only, &fixed);
  std::cout << "Kalah(6,3) empty, growing to " << (growing.bytes() >> 20)
            << " MiB: " << r.stats.nodes
            << " nodes; a 1 MiB table: " << (f.complete ? "complete" : "not done") << " in "
            << f.stats.nodes << " nodes\n";
  EXPECT_FALSE(f.complete);
}

// Minimax's value of a random position worth checking: not over, and solved to the end in
// 200..300,000 nodes. None otherwise.
std::optional<SearchResult> minimax_probe(const Kalah& game, const Kalah::State& root) {
  if (game.is_terminal(root)) return std::nullopt;
  SearchLimits probe = depth_limits(kDepthMax);
  probe.max_nodes = 300'000;
  SearchResult mm = minimax(game, make_eval(game, "store-diff"), root, probe);
  if (!mm.complete || mm.stats.nodes < 200) return std::nullopt;
  return mm;
}

// Solving keys (stores out of the key, values relative to them, mirrored) and hints, each on and
// off, in alpha-beta, NegaScout, MTD(f) with and without id and the solve choice, agree with
// minimax on random positions of both capture rules.
// Kalah's hints rank every move apart, so in a search to the end (hints on) static ordering
// cannot change the order: it computes no static values and searches exactly what no ordering
// does. At a fixed depth (hints off) it orders by static values as before.
TEST(KalahSolve, StaticOrderingIsSkippedWhereHintsRankEveryMove) {
  const Kalah game = kalah(4, 3, "empty");
  const auto eval = make_eval(game, "store-diff");
  AlphaBetaOptions none;
  none.tt = true;
  AlphaBetaOptions statics = none;
  statics.static_ordering = true;
  const auto root = game.initial_state();
  const SearchResult a = alphabeta(game, eval, root, depth_limits(kDepthMax), none);
  const SearchResult b = alphabeta(game, eval, root, depth_limits(kDepthMax), statics);
  EXPECT_EQ(b.value, a.value);
  EXPECT_EQ(b.stats.nodes, a.stats.nodes);
  EXPECT_EQ(b.stats.ordering_evals, 0U);
  const SearchResult c = alphabeta(game, eval, root, depth_limits(6), statics);
  const SearchResult d = alphabeta(game, eval, root, depth_limits(6), none);
  EXPECT_GT(c.stats.ordering_evals, 0U);
  EXPECT_EQ(c.value, d.value);
  // With the hints forced off, static values order a search to the end again.
  statics.hints = AlphaBetaOptions::Hints::kOff;
  EXPECT_GT(alphabeta(game, eval, root, depth_limits(kDepthMax), statics).stats.ordering_evals, 0U);
}

TEST(KalahSolve, SolvingOptionsAgreeWithMinimax) {
  int checked = 0;
  for (const char* capture : {"empty", "nonempty"}) {
    const Kalah game = kalah(6, 3, capture);
    const auto eval = make_eval(game, "store-diff");
    for (std::uint64_t seed = 1; seed <= 400 && checked < (capture[0] == 'e' ? 12 : 24); ++seed) {
      const auto root = test::random_position(game, seed * 7 + 3, 20 + static_cast<int>(seed % 30));
      const std::optional<SearchResult> probed = minimax_probe(game, root);
      if (!probed) continue;
      const SearchResult& mm = *probed;
      ++checked;
      const std::string where = game.to_string(root) + " " + capture;
      for (bool keys : {false, true}) {
        for (auto hints : {AlphaBetaOptions::Hints::kOff, AlphaBetaOptions::Hints::kAuto}) {
          for (bool soft : {false, true}) {
            for (bool id : {false, true}) {
              AlphaBetaOptions o;
              o.tt = true;
              o.tt_mb = 1;
              o.solve_keys = keys;
              o.hints = hints;
              o.fail_soft = soft;
              o.iterative_deepening = id;
              EXPECT_EQ(alphabeta(game, eval, root, depth_limits(kDepthMax), o).value, mm.value)
                  << where << " " << describe(o);
              EXPECT_EQ(
                  negascout(game, eval, root, depth_limits(kDepthMax), NegaScoutOptions(o)).value,
                  mm.value)
                  << where << " negascout " << describe(o);
            }
          }
          for (bool id : {false, true}) {
            MtdfOptions m;
            m.tt_mb = 1;
            m.solve_keys = keys;
            m.hints = hints;
            m.iterative_deepening = id;
            const SearchResult r = mtdf(game, eval, root, depth_limits(kDepthMax), m);
            EXPECT_EQ(r.value, mm.value) << where << " mtd(f) keys " << keys << " id " << id;
            EXPECT_NE(r.best_move, kNoMove) << where;
          }
        }
      }
      SolveOptions so;
      so.tt_mb = 1;
      const SearchResult r = solve(game, eval, root, depth_limits(kDepthMax), so);
      EXPECT_EQ(r.value, mm.value) << where << " solve";
      // The move it names achieves the value.
      auto child = root;
      game.play(child, r.best_move);
      const Value cv = minimax(game, eval, child, depth_limits(kDepthMax)).value;
      EXPECT_EQ(game.to_move(child) == game.to_move(root) ? cv : -cv, mm.value) << where;
    }
  }
  EXPECT_EQ(checked, 24);
}

// The benchmark's generator (bench/kalah_positions.h, bench/kalah_sets) with few seeds left, so
// that minimax settles them: `alphabeta --option tt=on --depth max` alone (the configuration the
// benchmark times), NegaScout with the same options and the solve choice agree with minimax, in
// both seed counts and both capture rules.
// The endgame database changes no value: on random positions of both capture rules, alpha-beta,
// NegaScout and MTD(f) over a game with a database agree with minimax over the game without.
TEST(KalahSolve, EndgameDatabaseAgreesWithMinimax) {
  int checked = 0;
  for (const char* capture : {"empty", "nonempty"}) {
    const Kalah game = kalah(6, 3, capture);
    const Kalah with_db =
        make_game<Kalah>({{"pits", "6"}, {"seeds", "3"}, {"capture", capture}, {"endgame", "8"}});
    const auto eval = make_eval(game, "store-diff");
    for (std::uint64_t seed = 1; seed <= 400 && checked < (capture[0] == 'e' ? 8 : 16); ++seed) {
      const auto root =
          test::random_position(game, seed * 11 + 5, 20 + static_cast<int>(seed % 30));
      const std::optional<SearchResult> probed = minimax_probe(game, root);
      if (!probed) continue;
      const SearchResult& mm = *probed;
      ++checked;
      const std::string where = game.to_string(root) + " " + capture;
      for (bool soft : {false, true}) {
        AlphaBetaOptions o;
        o.tt = true;
        o.tt_mb = 1;
        o.fail_soft = soft;
        const SearchResult ab = alphabeta(with_db, eval, root, depth_limits(kDepthMax), o);
        EXPECT_EQ(ab.value, mm.value) << where << " " << describe(o);
        EXPECT_EQ(
            negascout(with_db, eval, root, depth_limits(kDepthMax), NegaScoutOptions(o)).value,
            mm.value)
            << where;
      }
      MtdfOptions m;
      m.tt_mb = 1;
      EXPECT_EQ(mtdf(with_db, eval, root, depth_limits(kDepthMax), m).value, mm.value) << where;
    }
  }
  EXPECT_EQ(checked, 16);
}

// A root the database holds still gets a move, and the move keeps the value: alpha-beta,
// NegaScout, MTD(f) and the solve choice over a game with a database, on random positions with
// few seeds left in the houses (each move's value checked by alpha-beta without a database).
TEST(KalahSolve, EndgameDatabaseRootsGetTheirBestMove) {
  const Kalah game = kalah(6, 3, "nonempty");
  const Kalah with_db =
      make_game<Kalah>({{"pits", "6"}, {"seeds", "3"}, {"capture", "nonempty"}, {"endgame", "8"}});
  const auto eval = make_eval(game, "store-diff");
  AlphaBetaOptions o;
  o.tt = true;
  o.tt_mb = 1;
  MtdfOptions m;
  m.tt_mb = 1;
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 12; ++seed) {
    const auto root = test::random_position(game, seed, 30 + static_cast<int>(seed % 25));
    if (game.is_terminal(root) || kalah_seeds_left(game, root) > 8) continue;
    ++checked;
    const Value exact = minimax(game, eval, root, depth_limits(kDepthMax)).value;
    const SearchResult results[] = {
        alphabeta(with_db, eval, root, depth_limits(kDepthMax), o),
        negascout(with_db, eval, root, depth_limits(kDepthMax), NegaScoutOptions(o)),
        mtdf(with_db, eval, root, depth_limits(kDepthMax), m),
        solve(with_db, eval, root, depth_limits(kDepthMax), SolveOptions{})};
    for (const SearchResult& r : results) {
      const std::string where = game.to_string(root);
      EXPECT_EQ(r.value, exact) << where;
      ASSERT_NE(r.best_move, kNoMove) << where;
      auto child = root;
      game.play(child, r.best_move);
      const Value v = alphabeta(game, eval, child, depth_limits(kDepthMax), o).value;
      EXPECT_EQ(game.to_move(child) == game.to_move(root) ? v : -v, exact) << where;
    }
  }
  EXPECT_EQ(checked, 12);
}

TEST(KalahSolve, RandomSetSmallOnesAgreeWithMinimax) {
  int checked = 0;
  for (int seeds : {3, 4}) {
    for (const char* capture : {"empty", "nonempty"}) {
      const Kalah game = kalah(6, seeds, capture);
      const auto eval = make_eval(game, "store-diff");
      int here = 0;
      for (const auto& root : kalah_random_positions(game, 1, 10, 4, 10)) {
        SearchLimits probe = depth_limits(kDepthMax);
        probe.max_nodes = 2'000'000;
        const SearchResult mm = minimax(game, eval, root, probe);
        if (!mm.complete) continue;
        ++here;
        const std::string where = game.to_string(root) + " " + capture;
        AlphaBetaOptions o;
        o.tt = true;
        EXPECT_EQ(alphabeta(game, eval, root, depth_limits(kDepthMax), o).value, mm.value)
            << where << " alphabeta tt=on";
        EXPECT_EQ(negascout(game, eval, root, depth_limits(kDepthMax), NegaScoutOptions(o)).value,
                  mm.value)
            << where << " negascout tt=on";
        SolveOptions so;
        so.tt_mb = 1;
        EXPECT_EQ(solve(game, eval, root, depth_limits(kDepthMax), so).value, mm.value)
            << where << " solve";
      }
      EXPECT_GE(here, 8) << "Kalah(6," << seeds << ") " << capture;
      checked += here;
    }
  }
  std::cout << checked << " generated positions checked against minimax\n";
}

}  // namespace
}  // namespace gts
