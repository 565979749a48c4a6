// Explicit game trees written as nested lists, for textbook examples: "[[3,12,8],[2,4,6],[14,5,2]]"
// is the classic three-by-three tree whose minimax value is 3.
//
// The root is MAX (player 0) and the players alternate by depth. Leaf values are written from MAX's
// point of view, as textbooks do; terminal_value converts them to the side to move's view.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/evaluation.h"
#include "games/game.h"
#include "games/params.h"

namespace gts {

class ExplicitTree;

// The only evaluation: a depth horizon inside an explicit tree has no information, so 0.
class TreeEval {
 public:
  TreeEval(const ExplicitTree& game, const EvalSpec& spec);
  template <class State>
  Value operator()(const State& /*s*/) const {
    return 0;
  }
};

class ExplicitTree {
 public:
  static constexpr std::string_view kName = "tree";
  static constexpr std::string_view kDescription =
      "explicit game tree given as nested lists of integer leaf values (MAX's view), e.g. "
      "[[3,12,8],[2,4,6],[14,5,2]]";
  static constexpr std::size_t kMaxMoves = 64;
  // A finished line ends in a leaf value (a score), not in a win or a loss.
  static constexpr bool kOutcomeIsLeafValue = true;
  static constexpr int kMaxDepth = 64;
  static constexpr std::size_t kMaxNodes = 10'000'000;
  static constexpr Value kMaxLeafMagnitude = 100'000'000;
  static constexpr std::string_view kDefaultTree = "[[3,12,8],[2,4,6],[14,5,2]]";

  using Eval = TreeEval;

  struct State {
    std::int32_t node = 0;   // index into the flattened tree
    std::int32_t depth = 0;  // kept here so that to_move needs no memory access
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> param_specs();
  static std::vector<EvalInfo> evaluation_kinds();
  static std::string default_evaluation() { return "leaf"; }

  explicit ExplicitTree(const Params& params);
  // Parses a tree literal; throws ParamError naming the column of the first problem.
  explicit ExplicitTree(std::string_view tree_text = kDefaultTree);

  [[nodiscard]] State initial_state() const { return State{}; }
  [[nodiscard]] int to_move(const State& s) const { return s.depth & 1; }
  [[nodiscard]] bool is_terminal(const State& s) const { return node(s).num_children == 0; }
  [[nodiscard]] Value terminal_value(const State& s) const {
    Value v = node(s).value;
    return (s.depth & 1) != 0 ? -v : v;
  }
  void legal_moves(const State& s, MoveList<kMaxMoves>& moves) const {
    int n = node(s).num_children;
    for (int i = 0; i < n; ++i) moves.push_back(i);
  }
  void play(State& s, Move m) const {
    s.node = node(s).first_child + m;
    ++s.depth;
  }
  [[nodiscard]] std::uint64_t hash(const State& s) const;

  // Dewey notation: "root", or the dot-separated 1-based child numbers from the root ("2.1").
  [[nodiscard]] std::string to_string(const State& s) const;
  [[nodiscard]] State parse(std::string_view text) const;
  [[nodiscard]] std::string move_to_string(const State& s, Move m) const;
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const;

  // "2.1 (MIN to move): [3,[1,2]]": the position and the subtree below it.
  [[nodiscard]] std::string draw(const State& s) const;

  // The whole tree in canonical form (no spaces); parsing it gives the same tree.
  [[nodiscard]] std::string to_text() const { return subtree_text(0); }
  [[nodiscard]] std::size_t num_nodes() const { return nodes_->size(); }
  // Leaf value from MAX's point of view (the number written in the tree); 0 at interior nodes.
  [[nodiscard]] Value written_value(const State& s) const { return node(s).value; }

 private:
  // Children of a node are stored contiguously (breadth-first layout), so a move is an offset.
  struct Node {
    std::int32_t first_child = 0;
    std::int32_t value = 0;
    std::int32_t parent = -1;
    std::uint8_t num_children = 0;
    std::uint8_t rank = 0;  // 0-based position among the parent's children
  };

  [[nodiscard]] const Node& node(const State& s) const {
    return (*nodes_)[static_cast<std::size_t>(s.node)];
  }
  [[nodiscard]] std::string subtree_text(std::int32_t index) const;
  void append_subtree(std::int32_t index, std::string& out) const;

  std::shared_ptr<const std::vector<Node>> nodes_;
};

}  // namespace gts
