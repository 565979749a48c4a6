// One search timed as compare and `harness search` report it: the call's wall and thread CPU time
// without the time spent making table memory ready and giving it back, which is its own figure.
#pragma once

#include <algorithm>
#include <cstdint>

#include "algorithms/search.h"
#include "algorithms/zeroed_array.h"
#include "harness/registry.h"

namespace gts {

struct ClockedSearch {
  // stats.cpu_ms: the call's thread CPU time less alloc_ms (a parallel search's threads' added).
  SearchResult result;
  double wall_ms = 0;   // the call's wall time less alloc_ms
  double alloc_ms = 0;  // detail::table_memory_ms() during the call
};

inline ClockedSearch clocked_search(Searcher& searcher, const Position& root,
                                    const SearchLimits& limits, std::uint64_t seed) {
  ClockedSearch c;
  const double cpu0 = thread_cpu_ms();
  const double wall0 = wall_ms();
  const double alloc0 = detail::table_memory_ms();
  c.result = searcher.search(root, limits, seed);
  c.alloc_ms = detail::table_memory_ms() - alloc0;
  c.wall_ms = std::max(0.0, wall_ms() - wall0 - c.alloc_ms);
  // A parallel search's threads did its work while this thread waited: their CPU counts too.
  SearchResult& r = c.result;
  r.stats.cpu_ms = std::max(0.0, thread_cpu_ms() - cpu0 - c.alloc_ms) +
                   (r.thread_nodes.empty() ? 0.0 : r.stats.cpu_ms);
  return c;
}

}  // namespace gts
