// Stockman's SSS* (1979), as the encyclopedia article states it: a best-first search over states
// (node, LIVE|SOLVED, h) kept in OPEN, ordered by h, highest first, ties to the leftmost node.
//
//   pop the head (J, status, h); if it is (root, SOLVED, h), h is the minimax value. Otherwise:
//   LIVE, J terminal or at the horizon  push (J, SOLVED, min(h, value(J)))
//   LIVE, J a MAX node                  push (child, LIVE, h) for every child
//   LIVE, J a MIN node                  push (first child, LIVE, h)
//   SOLVED, J's parent a MAX node       push (parent, SOLVED, h); purge every state below parent
//   SOLVED, J's parent a MIN node       push (next sibling, LIVE, h), or (parent, SOLVED, h) when
//                                       J is the last child
// MAX and MIN come from the mover relative to the root's mover, so a MAX node may have a MAX child
// (an extra turn); the purge rule keys on the parent's type for that reason.
//
// Engineering, none of which changes which states are examined or how they are counted:
//  * OPEN is split in two. h never rises, and every state pushed with the head's h is leftmost
//    among the states of that h (it lies in or next to the subtree of the state just popped, and
//    everything left of that had a lower h). So the states at the highest h form a stack, leftmost
//    on top, and only states whose h fell below it (a leaf's min(h, value)) go to a binary heap.
//    When the stack runs out, the heap's next h level moves onto it. Most steps are O(1).
//  * The heap's leftmost tie-break compares a precomputed Dewey key (child numbers packed into 128
//    bits, ancestors before descendants), falling back to an exact walk up the tree only for nodes
//    deeper than the key holds.
//  * Nodes live in an arena of fixed records (position, parent, children as a sibling list, a MIN
//    node's move list in a pooled block so that its next sibling costs one move) and are recycled:
//    a node is freed when it is purged or when its SOLVED state has been used, unless it lies on
//    the principal variation of a live node. Memory follows the live tree, not the nodes visited,
//    so it stays in cache however large the search. (Past the key's depth, where the tie-break
//    may walk up from a purged state, records are no longer reused, so such walks stay valid.)
//  * The purge never scans OPEN: it walks the live part of the purged subtree (each node is walked
//    once, as it dies) and frees it; the purged states are skipped when they surface (each state
//    carries its node's generation, which freeing bumps).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "games/game.h"

namespace gts {

// No options yet; taken so that callers need not change when some arrive.
struct SssOptions {};

namespace detail {

template <Game G, class E>
class SssSearcher {
 public:
  using State = typename G::State;

  SssSearcher(const G& game, const E& eval, const SearchLimits& limits)
      : game_(game), eval_(eval), limits_(limits), budget_(limits) {
    top_.reserve(256);
    heap_.reserve(256);
  }

  SearchResult run(const State& root) {
    const double cpu0 = thread_cpu_ms();
    SearchResult result;
    root_mover_ = game_.to_move(root);
    bool solved = false;
    Value last_h = kInfinity;
    Move last_root_move = kNoMove;
    if (new_node(kNil, root, kNoMove, 0) != kNil) {
      push(kRoot, false, kInfinity, Key{});
      Entry e{};
      while (pop(e)) {
        const std::uint32_t j = e.node & kNodeMask;
        Node& nj = nodes_[j];
        nj.flags = static_cast<std::uint8_t>(nj.flags & ~kHasEntry);
        --live_open_;
        last_h = e.h;
        if (j != kRoot) last_root_move = nj.root_move;
        if ((e.node & kSolvedBit) != 0) {
          if (j == kRoot) {
            solved = true;
            break;
          }
          solved_step(j, e.h, e.key());
        } else {
          live_step(j, e.h, e.key());
        }
        if (budget_.hit()) break;
      }
    }
    if (solved) {
      result.value = last_h;
      result.pv = principal_variation();
      if (!result.pv.empty()) result.best_move = result.pv[0];
      result.depth = limits_.depth;
    } else {
      // Budget: the head's h bounds the root value from above, and the root move above the head
      // is the most promising one so far.
      result.complete = false;
      result.value = last_h;
      result.best_move = last_root_move;
      if (result.best_move == kNoMove && !game_.is_terminal(root)) {
        MovesOf<G> moves;
        game_.legal_moves(root, moves);
        result.best_move = moves[0];
      }
      if (result.best_move != kNoMove) result.pv = {result.best_move};
    }
    stats_.peak_bytes =
        peak_entries_ * sizeof(Entry) + nodes_.bytes() + move_pool_.capacity() * sizeof(Move);
    result.stats = stats_;
    result.stats.cpu_ms = thread_cpu_ms() - cpu0;
    return result;
  }

 private:
  static constexpr std::uint32_t kNil = 0xFFFFFFFFU;
  static constexpr std::uint32_t kRoot = 0;
  static constexpr std::uint32_t kSolvedBit = 0x80000000U;
  static constexpr std::uint32_t kNodeMask = 0x7FFFFFFFU;
  static constexpr std::uint8_t kMax = 1;
  static constexpr std::uint8_t kHasEntry = 2;  // the node's one state is in OPEN
  static constexpr std::uint8_t kExpanded = 4;
  static constexpr std::size_t kMaxMoves = G::kMaxMoves;

  static_assert(kMaxMoves < 65536, "child numbers are stored in 16 bits");
  // Bits a level takes in the Dewey key: child numbers are stored plus one, so that an ancestor's
  // key (zeros below it) sorts before all of its descendants'.
  static constexpr int kKeyBits = std::bit_width(static_cast<unsigned>(kMaxMoves));
  static constexpr int kKeyLevels = 128 / kKeyBits;

  using Key = unsigned __int128;

  struct Node {
    State state{};
    std::uint32_t parent = kNil;
    std::uint32_t first_child = kNil;   // MAX: head of the sibling list; MIN: the current child
    std::uint32_t next_sibling = kNil;  // among a MAX node's children
    std::uint32_t pv_child = kNil;      // MAX: the child that solved it; MIN: its lowest child
    std::uint32_t moves_block = kNil;   // MIN: its move list in move_pool_
    std::uint32_t gen = 0;              // bumped when the record is freed
    std::int32_t level = 0;
    Value best_h = 0;             // MIN: value of pv_child
    Move move = kNoMove;          // from the parent
    Move root_move = kNoMove;     // the root move above it
    std::uint16_t num_moves = 0;  // MIN: moves in its block
    std::uint16_t child_number = 0;
    std::uint8_t flags = 0;
  };

  struct Entry {
    std::uint64_t key_hi;
    std::uint64_t key_lo;
    Value h;
    std::uint32_t node;  // index | kSolvedBit
    std::uint32_t gen;   // the node's generation when pushed: a stale stack entry differs
    [[nodiscard]] Key key() const { return (Key{key_hi} << 64) | key_lo; }
  };

  // The level-th child number's slot in the key (level >= 1), or 0 past the key's capacity.
  static Key level_unit(std::int32_t level) {
    if (level > kKeyLevels) return 0;
    return Key{1} << (128 - kKeyBits * level);
  }

  // Creates a node (counted as visited), reusing a freed record if any; kNil when the budget is
  // exhausted. `from` is the parent's position (the root's own for the root).
  std::uint32_t new_node(std::uint32_t parent, const State& from, Move move, int child_number) {
    if (budget_.exhausted(stats_.nodes)) return kNil;
    ++stats_.nodes;
    std::uint32_t index;
    if (free_.empty() || !recycle_) {
      index = static_cast<std::uint32_t>(nodes_.size());
      nodes_.emplace_back();
    } else {
      index = free_.back();
      free_.pop_back();
    }
    Node& n = nodes_[index];
    n.state = from;
    n.parent = parent;
    n.first_child = kNil;
    n.next_sibling = kNil;
    n.pv_child = kNil;
    n.moves_block = kNil;
    n.move = move;
    n.num_moves = 0;
    n.child_number = static_cast<std::uint16_t>(child_number);
    n.level = 0;
    n.root_move = kNoMove;
    if (parent != kNil) {
      game_.play(n.state, move);
      const Node& p = nodes_[parent];
      n.level = p.level + 1;
      if (n.level > kKeyLevels) recycle_ = false;
      n.root_move = parent == kRoot ? move : p.root_move;
    }
    n.flags = game_.to_move(n.state) == root_mover_ ? kMax : 0;
    return index;
  }

  // Frees a record and the principal variation it holds on to.
  void free_node(std::uint32_t x) {
    while (x != kNil) {
      Node& n = nodes_[x];
      const std::uint32_t next = n.pv_child;
      if (n.moves_block != kNil) free_blocks_.push_back(n.moves_block);
      ++n.gen;
      n.flags = 0;
      free_.push_back(x);
      x = next;
    }
  }

  std::uint32_t new_moves_block(const MovesOf<G>& moves) {
    std::uint32_t block;
    if (free_blocks_.empty()) {
      block = static_cast<std::uint32_t>(move_pool_.size() / kMaxMoves);
      move_pool_.resize(move_pool_.size() + kMaxMoves);
    } else {
      block = free_blocks_.back();
      free_blocks_.pop_back();
    }
    std::copy(moves.begin(), moves.end(), move_pool_.begin() + block * kMaxMoves);
    return block;
  }

  // h is at most the top level's; equal goes on the stack, below into the heap.
  void push(std::uint32_t node, bool solved, Value h, Key key) {
    Node& n = nodes_[node];
    const Entry e{static_cast<std::uint64_t>(key >> 64), static_cast<std::uint64_t>(key), h,
                  node | (solved ? kSolvedBit : 0U), n.gen};
    n.flags |= kHasEntry;
    if (h == top_h_) {
      // The stack's top lives in a register-like slot: most steps push one state and pop it next.
      if (has_head_) top_.push_back(head_);
      head_ = e;
      has_head_ = true;
    } else {
      heap_.push_back(e);
      std::push_heap(heap_.begin(), heap_.end(), After{this});
    }
    ++live_open_;
    stats_.peak_open = std::max<std::uint64_t>(stats_.peak_open, live_open_);
    peak_entries_ =
        std::max<std::uint64_t>(peak_entries_, top_.size() + heap_.size() + (has_head_ ? 1 : 0));
  }

  // The head of OPEN: the stack's top, after moving the heap's highest level there if need be.
  // Purged states are skipped here.
  bool pop(Entry& out) {
    for (;;) {
      if (has_head_) {
        // Pushed by the step just done, after any purge in it: never stale.
        has_head_ = false;
        out = head_;
        return true;
      }
      if (top_.empty()) {
        if (heap_.empty()) return false;
        top_h_ = heap_.front().h;
        level_.clear();
        while (!heap_.empty() && heap_.front().h == top_h_) {
          std::pop_heap(heap_.begin(), heap_.end(), After{this});
          level_.push_back(heap_.back());
          heap_.pop_back();
        }
        top_.insert(top_.end(), level_.rbegin(), level_.rend());
      }
      out = top_.back();
      top_.pop_back();
      if (nodes_[out.node & kNodeMask].gen == out.gen) return true;
    }
  }

  void live_step(std::uint32_t j, Value h, Key key) {
    Node& nj = nodes_[j];
    const State& s = nj.state;
    if (game_.is_terminal(s) || nj.level >= limits_.depth) {
      ++stats_.leaves;
      Value v = leaf_value(game_, eval_, s);
      if (game_.to_move(s) != root_mover_) v = -v;
      push(j, true, std::min(h, v), key);
      return;
    }
    ++stats_.interior;
    MovesOf<G> moves;
    game_.legal_moves(s, moves);
    const Key unit = level_unit(nj.level + 1);
    nj.flags |= kExpanded;
    if ((nj.flags & kMax) != 0) {
      std::array<std::uint32_t, kMaxMoves> made{};
      for (std::size_t i = 0; i < moves.size(); ++i) {
        made[i] = new_node(j, nj.state, moves[i], static_cast<int>(i));
        if (made[i] == kNil) return;
        if (i == 0) {
          nj.first_child = made[i];
        } else {
          nodes_[made[i - 1]].next_sibling = made[i];
        }
      }
      // Right to left, so that the leftmost child ends on top of the stack.
      for (std::size_t i = moves.size(); i-- > 0;) push(made[i], false, h, key + unit * (i + 1));
    } else {
      nj.moves_block = new_moves_block(moves);
      nj.num_moves = static_cast<std::uint16_t>(moves.size());
      nj.best_h = kInfinity;
      const std::uint32_t c = new_node(j, nj.state, moves[0], 0);
      if (c == kNil) return;
      nj.first_child = c;
      push(c, false, h, key + unit);
    }
  }

  void solved_step(std::uint32_t j, Value h, Key key) {
    Node& nj = nodes_[j];
    const std::uint32_t p = nj.parent;
    Node& np = nodes_[p];
    const Key unit = level_unit(nj.level);
    const Key parent_key = key - unit * (nj.child_number + 1U);
    if ((np.flags & kMax) != 0) {
      purge_below(p, j);
      np.pv_child = j;
      push(p, true, h, parent_key);
      return;
    }
    const int next = nj.child_number + 1;
    if (np.pv_child == kNil || h < np.best_h) {
      free_node(np.pv_child);
      np.pv_child = j;
      np.best_h = h;
    } else {
      free_node(j);
    }
    if (next < np.num_moves) {
      const Move m = move_pool_[np.moves_block * kMaxMoves + static_cast<std::size_t>(next)];
      const std::uint32_t c = new_node(p, np.state, m, next);
      if (c == kNil) return;
      np.first_child = c;
      push(c, false, h, key + unit);
    } else {
      free_blocks_.push_back(np.moves_block);
      np.moves_block = kNil;
      push(p, true, h, parent_key);
    }
  }

  // Case 4's purge of every state below MAX node p but solved child j's: walk the live part of
  // the other children's subtrees, freeing it. A node holding a state is where a walk stops.
  void purge_below(std::uint32_t p, std::uint32_t j) {
    walk_.clear();
    for (std::uint32_t c = nodes_[p].first_child; c != kNil; c = nodes_[c].next_sibling) {
      if (c != j) walk_.push_back(c);
    }
    while (!walk_.empty()) {
      const std::uint32_t y = walk_.back();
      walk_.pop_back();
      const Node& ny = nodes_[y];
      if ((ny.flags & kHasEntry) != 0) {
        ++stats_.cutoffs;
        --live_open_;
      } else if ((ny.flags & kExpanded) != 0) {
        if ((ny.flags & kMax) != 0) {
          for (std::uint32_t c = ny.first_child; c != kNil; c = nodes_[c].next_sibling) {
            walk_.push_back(c);
          }
        } else if (ny.first_child != kNil) {
          walk_.push_back(ny.first_child);
        }
      }
      free_node(y);
    }
    nodes_[p].first_child = j;
    nodes_[j].next_sibling = kNil;
  }

  // Is node a left of node b in tree order (an ancestor before its descendants)? Only asked about
  // nodes past the key's depth, whose records (and their ancestors') are never reused.
  [[nodiscard]] bool dewey_before(std::uint32_t a, std::uint32_t b) const {
    if (a == b) return false;
    std::uint32_t x = a;
    std::uint32_t y = b;
    while (nodes_[x].level > nodes_[y].level) {
      const std::uint32_t up = nodes_[x].parent;
      if (up == y) return false;  // b is an ancestor of a
      x = up;
    }
    while (nodes_[y].level > nodes_[x].level) {
      const std::uint32_t up = nodes_[y].parent;
      if (up == x) return true;  // a is an ancestor of b
      y = up;
    }
    while (nodes_[x].parent != nodes_[y].parent) {
      x = nodes_[x].parent;
      y = nodes_[y].parent;
    }
    return nodes_[x].child_number < nodes_[y].child_number;
  }

  // Heap order: "a comes out after b" (lower h, or equal h and further right). No two states in
  // OPEN share a key (a tree position holds at most one state at a time, and a purged position is
  // never re-created), so only nodes deeper than the key can tie on it.
  struct After {
    const SssSearcher* self;
    bool operator()(const Entry& a, const Entry& b) const {
      if (a.h != b.h) return a.h < b.h;
      if (a.key_hi != b.key_hi) return a.key_hi > b.key_hi;
      if (a.key_lo != b.key_lo) return a.key_lo > b.key_lo;
      return self->dewey_before(b.node & kNodeMask, a.node & kNodeMask);
    }
  };

  // MAX nodes follow the child that solved them, MIN nodes their lowest solved child.
  [[nodiscard]] std::vector<Move> principal_variation() const {
    std::vector<Move> line;
    std::uint32_t x = nodes_[kRoot].pv_child;
    while (x != kNil && line.size() < static_cast<std::size_t>(kMaxPvPly)) {
      line.push_back(nodes_[x].move);
      x = nodes_[x].pv_child;
    }
    return line;
  }

  const G& game_;
  const E& eval_;
  const SearchLimits& limits_;
  SearchBudget budget_;
  SearchStats stats_;
  int root_mover_ = 0;
  SegmentedArena<Node> nodes_;
  std::vector<std::uint32_t> free_;  // recycled node records
  std::vector<Move> move_pool_;      // MIN nodes' move lists, kMaxMoves per block
  std::vector<std::uint32_t> free_blocks_;
  // OPEN: the states at the highest h (top_h_), leftmost last, and the rest in a heap.
  std::vector<Entry> top_;  // below head_
  Entry head_{};
  bool has_head_ = false;
  Value top_h_ = kInfinity;
  std::vector<Entry> heap_;
  bool recycle_ = true;
  std::vector<Entry> level_;  // scratch for moving one h level from the heap to the stack
  std::vector<std::uint32_t> walk_;
  std::uint64_t live_open_ = 0;
  std::uint64_t peak_entries_ = 0;
};

}  // namespace detail

// SSS* to limits.depth. Value from the root mover's point of view.
template <Game G, class E>
requires Evaluator<E, G> SearchResult sss_star(const G& game, const E& eval,
                                               const typename G::State& root,
                                               const SearchLimits& limits,
                                               const SssOptions& /*options*/ = {}) {
  detail::check_limits(limits);
  detail::SssSearcher<G, E> searcher(game, eval, limits);
  return searcher.run(root);
}

}  // namespace gts
