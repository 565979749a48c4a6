// Pieces the search algorithms share: the budget check, the principal-variation table, a segmented
// arena and a small deterministic PRNG. Internal to algorithms/; the public types live in
// algorithms/search.h.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "algorithms/search.h"
#include "games/game.h"
#include "games/params.h"
#include "games/splitmix.h"

namespace gts::detail {

// Deepest ply a principal variation records; longer lines are truncated, never overflowed.
inline constexpr int kMaxPvPly = 256;

// Node, time and stop-flag budget. The node budget is checked at every node so that a search never
// visits more than max_nodes positions; the clock only every so many nodes, because reading it
// costs more than a node of a small game (the progress watcher, if any, is told the node count then
// too). The stop flag: at every node where `StopEveryNode` (the threads of a parallel search, so
// that a pass another thread has finished ends at once), else with the clock, so that a
// sequential search pays nothing per node for it. Under a time budget or a stop flag the interval
// adapts to what nodes cost: from 1 it doubles while a stretch between checks takes under
// kCheckMs / 4, up to kClockInterval, and halves while one takes over kCheckMs. A node of a small
// game costs well under a microsecond, so the interval soon reaches kClockInterval; a df-pn node
// of a 19x19 Go problem that plays all its children (some 360, their ladders read: df-pn with
// lazy=off) costs milliseconds, and a fixed interval would let a time budget run several times
// over.
template <bool StopEveryNode>
class BasicSearchBudget {
 public:
  explicit BasicSearchBudget(const SearchLimits& limits)
      : max_nodes_(limits.max_nodes),
        max_ms_(limits.max_ms),
        stop_(limits.stop),
        progress_(limits.progress),
        start_ms_(wall_ms()) {}

  // True when the node about to be visited (the nodes+1-th) would break the budget. Sticky.
  bool exhausted(std::uint64_t nodes) {
    if (suspended_) return false;
    if (hit_) return true;
    if (max_nodes_ != 0 && nodes >= max_nodes_) return hit_ = true;
    if constexpr (StopEveryNode) {
      if (stopped()) return true;
    }
    // A countdown, not the node count: searches that deepen iteratively count each iteration's
    // nodes from 0 again.
    if (countdown_-- == 0) {
      if (progress_ != nullptr) progress_->on_nodes(nodes);
      if constexpr (!StopEveryNode) {
        if (stopped()) return true;
      }
      if (max_ms_ > 0.0 || stop_ != nullptr) {
        const double now = wall_ms();
        if (max_ms_ > 0.0 && now - start_ms_ >= max_ms_) return hit_ = true;
        const double took = now - checked_ms_;
        if (took > kCheckMs && interval_ > 1) interval_ /= 2;
        if (took < kCheckMs / 4 && interval_ < kClockInterval) interval_ *= 2;
        checked_ms_ = now;
      }
      countdown_ = interval_ - 1;
    }
    return false;
  }
  [[nodiscard]] bool hit() const { return hit_; }
  // While suspended nothing is exhausted (the one iteration a budgeted search always completes).
  void suspend(bool on) { suspended_ = on; }
  // Forgets a hit that came from the stop flag (a parallel pass that another thread finished);
  // one from the node or time budget stays.
  void rearm() {
    if (stopped_) hit_ = stopped_ = false;
    countdown_ = 0;
  }

 private:
  // Reads the stop flag; sets hit_ (and stopped_) when it is raised.
  bool stopped() {
    if (stop_ == nullptr || !stop_->load(std::memory_order_relaxed)) return false;
    stopped_ = true;
    return hit_ = true;
  }

  static constexpr std::uint64_t kClockInterval = 1024;
  static constexpr double kCheckMs = 4.0;
  std::uint64_t max_nodes_;
  double max_ms_;
  const std::atomic<bool>* stop_;
  SearchProgress* progress_;
  double start_ms_;
  double checked_ms_ = start_ms_;
  // Without a clock or a flag to read, the watcher alone: every kClockInterval nodes.
  std::uint64_t interval_ = max_ms_ > 0.0 || stop_ != nullptr ? 1 : kClockInterval;
  std::uint64_t countdown_ = 0;  // calls before the next check
  bool hit_ = false;
  bool stopped_ = false;  // hit_ by the stop flag
  bool suspended_ = false;
};
// Every algorithm but sequential alpha-beta: the flag at every node (their nodes cost more, and a
// search one thread of many runs must end when told).
using SearchBudget = BasicSearchBudget<true>;

// Triangular principal-variation table: row p holds the best line found from ply p on, for plies
// below the depth limit (capped at kMaxPvPly). Grown as the search reaches deeper plies, so that a
// search to the end (limit kMaxPvPly) pays for the plies it visits, not for 257 x 257 moves.
class PvTable {
 public:
  explicit PvTable(int depth_limit) : rows_(std::clamp(depth_limit, 0, kMaxPvPly) + 1) {
    resize(std::min(rows_, kFirstRows));
  }

  void clear(int ply) {
    if (ply >= rows_) return;
    if (ply >= cap_) grow(ply);
    length_[static_cast<std::size_t>(ply)] = 0;
  }
  // The line at `ply` becomes `move` followed by the line at ply + 1.
  void update(int ply, Move move) {
    if (ply >= rows_) return;
    if (ply + 1 >= cap_ && cap_ < rows_) grow(ply + 1);
    const auto p = static_cast<std::size_t>(ply);
    const auto width = static_cast<std::size_t>(cap_);
    Move* row = &moves_[p * width];
    row[0] = move;
    std::size_t n = 1;
    if (ply + 1 < cap_) {
      const Move* child = &moves_[(p + 1) * width];
      const std::size_t child_len = std::min(length_[p + 1], width - p - 1);
      for (std::size_t i = 0; i < child_len; ++i) row[1 + i] = child[i];
      n += child_len;
    }
    length_[p] = n;
  }
  [[nodiscard]] std::vector<Move> line(int ply) const {
    if (ply >= cap_) return {};
    const auto p = static_cast<std::size_t>(ply);
    const Move* row = &moves_[p * static_cast<std::size_t>(cap_)];
    return std::vector<Move>(row, row + length_[p]);
  }

 private:
  static constexpr int kFirstRows = 32;

  // Rows 0..ply at least; a line from ply p holds at most cap_ - p moves, so rows of cap_ moves
  // hold every line.
  void grow(int ply) { resize(std::min(rows_, std::max(2 * cap_, ply + 1))); }
  void resize(int cap) {
    const auto width = static_cast<std::size_t>(cap);
    std::vector<Move> moves(width * width, kNoMove);
    for (std::size_t p = 0; p < static_cast<std::size_t>(cap_); ++p) {
      std::copy_n(&moves_[p * static_cast<std::size_t>(cap_)], length_[p], &moves[p * width]);
    }
    moves_ = std::move(moves);
    length_.resize(width + 1, 0);
    cap_ = cap;
  }

  int rows_;
  int cap_ = 0;  // rows (and moves a row) allocated
  std::vector<Move> moves_;
  std::vector<std::size_t> length_;
};

// The next iteration's depth under iterative deepening: one ply more, but in a search to the end
// of the game (limit kDepthMax) past 8 plies:
// - under a node or time budget (`anytime`), a quarter more: the search must be able to stop with
//   a deep completed iteration, and thirty single-ply iterations cost several times the exact
//   solve (Kalah(6,3) reaches no horizon before about 30 plies);
// - without one, straight to the end: the iterations between 8 plies and the end reach a horizon
//   and are all but full solves whose values no later iteration can use.
inline int next_iteration_depth(int depth, int limit, bool anytime) {
  if (limit != kDepthMax || depth < 8) return depth + 1;
  return anytime ? depth + depth / 4 : limit;
}

// Limits every algorithm rejects up front (the CLI checks them too; this guards library callers).
inline void check_limits(const SearchLimits& limits) {
  if (limits.depth < 0) throw ParamError("search depth must be at least 0");
  if (!(limits.max_ms >= 0.0)) throw ParamError("search time budget must be at least 0 ms");
}

// A growable array whose elements never move: segment s holds 2^(s + kFirstShift) elements, so
// growth copies nothing and an index maps to its segment with one bit_width. Segments of 2 MiB
// and more go on huge pages where the kernel offers them: a best-first search touches its arena
// all over, and page faults otherwise cost more than the nodes themselves.
template <class T>
class SegmentedArena {
 public:
  SegmentedArena() = default;
  SegmentedArena(const SegmentedArena&) = delete;
  SegmentedArena& operator=(const SegmentedArena&) = delete;
  ~SegmentedArena() {
    if constexpr (!std::is_trivially_destructible_v<T>) {
      for (std::size_t i = 0; i < size_; ++i) (*this)[i].~T();
    }
  }

  T& operator[](std::size_t i) {
    const std::size_t j = (i >> kFirstShift) + 1;
    const auto seg = static_cast<std::size_t>(std::bit_width(j)) - 1;
    return segments_[seg].get()[i - (((std::size_t{1} << seg) - 1) << kFirstShift)];
  }
  const T& operator[](std::size_t i) const { return const_cast<SegmentedArena&>(*this)[i]; }

  // A default-constructed element at the end; its index is size() - 1.
  T& emplace_back() {
    if (size_ == capacity_) grow();
    ++size_;
    return *::new (static_cast<void*>(&(*this)[size_ - 1])) T();
  }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] std::size_t bytes() const { return capacity_ * sizeof(T); }

 private:
  static constexpr std::size_t kFirstShift = 8;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  struct FreeDeleter {
    void operator()(T* p) const { std::free(p); }
  };

  void grow() {
    const std::size_t count = std::size_t{1} << (segments_.size() + kFirstShift);
    std::size_t bytes = count * sizeof(T);
    const std::size_t align =
        bytes >= kHugePage ? kHugePage : std::max<std::size_t>(alignof(T), 64);
    bytes = (bytes + align - 1) / align * align;
    void* raw = std::aligned_alloc(align, bytes);
    if (raw == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    if (align == kHugePage) madvise(raw, bytes, MADV_HUGEPAGE);
#endif
    segments_.emplace_back(static_cast<T*>(raw));
    capacity_ += count;
  }

  std::vector<std::unique_ptr<T, FreeDeleter>> segments_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

using gts::splitmix64;

// Uniform index in [0, n) from a seed; the same on every platform (no std:: distributions).
inline std::size_t seeded_pick(std::uint64_t seed, std::size_t n) {
  std::uint64_t state = seed;
  const std::uint64_t r = splitmix64(state);
  return static_cast<std::size_t>((static_cast<unsigned __int128>(r) * n) >> 64);
}

// Games may publish the interval the exact final outcome must lie in (Kalah: stores only grow).
template <class G>
concept HasOutcomeBounds = requires(const G& game, const typename G::State& s) {
  { game.outcome_bounds(s).first } -> std::convertible_to<Value>;
  { game.outcome_bounds(s).second } -> std::convertible_to<Value>;
};

// Games may also know the exact final outcome of some moves without playing them (Connect Four: a
// move that lets the opponent win at once): `move_outcome(s, m)`, the value for the side to move
// at `s`, or nothing. Like the bounds, it holds for searches to the end of the game.
template <class G>
concept HasMoveOutcome = requires(const G& game, const typename G::State& s, Move m) {
  { *game.move_outcome(s, m) } -> std::convertible_to<Value>;
  { static_cast<bool>(game.move_outcome(s, m)) };
};

// Games may give the proof-number solvers relevance zones (Kishimoto and Mueller 2005): a set
// of "points" per solved position such that every position that agrees with it there (and in
// everything the game says its zones leave out) has the same exact result. The solvers then refute
// a losing mover's moves outside the zone of its null move's refutation without searching them.
// Go capture has them (games/go_capture/go_capture.h says what the hooks promise).
template <class G>
concept HasRelevanceZones = requires(const G& game, const typename G::State& s, Move m,
                                     typename G::Zone& z, const typename G::Zone& cz) {
  { game.zones_sound() } -> std::convertible_to<bool>;
  game.add_status_zone(s, z);
  game.add_move_zone(s, m, z);
  { game.null_child(s) } -> std::convertible_to<typename G::State>;
  game.null_move_zone(s, cz, z, z);
  { G::outside(cz, m) } -> std::convertible_to<bool>;
  z |= cz;
  z.fill();
  z.clear();
};

// Games may name the moves that can matter most: `focus_moves(s, moves)` fills `moves` with the
// legal moves (the same set as legal_moves, in an order of its own that depends only on `s`, less
// any move the game shows is never better for its mover than the best of the others) and
// returns how many at the front are the focus. df-pn then plays and evaluates only those when it
// expands a node; the others are played one at a time, when the search selects them (lazy
// expansion: on a 19x19 capture problem most of the ~360 moves are never selected).
template <class G>
concept HasFocusMoves = requires(const G& game, const typename G::State& s, MovesOf<G>& moves) {
  { game.focus_moves(s, moves) } -> std::convertible_to<std::size_t>;
};

// Games whose legal_moves orders the moves at a cost (Connect Four: by threats) may list the same
// set without it: `unordered_moves(s, moves)`, for searches that need only the set (random
// playouts). unordered_legal_moves picks it where a game has it.
template <class G>
concept HasUnorderedMoves = requires(const G& game, const typename G::State& s, MovesOf<G>& moves) {
  { game.unordered_moves(s, moves) } -> std::same_as<void>;
};
template <class G>
void unordered_legal_moves(const G& game, const typename G::State& s, MovesOf<G>& moves) {
  if constexpr (HasUnorderedMoves<G>) {
    game.unordered_moves(s, moves);
  } else {
    game.legal_moves(s, moves);
  }
}

// Moves `m` to the front of `moves` keeping the others' order; false when it is not there (a TT
// move from a hash collision, say).
template <std::size_t N>
bool move_to_front(MoveList<N>& moves, Move m) {
  if (m == kNoMove) return false;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i] == m) {
      for (std::size_t j = i; j > 0; --j) moves[j] = moves[j - 1];
      moves[0] = m;
      return true;
    }
  }
  return false;
}

}  // namespace gts::detail
