#include "harness/tree/tree_format.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gts {

namespace {

enum class Kind { kInterior, kLeaf, kTable, kCut };

Kind kind_of(const SearchTrace::Node& n) {
  if (n.expansions > 0) return Kind::kInterior;
  if (n.evaluations > 0) return Kind::kLeaf;
  if (n.tt_answers > 0) return Kind::kTable;
  return Kind::kCut;
}

std::string value_text(Value v) {
  if (v >= kInfinity) return "+inf";
  if (v <= -kInfinity) return "-inf";
  return std::to_string(v);
}

std::string depth_text(int depth) { return depth == kDepthMax ? "max" : std::to_string(depth); }

// Visits, passes and OPEN pops: the parts of a node's line after its value.
std::string extras(const SearchTrace& t, const SearchTrace::Node& n) {
  std::string out;
  if (n.visits() > 1) {
    out += " x";
    out += std::to_string(n.visits());
  }
  if (t.passes > 1 && n.searched() && n.first_pass > 0) {
    out += " (pass ";
    out += std::to_string(n.first_pass);
    if (n.last_pass != n.first_pass) {
      out += "-";
      out += std::to_string(n.last_pass);
    }
    out += ")";
  }
  if (!n.pops.empty()) {
    out += " [open";
    for (std::size_t i = 0; i < n.pops.size(); ++i) {
      const SearchTrace::Pop& p = n.pops[i];
      out += i == 0 ? " #" : ", #";
      out += std::to_string(p.order);
      out += p.solved ? " solved " : " live ";
      out += value_text(p.h);
    }
    out += "]";
  }
  return out;
}

// "MIN <= 2", "= 3 [leaf]", "[tt]", "[cut]".
std::string annotation(const SearchTrace::Node& n) {
  switch (kind_of(n)) {
    case Kind::kInterior:
      return std::string(n.max ? "MAX " : "MIN ") + bound_text(n.lo, n.hi);
    case Kind::kLeaf:
      return bound_text(n.lo, n.hi) + " [leaf]";
    case Kind::kTable:
      return "[tt]";
    case Kind::kCut:
      break;
  }
  return "[cut]";
}

std::string header(const SearchTrace& t, const std::string& prefix) {
  const SearchStats& s = t.result.stats;
  std::string out = prefix;
  out += t.game;
  out += " at ";
  out += t.position;
  out += ": ";
  out += t.algorithm;
  out += ", depth ";
  out += depth_text(t.depth);
  out += ", evaluation ";
  out += t.evaluation;
  out += "\n";
  out += prefix;
  out += "value ";
  out += std::to_string(t.result.value);
  out += ", best move ";
  out += t.best_move;
  if (!t.result.complete) out += " (stopped by a budget)";
  out += "; search: ";
  out += std::to_string(s.nodes);
  out += " nodes, ";
  out += std::to_string(s.leaves);
  out += " leaves, ";
  out += std::to_string(s.cutoffs);
  out += " cut-offs; trace: ";
  out += std::to_string(t.total_visits());
  out += " visits, ";
  out += std::to_string(t.total_made());
  out += " positions made";
  if (t.ordering_evals > 0) {
    out += ", ";
    out += std::to_string(t.ordering_evals);
    out += " ordering evaluations";
  }
  if (t.pops > 0) {
    out += ", ";
    out += std::to_string(t.pops);
    out += " states left OPEN";
  }
  out += "\n";
  out += prefix;
  out +=
      "values in MAX's view (MAX: the side to move at the root); [leaf] evaluated, [cut] not "
      "searched, [tt] answered by the table or the game's bounds\n";
  return out;
}

struct TextPrinter {
  const SearchTrace& t;
  std::size_t max_nodes;
  std::size_t printed = 0;
  std::string out;

  bool room() const { return printed < max_nodes; }

  void line(const std::string& prefix, const std::string& branch, const std::string& move,
            const std::string& text) {
    out += prefix;
    out += branch;
    out += move;
    out += "  ";
    out += text;
    out += "\n";
    ++printed;
  }

  void children(std::int32_t id, const std::string& prefix) {
    const auto& kids = t.nodes[static_cast<std::size_t>(id)].children;
    for (std::size_t k = 0; k < kids.size() && room(); ++k) {
      const bool last = k + 1 == kids.size();
      const std::string branch = last ? "\u2514\u2500\u2500 " : "\u251c\u2500\u2500 ";
      const SearchTrace::Child& c = kids[k];
      if (c.node < 0) {
        line(prefix, branch, c.move, "[cut]");
        continue;
      }
      const SearchTrace::Node& n = t.nodes[static_cast<std::size_t>(c.node)];
      line(prefix, branch, c.move, annotation(n) + extras(t, n));
      children(c.node, prefix + (last ? "    " : "\u2502   "));
    }
  }
};

std::string dot_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

struct DotPrinter {
  const SearchTrace& t;
  std::size_t max_nodes;
  std::size_t printed = 0;
  std::string out;

  bool room() const { return printed < max_nodes; }

  void node(std::int32_t id) {
    const SearchTrace::Node& n = t.nodes[static_cast<std::size_t>(id)];
    const Kind kind = kind_of(n);
    std::string label;
    std::string attrs;
    switch (kind) {
      case Kind::kInterior:
        label += std::string(n.max ? "MAX " : "MIN ") + bound_text(n.lo, n.hi);
        attrs = n.max ? "shape=triangle" : "shape=invtriangle";
        break;
      case Kind::kLeaf:
        label += bound_text(n.lo, n.hi);
        attrs = "shape=box";
        break;
      case Kind::kTable:
        label += "tt";
        attrs = "shape=box, style=dotted";
        break;
      case Kind::kCut:
        label += "cut";
        attrs = "shape=box, style=dashed, color=gray60, fontcolor=gray60";
        break;
    }
    label = dot_escape(label);
    if (id == 0) label = "root\\n" + label;
    const std::string more = extras(t, n);
    if (!more.empty()) label += "\\n" + dot_escape(more.substr(1));
    out += "  n" + std::to_string(id) + " [label=\"" + label + "\", " + attrs + "];\n";
    ++printed;
  }

  void children(std::int32_t id) {
    const auto& kids = t.nodes[static_cast<std::size_t>(id)].children;
    for (std::size_t k = 0; k < kids.size() && room(); ++k) {
      const SearchTrace::Child& c = kids[k];
      std::string from = "n";
      from += std::to_string(id);
      std::string edge_label = "label=\"";
      edge_label += dot_escape(c.move);
      edge_label += '"';
      if (c.node < 0) {
        std::string to = "c";
        to += std::to_string(id);
        to += '_';
        to += std::to_string(k);
        out += "  " + to +
               " [label=\"cut\", shape=box, style=dashed, color=gray60, fontcolor=gray60];\n";
        out += "  " + from + " -> " + to + " [" + edge_label +
               ", style=dashed, color=gray60, fontcolor=gray60];\n";
        ++printed;
        continue;
      }
      node(c.node);
      const bool cut = kind_of(t.nodes[static_cast<std::size_t>(c.node)]) == Kind::kCut;
      out += "  " + from + " -> n" + std::to_string(c.node) + " [" + edge_label +
             (cut ? ", style=dashed, color=gray60, fontcolor=gray60" : "") + "];\n";
      children(c.node);
    }
  }
};

std::string left_out(std::size_t total, std::size_t printed, std::size_t max_nodes) {
  std::string out = std::to_string(total - printed);
  out += " more nodes not shown (--max-nodes ";
  out += std::to_string(max_nodes);
  out += ", ";
  out += std::to_string(total);
  out += " in all)";
  return out;
}

}  // namespace

std::string bound_text(Value lo, Value hi) {
  const bool has_lo = lo > -kInfinity;
  const bool has_hi = hi < kInfinity;
  if (has_lo && has_hi) {
    if (lo == hi) return "= " + std::to_string(lo);
    std::string out = "in [";
    out += std::to_string(lo);
    out += ", ";
    out += std::to_string(hi);
    out += "]";
    return out;
  }
  if (has_lo) return ">= " + std::to_string(lo);
  if (has_hi) return "<= " + std::to_string(hi);
  return "?";
}

std::size_t tree_size(const SearchTrace& trace) {
  std::size_t n = trace.nodes.empty() ? 0 : 1;
  for (const SearchTrace::Node& x : trace.nodes) n += x.children.size();
  return n;
}

std::string format_tree_text(const SearchTrace& trace, std::size_t max_nodes) {
  TextPrinter p{trace, max_nodes, 0, {}};
  p.out = header(trace, "");
  if (trace.nodes.empty() || max_nodes == 0) return p.out;
  const SearchTrace::Node& root = trace.nodes[0];
  p.out += "root  ";
  p.out += annotation(root);
  p.out += extras(trace, root);
  p.out += "\n";
  ++p.printed;
  p.children(0, "");
  const std::size_t total = tree_size(trace);
  if (p.printed < total) p.out += "... " + left_out(total, p.printed, max_nodes) + "\n";
  return p.out;
}

std::string format_tree_dot(const SearchTrace& trace, std::size_t max_nodes) {
  DotPrinter p{trace, max_nodes, 0, {}};
  p.out = header(trace, "// ");
  p.out += "digraph search_tree {\n";
  p.out += "  graph [fontname=\"Helvetica\", ordering=out];\n";
  p.out += "  node [fontname=\"Helvetica\", fontsize=11, margin=\"0.05,0.03\"];\n";
  p.out += "  edge [fontname=\"Helvetica\", fontsize=10];\n";
  if (!trace.nodes.empty() && max_nodes > 0) {
    p.node(0);
    p.children(0);
  }
  const std::size_t total = tree_size(trace);
  if (p.printed < total) {
    p.out += "  more [shape=note, label=\"" + left_out(total, p.printed, max_nodes) + "\"];\n";
  }
  p.out += "}\n";
  return p.out;
}

}  // namespace gts
