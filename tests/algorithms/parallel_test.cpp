// The parallel searches (Lazy SMP, ABDADA, parallel solve) against one thread: searched to the end
// they return the sequential exact value on every game, and at a fixed depth, where every
// position's remaining depth is fixed by the position (tic-tac-toe, Connect Four, random trees),
// the depth-limited minimax value. The shared lock-free table on its own, and under threads that
// write and read it at once. Run under TSan too (GTS_SANITIZE=thread).
#include "algorithms/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "algorithms/alphabeta.h"
#include "algorithms/minimax.h"
#include "algorithms/shared_table.h"
#include "algorithms/solve.h"
#include "games/connect_four/connect_four.h"
#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tictactoe/tictactoe.h"
#include "tests/algorithms/search_test_util.h"

namespace gts {
namespace {

using test::depth_limits;
using test::make_eval;
using test::make_game;
using test::random_position;

constexpr ParallelScheme kSchemes[] = {ParallelScheme::kLazySmp, ParallelScheme::kAbdada};

std::string scheme_name(ParallelScheme s) {
  return s == ParallelScheme::kLazySmp ? "lazysmp" : "abdada";
}

AlphaBetaOptions table_options(bool fail_soft, bool id) {
  AlphaBetaOptions o;
  o.tt = true;
  o.tt_mb = 1;
  o.fail_soft = fail_soft;
  o.iterative_deepening = id;
  return o;
}

// Every scheme on 1..4 threads, fail-hard and fail-soft, with and without iterative deepening,
// returns `expected` at `depth`; its best move is one of the moves of that value.
template <class G, class E>
void expect_parallel_value(const G& game, const E& eval, const typename G::State& root, int depth,
                           Value expected, const std::string& what) {
  SharedTable table(4);
  for (const ParallelScheme scheme : kSchemes) {
    for (int threads = 1; threads <= 4; ++threads) {
      for (int mask = 0; mask < 4; ++mask) {
        const AlphaBetaOptions o = table_options((mask & 1) != 0, (mask & 2) != 0);
        const SearchResult r = parallel_alphabeta(game, eval, root, depth_limits(depth), o,
                                                  {.threads = threads, .scheme = scheme}, table);
        const std::string label = what + " " + scheme_name(scheme) +
                                  " threads=" + std::to_string(threads) + " " + test::describe(o);
        ASSERT_TRUE(r.complete) << label;
        EXPECT_EQ(r.value, expected) << label;
        EXPECT_EQ(r.thread_nodes.size(), threads > 1 ? static_cast<std::size_t>(threads) : 0u)
            << label;
        std::uint64_t sum = 0;
        for (const std::uint64_t n : r.thread_nodes) sum += n;
        if (threads > 1) {
          EXPECT_EQ(sum, r.stats.nodes) << label;
        }
        if (game.is_terminal(root)) continue;
        ASSERT_NE(r.best_move, kNoMove) << label;
        auto child = root;
        game.play(child, r.best_move);
        const Value v =
            alphabeta(game, eval, child, depth_limits(depth == kDepthMax ? depth : depth - 1),
                      table_options(false, false))
                .value;
        EXPECT_EQ(game.to_move(child) == game.to_move(root) ? v : -v, expected)
            << label << ": the best move is not worth the value";
      }
    }
  }
}

// The exact value to the end: minimax where it is cheap, else sequential alpha-beta with a table.
template <class G, class E>
void expect_exact(const G& game, const E& eval, const typename G::State& root,
                  const std::string& what, bool minimax_cheap) {
  const Value sequential =
      minimax_cheap
          ? minimax(game, eval, root, depth_limits(kDepthMax)).value
          : alphabeta(game, eval, root, depth_limits(kDepthMax), table_options(true, false)).value;
  expect_parallel_value(game, eval, root, kDepthMax, sequential, what);
  // The exact-solve choice on threads, both ways of sharing a pass.
  for (const ParallelScheme scheme : kSchemes) {
    for (int threads = 2; threads <= 3; ++threads) {
      SolveOptions so;
      so.tt_mb = 4;
      so.parallel = {.threads = threads, .scheme = scheme};
      const SearchResult r = solve(game, eval, root, depth_limits(kDepthMax), so);
      ASSERT_TRUE(r.complete) << what;
      EXPECT_EQ(r.value, sequential)
          << what << " solve " << scheme_name(scheme) << " threads=" << threads;
      EXPECT_EQ(r.thread_nodes.size(), static_cast<std::size_t>(threads));
    }
  }
}

TEST(Parallel, TicTacToeToTheEndAndAtEveryDepth) {
  const auto game = make_game<TicTacToe>({});
  const auto eval = make_eval(game, "open-lines");
  expect_exact(game, eval, game.initial_state(), "tic-tac-toe", true);
  for (int depth = 1; depth <= 5; ++depth) {
    expect_parallel_value(game, eval, game.initial_state(), depth,
                          minimax(game, eval, game.initial_state(), depth_limits(depth)).value,
                          "tic-tac-toe depth " + std::to_string(depth));
  }
}

TEST(Parallel, RandomTreesToTheEndAndAtFixedDepths) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    // range 10^6: leaf values beyond the shared table's 16-bit bounds, stored weakened.
    const auto game = make_game<RandomTree>({{"branching", "4"},
                                             {"depth", "6"},
                                             {"seed", std::to_string(seed)},
                                             {"range", seed % 2 == 0 ? "1000000" : "0"}});
    const auto eval = make_eval(game, "leaf");
    const std::string what = "random tree seed " + std::to_string(seed);
    expect_exact(game, eval, game.initial_state(), what, true);
    for (const int depth : {3, 4}) {
      expect_parallel_value(game, eval, game.initial_state(), depth,
                            minimax(game, eval, game.initial_state(), depth_limits(depth)).value,
                            what + " depth " + std::to_string(depth));
    }
  }
}

TEST(Parallel, ConnectFourFiveByFourAndSevenBySixMidGame) {
  const auto small = make_game<ConnectFour>({{"width", "5"}, {"height", "4"}});
  const auto small_eval = make_eval(small, "threats");
  expect_exact(small, small_eval, small.initial_state(), "Connect Four 5x4", false);
  expect_parallel_value(small, small_eval, small.initial_state(), 6,
                        minimax(small, small_eval, small.initial_state(), depth_limits(6)).value,
                        "Connect Four 5x4 depth 6");
  const auto c4 = make_game<ConnectFour>({});
  const auto eval = make_eval(c4, "threats");
  int positions = 0;
  for (std::uint64_t seed = 1; positions < 3; ++seed) {
    const auto root = random_position(c4, seed, 16);
    if (c4.is_terminal(root)) continue;  // a random game may be over by then
    ++positions;
    expect_exact(c4, eval, root, "Connect Four 7x6 mid-game " + std::to_string(seed), false);
    expect_parallel_value(c4, eval, root, 5, minimax(c4, eval, root, depth_limits(5)).value,
                          "Connect Four 7x6 mid-game depth 5");
  }
}

TEST(Parallel, KalahSmallGamesAndMidGamePositions) {
  for (const auto& [pits, seeds] : {std::pair{4, 2}, std::pair{6, 1}, std::pair{6, 2}}) {
    const auto game =
        make_game<Kalah>({{"pits", std::to_string(pits)}, {"seeds", std::to_string(seeds)}});
    const auto eval = make_eval(game, "store-diff");
    expect_exact(game, eval, game.initial_state(),
                 "Kalah(" + std::to_string(pits) + "," + std::to_string(seeds) + ")", false);
  }
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "3"}, {"capture", "nonempty"}});
  const auto eval = make_eval(game, "store-diff");
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto root = random_position(game, seed, 16);
    ASSERT_FALSE(game.is_terminal(root));
    expect_exact(game, eval, root, "Kalah(6,3) mid-game " + std::to_string(seed), false);
  }
}

// A solve whose shared table starts at 1 MiB grows it (its passes stopped and run again on the
// doubled table) and still returns the sequential value.
TEST(Parallel, SolveGrowsItsSharedTableAndKeepsTheValue) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "3"}, {"capture", "nonempty"}});
  const auto eval = make_eval(game, "store-diff");
  const auto root = game.initial_state();
  SolveOptions so;
  so.tt_mb = 1;
  so.tt_max_mb = 64;
  const Value sequential = solve(game, eval, root, depth_limits(kDepthMax), so).value;
  EXPECT_EQ(sequential, 2);  // Kalah(6,3), empty-pit captures allowed: +2 for the first player
  for (const ParallelScheme scheme : kSchemes) {
    so.parallel = {.threads = 2, .scheme = scheme};
    so.pv_to_end = false;
    SharedTable table(so.tt_mb, so.tt_max_mb);
    const SearchResult r = solve_parallel(game, eval, root, depth_limits(kDepthMax), so, table);
    ASSERT_TRUE(r.complete) << scheme_name(scheme);
    EXPECT_EQ(r.value, sequential) << scheme_name(scheme);
    EXPECT_GT(table.bytes(), std::size_t{1} << 20) << scheme_name(scheme) << ": no growth";
    so.pv_to_end = true;
    EXPECT_EQ(solve(game, eval, root, depth_limits(kDepthMax), so).value, sequential);
  }
}

TEST(Parallel, BudgetsStillGiveAMove) {
  const auto game = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  const auto eval = make_eval(game, "store-diff");
  SharedTable table(4);
  for (const ParallelScheme scheme : kSchemes) {
    SearchLimits limits = depth_limits(30);
    limits.max_nodes = 20000;
    const SearchResult r =
        parallel_alphabeta(game, eval, game.initial_state(), limits, table_options(false, true),
                           {.threads = 2, .scheme = scheme}, table);
    EXPECT_FALSE(r.complete);
    EXPECT_NE(r.best_move, kNoMove);
    EXPECT_GE(r.depth, 1);
    EXPECT_LE(r.stats.nodes, 20000u);  // the budget is split between the threads
    std::atomic<bool> stop{true};
    SearchLimits stopped = depth_limits(kDepthMax);
    stopped.stop = &stop;
    const SearchResult s =
        parallel_alphabeta(game, eval, game.initial_state(), stopped, table_options(false, false),
                           {.threads = 2, .scheme = scheme}, table);
    EXPECT_FALSE(s.complete);
    EXPECT_NE(s.best_move, kNoMove);
  }
  EXPECT_THROW(parallel_alphabeta(game, eval, game.initial_state(), depth_limits(2),
                                  table_options(false, false), {.threads = 0}, table),
               ParamError);
}

TEST(SharedTable, KeepsBoundsDraftsAndMovesAndWeakensWhatDoesNotFit) {
  SharedTable t(1);
  t.new_search();
  t.store(42, 5, -3, 7, 2, 100);
  auto e = t.probe(42);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->lower(), -3);
  EXPECT_EQ(e->upper(), 7);
  EXPECT_EQ(e->draft(), 5);
  EXPECT_EQ(e->move_index(), 2);
  EXPECT_FALSE(t.probe(43));
  // Same draft narrows, a fail-low keeps the move; shallower changes nothing; deeper replaces.
  t.store(42, 5, 0, kInfinity, kNoMoveIndex, 1);
  e = t.probe(42);
  EXPECT_EQ(e->lower(), 0);
  EXPECT_EQ(e->upper(), 7);
  EXPECT_EQ(e->move_index(), 2);
  t.store(42, 4, 1, 1, 0, 1);
  EXPECT_EQ(t.probe(42)->draft(), 5);
  t.store(42, kDraftExact, 1, 1, 3, 1);
  EXPECT_EQ(t.probe(42)->draft(), kDraftExact);
  EXPECT_EQ(t.probe(42)->lower(), 1);
  // Out of range: a lower bound rounds down, an upper one up (both stay true).
  t.store(7, 1, 50000, 60000, 0, 1);
  EXPECT_EQ(t.probe(7)->lower(), 32766);
  EXPECT_EQ(t.probe(7)->upper(), kInfinity);
  t.store(8, 1, -60000, -50000, 0, 1);
  EXPECT_EQ(t.probe(8)->lower(), -kInfinity);
  EXPECT_EQ(t.probe(8)->upper(), -32767);
  t.new_search();
  EXPECT_FALSE(t.probe(42));
  // Past the 8-bit generation's wrap the table is cleared, never read stale.
  t.store(9, 1, 0, 0, 0, 1);
  for (int i = 0; i < 600; ++i) {
    t.new_search();
    EXPECT_FALSE(t.probe(9));
    t.store(9, 1, 0, 0, 0, 1);  // and every search finds what it stored
    ASSERT_TRUE(t.probe(9)) << "search " << i;
  }
}

// A full bucket gives up its cheapest entry: in a solve every draft is exact, so the work (log2 of
// the nodes a result cost) is what keeps the expensive results.
TEST(SharedTable, AFullBucketGivesUpItsCheapestEntry) {
  SharedTable t(1);
  t.new_search();
  const std::size_t buckets = t.num_entries() / 4;
  auto bucket_of = [buckets](std::uint64_t key) {
    const std::uint64_t mixed = key * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>((static_cast<unsigned __int128>(mixed) * buckets) >> 64);
  };
  std::vector<std::uint64_t> keys{1};
  for (std::uint64_t k = 2; keys.size() < 6; ++k) {
    if (bucket_of(k) == bucket_of(1)) keys.push_back(k);
  }
  const std::uint64_t cost[] = {1000, 10, 100000, 50};
  for (std::size_t i = 0; i < 4; ++i) t.store(keys[i], kDraftExact, 1, 1, 0, cost[i]);
  t.store(keys[4], kDraftExact, 2, 2, 0, 500);
  EXPECT_FALSE(t.probe(keys[1]));  // 10 nodes: the cheapest
  for (const std::size_t i : {0, 2, 3, 4}) EXPECT_TRUE(t.probe(keys[i])) << i;
  t.store(keys[5], kDraftExact, 3, 3, 0, 5);
  EXPECT_FALSE(t.probe(keys[3]));  // 50 nodes, the cheapest left
  for (const std::size_t i : {0, 2, 4, 5}) EXPECT_TRUE(t.probe(keys[i])) << i;
  // A deeper draft outranks any work: a costly shallow result goes before a cheap exact one.
  t.store(keys[1], 3, 4, 4, 0, std::uint64_t{1} << 40);
  EXPECT_FALSE(t.probe(keys[5]));
  t.store(keys[3], kDraftExact, 5, 5, 0, 1);
  EXPECT_FALSE(t.probe(keys[1]));
  for (const std::size_t i : {0, 2, 3, 4}) EXPECT_TRUE(t.probe(keys[i])) << i;
  // Move indices to 1022 are kept; above, the entry keeps its bounds and loses only the move.
  t.store(77, 1, 0, 0, 361, 1);
  EXPECT_EQ(t.probe(77)->move_index(), 361);
  t.store(78, 1, 0, 0, 1022, 1);
  EXPECT_EQ(t.probe(78)->move_index(), 1022);
  t.store(79, 1, -5, 5, 1023, 1);
  EXPECT_EQ(t.probe(79)->move_index(), kNoMoveIndex);
  EXPECT_EQ(t.probe(79)->lower(), -5);
}

// Growth is asked for past as many evictions as buckets (the stop flag raised), done by the driver
// between passes, and keeps every entry; a new search starts at the first size again.
TEST(SharedTable, GrowsInPlaceKeepingItsEntries) {
  SharedTable t(1, 4);
  t.new_search();
  std::atomic<bool> stop{false};
  t.set_growth_stop(&stop);
  std::vector<std::uint64_t> present;
  for (std::uint64_t k = 1; k <= 60000; ++k) {
    const auto v = static_cast<Value>(k % 1000);
    t.store(k, kDraftExact, v, v + 1, static_cast<int>(k % 7), k % 100);
  }
  for (std::uint64_t k = 1; k <= 60000; ++k) {
    if (t.probe(k)) present.push_back(k);
  }
  ASSERT_GT(present.size(), 40000u);
  EXPECT_FALSE(t.grow_if_wanted());
  t.add_evictions(t.num_entries() / 4);  // as many as buckets: not yet
  EXPECT_FALSE(stop.load());
  t.add_evictions(1);
  EXPECT_TRUE(stop.load());
  ASSERT_TRUE(t.grow_if_wanted());
  EXPECT_EQ(t.bytes(), std::size_t{2} << 20);
  EXPECT_FALSE(t.grow_if_wanted());
  for (const std::uint64_t k : present) {
    const auto e = t.probe(k);
    ASSERT_TRUE(e) << k;
    EXPECT_EQ(e->lower(), static_cast<Value>(k % 1000));
    EXPECT_EQ(e->upper(), static_cast<Value>(k % 1000) + 1);
    EXPECT_EQ(e->move_index(), static_cast<int>(k % 7));
  }
  // Up to the limit (4 MiB), then no more.
  t.add_evictions(t.num_entries() / 4 + 1);
  ASSERT_TRUE(t.grow_if_wanted());
  EXPECT_EQ(t.bytes(), std::size_t{4} << 20);
  t.add_evictions(std::size_t{1} << 40);
  EXPECT_FALSE(t.grow_if_wanted());
  t.new_search();
  EXPECT_EQ(t.bytes(), std::size_t{1} << 20);
  EXPECT_FALSE(t.probe(present.front()));
  t.set_growth_stop(nullptr);
  EXPECT_THROW(SharedTable(4, 2), ParamError);
}

// Threads storing entries whose bounds are a function of the key, and reading them back: a
// torn write never reads as another entry's bounds.
TEST(SharedTable, ConcurrentWritersNeverYieldATornEntry) {
  SharedTable t(1);
  t.new_search();
  std::atomic<std::uint64_t> bad{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&t, &bad, i] {
      for (std::uint64_t n = 0; n < 200000; ++n) {
        const std::uint64_t key = (n * 2654435761u + static_cast<std::uint64_t>(i)) % 5000 + 1;
        const auto v = static_cast<Value>(key % 1000);
        t.store(key, static_cast<std::int32_t>(key % 50), v, v + 1, static_cast<int>(key % 7), 1);
        if (const auto e = t.probe(key ^ 1)) {
          const std::uint64_t k = key ^ 1;
          const auto w = static_cast<Value>(k % 1000);
          if (e->lower() < w || e->upper() > w + 1 || e->move_index() != static_cast<int>(k % 7)) {
            ++bad;
          }
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(bad.load(), 0u);
}

}  // namespace
}  // namespace gts
