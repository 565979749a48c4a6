// What every algorithm entry of the registry is made of. An entry is a class with
//
//   static AlgorithmInfo info();                       // name, aliases, options, facts
//   template <Game G, class E>
//   static SearchFunction<G, E> make(const AlgorithmSpec&);   // options -> the algorithm's struct
//
// (goal solvers, for `harness solve`, have `solve` in place of `make`; see goal_solvers.h). The
// lists in algorithm_list.h name every entry once; nothing else in the harness names an algorithm.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "algorithms/alphabeta.h"
#include "algorithms/search.h"
#include "games/game.h"
#include "games/params.h"
#include "harness/registry.h"

namespace gts {

// One whole search: game, evaluation, root, limits, seed (for random tie-breaking).
template <Game G, class E>
using SearchFunction = std::function<SearchResult(const G&, const E&, const typename G::State&,
                                                  const SearchLimits&, std::uint64_t)>;

// The `hints` option (auto, on, off) as the algorithms' enum.
inline AlphaBetaOptions::Hints hints_option(const Params& p) {
  const std::string& hints = p.get("hints");
  return hints == "on"    ? AlphaBetaOptions::Hints::kOn
         : hints == "off" ? AlphaBetaOptions::Hints::kOff
                          : AlphaBetaOptions::Hints::kAuto;
}

inline std::size_t table_mib(const Params& p, const char* name = "tt_mb") {
  return static_cast<std::size_t>(p.get_int(name));
}

// `tt_max_mb` of the searches with a table: a search to the end is an exact solve, whose table
// needs grow with the position (Kalah(6,4) fills 2 GiB, a 20-seed ending a few MiB), so there the
// table starts at tt_mb and doubles as it fills (TranspositionTable); a fixed-depth search keeps
// tt_mb, so its node counts do not depend on growth.
inline ParamSpec table_growth_spec() {
  return ParamSpec::integer("tt_max_mb",
                            static_cast<std::int64_t>(TranspositionTable::kDefaultGrowthMib), 1,
                            static_cast<std::int64_t>(TranspositionTable::kMaxMib),
                            "in searches to the end (depth max) the table doubles, keeping its "
                            "entries, as it fills, up to this size in MiB (at or below tt_mb: "
                            "never grows); fixed-depth searches keep tt_mb");
}

// `tt_mb` and `tt_max_mb`, read once when the search function is made.
struct TableSizes {
  std::size_t mib = 0;
  std::size_t max_mib = 0;
  explicit TableSizes(const Params& p) : mib(table_mib(p)), max_mib(table_mib(p, "tt_max_mb")) {}
  // The calling thread's table for a search to `limits`: tt_mb, growing up to tt_max_mb in a
  // search to the end.
  [[nodiscard]] TranspositionTable& for_search(const SearchLimits& limits) const {
    return thread_table(mib, limits.depth == kDepthMax ? max_mib : mib);
  }
};

}  // namespace gts
