// `harness solve`: every problem x solver of a config, in parallel over a oneTBB task arena (one
// search per task, each single-threaded), then the report files.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "harness/mpi/job_runner.h"
#include "harness/solve/solve_report.h"

namespace gts {

struct SolveRunOptions {
  std::string config_path;
  int threads = -1;     // -1: the config's (0: all cores)
  std::string out_dir;  // empty: the config's output.dir, else results/<name>-<date>-<time>
  bool quiet = false;   // no progress lines on stderr
};

struct SolveRunResult {
  // 0; 1 when a solver contradicted a known answer.
  int exit_code = 0;
  std::string out_dir;
  std::vector<SolveRow> rows;
  std::vector<SummaryRow> summary;
};

// Throws ConfigError for a bad config, std::runtime_error when the output cannot be written or
// (under mpirun, where rank 0 hands the jobs out to every rank) when a rank fails.
SolveRunResult run_solve(const SolveRunOptions& options);

// The runner a worker rank solves its share with (the "solve" JobKinds entry); `context` comes
// from rank 0. Throws ConfigError when the config or its problems differ from rank 0's.
std::unique_ptr<JobRunner> make_solve_jobs(const std::string& context);

}  // namespace gts
