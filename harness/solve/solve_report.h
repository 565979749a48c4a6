// The files a solve run writes, computed from its rows (pure functions, tested on their own).
//
//   solve.csv          problem, algorithm, result, expected, correct, best_move, nodes, time_ms,
//                      depth, peak_bytes (one row per problem and solver)
//   summary.csv        Zhang et al.'s Table 1: per solver, problems solved and failed, and mean
//                      time, nodes and depth over the problems every solver solved ("common") and
//                      over the problems this solver solved
//   solved_within.csv  problems solved within t ms, one column per solver (Zhang et al.'s Fig. 3)
//
// A result counts as solved when it is proved or disproved and does not contradict the known
// answer; one that contradicts it is wrong (and failed); unknown is failed.
#pragma once

#include <string>
#include <vector>

#include "harness/goal_problem.h"

namespace gts {

struct SolveRow {
  std::string problem;
  std::string algorithm;
  std::string expected;
  SolveOutcome outcome;
};

// "yes" (matches the known answer), "no" (contradicts it) or "" (unknown, or no known answer).
std::string correctness(const SolveRow& row);
bool solved(const SolveRow& row);

struct SummaryRow {
  std::string algorithm;
  int problems = 0;
  int solved = 0;
  int failed = 0;
  int wrong = 0;
  int common = 0;  // problems every solver solved
  double time_ms_common = 0, nodes_common = 0, depth_common = 0;
  double time_ms_solved = 0, nodes_solved = 0, depth_solved = 0;
};

// One row per algorithm in `algorithms` order.
std::vector<SummaryRow> summarize(const std::vector<SolveRow>& rows,
                                  const std::vector<std::string>& algorithms);

std::string solve_csv(const std::vector<SolveRow>& rows);
std::string summary_csv(const std::vector<SummaryRow>& summary);
std::string solved_within_csv(const std::vector<SolveRow>& rows,
                              const std::vector<std::string>& algorithms,
                              const std::vector<double>& thresholds_ms);
// The summary as an aligned text table for the terminal.
std::string summary_table(const std::vector<SummaryRow>& summary);

}  // namespace gts
