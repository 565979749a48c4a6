// `harness solve`: every problem x solver of a config, a job each, through the run pipeline (in
// parallel on oneTBB threads or MPI ranks, journaled, resumable), then the report files.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/run_pipeline.h"
#include "harness/solve/solve_report.h"

namespace gts {

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

// The runner a worker rank solves its share with (the "solve" JobKinds entry); `context` comes
// from rank 0. Throws ConfigError when the config or its problems differ from rank 0's.
std::unique_ptr<JobRunner> make_solve_jobs(const std::string& context);

}  // namespace gts
