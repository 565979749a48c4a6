// The MT family: MT-SSS* evaluates exactly SSS*'s leaves on static trees (Plaat, Schaeffer, Pijls
// and de Bruin 1996), the textbook tree's counts by hand, what the table's memory means, a table
// too small to hold the tree, first guesses, and budgets.
#include <gtest/gtest.h>

#include "algorithms/solve.h"
#include "games/connect_four/connect_four.h"
#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tree/explicit_tree.h"
#include "tests/algorithms/family_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::make_eval;
using test::make_game;

// Large enough that no bucket of the trees below overflows (a lost entry would re-evaluate a
// leaf): 2^20 buckets for at most a few 10^4 positions.
TranspositionTable& big_table() {
  static TranspositionTable table(64);
  return table;
}

TEST(MtSssStar, SameLeavesAsSssStarOnRandomTrees) {
  int trees = 0;
  int fewer_than_alphabeta = 0;
  for (int b = 2; b <= 8; ++b) {
    for (int d = 2; d <= 8; ++d) {
      std::uint64_t size = 1;
      for (int i = 0; i < d; ++i) size *= static_cast<std::uint64_t>(b);
      if (size > 40'000) continue;
      for (int seed = 1; seed <= 5; ++seed) {
        for (const char* values : {"independent", "incremental"}) {
          std::map<std::string, std::string> p{{"branching", std::to_string(b)},
                                               {"depth", std::to_string(d)},
                                               {"seed", std::to_string(100 * b + 10 * d + seed)},
                                               {"values", values}};
          if (std::string(values) == "independent" && seed == 2) {
            p["distinct"] = "no";  // ties: both must break them to the left
            p["range"] = "10";
          }
          if (std::string(values) == "incremental") p["increment"] = seed == 3 ? "2" : "50";
          const auto game = make_game<RandomTree>(p);
          const auto eval = make_eval(game, "leaf");
          // Full depth and one ply short (a horizon inside the tree).
          for (int depth : {d, d - 1}) {
            const std::string where = std::to_string(b) + "x" + std::to_string(d) + " " + values +
                                      " seed " + p["seed"] + " depth " + std::to_string(depth);
            const SearchResult sss =
                sss_star(game, eval, game.initial_state(), depth_limits(depth), SssOptions{});
            const SearchResult mt = mt_sss_star(game, eval, game.initial_state(),
                                                depth_limits(depth), MtOptions{}, &big_table());
            ASSERT_EQ(mt.value, sss.value) << where;
            ASSERT_EQ(mt.stats.leaves, sss.stats.leaves) << where;
            EXPECT_EQ(mt.best_move, sss.best_move) << where;
            // Every evaluated leaf is in the table, and nothing that is not a tree position.
            EXPECT_GE(mt.stats.peak_bytes, sizeof(TtEntry) * mt.stats.leaves) << where;
            EXPECT_LE(mt.stats.peak_bytes, sizeof(TtEntry) * 2 * size) << where;
            const SearchResult ab =
                alphabeta(game, eval, game.initial_state(), depth_limits(depth));
            fewer_than_alphabeta += mt.stats.leaves < ab.stats.leaves ? 1 : 0;
            ++trees;
          }
        }
      }
    }
  }
  EXPECT_GE(trees, 200);
  EXPECT_GT(fewer_than_alphabeta, trees / 3);
}

// Kalah has extra turns (a MAX node with a MAX child) and transpositions (which SSS*, a tree
// search, does not merge): values agree with SSS* and minimax, and with transpositions merged MT
// never needs more leaves than SSS*.
TEST(MtSssStar, KalahAgreesWithSssStar) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "3"}});
  const auto eval = make_eval(game, "store-diff");
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const auto root = test::random_position(game, seed + 700, static_cast<int>(seed * 2));
    for (int depth = 1; depth <= 6; ++depth) {
      const SearchResult sss = sss_star(game, eval, root, depth_limits(depth));
      const SearchResult mt =
          mt_sss_star(game, eval, root, depth_limits(depth), MtOptions{}, &big_table());
      EXPECT_EQ(mt.value, sss.value) << game.to_string(root) << " depth " << depth;
      EXPECT_LE(mt.stats.leaves, sss.stats.leaves) << game.to_string(root) << " depth " << depth;
    }
  }
}

// The value a line leads to: the leaf at its end, from the root mover's view (Kalah's extra turns
// keep the mover, so the sign follows who moves at the end).
Value line_value(const Kalah& game, const Kalah::Eval& eval, Kalah::State s,
                 const std::vector<Move>& line) {
  const int root_mover = game.to_move(s);
  for (const Move m : line) game.play(s, m);
  const Value v = leaf_value(game, eval, s);
  return game.to_move(s) == root_mover ? v : -v;
}

// The MT passes cut their lines where the null window cuts; the table holds the rest: the whole
// principal variation comes back, as long as the depth (or to the end of the game), and it leads
// to the value the search returned, as alpha-beta's does.
TEST(MtFamily, PrincipalVariationIsWholeAndLeadsToTheValue) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "3"}});
  const auto eval = make_eval(game, "store-diff");
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const auto root = test::random_position(game, seed + 900, static_cast<int>(seed * 2));
    for (int depth = 2; depth <= 7; ++depth) {
      SCOPED_TRACE(game.to_string(root) + " depth " + std::to_string(depth));
      MtdfOptions id;
      id.iterative_deepening = true;
      for (const SearchResult& r :
           {mt_sss_star(game, eval, root, depth_limits(depth), MtOptions{}, &big_table()),
            mt_dual_star(game, eval, root, depth_limits(depth), MtOptions{}, &big_table()),
            mtdf(game, eval, root, depth_limits(depth), MtdfOptions{}, &big_table()),
            mtdf(game, eval, root, depth_limits(depth), id, &big_table())}) {
        Kalah::State end = root;
        for (const Move m : r.pv) game.play(end, m);
        EXPECT_TRUE(r.pv.size() == static_cast<std::size_t>(depth) || game.is_terminal(end))
            << r.pv.size() << " plies";
        EXPECT_EQ(line_value(game, eval, root, r.pv), r.value);
        EXPECT_EQ(r.pv.front(), r.best_move);
      }
    }
  }
}

// [[3,12,8],[2,4,6],[14,5,2]] by hand. MT-SSS*: pass 1 (gamma = +inf) takes the first leaf of
// every MIN node: 3, 2, 14, g = 14. Pass 2 (14): the first two MIN nodes answer from the table,
// the third sees 14 (table) and 5: g = 5. Pass 3 (5): 14, 5 (table), 2: g = 3. Pass 4 (3): the
// first MIN node, 3 (table), 12, 8: >= 3, done. Seven leaves, as SSS*; nodes 7 + 6 + 7 + 5.
TEST(MtFamily, TextbookTree) {
  const ExplicitTree game("[[3,12,8],[2,4,6],[14,5,2]]");
  const TreeEval eval(game, EvalSpec{"leaf", {}});
  const auto root = game.initial_state();
  const SearchResult sss = mt_sss_star(game, eval, root, depth_limits(2));
  EXPECT_EQ(sss.value, 3);
  EXPECT_EQ(sss.best_move, 0);
  EXPECT_EQ(sss.stats.leaves, 7U);
  EXPECT_EQ(sss.stats.nodes, 25U);
  EXPECT_EQ(sss.stats.leaves, sss_star(game, eval, root, depth_limits(2)).stats.leaves);
  // The 11 positions it searched (root, three MIN nodes, seven leaves), one entry each.
  EXPECT_EQ(sss.stats.peak_bytes, 11U * sizeof(TtEntry));
  // MT-DUAL*: pass 1 (> -inf?) the first MIN node in full: 3, 12, 8, g = 3. Pass 2 (> 3?): the
  // first MIN node's 3 (table) refutes it, 2 the second's, the third needs 14, 5, 2: g = 3.
  const SearchResult dual = mt_dual_star(game, eval, root, depth_limits(2));
  EXPECT_EQ(dual.value, 3);
  EXPECT_EQ(dual.best_move, 0);
  EXPECT_EQ(dual.stats.leaves, 7U);
  for (Value guess : {-100, 0, 3, 4, 100}) {
    MtdfOptions o;
    o.first_guess = guess;
    for (bool id : {false, true}) {
      o.iterative_deepening = id;
      const SearchResult r = mtdf(game, eval, root, depth_limits(2), o);
      EXPECT_EQ(r.value, 3) << guess;
      EXPECT_EQ(r.best_move, 0) << guess;
      // Each leaf at most once; with id also the three depth-1 horizon positions.
      EXPECT_LE(r.stats.leaves, id ? 12U : 9U) << guess;
    }
  }
}

// A table far too small for the tree: entries are lost, leaves evaluated again, the value stays
// right (only the count of evaluations grows).
TEST(MtFamily, SmallTableStillCorrect) {
  const auto game = make_game<RandomTree>(
      {{"branching", "8"}, {"depth", "8"}, {"seed", "3"}, {"values", "incremental"}});
  const auto eval = make_eval(game, "leaf");
  const auto root = game.initial_state();
  const SearchResult sss = sss_star(game, eval, root, depth_limits(8));
  MtOptions small;
  small.tt_mb = 1;
  const SearchResult mt = mt_sss_star(game, eval, root, depth_limits(8), small);
  EXPECT_EQ(mt.value, sss.value);
  EXPECT_GT(mt.stats.leaves, sss.stats.leaves);
  EXPECT_LE(mt.stats.peak_bytes, std::uint64_t{1} << 20);
  MtdfOptions f;
  f.tt_mb = 1;
  EXPECT_EQ(mtdf(game, eval, root, depth_limits(8), f).value, sss.value);
  EXPECT_EQ(mt_dual_star(game, eval, root, depth_limits(8), small).value, sss.value);
}

// MTD(f) started at the value needs two passes (a fail-high at f, a fail-low at f + 1), fewer
// than from a guess far off: over many trees the good guess visits fewer nodes.
TEST(MtFamily, MtdfGoodFirstGuessPays) {
  std::uint64_t good = 0;
  std::uint64_t far = 0;
  for (int seed = 1; seed <= 30; ++seed) {
    const auto game = make_game<RandomTree>({{"branching", "4"},
                                             {"depth", "6"},
                                             {"seed", std::to_string(seed)},
                                             {"values", "incremental"},
                                             {"increment", "20"}});
    const auto eval = make_eval(game, "leaf");
    const Value v = minimax(game, eval, game.initial_state(), depth_limits(6)).value;
    MtdfOptions o;
    o.first_guess = v;
    const SearchResult a = mtdf(game, eval, game.initial_state(), depth_limits(6), o, &big_table());
    o.first_guess = v + 500;
    const SearchResult b = mtdf(game, eval, game.initial_state(), depth_limits(6), o, &big_table());
    ASSERT_EQ(a.value, v);
    ASSERT_EQ(b.value, v);
    good += a.stats.nodes;
    far += b.stats.nodes;
  }
  EXPECT_LT(good, far);
}

// A finished game's value is its outcome, even where the game's outcome bounds (which speak of
// positions still in play) do not cover it: a Connect Four game won at its seventh move.
TEST(MtFamily, MtdfToTheEndOfAFinishedGameIsItsOutcome) {
  const auto game = make_game<ConnectFour>({});
  const auto eval = make_eval(game, "threats");
  auto s = game.initial_state();
  for (const char c : std::string("4455667")) game.play(s, game.parse_move(s, std::string(1, c)));
  ASSERT_TRUE(game.is_terminal(s));
  MtdfOptions o;
  o.hints = AlphaBetaOptions::Hints::kOn;
  EXPECT_EQ(mtdf(game, eval, s, depth_limits(kDepthMax), o).value, game.terminal_value(s));
  EXPECT_EQ(solve(game, eval, s, depth_limits(kDepthMax)).value, game.terminal_value(s));
}

TEST(MtFamily, BudgetsAndBadLimits) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  MovesOf<Kalah> legal;
  game.legal_moves(root, legal);
  SearchLimits limits = depth_limits(12);
  limits.max_nodes = 5000;
  TranspositionTable& table = big_table();
  for (const auto& algo : test::family<Kalah>(table)) {
    const SearchResult r = algo.run(game, eval, root, limits);
    EXPECT_FALSE(r.complete) << algo.name;
    EXPECT_EQ(r.stats.nodes, 5000U) << algo.name;
    EXPECT_TRUE(legal.contains(r.best_move)) << algo.name;
    // Under a budget every member deepens iteratively: the last completed iteration's answer,
    // never a depth-0 fallback; or (alpha-beta's searcher) a move that the interrupted iteration
    // searched in full and found better, with its value one ply deeper.
    EXPECT_GE(r.depth, 2) << algo.name;
    const Value completed = minimax(game, eval, root, depth_limits(r.depth)).value;
    if (r.value != completed) {
      EXPECT_EQ(r.value, test::root_move_values(game, eval, root, r.depth + 1).at(r.best_move))
          << algo.name;
    }
  }
  EXPECT_THROW(mt_sss_star(game, eval, root, depth_limits(-1)), ParamError);
  EXPECT_THROW(mtdf(game, eval, root, depth_limits(-1)), ParamError);
  MtOptions bad;
  bad.tt_mb = 0;
  EXPECT_THROW(mt_dual_star(game, eval, root, depth_limits(3), bad), ParamError);
}

}  // namespace
}  // namespace gts
