// Move accuracy against exact values, the mode `accuracy` turns a compare run into: per input, one
// job solves every move exactly (the exact solver searches the position after it to the end), and
// one job per budget runs every algorithm under that budget; the chosen moves are scored against
// the exact values only when the run's results are together, so the jobs stay independent and
// both kinds are journaled (a resumed run solves no position twice). The files: exact.csv,
// searches.csv and accuracy.csv (docs/reference/run-folder.md, "Accuracy runs").
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "harness/compare/compare_runner.h"

namespace gts {

// A legal move and its exact value, from the view of the side to move before it.
struct ExactMove {
  std::string move;  // notation
  Value value = 0;
  std::uint64_t nodes = 0;  // the exact solver's, on the position after the move (0: finished)
};

// An exact job's result as it travels and is journaled (harness/mpi/wire.h).
namespace wire {
class Writer;
class Reader;
void put(Writer& w, const ExactMove& m);
void get(Reader& r, ExactMove& m);
}  // namespace wire

// Every legal move of `position` with its exact value; the solver's searches stop (incomplete,
// their values meaningless) when `stop` is raised.
std::vector<ExactMove> exact_move_values(const GameHandle& game, const EvalSpec& eval,
                                         const std::string& position,
                                         const std::atomic<bool>* stop);

// One algorithm's search of one input under one budget.
struct AccuracySearch {
  std::string input{};
  std::string algorithm{};  // registry name
  std::string variant{};    // the config entry's name
  std::uint64_t budget = 0;
  std::string best_move{};  // notation; empty when it gave none
  Value value = 0;          // the search's own value
  int depth = 0;            // the deepest iteration it completed (0: not known)
  SearchStats stats{};
  double wall_ms = 0;
  double alloc_ms = 0;   // making table memory ready (TimedSearch: out of cpu_ms and wall_ms)
  bool complete = true;  // false: the budget cut its last iteration short (the usual case)
  std::string error{};   // what the search threw, if it did
};

// Job `index` of an accuracy plan (its exact job or a budget's searches), as the bytes
// AccuracyResults::take reads. Never throws for a search's fault (the row's error says it).
std::string run_accuracy_job(const ComparePlan& plan, std::size_t index,
                             const std::atomic<bool>* stop);

// The results of an accuracy run, job by job (from this process, other ranks or the journal).
class AccuracyResults {
 public:
  explicit AccuracyResults(const ComparePlan& plan);
  // Throws std::runtime_error for bytes that are not job `index`'s.
  void take(std::size_t index, const std::string& bytes);
  // Every job taken: the summary, and exact.csv, searches.csv and accuracy.csv by file name.
  [[nodiscard]] std::vector<AccuracySummaryRow> summary() const;
  [[nodiscard]] std::map<std::string, std::string> tables(
      const std::vector<AccuracySummaryRow>& rows) const;

 private:
  const ComparePlan& plan_;
  std::vector<std::vector<ExactMove>> exact_;                 // by input
  std::vector<std::vector<std::vector<AccuracySearch>>> by_;  // by input, budget: algorithms
};

// The header lines (without their newline) of exact.csv, searches.csv and accuracy.csv, with the
// `param_<name>` columns of `params` (accuracy.csv's less the seed).
std::string exact_csv_header();
std::string searches_csv_header(const std::vector<std::string>& params);
std::string accuracy_csv_header(const std::vector<std::string>& params);

// The summary's main columns, aligned, for the terminal.
std::string accuracy_table(const std::vector<AccuracySummaryRow>& rows);

}  // namespace gts
