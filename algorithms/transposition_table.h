// Transposition table for alpha-beta: 16-byte entries, four to a 64-byte bucket (one cache line, so
// a probe costs one memory access). A new result replaces the same position's entry, else an
// empty one, else the bucket's least valuable entry: the one of smallest draft and, among equal
// drafts, smallest work (log2 of the nodes it cost). Deep results survive; the cheapest slot
// churns, like the always-replace half of a two-level table. In exact searches every draft is the
// same and work alone decides.
//
// A table can serve many searches (a tournament player keeps one for a whole game): new_search()
// empties it in O(1) by advancing a generation that every entry carries in the low 8 bits of its
// key, so each search still starts from an empty table, and its node counts do not depend on what
// was searched before. The memory comes from mmap, zero-filled by the kernel page by page as it is
// first touched, so a small search on a big table pays only for the pages it uses.
#pragma once

#include <sys/mman.h>

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

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

// Draft of a result that no horizon influenced: it is exact to the end of the game and so good for
// any remaining depth, which lets finite-depth iterations feed an exact solve.
inline constexpr std::int32_t kDraftExact = std::numeric_limits<std::int32_t>::max();

// Moves are stored as their index in legal_moves order, which fits 16 bits whatever the game's
// move encoding.
inline constexpr int kNoMoveIndex = 0xFFFF;

class TtEntry {
 public:
  // The position's key without its low 8 bits (they hold the table's generation).
  [[nodiscard]] std::uint64_t key() const { return key_ & ~kGenerationMask; }
  [[nodiscard]] Value value() const { return value_; }
  [[nodiscard]] Bound bound() const { return static_cast<Bound>(bound_work_ & 3U); }
  [[nodiscard]] int move_index() const { return move_index_; }
  // kDraftExact, or the remaining depth the result was searched to (capped at kMaxDraft: a capped
  // draft only understates what the entry is good for).
  [[nodiscard]] std::int32_t draft() const {
    return draft_ == kExactCode ? kDraftExact : static_cast<std::int32_t>(draft_);
  }

 private:
  friend class TranspositionTable;
  static constexpr std::uint64_t kGenerationMask = 0xFF;
  static constexpr std::uint8_t kExactCode = 255;
  static constexpr std::int32_t kMaxDraft = 254;

  [[nodiscard]] unsigned priority() const { return (unsigned{draft_} << 8) | (bound_work_ >> 2U); }

  std::uint64_t key_ = 0;
  Value value_ = 0;
  std::uint16_t move_index_ = kNoMoveIndex;
  std::uint8_t draft_ = 0;
  std::uint8_t bound_work_ = 0;  // bound in bits 0-1 (kNone: empty), log2 of the work above
};
static_assert(sizeof(TtEntry) == 16);

class TranspositionTable {
 public:
  static constexpr std::size_t kMaxMib = 65536;

  // Throws ParamError unless 1 <= mib <= kMaxMib.
  explicit TranspositionTable(std::size_t mib) {
    if (mib < 1 || mib > kMaxMib) {
      throw ParamError("transposition table size must be 1.." + std::to_string(kMaxMib) +
                       " MiB, got " + std::to_string(mib));
    }
    count_ = mib * (std::size_t{1} << 20) / sizeof(Bucket);
    bytes_ = count_ * sizeof(Bucket);
    void* raw = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    // A probe is one random memory access; with 4 KiB pages most of them also miss the TLB.
    if (bytes_ >= kHugePage) madvise(raw, bytes_, MADV_HUGEPAGE);
#endif
    // Zero pages are empty entries of generation 0, which no search uses.
    buckets_ = static_cast<Bucket*>(raw);
  }
  ~TranspositionTable() { munmap(buckets_, bytes_); }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Empties the table for the next search: O(1), but a real clear every 255 searches, when the
  // generation wraps.
  void new_search() {
    if (++generation_ == 0) {
      std::memset(static_cast<void*>(buckets_), 0, bytes_);
      generation_ = 1;
    }
  }

  [[nodiscard]] const TtEntry* probe(std::uint64_t key) const {
    const Bucket& b = bucket(key);
    const std::uint64_t tagged = tag(key);
    for (const TtEntry& e : b.e) {
      if (e.key_ == tagged && e.bound_work_ != 0) return &e;
    }
    return nullptr;
  }

  // `nodes`: what the result cost. A result without a best move (a fail-low under fail-hard)
  // keeps the move stored before; a shallower result does not overwrite a deeper one.
  void store(std::uint64_t key, std::int32_t draft, Bound bound, Value value, int move_index,
             std::uint64_t nodes) {
    Bucket& b = bucket(key);
    TtEntry fresh;
    const std::uint64_t tagged = tag(key);
    fresh.key_ = tagged;
    fresh.value_ = value;
    fresh.move_index_ = static_cast<std::uint16_t>(move_index);
    fresh.draft_ = draft == kDraftExact         ? TtEntry::kExactCode
                   : draft > TtEntry::kMaxDraft ? static_cast<std::uint8_t>(TtEntry::kMaxDraft)
                                                : static_cast<std::uint8_t>(draft < 0 ? 0 : draft);
    const auto work = static_cast<unsigned>(std::bit_width(nodes));
    fresh.bound_work_ = static_cast<std::uint8_t>((work << 2U) | static_cast<unsigned>(bound));
    TtEntry* victim = &b.e[0];
    for (TtEntry& e : b.e) {
      if (e.bound_work_ != 0 && e.key_ == tagged) {
        if (fresh.draft_ < e.draft_) return;
        if (move_index == kNoMoveIndex) fresh.move_index_ = e.move_index_;
        e = fresh;
        return;
      }
      if (!live(*victim)) continue;  // an empty slot found already
      if (!live(e) || e.priority() < victim->priority()) victim = &e;
    }
    *victim = fresh;
  }

  // Starts loading the bucket of `key`, for a probe a little later.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket(key)); }

  [[nodiscard]] std::size_t bytes() const { return bytes_; }
  [[nodiscard]] std::size_t num_entries() const { return count_ * kWays; }

 private:
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  static constexpr std::size_t kWays = 4;

  struct alignas(64) Bucket {
    TtEntry e[kWays];
  };
  static_assert(sizeof(Bucket) == 64 && std::is_trivially_destructible_v<Bucket>);

  // The key with this search's generation in its low 8 bits: entries of other searches never
  // match, and count as empty.
  [[nodiscard]] std::uint64_t tag(std::uint64_t key) const {
    return (key & ~TtEntry::kGenerationMask) | generation_;
  }
  [[nodiscard]] bool live(const TtEntry& e) const {
    return e.bound_work_ != 0 && (e.key_ & TtEntry::kGenerationMask) == generation_;
  }

  // Multiply-shift onto any bucket count: no power-of-two rounding wastes the requested memory,
  // and the Fibonacci multiplier spreads hashes whose low bits are weak.
  [[nodiscard]] std::size_t index(std::uint64_t key) const {
    const std::uint64_t mixed = key * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>((static_cast<unsigned __int128>(mixed) * count_) >> 64);
  }
  Bucket& bucket(std::uint64_t key) { return buckets_[index(key)]; }
  [[nodiscard]] const Bucket& bucket(std::uint64_t key) const { return buckets_[index(key)]; }

  std::size_t count_ = 0;
  std::size_t bytes_ = 0;
  Bucket* buckets_ = nullptr;
  std::uint8_t generation_ = 1;
};

}  // namespace gts
