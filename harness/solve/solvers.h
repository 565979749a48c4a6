// The solvers `harness solve` knows: names, aliases and options, checked against one list (like
// the registry's algorithms, but for AND/OR goals).
//
//   alphabeta  alpha-beta to the end of the game on the goal's win/loss values
//              (options: tt off|on, tt_mb, ordering none|static, line on|off)
//   pn         Allis's proof-number search, leaves at (1, 1)             (options: max_mb)
//   pn+        pn with the article's heuristic initial numbers           (options: max_mb)
//   dfpn       Nagai's df-pn with the 1+epsilon trick                    (options: tt_mb, epsilon)
//   dfpn+      df-pn+ : heuristic initial numbers and an edge cost       (options: tt_mb, epsilon,
//                                                                         cost)
#pragma once

#include <map>
#include <string>
#include <vector>

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

}  // namespace gts
