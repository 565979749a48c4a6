// Transposition table for alpha-beta and the MT family: entries of a lower and an upper bound,
// their draft, the best move, the work, the search's generation and bits checking the key, in
// 64-byte buckets (one cache line, so a probe costs one memory access). Two layouts: wide, four
// 16-byte entries a bucket with 32-bit bounds (any values), and compact, six 10-byte entries a
// bucket with 8-bit bounds, for exact solves of games whose outcomes are small (half as many
// entries again in the same memory: fewer nodes at a given size). The bucket and the check
// together pin 35 (wide) or 40 (compact) + log2(buckets) bits of the key (place): 57 or 62 at
// 256 MiB. A new result for the same position narrows its entry (same draft) or replaces it
// (deeper). Within a bucket the entries are kept most recently used first (a probe that hits and
// a store move their entry to the front); a new position takes an empty slot, else the least
// valuable entry behind the front one: the one of smallest draft and, among equal drafts,
// smallest work (log2 of the nodes it cost), a position whose value is proven exact (bounds met)
// counting as if it had cost four times as much. Deep, expensive and exact results survive, and
// the position used last is never the one that goes. Results proven with no horizon below them
// carry the draft kDraftExact, good at any depth, and outrank every finite draft.
//
// A table can serve many searches (a tournament player keeps one for a whole game; the Connect
// Four benchmark one for thousands of positions): new_search() empties it in O(1) by advancing a
// 6-bit generation, which every entry records: an entry of an older search reads as empty. Once
// in 63 searches the generation wraps and the buckets used since the last wrap are cleared. So
// each search starts from an empty table (of the table's first size, when it grew), and its node
// counts do not depend on what was searched before. The memory comes from mmap, zero-filled by
// the kernel page by page as it is first touched. A table's first search starts on a few buckets
// at the front of it and doubles them, in place, whenever a store would evict a live entry, until
// they are the table's size: a search holds exactly what a table of its full size from the start
// would (the buckets a key can reach split, they never merge), yet one of a few thousand
// positions touches one huge page (the table starts on one), not every page of `mib` MiB. The
// next search starts on the buckets the last one ended on, or fewer where it left them nearly
// empty (new_search), so searches of one kind grow the buckets once.
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
#include <utility>

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

class TtEntry;
namespace detail {
template <class L>
struct Entries;
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

// The 64-bit word every entry has, in both layouts, from bit 0: the generation of the search that
// wrote it (6 bits; 0 is no search's, so an all-zero entry is empty), the draft (8 bits, 255
// exact), the work (5 bits: 1 + log2 of the nodes the result cost, at most 31), the best move's
// index (kMoveBits; the largest index is none, and a move past it is stored as none, which only
// loses an ordering hint) and the rest, from kCheckAt, checking the key (see TranspositionTable).
template <int kMoveBits>
struct MetaWord {
  static constexpr std::uint32_t kExactCode = 255;
  static constexpr std::uint32_t kMaxDraft = 254;
  static constexpr std::uint32_t kGenerations = 64;  // 1..63 in use
  static constexpr int kDraftAt = 6;
  static constexpr int kWorkAt = kDraftAt + 8;
  static constexpr std::uint32_t kWorkBits = 5;
  static constexpr int kMoveAt = kWorkAt + kWorkBits;
  static constexpr int kCheckAt = kMoveAt + kMoveBits;
  static constexpr std::uint64_t kCheckMask = ~((std::uint64_t{1} << kCheckAt) - 1);
  static constexpr std::uint64_t kNoMove = (std::uint64_t{1} << kMoveBits) - 1;
  static constexpr std::uint32_t kMaxWork = (1U << kWorkBits) - 1;
  static_assert((std::uint64_t{1} << kDraftAt) == kGenerations);

  static std::uint32_t draft_code(std::int32_t draft) {
    return draft == kDraftExact ? kExactCode
           : draft > static_cast<std::int32_t>(kMaxDraft)
               ? kMaxDraft
               : static_cast<std::uint32_t>(std::max(draft, 0));
  }
  static std::uint32_t work_code(std::uint64_t nodes) {
    return std::min<std::uint32_t>(kMaxWork, 1 + static_cast<std::uint32_t>(std::bit_width(nodes)));
  }
  // `check`: the key's check bits, in place (kCheckMask).
  static std::uint64_t encode(std::uint32_t draft, std::uint32_t work, int move_index,
                              std::uint32_t generation, std::uint64_t check) {
    const std::uint64_t move = move_index >= 0 && static_cast<std::uint64_t>(move_index) < kNoMove
                                   ? static_cast<std::uint64_t>(move_index)
                                   : kNoMove;
    return std::uint64_t{generation} | (std::uint64_t{draft} << kDraftAt) |
           (std::uint64_t{work} << kWorkAt) | (move << kMoveAt) | (check & kCheckMask);
  }
  static int move_index(std::uint64_t meta) {
    const std::uint64_t move = (meta >> kMoveAt) & kNoMove;
    return move == kNoMove ? kNoMoveIndex : static_cast<int>(move);
  }
  static std::uint32_t work(std::uint64_t meta) {
    return static_cast<std::uint32_t>((meta >> kWorkAt) & kMaxWork);
  }
  static std::uint32_t draft(std::uint64_t meta) {
    return static_cast<std::uint32_t>((meta >> kDraftAt) & 0xFF);
  }
  static std::int32_t draft_of_code(std::uint32_t code) {
    return code == kExactCode ? kDraftExact : static_cast<std::int32_t>(code);
  }
  static std::uint32_t generation(std::uint64_t meta) {
    return static_cast<std::uint32_t>(meta & (kGenerations - 1));
  }
};

// Moves a[0..i) up one place (a[i] goes), by a copy of constant size: a variable-size one calls
// memmove, which costs more than the few words moved.
template <class T, std::size_t N>
void shift_up(T (&a)[N], std::size_t i) {
  [&]<std::size_t... k>(std::index_sequence<k...>) {
    (void)((i == k + 1 ? (std::memmove(&a[1], &a[0], (k + 1) * sizeof(T)), true) : false) || ...);
  }
  (std::make_index_sequence<N - 1>{});
}

// The wide layout, for any values: 16-byte entries, four to a bucket. The bounds word holds the
// lower and the upper bound, 32 bits each, so that every Value (kInfinity included) round-trips
// exactly; the meta word has 9 bits of move index and 36 of check.
struct WideLayout {
  using Meta = MetaWord<9>;
  using BoundsWord = std::uint64_t;
  static constexpr std::size_t kWays = 4;
  static BoundsWord encode_bounds(Value lower, Value upper) {
    return std::uint64_t{static_cast<std::uint32_t>(lower)} |
           (std::uint64_t{static_cast<std::uint32_t>(upper)} << 32);
  }
  static Value lower(BoundsWord w) { return static_cast<Value>(static_cast<std::uint32_t>(w)); }
  static Value upper(BoundsWord w) {
    return static_cast<Value>(static_cast<std::uint32_t>(w >> 32));
  }
  // The bounds met: the position's value is known.
  static bool exact(BoundsWord w) { return static_cast<std::uint32_t>(w) == (w >> 32); }
  struct alignas(64) Bucket {
    struct Slot {
      BoundsWord bounds;
      std::uint64_t meta;
    } slots[kWays];
    [[nodiscard]] std::uint64_t meta(std::size_t i) const { return slots[i].meta; }
    [[nodiscard]] BoundsWord bounds(std::size_t i) const { return slots[i].bounds; }
    void set(std::size_t i, BoundsWord bounds, std::uint64_t meta) { slots[i] = {bounds, meta}; }
    // Writes the entry at the front, the slots before `i` moving back one (slot i's goes).
    void to_front(std::size_t i, BoundsWord bounds, std::uint64_t meta) {
      shift_up(slots, i);
      slots[0] = {bounds, meta};
    }
  };
};

// The compact layout, for searches whose values all lie within +-kCompactValues (an exact solve
// of a game whose outcomes do, TranspositionTable::layout_for): 10-byte entries, six to a bucket,
// so that the same memory holds half as many entries again. The bounds word holds the lower and
// the upper bound in 8 bits each: -126..127 as themselves, and codes for -kInfinity and kInfinity.
// A bound outside is stored weakened (a lower bound below -126 as none, one above 127 as 127; an
// upper bound likewise), never tightened, so every stored bound stays true. The meta word has 4
// bits of move index (moves 0..14, and none) and 41 bits of check.
struct CompactLayout {
  using Meta = MetaWord<4>;
  using BoundsWord = std::uint16_t;
  static constexpr std::size_t kWays = 6;
  static constexpr Value kLowest = -126;
  static constexpr Value kHighest = 127;
  static BoundsWord encode_bounds(Value lower, Value upper) {
    const std::uint32_t lo = lower < kLowest ? 0 : code(std::min(lower, kHighest));
    const std::uint32_t hi = upper > kHighest ? 255 : code(std::max(upper, kLowest));
    return static_cast<BoundsWord>(lo | (hi << 8));
  }
  static Value lower(BoundsWord w) { return value(w & 0xFF); }
  static Value upper(BoundsWord w) { return value(static_cast<std::uint32_t>(w) >> 8); }
  static bool exact(BoundsWord w) { return (w & 0xFF) == (w >> 8); }  // codes are one-to-one
  struct alignas(64) Bucket {
    std::uint64_t metas[kWays];
    BoundsWord bounds_words[kWays];
    std::uint32_t unused = 0;
    [[nodiscard]] std::uint64_t meta(std::size_t i) const { return metas[i]; }
    [[nodiscard]] BoundsWord bounds(std::size_t i) const { return bounds_words[i]; }
    void set(std::size_t i, BoundsWord bounds, std::uint64_t meta) {
      metas[i] = meta;
      bounds_words[i] = bounds;
    }
    void to_front(std::size_t i, BoundsWord bounds, std::uint64_t meta) {
      shift_up(metas, i);
      shift_up(bounds_words, i);
      set(0, bounds, meta);
    }
  };

 private:
  static std::uint32_t code(Value v) { return static_cast<std::uint32_t>(v - kLowest + 1); }
  static Value value(std::uint32_t c) {
    return c == 0 ? -kInfinity : c == 255 ? kInfinity : static_cast<Value>(c) + kLowest - 1;
  }
};

// A search's first buckets: one 4 KiB page.
inline constexpr std::size_t kTableStartBuckets = 64;

// A layout's bucket fills one cache line, and its check has the bits its growth shifts out: a
// search doubles its buckets at most this often (from kTableStartBuckets up to kMaxTableMib), and
// so many times an entry's check can shift before its marker would reach the top bit, so that
// moved entries always keep their bucket's next bit.
template <class L>
constexpr bool layout_fits() {
  using B = typename L::Bucket;
  return sizeof(B) == 64 && alignof(B) == 64 && std::is_trivially_destructible_v<B> &&
         std::bit_width(kMaxTableMib * (std::size_t{1} << 20) / 64 / kTableStartBuckets) <=
             64 - L::Meta::kCheckAt - 1;
}
static_assert(layout_fits<WideLayout>() && layout_fits<CompactLayout>());

// What the table does with an entry of layout L, whatever its bucket.
template <class L>
struct Entries {
  using M = typename L::Meta;
  static TtEntry decode(typename L::BoundsWord bounds, std::uint64_t meta);
  // What an entry is worth keeping: its draft first, then its work, an exact value counting as
  // four times the work.
  static std::uint32_t rank(typename L::BoundsWord bounds, std::uint64_t meta) {
    return (M::draft(meta) << (M::kWorkBits + 1)) | (M::work(meta) + (L::exact(bounds) ? 2 : 0));
  }
};

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
  template <class L>
  friend struct detail::Entries;
  Value lower_ = -kInfinity;
  Value upper_ = kInfinity;
  int move_index_ = kNoMoveIndex;
  std::int32_t draft_ = 0;
};

template <class L>
TtEntry detail::Entries<L>::decode(typename L::BoundsWord bounds, std::uint64_t meta) {
  TtEntry e;
  e.lower_ = L::lower(bounds);
  e.upper_ = L::upper(bounds);
  e.move_index_ = M::move_index(meta);
  e.draft_ = M::draft_of_code(M::draft(meta));
  return e;
}

// How a table lays out its entries (detail::WideLayout, detail::CompactLayout).
enum class TtLayout { kWide, kCompact };

class TranspositionTable {
 public:
  static constexpr std::size_t kMaxMib = detail::kMaxTableMib;
  // The growth limit the searches to the end use unless told otherwise (`tt_max_mb`).
  static constexpr std::size_t kDefaultGrowthMib = 2048;
  // A search whose values all lie within +-kCompactValues may use the compact layout.
  static constexpr Value kCompactValues = -detail::CompactLayout::kLowest;

  // The layout for a search of `game`: compact for an exact solve (`to_end`) of a game that says
  // its outcomes, and (with a banked score) its outcomes relative to the bank, stay within
  // +-kCompactValues (max_outcome()); wide otherwise.
  template <Game G>
  static TtLayout layout_for(const G& game, bool to_end) {
    if constexpr (OutcomeLimitGame<G>) {
      if (to_end && game.max_outcome() <= kCompactValues) return TtLayout::kCompact;
    }
    (void)game;
    (void)to_end;
    return TtLayout::kWide;
  }

  // Throws ParamError unless 1 <= mib <= max_mib <= kMaxMib (max_mib 0: mib, a table that never
  // grows). A table given room to grow starts at `mib` and doubles, keeping every entry, each time
  // stores have evicted as many live entries as it has buckets, while the doubled size fits in
  // max_mib: a big solve gets the memory it needs, a small one never touches more than `mib`.
  explicit TranspositionTable(std::size_t mib, std::size_t max_mib = 0) {
    // The fewest buckets (at least a page's) that double exactly into the table's size; their
    // pages are made with the table.
    start_count_ = mib * (std::size_t{1} << 20) / kBucketBytes;
    while (start_count_ % 2 == 0 && start_count_ / 2 >= kStartBuckets) start_count_ /= 2;
    const detail::TableMemory m =
        detail::map_table(mib, max_mib, kBucketBytes, start_count_ * kBucketBytes);
    first_count_ = m.first_count;
    count_ = high_count_ = made_count_ = start_count_;
    max_count_ = m.max_count;
    reserved_ = m.bytes;
    set_growth_threshold();
    // Zero pages are entries of generation 0, which no search uses.
    buckets_ = static_cast<std::byte*>(m.base);
  }
  // The memory goes back to this thread's pool: only the buckets used since the generation last
  // wrapped can hold anything.
  ~TranspositionTable() {
    detail::release_zero_pages(buckets_, reserved_, max_count_ > first_count_,
                               high_count_ * kBucketBytes, made_count_ * kBucketBytes);
  }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Empties the table for the next search in O(1) (but once in 63 calls, and when the layout
  // changes, which clear the buckets used since the last time): every entry written so far
  // becomes stale. The next search starts on the buckets the last one ended on (their pages made),
  // fewer where the last one's entries filled under one slot in kSparseSlots of them, never more
  // than the table's size: growth below the size moves entries and never evicts, so what a
  // search holds, and its node counts, do not depend on where it starts; a run of searches of
  // one kind stops paying to grow each time, and one after a big one still keeps its few entries
  // close together.
  void new_search(TtLayout layout = TtLayout::kWide) {
    count_ = std::min(count_, first_count_);
    while (count_ > start_count_ && count_ * ways() > kSparseSlots * entries_) count_ /= 2;
    if (++generation_ == kGenerations || layout != layout_) {
      std::memset(static_cast<void*>(buckets_), 0, high_count_ * kBucketBytes);
      generation_ = 1;
      high_count_ = count_;
    }
    layout_ = layout;
    entries_ = 0;
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
    std::memset(static_cast<void*>(buckets_), 0, count_ * kBucketBytes);
    entries_ = 0;
    evictions_ = 0;
    set_growth_threshold();
  }

  // The entry of `key` (a copy, good until the next probe), or nullptr. A hit moves the entry to
  // the front of its bucket (most recently used).
  [[nodiscard]] const TtEntry* probe(std::uint64_t key) {
    return layout_ == TtLayout::kCompact ? probe_in<detail::CompactLayout>(key)
                                         : probe_in<detail::WideLayout>(key);
  }

  // Records that lower <= value <= upper at `draft` (`nodes`: what the result cost). For the same
  // position, a deeper result replaces the entry, one of the same draft narrows it (both bounds
  // kept), a shallower one changes nothing; a result without a best move (a fail-low) keeps the
  // move stored before. Otherwise an empty slot, else the least valuable entry behind the front
  // one goes (Entries::rank: smallest draft, least work, exact values kept over bounds). The
  // stored entry goes to the front.
  void store(std::uint64_t key, std::int32_t draft, Value lower, Value upper, int move_index,
             std::uint64_t nodes) {
    if (layout_ == TtLayout::kCompact) {
      store_in<detail::CompactLayout>(key, draft, lower, upper, move_index, nodes);
    } else {
      store_in<detail::WideLayout>(key, draft, lower, upper, move_index, nodes);
    }
  }

  // Starts loading the bucket of `key`, for a probe a little later.
  void prefetch(std::uint64_t key) const {
    __builtin_prefetch(buckets_ + place(key).index * kBucketBytes);
  }

  [[nodiscard]] TtLayout layout() const { return layout_; }
  // The table's size now (it grows up to max_mib) and its entries; the first buckets of a search
  // that has not yet grown them to `mib` count as the whole `mib`, which their search behaves as.
  [[nodiscard]] std::size_t bytes() const { return std::max(count_, first_count_) * kBucketBytes; }
  [[nodiscard]] std::size_t num_entries() const { return std::max(count_, first_count_) * ways(); }
  // The memory `n` entries of the current layout take (a bucket's share each).
  [[nodiscard]] std::uint64_t entries_bytes(std::uint64_t n) const {
    return n * kBucketBytes / ways();
  }
  [[nodiscard]] std::size_t max_bytes() const { return reserved_; }
  // The memory the search so far has spread its entries over (at most bytes(), once grown).
  [[nodiscard]] std::size_t used_bytes() const { return count_ * kBucketBytes; }

 private:
  static constexpr std::size_t kBucketBytes = 64;
  static constexpr std::uint32_t kGenerations = detail::WideLayout::Meta::kGenerations;
  static constexpr std::size_t kStartBuckets = detail::kTableStartBuckets;
  // A search grows its buckets until no store would evict, which leaves one slot in 5 to 100
  // filled; a new search's buckets are halved while the last search's entries would fill fewer
  // than one slot in kSparseSlots.
  static constexpr std::size_t kSparseSlots = 256;

  [[nodiscard]] std::size_t ways() const {
    return layout_ == TtLayout::kCompact ? detail::CompactLayout::kWays : detail::WideLayout::kWays;
  }

  template <class L>
  [[nodiscard]] typename L::Bucket& bucket(std::size_t index) const {
    return *std::launder(reinterpret_cast<typename L::Bucket*>(buckets_ + index * kBucketBytes));
  }

  // Where a key goes: multiply-shift onto any bucket count (no power-of-two rounding wastes the
  // requested memory, and the Fibonacci multiplier spreads hashes whose low bits are weak). The
  // product's high word is the bucket; its low word, the fraction, goes on below it: an entry
  // keeps the fraction's top bits (35 wide, 40 compact; then a marker bit) as its check, so that a
  // bucket and a check pin them and log2(buckets) bits of the mixed key. When the buckets double,
  // the fraction's top bit becomes the bucket's last (bucket i splits into 2i and 2i + 1), so
  // grow() moves an entry by its check alone, shifting it (and the marker) up one bit: an entry
  // checks the bits above its marker.
  struct Place {
    std::size_t index;
    std::uint64_t check;  // the fraction (only the layout's kCheckMask bits are compared)
  };
  [[nodiscard]] Place place(std::uint64_t key) const {
    const std::uint64_t mixed = key * 0x9E3779B97F4A7C15ULL;
    const unsigned __int128 product = static_cast<unsigned __int128>(mixed) * count_;
    return {static_cast<std::size_t>(product >> 64), static_cast<std::uint64_t>(product)};
  }
  // Whether an entry whose meta word is `meta` is live and checks as the key whose fraction is
  // `check`: the bits above its marker (its lowest check bit set) agree.
  template <class L>
  [[nodiscard]] bool holds(std::uint64_t meta, std::uint64_t check) const {
    using M = typename L::Meta;
    const std::uint64_t mine = meta & M::kCheckMask;
    const std::uint64_t marker = mine & (~mine + 1);
    return M::generation(meta) == generation_ && ((mine ^ check) & M::kCheckMask) >> 1 < marker;
  }
  template <class L>
  [[nodiscard]] bool live(std::uint64_t meta) const {
    return L::Meta::generation(meta) == generation_;
  }
  // Whether the key of fraction `check` goes into the bucket without evicting: it holds the key or
  // a free slot.
  template <class L>
  [[nodiscard]] bool has_room(const typename L::Bucket& b, std::uint64_t check) const {
    for (std::size_t i = 0; i < L::kWays; ++i) {
      if (!live<L>(b.meta(i)) || holds<L>(b.meta(i), check)) return true;
    }
    return false;
  }

  // Each layout's probe, store and growth is a function of its own, so that the searcher's call
  // site is one branch and a call, and neither layout's code weighs on the other's registers.
  template <class L>
  [[nodiscard, gnu::noinline]] const TtEntry* probe_in(std::uint64_t key) {
    const Place p = place(key);
    auto& b = bucket<L>(p.index);
    for (std::size_t i = 0; i < L::kWays; ++i) {
      const std::uint64_t meta = b.meta(i);
      if (!holds<L>(meta, p.check)) continue;
      const auto bounds = b.bounds(i);
      // A hit in front writes nothing: its line stays clean.
      if (i != 0) b.to_front(i, bounds, meta);
      scratch_ = detail::Entries<L>::decode(bounds, meta);
      return &scratch_;
    }
    return nullptr;
  }

  template <class L>
  [[gnu::noinline]] void store_in(std::uint64_t key, std::int32_t draft, Value lower, Value upper,
                                  int move_index, std::uint64_t nodes) {
    using M = typename L::Meta;
    using E = detail::Entries<L>;
    if (evictions_ > grow_after_) grow<L>();
    Place p = place(key);
    // Below the table's size, a full bucket grows the buckets rather than evict: a table of the
    // full size would have kept every entry the smaller one holds.
    while (count_ < first_count_ && !has_room<L>(bucket<L>(p.index), p.check)) {
      grow<L>();
      p = place(key);
    }
    auto& b = bucket<L>(p.index);
    const std::uint32_t code = M::draft_code(draft);
    std::uint32_t work = M::work_code(nodes);
    // The key's check with its marker bit (see place()).
    const std::uint64_t check = p.check | (std::uint64_t{1} << M::kCheckAt);
    std::size_t victim = L::kWays;
    bool victim_live = false;
    std::uint32_t victim_rank = 0;
    for (std::size_t i = 0; i < L::kWays; ++i) {
      const std::uint64_t meta = b.meta(i);
      const bool is_live = live<L>(meta);
      if (is_live && holds<L>(meta, p.check)) {
        if (code < M::draft(meta)) return;
        // A result for the same position: at the same draft both bounds kept (where they do not
        // cross) and the larger work; the old move where the new result has none.
        if (move_index == kNoMoveIndex) move_index = M::move_index(meta);
        if (code == M::draft(meta)) {
          work = std::max(work, M::work(meta));
          detail::narrow_bounds(L::lower(b.bounds(i)), L::upper(b.bounds(i)), lower, upper);
        }
        b.to_front(i, L::encode_bounds(lower, upper),
                   M::encode(code, work, move_index, generation_, check));
        return;
      }
      if (!is_live) {
        if (victim == L::kWays || victim_live) {
          victim = i;
          victim_live = false;
        }
      } else if (i != 0 && (victim == L::kWays || victim_live)) {
        const std::uint32_t rank = E::rank(b.bounds(i), meta);
        if (victim == L::kWays || rank < victim_rank) {
          victim = i;
          victim_live = true;
          victim_rank = rank;
        }
      }
    }
    if (victim_live) {
      ++evictions_;
    } else {
      ++entries_;
    }
    b.to_front(victim, L::encode_bounds(lower, upper),
               M::encode(code, work, move_index, generation_, check));
  }

  // Doubles the bucket count in place. With multiply-shift indexing, a key of bucket i goes to
  // bucket 2i or 2i + 1, so walking down from the last bucket moves every entry to buckets whose
  // old contents have already moved: nothing is lost, and each new bucket receives at most the
  // entries of its old one, in their order.
  template <class L>
  [[gnu::noinline]] void grow() {
    constexpr std::uint64_t kCheck = L::Meta::kCheckMask;
    using Bucket = typename L::Bucket;
    make_pages(2 * count_);
    const std::size_t old_count = count_;
    count_ = 2 * old_count;
    high_count_ = std::max(high_count_, count_);
    for (std::size_t i = old_count; i-- > 0;) {
      const Bucket old = bucket<L>(i);
      Bucket& low = bucket<L>(2 * i);
      Bucket& high = bucket<L>(2 * i + 1);
      low = Bucket{};
      high = Bucket{};
      std::size_t low_filled = 0;
      std::size_t high_filled = 0;
      for (std::size_t w = 0; w < L::kWays; ++w) {
        const std::uint64_t meta = old.meta(w);
        if (!live<L>(meta)) continue;
        const std::uint64_t moved = ((meta & kCheck) << 1) | (meta & ~kCheck);
        if ((meta >> 63) != 0) {
          high.set(high_filled++, old.bounds(w), moved);
        } else {
          low.set(low_filled++, old.bounds(w), moved);
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
    detail::make_zero_pages(buckets_, made_count_ * kBucketBytes, count * kBucketBytes);
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
  std::size_t entries_ = 0;      // slots this search has filled (entries it holds, but evicted)
  std::size_t grow_after_ = 0;   // evictions that make it grow (never, at max_count_)
  std::byte* buckets_ = nullptr;
  TtEntry scratch_;              // the last probe's entry
  std::uint32_t generation_ = 1;
  TtLayout layout_ = TtLayout::kWide;
};

}  // namespace gts
