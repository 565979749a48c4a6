// Every alpha-beta option combination and SSS* return the minimax value: on random trees of both
// value models, on Kalah positions at fixed depths and to the end, and on tic-tac-toe positions.
#include <gtest/gtest.h>

#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tictactoe/tictactoe.h"
#include "tests/algorithms/search_test_util.h"

namespace gts {
namespace {

using test::all_option_combinations;
using test::depth_limits;
using test::describe;
using test::make_eval;
using test::make_game;

// Checks every algorithm against minimax at `depth` from `root`; random-tie choices against the
// set of best root moves.
template <class G>
void check_position(const G& game, const typename G::Eval& eval, const typename G::State& root,
                    int depth, const std::string& where) {
  const SearchResult mm = minimax(game, eval, root, depth_limits(depth));
  ASSERT_TRUE(mm.complete);
  std::map<Move, Value> values;
  if (!game.is_terminal(root) && depth > 0) {
    values = test::root_move_values(game, eval, root, depth);
    EXPECT_EQ(values.at(mm.best_move), mm.value) << where;
  }
  for (const AlphaBetaOptions& o : all_option_combinations()) {
    const SearchResult r = alphabeta(game, eval, root, depth_limits(depth), o);
    ASSERT_EQ(r.value, mm.value) << where << " depth " << depth << " " << describe(o);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.depth, depth);
    if (values.empty()) {
      EXPECT_EQ(r.best_move, kNoMove);
      continue;
    }
    ASSERT_TRUE(values.count(r.best_move)) << where << " " << describe(o);
    EXPECT_EQ(values.at(r.best_move), mm.value)
        << where << " depth " << depth << " " << describe(o);
    ASSERT_FALSE(r.pv.empty());
    EXPECT_EQ(r.pv[0], r.best_move);
    // Without random ties (and without a table or deepening that reorders the root), alpha-beta
    // picks the first best move in move order, as minimax does.
    // Searches to the end order by the game's hints (AlphaBetaOptions::hints), so only fixed
    // depths keep move order.
    if (!o.random_ties && !o.static_ordering && !o.tt && !o.iterative_deepening &&
        depth != kDepthMax) {
      EXPECT_EQ(r.best_move, mm.best_move) << where << " " << describe(o);
    }
  }
  const SearchResult sss = sss_star(game, eval, root, depth_limits(depth));
  ASSERT_EQ(sss.value, mm.value) << where << " depth " << depth << " SSS*";
  EXPECT_TRUE(sss.complete);
  if (!values.empty()) {
    ASSERT_TRUE(values.count(sss.best_move)) << where;
    EXPECT_EQ(values.at(sss.best_move), mm.value) << where << " SSS*";
  }
}

TEST(Agreement, RandomTrees) {
  int trees = 0;
  for (int seed = 1; seed <= 90; ++seed) {
    const int b = 2 + seed % 4;        // 2..5
    const int d = 1 + (seed / 4) % 6;  // 1..6
    for (const char* values : {"independent", "incremental"}) {
      std::map<std::string, std::string> p{{"branching", std::to_string(b)},
                                           {"depth", std::to_string(d)},
                                           {"seed", std::to_string(seed)},
                                           {"values", values}};
      // Small ranges make ties (and so random ties and fail-soft edges) common.
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
      // A shallower horizon: interior positions are evaluated (path sums or 0).
      if (d >= 2) check_position(game, eval, game.initial_state(), d - 1, where + " (horizon)");
      ++trees;
    }
  }
  EXPECT_EQ(trees, 180);
}

TEST(Agreement, KalahFixedDepth) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const auto root = test::random_position(game, seed, static_cast<int>(seed * 3 % 25));
    for (int depth = 1; depth <= 5; ++depth) {
      check_position(game, eval, root, depth, game.to_string(root));
    }
  }
}

TEST(Agreement, KalahCaptureRuleAndLinearEvaluation) {
  const auto game = make_game<Kalah>({{"pits", "5"}, {"seeds", "3"}, {"capture", "nonempty"}});
  const Kalah::Eval eval(game, EvalSpec{"linear", {1, -2, 3, 0, 1, 5, -1, 2, -3, 0, 1, -5}});
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const auto root = test::random_position(game, seed + 100, static_cast<int>(seed * 2));
    for (int depth = 1; depth <= 4; ++depth) {
      check_position(game, eval, root, depth, game.to_string(root));
    }
  }
}

// Small Kalah to the end of the game: exact values, where the outcome bounds are in play. Full
// minimax to the end is the expensive part, so positions are drawn from seeded playouts and kept
// when minimax settles them within a node budget (deterministic, like everything here).
TEST(Agreement, KalahToTheEnd) {
  struct Variant {
    int pits;
    int seeds;
    const char* capture;
  };
  for (const Variant v : {Variant{4, 2, "empty"}, Variant{4, 2, "nonempty"}, Variant{4, 3, "empty"},
                          Variant{5, 2, "nonempty"}}) {
    const auto game = make_game<Kalah>({{"pits", std::to_string(v.pits)},
                                        {"seeds", std::to_string(v.seeds)},
                                        {"capture", v.capture}});
    const auto eval = make_eval(game, "store-diff");
    int used = 0;
    for (std::uint64_t seed = 1; seed <= 300 && used < 6; ++seed) {
      const auto root = test::random_position(game, seed + 200, 2 + static_cast<int>(seed % 9));
      SearchLimits probe = depth_limits(kDepthMax);
      probe.max_nodes = 200'000;
      const SearchResult size = minimax(game, eval, root, probe);
      if (!size.complete || size.stats.nodes < 500) continue;
      check_position(game, eval, root, kDepthMax, game.to_string(root) + " " + v.capture);
      ++used;
    }
    EXPECT_EQ(used, 6) << "Kalah(" << v.pits << "," << v.seeds << ") " << v.capture;
  }
}

TEST(Agreement, TicTacToe) {
  const auto game = make_game<TicTacToe>({});
  const auto eval = make_eval(game, "open-lines");
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto root = test::random_position(game, seed + 400, 2 + static_cast<int>(seed % 5));
    for (int depth : {1, 2, 3, kDepthMax})
      check_position(game, eval, root, depth, game.to_string(root));
  }
  // 4 x 4, three in a row: deeper ties and more transpositions.
  const auto big = make_game<TicTacToe>({{"rows", "4"}, {"cols", "4"}, {"k", "3"}});
  const auto big_eval = make_eval(big, "open-lines");
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const auto root = test::random_position(big, seed + 500, 6);
    for (int depth : {1, 2, 3}) check_position(big, big_eval, root, depth, big.to_string(root));
  }
}

}  // namespace
}  // namespace gts
