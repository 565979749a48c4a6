#include "games/tree/explicit_tree.h"

#include <charconv>
#include <cstdio>

#include "games/text.h"

namespace gts {

namespace {

std::uint64_t mix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Preorder form produced by the parser; converted to the breadth-first layout afterwards.
struct PreNode {
  std::int32_t value = 0;
  std::int32_t num_children = 0;
  std::int32_t subtree_size = 1;
};

class TreeParser {
 public:
  explicit TreeParser(std::string_view text) : text_(text) {}

  std::vector<PreNode> parse() {
    parse_node(0);
    skip_space();
    if (pos_ < text_.size()) fail("expected end of text", pos_);
    return std::move(nodes_);
  }

 private:
  [[noreturn]] void fail(const std::string& what, std::size_t pos) const {
    std::string found;
    if (pos >= text_.size()) {
      found = "end of text";
    } else {
      auto c = static_cast<unsigned char>(text_[pos]);
      if (c >= 0x20 && c < 0x7f) {
        found = std::string("'") + static_cast<char>(c) + "'";
      } else {
        char buf[16];
        std::snprintf(buf, sizeof buf, "byte 0x%02x", c);
        found = buf;
      }
    }
    throw ParamError("tree: " + what + " at column " + std::to_string(pos + 1) + ", found " +
                     found);
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  [[nodiscard]] bool at(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
  [[nodiscard]] bool at_digit() const {
    return pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9';
  }

  // Recursion is bounded by kMaxDepth, checked before descending.
  void parse_node(int depth) {
    skip_space();
    if (!at('[') && !at('-') && !at_digit()) fail("expected '[' or an integer", pos_);
    if (nodes_.size() >= ExplicitTree::kMaxNodes) {
      fail("more than " + std::to_string(ExplicitTree::kMaxNodes) + " nodes", pos_);
    }
    std::size_t index = nodes_.size();
    nodes_.emplace_back();
    if (at('[')) {
      if (depth >= ExplicitTree::kMaxDepth) {
        fail("nesting deeper than " + std::to_string(ExplicitTree::kMaxDepth) + " levels", pos_);
      }
      ++pos_;
      skip_space();
      if (at(']')) fail("expected '[' or an integer (a list may not be empty)", pos_);
      std::int32_t n = 0;
      for (;;) {
        skip_space();
        if (n == static_cast<std::int32_t>(ExplicitTree::kMaxMoves)) {
          fail("more than " + std::to_string(ExplicitTree::kMaxMoves) + " children in one list",
               pos_);
        }
        parse_node(depth + 1);
        ++n;
        skip_space();
        if (at(',')) {
          ++pos_;
        } else if (at(']')) {
          ++pos_;
          break;
        } else {
          fail("expected ',' or ']'", pos_);
        }
      }
      nodes_[index].num_children = n;
      nodes_[index].subtree_size = static_cast<std::int32_t>(nodes_.size() - index);
    } else {
      nodes_[index].value = parse_integer();
    }
  }

  std::int32_t parse_integer() {
    std::size_t start = pos_;
    bool negative = at('-');
    if (negative) ++pos_;
    if (!at_digit()) fail("expected a digit", pos_);
    std::int64_t v = 0;
    while (at_digit()) {
      v = v * 10 + (text_[pos_] - '0');
      if (v > ExplicitTree::kMaxLeafMagnitude) {
        fail("integer out of range -" + std::to_string(ExplicitTree::kMaxLeafMagnitude) + ".." +
                 std::to_string(ExplicitTree::kMaxLeafMagnitude),
             start);
      }
      ++pos_;
    }
    return static_cast<std::int32_t>(negative ? -v : v);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<PreNode> nodes_;
};

// A 1-based child number "1".."n" as a 0-based index, or -1 if the text is anything else.
int parse_child_number(std::string_view text, int n) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || text[0] == '+' || ec != std::errc() || ptr != text.data() + text.size() ||
      v < 1 || v > n) {
    return -1;
  }
  return v - 1;
}

}  // namespace

TreeEval::TreeEval(const ExplicitTree& /*game*/, const EvalSpec& spec) {
  if (spec.kind != "leaf") {
    throw ParamError("evaluation '" + spec.kind + "' is not known for game tree (known: leaf)");
  }
  if (!spec.weights.empty()) throw ParamError("evaluation 'leaf' for tree takes no weights");
}

std::vector<ParamSpec> ExplicitTree::param_specs() {
  return {ParamSpec::text("tree", std::string(kDefaultTree),
                          "nested lists of integer leaf values from MAX's point of view; at most " +
                              std::to_string(kMaxMoves) + " children, depth " +
                              std::to_string(kMaxDepth) + ", " + std::to_string(kMaxNodes) +
                              " nodes, |value| <= " + std::to_string(kMaxLeafMagnitude))};
}

std::vector<EvalInfo> ExplicitTree::evaluation_kinds() {
  return {{"leaf", "0 at interior nodes cut off by the depth limit (leaves are exact)", false}};
}

ExplicitTree::ExplicitTree(const Params& params) : ExplicitTree(params.get("tree")) {}

ExplicitTree::ExplicitTree(std::string_view tree_text) {
  std::vector<PreNode> pre = TreeParser(tree_text).parse();
  auto nodes = std::make_shared<std::vector<Node>>(pre.size());
  // order[q] is the preorder index of the node placed at q; the queue is the layout itself.
  std::vector<std::int32_t> order(pre.size());
  std::size_t next = 1;
  for (std::size_t q = 0; q < pre.size(); ++q) {
    const PreNode& p = pre[static_cast<std::size_t>(order[q])];
    Node& out = (*nodes)[q];
    out.value = p.num_children == 0 ? p.value : 0;
    out.num_children = static_cast<std::uint8_t>(p.num_children);
    out.first_child = static_cast<std::int32_t>(next);
    std::int32_t child = order[q] + 1;
    for (std::int32_t k = 0; k < p.num_children; ++k) {
      order[next] = child;
      (*nodes)[next].parent = static_cast<std::int32_t>(q);
      (*nodes)[next].rank = static_cast<std::uint8_t>(k);
      ++next;
      child += pre[static_cast<std::size_t>(child)].subtree_size;
    }
  }
  nodes_ = std::move(nodes);
}

std::uint64_t ExplicitTree::hash(const State& s) const {
  return mix64(static_cast<std::uint64_t>(s.node));
}

std::string ExplicitTree::to_string(const State& s) const {
  if (s.node == 0) return "root";
  std::vector<int> path;
  for (std::int32_t i = s.node; i != 0; i = (*nodes_)[static_cast<std::size_t>(i)].parent) {
    path.push_back((*nodes_)[static_cast<std::size_t>(i)].rank + 1);
  }
  std::string out;
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    if (!out.empty()) out += '.';
    out += std::to_string(*it);
  }
  return out;
}

ExplicitTree::State ExplicitTree::parse(std::string_view text) const {
  std::string_view t = trim(text);
  State s = initial_state();
  if (t == "root") return s;
  if (t.empty()) throw ParseError("tree position: empty text (expected 'root' or a path like 2.1)");
  std::size_t start = 0;
  for (;;) {
    std::size_t dot = t.find('.', start);
    std::string_view part = t.substr(start, dot == std::string_view::npos ? t.npos : dot - start);
    int n = node(s).num_children;
    if (n == 0) {
      throw ParseError("tree position '" + std::string(t) + "': " + to_string(s) +
                       " is a leaf, the path cannot go deeper");
    }
    int child = parse_child_number(part, n);
    if (child < 0) {
      throw ParseError("tree position '" + std::string(t) + "': expected a child number 1.." +
                       std::to_string(n) + ", got '" + std::string(part) + "'");
    }
    play(s, child);
    if (dot == std::string_view::npos) return s;
    start = dot + 1;
  }
}

std::string ExplicitTree::move_to_string(const State& /*s*/, Move m) const {
  return std::to_string(m + 1);
}

Move ExplicitTree::parse_move(const State& s, std::string_view text) const {
  std::string_view t = trim(text);
  int n = node(s).num_children;
  if (n == 0)
    throw ParseError("tree move '" + std::string(t) + "': " + to_string(s) + " is a leaf");
  int child = parse_child_number(t, n);
  if (child < 0) {
    throw ParseError("tree move '" + std::string(t) + "': expected a child number 1.." +
                     std::to_string(n));
  }
  return child;
}

std::string ExplicitTree::draw(const State& s) const {
  return to_string(s) + (to_move(s) == 0 ? " (MAX to move): " : " (MIN to move): ") +
         subtree_text(s.node);
}

std::string ExplicitTree::subtree_text(std::int32_t index) const {
  std::string out;
  append_subtree(index, out);
  return out;
}

// Recursion depth is bounded by kMaxDepth.
void ExplicitTree::append_subtree(std::int32_t index, std::string& out) const {
  const Node& n = (*nodes_)[static_cast<std::size_t>(index)];
  if (n.num_children == 0) {
    out += std::to_string(n.value);
    return;
  }
  out += '[';
  for (int k = 0; k < n.num_children; ++k) {
    if (k > 0) out += ',';
    append_subtree(n.first_child + k, out);
  }
  out += ']';
}

}  // namespace gts
