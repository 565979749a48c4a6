// `harness compare`: the work as a list of independent jobs, one job an (input, depth) that runs
// every algorithm of the config on it, single-threaded, into CSV rows. A job depends on its index
// alone (never on which thread or process runs it, nor in what order), so the jobs go through the
// run pipeline (oneTBB threads or, under mpirun, every rank; journaled, resumable) and the rows are
// the same. Rank 0 alone then writes compare.csv, inputs.csv, summary.csv and the resolved config
// into the run folder (docs/reference/run-folder.md, "Compare runs").
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/search.h"
#include "harness/compare/compare_config.h"
#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/run_pipeline.h"
#include "harness/stats/proportion.h"

namespace gts {

// One position of one game combination of an input set.
struct CompareInput {
  std::string name;   // "<set>[:<swept k=v,...>][#<position number>]"
  std::string group;  // "<set>[:<swept k=v,... but seed>]": the inputs a summary row averages
  std::size_t set = 0;
  std::size_t variant = 0;
  std::string position;  // canonical notation
  int number = 0;        // the position's number within its combination (1, 2, ...); 0: the start
};

struct CompareJob {
  std::size_t input = 0;
  int depth = 0;  // kDepthMax for "max"
  // An accuracy run's jobs: the input's exact move values, or its searches at one budget (an
  // index into the accuracy budgets).
  bool exact = false;
  std::optional<std::size_t> budget;
};

struct ComparePlan {
  CompareConfig config;
  std::vector<CompareInput> inputs;
  // Input-major, depths in the order the set lists them; an accuracy run: per input its exact
  // job, then one job per budget.
  std::vector<CompareJob> jobs;
};

// Inputs (positions sampled from (config seed, set, combination, index)) and jobs.
ComparePlan make_compare_plan(CompareConfig config);

struct CompareRow {
  std::string input{};
  std::string algorithm{};  // registry name
  std::string variant{};    // the config entry's name
  int depth = 0;
  Value value = 0;
  std::string best_move{};  // notation; empty when the algorithm gave no legal move
  SearchStats stats{};      // stats.cpu_ms: the whole call, the algorithm's set-up included
  double wall_ms = 0;       // wall-clock time of the whole call (a parallel search's speedup)
  double alloc_ms = 0;      // of the call, making table memory ready (out of cpu_ms and wall_ms)
  bool complete = true;     // false when the entry's node budget cut the search short
  bool agrees = false;      // value equal to the reference's on this job
  std::string error{};      // what the search threw, if it did (then agrees is false)
};

struct CompareSummaryRow {
  std::string group;
  std::string algorithm;
  std::string variant;
  int depth = 0;     // kDepthMax for "max"
  double plies = 0;  // the depth in plies: the number, or a uniform tree's depth for max; NaN else
  std::size_t inputs = 0;
  std::size_t agree = 0;
  double nodes_mean = 0, nodes_median = 0;
  double leaves_mean = 0, leaves_median = 0;
  double interior_mean = 0, cutoffs_mean = 0, tt_hits_mean = 0;
  double peak_bytes_max = 0;
  // Ratios of means to the baseline's on the same inputs; NaN without a baseline.
  double nodes_vs_ab = 0, leaves_vs_ab = 0;
  // Uniform trees searched to their leaves: mean leaves / (b^ceil(d/2) + b^floor(d/2) - 1).
  double leaves_vs_minimal = 0;
  // Timing (left out of golden comparisons): CPU time of the whole search call.
  double cpu_us_mean = 0, cpu_us_median = 0, cpu_vs_ab = 0;
  double ns_per_node = 0, ns_per_leaf = 0;
  // Parallel searches, against the entry of the same algorithm and options on one thread (NaN
  // without one): speedup = its mean wall time / this one's, search_overhead = nodes_mean /
  // its nodes_mean - 1, efficiency = speedup / threads.
  int threads = 1;
  double wall_us_mean = 0;
  double speedup = 0, search_overhead = 0, efficiency = 0;
};

// The header lines (without their newline) of compare.csv, inputs.csv and summary.csv, whose
// `param_<name>` columns are those of `params`, the sets' swept parameters (summary.csv leaves out
// seed, which its groups average over).
std::string compare_csv_header(const std::vector<std::string>& params);
std::string compare_inputs_header(const std::vector<std::string>& params);
std::string compare_summary_header(const std::vector<std::string>& params);
// The swept parameters named by a header's `param_<name>` columns, in order.
std::vector<std::string> compare_header_params(const std::vector<std::string>& header);

// The summary's main columns, aligned, for the terminal.
std::string compare_summary_table(const std::vector<CompareSummaryRow>& summary);

// True for the columns of compare.csv and summary.csv that hold measured times.
bool is_timing_column(std::string_view name);

// b^ceil(d/2) + b^floor(d/2) - 1 (Knuth and Moore), as a double (it may exceed 2^64).
double minimal_tree_leaves(int branching, int depth);

// A row of accuracy.csv: one algorithm on one group of inputs at one budget.
struct AccuracySummaryRow {
  std::string group;
  std::string algorithm;
  std::string variant;
  std::uint64_t budget = 0;
  std::string unit;           // the budget's: nodes or ms
  std::size_t positions = 0;  // searches scored (failed ones aside)
  std::size_t optimal = 0;    // of them, those whose move has the best exact value
  std::size_t failed = 0;     // searches that threw or gave no legal move
  Interval95 optimal_interval{};
  MeanInterval loss{};  // exact value of the best move - of the chosen one (game units)
  double nodes_mean = 0, depth_mean = 0, cpu_us_mean = 0, wall_us_mean = 0;
};

struct CompareRunResult {
  // 0; 1 when an algorithm's value differs from the reference's (or a search or a rank failed);
  // 130 when stopped by Ctrl-C (every finished job is kept, and the resume command printed).
  int exit_code = 0;
  std::string out_dir;
  std::vector<CompareRow> rows;
  std::vector<CompareSummaryRow> summary;
  std::vector<std::string> disagreements;    // "input (depth D): variant=V ..." per job at fault
  std::vector<AccuracySummaryRow> accuracy;  // an accuracy run's summary (then no `summary`)
};

// Job `index`'s rows from its result's bytes (std::runtime_error when they are not that job's).
std::vector<CompareRow> compare_job_rows(const ComparePlan& plan, std::size_t index,
                                         const std::string& bytes);
// The tables a finished run writes, by file name, from every job's result bytes in job order:
// what the run's end writes and what a check of its folder holds the files to.
std::map<std::string, std::string> compare_tables(const ComparePlan& plan,
                                                  const std::vector<std::string>& results);

// Throws ConfigError for a bad config, ParamError for a folder that cannot be used, and
// std::runtime_error when the output cannot be written.
CompareRunResult run_compare(const RunRequest& request);
// `compare --check`: what the run would refuse (config, inputs, tables, the run folder), with
// nothing run or written.
void check_compare(const RunRequest& request);

// The runner a worker rank runs its share of the jobs with (the "compare" JobKinds entry);
// `context` comes from rank 0. Throws ConfigError when the config or its inputs differ from rank
// 0's.
std::unique_ptr<JobRunner> make_compare_jobs(const std::string& context);

}  // namespace gts
