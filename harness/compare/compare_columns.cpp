#include "harness/compare/compare_columns.h"

#include <algorithm>
#include <exception>

#include "algorithms/zeroed_array.h"

namespace gts {

TimedSearch timed_search(const GameHandle& game, const AlgorithmSpec& algorithm,
                         const EvalSpec& eval, const std::string& position,
                         const SearchLimits& limits, std::uint64_t seed) {
  TimedSearch t;
  try {
    const std::unique_ptr<Searcher> searcher = game.make_searcher(algorithm, eval);
    game.prepare(limits);
    const double cpu0 = thread_cpu_ms();
    const double wall0 = wall_ms();
    const double alloc0 = detail::table_memory_ms();
    const Position p = game.position(position);
    t.result = searcher->search(p, limits, seed);
    t.alloc_ms = detail::table_memory_ms() - alloc0;
    t.wall_ms = std::max(0.0, wall_ms() - wall0 - t.alloc_ms);
    // A parallel search's threads did its work while this thread waited: their CPU counts too.
    SearchResult& r = t.result;
    r.stats.cpu_ms = std::max(0.0, thread_cpu_ms() - cpu0 - t.alloc_ms) +
                     (r.thread_nodes.empty() ? 0.0 : r.stats.cpu_ms);
    const auto moves = game.line_text(p, {r.best_move});
    if (!moves.empty()) t.best_move = moves.front();
  } catch (const std::exception& e) {
    t.error = e.what();
  }
  return t;
}

std::string flag(bool b) { return b ? "true" : "false"; }

std::vector<std::string> swept_params(const CompareConfig& c, bool with_seed) {
  std::vector<std::string> names;
  for (const auto& set : c.sets) {
    for (const auto& sweep : set.sweep) {
      if ((with_seed || sweep.key != "seed") && std::ranges::find(names, sweep.key) == names.end())
        names.push_back(sweep.key);
    }
  }
  return names;
}

std::vector<std::string> param_columns(const std::vector<std::string>& params) {
  std::vector<std::string> out;
  for (const auto& p : params) out.push_back("param_" + p);
  return out;
}

std::vector<std::string> param_values(const ComparePlan& plan, const CompareInput& in,
                                      const std::vector<std::string>& params) {
  std::vector<std::string> out(params.size());
  for (const auto& [k, v] : plan.config.sets[in.set].variants[in.variant].swept) {
    if (const auto it = std::ranges::find(params, k); it != params.end())
      out[it - params.begin()] = v;
  }
  return out;
}

std::vector<std::string> with(std::vector<std::string> fields, std::size_t at,
                              const std::vector<std::string>& middle) {
  fields.insert(fields.begin() + static_cast<std::ptrdiff_t>(at), middle.begin(), middle.end());
  return fields;
}

}  // namespace gts
