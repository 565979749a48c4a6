// What compare's two modes (depths, accuracy) share: one timed search of an input, the columns
// every CSV of a compare folder has (the swept parameters' `param_<name>` columns, booleans as
// true/false), and the terminal tables.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/compare/compare_runner.h"

namespace gts {

// One search of a compare input, with a fresh searcher (no state carries over from another
// search): its result (stats.cpu_ms the whole call's thread CPU time, a parallel search's threads'
// included), wall time and chosen move in notation, or what it threw. The time the call spent
// making table memory ready and giving it back (detail::table_memory_ms) is alloc_ms, taken out
// of both cpu_ms and wall_ms.
struct TimedSearch {
  SearchResult result;
  double wall_ms = 0;
  double alloc_ms = 0;
  std::string best_move;  // empty when it gave no legal move
  std::string error;      // what the search threw, if it did
};
TimedSearch timed_search(const GameHandle& game, const AlgorithmSpec& algorithm,
                         const EvalSpec& eval, const std::string& position,
                         const SearchLimits& limits, std::uint64_t seed);

// `cells` (the first row the header) aligned for the terminal: the first `names` columns
// left-aligned, the rest right-aligned; a blank line before each row i where `break_before(i)`.
template <class Break>
std::string aligned_table(const std::vector<std::vector<std::string>>& cells, std::size_t names,
                          const Break& break_before);

// true/false, as every CSV of a run folder writes a boolean.
std::string flag(bool b);

// The swept parameters of every set, in the order first met: the `param_<name>` columns.
std::vector<std::string> swept_params(const CompareConfig& c, bool with_seed);
std::vector<std::string> param_columns(const std::vector<std::string>& params);
// An input's values of `params` (empty where its set does not sweep one).
std::vector<std::string> param_values(const ComparePlan& plan, const CompareInput& in,
                                      const std::vector<std::string>& params);

// `fields` with `middle` inserted before index `at`.
std::vector<std::string> with(std::vector<std::string> fields, std::size_t at,
                              const std::vector<std::string>& middle);

// inputs.csv: what each input name stands for (its set, swept parameters, group, game, position).
std::string inputs_csv(const ComparePlan& plan);

template <class Break>
std::string aligned_table(const std::vector<std::vector<std::string>>& cells, std::size_t names,
                          const Break& break_before) {
  std::vector<std::size_t> width(cells.at(0).size(), 0);
  for (const auto& row : cells) {
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  }
  std::string out;
  for (std::size_t r = 0; r < cells.size(); ++r) {
    if (r > 1 && break_before(r)) out += "\n";
    std::string line;
    for (std::size_t i = 0; i < cells[r].size(); ++i) {
      const std::string pad(width[i] - cells[r][i].size(), ' ');
      if (i > 0) line += "  ";
      line += i < names ? cells[r][i] + pad : pad + cells[r][i];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace gts
