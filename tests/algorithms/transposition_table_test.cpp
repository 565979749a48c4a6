// The two-bound transposition table on its own: growth as it fills keeps every entry it moves, and
// a table without room to grow stays its size, in both layouts; and the zeroed memory of the df-pn
// tables.
#include "algorithms/transposition_table.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/dfpn.h"
#include "algorithms/zeroed_array.h"
#include "games/connect_four/connect_four.h"
#include "games/go_capture/go_capture.h"
#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tree/explicit_tree.h"

namespace gts {
namespace {

constexpr std::size_t kMib = std::size_t{1} << 20;

// Distinct, well spread keys (SplitMix64 of 1, 2, ...): never 0.
std::uint64_t key_of(std::uint64_t i) {
  std::uint64_t z = i + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return (z ^ (z >> 31)) | 1;
}

// Values within both layouts' exact range (-126..127) and moves 0..10.
void store_one(TranspositionTable& t, std::uint64_t i) {
  const auto v = static_cast<Value>(i % 200) - 100;
  t.store(key_of(i), static_cast<std::int32_t>(i % 7), v, v + 3, static_cast<int>(i % 11), 1000);
}

// The key whose multiplied form (the table's multiply-shift by the Fibonacci constant) is
// `mixed`: the constant's inverse modulo 2^64, by Newton's iteration.
std::uint64_t key_with_mixed(std::uint64_t mixed) {
  constexpr std::uint64_t kFib = 0x9E3779B97F4A7C15ULL;
  std::uint64_t inverse = kFib;
  for (int i = 0; i < 6; ++i) inverse *= 2 - kFib * inverse;
  return mixed * inverse;
}

// Whether key i is in the table with exactly what store_one stored (a moved entry that lost or
// mixed its fields would not count).
bool holds(TranspositionTable& t, std::uint64_t i) {
  const TtEntry* e = t.probe(key_of(i));
  const auto v = static_cast<Value>(i % 200) - 100;
  return e != nullptr && e->lower() == v && e->upper() == v + 3 &&
         e->move_index() == static_cast<int>(i % 11) &&
         e->draft() == static_cast<std::int32_t>(i % 7);
}

// Stores keys 0..n-1, then counts the ones held.
std::size_t store_and_count(TranspositionTable& t, std::uint64_t n) {
  for (std::uint64_t i = 0; i < n; ++i) store_one(t, i);
  std::size_t found = 0;
  for (std::uint64_t i = 0; i < n; ++i) found += holds(t, i) ? 1 : 0;
  return found;
}

TEST(TranspositionTable, WithoutRoomItKeepsItsSize) {
  TranspositionTable t(1);
  const std::size_t entries = t.num_entries();
  EXPECT_EQ(t.bytes(), kMib);
  EXPECT_EQ(t.max_bytes(), kMib);
  const std::size_t found = store_and_count(t, 4 * entries);
  EXPECT_EQ(t.bytes(), kMib);
  EXPECT_LE(found, entries);
  EXPECT_GT(found, entries / 2);
}

TEST(TranspositionTable, GrowsAsItFillsAndKeepsTheEntriesItMoves) {
  TranspositionTable small(1);
  const std::size_t n = 4 * small.num_entries();
  const std::size_t found_small = store_and_count(small, n);

  TranspositionTable t(1, 16);
  EXPECT_EQ(t.bytes(), kMib);
  EXPECT_EQ(t.max_bytes(), 16 * kMib);
  // The stores at which it grows.
  std::vector<std::uint64_t> growths;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::size_t before = t.bytes();
    store_one(t, i);
    if (t.bytes() != before) {
      EXPECT_EQ(t.bytes(), 2 * before);
      growths.push_back(i);
    }
  }
  // Four times the 1 MiB table's entries grow it to 4 or 8 MiB.
  ASSERT_GE(growths.size(), 2u);
  EXPECT_LE(growths.size(), 3u);
  EXPECT_EQ(t.num_entries() * 64 / 4, t.bytes());
  std::size_t found = 0;
  for (std::uint64_t i = 0; i < n; ++i) found += holds(t, i) ? 1 : 0;
  EXPECT_GT(found, 2 * found_small);

  // Nothing is lost in a growth: replayed on a new table, every key held just before the store
  // that grows it is held just after, with what was stored.
  for (const std::uint64_t g : growths) {
    TranspositionTable replay(1, 16);
    for (std::uint64_t i = 0; i < g; ++i) store_one(replay, i);
    std::vector<std::uint64_t> held;
    for (std::uint64_t i = 0; i < g; ++i) {
      if (holds(replay, i)) held.push_back(i);
    }
    const std::size_t before = replay.bytes();
    store_one(replay, g);
    ASSERT_EQ(replay.bytes(), 2 * before);
    std::size_t kept = 0;
    for (const std::uint64_t i : held) kept += holds(replay, i) ? 1 : 0;
    EXPECT_EQ(kept, held.size()) << "growth at store " << g;
    EXPECT_TRUE(holds(replay, g));
  }

  // A new search starts empty at the first size, nothing of the old one is found, and it grows
  // again at the same stores as the first search did.
  t.new_search();
  EXPECT_EQ(t.bytes(), kMib);
  EXPECT_FALSE(holds(t, 0));
  EXPECT_FALSE(holds(t, n - 1));
  std::vector<std::uint64_t> again;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::size_t before = t.bytes();
    store_one(t, i);
    if (t.bytes() != before) again.push_back(i);
  }
  EXPECT_EQ(again, growths);
}

// A search starts on a few buckets and doubles them instead of evicting until they are the table's
// size: it then holds exactly what a table used at its full size from the start (clear()) holds,
// entry for entry, evictions included.
TEST(TranspositionTable, StartingSmallHoldsWhatTheFullSizeHolds) {
  TranspositionTable full(1);
  full.clear();
  TranspositionTable lazy(1);
  lazy.new_search();
  EXPECT_EQ(lazy.bytes(), kMib);
  const std::uint64_t n = 3 * full.num_entries();
  for (std::uint64_t i = 0; i < n; ++i) {
    store_one(full, i);
    store_one(lazy, i);
    // Now and then, the same answers for every key so far (a probe of the full table is the
    // reference).
    if (i % 4096 == 17 || i == n - 1) {
      for (std::uint64_t j = 0; j <= i; ++j) {
        ASSERT_EQ(holds(full, j), holds(lazy, j)) << "key " << j << " after " << i << " stores";
      }
    }
  }
  EXPECT_EQ(lazy.bytes(), kMib);
  EXPECT_EQ(lazy.used_bytes(), kMib);
}

// A few hundred entries in a 16 MiB table are spread over a few pages. A new search starts on the
// buckets the last one ended on, and on fewer where its entries left them nearly empty.
TEST(TranspositionTable, ASmallSearchTouchesLittle) {
  TranspositionTable t(16);
  EXPECT_EQ(t.used_bytes(), 4096u);
  EXPECT_EQ(store_and_count(t, 300), 300u);
  const std::size_t small = t.used_bytes();
  EXPECT_LE(small, 64 * 4096u);
  EXPECT_EQ(t.bytes(), 16 * kMib);
  t.new_search();
  EXPECT_EQ(t.used_bytes(), small);
  store_and_count(t, 4 * t.num_entries());
  EXPECT_EQ(t.used_bytes(), 16 * kMib);
  t.new_search();
  EXPECT_EQ(t.used_bytes(), 16 * kMib);
  // 300 entries would fill one slot in 256 of 2^14 buckets (1 MiB), not of 2^15.
  store_and_count(t, 300);
  t.new_search();
  EXPECT_EQ(t.used_bytes(), kMib);
}

// Wherever a search starts (on the buckets of the searches before it), it holds what a search of
// a new table holds, entry for entry: its node counts do not depend on what was searched before.
// Buckets grown past the table's size (by evictions, given room) are not kept.
TEST(TranspositionTable, ASearchHoldsTheSameWhereverItStarts) {
  TranspositionTable kept(2, 8);
  std::uint64_t next = 0;
  for (std::uint64_t s = 0; s < 12; ++s) {
    const std::uint64_t n = s % 4 == 1 ? 3 * kept.num_entries() : s % 4 == 2 ? 20'000 : 40 * s;
    kept.new_search();
    TranspositionTable fresh(2, 8);
    for (std::uint64_t i = next; i < next + n; ++i) {
      store_one(kept, i);
      store_one(fresh, i);
    }
    for (std::uint64_t i = next; i < next + n; ++i) {
      ASSERT_EQ(holds(kept, i), holds(fresh, i)) << "search " << s << ", key " << i;
    }
    next += n;
  }
}

TEST(TranspositionTable, ItNeverGrowsPastItsLimit) {
  TranspositionTable t(1, 3);  // room for one doubling only (2 MiB; 4 would pass 3)
  EXPECT_EQ(t.max_bytes(), 2 * kMib);
  store_and_count(t, 8 * t.num_entries());
  EXPECT_EQ(t.bytes(), 2 * kMib);
}

// Every bound a search can store comes back exactly, alone or beside any other: the extreme
// values of every game and tree (explicit trees' literals, random trees' independent and
// incremental values, wins of 1000, Kalah's 255 seeds), the window's +-kInfinity (nothing proved)
// and the int32 limits; so do the extreme draft, move and work, moved by growth or not.
TEST(TranspositionTable, EveryValueRoundTripsExactly) {
  const std::vector<Value> extremes = {
      0,
      1,
      255,
      1000,
      131071,
      131072,
      ExplicitTree::kMaxLeafMagnitude,
      static_cast<Value>(RandomTree::kMaxRange - 1),
      RandomTree::kMaxDepth * 1'000'000,  // incremental: depth times the largest increment
      kInfinity - 1,
      kInfinity,
      std::numeric_limits<Value>::max(),
  };
  std::vector<Value> values;
  for (const Value v : extremes) {
    values.push_back(v);
    values.push_back(-v);
  }
  values.push_back(std::numeric_limits<Value>::min());
  TranspositionTable t(1);
  std::vector<std::pair<Value, Value>> stored;
  for (const Value lo : values) {
    for (const Value hi : values) stored.emplace_back(lo, hi);
  }
  auto check_all = [&](const char* when) {
    for (std::size_t i = 0; i < stored.size(); ++i) {
      const TtEntry* e = t.probe(key_of(i));
      ASSERT_NE(e, nullptr) << when << " " << i;
      EXPECT_EQ(e->lower(), stored[i].first) << when << " " << i;
      EXPECT_EQ(e->upper(), stored[i].second) << when << " " << i;
      EXPECT_EQ(e->draft(), i % 2 == 0 ? kDraftExact : 254) << when;
      EXPECT_EQ(e->move_index(), i % 3 == 0 ? 510 : kNoMoveIndex) << when;
    }
  };
  for (std::size_t i = 0; i < stored.size(); ++i) {
    t.store(key_of(i), i % 2 == 0 ? kDraftExact : 254, stored[i].first, stored[i].second,
            i % 3 == 0 ? 510 : 511, ~std::uint64_t{0});
  }
  // The search started on one page and doubled its buckets as they filled, moving the entries
  // stored before each doubling.
  EXPECT_GT(t.used_bytes(), 64u * 64u);
  check_all("stored");
}

// An entry checks the 35 bits of the multiplied key just below its bucket's: a key that differs
// from it in the lowest of them misses, one that differs just below them matches (the check's
// width, by design). An entry moved by growth keeps checking the bits it checked when stored.
TEST(TranspositionTable, TheCheckCoversThirtyFiveBitsBelowTheBucket) {
  TranspositionTable full(1);
  full.clear();  // 2^14 buckets: the bucket is the top 14 bits, the check bits 49..15
  const std::uint64_t m = 0x0123456789ABCDEFULL;
  full.store(key_with_mixed(m), 3, 1, 1, 0, 1);
  EXPECT_NE(full.probe(key_with_mixed(m)), nullptr);
  EXPECT_EQ(full.probe(key_with_mixed(m ^ (std::uint64_t{1} << 15))), nullptr);
  EXPECT_EQ(full.probe(key_with_mixed(m ^ (std::uint64_t{1} << 49))), nullptr);
  EXPECT_NE(full.probe(key_with_mixed(m ^ (std::uint64_t{1} << 14))), nullptr);

  // A search's first 64 buckets: the top 6 bits, the check bits 57..23. Five keys of bucket 0
  // make it double (to 128 buckets or more); the first key's entry then still tells bit 23 apart
  // and not bit 22.
  TranspositionTable lazy(1);
  ASSERT_EQ(lazy.used_bytes(), 64u * 64u);
  for (std::uint64_t i = 0; i < 5; ++i) {
    lazy.store(key_with_mixed((i + 1) << 52), 3, 1, 1, 0, 1);
  }
  ASSERT_GE(lazy.used_bytes(), 128u * 64u);
  const std::uint64_t first = std::uint64_t{1} << 52;
  EXPECT_NE(lazy.probe(key_with_mixed(first)), nullptr);
  EXPECT_EQ(lazy.probe(key_with_mixed(first ^ (std::uint64_t{1} << 23))), nullptr);
  EXPECT_NE(lazy.probe(key_with_mixed(first ^ (std::uint64_t{1} << 22))), nullptr);
}

// The generation wraps every 63 searches and the table is cleared then: no search, the 64th and
// 127th included, finds what an earlier one stored. So too where the searches start on all of the
// table's buckets, the first having grown them and none since.
TEST(TranspositionTable, EverySearchStartsEmptyAcrossGenerationWraps) {
  TranspositionTable t(1);
  for (std::uint64_t search = 0; search < 130; ++search) {
    t.new_search();
    ASSERT_FALSE(holds(t, 0)) << "search " << search;
    ASSERT_FALSE(holds(t, 1000)) << "search " << search;
    store_one(t, search % 2 == 0 ? 0 : 1000);
    ASSERT_TRUE(holds(t, search % 2 == 0 ? 0 : 1000));
  }
  TranspositionTable big(1);
  constexpr std::uint64_t kKeys = 300;  // enough to keep all of its buckets for the next search
  for (std::uint64_t search = 0; search < 200; ++search) {
    big.new_search();
    if (search > 0) {
      ASSERT_EQ(big.used_bytes(), kMib);
    }
    for (std::uint64_t back = 1; back <= std::min<std::uint64_t>(search, 63); back += 62) {
      for (std::uint64_t i = 0; i < kKeys; ++i) {
        ASSERT_FALSE(holds(big, (search - back) * kKeys + i)) << "search " << search;
      }
    }
    const std::uint64_t n = search == 0 ? 3 * big.num_entries() : kKeys;
    for (std::uint64_t i = 0; i < n; ++i) store_one(big, search * kKeys + i);
  }
}

// A full bucket's most recently used entry is never the one a new position evicts, however cheap.
TEST(TranspositionTable, TheMostRecentlyUsedEntryStays) {
  TranspositionTable t(1);
  t.clear();  // all of its buckets from the start: no growth moves entries
  // Five keys of one bucket: the table's index is a multiply-shift of the key.
  const std::size_t buckets = t.num_entries() / 4;
  auto bucket_of = [&](std::uint64_t k) {
    return static_cast<std::size_t>(
        (static_cast<unsigned __int128>(k * 0x9E3779B97F4A7C15ULL) * buckets) >> 64);
  };
  std::vector<std::uint64_t> same;
  for (std::uint64_t i = 0; same.size() < 5; ++i) {
    if (bucket_of(key_of(i)) == bucket_of(key_of(0))) same.push_back(key_of(i));
  }
  // Three expensive entries, then a cheap one stored last: a fifth position evicts an expensive
  // one, not the cheap one at the front (which the least work alone would choose).
  for (std::size_t j = 0; j < 3; ++j) t.store(same[j], 5, 1, 1, 0, 1'000'000);
  t.store(same[3], 5, 1, 1, 0, 1);
  t.store(same[4], 5, 1, 1, 0, 1);
  std::size_t held = 0;
  for (std::size_t j = 0; j < 3; ++j) held += t.probe(same[j]) != nullptr ? 1 : 0;
  EXPECT_EQ(held, 2u);  // one expensive entry went
  EXPECT_NE(t.probe(same[4]), nullptr);
  EXPECT_NE(t.probe(same[3]), nullptr);
}

// The compact layout's entries, with values a solve of a small-valued game stores: bounds in
// -126..127 and the moves 0..14 come back exactly, and so do -kInfinity, kInfinity and the exact
// draft; a bound outside is weakened (never tightened) and a move past 14 becomes none.
TEST(TranspositionTableCompact, ItsRangeRoundTripsAndTheRestIsWeakened) {
  TranspositionTable t(1);
  t.new_search(TtLayout::kCompact);
  ASSERT_EQ(t.layout(), TtLayout::kCompact);
  struct Case {
    Value lower, upper;
    Value lower_back, upper_back;
    int move, move_back;
  };
  const std::vector<Case> cases = {
      {-126, 127, -126, 127, 0, 0},
      {5, 5, 5, 5, 13, 13},
      {-kInfinity, kInfinity, -kInfinity, kInfinity, 7, 7},
      {-48, -kInfinity + 1, -48, -126, 14, 14},  // upper below the range: -126
      {-127, 128, -kInfinity, kInfinity, 15, kNoMoveIndex},
      {200, kInfinity, 127, kInfinity, 3, 3},
      {-1000, -200, -kInfinity, -126, 1, 1},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    t.store(key_of(i), i % 2 == 0 ? kDraftExact : 254, cases[i].lower, cases[i].upper,
            cases[i].move, 1000);
  }
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const TtEntry* e = t.probe(key_of(i));
    ASSERT_NE(e, nullptr) << i;
    EXPECT_EQ(e->lower(), cases[i].lower_back) << i;
    EXPECT_EQ(e->upper(), cases[i].upper_back) << i;
    EXPECT_EQ(e->move_index(), cases[i].move_back) << i;
    EXPECT_EQ(e->draft(), i % 2 == 0 ? kDraftExact : 254) << i;
  }
}

// Six entries a bucket: the same memory holds half as many entries again, and keeps more of many
// keys; growth moves every entry, as in the wide layout.
TEST(TranspositionTableCompact, HoldsMoreAndGrowsKeepingItsEntries) {
  TranspositionTable wide(1);
  TranspositionTable compact(1);
  compact.new_search(TtLayout::kCompact);
  EXPECT_EQ(compact.bytes(), kMib);
  EXPECT_EQ(2 * compact.num_entries(), 3 * wide.num_entries());
  const std::uint64_t n = 4 * wide.num_entries();
  const std::size_t found_wide = store_and_count(wide, n);
  const std::size_t found_compact = store_and_count(compact, n);
  EXPECT_LE(found_compact, compact.num_entries());
  EXPECT_GT(10 * found_compact, 13 * found_wide);

  TranspositionTable t(1, 16);
  t.new_search(TtLayout::kCompact);
  std::vector<std::uint64_t> growths;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::size_t before = t.bytes();
    store_one(t, i);
    if (t.bytes() != before) growths.push_back(i);
  }
  ASSERT_GE(growths.size(), 1u);
  for (const std::uint64_t g : growths) {
    TranspositionTable replay(1, 16);
    replay.new_search(TtLayout::kCompact);
    for (std::uint64_t i = 0; i < g; ++i) store_one(replay, i);
    std::vector<std::uint64_t> held;
    for (std::uint64_t i = 0; i < g; ++i) {
      if (holds(replay, i)) held.push_back(i);
    }
    store_one(replay, g);
    std::size_t kept = 0;
    for (const std::uint64_t i : held) kept += holds(replay, i) ? 1 : 0;
    EXPECT_EQ(kept, held.size()) << "growth at store " << g;
    EXPECT_TRUE(holds(replay, g));
  }
}

// A compact entry checks 40 bits of the multiplied key just below its bucket's.
TEST(TranspositionTableCompact, TheCheckCoversFortyBitsBelowTheBucket) {
  TranspositionTable t(1);
  t.new_search(TtLayout::kCompact);
  t.clear();  // 2^14 buckets: the bucket is the top 14 bits, the check bits 49..10
  const std::uint64_t m = 0x0123456789ABCDEFULL;
  t.store(key_with_mixed(m), 3, 1, 1, 0, 1);
  EXPECT_NE(t.probe(key_with_mixed(m)), nullptr);
  EXPECT_EQ(t.probe(key_with_mixed(m ^ (std::uint64_t{1} << 10))), nullptr);
  EXPECT_EQ(t.probe(key_with_mixed(m ^ (std::uint64_t{1} << 49))), nullptr);
  EXPECT_NE(t.probe(key_with_mixed(m ^ (std::uint64_t{1} << 9))), nullptr);
}

// A search in the other layout finds nothing of the last one's entries (their words would read
// as other entries): changing the layout empties the table.
TEST(TranspositionTableCompact, ChangingTheLayoutEmptiesTheTable) {
  TranspositionTable t(1);
  const std::uint64_t n = t.num_entries();
  for (std::uint64_t i = 0; i < n; ++i) store_one(t, i);
  for (const TtLayout layout : {TtLayout::kCompact, TtLayout::kWide, TtLayout::kCompact}) {
    t.new_search(layout);
    std::size_t found = 0;
    for (std::uint64_t i = 0; i < n; ++i) found += t.probe(key_of(i)) != nullptr ? 1 : 0;
    EXPECT_EQ(found, 0u);
    for (std::uint64_t i = 0; i < n; ++i) store_one(t, i);
  }
}

// The compact layout is for exact solves of games that bound their outcomes within its range.
TEST(TranspositionTableCompact, ChosenForExactSolvesOfSmallValuedGames) {
  const Kalah kalah;
  EXPECT_EQ(kalah.max_outcome(), 48);
  EXPECT_EQ(TranspositionTable::layout_for(kalah, true), TtLayout::kCompact);
  EXPECT_EQ(TranspositionTable::layout_for(kalah, false), TtLayout::kWide);
  const Kalah big(
      Params(std::map<std::string, std::string>{{"pits", "6"}, {"seeds", "11"}}));  // 132 seeds
  EXPECT_EQ(TranspositionTable::layout_for(big, true), TtLayout::kWide);
  const ConnectFour c4;
  EXPECT_EQ(c4.max_outcome(), 22);
  EXPECT_EQ(TranspositionTable::layout_for(c4, true), TtLayout::kCompact);
  EXPECT_EQ(TranspositionTable::layout_for(GoCapture(), true), TtLayout::kWide);
}

TEST(TranspositionTable, BadSizesAreRefused) {
  EXPECT_THROW(TranspositionTable(0), ParamError);
  EXPECT_THROW(TranspositionTable(4, 2), ParamError);
  EXPECT_THROW(TranspositionTable(1, TranspositionTable::kMaxMib + 1), ParamError);
}

// The df-pn tables' memory: zero bytes throughout when made, even where a table written all over
// was freed just before; moving hands the memory over.
TEST(ZeroedArray, StartsAsZerosAndMoves) {
  constexpr std::size_t kN = (std::size_t{8} << 20) / sizeof(std::uint64_t);
  {
    ZeroedArray<std::uint64_t> dirty(kN);
    for (std::size_t i = 0; i < kN; ++i) dirty[i] = i + 1;
  }
  ZeroedArray<std::uint64_t> a(kN);
  std::uint64_t any = 0;
  for (std::size_t i = 0; i < kN; ++i) any |= a[i];
  EXPECT_EQ(any, 0u);
  a[7] = 42;
  ZeroedArray<std::uint64_t> b(std::move(a));
  EXPECT_FALSE(a);  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
  EXPECT_EQ(a.size(), 0u);
  ASSERT_TRUE(b);
  EXPECT_EQ(b.size(), kN);
  EXPECT_EQ(b[7], 42u);
  EXPECT_FALSE(ZeroedArray<std::uint64_t>());
}

// Memory given back goes to the thread's next table of its size, zero again: the owner's written
// part is cleared, the rest was never written.
TEST(ZeroedArray, GivenBackMemoryComesBackZero) {
  constexpr std::size_t kN = (std::size_t{4} << 20) / sizeof(std::uint64_t);
  const std::uint64_t* first = nullptr;
  {
    ZeroedArray<std::uint64_t> a(kN);
    first = a.data();
    for (std::size_t i = 0; i < 1000; ++i) a[i] = i + 1;
    a.set_dirty(1000);
  }
  ZeroedArray<std::uint64_t> b(kN);
  EXPECT_EQ(b.data(), first);
  std::uint64_t any = 0;
  for (std::size_t i = 0; i < kN; ++i) any |= b[i];
  EXPECT_EQ(any, 0u);
  ZeroedArray<std::uint64_t> other(kN / 2);  // another size: memory of its own
  EXPECT_NE(other.data(), first);
}

// A table made where a full one was given back holds none of its entries: the buckets its searches
// used are zeroed on the way back (zero pages are generation 0, which no search uses, but the old
// table's entries were of generation 1, the new one's first).
TEST(TranspositionTable, AGivenBackTableLeavesNothingBehind) {
  // A few keys (the table still on its first buckets) and many (grown to its size and beyond).
  for (const std::size_t keys : {std::size_t{20}, std::size_t{200'000}}) {
    for (const std::size_t max_mib : {std::size_t{0}, std::size_t{8}}) {
      {
        TranspositionTable t(2, max_mib);
        for (std::uint64_t i = 0; i < keys; ++i) store_one(t, i);
      }
      TranspositionTable fresh(2, max_mib);
      std::size_t found = 0;
      for (std::uint64_t i = 0; i < keys; ++i) found += fresh.probe(key_of(i)) != nullptr ? 1 : 0;
      EXPECT_EQ(found, 0u) << keys << " keys, max_mib " << max_mib;
    }
  }
}

// The same for df-pn's table, which notes the slots it fills (or, past an eighth of them, gives its
// memory back whole).
TEST(DfpnTable, AGivenBackTableLeavesNothingBehind) {
  const std::size_t slots = DfpnTable(1).slots();
  for (const std::size_t keys : {std::size_t{1000}, slots / 2}) {
    {
      DfpnTable t(1);
      for (std::uint64_t i = 0; i < keys; ++i) t.store(key_of(i), 1, 2, 0, 0, 1);
      EXPECT_EQ(t.filled_slots() != nullptr, keys < slots / 8);
    }
    const DfpnTable fresh(1);
    std::size_t found = 0;
    for (std::uint64_t i = 0; i < keys; ++i) found += fresh.probe(key_of(i)) != nullptr ? 1 : 0;
    EXPECT_EQ(found, 0u) << keys << " keys";
  }
}

// Making a table counts its mapping and first pages on the thread's table-memory clock.
TEST(TranspositionTable, MakingATableRunsTheMemoryClock) {
  const double before = detail::table_memory_ms();
  { const TranspositionTable t(64); }
  EXPECT_GT(detail::table_memory_ms(), before);
}

}  // namespace
}  // namespace gts
