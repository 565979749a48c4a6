// Lambda search (algorithms/lambda_search.h) on go-capture: a λ proof is never a wrong answer, and
// the λn question is answered exactly. On seeded random capture problems (tests/solve/go_random.h)
// every λ1 and λ2 proof agrees with alpha-beta's exact answer and with plain df-pn+, and the whole
// answer of lambda_dfpn with it; with inner budgets large enough, the stage settles exactly where
// an independent recursion of Thomsen's definition (LambdaReference) says the attacker wins at
// order 1 or 2, and at the lowest such order. Without the ladder reader the shipped ladders are
// λ1 wins and the net a λ2 win but no λ1 win; with it (a working ladder is then a win at once, λ0)
// the net is a λ1 win.
#include <gtest/gtest.h>

#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>

#include "algorithms/dfpn.h"
#include "algorithms/lambda_search.h"
#include "algorithms/solver_alphabeta.h"
#include "games/go_capture/go_capture.h"
#include "tests/solve/go_heuristic.h"
#include "tests/solve/go_random.h"

namespace gts {
namespace {

using gts::testing::describe;
using gts::testing::GoHeuristic;
using gts::testing::random_game;
using gts::testing::reference_answer;
using gts::testing::Rng;
using State = GoCapture::State;

// Thomsen's λn question by plain memoised recursion, with lambda_search.h's moves: in a λ0 test
// the attacker's focus moves, otherwise every legal move (the attacker's but the pass).
class LambdaReference {
 public:
  explicit LambdaReference(const GoCapture& game) : g_(game), a_(game.attacker()) {}

  // The attacker wins a λn-tree from `s`, whoever is to move.
  bool wins(const State& s, int n) { return g_.to_move(s) == a_ ? attack(s, n) : defend(s, n); }

 private:
  bool over(const State& s) const { return g_.is_terminal(s); }
  bool attacker_won(const State& s) const { return goal_reached(g_, SolverGoal{a_, 1}, s); }
  std::size_t candidates(const State& s, MovesOf<GoCapture>& moves) const {
    return g_.focus_moves(s, moves);
  }
  State after(const State& s, Move m) const {
    State c = s;
    g_.play(c, m);
    return c;
  }

  bool attack(const State& s, int n) {
    if (over(s)) return attacker_won(s);
    const std::uint64_t key = g_.hash(s) * 4 + static_cast<std::uint64_t>(n);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    MovesOf<GoCapture> moves;
    const std::size_t k = n == 0 ? candidates(s, moves) : (g_.legal_moves(s, moves), moves.size());
    bool r = n > 0 && attack(s, n - 1);
    for (std::size_t i = 0; i < k && !r; ++i) {
      if (moves[i] == GoCapture::kPass) continue;
      const State c = after(s, moves[i]);
      if (n == 0 || over(c)) {
        r = over(c) && attacker_won(c);
        continue;
      }
      const State passed = after(c, GoCapture::kPass);
      const bool threat = over(passed) ? attacker_won(passed) : attack(passed, n - 1);
      r = threat && defend(c, n);
    }
    return memo_[key] = r;
  }

  bool defend(const State& s, int n) {
    if (over(s)) return attacker_won(s);
    MovesOf<GoCapture> moves;
    g_.legal_moves(s, moves);
    for (const Move m : moves) {
      if (!attack(after(s, m), n)) return false;
    }
    return true;
  }

  const GoCapture& g_;
  int a_;
  std::unordered_map<std::uint64_t, bool> memo_;
};

SearchLimits nodes(std::uint64_t n) {
  SearchLimits l;
  l.max_nodes = n;
  return l;
}

DfpnOptions dfpn_plus() {
  DfpnOptions o;
  o.heuristic = true;
  o.focus_cost = 5000;
  o.tt_mb = 2;
  return o;
}

TEST(GoLambda, ProofsAreRightAndTheLambdaQuestionExact) {
  Rng rng(2000);
  int problems = 0;
  int settled[3] = {0, 0, 0};  // by order
  int plain_only = 0;          // proved for the attacker by plain search, no λ2 win
  for (int draw = 0; problems < 500 && draw < 200'000; ++draw) {
    std::map<std::string, std::string> params;
    if (!random_game(rng, params)) continue;
    // Longer fights than the draw's few plies, half of them without the ladder reader (whose
    // ladders are wins at once, λ0).
    params["max_plies"] = std::to_string(6 + rng.below(7));
    params["ladders"] = rng.below(2) == 0 ? "on" : "off";
    std::optional<GoCapture> made;
    try {
      made.emplace(Params(params));
    } catch (const std::exception&) {
      continue;
    }
    const GoCapture& game = *made;
    const State root = game.initial_state();
    if (game.is_terminal(root) || game.superko() || game.target_liberties(root) > 3) continue;
    SCOPED_TRACE(describe(params));
    const SolverGoal goal{game.to_move(root), 1};
    const GoHeuristic h{&game, goal.prover == game.attacker()};
    const SolveResult exact = reference_answer(game, goal, root, nodes(200'000), h);
    if (exact.status == ProofStatus::kUnknown) continue;
    ++problems;
    const bool attacker_wins =
        (exact.status == ProofStatus::kProved) == (goal.prover == game.attacker());

    // Large inner budgets: the stage answers the λ question itself.
    LambdaOptions lo{.order = 2, .inner_nodes = 1'000'000, .budget_percent = 100};
    const LambdaOutcome stage = lambda_stage(game, goal, root, nodes(0), h, dfpn_plus(), lo);
    LambdaReference ref(game);
    const bool ref1 = ref.wins(root, 1);
    const bool ref2 = ref.wins(root, 2);
    EXPECT_EQ(stage.settled, ref2);
    if (stage.settled) {
      EXPECT_EQ(stage.order, ref1 ? 1 : 2);
      EXPECT_EQ(stage.result.status, exact.status) << "a wrong λ" << stage.order << " proof";
      EXPECT_TRUE(attacker_wins);
      ++settled[stage.order];
    } else if (attacker_wins) {
      ++plain_only;
    }
    // The harness's path: the stage within half a budget, then plain df-pn+.
    for (const int order : {1, 2}) {
      const LambdaOptions small{.order = order};
      const SolveResult whole =
          lambda_dfpn(game, goal, root, nodes(100'000), h, dfpn_plus(), small);
      EXPECT_EQ(whole.status, exact.status) << "lambda=" << order;
    }
    // Inner searches cut short at every turn prove nothing.
    const LambdaOptions starved{.order = 2, .inner_nodes = 3, .budget_percent = 100};
    const LambdaOutcome cut = lambda_stage(game, goal, root, nodes(0), h, dfpn_plus(), starved);
    if (cut.settled) {
      EXPECT_EQ(cut.result.status, exact.status) << "starved inner searches";
    }
  }
  EXPECT_EQ(problems, 500);
  // The draw holds λ1 wins, λ2 wins that are no λ1 win, and attacker wins that are no λ2 win.
  EXPECT_GE(settled[1], 20);
  EXPECT_GE(settled[2], 8);
  EXPECT_GE(plain_only, 2);
  std::printf("lambda: %d problems, %d λ1 wins, %d more λ2 wins, %d attacker wins beyond λ2\n",
              problems, settled[1], settled[2], plain_only);
}

// A shipped problem's game, with the given readers' switches.
GoCapture shipped(const std::string& name, const std::string& ladders) {
  return GoCapture(
      Params({{"file", "problems/go-capture/" + name + ".sgf"}, {"ladders", ladders}}));
}

TEST(GoLambda, LaddersAreLambdaOneAndNetsLambdaTwo) {
  for (const std::string ladders : {"on", "off"}) {
    SCOPED_TRACE("ladders=" + ladders);
    for (const std::string name : {"ladder-01", "ladder-02", "net-01"}) {
      SCOPED_TRACE(name);
      const GoCapture game = shipped(name, ladders);
      const State root = game.initial_state();
      const SolverGoal goal{game.to_move(root), 1};
      ASSERT_EQ(goal.prover, game.attacker());
      const GoHeuristic h{&game, true};
      // With the ladder reader a working ladder is a win at once (λ0): the net is then λ1.
      const bool net = name.starts_with("net") && ladders == "off";
      for (const int order : {1, 2}) {
        const LambdaOptions lo{.order = order, .inner_nodes = 100'000, .budget_percent = 100};
        const LambdaOutcome out = lambda_stage(game, goal, root, nodes(0), h, dfpn_plus(), lo);
        EXPECT_EQ(out.settled, !net || order == 2) << "lambda=" << order;
        if (out.settled) {
          EXPECT_EQ(out.order, net ? 2 : 1);
        }
      }
    }
  }
}

}  // namespace
}  // namespace gts
