// compare.csv (one row per input, depth and algorithm), summary.csv (means and medians per group,
// depth and algorithm, with ratios to the alpha-beta baseline and to the minimal tree) and the
// summary as a text table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/compare/compare_jobs.h"

namespace gts {

struct CompareSummaryRow {
  std::string group;
  std::string algorithm;
  std::string variant;
  int depth = 0;
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
};

// Rows in the plan's order: jobs by index, algorithms in the config's order within each.
std::string compare_csv(const std::vector<CompareRow>& rows);
// input, set, group, game, position: what each input name stands for.
std::string inputs_csv(const ComparePlan& plan);

// `rows` as run_compare_job returned them, concatenated in job order.
std::vector<CompareSummaryRow> summarize_compare(const ComparePlan& plan,
                                                 const std::vector<CompareRow>& rows);
std::string compare_summary_csv(const std::vector<CompareSummaryRow>& summary);
// The summary's main columns, aligned, for the terminal.
std::string compare_summary_table(const std::vector<CompareSummaryRow>& summary);

// True for the columns of compare.csv and summary.csv that hold measured times.
bool is_timing_column(std::string_view name);

// b^ceil(d/2) + b^floor(d/2) - 1 (Knuth and Moore), as a double (it may exceed 2^64).
double minimal_tree_leaves(int branching, int depth);

}  // namespace gts
