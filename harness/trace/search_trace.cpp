#include "harness/trace/search_trace.h"

#include <algorithm>
#include <numeric>

namespace gts {

std::uint64_t SearchTrace::total_visits() const {
  return std::accumulate(nodes.begin(), nodes.end(), std::uint64_t{0},
                         [](std::uint64_t n, const Node& x) { return n + x.visits(); });
}

std::uint64_t SearchTrace::total_made() const {
  return std::accumulate(nodes.begin(), nodes.end(), std::uint64_t{nodes.empty() ? 0u : 1u},
                         [](std::uint64_t n, const Node& x) { return n + x.made; });
}

void derive_bounds(SearchTrace& trace) {
  // Children have higher indices than their parents, so one backward sweep is bottom-up.
  for (std::size_t i = trace.nodes.size(); i-- > 0;) {
    SearchTrace::Node& n = trace.nodes[i];
    n.lo = -kInfinity;
    n.hi = kInfinity;
    if (n.expansions > 0 && !n.children.empty()) {
      n.lo = n.hi = n.max ? -kInfinity : kInfinity;
      for (const SearchTrace::Child& c : n.children) {
        const Value clo =
            c.node < 0 ? -kInfinity : trace.nodes[static_cast<std::size_t>(c.node)].lo;
        const Value chi = c.node < 0 ? kInfinity : trace.nodes[static_cast<std::size_t>(c.node)].hi;
        n.lo = n.max ? std::max(n.lo, clo) : std::min(n.lo, clo);
        n.hi = n.max ? std::max(n.hi, chi) : std::min(n.hi, chi);
      }
    } else if (n.has_static) {
      n.lo = n.hi = n.static_value;
    }
  }
}

}  // namespace gts
