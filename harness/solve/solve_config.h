// `harness solve` configs: a problem set x solvers x limits.
//
//   name: solve-go-capture              # names the run folder (default: the file's stem)
//   game: go-capture                    # or {name: kalah, params: {pits: 4, seeds: 3}}
//   problems:                           # a list; each item is one problem or a set of files
//     - files: ../problems/go-capture/*.sgf      # go-capture: every matching file, sorted
//     - {name: x-wins, position: "...", prover: 0, at_least: 1, expected: disproved}
//   algorithms:
//     - {name: ab, algorithm: alphabeta, options: {tt: off}}
//     - {name: df-pn+, algorithm: dfpn+, options: {cost: 0}}
//   limits: {nodes: 1000000, time_ms: 10000}   # per problem and solver; 0: none (not both)
//   threads: 0                          # problems solved at once (0: all cores)
//   solved_within_ms: [1, 10, 100, 1000]       # thresholds of solved_within.csv
//   output: {dir: results/my-run}
//
// Paths inside the config are relative to the config's folder. Every error is a ConfigError
// "FILE:LINE:COL: message"; each problem is built while the config is read, so a broken problem
// file is reported at the config line that names it (with the problem file's own message).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "harness/config/blocks.h"
#include "harness/goal_problem.h"

namespace gts {

struct SolveConfig : RunSettings {
  std::string game;
  std::map<std::string, std::string> game_params;
  std::vector<SolverSpec> solvers;
  std::vector<OptionPlaces> solver_option_at;  // where each solver's options stand in the file
  std::uint64_t max_nodes = 1'000'000;
  double max_ms = 10'000.0;
  std::vector<double> solved_within_ms;
};

struct LoadedSolve {
  SolveConfig config;
  std::vector<std::unique_ptr<SolveProblem>> problems;
};

// Reads, validates and builds everything a solve run needs; throws ConfigError.
LoadedSolve load_solve_config(const std::string& path);
// The config's solvers, limits and thresholds only (what the tables need; no problem is read).
SolveConfig load_solve_tables_config(const std::string& path);

}  // namespace gts
