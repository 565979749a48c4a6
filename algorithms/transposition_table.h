// Transposition table for alpha-beta and the MT family: 20-byte entries holding both a lower and
// an upper bound with their draft and the best move, three to a 64-byte bucket (one cache line, so
// a probe costs one memory access). A new result for the same position narrows its entry (same
// draft) or replaces it (deeper); a new position takes an empty slot, else the bucket's least
// valuable entry: the one of smallest draft and, among equal drafts, smallest work (log2 of the
// nodes it cost). Deep and expensive results survive, the cheapest slot churns (the
// always-replace half of a two-level table). Results proven with no horizon below them carry the
// draft kDraftExact, good at any depth, and outrank every finite draft.
//
// A table can serve many searches (a tournament player keeps one for a whole game; the Connect
// Four benchmark one for thousands of positions): new_search() empties it in O(1) by advancing a
// 32-bit generation. Each bucket records the generation of the search that last wrote to it, in
// the four bytes its three entries leave free on the cache line: a bucket of an older search reads
// as empty (aging at bucket grain: a probe compares the full 64-bit key, no key bits are spent on
// the generation) and is taken over whole by the first store of the new search. So each search
// still starts from an empty table (of the table's first size, when it grew), and its node counts
// do not depend on what was searched before; nothing is ever swept, but for one clear when the
// counter wraps, once in 2^32 searches. The memory comes from mmap, zero-filled by the kernel page
// by page as it is first touched. A search starts on a few buckets at the front of it and doubles
// them, in place, whenever a store would evict a live entry, until they are the table's size: a
// search holds exactly what a table of its full size from the start would (the buckets a key can
// reach split, they never merge), yet one of a few thousand positions touches one huge page (the
// table starts on one), not every page of `mib` MiB.
// A table may be given room to grow (max_mib): it then doubles in place, keeping its entries, each
// time its stores have evicted as many live entries as it has buckets, so an exact solve gets the
// memory its size calls for without a small one paying to fault in pages it would scatter its few
// entries over.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <type_traits>

#include "games/game.h"
#include "games/params.h"

namespace gts {

// Draft of a result that no horizon influenced: it is exact to the end of the game and so good for
// any remaining depth, which lets finite-depth iterations feed an exact solve.
inline constexpr std::int32_t kDraftExact = std::numeric_limits<std::int32_t>::max();

// Moves are stored as their index in legal_moves order, which fits 16 bits whatever the game's
// move encoding.
inline constexpr int kNoMoveIndex = 0xFFFF;

namespace detail {

// The memory of a table of `mib` MiB in buckets of `bucket_bytes`, given room to double up to
// `max_mib` (0: mib, no growth). Throws ParamError unless 1 <= mib <= max_mib <= kMaxTableMib. The
// whole limit is reserved as address space, huge pages asked for; pages are only made as probes
// and stores touch them (zero pages: empty buckets).
inline constexpr std::size_t kMaxTableMib = 65536;
struct TableMemory {
  void* base = nullptr;
  std::size_t first_count = 0;  // buckets in `mib`
  std::size_t max_count = 0;    // first_count times the largest power of two within max_mib
  std::size_t bytes = 0;        // reserved: max_count buckets
};
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
inline TableMemory map_table(std::size_t mib, std::size_t max_mib, std::size_t bucket_bytes) {
  if (max_mib == 0) max_mib = mib;
  if (mib < 1 || mib > kMaxTableMib) {
    throw ParamError("transposition table size must be 1.." + std::to_string(kMaxTableMib) +
                     " MiB, got " + std::to_string(mib));
  }
  if (max_mib < mib || max_mib > kMaxTableMib) {
    throw ParamError("transposition table growth limit must be " + std::to_string(mib) + ".." +
                     std::to_string(kMaxTableMib) + " MiB, got " + std::to_string(max_mib));
  }
  TableMemory m;
  m.first_count = mib * (std::size_t{1} << 20) / bucket_bytes;
  m.max_count = m.first_count;
  while (2 * m.max_count * bucket_bytes <= max_mib * (std::size_t{1} << 20)) m.max_count *= 2;
  m.bytes = m.max_count * bucket_bytes;
  // Aligned to a huge page, so that the first buckets a search uses lie in one.
  const std::size_t slack = m.bytes >= kHugePageBytes ? kHugePageBytes : 0;
  void* raw = mmap(nullptr, m.bytes + slack, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | (m.max_count > m.first_count ? MAP_NORESERVE : 0),
                   -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const auto at = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = slack == 0 ? at : (at + slack - 1) / slack * slack;
  if (aligned != at) munmap(raw, aligned - at);
  if (const std::size_t tail = slack - (aligned - at); tail != 0) {
    munmap(reinterpret_cast<void*>(aligned + m.bytes), tail);
  }
  m.base = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  // A probe is one random memory access; with 4 KiB pages most of them also miss the TLB.
  if (slack != 0) madvise(m.base, m.bytes, MADV_HUGEPAGE);
#endif
  return m;
}

}  // namespace detail

class TtEntry {
 public:
  [[nodiscard]] std::uint64_t key() const {
    return (std::uint64_t{key_hi_} << 32) | std::uint64_t{key_lo_};
  }
  // What the searches so far proved at this draft: lower() <= value <= upper(), with -kInfinity
  // and kInfinity for "nothing proved". Both bounds are kept, so that a null-window pass testing
  // from above and one testing from below (MTD(f), NegaScout's scouts and re-searches) each
  // reuse what the other proved.
  [[nodiscard]] Value lower() const { return lower_; }
  [[nodiscard]] Value upper() const { return upper_; }
  [[nodiscard]] int move_index() const { return move_index_; }
  // kDraftExact, or the remaining depth the result was searched to (capped at kMaxDraft: a capped
  // draft only understates what the entry is good for).
  [[nodiscard]] std::int32_t draft() const {
    return draft_ == kExactCode ? kDraftExact : static_cast<std::int32_t>(draft_);
  }

 private:
  friend class TranspositionTable;
  static constexpr std::uint8_t kExactCode = 255;
  static constexpr std::int32_t kMaxDraft = 254;

  void set_key(std::uint64_t k) {
    key_lo_ = static_cast<std::uint32_t>(k);
    key_hi_ = static_cast<std::uint32_t>(k >> 32);
  }
  [[nodiscard]] unsigned priority() const { return (unsigned{draft_} << 8) | work_; }

  // The key as two halves: 4-byte alignment packs three entries into a 64-byte bucket.
  std::uint32_t key_lo_ = 0;
  std::uint32_t key_hi_ = 0;
  Value lower_ = -kInfinity;
  Value upper_ = kInfinity;
  std::uint16_t move_index_ = kNoMoveIndex;
  std::uint8_t draft_ = 0;
  std::uint8_t work_ = 0;  // 1 + log2 of the nodes the result cost; 0: empty
};
static_assert(sizeof(TtEntry) == 20);

class TranspositionTable {
 public:
  static constexpr std::size_t kMaxMib = detail::kMaxTableMib;
  // The growth limit the searches to the end use unless told otherwise (`tt_max_mb`).
  static constexpr std::size_t kDefaultGrowthMib = 2048;
  static constexpr std::size_t kEntryBytes = sizeof(TtEntry);

  // Throws ParamError unless 1 <= mib <= max_mib <= kMaxMib (max_mib 0: mib, a table that never
  // grows). A table given room to grow starts at `mib` and doubles, keeping every entry, each time
  // stores have evicted as many live entries as it has buckets, while the doubled size fits in
  // max_mib: a big solve gets the memory it needs, a small one never touches more than `mib`.
  explicit TranspositionTable(std::size_t mib, std::size_t max_mib = 0) {
    const detail::TableMemory m = detail::map_table(mib, max_mib, sizeof(Bucket));
    first_count_ = m.first_count;
    // The fewest buckets (at least a page's) that double exactly into first_count_.
    start_count_ = first_count_;
    while (start_count_ % 2 == 0 && start_count_ / 2 >= kStartBuckets) start_count_ /= 2;
    count_ = start_count_;
    max_count_ = m.max_count;
    reserved_ = m.bytes;
    set_growth_threshold();
    // Zero pages are buckets of generation 0, which no search uses.
    buckets_ = static_cast<Bucket*>(m.base);
  }
  ~TranspositionTable() { munmap(buckets_, reserved_); }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Empties the table for the next search in O(1): every bucket written so far becomes stale, and
  // the table goes back to its few first buckets (its pages stay mapped), so that no search's
  // node counts depend on what was searched before it, nor does a small search scatter its few
  // entries over the memory a big one needed.
  void new_search() {
    if (++generation_ == 0) {
      clear();
      generation_ = 1;
    }
    count_ = start_count_;
    evictions_ = 0;
    set_growth_threshold();
  }
  // Empties the table by writing all of its size (every page faulted in) and uses all of it at
  // once: for a caller that wants the page faults paid before it starts timing searches. What a
  // search stores is the same either way; the next new_search() starts small again.
  void clear() {
    count_ = std::max(count_, first_count_);
    std::memset(static_cast<void*>(buckets_), 0, count_ * sizeof(Bucket));
    evictions_ = 0;
    set_growth_threshold();
  }

  [[nodiscard]] const TtEntry* probe(std::uint64_t key) const {
    const Bucket& b = bucket(key);
    if (b.generation != generation_) return nullptr;
    for (const TtEntry& e : b.e) {
      if (e.work_ != 0 && e.key() == key) return &e;
    }
    return nullptr;
  }

  // Records that lower <= value <= upper at `draft` (`nodes`: what the result cost). For the same
  // position, a deeper result replaces the entry, one of the same draft narrows it (both bounds
  // kept), a shallower one changes nothing; a result without a best move (a fail-low) keeps the
  // move stored before. Otherwise an empty slot, else the bucket's least valuable entry goes:
  // smallest draft, and among equal drafts the least work, so deep and expensive results stay.
  void store(std::uint64_t key, std::int32_t draft, Value lower, Value upper, int move_index,
             std::uint64_t nodes) {
    if (evictions_ > grow_after_) grow();
    Bucket* bp = &bucket(key);
    // Below the table's size, a full bucket grows the buckets rather than evict: a table of the
    // full size would have kept every entry the smaller one holds.
    while (count_ < first_count_ && bp->generation == generation_ && !has_room(*bp, key)) {
      grow();
      bp = &bucket(key);
    }
    Bucket& b = *bp;
    if (b.generation != generation_) {
      // A bucket of an earlier search: all of it is free.
      for (TtEntry& e : b.e) e.work_ = 0;
      b.generation = generation_;
    }
    TtEntry fresh;
    fresh.set_key(key);
    fresh.lower_ = lower;
    fresh.upper_ = upper;
    fresh.move_index_ = static_cast<std::uint16_t>(move_index);
    fresh.draft_ = draft == kDraftExact         ? TtEntry::kExactCode
                   : draft > TtEntry::kMaxDraft ? static_cast<std::uint8_t>(TtEntry::kMaxDraft)
                                                : static_cast<std::uint8_t>(draft < 0 ? 0 : draft);
    fresh.work_ = static_cast<std::uint8_t>(1 + std::bit_width(nodes));
    TtEntry* victim = &b.e[0];
    for (TtEntry& e : b.e) {
      if (e.work_ != 0 && e.key() == key) {
        if (fresh.draft_ < e.draft_) return;
        if (move_index == kNoMoveIndex) fresh.move_index_ = e.move_index_;
        if (fresh.draft_ == e.draft_) {
          const Value lo = std::max(fresh.lower_, e.lower_);
          const Value hi = std::min(fresh.upper_, e.upper_);
          // Bounds that cross come from a search instability at a horizon: trust the new one.
          if (lo <= hi) {
            fresh.lower_ = lo;
            fresh.upper_ = hi;
          }
          fresh.work_ = std::max(fresh.work_, e.work_);
        }
        e = fresh;
        return;
      }
      if (victim->work_ == 0) continue;  // an empty slot found already
      if (e.work_ == 0 || e.priority() < victim->priority()) victim = &e;
    }
    if (victim->work_ != 0) ++evictions_;
    *victim = fresh;
  }

  // Starts loading the bucket of `key`, for a probe a little later.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket(key)); }

  // The table's size now (it grows up to max_mib) and its entries; the first buckets of a search
  // that has not yet grown them to `mib` count as the whole `mib`, which their search behaves as.
  [[nodiscard]] std::size_t bytes() const { return std::max(count_, first_count_) * sizeof(Bucket); }
  [[nodiscard]] std::size_t num_entries() const { return std::max(count_, first_count_) * kWays; }
  [[nodiscard]] std::size_t max_bytes() const { return reserved_; }
  // The memory the search so far has spread its entries over (at most bytes(), once grown).
  [[nodiscard]] std::size_t used_bytes() const { return count_ * sizeof(Bucket); }

 private:
  static constexpr std::size_t kWays = 3;
  // A search's first buckets: one 4 KiB page.
  static constexpr std::size_t kStartBuckets = 64;

  struct alignas(64) Bucket {
    TtEntry e[kWays];
    std::uint32_t generation = 0;  // of the search that last stored here
  };
  static_assert(sizeof(Bucket) == 64 && std::is_trivially_destructible_v<Bucket>);

  // Multiply-shift onto any bucket count: no power-of-two rounding wastes the requested memory,
  // and the Fibonacci multiplier spreads hashes whose low bits are weak.
  [[nodiscard]] std::size_t index(std::uint64_t key) const {
    const std::uint64_t mixed = key * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>((static_cast<unsigned __int128>(mixed) * count_) >> 64);
  }
  Bucket& bucket(std::uint64_t key) { return buckets_[index(key)]; }
  // Whether a live bucket takes `key` without evicting: it holds the key or an empty slot.
  static bool has_room(const Bucket& b, std::uint64_t key) {
    for (const TtEntry& e : b.e) {
      if (e.work_ == 0 || e.key() == key) return true;
    }
    return false;
  }

  // Doubles the bucket count in place. With multiply-shift indexing, a key of bucket i goes to
  // bucket 2i or 2i + 1, so walking down from the last bucket moves every entry to buckets whose
  // old contents have already moved: nothing is lost, and each new bucket receives at most the
  // three entries of its old one.
  void grow() {
    const std::size_t old_count = count_;
    count_ = 2 * old_count;
    for (std::size_t i = old_count; i-- > 0;) {
      const Bucket old = buckets_[i];
      const bool live = old.generation == generation_;
      for (std::size_t half = 0; half < 2; ++half) {
        Bucket& to = buckets_[2 * i + half];
        for (TtEntry& e : to.e) e.work_ = 0;
        to.generation = live ? generation_ : 0;
      }
      if (!live) continue;
      for (const TtEntry& e : old.e) {
        if (e.work_ == 0) continue;
        for (TtEntry& slot : buckets_[index(e.key())].e) {
          if (slot.work_ == 0) {
            slot = e;
            break;
          }
        }
      }
    }
    evictions_ = 0;
    set_growth_threshold();
  }
  // Grow once stores have evicted more live entries than there are buckets, while there is room.
  void set_growth_threshold() {
    grow_after_ = count_ < max_count_ ? count_ : std::numeric_limits<std::size_t>::max();
  }
  [[nodiscard]] const Bucket& bucket(std::uint64_t key) const { return buckets_[index(key)]; }

  std::size_t count_ = 0;        // buckets in use
  std::size_t start_count_ = 0;  // buckets at the start of each search
  std::size_t first_count_ = 0;  // buckets in `mib`: below it, buckets grow instead of evicting
  std::size_t max_count_ = 0;    // buckets the reserved memory holds: count_ times a power of two
  std::size_t reserved_ = 0;     // bytes mapped
  std::size_t evictions_ = 0;    // live entries replaced since the last growth
  std::size_t grow_after_ = 0;   // evictions that make it grow (never, at max_count_)
  Bucket* buckets_ = nullptr;
  std::uint32_t generation_ = 1;
};

}  // namespace gts
