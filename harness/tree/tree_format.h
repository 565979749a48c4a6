// Prints a SearchTrace: as an indented tree (like tree(1)) or as a Graphviz digraph. Both print
// at most `max_nodes` nodes (a cut-off child is a node too) in depth-first order and say how many
// were left out.
#pragma once

#include <cstddef>
#include <string>

#include "harness/trace/search_trace.h"

namespace gts {

// derive_bounds() must have run.
std::string format_tree_text(const SearchTrace& trace, std::size_t max_nodes);
std::string format_tree_dot(const SearchTrace& trace, std::size_t max_nodes);

// Nodes either format would print with no limit: the root, every traced node, every cut child.
std::size_t tree_size(const SearchTrace& trace);

}  // namespace gts
