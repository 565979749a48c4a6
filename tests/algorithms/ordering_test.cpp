// Alpha-beta's move ordering under iterative deepening, observed through the order in which
// horizon positions are evaluated: each iteration starts down the previous iteration's principal
// variation, a position refuted in the previous iteration tries its refutation (the table's move)
// first, and the history heuristic pays. Values agree with minimax throughout.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "games/random_tree/random_tree.h"
#include "tests/algorithms/search_test_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::describe;
using test::make_eval;
using test::make_game;

// Logs every position it evaluates. The trees below are deeper than the searches, so every
// evaluation is of a horizon position at the iteration's depth.
struct RecordingEval {
  const RandomTreeEval* inner;
  std::vector<RandomTree::State>* log;
  Value operator()(const RandomTree::State& s) const {
    log->push_back(s);
    return (*inner)(s);
  }
};

// The move at `level` (1-based) on the path to s.
Move move_at(const RandomTree& game, const RandomTree::State& s, int level) {
  std::uint64_t index = s.index;
  for (int l = s.level; l > level; --l) index /= static_cast<std::uint64_t>(game.branching());
  return static_cast<Move>(index % static_cast<std::uint64_t>(game.branching()));
}

RandomTree incremental_tree(int seed) {
  return make_game<RandomTree>({{"branching", "4"},
                                {"depth", "9"},
                                {"seed", std::to_string(seed)},
                                {"values", "incremental"},
                                {"increment", "30"}});
}

TEST(AlphaBetaOrdering, IterationsFollowThePreviousLineAndTheTableMoves) {
  constexpr int kDepth = 6;
  int table_moves_checked = 0;
  for (int seed = 1; seed <= 12; ++seed) {
    const RandomTree game = incremental_tree(seed);
    const RandomTreeEval inner(game, EvalSpec{"leaf", {}});
    for (bool history : {false, true}) {
      AlphaBetaOptions o;
      o.tt = true;
      o.tt_mb = 1;
      o.iterative_deepening = true;
      o.history = history;
      std::vector<RandomTree::State> log;
      const RecordingEval eval{&inner, &log};
      const SearchResult r = alphabeta(game, eval, game.initial_state(), depth_limits(kDepth), o);
      EXPECT_EQ(r.value, minimax(game, inner, game.initial_state(), depth_limits(kDepth)).value);
      // Split the log by iteration: iteration d evaluates positions at level d.
      std::vector<std::vector<RandomTree::State>> by_depth(kDepth + 1);
      for (const auto& s : log) {
        ASSERT_GE(s.level, 1);
        ASSERT_LE(s.level, kDepth);
        by_depth[static_cast<std::size_t>(s.level)].push_back(s);
      }
      for (int d = 2; d <= kDepth; ++d) {
        const auto& now = by_depth[static_cast<std::size_t>(d)];
        const auto& before = by_depth[static_cast<std::size_t>(d - 1)];
        ASSERT_FALSE(now.empty());
        // The previous iteration's principal variation is searched first.
        const SearchResult prev =
            alphabeta(game, inner, game.initial_state(), depth_limits(d - 1), o);
        ASSERT_FALSE(prev.pv.empty());
        for (std::size_t k = 0; k < prev.pv.size(); ++k) {
          EXPECT_EQ(move_at(game, now.front(), static_cast<int>(k) + 1), prev.pv[k])
              << "seed " << seed << " iteration " << d << " ply " << k + 1 << " " << describe(o);
        }
        if (d < 3) continue;
        // Every other root move that the previous iteration refuted (not all of its replies
        // searched) starts this iteration with the reply that refuted it: the table's move.
        for (Move m = 0; m < game.branching(); ++m) {
          if (m == prev.pv[0]) continue;
          std::vector<Move> replies;  // in the order first searched
          for (const auto& s : before) {
            if (move_at(game, s, 1) != m) continue;
            const Move reply = move_at(game, s, 2);
            if (replies.empty() || replies.back() != reply) replies.push_back(reply);
          }
          if (replies.empty() || replies.size() == static_cast<std::size_t>(game.branching())) {
            continue;
          }
          const Move refutation = replies.back();
          for (const auto& s : now) {
            if (move_at(game, s, 1) != m) continue;
            EXPECT_EQ(move_at(game, s, 2), refutation) << "seed " << seed << " iteration " << d
                                                       << " root move " << m << " " << describe(o);
            ++table_moves_checked;
            break;
          }
        }
      }
    }
  }
  EXPECT_GT(table_moves_checked, 100);
}

// The history heuristic reorders moves by the cut-offs they caused, and on trees whose siblings
// correlate that saves work: summed over many trees, fewer evaluations than deepening alone.
TEST(AlphaBetaOrdering, HistoryPays) {
  std::uint64_t with = 0;
  std::uint64_t without = 0;
  int differ = 0;
  for (int seed = 1; seed <= 30; ++seed) {
    const RandomTree game = incremental_tree(seed);
    const auto eval = make_eval(game, "leaf");
    AlphaBetaOptions o;
    o.iterative_deepening = true;
    const SearchResult plain = alphabeta(game, eval, game.initial_state(), depth_limits(7), o);
    o.history = true;
    const SearchResult hist = alphabeta(game, eval, game.initial_state(), depth_limits(7), o);
    ASSERT_EQ(hist.value, plain.value);
    ASSERT_EQ(hist.value, minimax(game, eval, game.initial_state(), depth_limits(7)).value);
    with += hist.stats.leaves;
    without += plain.stats.leaves;
    differ += hist.stats.leaves != plain.stats.leaves ? 1 : 0;
  }
  EXPECT_GT(differ, 20);
  EXPECT_LT(with, without);
}

}  // namespace
}  // namespace gts
