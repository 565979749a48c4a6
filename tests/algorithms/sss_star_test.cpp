// SSS*: Stockman's dominance over alpha-beta (never more leaves, same value) on hundreds of random
// trees, its bookkeeping (nodes counted when examined; leaves without records change nothing),
// and budgets.
#include <gtest/gtest.h>

#include <atomic>

#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tictactoe/tictactoe.h"
#include "tests/algorithms/search_test_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::make_eval;
using test::make_game;

TEST(SssStar, NeverMoreLeavesThanAlphaBeta) {
  int trees = 0;
  int strictly_fewer = 0;
  for (int seed = 1; seed <= 150; ++seed) {
    const int b = 2 + seed % 5;        // 2..6
    const int d = 2 + (seed / 5) % 6;  // 2..7
    if (b >= 5 && d >= 7) continue;
    for (const char* values : {"independent", "incremental"}) {
      std::map<std::string, std::string> p{{"branching", std::to_string(b)},
                                           {"depth", std::to_string(d)},
                                           {"seed", std::to_string(seed)},
                                           {"values", values}};
      if (std::string(values) == "independent" && seed % 2 == 0) {
        p["distinct"] = "no";  // ties: the leftmost rule decides what SSS* expands
        p["range"] = "20";
      }
      const auto game = make_game<RandomTree>(p);
      const auto eval = make_eval(game, "leaf");
      // Full depth, and one ply short (horizon leaves carry the path sum or 0).
      for (int depth : {d, d - 1}) {
        const SearchResult ab = alphabeta(game, eval, game.initial_state(), depth_limits(depth));
        const SearchResult sss = sss_star(game, eval, game.initial_state(), depth_limits(depth));
        const std::string where = std::to_string(b) + "x" + std::to_string(d) + " seed " +
                                  std::to_string(seed) + " " + values + " depth " +
                                  std::to_string(depth);
        ASSERT_EQ(sss.value, ab.value) << where;
        ASSERT_LE(sss.stats.leaves, ab.stats.leaves) << where;
        EXPECT_TRUE(sss.complete);
        // A node counts when it is examined: evaluated or expanded, never when merely purged.
        EXPECT_EQ(sss.stats.nodes, sss.stats.leaves + sss.stats.interior) << where;
        strictly_fewer += sss.stats.leaves < ab.stats.leaves ? 1 : 0;
        ++trees;
      }
    }
  }
  EXPECT_GE(trees, 500);
  // Dominance is not mere equality: on random orders SSS* usually saves leaves.
  EXPECT_GT(strictly_fewer, trees / 3);
}

// On best-first trees SSS* examines exactly the minimal tree, as alpha-beta does.
TEST(SssStar, MinimalTreeOnBestFirstTrees) {
  for (int b = 2; b <= 5; ++b) {
    for (int d = 1; d <= 6; ++d) {
      const auto game = make_game<RandomTree>({{"branching", std::to_string(b)},
                                               {"depth", std::to_string(d)},
                                               {"seed", std::to_string(b * 10 + d)},
                                               {"ordering", "best-first"}});
      const auto eval = make_eval(game, "leaf");
      const SearchResult sss = sss_star(game, eval, game.initial_state(), depth_limits(d));
      std::uint64_t hi = 1;
      std::uint64_t lo = 1;
      for (int i = 0; i < (d + 1) / 2; ++i) hi *= static_cast<std::uint64_t>(b);
      for (int i = 0; i < d / 2; ++i) lo *= static_cast<std::uint64_t>(b);
      EXPECT_EQ(sss.stats.leaves, hi + lo - 1) << b << "x" << d;
      MovesOf<RandomTree> moves;
      game.legal_moves(game.initial_state(), moves);
      EXPECT_EQ(sss.best_move, moves[0]);
    }
  }
}

// OPEN never holds more than one state per leaf of a MAX strategy: b^ceil(d/2) on a uniform tree.
TEST(SssStar, OpenStaysWithinTheStrategySize) {
  for (int seed = 1; seed <= 20; ++seed) {
    const int b = 3 + seed % 3;
    const int d = 3 + seed % 4;
    const auto game = make_game<RandomTree>({{"branching", std::to_string(b)},
                                             {"depth", std::to_string(d)},
                                             {"seed", std::to_string(seed)}});
    const auto eval = make_eval(game, "leaf");
    const SearchResult sss = sss_star(game, eval, game.initial_state(), depth_limits(d));
    std::uint64_t bound = 1;
    for (int i = 0; i < (d + 1) / 2; ++i) bound *= static_cast<std::uint64_t>(b);
    EXPECT_LE(sss.stats.peak_open, bound);
    EXPECT_GE(sss.stats.peak_open, static_cast<std::uint64_t>(b));
    EXPECT_GT(sss.stats.peak_bytes, 0U);
  }
  // Records are recycled and leaves get none: memory follows the live tree, not the nodes
  // visited (53104 of them here, 10^6 leaves).
  const auto game = make_game<RandomTree>({{"branching", "10"}, {"depth", "6"}, {"seed", "1"}});
  const auto eval = make_eval(game, "leaf");
  const SearchResult big = sss_star(game, eval, game.initial_state(), depth_limits(6));
  EXPECT_EQ(big.stats.nodes, 53104U);
  EXPECT_LT(big.stats.peak_bytes, big.stats.nodes * sizeof(RandomTree::State));
}

TEST(SssStar, ExtraTurnsAndTranspositionsAgreeWithMinimax) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const auto root = test::random_position(game, seed + 600, static_cast<int>(seed * 2));
    for (int depth = 1; depth <= 6; ++depth) {
      const SearchResult mm = minimax(game, eval, root, depth_limits(depth));
      const SearchResult sss = sss_star(game, eval, root, depth_limits(depth));
      EXPECT_EQ(sss.value, mm.value) << game.to_string(root) << " depth " << depth;
      // The principal variation starts with the best move and is a legal line.
      ASSERT_FALSE(sss.pv.empty());
      EXPECT_EQ(sss.pv[0], sss.best_move);
      auto s = root;
      for (Move m : sss.pv) {
        MovesOf<Kalah> legal;
        game.legal_moves(s, legal);
        ASSERT_TRUE(legal.contains(m));
        game.play(s, m);
      }
    }
  }
}

TEST(SssStar, NodeBudgetAndStop) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  MovesOf<Kalah> legal;
  game.legal_moves(root, legal);
  SearchLimits limits = depth_limits(12);
  limits.max_nodes = 3000;
  const SearchResult r = sss_star(game, eval, root, limits);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.stats.nodes, 3000U);
  EXPECT_EQ(r.depth, 0);
  EXPECT_TRUE(legal.contains(r.best_move));

  std::atomic<bool> stop{true};
  SearchLimits stopped = depth_limits(12);
  stopped.stop = &stop;
  const SearchResult s = sss_star(game, eval, root, stopped);
  EXPECT_FALSE(s.complete);
  EXPECT_EQ(s.stats.nodes, 0U);
  EXPECT_TRUE(legal.contains(s.best_move));
}

// Leaves get no node record unless an observer must be shown their positions: the observed run
// keeps a record for every node, the plain run does not, and OPEN must go through exactly the same
// states either way (every count, the peak of OPEN and the principal variation agree).
TEST(SssStar, LeavesWithoutRecordsChangeNothing) {
  struct Pops {
    std::uint64_t live = 0;
    std::uint64_t solved = 0;
    static void on_pop(void* self, const void*, bool solved, Value) {
      auto* p = static_cast<Pops*>(self);
      ++(solved ? p->solved : p->live);
    }
  };
  auto same = [](const auto& game, const auto& eval, const auto& root, int depth,
                 const std::string& where) {
    Pops pops;
    SssOptions observed;
    observed.on_pop = SssPopObserver{&Pops::on_pop, &pops};
    const SearchResult a = sss_star(game, eval, root, depth_limits(depth), observed);
    const SearchResult b = sss_star(game, eval, root, depth_limits(depth));
    ASSERT_EQ(a.value, b.value) << where;
    EXPECT_EQ(a.best_move, b.best_move) << where;
    EXPECT_EQ(a.pv, b.pv) << where;
    EXPECT_EQ(a.stats.nodes, b.stats.nodes) << where;
    EXPECT_EQ(a.stats.leaves, b.stats.leaves) << where;
    EXPECT_EQ(a.stats.interior, b.stats.interior) << where;
    EXPECT_EQ(a.stats.cutoffs, b.stats.cutoffs) << where;
    EXPECT_EQ(a.stats.peak_open, b.stats.peak_open) << where;
    // Every examined node's LIVE state left OPEN once.
    EXPECT_EQ(pops.live, a.stats.nodes) << where;
    EXPECT_GT(pops.solved, 0U) << where;
  };
  for (int seed = 1; seed <= 60; ++seed) {
    const int b = 2 + seed % 5;
    const int d = 2 + (seed / 5) % 6;
    for (const char* values : {"independent", "incremental"}) {
      std::map<std::string, std::string> p{{"branching", std::to_string(b)},
                                           {"depth", std::to_string(d)},
                                           {"seed", std::to_string(seed)},
                                           {"values", values}};
      if (seed % 2 == 0) {
        p["distinct"] = "no";
        p["range"] = "10";
      }
      const auto game = make_game<RandomTree>(p);
      const auto eval = make_eval(game, "leaf");
      for (int depth : {d, d - 1}) {
        same(game, eval, game.initial_state(), depth,
             std::to_string(b) + "x" + std::to_string(d) + " seed " + std::to_string(seed) + " " +
                 values + " depth " + std::to_string(depth));
      }
    }
  }
  // Extra turns (a MAX node's MAX children) and terminal positions above the horizon.
  const auto kalah = make_game<Kalah>({{"pits", "4"}, {"seeds", "3"}});
  const auto kalah_eval = make_eval(kalah, "store-diff");
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const auto root = test::random_position(kalah, seed + 40, static_cast<int>(seed * 3));
    for (int depth : {3, 6}) {
      same(kalah, kalah_eval, root, depth,
           kalah.to_string(root) + " depth " + std::to_string(depth));
    }
  }
  const auto ttt = make_game<TicTacToe>({});
  const auto ttt_eval = make_eval(ttt, ttt.default_evaluation());
  same(ttt, ttt_eval, ttt.initial_state(), 9, "tic-tac-toe");
}

// Deeper than the 128-bit tie-break key holds (18 levels of 7 bits for 64-move games): ties must
// still go to the leftmost node, so SSS* still never evaluates more leaves than alpha-beta.
TEST(SssStar, DeepTreesBeyondTheKey) {
  for (int seed = 1; seed <= 3; ++seed) {
    const auto game = make_game<RandomTree>({{"branching", "2"},
                                             {"depth", "22"},
                                             {"seed", std::to_string(seed)},
                                             {"distinct", "no"},
                                             {"range", "50"}});
    const auto eval = make_eval(game, "leaf");
    const SearchResult ab = alphabeta(game, eval, game.initial_state(), depth_limits(22));
    const SearchResult sss = sss_star(game, eval, game.initial_state(), depth_limits(22));
    EXPECT_EQ(sss.value, ab.value);
    EXPECT_LE(sss.stats.leaves, ab.stats.leaves);
  }
}

}  // namespace
}  // namespace gts
