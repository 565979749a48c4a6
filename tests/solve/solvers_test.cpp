// The solvers on games with known answers: tic-tac-toe's goals, Kalah's margin, a textbook tree.
// Every variant must agree with the known answer, never answer wrongly under a budget, and
// return a main line that is legal and ends where the answer says.
#include <gtest/gtest.h>

#include "algorithms/alphabeta.h"
#include "games/kalah/kalah.h"
#include "games/tictactoe/tictactoe.h"
#include "games/tree/explicit_tree.h"
#include "tests/solve/solver_test_util.h"

namespace gts {
namespace {

// The main line is made of legal moves; a complete one ends in a terminal position that reaches
// the goal exactly when the answer is "proved".
template <Game G>
void check_main_line(const G& game, const SolverGoal& goal, const typename G::State& root,
                     const SolveResult& r, const std::string& who) {
  SCOPED_TRACE(who);
  ASSERT_NE(r.status, ProofStatus::kUnknown);
  typename G::State s = root;
  for (Move m : r.main_line) {
    ASSERT_FALSE(game.is_terminal(s));
    MovesOf<G> moves;
    game.legal_moves(s, moves);
    ASSERT_TRUE(moves.contains(m)) << "illegal move in the main line";
    game.play(s, m);
  }
  if (!game.is_terminal(root)) {
    EXPECT_FALSE(r.main_line.empty());
    EXPECT_EQ(r.best_move, r.main_line.front());
  }
  if (static_cast<int>(r.main_line.size()) == r.depth) {
    ASSERT_TRUE(game.is_terminal(s)) << "a complete main line ends the game";
    EXPECT_EQ(goal_reached(game, goal, s), r.status == ProofStatus::kProved);
  } else {
    EXPECT_LT(static_cast<int>(r.main_line.size()), r.depth);
  }
}

template <Game G, class H>
void expect_all(const G& game, const SolverGoal& goal, const typename G::State& root,
                const H& heuristic, ProofStatus expected) {
  for (const auto& [name, r] : testing::solve_all(game, goal, root, heuristic)) {
    EXPECT_EQ(r.status, expected) << name;
    if (r.status == expected) check_main_line(game, goal, root, r, name);
    EXPECT_GT(r.stats.nodes, 0u) << name;
  }
}

TEST(Solvers, TicTacToeXCannotWinButDoesNotLose) {
  const TicTacToe game;
  const TicTacToeEval eval(game, EvalSpec{"open-lines", {}});
  const auto root = game.initial_state();
  const SolverGoal x_wins{0, 1};
  const SolverGoal x_does_not_lose{0, 0};
  expect_all(game, x_wins, root, EvalHeuristic<TicTacToe, TicTacToeEval>(game, eval, x_wins),
             ProofStatus::kDisproved);
  expect_all(game, x_does_not_lose, root,
             EvalHeuristic<TicTacToe, TicTacToeEval>(game, eval, x_does_not_lose),
             ProofStatus::kProved);
  // The same questions without any heuristic.
  expect_all(game, x_wins, root, UnitHeuristic<TicTacToe>{}, ProofStatus::kDisproved);
  expect_all(game, x_does_not_lose, root, UnitHeuristic<TicTacToe>{}, ProofStatus::kProved);
}

TEST(Solvers, TicTacToeGoalsOfTheSecondPlayerAndFromMidgame) {
  const TicTacToe game;
  const UnitHeuristic<TicTacToe> none;
  // O, moving second, cannot win either, and does not lose.
  expect_all(game, {1, 1}, game.initial_state(), none, ProofStatus::kDisproved);
  expect_all(game, {1, 0}, game.initial_state(), none, ProofStatus::kProved);
  // X in the centre and O on an edge: X wins. With O in a corner it is a draw.
  expect_all(game, {0, 1}, game.parse(".O./.X./...:X"), none, ProofStatus::kProved);
  expect_all(game, {0, 1}, game.parse("O../.X./...:X"), none, ProofStatus::kDisproved);
  // The root is already over: X has three in a row. O to move has lost.
  const auto over = game.parse("XXX/OO./...:O");
  expect_all(game, {0, 1}, over, none, ProofStatus::kProved);
  expect_all(game, {1, 0}, over, none, ProofStatus::kDisproved);
}

TEST(Solvers, KalahFirstPlayerWinsByAtLeastItsMargin) {
  const Kalah game(Params(std::map<std::string, std::string>{{"pits", "3"}, {"seeds", "2"}}));
  const KalahEval eval(game, EvalSpec{"store-diff", {}});
  const auto root = game.initial_state();
  SearchLimits limits;
  limits.depth = kDepthMax;
  const Value margin = alphabeta(game, eval, root, limits).value;  // South moves first
  for (const Value k : {margin, margin + 1}) {
    SCOPED_TRACE("at least " + std::to_string(k) + " (exact margin " + std::to_string(margin) +
                 ")");
    const SolverGoal goal{0, k};
    expect_all(game, goal, root, EvalHeuristic<Kalah, KalahEval>(game, eval, goal),
               k <= margin ? ProofStatus::kProved : ProofStatus::kDisproved);
  }
}

TEST(Solvers, TextbookTreeValueIsTheThreshold) {
  const ExplicitTree game("[[3,12,8],[2,4,6],[14,5,2]]");
  const UnitHeuristic<ExplicitTree> none;
  expect_all(game, {0, 3}, game.initial_state(), none, ProofStatus::kProved);
  expect_all(game, {0, 4}, game.initial_state(), none, ProofStatus::kDisproved);
  // MIN (player 1) holds MAX to at most 3: "MIN gets at least -3" is proved, "-2" disproved.
  expect_all(game, {1, -3}, game.initial_state(), none, ProofStatus::kProved);
  expect_all(game, {1, -2}, game.initial_state(), none, ProofStatus::kDisproved);
}

TEST(Solvers, ABudgetLeavesTheAnswerUnknownNeverWrong) {
  const TicTacToe game;
  const UnitHeuristic<TicTacToe> none;
  for (std::uint64_t budget : {1u, 5u, 50u, 300u}) {
    for (const auto& [name, r] :
         testing::solve_all(game, {0, 1}, game.initial_state(), none, budget)) {
      EXPECT_NE(r.status, ProofStatus::kProved) << name << " budget " << budget;
      EXPECT_LE(r.stats.nodes, budget) << name;
      if (r.status == ProofStatus::kUnknown) {
        EXPECT_EQ(r.best_move, kNoMove) << name;
        EXPECT_TRUE(r.main_line.empty()) << name;
      }
    }
  }
  // A time budget too.
  SearchLimits limits;
  limits.max_ms = 1e-6;
  limits.max_nodes = 0;
  const auto r = dfpn(game, {0, 1}, game.initial_state(), limits, none);
  EXPECT_NE(r.status, ProofStatus::kProved);
}

TEST(Solvers, BadOptionsAreParamErrors) {
  const TicTacToe game;
  const UnitHeuristic<TicTacToe> none;
  SearchLimits limits;
  DfpnOptions df;
  df.tt_mb = 0;
  EXPECT_THROW(dfpn(game, {0, 1}, game.initial_state(), limits, none, df), ParamError);
  df.tt_mb = 1;
  df.epsilon = -1;
  EXPECT_THROW(dfpn(game, {0, 1}, game.initial_state(), limits, none, df), ParamError);
  PnOptions pn;
  pn.max_mb = 0;
  EXPECT_THROW(pn_search(game, {0, 1}, game.initial_state(), limits, none, pn), ParamError);
  limits.max_ms = -1;
  EXPECT_THROW(pn_search(game, {0, 1}, game.initial_state(), limits, none), ParamError);
}

TEST(Solvers, ArticleMappingFromEvaluationToProofNumbers) {
  EXPECT_EQ(estimate_from_distance(1), (ProofEstimate{1, 625}));
  EXPECT_EQ(estimate_from_distance(2), (ProofEstimate{4, 156}));
  EXPECT_EQ(estimate_from_distance(3), (ProofEstimate{9, 69}));
  EXPECT_EQ(estimate_from_distance(5), (ProofEstimate{25, 25}));
  EXPECT_EQ(estimate_from_distance(25), (ProofEstimate{625, 1}));
  EXPECT_EQ(estimate_from_distance(0), estimate_from_distance(1));
  EXPECT_EQ(estimate_from_distance(99), estimate_from_distance(25));
  EXPECT_EQ(swapped(estimate_from_distance(2)), (ProofEstimate{156, 4}));
  EXPECT_EQ(pn_add(kPnMax, 5), kPnMax);
  EXPECT_EQ(pn_add(kPnInfinity, 0), kPnInfinity);
}

// A df-pn table of one bucket still solves correctly: entries keep being replaced.
TEST(Solvers, DfpnTableReplacesTheCheapestEntry) {
  DfpnTable t(1);
  const std::size_t entries = t.bytes() / sizeof(DfpnTable::Entry);
  EXPECT_GT(entries, 40000u);
  t.store(42, 3, 4, 0, 1, 10);
  ASSERT_NE(t.probe(42), nullptr);
  EXPECT_EQ(t.probe(42)->pn, 3u);
  t.store(42, 0, kPnInfinity, 7, 2, 5);  // the same position again: replaced, work added
  EXPECT_EQ(t.probe(42)->dn, kPnInfinity);
  EXPECT_EQ(t.probe(42)->work, 15u);
  EXPECT_EQ(t.probe(43), nullptr);
  EXPECT_THROW(DfpnTable(0), ParamError);
}

// A df-pn search handed an earlier one's table (DfpnOptions::carry) starts from the positions it
// proved: on the same problem the answer stays, a proved root comes at once, a disproved one with
// fewer nodes (the prover's wins need no search); a table of another size carries nothing.
TEST(Solvers, DfpnStartsFromTheProofsItIsCarried) {
  const TicTacToe game;
  const TicTacToeEval eval(game, EvalSpec{"open-lines", {}});
  const auto root = game.initial_state();
  SearchLimits limits;
  limits.max_nodes = 2'000'000;
  for (const SolverGoal goal : {SolverGoal{0, 0}, SolverGoal{0, 1}}) {
    SCOPED_TRACE(goal.at_least);
    const EvalHeuristic<TicTacToe, TicTacToeEval> h(game, eval, goal);
    const ProofStatus expected =
        goal.at_least == 0 ? ProofStatus::kProved : ProofStatus::kDisproved;
    DfpnCarry carry;
    DfpnOptions o;
    o.heuristic = true;
    o.tt_mb = 4;
    o.carry = &carry;
    const SolveResult first = dfpn(game, goal, root, limits, h, o);
    ASSERT_EQ(first.status, expected);
    ASSERT_NE(carry.table, nullptr);
    const SolveResult again = dfpn(game, goal, root, limits, h, o);
    EXPECT_EQ(again.status, expected);
    check_main_line(game, goal, root, again, "carried");
    if (expected == ProofStatus::kProved) {
      EXPECT_LT(again.stats.nodes * 20, first.stats.nodes);
    } else {
      EXPECT_LT(again.stats.nodes, first.stats.nodes);
    }
    o.tt_mb = 2;  // another size: nothing carried, the whole search again
    const SolveResult other = dfpn(game, goal, root, limits, h, o);
    EXPECT_EQ(other.status, expected);
    o.carry = nullptr;
    o.tt_mb = 2;
    EXPECT_EQ(other.stats.nodes, dfpn(game, goal, root, limits, h, o).stats.nodes);
  }
}

}  // namespace
}  // namespace gts
