// Goal solving, the registry's service for `harness solve`: the goal solvers (their names, aliases
// and options, from the GoalSolvers list in harness/algorithms/algorithm_list.h) and problems of
// the games that pose them, each bound to its game behind a virtual interface. A solve call is one
// whole search; nothing per node crosses this interface.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/search.h"
#include "algorithms/solver_goal.h"
#include "games/params.h"
#include "harness/registry.h"

namespace gts {

// One configured solver: its canonical algorithm name, validated options, and the label used in
// the CSV files (the config's `name`, else the algorithm's label).
struct SolverSpec {
  std::string name;
  std::string algorithm;
  Params options;
};

const std::vector<AlgorithmInfo>& solver_infos();

// Finds a solver by name or alias; throws ParamError listing the known names.
const AlgorithmInfo& find_solver_info(const std::string& name);

// Validates `options` (defaults filled in); `label` empty gives "pn+", "alphabeta(tt=on)", ...
SolverSpec make_solver_spec(const std::string& algorithm,
                            const std::map<std::string, std::string>& options,
                            const std::string& label = "");

// A problem as a config states it. For go-capture: `file` (SGF or text form) or `problem` (text
// form); the goal comes from the problem. For the other games: `position` (empty: the start) and
// the goal, `prover` (0 or 1; -1: the side to move) and `at_least`.
struct ProblemSpec {
  std::string name;
  std::string file;
  std::string problem;
  std::string position;
  int prover = -1;
  Value at_least = 1;
  // "", "proved", "proved by ko" or "disproved"; go-capture problems carry their own
  std::string expected;
  // `harness search`: the game's parameters pose the problem (go-capture: its `file` or `problem`
  // parameter, or the default problem) and `position`, when given, is the root; the prover is its
  // side to move.
  bool from_game_params = false;
};

struct SolveOutcome {
  ProofStatus status = ProofStatus::kUnknown;
  // Proved only if the prover wins every ko (go-capture: it fails when its opponent does).
  bool by_ko = false;
  std::string best_move;               // in the game's notation; empty when unknown
  std::vector<std::string> main_line;  // in notation
  int depth = 0;
  SearchStats stats;
  double time_ms = 0.0;   // wall clock of the search
  double alloc_ms = 0.0;  // making table memory ready and giving it back (not in time_ms)
  // Something the user should know about the answer (go-capture: a region too small), or "".
  std::string warning = {};
};

// "proved", "proved by ko", "disproved" or "unknown".
inline std::string solve_result_name(const SolveOutcome& o) {
  return o.by_ko && o.status == ProofStatus::kProved ? "proved by ko" : proof_status_name(o.status);
}

struct DfpnCarry;  // algorithms/dfpn.h

class SolveProblem {
 public:
  // `game`: "go-capture", "tictactoe", ...; `goal`: the question, for people: "Black wins (value
  // >= 1)", "White captures C3", ...
  struct Labels {
    std::string name, expected, game, goal;
  };
  explicit SolveProblem(Labels labels) : labels_(std::move(labels)) {}
  virtual ~SolveProblem() = default;
  [[nodiscard]] const std::string& name() const { return labels_.name; }
  [[nodiscard]] const std::string& expected() const { return labels_.expected; }
  [[nodiscard]] const std::string& game() const { return labels_.game; }
  [[nodiscard]] const std::string& goal() const { return labels_.goal; }
  // Throws ParamError for a bad option value (a table size the machine refuses, say). With
  // `carry` (DfpnOptions::carry), df-pn hands its proved positions on: the search starts from
  // those it holds, the caller vouching for them, and leaves its own there; problems that cannot
  // use it ignore it.
  [[nodiscard]] virtual SolveOutcome solve(const SolverSpec& solver, const SearchLimits& limits,
                                           DfpnCarry* carry = nullptr) const = 0;

 private:
  Labels labels_;
};

// Games that pose solve problems (those whose registry entry makes them).
const std::vector<std::string>& solve_game_names();

// Builds a problem of `game` with its `params`; throws ParamError (unknown game, bad parameter or
// goal) or ParseError (bad position or problem file), one line naming what is wrong.
std::unique_ptr<SolveProblem> make_solve_problem(const std::string& game,
                                                 const std::map<std::string, std::string>& params,
                                                 const ProblemSpec& spec);

}  // namespace gts
