// AND/OR goals over any game, and the result every solver returns.
//
// A goal asks: can `prover` force the game to end in a position whose exact outcome, from the
// prover's point of view, is at least `at_least`? Nodes where the prover moves are OR nodes, the
// others AND nodes (the mover decides, never the depth parity: Kalah's extra turns stay OR or AND).
//   tic-tac-toe "X wins":           prover 0, at_least 1
//   tic-tac-toe "X does not lose":  prover 0, at_least 0
//   Kalah "first player wins by at least k":  prover 0, at_least k (the value is the store margin)
//   Go capture: the side to move of the problem, at_least 1 (the winner's value is +kWin)
//
// Heuristics give the initial proof and disproof numbers of unsolved leaves (pn+, df-pn+) and the
// order of moves for alpha-beta: a callable `ProofEstimate h(const State&)` from the prover's side.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/proof_number.h"
#include "algorithms/search.h"
#include "games/game.h"

namespace gts {

struct SolverGoal {
  int prover = 0;
  Value at_least = 1;
};

enum class ProofStatus : std::uint8_t { kUnknown, kProved, kDisproved };

inline const char* proof_status_name(ProofStatus s) {
  switch (s) {
    case ProofStatus::kProved:
      return "proved";
    case ProofStatus::kDisproved:
      return "disproved";
    case ProofStatus::kUnknown:
      break;
  }
  return "unknown";
}

struct SolveResult {
  ProofStatus status = ProofStatus::kUnknown;
  // The root mover's first move on the main line: for a proved OR root (or a disproved AND root)
  // a move that wins; otherwise the loser's longest-resisting reply. kNoMove when unsolved.
  Move best_move = kNoMove;
  // The main line of the proof as far as the search can still tell it: the winner's chosen moves
  // and the loser's longest-resisting replies, down to the end of the game.
  std::vector<Move> main_line;
  // Length of the main line in plies (may exceed main_line.size() when a transposition table has
  // since lost part of it).
  int depth = 0;
  SearchStats stats;
  double wall_ms = 0.0;
};

// True when a terminal position reaches the goal.
template <Game G>
bool goal_reached(const G& game, const SolverGoal& goal, const typename G::State& terminal) {
  const Value v = game.terminal_value(terminal);
  const Value prover_view = game.to_move(terminal) == goal.prover ? v : -v;
  return prover_view >= goal.at_least;
}

template <class H, class G>
concept ProofHeuristic = Game<G> && requires(const H& h, const typename G::State& s) {
  { h(s) } -> std::same_as<ProofEstimate>;
};

// No knowledge: every leaf starts at (1, 1), as in Allis's pn and Nagai's df-pn.
template <Game G>
struct UnitHeuristic {
  ProofEstimate operator()(const typename G::State&) const { return {}; }
};

// A game's static evaluation turned into initial numbers: the prover's view v of the evaluation
// gives the distance E = 5 - v (clamped to 1..25), then pn = E^2, dn = (25/E)^2 as in the
// article. A position the evaluation calls even (v = 0) starts at (25, 25).
template <Game G, class E>
requires Evaluator<E, G>
class EvalHeuristic {
 public:
  EvalHeuristic(const G& game, const E& eval, const SolverGoal& goal)
      : game_(&game), eval_(&eval), prover_(goal.prover) {}
  ProofEstimate operator()(const typename G::State& s) const {
    const Value v = (*eval_)(s);
    const Value prover_view = game_->to_move(s) == prover_ ? v : -v;
    const long long e = 5LL - prover_view;
    return estimate_from_distance(static_cast<int>(std::clamp<long long>(e, 1, kMaxProofDistance)));
  }

 private:
  const G* game_;
  const E* eval_;
  int prover_;
};

namespace detail {

// Outcome of a node as the solvers see it, from the prover's side.
inline ProofStatus status_of(ProofNumber pn, ProofNumber dn) {
  if (pn == 0) return ProofStatus::kProved;
  if (dn == 0) return ProofStatus::kDisproved;
  return ProofStatus::kUnknown;
}

// Deepest main line the solvers report.
inline constexpr int kMaxMainLine = 1000;

}  // namespace detail

}  // namespace gts
