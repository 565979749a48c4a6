#include "harness/tree/tree_format.h"

#include <cstdint>

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

// "= 3", ">= 5", "<= 2", "in [2, 5]", or "?" when nothing bounds the value.
std::string bound_text(Value lo, Value hi) {
  const bool has_lo = lo > -kInfinity;
  const bool has_hi = hi < kInfinity;
  if (has_lo && has_hi) {
    return lo == hi ? "= " + std::to_string(lo)
                    : "in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  }
  if (has_lo) return ">= " + std::to_string(lo);
  if (has_hi) return "<= " + std::to_string(hi);
  return "?";
}

// Visits, passes and OPEN pops: the parts of a node's line after its value.
std::string extras(const SearchTrace& t, const SearchTrace::Node& n) {
  std::string out;
  if (n.visits() > 1) out += " x" + std::to_string(n.visits());
  if (t.passes > 1 && n.searched() && n.first_pass > 0) {
    out += " (pass " + std::to_string(n.first_pass);
    if (n.last_pass != n.first_pass) out += "-" + std::to_string(n.last_pass);
    out += ")";
  }
  for (std::size_t i = 0; i < n.pops.size(); ++i) {
    const SearchTrace::Pop& p = n.pops[i];
    out += (i == 0 ? " [open #" : ", #") + std::to_string(p.order) +
           (p.solved ? " solved " : " live ") + value_text(p.h);
  }
  if (!n.pops.empty()) out += "]";
  return out;
}

// What the node is: "MIN <= 2" (interior), "= 3" (leaf), "tt", "cut"; `tagged`, the text
// tree's "= 3 [leaf]", "[tt]", "[cut]".
std::string what(const SearchTrace::Node& n, bool tagged) {
  const Kind kind = kind_of(n);
  if (kind == Kind::kInterior) return std::string(n.max ? "MAX " : "MIN ") + bound_text(n.lo, n.hi);
  if (kind == Kind::kLeaf) return bound_text(n.lo, n.hi) + (tagged ? " [leaf]" : "");
  const std::string word = kind == Kind::kTable ? "tt" : "cut";
  return tagged ? "[" + word + "]" : word;
}

std::string header(const SearchTrace& t, const std::string& prefix) {
  const SearchStats& s = t.result.stats;
  std::string out = prefix + t.game + " at " + t.position + ": " + t.algorithm + ", depth " +
                    depth_text(t.depth) + ", evaluation " + t.evaluation + "\n" + prefix +
                    "value " + std::to_string(t.result.value) + ", best move " + t.best_move;
  if (!t.result.complete) out += " (stopped by a budget)";
  out += "; search: " + std::to_string(s.nodes) + " nodes, " + std::to_string(s.leaves) +
         " leaves, " + std::to_string(s.cutoffs) +
         " cut-offs; trace: " + std::to_string(t.total_visits()) + " visits, " +
         std::to_string(t.total_made()) + " positions made";
  if (t.ordering_evals > 0) {
    out += ", " + std::to_string(t.ordering_evals) + " ordering evaluations";
  }
  if (t.pops > 0) out += ", " + std::to_string(t.pops) + " states left OPEN";
  return out + "\n" + prefix +
         "values in MAX's view (MAX: the side to move at the root); [leaf] evaluated, [cut] not "
         "searched, [tt] answered by the table or the game's bounds\n";
}

struct Printer {
  const SearchTrace& t;
  std::size_t max_nodes;
  std::size_t printed = 0;
  std::string out;

  bool room() const { return printed < max_nodes; }
  const SearchTrace::Node& at(std::int32_t id) const {
    return t.nodes[static_cast<std::size_t>(id)];
  }
};

struct TextPrinter : Printer {
  void children(std::int32_t id, const std::string& prefix) {
    const auto& kids = at(id).children;
    for (std::size_t k = 0; k < kids.size() && room(); ++k) {
      const bool last = k + 1 == kids.size();
      const SearchTrace::Child& c = kids[k];
      out += prefix + (last ? "\u2514\u2500\u2500 " : "\u251c\u2500\u2500 ") + c.move + "  " +
             (c.node < 0 ? "[cut]" : what(at(c.node), true) + extras(t, at(c.node))) + "\n";
      ++printed;
      if (c.node >= 0) children(c.node, prefix + (last ? "    " : "\u2502   "));
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

constexpr const char* kGray = "style=dashed, color=gray60, fontcolor=gray60";

struct DotPrinter : Printer {
  void node(std::int32_t id) {
    const SearchTrace::Node& n = at(id);
    const Kind kind = kind_of(n);
    std::string label = dot_escape(what(n, false));
    if (id == 0) label = "root\\n" + label;
    const std::string more = extras(t, n);
    if (!more.empty()) label += "\\n" + dot_escape(more.substr(1));
    const std::string attrs = kind == Kind::kInterior
                                  ? (n.max ? "shape=triangle" : "shape=invtriangle")
                              : kind == Kind::kLeaf  ? "shape=box"
                              : kind == Kind::kTable ? "shape=box, style=dotted"
                                                     : std::string("shape=box, ") + kGray;
    out += "  n" + std::to_string(id) + " [label=\"" + label + "\", " + attrs + "];\n";
    ++printed;
  }

  void children(std::int32_t id) {
    const auto& kids = at(id).children;
    for (std::size_t k = 0; k < kids.size() && room(); ++k) {
      const SearchTrace::Child& c = kids[k];
      const std::string edge = " [label=\"" + dot_escape(c.move) + '"';
      const std::string from = "  n" + std::to_string(id) + " -> ";
      if (c.node < 0) {
        const std::string to = std::string("c") + std::to_string(id) + '_' + std::to_string(k);
        out += "  " + to + " [label=\"cut\", shape=box, " + kGray + "];\n" + from + to + edge +
               ", " + kGray + "];\n";
        ++printed;
        continue;
      }
      node(c.node);
      const bool cut = kind_of(at(c.node)) == Kind::kCut;
      out += from + "n" + std::to_string(c.node) + edge + (cut ? std::string(", ") + kGray : "") +
             "];\n";
      children(c.node);
    }
  }
};

std::string left_out(std::size_t total, std::size_t printed, std::size_t max_nodes) {
  return std::to_string(total - printed) + " more nodes not shown (--max-nodes " +
         std::to_string(max_nodes) + ", " + std::to_string(total) + " in all)";
}

}  // namespace

std::size_t tree_size(const SearchTrace& trace) {
  std::size_t n = trace.nodes.empty() ? 0 : 1;
  for (const SearchTrace::Node& x : trace.nodes) n += x.children.size();
  return n;
}

std::string format_tree_text(const SearchTrace& trace, std::size_t max_nodes) {
  TextPrinter p{{trace, max_nodes, 0, header(trace, "")}};
  if (trace.nodes.empty() || max_nodes == 0) return p.out;
  p.out += "root  " + what(trace.nodes[0], true) + extras(trace, trace.nodes[0]) + "\n";
  ++p.printed;
  p.children(0, "");
  const std::size_t total = tree_size(trace);
  if (p.printed < total) p.out += "... " + left_out(total, p.printed, max_nodes) + "\n";
  return p.out;
}

std::string format_tree_dot(const SearchTrace& trace, std::size_t max_nodes) {
  DotPrinter p{{trace, max_nodes, 0, header(trace, "// ")}};
  p.out +=
      "digraph search_tree {\n"
      "  graph [fontname=\"Helvetica\", ordering=out];\n"
      "  node [fontname=\"Helvetica\", fontsize=11, margin=\"0.05,0.03\"];\n"
      "  edge [fontname=\"Helvetica\", fontsize=10];\n";
  if (!trace.nodes.empty() && max_nodes > 0) {
    p.node(0);
    p.children(0);
  }
  const std::size_t total = tree_size(trace);
  if (p.printed < total) {
    p.out += "  more [shape=note, label=\"" + left_out(total, p.printed, max_nodes) + "\"];\n";
  }
  return p.out + "}\n";
}

}  // namespace gts
