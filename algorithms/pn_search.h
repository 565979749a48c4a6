// Proof-number search (Allis, van der Meulen and van den Herik 1994) and pn+.
//
// Best-first over an explicit AND/OR tree: from the root, descend to the most-proving node (at OR
// nodes the child of smallest proof number, at AND nodes the child of smallest disproof number,
// the first one on ties), expand it, evaluate its children at once (a terminal child is proved or
// disproved, any other starts at (1, 1), or for pn+ at the heuristic's numbers), and back the
// numbers up to the root: OR nodes pn = min, dn = sum; AND nodes pn = sum, dn = min.
//
// Lazy expansion, where the game names its focus moves (HasFocusMoves, go-capture), as in df-pn: an
// expanded node adds only those children, and one node more that stands for all its other moves
// at one estimate each (the heuristic's numbers of the null child, the position a move far from
// the fight leaves, else (1, 1)): at an OR node pn = the estimate's and dn = the sum of theirs,
// at an AND node the other way round. When the search selects it, that node adds the waiting moves
// as its children: it is the same position as its parent, with the same mover, so the numbers
// backed up through it are those of a parent with every child its own. A node is solved only with
// every child it claims searched. pn+'s `focus_cost` (as df-pn+'s) is added to the numbers of
// that node where its parent takes the minimum, unless it is solved: an edge cost on every move
// the game does not name as a focus move, so the search works on those first.
//
// The tree lives in one vector of 24-byte nodes (children contiguous, no allocation per node) and
// stores no positions: a descent replays its moves from the root. It is a tree: transpositions
// are searched again. Every node added to the tree counts as a visited node (and as a leaf: it was
// evaluated); expanded nodes are interior; the nodes that stand for waiting moves are not
// positions and count as neither. peak_bytes is the tree's memory.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "algorithms/proof_number.h"
#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/solver_goal.h"
#include "games/game.h"

namespace gts {

struct PnOptions {
  // pn+: unsolved leaves start at the heuristic's numbers instead of (1, 1).
  bool heuristic = false;
  // The tree may hold at most this much memory; a search that needs more ends unknown.
  std::size_t max_mb = 2048;
  // Lazy expansion where the game names its focus moves (HasFocusMoves; with the heuristic, a
  // game with a null child, HasRelevanceZones): the other moves are added only when selected.
  bool lazy = true;
  // pn+ with lazy expansion: added to the node standing for the waiting moves where its parent
  // takes the minimum (pn at OR nodes, dn at AND nodes), unless it is solved.
  ProofNumber focus_cost = 0;
};

namespace detail {

struct PnNode {
  ProofNumber pn = 1;
  ProofNumber dn = 1;
  std::uint32_t parent = 0;
  std::uint32_t first_child = 0;
  Move move = kNoMove;  // kNoMove: the root, or a node standing for its parent's waiting moves
  std::uint16_t num_children = 0;
  std::uint8_t expanded = 0;
  std::uint8_t or_node = 0;
};
static_assert(sizeof(PnNode) == 24);

template <Game G, class H>
class PnSearcher {
 public:
  using State = typename G::State;

  PnSearcher(const G& game, const SolverGoal& goal, const SearchLimits& limits, const H& heuristic,
             const PnOptions& options)
      : game_(game), goal_(goal), heuristic_(heuristic), options_(options), budget_(limits) {
    max_nodes_in_tree_ = options.max_mb * (std::size_t{1} << 20) / sizeof(PnNode);
    lazy_ = options.lazy && HasFocusMoves<G> && (HasRelevanceZones<G> || !options.heuristic);
    if (lazy_ && options.heuristic) focus_cost_ = options.focus_cost;
  }

  SolveResult run(const State& root) {
    const double wall0 = wall_ms();
    const double cpu0 = thread_cpu_ms();
    SolveResult result;
    tree_.reserve(std::min<std::size_t>(max_nodes_in_tree_, 1 << 14));
    tree_.push_back(make_node(root, 0, kNoMove));
    ++stats_.nodes;
    while (tree_[0].pn != 0 && tree_[0].dn != 0) {
      // Select: descend to the most-proving node, replaying the moves.
      std::uint32_t idx = 0;
      State s = root;
      while (tree_[idx].expanded != 0) {
        idx = most_proving_child(idx);
        if (tree_[idx].move != kNoMove) game_.play(s, tree_[idx].move);
      }
      if (!(idx != 0 && tree_[idx].move == kNoMove ? expand_waiting(idx, s) : expand(idx, s))) {
        break;
      }
      update_ancestors(idx);
    }
    result.status = status_of(tree_[0].pn, tree_[0].dn);
    stats_.peak_open = tree_.size();
    stats_.peak_bytes = tree_.capacity() * sizeof(PnNode);
    if (result.status != ProofStatus::kUnknown) extract_main_line(result);
    result.stats = stats_;
    result.stats.cpu_ms = thread_cpu_ms() - cpu0;
    result.wall_ms = wall_ms() - wall0;
    return result;
  }

 private:
  PnNode make_node(const State& s, std::uint32_t parent, Move move) {
    PnNode n;
    n.parent = parent;
    n.move = move;
    n.or_node = game_.to_move(s) == goal_.prover ? 1 : 0;
    ++stats_.leaves;
    if (game_.is_terminal(s)) {
      const bool reached = goal_reached(game_, goal_, s);
      n.pn = reached ? 0 : kPnInfinity;
      n.dn = reached ? kPnInfinity : 0;
    } else if (options_.heuristic) {
      const ProofEstimate e = heuristic_(s);
      n.pn = std::max<ProofNumber>(1, e.pn);
      n.dn = std::max<ProofNumber>(1, e.dn);
    }
    return n;
  }

  [[nodiscard]] std::uint32_t most_proving_child(std::uint32_t idx) const {
    const PnNode& n = tree_[idx];
    std::uint32_t best = n.first_child;
    for (std::uint32_t c = n.first_child + 1; c < n.first_child + n.num_children; ++c) {
      if (chosen_by(n, tree_[c]) < chosen_by(n, tree_[best])) best = c;
    }
    return best;
  }

  // The number by which `n` chooses its child `ch` (OR: pn, AND: dn), with the focus cost on the
  // node standing for the waiting moves.
  [[nodiscard]] ProofNumber chosen_by(const PnNode& n, const PnNode& ch) const {
    const ProofNumber x = n.or_node != 0 ? ch.pn : ch.dn;
    return ch.move == kNoMove && x != 0 ? pn_add(x, focus_cost_) : x;
  }

  // The moves of `s` into `moves`; returns how many of them a lazy expansion adds at once.
  std::size_t moves_of(const State& s, MovesOf<G>& moves) const {
    if constexpr (HasFocusMoves<G>) {
      if (lazy_) return game_.focus_moves(s, moves);
    }
    game_.legal_moves(s, moves);
    return moves.size();
  }

  // Adds the children of `idx` (position `s`): the focus moves, and a node standing for the
  // others; false when a budget ran out.
  bool expand(std::uint32_t idx, const State& s) {
    MovesOf<G> moves;
    std::size_t focus = moves_of(s, moves);
    ProofEstimate waiting;
    if constexpr (HasRelevanceZones<G>) {
      if (focus < moves.size() && options_.heuristic) {
        const State v = game_.null_child(s);
        if (game_.is_terminal(v)) {
          focus = moves.size();  // a far move ends the game: no estimate stands for them
        } else {
          const ProofEstimate e = heuristic_(v);
          waiting = {std::max<ProofNumber>(1, e.pn), std::max<ProofNumber>(1, e.dn)};
        }
      }
    }
    const std::size_t rest = moves.size() - focus;
    if (tree_.size() + focus + (rest > 0 ? 1 : 0) > max_nodes_in_tree_) return false;
    const auto first = static_cast<std::uint32_t>(tree_.size());
    if (!add_children(idx, s, moves, 0, focus)) return false;
    if (rest > 0) {
      PnNode w;
      w.parent = idx;
      w.or_node = tree_[idx].or_node;
      w.pn = w.or_node != 0 ? waiting.pn : pn_times(waiting.pn, rest);
      w.dn = w.or_node != 0 ? pn_times(waiting.dn, rest) : waiting.dn;
      tree_.push_back(w);
    }
    ++stats_.interior;
    attach(idx, first);
    return true;
  }

  // The node `idx` standing for its parent's waiting moves (parent position `s`) adds them.
  bool expand_waiting(std::uint32_t idx, const State& s) {
    MovesOf<G> moves;
    const std::size_t focus = moves_of(s, moves);
    if (tree_.size() + (moves.size() - focus) > max_nodes_in_tree_) return false;
    const auto first = static_cast<std::uint32_t>(tree_.size());
    if (!add_children(idx, s, moves, focus, moves.size())) return false;
    attach(idx, first);
    return true;
  }

  // Marks `idx` expanded, its children the nodes from `first` to the end of the tree.
  void attach(std::uint32_t idx, std::uint32_t first) {
    PnNode& n = tree_[idx];
    n.expanded = 1;
    n.first_child = first;
    n.num_children = static_cast<std::uint16_t>(tree_.size() - first);
  }

  // Appends the children of `parent` (position `s`) for moves[from, to); false (and none added)
  // when the budget ran out.
  bool add_children(std::uint32_t parent, const State& s, const MovesOf<G>& moves, std::size_t from,
                    std::size_t to) {
    const std::size_t first = tree_.size();
    for (std::size_t i = from; i < to; ++i) {
      if (budget_.exhausted(stats_.nodes)) {
        tree_.resize(first);
        return false;
      }
      State child = s;
      game_.play(child, moves[i]);
      tree_.push_back(make_node(child, parent, moves[i]));
      ++stats_.nodes;
    }
    return true;
  }

  void recompute(PnNode& n) const {
    ProofNumber mins = kPnInfinity;
    ProofNumber sum = 0;
    for (std::uint32_t c = n.first_child; c < n.first_child + n.num_children; ++c) {
      const PnNode& ch = tree_[c];
      mins = std::min(mins, chosen_by(n, ch));
      sum = pn_add(sum, n.or_node != 0 ? ch.dn : ch.pn);
    }
    if (n.or_node != 0) {
      n.pn = mins;
      n.dn = sum;
    } else {
      n.pn = sum;
      n.dn = mins;
    }
  }

  // Backs the numbers up; stops where they no longer change (the rest of the path keeps its own).
  void update_ancestors(std::uint32_t idx) {
    for (;;) {
      PnNode& n = tree_[idx];
      const ProofNumber pn0 = n.pn;
      const ProofNumber dn0 = n.dn;
      recompute(n);
      if (idx == 0 || (n.pn == pn0 && n.dn == dn0)) break;
      idx = n.parent;
    }
  }

  // Solved depth of every solved node, children before parents (children have larger indices):
  // where the mover wins, one more than its shortest winning child; where it loses, one more than
  // its deepest child (a node standing for waiting moves adds no ply). Then the main line follows
  // those choices from the root.
  void extract_main_line(SolveResult& result) const {
    std::vector<std::uint16_t> depth(tree_.size(), 0);
    auto mover_wins_child = [](const PnNode& parent, const PnNode& c) {
      return parent.or_node != 0 ? c.pn == 0 : c.dn == 0;
    };
    auto choose = [&](std::uint32_t idx) -> std::uint32_t {
      const PnNode& n = tree_[idx];
      const bool mover_wins = n.or_node != 0 ? n.pn == 0 : n.dn == 0;
      std::uint32_t best = n.first_child;
      bool have = false;
      for (std::uint32_t c = n.first_child; c < n.first_child + n.num_children; ++c) {
        if (mover_wins) {
          if (!mover_wins_child(n, tree_[c])) continue;
          if (!have || depth[c] < depth[best]) best = c;
        } else if (!have || depth[c] > depth[best]) {
          best = c;
        }
        have = true;
      }
      return best;
    };
    for (std::size_t i = tree_.size(); i-- > 0;) {
      const PnNode& n = tree_[i];
      if ((n.pn != 0 && n.dn != 0) || n.expanded == 0 || n.num_children == 0) continue;
      const std::uint32_t c = choose(static_cast<std::uint32_t>(i));
      const int ply = i != 0 && n.move == kNoMove ? 0 : 1;
      depth[i] = static_cast<std::uint16_t>(std::min<int>(depth[c] + ply, 65535));
    }
    result.depth = depth[0];
    std::uint32_t idx = 0;
    while (tree_[idx].expanded != 0 && tree_[idx].num_children != 0 &&
           static_cast<int>(result.main_line.size()) < kMaxMainLine) {
      idx = choose(idx);
      if (tree_[idx].move != kNoMove) result.main_line.push_back(tree_[idx].move);
    }
    if (!result.main_line.empty()) result.best_move = result.main_line.front();
  }

  const G& game_;
  SolverGoal goal_;
  const H& heuristic_;
  PnOptions options_;
  SearchBudget budget_;
  SearchStats stats_;
  std::size_t max_nodes_in_tree_ = 0;
  bool lazy_ = false;
  ProofNumber focus_cost_ = 0;
  std::vector<PnNode> tree_;
};

}  // namespace detail

// Solves `goal` from `root` with pn (options.heuristic off) or pn+ (on). limits.depth is ignored;
// max_nodes and max_ms bound the search, which then ends unknown.
template <Game G, class H>
requires ProofHeuristic<H, G> SolveResult pn_search(const G& game, const SolverGoal& goal,
                                                    const typename G::State& root,
                                                    const SearchLimits& limits, const H& heuristic,
                                                    const PnOptions& options = {}) {
  if (!(limits.max_ms >= 0.0)) throw ParamError("search time budget must be at least 0 ms");
  if (options.max_mb < 1) throw ParamError("pn: max_mb must be at least 1");
  const double wall0 = wall_ms();
  detail::PnSearcher<G, H> searcher(game, goal, limits, heuristic, options);
  SolveResult r = searcher.run(root);
  r.wall_ms = wall_ms() - wall0;
  return r;
}

}  // namespace gts
