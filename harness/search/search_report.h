// One search of one position, as `harness search` runs and reports it: shared by the command and
// the Python module, so that `--json` and gametree.search() give the same fields and values.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "algorithms/search.h"
#include "games/evaluation.h"
#include "harness/goal_problem.h"
#include "harness/registry.h"

namespace gts {

// A parameter's or option's value as --json gives it: an integer parameter's as a number, an
// on/off or yes/no choice's as a boolean, anything else as its text; typed_params does a map.
nlohmann::json typed_param(const std::vector<ParamSpec>& specs, const std::string& name,
                           const std::string& value);
nlohmann::json typed_params(const std::vector<ParamSpec>& specs,
                            const std::map<std::string, std::string>& values);

// A search's result with its moves in the game's notation.
struct SearchReport {
  SearchResult result;
  double elapsed_ms = 0;        // wall clock of the search itself (prepare() and alloc_ms excluded)
  double alloc_ms = 0;          // of the search, making table memory ready and giving it back
  std::vector<std::string> pv;  // in notation
  std::string best_move = "none";  // in notation; "none" when there is none
  bool pv_complete = false;        // the line reaches the completed depth or the end of the game
};

// The seed a search of `spec` takes: a seeded algorithm's `seed` option (random ties), else 0.
std::uint64_t search_seed(const AlgorithmSpec& spec);

// Prepares the game for `limits` (outside the clock), then searches `root` and names the moves.
SearchReport run_search(const GameHandle& game, const Position& root, Searcher& searcher,
                        const SearchLimits& limits, std::uint64_t seed);

// `harness search --json`'s object for a search of `position` (canonical notation) to `depth`.
nlohmann::json search_json(const GameHandle& game, const std::string& position,
                           const AlgorithmSpec& algorithm, const EvalSpec& eval, int depth,
                           const SearchReport& report);

// True for a goal solver that is no value search (pn, pn+, dfpn, dfpn+): a search with it runs
// as `harness solve` does, on the goal the game's problem poses. Throws ParamError naming both
// kinds for a name that is neither.
bool is_goal_solver_only(const std::string& name);

// Throws ParamError, naming the command-line option, unless a search of `game` with goal solver
// `solver` can run: the game poses goals, `depth` is kDepthMax and no evaluation is given.
void check_goal_search(const std::string& game, const SolverSpec& solver, int depth,
                       bool eval_given);

// A goal solver's search of `position` (canonical; empty: the start) of `game` with `params`.
struct GoalReport {
  SolverSpec solver;
  std::unique_ptr<SolveProblem> problem;
  SolveOutcome outcome;
  double elapsed_ms = 0;  // outcome.alloc_ms excluded
};
GoalReport run_goal_search(const std::string& game,
                           const std::map<std::string, std::string>& params,
                           const std::string& position, const SolverSpec& solver,
                           const SearchLimits& limits);

// `harness search --json`'s object for a goal solver's search of `position` (canonical).
nlohmann::json goal_json(const GameHandle& game, const std::string& position,
                         const GoalReport& report);

// `harness perft --json`'s object.
nlohmann::json perft_json(const GameHandle& game, const std::string& position, int depth,
                          const std::vector<std::uint64_t>& per_ply, double elapsed_ms);

}  // namespace gts
