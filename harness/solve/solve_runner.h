// `harness solve`: every problem x solver of a config, a job each, through the run pipeline (in
// parallel on oneTBB threads or MPI ranks, journaled, resumable), then the report files computed
// from its rows: solve.csv, summary.csv (Zhang et al.'s Table 1) and solved_within.csv (their
// Fig. 3), whose columns docs/reference/run-folder.md lists ("Solve runs").
//
// A result counts as solved when it is proved or disproved and does not contradict the known
// answer; one that contradicts it is wrong (and failed); unknown is failed.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/goal_problem.h"
#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/run_pipeline.h"
#include "harness/solve/solve_config.h"

namespace gts {

struct SolveRow {
  std::string problem;
  std::string algorithm;
  std::string expected;
  SolveOutcome outcome;
};

// "true" (matches the known answer), "false" (contradicts it) or "" (unknown, or no known answer).
std::string correctness(const SolveRow& row);
bool solved(const SolveRow& row);

struct SummaryRow {
  std::string algorithm;
  int problems = 0;
  int solved = 0;
  int failed = 0;
  int wrong = 0;
  int common = 0;  // problems every solver solved
  double time_ms_common = 0, alloc_ms_common = 0, nodes_common = 0, depth_common = 0;
  double time_ms_solved = 0, nodes_solved = 0, depth_solved = 0;
};

// One row per algorithm in `algorithms` order.
std::vector<SummaryRow> summarize(const std::vector<SolveRow>& rows,
                                  const std::vector<std::string>& algorithms);

std::string solve_csv(const std::vector<SolveRow>& rows);
// summary.csv: one row per algorithm of summarize().
std::string summary_csv(const std::vector<SummaryRow>& summary);
std::string solved_within_csv(const std::vector<SolveRow>& rows,
                              const std::vector<std::string>& algorithms,
                              const std::vector<double>& thresholds_ms);
// Job i's row from its result's bytes, and the error that stopped its solver (if any).
SolveRow solve_job_row(const std::string& bytes, std::string& error);
// The tables a finished run writes, by file name, from every job's result bytes in job order:
// what the run's end writes and what a check of its folder holds the files to.
std::map<std::string, std::string> solve_tables(const SolveConfig& config,
                                                const std::vector<std::string>& results);
// The summary as an aligned text table for the terminal.
std::string summary_table(const std::vector<SummaryRow>& summary);

struct SolveRunResult {
  // 0; 1 when a solver contradicted a known answer or a job failed; 130 when stopped by Ctrl-C
  // (every finished job is kept, and the resume command printed).
  int exit_code = 0;
  std::string out_dir;
  std::vector<SolveRow> rows;
  std::vector<SummaryRow> summary;
};

// Throws ConfigError for a bad config, ParamError for a folder that cannot be used, and
// std::runtime_error when the output cannot be written. A failed rank (under mpirun) stops the
// run as Ctrl-C does, with exit code 1.
SolveRunResult run_solve(const RunRequest& request);
// `solve --check`: what the run would refuse (config, problems, tables, the run folder), with
// nothing run or written.
void check_solve(const RunRequest& request);

// The runner a worker rank solves its share with (the "solve" JobKinds entry); `context` comes
// from rank 0. Throws ConfigError when the config or its problems differ from rank 0's.
std::unique_ptr<JobRunner> make_solve_jobs(const std::string& context);

}  // namespace gts
