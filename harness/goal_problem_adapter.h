// SolveProblem for one concrete game type: the goal solvers instantiated over it. Included only by
// harness/game_adapter.h, for the per-game registration files (harness/games/*.cpp), so each
// game's templates are instantiated in one translation unit.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "harness/algorithms/algorithm_list.h"
#include "harness/goal_problem.h"

namespace gts {

template <Game G>
bool is_legal(const G& game, const typename G::State& s, Move m) {
  MovesOf<G> moves;
  game.legal_moves(s, moves);
  return moves.contains(m);
}

// The moves of `line` from `s` in notation; stops at the end of the game or at a move not legal.
template <Game G>
std::vector<std::string> moves_text(const G& game, typename G::State s,
                                    const std::vector<Move>& line) {
  std::vector<std::string> out;
  for (Move m : line) {
    if (game.is_terminal(s) || !is_legal(game, s, m)) break;
    out.push_back(game.move_to_string(s, m));
    game.play(s, m);
  }
  return out;
}

template <Game G, class H>
class TypedSolveProblem final : public SolveProblem {
 public:
  using State = typename G::State;

  // `make_heuristic(const G&)` builds the heuristic for the game copy this problem keeps.
  template <class MakeH>
  TypedSolveProblem(std::string name, std::string expected, std::string goal_text, G game,
                    State root, SolverGoal goal, MakeH make_heuristic)
      : SolveProblem(
            {std::move(name), std::move(expected), std::string(G::kName), std::move(goal_text)}),
        game_(std::make_unique<G>(std::move(game))),
        root_(std::move(root)),
        goal_(goal),
        heuristic_(make_heuristic(*game_)) {}

  [[nodiscard]] SolveOutcome solve(const SolverSpec& solver,
                                   const SearchLimits& limits) const override {
    return run(solver, limits, nullptr);
  }
  [[nodiscard]] SolveOutcome solve_carrying(const SolverSpec& solver, const SearchLimits& limits,
                                            DfpnCarry& carry) const override {
    return run(solver, limits, &carry);
  }

 private:
  SolveOutcome run(const SolverSpec& solver, const SearchLimits& limits, DfpnCarry* carry) const {
    const SolveResult r = goal_solve(solver.algorithm, *game_, goal_, root_, limits, *heuristic_,
                                     solver.options, carry);
    SolveOutcome out;
    out.status = r.status;
    out.depth = r.depth;
    out.stats = r.stats;
    out.time_ms = r.wall_ms;
    out.main_line = moves_text(*game_, root_, r.main_line);
    if (r.best_move != kNoMove) out.best_move = game_->move_to_string(root_, r.best_move);
    return out;
  }

  std::unique_ptr<G> game_;  // stable address: the heuristic points into it
  State root_;
  SolverGoal goal_;
  std::unique_ptr<H> heuristic_;
};

// The game's default evaluation as initial numbers (see EvalHeuristic). Not copyable: the
// heuristic points at the evaluation it owns.
template <Game G>
class DefaultHeuristic {
 public:
  DefaultHeuristic(const G& game, const SolverGoal& goal)
      : eval_(game, EvalSpec{G::default_evaluation(), {}}), h_(game, eval_, goal) {}
  DefaultHeuristic(const DefaultHeuristic&) = delete;
  DefaultHeuristic& operator=(const DefaultHeuristic&) = delete;
  ProofEstimate operator()(const typename G::State& s) const { return h_(s); }

 private:
  typename G::Eval eval_;
  EvalHeuristic<G, typename G::Eval> h_;
};

// A problem with a plain goal (the config's prover and at_least) from a position of G, with the
// game's default evaluation as initial numbers.
template <Game G>
std::unique_ptr<SolveProblem> make_plain_problem(const std::map<std::string, std::string>& params,
                                                 const ProblemSpec& spec) {
  const std::string game_name(G::kName);
  if (!spec.file.empty() || !spec.problem.empty()) {
    throw ParamError("problem '" + spec.name + "': " + game_name +
                     " problems take a 'position' and a goal, not a 'file' or a 'problem'");
  }
  G game(resolve_params(G::param_specs(), params, "game " + game_name));
  typename G::State root = spec.position.empty() ? game.initial_state() : game.parse(spec.position);
  if (spec.prover != -1 && spec.prover != 0 && spec.prover != 1) {
    throw ParamError("problem '" + spec.name + "': prover must be 0, 1 or the side to move");
  }
  const SolverGoal goal{spec.prover == -1 ? game.to_move(root) : spec.prover, spec.at_least};
  std::string side = goal.prover == 0 ? "MAX" : "MIN";
  if constexpr (requires { G::kSideNames; }) {
    side = std::string(G::kSideNames[static_cast<std::size_t>(goal.prover)]);
  }
  const std::string goal_text =
      side + " reaches a value of at least " + std::to_string(goal.at_least) + " (its view)";
  return std::make_unique<TypedSolveProblem<G, DefaultHeuristic<G>>>(
      spec.name, spec.expected, goal_text, std::move(game), root, goal,
      [goal](const G& g) { return std::make_unique<DefaultHeuristic<G>>(g, goal); });
}

}  // namespace gts
