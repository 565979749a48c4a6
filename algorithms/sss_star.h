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
// Engineering, none of which changes which states are examined, in which order, or how they are
// counted (a node counts when its LIVE state leaves OPEN and it is evaluated or expanded, as
// every algorithm counts a visit):
//  * A MAX node's children enter OPEN as one entry that stands for all of them. They leave OPEN
//    left to right (each has the parent's h, and everything pushed while one is examined lies in
//    its subtree), so the entry makes the next child, position and record, when it is popped and
//    goes back under it while children remain. Children purged before they leave OPEN are never
//    made.
//  * Below a MAX node only its best SOLVED child state (highest h, then leftmost) can ever leave
//    OPEN: the first of them to leave solves the parent and purges the rest. So only that one is
//    queued; the others stay in OPEN for the counts (peak, purges) but never surface.
//  * Leaves get no record. A MAX node's leaf children are examined in one loop as they reach the
//    head; its best solved one is queued as an entry on the parent. A MIN node's leaf child is
//    examined as it enters OPEN (it is the head), and its SOLVED state is either the head again
//    (it kept h: the next child follows in the same loop) or queued on the parent. With a pop
//    observer, which must be shown each SOLVED position, or past the tie-break key's depth, every
//    leaf whose state is queued gets a record again; a test holds both ways to the same counts.
//  * OPEN is split in two. h never rises, and every state pushed with the head's h is leftmost
//    among the states of that h (it lies in or next to the subtree of the state just popped, and
//    everything left of that had a lower h). So the states at the highest h form a stack, leftmost
//    on top, and only states whose h fell below it (a leaf's min(h, value)) go to a binary heap.
//    When the stack runs out, the heap's next h level moves onto it. Most steps are O(1). Purged
//    states left in the heap are dropped in one pass whenever it has doubled.
//  * The heap's leftmost tie-break compares a precomputed Dewey key (child numbers packed into 128
//    bits, ancestors before descendants), falling back to an exact walk up the tree only for nodes
//    deeper than the key holds. (Only SOLVED states ever reach the heap.)
//  * Inner nodes live in an arena of fixed records (position, parent, made children as a list,
//    an expanded node's move list in a pool of exact-size blocks) and are recycled: a node is
//    freed when it is purged or when its SOLVED state has been used, unless it lies on the
//    principal variation of a live node. Memory follows the live tree, not the nodes visited,
//    so it stays in cache however large the search. (Past the key's depth, where the tie-break
//    may walk up from a purged state, records are no longer reused, so such walks stay valid.)
//  * The purge never scans OPEN: it walks the made, live part of the purged subtree (each node
//    is walked once, as it dies) and frees it; the purged states are skipped when they surface
//    (each entry carries its node's generation, which freeing, or purging a MAX node's unmade
//    children, bumps).
#pragma once

#include <algorithm>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "games/game.h"

namespace gts {

// Called each time a state leaves OPEN (purged states skipped), in pop order: `state` points at
// the node's G::State, `solved` tells SOLVED from LIVE, `h` is the state's merit. It observes only:
// no count or order changes with it. Unset (the default) costs one test per pop; set, it costs a
// record per leaf under a MIN node.
struct SssPopObserver {
  void (*fn)(void* context, const void* state, bool solved, Value h) = nullptr;
  void* context = nullptr;
};

// A game may offer an observer itself (the search-tree tracer does, through
// `sss_pop_observer()`); sss_star() uses it when the options name none.
template <class G>
concept HasSssPopObserver = requires(const G& game) {
  { game.sss_pop_observer() } -> std::same_as<SssPopObserver>;
};

struct SssOptions {
  SssPopObserver on_pop;
};

namespace detail {

template <Game G, class E>
class SssSearcher {
 public:
  using State = typename G::State;

  SssSearcher(const G& game, const E& eval, const SearchLimits& limits,
              const SssOptions& options = {})
      : game_(game),
        eval_(eval),
        limits_(limits),
        budget_(limits),
        on_pop_(options.on_pop),
        free_moves_(kMaxMoves + 1) {
    top_.reserve(1024);
    heap_.reserve(1024);
  }

  SearchResult run(const State& root) {
    const double cpu0 = thread_cpu_ms();
    SearchResult result;
    root_mover_ = game_.to_move(root);
    virtual_leaves_ = on_pop_.fn == nullptr && limits_.depth <= kKeyLevels;
    bool solved = false;
    new_node(kNil, root, kNoMove, 0, false);
    push(kRoot, 0, kInfinity, Key{}, 1);
    Entry e{};
    while (pop(e)) {
      std::uint32_t j = e.node & kNodeMask;
      Key key = e.key();
      if ((e.node & kLeafBit) != 0) {
        // A leaf child of node j, without a record, solved.
        Node& nj = nodes_[j];
        nj.flags = static_cast<std::uint8_t>(nj.flags & ~kLeafInOpen);
        --live_open_;
        const int i = nj.queued_leaf;
        const Move m = move_pool_[nj.moves + i];
        const Key unit = level_unit(nj.level + 1);
        last_h_ = e.h;
        last_root_move_ = j == kRoot ? m : nj.root_move;
        if ((nj.flags & kMax) != 0) {
          // Its best child: j is solved (its principal variation is the leaf's pv_move).
          purge_below(j, kNil);
          release_moves(nj);
          push_solved(j, e.h, key - unit * static_cast<unsigned>(i + 1));
        } else {
          min_leaf_solved(nj, m, e.h);
          next_min_child(j, i + 1, e.h, key + unit);
        }
        if (stopped_) break;
        continue;
      }
      if ((e.node & kChildrenBit) != 0) {
        j = next_child(e, key);
        if (stopped_) break;
        if (j == kNil) continue;  // leaves, examined in place
      } else {
        nodes_[j].flags = static_cast<std::uint8_t>(nodes_[j].flags & ~kHasEntry);
      }
      --live_open_;
      Node& nj = nodes_[j];
      const bool is_solved = (e.node & kSolvedBit) != 0;
      if (on_pop_.fn != nullptr) on_pop_.fn(on_pop_.context, &nj.state, is_solved, e.h);
      last_h_ = e.h;
      if (j != kRoot) last_root_move_ = nj.root_move;
      if (is_solved) {
        if (j == kRoot) {
          solved = true;
          break;
        }
        solved_step(j, e.h, key);
        if (stopped_) break;
      } else {
        // A node is counted when it is examined: evaluated or expanded.
        if (budget_.exhausted(stats_.nodes)) break;
        ++stats_.nodes;
        live_step(j, e.h, key);
        if (stopped_) break;
      }
    }
    if (solved) {
      result.value = last_h_;
      result.pv = principal_variation();
      if (!result.pv.empty()) result.best_move = result.pv[0];
      result.depth = limits_.depth;
    } else {
      // Budget: the head's h bounds the root value from above, and the root move above the head
      // is the most promising one so far.
      result.complete = false;
      result.value = last_h_;
      result.best_move = last_root_move_;
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
  // The entry stands for a MAX node's children not made yet: LIVE, same h, leftmost first.
  static constexpr std::uint32_t kChildrenBit = 0x40000000U;
  // The entry stands for a leaf child without a record, SOLVED: a MIN node's current child, or a
  // MAX node's best solved child.
  static constexpr std::uint32_t kLeafBit = 0x20000000U;
  static constexpr std::uint32_t kNodeMask = 0x1FFFFFFFU;
  static constexpr std::uint8_t kMax = 1;
  static constexpr std::uint8_t kHasEntry = 2;  // the node's one state is in OPEN
  static constexpr std::uint8_t kExpanded = 4;
  static constexpr std::uint8_t kLeafInOpen = 8;  // a kLeafBit state of its child queued_leaf
  static constexpr std::uint8_t kPvLeaf = 16;     // its best child is a leaf without a record
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
    std::uint32_t first_child = kNil;   // MAX: head of its made children; MIN: the current child
    std::uint32_t next_sibling = kNil;  // among a MAX node's made children
    std::uint32_t pv_child = kNil;      // MAX: its best solved child; MIN: its lowest child
    std::uint32_t moves = kNil;         // expanded and unsolved: its move list in move_pool_
    std::uint32_t gen = 0;              // bumped when the record is freed or its children purged
    std::int32_t level = 0;
    Value best_h = 0;             // h of pv_child's SOLVED state
    Move move = kNoMove;          // from the parent
    Move root_move = kNoMove;     // the root move above it
    Move pv_move = kNoMove;       // kPvLeaf: the move to that child
    std::uint16_t num_moves = 0;  // expanded: its legal moves
    std::uint16_t made = 0;  // MAX: children made so far (they are made left to right); MIN: the
                             // current child's number
    std::uint16_t queued_leaf = 0;  // kLeafInOpen: that leaf child's number
    std::uint16_t dropped = 0;      // MAX: leaf children whose SOLVED state is dominated, no record
    std::uint16_t child_number = 0;
    std::uint8_t flags = 0;
  };

  struct Entry {
    std::uint64_t key_hi;
    std::uint64_t key_lo;
    Value h;
    std::uint32_t node;   // index | kSolvedBit | kChildrenBit
    std::uint32_t gen;    // the node's generation when pushed: a stale stack entry differs
    std::uint32_t child;  // kLeafBit: the leaf's child number
    [[nodiscard]] Key key() const { return (Key{key_hi} << 64) | key_lo; }
  };

  // The level-th child number's slot in the key (level >= 1), or 0 past the key's capacity.
  static Key level_unit(std::int32_t level) {
    if (level > kKeyLevels) return 0;
    return Key{1} << (128 - kKeyBits * level);
  }

  // Makes a node's record, reusing a freed one if any. `from` is the parent's position, `move`
  // played from it when `play` (else `from` is the node's own). Counts nothing: a node counts
  // when it is examined.
  std::uint32_t new_node(std::uint32_t parent, const State& from, Move move, int child_number,
                         bool play = true) {
    std::uint32_t index;
    if (free_.empty() || !recycle_) {
      index = static_cast<std::uint32_t>(nodes_.size());
      if (index > kNodeMask) throw std::length_error("SSS*: more than 2^29 live nodes");
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
    n.moves = kNil;
    n.move = move;
    n.num_moves = 0;
    n.made = 0;
    n.dropped = 0;
    n.queued_leaf = 0;
    n.child_number = static_cast<std::uint16_t>(child_number);
    n.level = 0;
    n.root_move = kNoMove;
    if (play) game_.play(n.state, move);
    if (parent != kNil) {
      const Node& p = nodes_[parent];
      n.level = p.level + 1;
      if (n.level > kKeyLevels) recycle_ = false;
      n.root_move = parent == kRoot ? move : p.root_move;
    }
    n.flags = game_.to_move(n.state) == root_mover_ ? kMax : 0;
    return index;
  }

  // The next child of the MAX node a children entry stands for, its key into `key`; the entry
  // goes back under it while children remain. An inner node gets its record, returned. A leaf is
  // examined right here, and gets a record only if its SOLVED state is queued (see push_solved).
  // Unless that state is the head of OPEN (it kept h), the next child is the head again, so the
  // loop goes on to it. kNil when it ends on leaves (stopped_ set if the budget ran out).
  std::uint32_t next_child(const Entry& e, Key& key) {
    const std::uint32_t p = e.node & kNodeMask;
    Node& np = nodes_[p];
    const Key unit = level_unit(np.level + 1);
    const Key parent_key = key;
    // A leaf that became p's best in this loop is queued once, as the loop ends: any later one
    // that beats it would only leave it stale in the heap.
    bool pending = false;
    Key pending_key = 0;
    auto flush = [&] {
      if (pending) push(p, kSolvedBit | kLeafBit, np.best_h, pending_key, 0, np.queued_leaf);
    };
    for (;;) {
      const int i = np.made++;
      const Move m = move_pool_[np.moves + i];
      const bool more = np.made < np.num_moves;
      key = parent_key + unit * static_cast<unsigned>(i + 1);
      State s = np.state;
      game_.play(s, m);
      if (!game_.is_terminal(s) && np.level + 1 < limits_.depth) {
        if (more) top_.push_back(e);
        flush();  // below the head's h: into the heap
        const std::uint32_t c = new_node(p, s, m, i, false);
        nodes_[c].next_sibling = np.first_child;
        np.first_child = c;
        return c;
      }
      --live_open_;
      if (on_pop_.fn != nullptr) on_pop_.fn(on_pop_.context, &s, false, e.h);
      last_h_ = e.h;
      last_root_move_ = p == kRoot ? m : np.root_move;
      if (budget_.exhausted(stats_.nodes)) {
        stopped_ = true;
        return kNil;
      }
      ++stats_.nodes;
      ++stats_.leaves;
      Value v = leaf_value(game_, eval_, s);
      if (game_.to_move(s) != root_mover_) v = -v;
      const Value h = std::min(e.h, v);
      if (dominated(np, h, i)) {
        ++np.dropped;
        ++live_open_;
        stats_.peak_open = std::max<std::uint64_t>(stats_.peak_open, live_open_);
      } else if (virtual_leaves_) {
        demote_best(np);
        np.flags |= kPvLeaf | kLeafInOpen;
        np.pv_move = m;
        np.best_h = h;
        np.queued_leaf = static_cast<std::uint16_t>(i);
        ++live_open_;
        stats_.peak_open = std::max<std::uint64_t>(stats_.peak_open, live_open_);
        if (h == e.h) {
          push(p, kSolvedBit | kLeafBit, h, key, 0, i);
          if (more) top_.push_back(e);  // under the head
          return kNil;
        }
        pending = true;
        pending_key = key;
      } else {
        const std::uint32_t c = new_node(p, s, m, i, false);
        nodes_[c].next_sibling = np.first_child;
        np.first_child = c;
        push_solved(c, h, key);
        if (h == e.h) {
          if (more) top_.push_back(e);  // under the head
          return kNil;
        }
      }
      if (!more) {
        flush();
        return kNil;
      }
    }
  }

  // Frees a record and the principal variation it holds on to.
  void free_node(std::uint32_t x) {
    while (x != kNil) {
      Node& n = nodes_[x];
      const std::uint32_t next = n.pv_child;
      release_moves(n);
      ++n.gen;
      n.flags = 0;
      free_.push_back(x);
      x = next;
    }
  }

  // Move lists live in one pool, in blocks of their exact size, recycled by size.
  std::uint32_t store_moves(const MovesOf<G>& moves) {
    std::vector<std::uint32_t>& free = free_moves_[moves.size()];
    std::uint32_t at;
    if (free.empty()) {
      at = static_cast<std::uint32_t>(move_pool_.size());
      move_pool_.resize(move_pool_.size() + moves.size());
    } else {
      at = free.back();
      free.pop_back();
    }
    std::copy(moves.begin(), moves.end(), move_pool_.begin() + at);
    return at;
  }
  void release_moves(Node& n) {
    if (n.moves == kNil) return;
    free_moves_[n.num_moves].push_back(n.moves);
    n.moves = kNil;
  }

  // h is at most the top level's; equal goes on the stack, below into the heap. `states` is how
  // many states of OPEN the entry stands for (a MAX node's children: all of them).
  void push(std::uint32_t node, std::uint32_t bits, Value h, Key key, std::uint64_t states,
            int child = 0) {
    Node& n = nodes_[node];
    const Entry e{static_cast<std::uint64_t>(key >> 64),
                  static_cast<std::uint64_t>(key),
                  h,
                  node | bits,
                  n.gen,
                  static_cast<std::uint32_t>(child)};
    if ((bits & kLeafBit) != 0) {
      n.flags |= kLeafInOpen;
      n.queued_leaf = static_cast<std::uint16_t>(child);
    } else if ((bits & kChildrenBit) == 0) {
      n.flags |= kHasEntry;
    }
    if (h == top_h_) {
      // The stack's top lives in a register-like slot: most steps push one state and pop it next.
      if (has_head_) top_.push_back(head_);
      head_ = e;
      has_head_ = true;
    } else {
      if (heap_.size() >= heap_limit_) compact_heap();
      heap_.push_back(e);
      std::push_heap(heap_.begin(), heap_.end(), After{this});
    }
    live_open_ += states;
    stats_.peak_open = std::max<std::uint64_t>(stats_.peak_open, live_open_);
    peak_entries_ =
        std::max<std::uint64_t>(peak_entries_, top_.size() + heap_.size() + (has_head_ ? 1 : 0));
  }

  // A SOLVED state enters OPEN. Below a MAX node, only the best of its children's SOLVED states
  // (highest h, then leftmost) can ever leave OPEN: the first of them to leave it solves the parent
  // and purges the others. So only that one is queued; the others stay in OPEN as far as the
  // counts go (their node keeps kHasEntry, and the purge counts and frees them), but never
  // surface. The parent holds its best solved child in pv_child and its h in best_h.
  void push_solved(std::uint32_t j, Value h, Key key) {
    Node& nj = nodes_[j];
    if (nj.parent != kNil && (nodes_[nj.parent].flags & kMax) != 0) {
      Node& np = nodes_[nj.parent];
      if (dominated(np, h, nj.child_number)) {
        nj.flags |= kHasEntry;
        ++live_open_;
        stats_.peak_open = std::max<std::uint64_t>(stats_.peak_open, live_open_);
        return;
      }
      demote_best(np);
      np.pv_child = j;
      np.best_h = h;
    }
    push(j, kSolvedBit, h, key, 1);
  }

  // Would a SOLVED state (h, child number) of MAX node p's child come after p's best one?
  [[nodiscard]] bool dominated(const Node& np, Value h, int child_number) const {
    if (np.pv_child == kNil && (np.flags & kPvLeaf) == 0) return false;
    if (h != np.best_h) return h < np.best_h;
    return (np.pv_child != kNil ? nodes_[np.pv_child].child_number : np.queued_leaf) < child_number;
  }

  // MAX node np's best solved child so far loses that place: its queued state goes stale, and
  // stays in OPEN as far as the counts go (a record keeps kHasEntry; a leaf becomes a dropped one).
  void demote_best(Node& np) {
    if (np.pv_child != kNil) {
      ++nodes_[np.pv_child].gen;
      np.pv_child = kNil;
    } else if ((np.flags & kPvLeaf) != 0) {
      np.flags = static_cast<std::uint8_t>(np.flags & ~(kPvLeaf | kLeafInOpen));
      ++np.dropped;
    }
  }

  // Purged states wait in the heap until they surface, and most never do before the search ends:
  // when the heap has doubled since it was last cleaned, they are dropped in one pass (amortized
  // O(1) per push), so that it stays about as small as the live states it holds.
  void compact_heap() {
    std::erase_if(heap_, [this](const Entry& x) { return !live(x); });
    std::make_heap(heap_.begin(), heap_.end(), After{this});
    heap_limit_ = std::max<std::size_t>(kMinHeapLimit, 2 * heap_.size());
  }

  [[nodiscard]] bool live(const Entry& x) const {
    const Node& n = nodes_[x.node & kNodeMask];
    if (n.gen != x.gen) return false;
    return (x.node & kLeafBit) == 0 || ((n.flags & kLeafInOpen) != 0 && n.queued_leaf == x.child);
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
      if (live(out)) return true;
    }
  }

  void live_step(std::uint32_t j, Value h, Key key) {
    Node& nj = nodes_[j];
    const State& s = nj.state;
    if (game_.is_terminal(s) || nj.level >= limits_.depth) {
      ++stats_.leaves;
      Value v = leaf_value(game_, eval_, s);
      if (game_.to_move(s) != root_mover_) v = -v;
      push_solved(j, std::min(h, v), key);
      return;
    }
    ++stats_.interior;
    MovesOf<G> moves;
    game_.legal_moves(s, moves);
    nj.flags |= kExpanded;
    nj.moves = store_moves(moves);
    nj.num_moves = static_cast<std::uint16_t>(moves.size());
    if ((nj.flags & kMax) != 0) {
      // Every child enters OPEN now, as one entry; each is made when it leaves OPEN.
      push(j, kChildrenBit, h, key, moves.size());
    } else {
      nj.best_h = kInfinity;
      enter_min_child(j, 0, h, key + level_unit(nj.level + 1));
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
      release_moves(np);
      np.pv_child = j;
      push_solved(p, h, parent_key);
      return;
    }
    if ((np.pv_child == kNil && (np.flags & kPvLeaf) == 0) || h < np.best_h) {
      free_node(np.pv_child);
      np.pv_child = j;
      np.flags = static_cast<std::uint8_t>(np.flags & ~kPvLeaf);
      np.best_h = h;
    } else {
      free_node(j);
    }
    next_min_child(p, nj.child_number + 1, h, key + unit);
  }

  // MIN node p's child i has been solved with h (its SOLVED state left OPEN): the next child
  // enters OPEN LIVE with h (its key `key`), or p is solved when i was its last.
  void next_min_child(std::uint32_t p, int next, Value h, Key key) {
    Node& np = nodes_[p];
    if (next < np.num_moves) {
      enter_min_child(p, next, h, key);
    } else {
      release_moves(np);
      push_solved(p, h, key - level_unit(np.level + 1) * static_cast<unsigned>(next));
    }
  }

  // MIN node p's child i enters OPEN LIVE with h (key `key`), at the head. An inner child gets a
  // record and is pushed. A leaf (when leaves need no record: see virtual_leaves_) is examined
  // at once, as it would leave OPEN next: its SOLVED state min(h, value) goes to the heap if it
  // fell below h, and otherwise is the head again and leaves at once too, so that the next
  // child follows in the same loop.
  void enter_min_child(std::uint32_t p, int i, Value h, Key key) {
    Node& np = nodes_[p];
    const Key unit = level_unit(np.level + 1);
    for (;;) {
      np.made = static_cast<std::uint16_t>(i);
      const Move m = move_pool_[np.moves + i];
      if (!virtual_leaves_) {
        np.first_child = new_node(p, np.state, m, i);
        push(np.first_child, 0, h, key, 1);
        return;
      }
      State s = np.state;
      game_.play(s, m);
      if (!game_.is_terminal(s) && np.level + 1 < limits_.depth) {
        np.first_child = new_node(p, s, m, i, false);
        push(np.first_child, 0, h, key, 1);
        return;
      }
      np.first_child = kNil;
      // In OPEN and out again: only the peak can see it.
      stats_.peak_open = std::max<std::uint64_t>(stats_.peak_open, live_open_ + 1);
      last_h_ = h;
      last_root_move_ = p == kRoot ? m : np.root_move;
      if (budget_.exhausted(stats_.nodes)) {
        stopped_ = true;
        return;
      }
      ++stats_.nodes;
      ++stats_.leaves;
      Value v = leaf_value(game_, eval_, s);
      if (game_.to_move(s) != root_mover_) v = -v;
      if (v < h) {
        push(p, kSolvedBit | kLeafBit, v, key, 1, i);
        return;
      }
      min_leaf_solved(np, m, h);
      if (i + 1 >= np.num_moves) {
        release_moves(np);
        push_solved(p, h, key - unit * static_cast<unsigned>(i + 1));
        return;
      }
      ++i;
      key += unit;
    }
  }

  // MIN node np's current child, a leaf without a record reached by m, solved with h.
  void min_leaf_solved(Node& np, Move m, Value h) {
    if ((np.pv_child == kNil && (np.flags & kPvLeaf) == 0) || h < np.best_h) {
      free_node(np.pv_child);
      np.pv_child = kNil;
      np.flags |= kPvLeaf;
      np.pv_move = m;
      np.best_h = h;
    }
  }

  // Children of MAX node y in OPEN without a record (not made yet, or leaves whose SOLVED state
  // was dominated): purged with it (its children entry goes stale).
  void purge_unmade(Node& ny) {
    const std::uint64_t states = ny.num_moves - ny.made + ny.dropped;
    stats_.cutoffs += states;
    live_open_ -= states;
    ny.made = ny.num_moves;
    ny.dropped = 0;
  }

  // Case 4's purge of every state below MAX node p but solved child j's: the children not made
  // yet, and a walk of the live part of the made children's subtrees, freeing it. A node holding
  // a state is where a walk stops.
  void purge_below(std::uint32_t p, std::uint32_t j) {
    Node& np = nodes_[p];
    purge_unmade(np);
    ++np.gen;  // p's children entry, if still in OPEN, is stale
    walk_.clear();
    for (std::uint32_t c = np.first_child; c != kNil; c = nodes_[c].next_sibling) {
      if (c != j) walk_.push_back(c);
    }
    while (!walk_.empty()) {
      const std::uint32_t y = walk_.back();
      walk_.pop_back();
      Node& ny = nodes_[y];
      if ((ny.flags & kHasEntry) != 0) {
        ++stats_.cutoffs;
        --live_open_;
      } else if ((ny.flags & kExpanded) != 0) {
        if ((ny.flags & kLeafInOpen) != 0) {
          ++stats_.cutoffs;
          --live_open_;
        }
        if ((ny.flags & kMax) != 0) {
          purge_unmade(ny);
          ny.pv_child = kNil;  // its best solved child, if any, is among those walked
          for (std::uint32_t c = ny.first_child; c != kNil; c = nodes_[c].next_sibling) {
            walk_.push_back(c);
          }
        } else if (ny.first_child != kNil) {
          walk_.push_back(ny.first_child);
        }
      }
      free_node(y);
    }
    np.first_child = j;
    if (j != kNil) nodes_[j].next_sibling = kNil;
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
    std::uint32_t x = kRoot;
    while (line.size() < static_cast<std::size_t>(kMaxPvPly)) {
      const Node& n = nodes_[x];
      if (n.pv_child == kNil) {
        if ((n.flags & kPvLeaf) != 0) line.push_back(n.pv_move);
        break;
      }
      x = n.pv_child;
      line.push_back(nodes_[x].move);
    }
    return line;
  }

  const G& game_;
  const E& eval_;
  const SearchLimits& limits_;
  SearchBudget budget_;
  SssPopObserver on_pop_;
  SearchStats stats_;
  int root_mover_ = 0;
  SegmentedArena<Node> nodes_;
  std::vector<std::uint32_t> free_;  // recycled node records
  std::vector<Move> move_pool_;      // expanded nodes' move lists, each block its exact size
  std::vector<std::vector<std::uint32_t>> free_moves_;  // freed blocks, by size
  // OPEN: the states at the highest h (top_h_), leftmost last, and the rest in a heap.
  std::vector<Entry> top_;  // below head_
  Entry head_{};
  bool has_head_ = false;
  Value top_h_ = kInfinity;
  std::vector<Entry> heap_;
  static constexpr std::size_t kMinHeapLimit = 1024;
  std::size_t heap_limit_ = kMinHeapLimit;  // compact the heap when it reaches this size
  bool recycle_ = true;
  std::vector<Entry> level_;  // scratch for moving one h level from the heap to the stack
  std::vector<std::uint32_t> walk_;
  std::uint64_t live_open_ = 0;
  // MIN nodes' leaf children get no record, unless an observer must be shown their positions or
  // the tree is deeper than the tie-break key (where ties are broken by walking up records).
  bool virtual_leaves_ = false;
  bool stopped_ = false;           // the budget ran out while a step examined a leaf
  Value last_h_ = kInfinity;       // the h of the last state to leave OPEN
  Move last_root_move_ = kNoMove;  // the root move above it
  std::uint64_t peak_entries_ = 0;
};

}  // namespace detail

// SSS* to limits.depth. Value from the root mover's point of view.
template <Game G, class E>
requires Evaluator<E, G> SearchResult sss_star(const G& game, const E& eval,
                                               const typename G::State& root,
                                               const SearchLimits& limits,
                                               const SssOptions& options = {}) {
  detail::check_limits(limits);
  SssOptions o = options;
  if constexpr (HasSssPopObserver<G>) {
    if (o.on_pop.fn == nullptr) o.on_pop = game.sss_pop_observer();
  }
  detail::SssSearcher<G, E> searcher(game, eval, limits, o);
  return searcher.run(root);
}

}  // namespace gts
