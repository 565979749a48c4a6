// `harness compare`: every job of the plan through the run pipeline (one job per task, every search
// single-threaded, on oneTBB threads or, under mpirun, over every rank; journaled, resumable),
// then compare.csv, inputs.csv, summary.csv and the resolved config in the run folder, written by
// rank 0 alone.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "harness/compare/compare_summary.h"
#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/run_pipeline.h"

namespace gts {

struct CompareRunResult {
  // 0; 1 when an algorithm's value differs from the reference's (or a search or a rank failed);
  // 130 when stopped by Ctrl-C (every finished job is kept, and the resume command printed).
  int exit_code = 0;
  std::string out_dir;
  std::vector<CompareRow> rows;
  std::vector<CompareSummaryRow> summary;
  std::vector<std::string> disagreements;  // "input (depth D): variant=V ..." per job at fault
};

// Throws ConfigError for a bad config, ParamError for a folder that cannot be used, and
// std::runtime_error when the output cannot be written.
CompareRunResult run_compare(const RunRequest& request);

// The runner a worker rank runs its share of the jobs with (the "compare" JobKinds entry);
// `context` comes from rank 0. Throws ConfigError when the config or its inputs differ from rank
// 0's.
std::unique_ptr<JobRunner> make_compare_jobs(const std::string& context);

}  // namespace gts
