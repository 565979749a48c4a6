// Transposition table for alpha-beta and the MT family: 16-byte entries (a lower and an upper
// bound, full 32-bit Values, and one word holding their draft, the best move, the work, the
// search's generation and 36 bits checking the key, detail::EntryWord), four to a 64-byte bucket
// (one cache line, so a probe costs one memory access). The bucket and the check together pin 35 +
// log2(buckets) bits of the key (TranspositionTable::place): 57 at 256 MiB. A new result for the
// same position narrows its entry (same draft) or replaces it (deeper). Within a bucket the entries
// are kept most recently used first (a probe that hits and a store move their entry to the front);
// a new position takes an empty slot, else the least valuable entry behind the front one: the one
// of smallest draft and, among equal drafts, smallest work (log2 of the nodes it cost), a position
// whose value is proven exact (bounds met) counting as if it had cost four times as much. Deep,
// expensive and exact results survive, and the position used last is never the one that goes.
// Results proven with no horizon below them carry the draft kDraftExact, good at any depth, and
// outrank every finite draft.
//
// A table can serve many searches (a tournament player keeps one for a whole game; the Connect
// Four benchmark one for thousands of positions): new_search() empties it in O(1) by advancing a
// 6-bit generation, which every entry records: an entry of an older search reads as empty. Once
// in 63 searches the generation wraps and the buckets used since the last wrap are cleared. So
// each search starts from an empty table (of the table's first size, when it grew), and its node
// counts do not depend on what was searched before. The memory comes from mmap, zero-filled by
// the kernel page by page as it is first touched. A search starts on a few buckets at the front
// of it and doubles them, in place, whenever a store would evict a live entry, until they are the
// table's size: a search holds exactly what a table of its full size from the start would (the
// buckets a key can reach split, they never merge), yet one of a few thousand positions touches
// one huge page (the table starts on one), not every page of `mib` MiB.
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

#include "algorithms/zeroed_array.h"
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
struct EntryWord;
}  // namespace detail

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
inline TableMemory map_table(std::size_t mib, std::size_t max_mib, std::size_t bucket_bytes,
                             std::size_t made_bytes = 0) {
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
  // Aligned to a huge page, so that the first buckets a search uses lie in one; with 4 KiB
  // pages most probes, each one random access, would also miss the TLB.
  m.base = map_zero_pages(m.bytes, m.max_count > m.first_count, made_bytes);
  return m;
}

}  // namespace detail

// One entry as read from a table (a decoded copy).
class TtEntry {
 public:
  // What the searches so far proved at this draft: lower() <= value <= upper(), with -kInfinity
  // and kInfinity for "nothing proved". Both bounds are kept, so that a null-window pass testing
  // from above and one testing from below (MTD(f), NegaScout's scouts and re-searches) each
  // reuse what the other proved.
  [[nodiscard]] Value lower() const { return lower_; }
  [[nodiscard]] Value upper() const { return upper_; }
  [[nodiscard]] int move_index() const { return move_index_; }
  // kDraftExact, or the remaining depth the result was searched to (capped at 254: a capped draft
  // only understates what the entry is good for).
  [[nodiscard]] std::int32_t draft() const { return draft_; }

 private:
  friend struct detail::EntryWord;
  Value lower_ = -kInfinity;
  Value upper_ = kInfinity;
  int move_index_ = kNoMoveIndex;
  std::int32_t draft_ = 0;
};

namespace detail {

// A new result's bounds for a position whose entry at the same draft holds [old_lower,
// old_upper]: both kept, unless they cross (a search instability at a horizon: the new one wins).
inline void narrow_bounds(Value old_lower, Value old_upper, Value& lower, Value& upper) {
  const Value lo = std::max(lower, old_lower);
  const Value hi = std::min(upper, old_upper);
  if (lo <= hi) {
    lower = lo;
    upper = hi;
  }
}

// The two words of a TranspositionTable entry. `bounds`: the lower and the upper bound, 32 bits
// each, so that every Value (kInfinity included) round-trips exactly. `meta`, from bit 0: the
// generation of the search that wrote it (6 bits; 0 is no search's, so an all-zero entry is
// empty), the draft (8 bits, 255 exact), the work (5 bits: 1 + log2 of the nodes the result cost,
// at most 31), the best move's index (9 bits; an index above 510 is stored as none, which only
// loses an ordering hint) and 36 bits checking the key (kCheckMask, see TranspositionTable).
struct EntryWord {
  static constexpr std::uint32_t kExactCode = 255;
  static constexpr std::uint32_t kMaxDraft = 254;
  static constexpr std::uint32_t kGenerations = 64;  // 1..63 in use
  static constexpr int kCheckAt = 28;
  static constexpr std::uint64_t kCheckMask = ~((std::uint64_t{1} << kCheckAt) - 1);

  static std::uint32_t draft_code(std::int32_t draft) {
    return draft == kDraftExact ? kExactCode
           : draft > static_cast<std::int32_t>(kMaxDraft)
               ? kMaxDraft
               : static_cast<std::uint32_t>(std::max(draft, 0));
  }
  static std::uint32_t work_code(std::uint64_t nodes) {
    return std::min<std::uint32_t>(kMaxWork, 1 + static_cast<std::uint32_t>(std::bit_width(nodes)));
  }
  static std::uint64_t encode_bounds(Value lower, Value upper) {
    return std::uint64_t{static_cast<std::uint32_t>(lower)} |
           (std::uint64_t{static_cast<std::uint32_t>(upper)} << 32);
  }
  // `check`: the key's check bits, in place (kCheckMask).
  static std::uint64_t encode_meta(std::uint32_t draft, std::uint32_t work, int move_index,
                                   std::uint32_t generation, std::uint64_t check) {
    const std::uint64_t move = move_index >= 0 && static_cast<std::uint64_t>(move_index) < kNoMove
                                   ? static_cast<std::uint64_t>(move_index)
                                   : kNoMove;
    return std::uint64_t{generation} | (std::uint64_t{draft} << kDraftAt) |
           (std::uint64_t{work} << kWorkAt) | (move << kMoveAt) | (check & kCheckMask);
  }
  static Value lower(std::uint64_t bounds) {
    return static_cast<Value>(static_cast<std::uint32_t>(bounds));
  }
  static Value upper(std::uint64_t bounds) {
    return static_cast<Value>(static_cast<std::uint32_t>(bounds >> 32));
  }
  static TtEntry decode(std::uint64_t bounds, std::uint64_t meta) {
    TtEntry e;
    e.lower_ = lower(bounds);
    e.upper_ = upper(bounds);
    const std::uint64_t move = (meta >> kMoveAt) & kNoMove;
    e.move_index_ = move == kNoMove ? kNoMoveIndex : static_cast<int>(move);
    const std::uint32_t code = draft(meta);
    e.draft_ = code == kExactCode ? kDraftExact : static_cast<std::int32_t>(code);
    return e;
  }
  static std::uint32_t work(std::uint64_t meta) {
    return static_cast<std::uint32_t>((meta >> kWorkAt) & kMaxWork);
  }
  static std::uint32_t draft(std::uint64_t meta) {
    return static_cast<std::uint32_t>((meta >> kDraftAt) & 0xFF);
  }
  static std::uint32_t generation(std::uint64_t meta) {
    return static_cast<std::uint32_t>(meta & (kGenerations - 1));
  }
  // The bounds met: the position's value is known.
  static bool exact(std::uint64_t bounds) { return lower(bounds) == upper(bounds); }
  // What an entry is worth keeping: its draft first, then its work, an exact value counting as
  // four times the work.
  static std::uint32_t rank(std::uint64_t bounds, std::uint64_t meta) {
    return (draft(meta) << (kWorkBits + 1)) | (work(meta) + (exact(bounds) ? 2 : 0));
  }
  // A result for the position that the entry (old_bounds, old_meta) holds, at the same or a deeper
  // draft (`code`): at the same draft both bounds kept (where they do not cross) and the larger
  // work; the old move where the new result has none.
  static void merge(std::uint64_t old_bounds, std::uint64_t old_meta, std::uint32_t code,
                    std::uint32_t& work_new, Value& lower_new, Value& upper_new, int& move_index) {
    const TtEntry e = decode(old_bounds, old_meta);
    if (move_index == kNoMoveIndex) move_index = e.move_index_;
    if (code != draft(old_meta)) return;
    work_new = std::max(work_new, work(old_meta));
    narrow_bounds(e.lower(), e.upper(), lower_new, upper_new);
  }

 private:
  static constexpr int kDraftAt = 6;
  static constexpr int kWorkAt = kDraftAt + 8;
  static constexpr std::uint32_t kWorkBits = 5;
  static constexpr int kMoveAt = kWorkAt + kWorkBits;
  static_assert(kMoveAt + 9 == kCheckAt && (std::uint64_t{1} << 6) == kGenerations);
  static constexpr std::uint64_t kNoMove = (1U << 9) - 1;
  static constexpr std::uint32_t kMaxWork = (1U << kWorkBits) - 1;
};

}  // namespace detail

class TranspositionTable {
 public:
  static constexpr std::size_t kMaxMib = detail::kMaxTableMib;
  // The growth limit the searches to the end use unless told otherwise (`tt_max_mb`).
  static constexpr std::size_t kDefaultGrowthMib = 2048;
  static constexpr std::size_t kEntryBytes = 16;

  // Throws ParamError unless 1 <= mib <= max_mib <= kMaxMib (max_mib 0: mib, a table that never
  // grows). A table given room to grow starts at `mib` and doubles, keeping every entry, each time
  // stores have evicted as many live entries as it has buckets, while the doubled size fits in
  // max_mib: a big solve gets the memory it needs, a small one never touches more than `mib`.
  explicit TranspositionTable(std::size_t mib, std::size_t max_mib = 0) {
    // The fewest buckets (at least a page's) that double exactly into the table's size; their
    // pages are made with the table.
    start_count_ = mib * (std::size_t{1} << 20) / sizeof(Bucket);
    while (start_count_ % 2 == 0 && start_count_ / 2 >= kStartBuckets) start_count_ /= 2;
    const detail::TableMemory m =
        detail::map_table(mib, max_mib, sizeof(Bucket), start_count_ * sizeof(Bucket));
    first_count_ = m.first_count;
    count_ = high_count_ = made_count_ = start_count_;
    max_count_ = m.max_count;
    reserved_ = m.bytes;
    set_growth_threshold();
    // Zero pages are entries of generation 0, which no search uses.
    buckets_ = static_cast<Bucket*>(m.base);
  }
  // The memory goes back to this thread's pool: only the buckets used since the generation last
  // wrapped can hold anything.
  ~TranspositionTable() {
    detail::release_zero_pages(buckets_, reserved_, max_count_ > first_count_,
                               high_count_ * sizeof(Bucket), made_count_ * sizeof(Bucket));
  }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Empties the table for the next search in O(1) (but once in 63 calls, which clears the
  // buckets used since the last time): every entry written so far becomes stale, and the table
  // goes back to its few first buckets (its pages stay mapped), so that no search's node counts
  // depend on what was searched before it, nor does a small search scatter its few entries over
  // the memory a big one needed.
  void new_search() {
    if (++generation_ == detail::EntryWord::kGenerations) {
      std::memset(static_cast<void*>(buckets_), 0, high_count_ * sizeof(Bucket));
      generation_ = 1;
      high_count_ = start_count_;
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
    high_count_ = std::max(high_count_, count_);
    make_pages(count_);
    std::memset(static_cast<void*>(buckets_), 0, count_ * sizeof(Bucket));
    evictions_ = 0;
    set_growth_threshold();
  }

  // The entry of `key` (a copy, good until the next probe), or nullptr. A hit moves the entry to
  // the front of its bucket (most recently used).
  [[nodiscard]] const TtEntry* probe(std::uint64_t key) {
    const Place p = place(key);
    Bucket& b = buckets_[p.index];
    for (std::size_t i = 0; i < kWays; ++i) {
      const Slot s = b.slots[i];
      if (!holds(s, p.check)) continue;
      if (i != 0) to_front(b, i, s);  // a hit in front writes nothing: its line stays clean
      scratch_ = detail::EntryWord::decode(s.bounds, s.meta);
      return &scratch_;
    }
    return nullptr;
  }

  // Records that lower <= value <= upper at `draft` (`nodes`: what the result cost). For the same
  // position, a deeper result replaces the entry, one of the same draft narrows it (both bounds
  // kept), a shallower one changes nothing; a result without a best move (a fail-low) keeps the
  // move stored before. Otherwise an empty slot, else the least valuable entry behind the front
  // one goes (EntryWord::rank: smallest draft, least work, exact values kept over bounds). The
  // stored entry goes to the front.
  void store(std::uint64_t key, std::int32_t draft, Value lower, Value upper, int move_index,
             std::uint64_t nodes) {
    using W = detail::EntryWord;
    if (evictions_ > grow_after_) grow();
    Place p = place(key);
    // Below the table's size, a full bucket grows the buckets rather than evict: a table of the
    // full size would have kept every entry the smaller one holds.
    while (count_ < first_count_ && !has_room(buckets_[p.index], p.check)) {
      grow();
      p = place(key);
    }
    Bucket& b = buckets_[p.index];
    const std::uint32_t code = W::draft_code(draft);
    std::uint32_t work = W::work_code(nodes);
    // The key's check with its marker bit (see place()).
    const std::uint64_t check = p.check | (std::uint64_t{1} << W::kCheckAt);
    std::size_t victim = kWays;
    for (std::size_t i = 0; i < kWays; ++i) {
      const Slot& s = b.slots[i];
      const bool live = W::generation(s.meta) == generation_;
      if (live && holds(s, p.check)) {
        if (code < W::draft(s.meta)) return;
        W::merge(s.bounds, s.meta, code, work, lower, upper, move_index);
        to_front(b, i,
                 Slot{W::encode_bounds(lower, upper),
                      W::encode_meta(code, work, move_index, generation_, check)});
        return;
      }
      if (!live) {
        if (victim == kWays || live_slot(b, victim)) victim = i;
      } else if (i != 0 && (victim == kWays ||
                            (live_slot(b, victim) &&
                             W::rank(s.bounds, s.meta) <
                                 W::rank(b.slots[victim].bounds, b.slots[victim].meta)))) {
        victim = i;
      }
    }
    if (live_slot(b, victim)) ++evictions_;
    to_front(b, victim,
             Slot{W::encode_bounds(lower, upper),
                  W::encode_meta(code, work, move_index, generation_, check)});
  }

  // Starts loading the bucket of `key`, for a probe a little later.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[place(key).index]); }

  // The table's size now (it grows up to max_mib) and its entries; the first buckets of a search
  // that has not yet grown them to `mib` count as the whole `mib`, which their search behaves as.
  [[nodiscard]] std::size_t bytes() const { return std::max(count_, first_count_) * sizeof(Bucket); }
  [[nodiscard]] std::size_t num_entries() const { return std::max(count_, first_count_) * kWays; }
  [[nodiscard]] std::size_t max_bytes() const { return reserved_; }
  // The memory the search so far has spread its entries over (at most bytes(), once grown).
  [[nodiscard]] std::size_t used_bytes() const { return count_ * sizeof(Bucket); }

 private:
  static constexpr std::size_t kWays = 4;
  // A search's first buckets: one 4 KiB page.
  static constexpr std::size_t kStartBuckets = 64;

  struct Slot {  // detail::EntryWord
    std::uint64_t bounds;
    std::uint64_t meta;
  };
  struct alignas(64) Bucket {
    Slot slots[kWays];
  };
  static_assert(sizeof(Bucket) == 64 && sizeof(Slot) == kEntryBytes &&
                std::is_trivially_destructible_v<Bucket>);
  // A search doubles its buckets at most this often (from kStartBuckets up to kMaxMib), and so
  // many times an entry's check can shift before its marker would reach the top bit: moved
  // entries always keep their bucket's next bit.
  static_assert(std::bit_width(kMaxMib * (std::size_t{1} << 20) / sizeof(Bucket) / kStartBuckets) <=
                64 - detail::EntryWord::kCheckAt - 1);

  // Where a key goes: multiply-shift onto any bucket count (no power-of-two rounding wastes the
  // requested memory, and the Fibonacci multiplier spreads hashes whose low bits are weak). The
  // product's high word is the bucket; its low word, the fraction, goes on below it: an entry
  // keeps the fraction's top 35 bits (then a marker bit) as its check, so that a bucket and a check
  // pin 35 + log2(buckets) bits of the mixed key. When the buckets double, the fraction's top bit
  // becomes the bucket's last (bucket i splits into 2i and 2i + 1), so grow() moves an entry by
  // its check alone, shifting it (and the marker) up one bit: an entry checks the bits above its
  // marker.
  struct Place {
    std::size_t index;
    std::uint64_t check;  // the fraction (only its kCheckMask bits are compared)
  };
  [[nodiscard]] Place place(std::uint64_t key) const {
    const std::uint64_t mixed = key * 0x9E3779B97F4A7C15ULL;
    const unsigned __int128 product = static_cast<unsigned __int128>(mixed) * count_;
    return {static_cast<std::size_t>(product >> 64), static_cast<std::uint64_t>(product)};
  }
  // Whether slot `s` is live and checks as the key whose fraction is `check`: the bits above its
  // marker (its lowest check bit set) agree.
  [[nodiscard]] bool holds(const Slot& s, std::uint64_t check) const {
    const std::uint64_t mine = s.meta & detail::EntryWord::kCheckMask;
    const std::uint64_t marker = mine & (~mine + 1);
    return detail::EntryWord::generation(s.meta) == generation_ &&
           ((mine ^ check) & detail::EntryWord::kCheckMask) >> 1 < marker;
  }
  [[nodiscard]] bool live_slot(const Bucket& b, std::size_t i) const {
    return detail::EntryWord::generation(b.slots[i].meta) == generation_;
  }
  // Whether the key of fraction `check` goes into the bucket without evicting: it holds the key or
  // a free slot.
  [[nodiscard]] bool has_room(const Bucket& b, std::uint64_t check) const {
    for (std::size_t i = 0; i < kWays; ++i) {
      if (!live_slot(b, i) || holds(b.slots[i], check)) return true;
    }
    return false;
  }
  // Writes `s` at the front of `b`, the slots before `i` moving back one (slot i's old content
  // goes).
  static void to_front(Bucket& b, std::size_t i, const Slot& s) {
    for (; i > 0; --i) b.slots[i] = b.slots[i - 1];
    b.slots[0] = s;
  }

  // Doubles the bucket count in place. With multiply-shift indexing, a key of bucket i goes to
  // bucket 2i or 2i + 1, so walking down from the last bucket moves every entry to buckets whose
  // old contents have already moved: nothing is lost, and each new bucket receives at most the
  // four entries of its old one, in their order.
  void grow() {
    constexpr std::uint64_t kCheck = detail::EntryWord::kCheckMask;
    make_pages(2 * count_);
    const std::size_t old_count = count_;
    count_ = 2 * old_count;
    high_count_ = std::max(high_count_, count_);
    for (std::size_t i = old_count; i-- > 0;) {
      const Bucket old = buckets_[i];
      buckets_[2 * i] = Bucket{};
      buckets_[2 * i + 1] = Bucket{};
      for (const Slot& s : old.slots) {
        if (detail::EntryWord::generation(s.meta) != generation_) continue;
        const Slot moved{s.bounds, ((s.meta & kCheck) << 1) | (s.meta & ~kCheck)};
        for (Slot& to : buckets_[2 * i + (s.meta >> 63)].slots) {
          if (detail::EntryWord::generation(to.meta) != generation_) {
            to = moved;
            break;
          }
        }
      }
    }
    evictions_ = 0;
    set_growth_threshold();
  }
  // Makes the pages of the first `count` buckets that this table has not used yet, on the table
  // memory clock: a growing table's page faults are its making, not its search's. (Past
  // made_count_ every byte is zero: the table's own writes stay below it.)
  void make_pages(std::size_t count) {
    if (count <= made_count_) return;
    const detail::TableMemoryClock clock;
    detail::make_zero_pages(buckets_, made_count_ * sizeof(Bucket), count * sizeof(Bucket));
    made_count_ = count;
  }
  // Grow once stores have evicted more live entries than there are buckets, while there is room.
  void set_growth_threshold() {
    grow_after_ = count_ < max_count_ ? count_ : std::numeric_limits<std::size_t>::max();
  }

  std::size_t count_ = 0;        // buckets in use
  std::size_t start_count_ = 0;  // buckets at the start of each search
  std::size_t first_count_ = 0;  // buckets in `mib`: below it, buckets grow instead of evicting
  std::size_t high_count_ = 0;   // the most buckets used since the generation last wrapped
  std::size_t made_count_ = 0;   // buckets whose pages this table has made (all it has used)
  std::size_t max_count_ = 0;    // buckets the reserved memory holds: count_ times a power of two
  std::size_t reserved_ = 0;     // bytes mapped
  std::size_t evictions_ = 0;    // live entries replaced since the last growth
  std::size_t grow_after_ = 0;   // evictions that make it grow (never, at max_count_)
  Bucket* buckets_ = nullptr;
  TtEntry scratch_;              // the last probe's entry
  std::uint32_t generation_ = 1;
};

}  // namespace gts
