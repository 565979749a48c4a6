#include "harness/trace/search_trace.h"

#include <algorithm>

namespace gts {

std::uint64_t SearchTrace::total_visits() const {
  std::uint64_t n = 0;
  for (const Node& x : nodes) n += x.visits();
  return n;
}

std::uint64_t SearchTrace::total_made() const {
  std::uint64_t n = nodes.empty() ? 0 : 1;
  for (const Node& x : nodes) n += x.made;
  return n;
}

void derive_bounds(SearchTrace& trace) {
  // Children have higher indices than their parents, so one backward sweep is bottom-up.
  for (std::size_t i = trace.nodes.size(); i-- > 0;) {
    SearchTrace::Node& n = trace.nodes[i];
    if (n.expansions > 0 && !n.children.empty()) {
      Value lo = n.max ? -kInfinity : kInfinity;
      Value hi = lo;
      for (const SearchTrace::Child& c : n.children) {
        const Value clo =
            c.node < 0 ? -kInfinity : trace.nodes[static_cast<std::size_t>(c.node)].lo;
        const Value chi = c.node < 0 ? kInfinity : trace.nodes[static_cast<std::size_t>(c.node)].hi;
        lo = n.max ? std::max(lo, clo) : std::min(lo, clo);
        hi = n.max ? std::max(hi, chi) : std::min(hi, chi);
      }
      n.lo = lo;
      n.hi = hi;
    } else if (n.has_static) {
      n.lo = n.static_value;
      n.hi = n.static_value;
    } else {
      n.lo = -kInfinity;
      n.hi = kInfinity;
    }
  }
}

}  // namespace gts
