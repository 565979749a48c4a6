#include "harness/compare/compare_columns.h"

#include <algorithm>
#include <exception>

#include "harness/search/clocked_search.h"

namespace gts {

TimedSearch timed_search(const GameHandle& game, const AlgorithmSpec& algorithm,
                         const EvalSpec& eval, const std::string& position,
                         const SearchLimits& limits, std::uint64_t seed) {
  TimedSearch t;
  try {
    const std::unique_ptr<Searcher> searcher = game.make_searcher(algorithm, eval);
    game.prepare(limits);
    const Position p = game.position(position);
    ClockedSearch c = clocked_search(*searcher, p, limits, seed);
    t.result = std::move(c.result);
    t.wall_ms = c.wall_ms;
    t.alloc_ms = c.alloc_ms;
    const SearchResult& r = t.result;
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
