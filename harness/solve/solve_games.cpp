// Problems of the games with a plain goal (prover, at_least): tic-tac-toe, Kalah and the trees,
// and the dispatch by game name.
#include "harness/solve/solve_games.h"

#include <algorithm>

#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tictactoe/tictactoe.h"
#include "games/tree/explicit_tree.h"

namespace gts {

std::unique_ptr<SolveProblem> make_go_capture_problem(
    const std::map<std::string, std::string>& params, const ProblemSpec& spec);

namespace {

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

template <Game G>
std::unique_ptr<SolveProblem> make_plain_problem(const std::map<std::string, std::string>& params,
                                                 const ProblemSpec& spec) {
  const std::string game_name(G::kName);
  if (!spec.file.empty() || !spec.problem.empty()) {
    throw ParamError("problem '" + spec.name + "': 'file' and 'problem' are for go-capture; " +
                     game_name + " problems take a 'position' and a goal");
  }
  G game(resolve_params(G::param_specs(), params, "game " + game_name));
  typename G::State root = spec.position.empty() ? game.initial_state() : game.parse(spec.position);
  if (spec.prover != -1 && spec.prover != 0 && spec.prover != 1) {
    throw ParamError("problem '" + spec.name + "': prover must be 0, 1 or the side to move");
  }
  const SolverGoal goal{spec.prover == -1 ? game.to_move(root) : spec.prover, spec.at_least};
  return std::make_unique<TypedSolveProblem<G, DefaultHeuristic<G>>>(
      game_name, spec.name, spec.expected, std::move(game), root, goal,
      [goal](const G& g) { return std::make_unique<DefaultHeuristic<G>>(g, goal); });
}

}  // namespace

const std::vector<std::string>& solve_game_names() {
  static const std::vector<std::string> names = {"go-capture", "tictactoe", "kalah", "tree",
                                                 "random-tree"};
  return names;
}

std::unique_ptr<SolveProblem> make_solve_problem(const std::string& game,
                                                 const std::map<std::string, std::string>& params,
                                                 const ProblemSpec& spec) {
  if (game == "go-capture") return make_go_capture_problem(params, spec);
  if (game == TicTacToe::kName) return make_plain_problem<TicTacToe>(params, spec);
  if (game == Kalah::kName) return make_plain_problem<Kalah>(params, spec);
  if (game == ExplicitTree::kName) return make_plain_problem<ExplicitTree>(params, spec);
  if (game == RandomTree::kName) return make_plain_problem<RandomTree>(params, spec);
  std::string known;
  for (const auto& n : solve_game_names()) known += (known.empty() ? "" : ", ") + n;
  throw ParamError("game '" + game + "' cannot pose solve problems (known: " + known + ")");
}

}  // namespace gts
