// The tree of Monte Carlo tree search (algorithms/mcts.h): its node and the pool its nodes live in.
// Threads take the pool in chunks, each into an arena of its own, so that making a node touches
// nothing another thread writes: no shared counter per expansion, and the nodes one thread makes
// never share a cache line with another's (chunks start on cache-line boundaries).
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>

#include "games/game.h"
#include "games/params.h"

namespace gts::detail {

// One tree node. Children of a node are consecutive in the pool, published by `state` (release)
// after the expanding thread has written them.
struct MctsNode {
  std::atomic<std::uint32_t> visits{0};  // iterations through it, those under way (root: none)
  std::uint32_t first_child = 0;         // valid once state == kExpanded (0 is the root)
  std::atomic<std::uint64_t> score{0};   // rewards summed, in units of 1/kRewardOne
  std::atomic<Value> pess{-kInfinity};   // bounds on its exact value (solver)
  std::atomic<Value> opt{kInfinity};
  std::atomic<float> minimax{0.5f};  // implicit minimax value as a reward (alpha > 0)
  Move move = kNoMove;               // the move into it
  std::uint16_t num_children = 0;
  std::atomic<std::uint8_t> state{0};  // kLeaf, kExpanding, kExpanded

  static constexpr std::uint8_t kLeaf = 0, kExpanding = 1, kExpanded = 2;
};

inline constexpr std::size_t kCacheLine = 64;

// The nodes of one tree: one mapping of its byte cap, its pages made only as nodes are used, so
// that the cap costs nothing until the tree reaches it; no allocation per iteration.
class MctsPool {
 public:
  // A thread's part of the pool: the nodes [next, end) it may still hand out, and how many it has.
  struct Arena {
    std::uint32_t next = 0, end = 0;
    std::size_t used = 0;
  };

  // A pool of `bytes` (`what` names the option that chose it) shared by `threads` arenas.
  MctsPool(std::size_t bytes, int threads, const std::string& what)
      : capacity_(std::min<std::size_t>(bytes / sizeof(MctsNode), std::size_t{0xffffffff})) {
    bytes_ = std::max<std::size_t>(capacity_, 1) * sizeof(MctsNode);
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
      throw ParamError(what + ": cannot reserve the tree's memory here; choose a smaller mem_mb");
    }
    base_ = static_cast<MctsNode*>(p);
    // Chunks of a whole number of cache lines, small enough that every thread gets several
    // before the cap (so that a thread is not refused while another holds most of the pool), at
    // most kMaxChunk nodes.
    const std::size_t share = capacity_ / (8 * static_cast<std::size_t>(std::max(threads, 1)));
    chunk_ = std::clamp<std::size_t>(share / kCacheLine * kCacheLine, kCacheLine, kMaxChunk);
  }
  MctsPool(const MctsPool&) = delete;
  MctsPool& operator=(const MctsPool&) = delete;
  ~MctsPool() { munmap(base_, bytes_); }

  MctsNode& operator[](std::uint32_t i) const { return base_[i]; }

  // `k` consecutive new nodes from `a` (refilled from the pool when they do not fit, the rest of
  // its chunk left unused); 0 when the pool cannot give them (then it never grows again). The
  // pool's first node, index 0, is the root: every later call returns more.
  std::uint32_t allocate(Arena& a, std::size_t k) {
    if (std::size_t{a.end} - a.next < k) {
      if (shared_.full.load(std::memory_order_relaxed)) return 0;
      const std::size_t size = std::max(chunk_, k);
      const std::size_t at = shared_.next.fetch_add(size, std::memory_order_relaxed);
      if (at + k > capacity_) {
        shared_.full.store(true, std::memory_order_relaxed);
        return 0;
      }
      a.next = static_cast<std::uint32_t>(at);
      a.end = static_cast<std::uint32_t>(std::min(at + size, capacity_));
    }
    const std::uint32_t first = a.next;
    for (std::size_t i = 0; i < k; ++i) ::new (static_cast<void*>(&base_[first + i])) MctsNode();
    a.next += static_cast<std::uint32_t>(k);
    a.used += k;
    return first;
  }
  [[nodiscard]] bool full() const { return shared_.full.load(std::memory_order_relaxed); }

 private:
  static constexpr std::size_t kMaxChunk = 16384;

  std::size_t capacity_;
  std::size_t bytes_ = 0;
  MctsNode* base_ = nullptr;
  std::size_t chunk_ = kCacheLine;
  // What the threads write, on a cache line of its own (the fields above are read at every node).
  struct alignas(kCacheLine) Shared {
    std::atomic<std::size_t> next{0};  // the first node no arena holds
    std::atomic<bool> full{false};
  } shared_;
};

}  // namespace gts::detail
