// The work of `harness compare`, as a list of independent jobs: one job is one (input, depth), and
// runs every algorithm of the config on it, single-threaded, into CSV rows. A job depends on its
// index alone (never on which thread or process runs it, nor in what order), so the jobs can be
// spread over oneTBB tasks here and over other processes or machines elsewhere, and the rows are
// the same.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/search.h"
#include "harness/compare/compare_config.h"

namespace gts {

// One position of one game combination of an input set.
struct CompareInput {
  std::string name;   // "<set>[:<swept k=v,...>][#<position number>]"
  std::string group;  // "<set>[:<swept k=v,... but seed>]": the inputs a summary row averages
  std::size_t set = 0;
  std::size_t variant = 0;
  std::string position;  // canonical notation
  // Uniform trees (the random-tree game): branching and depth, for the minimal-tree ratio.
  std::optional<std::pair<int, int>> uniform;
};

struct CompareJob {
  std::size_t input = 0;
  int depth = 0;  // kDepthMax for "max"
};

struct ComparePlan {
  CompareConfig config;
  std::vector<CompareInput> inputs;
  std::vector<CompareJob> jobs;  // input-major, depths in the order the set lists them
};

// Inputs (positions sampled from (config seed, set, combination, index)) and jobs.
ComparePlan make_compare_plan(CompareConfig config);

struct CompareRow {
  std::string input;
  std::string algorithm;  // registry name
  std::string variant;    // the config entry's name
  int depth = 0;
  Value value = 0;
  std::string best_move;  // notation; empty when the algorithm gave no legal move
  SearchStats stats;      // stats.cpu_ms: the whole call, the algorithm's set-up included
  bool complete = true;   // false when the entry's node budget cut the search short
  bool agrees = false;    // value equal to the reference's on this job
  std::string error;      // what the search threw, if it did (then agrees is false)
};

// Every algorithm of the config on job `index`, in the config's order; a set `stop` cuts the
// searches short (their rows are then meaningless). Never throws for a
// search's fault: a throwing search becomes a row with `error` set.
std::vector<CompareRow> run_compare_job(const ComparePlan& plan, std::size_t index,
                                        const std::atomic<bool>* stop = nullptr);

// A job's rows as bytes (harness/mpi/wire.h), every field exactly (timings as their 64 bits), for
// the trip from the rank that ran the job to rank 0.
std::string encode_compare_rows(const std::vector<CompareRow>& rows);
// Throws std::runtime_error for bytes that are not such rows.
std::vector<CompareRow> decode_compare_rows(const std::string& bytes);

}  // namespace gts
