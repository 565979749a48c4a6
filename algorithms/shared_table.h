// Transposition table shared by the threads of a parallel search (Lazy SMP, ABDADA): the same
// bounds, draft and best move as TranspositionTable, in a dense 16-byte entry that threads read
// and write without locks. Hyatt and Mann's lockless scheme ("A lock-less transposition table
// implementation for parallel search", ICGA Journal 2002): an entry is two 64-bit words, the data
// and the key XOR the data, each written and read as one relaxed atomic. A reader accepts an
// entry only when the two words it read XOR to its key, so a word pair torn by concurrent writers
// reads as a miss (up to a 2^-64 coincidence), never as another position's bounds.
//
// The data word: lower and upper bound (16 bits each; a bound outside +-32766 is stored weakened,
// never tightened, so every stored bound stays true), the best move's index (10 bits; an index
// above 1022 is stored as none, which only loses an ordering hint), the work (6 bits: 1 + log2 of
// the nodes the result cost), the draft (8 bits, 255 exact) and the generation of the search that
// wrote it (8 bits). Four entries fill a 64-byte bucket (one cache line). A new search advances
// the generation (O(1)); entries of another generation read as empty, and every 255 searches the
// whole table is cleared once. Replacement within a bucket, as in TranspositionTable: the same
// position (a deeper draft replaces, an equal one narrows), else an empty or stale entry, else the
// smallest draft and among equal drafts the least work (in a solve every draft is exact, so the
// work alone keeps the expensive results).
//
// Given room (max_mib), the table grows as TranspositionTable does: it doubles in place, keeping
// its entries, once stores have evicted as many live entries as it has buckets. A thread cannot
// move entries under another's feet, so growing is asked for, not done: the store that crosses the
// line raises the table's growth flag and the stop flag the parallel driver gave it; the driver
// grows the table once every thread has stopped and runs the interrupted pass again, which finds
// all it had stored.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <optional>
#include <string>

#include "algorithms/transposition_table.h"
#include "games/game.h"
#include "games/params.h"

namespace gts {

// One entry as read from the table (a consistent copy), with TtEntry's accessors.
class SharedTtEntry {
 public:
  [[nodiscard]] Value lower() const { return lower_; }
  [[nodiscard]] Value upper() const { return upper_; }
  [[nodiscard]] int move_index() const { return move_index_; }
  [[nodiscard]] std::int32_t draft() const { return draft_; }

 private:
  friend class SharedTable;
  Value lower_ = -kInfinity;
  Value upper_ = kInfinity;
  int move_index_ = kNoMoveIndex;
  std::int32_t draft_ = 0;
};

class SharedTable {
 public:
  static constexpr std::size_t kEntryBytes = 16;

  // Throws ParamError unless 1 <= mib <= max_mib <= TranspositionTable::kMaxMib (max_mib 0: mib,
  // a table that never grows).
  explicit SharedTable(std::size_t mib, std::size_t max_mib = 0) {
    const detail::TableMemory m = detail::map_table(mib, max_mib, sizeof(Bucket));
    count_ = first_count_ = high_count_ = m.first_count;
    max_count_ = m.max_count;
    reserved_ = m.bytes;
    set_growth_threshold();
    // Zero pages: generation 0, which no search uses.
    buckets_ = static_cast<Bucket*>(m.base);
  }
  // As TranspositionTable's: the buckets used since the generation last wrapped go back zeroed.
  ~SharedTable() {
    detail::release_zero_pages(buckets_, reserved_, max_count_ > first_count_,
                               high_count_ * sizeof(Bucket), 0);
  }
  SharedTable(const SharedTable&) = delete;
  SharedTable& operator=(const SharedTable&) = delete;

  // Empties the table for the next search, in O(1) but once in 255 calls, and takes it back to
  // its first size. Only while no thread uses the table.
  void new_search() {
    if (++generation_ == 256) {  // the entry keeps 8 bits of it
      for (std::size_t i = 0; i < high_count_; ++i) clear(buckets_[i]);
      generation_ = 1;
    }
    count_ = first_count_;
    set_growth_threshold();
  }

  // The flag a store sets, besides the table's own, when the table wants to grow: the parallel
  // driver's stop flag (nullptr: none).
  void set_growth_stop(std::atomic<bool>* stop) { growth_stop_ = stop; }
  // Adds `n` live entries evicted by one thread's stores; past the threshold, asks for growth.
  void add_evictions(std::size_t n) {
    if (evictions_.fetch_add(n, std::memory_order_relaxed) + n <= grow_after_) return;
    if (growth_wanted_.exchange(true, std::memory_order_relaxed)) return;
    if (growth_stop_ != nullptr) growth_stop_->store(true, std::memory_order_relaxed);
  }
  // Doubles the table if a store asked for it; true if it grew. Only while no thread uses the
  // table.
  bool grow_if_wanted() {
    if (!growth_wanted_.load(std::memory_order_relaxed)) return false;
    grow();
    return true;
  }

  // Copies the entry of `key` into `out`: false when the table holds none (or only a torn one).
  bool load(std::uint64_t key, SharedTtEntry& out) const {
    for (const Slot& s : bucket(key).slots) {
      const std::uint64_t data = s.data.load(std::memory_order_relaxed);
      const std::uint64_t check = s.check.load(std::memory_order_relaxed);
      if ((check ^ data) != key || generation_of(data) != generation_) continue;
      out = decode(data);
      return true;
    }
    return false;
  }

  // The entry of `key`, as load.
  [[nodiscard]] std::optional<SharedTtEntry> probe(std::uint64_t key) const {
    SharedTtEntry e;
    if (!load(key, e)) return std::nullopt;
    return e;
  }

  // As TranspositionTable::store; true when a live entry of another position was evicted (which
  // the caller counts towards growth, add_evictions).
  bool store(std::uint64_t key, std::int32_t draft, Value lower, Value upper, int move_index,
             std::uint64_t nodes) {
    Bucket& b = bucket(key);
    const std::uint32_t code = draft == kDraftExact ? kExactCode
                               : draft > static_cast<std::int32_t>(kMaxDraft)
                                   ? kMaxDraft
                                   : static_cast<std::uint32_t>(std::max(draft, 0));
    std::uint32_t work = std::min<std::uint32_t>(kMaxWork, 1 + std::bit_width(nodes));
    // The victim: an empty or stale slot, else the smallest draft and least work (the first of
    // equals).
    Slot* victim = &b.slots[0];
    std::uint32_t victim_rank = ~std::uint32_t{0};
    for (Slot& s : b.slots) {
      const std::uint64_t data = s.data.load(std::memory_order_relaxed);
      const std::uint64_t check = s.check.load(std::memory_order_relaxed);
      const bool live = generation_of(data) == generation_;
      if (live && (check ^ data) == key) {
        const std::uint32_t old_code = draft_code(data);
        if (code < old_code) return false;
        const SharedTtEntry old = decode(data);
        if (move_index == kNoMoveIndex) move_index = old.move_index_;
        if (code == old_code) {
          work = std::max(work, work_of(data));
          detail::narrow_bounds(old.lower_, old.upper_, lower, upper);
        }
        write(s, key, encode(code, work, lower, upper, move_index));
        return false;
      }
      const std::uint32_t rank = live ? ((1 + draft_code(data)) << kWorkBits) | work_of(data) : 0;
      if (rank < victim_rank) {
        victim = &s;
        victim_rank = rank;
      }
    }
    write(*victim, key, encode(code, work, lower, upper, move_index));
    return victim_rank != 0;
  }

  void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket(key)); }
  [[nodiscard]] std::size_t bytes() const { return count_ * sizeof(Bucket); }
  [[nodiscard]] std::size_t num_entries() const { return count_ * kWays; }
  [[nodiscard]] std::size_t max_bytes() const { return reserved_; }

 private:
  static constexpr std::size_t kWays = 4;
  static constexpr std::uint32_t kExactCode = 255;
  static constexpr std::uint32_t kMaxDraft = 254;
  static constexpr std::int32_t kLowest = -32767;  // below: no lower bound (code -32768)
  static constexpr std::int32_t kHighest = 32766;  // above: no upper bound (code 32767)
  static constexpr std::uint32_t kMoveBits = 10;
  static constexpr std::uint64_t kNoMoveCode = (1U << kMoveBits) - 1;
  static constexpr std::uint32_t kWorkBits = 6;
  static constexpr std::uint32_t kMaxWork = (1U << kWorkBits) - 1;

  struct Slot {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;
  };
  struct alignas(64) Bucket {
    Slot slots[kWays];
  };
  static_assert(sizeof(Bucket) == 64 && sizeof(Slot) == kEntryBytes);

  // A lower bound is stored rounded down, an upper bound rounded up, into the 16-bit range.
  static std::uint64_t encode_lower(Value v) {
    const std::int32_t c = v < kLowest ? -32768 : std::min<std::int32_t>(v, kHighest);
    return static_cast<std::uint16_t>(static_cast<std::int16_t>(c));
  }
  static std::uint64_t encode_upper(Value v) {
    const std::int32_t c = v > kHighest ? 32767 : std::max<std::int32_t>(v, kLowest);
    return static_cast<std::uint16_t>(static_cast<std::int16_t>(c));
  }
  [[nodiscard]] std::uint64_t encode(std::uint32_t code, std::uint32_t work, Value lower,
                                     Value upper, int move_index) const {
    const std::uint64_t move = move_index >= 0 && static_cast<std::uint64_t>(move_index) < kNoMoveCode
                                   ? static_cast<std::uint64_t>(move_index)
                                   : kNoMoveCode;
    return encode_lower(lower) | (encode_upper(upper) << 16) | (move << 32) |
           (std::uint64_t{work} << 42) | (std::uint64_t{code} << 48) |
           (std::uint64_t{generation_} << 56);
  }
  static SharedTtEntry decode(std::uint64_t data) {
    SharedTtEntry e;
    const auto lo = static_cast<std::int16_t>(data & 0xFFFF);
    const auto hi = static_cast<std::int16_t>((data >> 16) & 0xFFFF);
    e.lower_ = lo == -32768 ? -kInfinity : Value{lo};
    e.upper_ = hi == 32767 ? kInfinity : Value{hi};
    const std::uint64_t move = (data >> 32) & kNoMoveCode;
    e.move_index_ = move == kNoMoveCode ? kNoMoveIndex : static_cast<int>(move);
    const std::uint32_t code = draft_code(data);
    e.draft_ = code == kExactCode ? kDraftExact : static_cast<std::int32_t>(code);
    return e;
  }
  static std::uint32_t work_of(std::uint64_t data) {
    return static_cast<std::uint32_t>((data >> 42) & kMaxWork);
  }
  static std::uint32_t draft_code(std::uint64_t data) {
    return static_cast<std::uint32_t>((data >> 48) & 0xFF);
  }
  static std::uint32_t generation_of(std::uint64_t data) {
    return static_cast<std::uint32_t>(data >> 56);
  }
  static void write(Slot& s, std::uint64_t key, std::uint64_t data) {
    s.check.store(key ^ data, std::memory_order_relaxed);
    s.data.store(data, std::memory_order_relaxed);
  }

  [[nodiscard]] std::size_t index(std::uint64_t key) const {
    const std::uint64_t mixed = key * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>((static_cast<unsigned __int128>(mixed) * count_) >> 64);
  }
  Bucket& bucket(std::uint64_t key) { return buckets_[index(key)]; }
  [[nodiscard]] const Bucket& bucket(std::uint64_t key) const { return buckets_[index(key)]; }

  static void clear(Bucket& b) {
    for (Slot& s : b.slots) {
      s.check.store(0, std::memory_order_relaxed);
      s.data.store(0, std::memory_order_relaxed);
    }
  }
  // Doubles the bucket count in place, as TranspositionTable::grow: a key of bucket i goes to 2i
  // or 2i + 1, so walking down from the last bucket moves every live entry before its new bucket
  // is overwritten, and no new bucket receives more than its old one's four.
  void grow() {
    const std::size_t old_count = count_;
    count_ = 2 * old_count;
    high_count_ = std::max(high_count_, count_);
    for (std::size_t i = old_count; i-- > 0;) {
      std::uint64_t data[kWays];
      std::uint64_t check[kWays];
      for (std::size_t w = 0; w < kWays; ++w) {
        data[w] = buckets_[i].slots[w].data.load(std::memory_order_relaxed);
        check[w] = buckets_[i].slots[w].check.load(std::memory_order_relaxed);
      }
      clear(buckets_[2 * i]);
      clear(buckets_[2 * i + 1]);
      for (std::size_t w = 0; w < kWays; ++w) {
        if (generation_of(data[w]) != generation_) continue;
        const std::uint64_t key = check[w] ^ data[w];
        for (Slot& s : bucket(key).slots) {
          if (generation_of(s.data.load(std::memory_order_relaxed)) != generation_) {
            write(s, key, data[w]);
            break;
          }
        }
      }
    }
    set_growth_threshold();
  }
  void set_growth_threshold() {
    evictions_.store(0, std::memory_order_relaxed);
    growth_wanted_.store(false, std::memory_order_relaxed);
    grow_after_ = count_ < max_count_ ? count_ : std::numeric_limits<std::size_t>::max();
  }

  std::size_t count_ = 0;        // buckets in use
  std::size_t first_count_ = 0;  // buckets at the start of each search
  std::size_t high_count_ = 0;   // the most buckets used since the last clear
  std::size_t max_count_ = 0;    // buckets the reserved memory holds
  std::size_t reserved_ = 0;     // bytes mapped
  std::size_t grow_after_ = 0;   // evictions that ask for growth (never, at max_count_)
  std::atomic<std::size_t> evictions_{0};  // live entries evicted since the last growth
  std::atomic<bool> growth_wanted_{false};
  std::atomic<bool>* growth_stop_ = nullptr;
  Bucket* buckets_ = nullptr;
  std::uint32_t generation_ = 0;  // 1..255 once a search started
};

// One thread's handle on a SharedTable, with the interface AlphaBetaSearcher uses of a
// TranspositionTable: a probe returns a pointer to the thread's own copy of the entry (good until
// its next probe). new_search does nothing: the parallel driver empties the table once, before its
// threads start. A cache line of its own: the copy is written at every probe, and views of threads
// next to each other on the heap would otherwise pass one line back and forth between cores.
class alignas(64) SharedTableView {
 public:
  static constexpr std::size_t kEntryBytes = SharedTable::kEntryBytes;
  explicit SharedTableView(SharedTable& table) : table_(&table) {}
  void new_search() {}
  const SharedTtEntry* probe(std::uint64_t key) {
    return table_->load(key, scratch_) ? &scratch_ : nullptr;
  }
  // Evictions go to the table a batch at a time (one shared counter per store would be contended).
  void store(std::uint64_t key, std::int32_t draft, Value lower, Value upper, int move_index,
             std::uint64_t nodes) {
    if (table_->store(key, draft, lower, upper, move_index, nodes) && ++evicted_ == kBatch) {
      table_->add_evictions(kBatch);
      evicted_ = 0;
    }
  }
  void prefetch(std::uint64_t key) const { table_->prefetch(key); }
  [[nodiscard]] std::size_t bytes() const { return table_->bytes(); }
  [[nodiscard]] std::size_t num_entries() const { return table_->num_entries(); }
  [[nodiscard]] std::uint64_t entries_bytes(std::uint64_t n) const { return n * kEntryBytes; }

 private:
  static constexpr std::size_t kBatch = 256;
  SharedTable* table_;
  SharedTtEntry scratch_;
  std::size_t evicted_ = 0;
};

}  // namespace gts
