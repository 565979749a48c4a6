#include "harness/goal_problem.h"

#include "harness/algorithms/algorithm_list.h"

namespace gts {

const std::vector<AlgorithmInfo>& solver_infos() {
  static const std::vector<AlgorithmInfo> infos = GoalSolvers::infos();
  return infos;
}

const AlgorithmInfo& find_solver_info(const std::string& name) {
  return find_named(solver_infos(), name, "solver");
}

SolverSpec make_solver_spec(const std::string& algorithm,
                            const std::map<std::string, std::string>& options,
                            const std::string& label) {
  const AlgorithmInfo& info = find_solver_info(algorithm);
  SolverSpec spec{label, info.name, resolve_params(info.options, options, "solver " + info.name)};
  if (spec.name.empty()) spec.name = options_label(info, spec.options);
  return spec;
}

const std::vector<std::string>& solve_game_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& e : game_table()) {
      if (e.make_problem != nullptr) out.push_back(e.info.name);
    }
    return out;
  }();
  return names;
}

std::unique_ptr<SolveProblem> make_solve_problem(const std::string& game,
                                                 const std::map<std::string, std::string>& params,
                                                 const ProblemSpec& spec) {
  for (const auto& e : game_table()) {
    if (e.info.name == game && e.make_problem != nullptr) return e.make_problem(params, spec);
  }
  throw ParamError("game '" + game + "' cannot pose solve problems (known: " +
                   join_strings(solve_game_names(), ", ") + ")");
}

}  // namespace gts
