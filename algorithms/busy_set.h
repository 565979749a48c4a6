// ABDADA's record of the positions some thread is searching now (Weill 1996, in the simplified
// form of modern engines: a small lock-free hash set of position keys instead of a counter in
// every table entry). A thread marks a child before searching it and unmarks it after; another
// thread reaching the same child as a young brother puts it off and searches its other moves
// first. The set is only advice: a lost or stale mark changes the order of a search, never its
// value.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace gts {

class BusySet {
 public:
  BusySet() : slots_(std::make_unique<std::atomic<std::uint64_t>[]>(kSize)) {
    for (std::size_t i = 0; i < kSize; ++i) slots_[i].store(0, std::memory_order_relaxed);
  }
  [[nodiscard]] bool busy(std::uint64_t key) const {
    return slots_[key & (kSize - 1)].load(std::memory_order_relaxed) == key;
  }
  void mark(std::uint64_t key) { slots_[key & (kSize - 1)].store(key, std::memory_order_relaxed); }
  // Unmarks `key` unless another position took its slot since.
  void unmark(std::uint64_t key) {
    std::uint64_t expected = key;
    slots_[key & (kSize - 1)].compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kSize = std::size_t{1} << 15;
  std::unique_ptr<std::atomic<std::uint64_t>[]> slots_;
};

}  // namespace gts
