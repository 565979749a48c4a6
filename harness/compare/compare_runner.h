// `harness compare`: every job of the plan in parallel over a oneTBB task arena (one job per task,
// every search single-threaded) or, under mpirun, over every rank (rank 0 hands the jobs out),
// then compare.csv, inputs.csv, summary.csv and the resolved config in the output folder, written
// by rank 0 alone.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "harness/compare/compare_summary.h"
#include "harness/mpi/job_runner.h"

namespace gts {

struct CompareRunOptions {
  std::string config_path;
  int threads = -1;     // -1: the config's (0: all cores)
  std::string out_dir;  // empty: the config's output.dir, else results/<name>-<date>-<time>
  bool quiet = false;   // no progress lines on stderr
};

struct CompareRunResult {
  // 0; 1 when an algorithm's value differs from the reference's (or a search failed).
  int exit_code = 0;
  std::string out_dir;
  std::vector<CompareRow> rows;
  std::vector<CompareSummaryRow> summary;
  std::vector<std::string> disagreements;  // "input (depth D): variant=V ..." per job at fault
};

// Throws ConfigError for a bad config, std::runtime_error when the output cannot be written or
// (under mpirun) when a rank fails.
CompareRunResult run_compare(const CompareRunOptions& options);

// The runner a worker rank runs its share of the jobs with (the "compare" JobKinds entry);
// `context` comes from rank 0. Throws ConfigError when the config or its inputs differ from rank
// 0's.
std::unique_ptr<JobRunner> make_compare_jobs(const std::string& context);

}  // namespace gts
