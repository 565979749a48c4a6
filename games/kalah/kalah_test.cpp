#include "games/kalah/kalah.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "algorithms/perft.h"
#include "common/interrupt.h"

namespace gts {
namespace {

static_assert(Game<Kalah>);
static_assert(FeatureGame<Kalah>);
static_assert(Evaluator<KalahEval, Kalah>);
static_assert(std::is_trivially_copyable_v<Kalah::State>);

Kalah make_kalah(std::map<std::string, std::string> values) {
  return Kalah(Params(std::move(values)));
}

// Plays `moves` (house numbers as text, checked by parse_move) from `start`.
Kalah::State play_line(const Kalah& game, Kalah::State s, const std::vector<std::string>& moves) {
  for (const auto& m : moves) game.play(s, game.parse_move(s, m));
  return s;
}

std::string after(const Kalah& game, const std::string& position, const std::string& move) {
  Kalah::State s = game.parse(position);
  game.play(s, game.parse_move(s, move));
  return game.to_string(s);
}

template <class E, class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "<no exception>";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// An independent, deliberately plain implementation of the rules: sow one seed at a time with a
// modulo walk, vectors instead of fixed arrays.
struct RefKalah {
  int m;
  bool empty_capture;
  std::vector<int> board;
  int side;

  RefKalah(int pits, int seeds, bool empty, int first)
      : m(pits), empty_capture(empty), board(2 * pits + 2, seeds), side(first) {
    board[m] = 0;
    board[2 * m + 1] = 0;
  }

  [[nodiscard]] int store(int p) const { return p == 0 ? m : 2 * m + 1; }
  [[nodiscard]] int house(int p, int h) const { return p == 0 ? h - 1 : m + h; }
  [[nodiscard]] bool houses_empty(int p) const {
    for (int h = 1; h <= m; ++h) {
      if (board[house(p, h)] > 0) return false;
    }
    return true;
  }
  [[nodiscard]] bool over() const { return houses_empty(0) || houses_empty(1); }
  [[nodiscard]] std::vector<int> moves() const {
    std::vector<int> out;
    if (over()) return out;
    for (int h = 1; h <= m; ++h) {
      if (board[house(side, h)] > 0) out.push_back(h);
    }
    return out;
  }
  void play(int h) {
    const int n = 2 * m + 2;
    int pos = house(side, h);
    int seeds = board[pos];
    board[pos] = 0;
    while (seeds > 0) {
      pos = (pos + 1) % n;
      if (pos == store(1 - side)) continue;
      board[pos] += 1;
      seeds -= 1;
    }
    if (pos == store(side)) {
      // Same player again.
    } else {
      bool own = false;
      for (int k = 1; k <= m; ++k) own = own || house(side, k) == pos;
      if (own && board[pos] == 1) {
        const int opposite = 2 * m - pos;
        if (empty_capture || board[opposite] > 0) {
          board[store(side)] += board[pos] + board[opposite];
          board[pos] = 0;
          board[opposite] = 0;
        }
      }
      side = 1 - side;
    }
    if (over()) {
      for (int p = 0; p < 2; ++p) {
        for (int k = 1; k <= m; ++k) {
          board[store(p)] += board[house(p, k)];
          board[house(p, k)] = 0;
        }
      }
    }
  }
  [[nodiscard]] int margin() const {
    int south = 0;
    int north = 0;
    for (int c = 0; c <= m; ++c) south += board[c];
    for (int c = m + 1; c <= 2 * m + 1; ++c) north += board[c];
    return side == 0 ? south - north : north - south;
  }
  [[nodiscard]] std::string notation() const {
    std::string out;
    for (std::size_t i = 0; i < board.size(); ++i) {
      if (i > 0) out += ',';
      out += std::to_string(board[i]);
    }
    return out + (side == 0 ? ":S" : ":N");
  }
};

void ref_perft(const RefKalah& r, int ply, int depth, std::vector<std::uint64_t>& counts) {
  ++counts[ply];
  if (ply == depth) return;
  for (int h : r.moves()) {
    RefKalah c = r;
    c.play(h);
    ref_perft(c, ply + 1, depth, counts);
  }
}

int ref_solve(const RefKalah& r, std::map<std::string, int>& memo) {
  if (r.over()) return r.margin();
  const std::string key = r.notation();
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  int best = -1000;
  for (int h : r.moves()) {
    RefKalah c = r;
    c.play(h);
    const int v = c.side == r.side ? ref_solve(c, memo) : -ref_solve(c, memo);
    best = std::max(best, v);
  }
  memo[key] = best;
  return best;
}

TEST(Kalah, StartPositionAndRoundTrip) {
  Kalah game;
  const Kalah::State s = game.initial_state();
  EXPECT_EQ(game.to_string(s), "4,4,4,4,4,4,0,4,4,4,4,4,4,0:S");
  EXPECT_EQ(game.parse("4,4,4,4,4,4,0,4,4,4,4,4,4,0:S"), s);
  EXPECT_EQ(game.hash(game.parse(game.to_string(s))), game.hash(s));
  EXPECT_EQ(game.to_move(s), 0);
  EXPECT_FALSE(game.is_terminal(s));
  MovesOf<Kalah> moves;
  game.legal_moves(s, moves);
  ASSERT_EQ(moves.size(), 6U);
  for (int h = 1; h <= 6; ++h) EXPECT_EQ(moves[h - 1], h);
  EXPECT_EQ(game.move_to_string(s, 3), "3");
  EXPECT_EQ(game.total_seeds(), 48);
}

TEST(Kalah, ExtraTurnFromTheStart) {
  Kalah game;
  const Kalah::State s = play_line(game, game.initial_state(), {"3"});
  EXPECT_EQ(game.to_string(s), "4,4,0,5,5,5,1,4,4,4,4,4,4,0:S");
  EXPECT_EQ(game.to_move(s), 0);
}

TEST(Kalah, HandWorkedLineWithCaptureOfAnEmptyOppositeHouse) {
  // S3 (extra turn), S6, N2 (extra turn), N1, then S2 ends in South's empty house 6, whose
  // opposite (North's house 1) is empty: a one-seed capture under `empty` only.
  Kalah empty_rule;
  Kalah nonempty_rule = make_kalah({{"capture", "nonempty"}});
  for (const Kalah* game : {&empty_rule, &nonempty_rule}) {
    Kalah::State s = game->initial_state();
    s = play_line(*game, s, {"3"});
    s = play_line(*game, s, {"6"});
    EXPECT_EQ(game->to_string(s), "4,4,0,5,5,0,2,5,5,5,5,4,4,0:N");
    s = play_line(*game, s, {"2"});
    EXPECT_EQ(game->to_string(s), "4,4,0,5,5,0,2,5,0,6,6,5,5,1:N");
    s = play_line(*game, s, {"1"});
    EXPECT_EQ(game->to_string(s), "4,4,0,5,5,0,2,0,1,7,7,6,6,1:S");
  }
  const std::string before = "4,4,0,5,5,0,2,0,1,7,7,6,6,1:S";
  EXPECT_EQ(after(empty_rule, before, "2"), "4,0,1,6,6,0,3,0,1,7,7,6,6,1:N");
  EXPECT_EQ(after(nonempty_rule, before, "2"), "4,0,1,6,6,1,2,0,1,7,7,6,6,1:N");
}

TEST(Kalah, HandWorkedLineWithCaptureUnderBothRules) {
  // S5, N1, then S1 ends in South's empty house 5 facing North's house 2 (6 seeds).
  for (const char* rule : {"empty", "nonempty"}) {
    Kalah game = make_kalah({{"capture", rule}});
    Kalah::State s = play_line(game, game.initial_state(), {"5"});
    EXPECT_EQ(game.to_string(s), "4,4,4,4,0,5,1,5,5,4,4,4,4,0:N");
    s = play_line(game, s, {"1"});
    EXPECT_EQ(game.to_string(s), "4,4,4,4,0,5,1,0,6,5,5,5,5,0:S");
    s = play_line(game, s, {"1"});
    EXPECT_EQ(game.to_string(s), "0,5,5,5,0,5,8,0,0,5,5,5,5,0:N") << rule;
  }
}

TEST(Kalah, CapturesFromHandMadePositions) {
  Kalah empty_rule;
  Kalah nonempty_rule = make_kalah({{"capture", "nonempty"}});
  // South's house 1 sows into empty house 2, facing North's house 5 with 5 seeds.
  for (const Kalah* game : {&empty_rule, &nonempty_rule}) {
    EXPECT_EQ(after(*game, "1,0,2,2,2,2,10,3,3,3,3,5,3,9:S", "1"),
              "0,0,2,2,2,2,16,3,3,3,3,0,3,9:N");
    // North's house 1 sows into its empty house 2, facing South's house 5 (2 seeds).
    EXPECT_EQ(after(*game, "2,2,2,2,2,2,8,1,0,4,4,4,4,11:N", "1"),
              "2,2,2,2,0,2,8,0,0,4,4,4,4,14:S");
    // A last seed in the opponent's empty house captures nothing.
    EXPECT_EQ(after(*game, "2,2,2,2,2,3,8,0,1,4,4,4,4,10:S", "6"),
              "2,2,2,2,2,0,9,1,2,4,4,4,4,10:N");
  }
  // The same sowing with the opposite house empty.
  EXPECT_EQ(after(empty_rule, "1,0,2,2,2,2,10,3,3,3,3,0,8,9:S", "1"),
            "0,0,2,2,2,2,11,3,3,3,3,0,8,9:N");
  EXPECT_EQ(after(nonempty_rule, "1,0,2,2,2,2,10,3,3,3,3,0,8,9:S", "1"),
            "0,1,2,2,2,2,10,3,3,3,3,0,8,9:N");
}

TEST(Kalah, SowingLapsSkipTheOpponentsStore) {
  Kalah game;
  // 13 seeds: one full lap of the 13 cells South sows into, the last seed back in the emptied
  // origin, which then captures the opposite house.
  EXPECT_EQ(after(game, "13,1,1,1,1,1,5,2,2,2,2,2,3,12:S", "1"), "0,2,2,2,2,2,11,3,3,3,3,3,0,12:N");
  // 15 seeds from South's house 4: past North's store, through the origin, ending in house 6.
  EXPECT_EQ(after(game, "1,1,1,15,0,0,2,2,2,2,2,2,2,16:S", "4"), "2,2,2,1,2,2,3,3,3,3,3,3,3,16:N");
  // 14 seeds from North's house 1 skip South's store.
  EXPECT_EQ(after(game, "2,2,2,2,2,2,6,14,0,0,0,0,0,16:N", "1"), "3,3,3,3,3,3,6,1,2,1,1,1,1,17:S");
  // 27 seeds: two laps plus one, in Kalah(6,20).
  Kalah big = make_kalah({{"seeds", "20"}});
  // Two laps give every cell but North's store 2 seeds, the origin included; the 27th seed
  // lands in South's house 2.
  EXPECT_EQ(after(big, "27,0,0,0,0,0,0,1,0,0,0,0,0,212:S", "1"), "2,3,2,2,2,2,2,3,2,2,2,2,2,212:N");
}

// Every sowing, one move at a time, against the reference's seed-by-seed walk: each board size
// up to 16 cells (added in one 128-bit sum) and one past it (the loop), each side, house and seed
// count up to two laps and more, over random boards, under both capture rules.
TEST(Kalah, EverySowingMatchesTheSeedBySeedWalk) {
  std::mt19937_64 rng(20261126);
  int sowings = 0;
  for (int pits = 1; pits <= 8; ++pits) {
    for (const bool empty : {true, false}) {
      const Kalah game =
          make_kalah({{"pits", std::to_string(pits)}, {"capture", empty ? "empty" : "nonempty"}});
      const int cycle = 2 * pits + 1;
      for (int side = 0; side < 2; ++side) {
        for (int h = 1; h <= pits; ++h) {
          for (int seeds = 1; seeds <= 2 * cycle + 2; ++seeds) {
            RefKalah ref(pits, 0, empty, side);
            for (int& cell : ref.board) cell = static_cast<int>(rng() % 4);
            ref.board[static_cast<std::size_t>(ref.house(side, h))] = seeds;
            Kalah::State s;
            for (std::size_t c = 0; c < ref.board.size(); ++c)
              s.board[c] = static_cast<std::uint8_t>(ref.board[c]);
            s.side = static_cast<std::uint8_t>(side);
            const std::string before = ref.notation();
            game.play(s, h);
            ref.play(h);
            ASSERT_EQ(game.to_string(s), ref.notation()) << before << " house " << h;
            ++sowings;
          }
        }
      }
    }
  }
  EXPECT_EQ(sowings, 3840);  // 2 rules x 2 sides x the sum over pits of pits x (4 pits + 4)
}

// The endgame database against the reference's memoised negamax: every position it holds, on
// small boards under both capture rules, has the reference's exact margin as both outcome bounds;
// positions with more seeds in the houses keep the plain bounds.
TEST(Kalah, EndgameDatabaseHoldsTheExactMargins) {
  std::mt19937_64 rng(7);
  for (const int pits : {2, 3, 4}) {
    for (const bool empty : {true, false}) {
      const int max_seeds = pits == 4 ? 9 : 12;
      const Kalah game = make_kalah({{"pits", std::to_string(pits)},
                                     {"seeds", "6"},
                                     {"capture", empty ? "empty" : "nonempty"},
                                     {"endgame", std::to_string(max_seeds)}});
      ASSERT_NE(game.endgame(), nullptr);
      std::map<std::string, int> memo;
      for (int trial = 0; trial < 300; ++trial) {
        // Up to max_seeds + 2 seeds spread over the houses, the rest in the stores.
        const int houses = static_cast<int>(rng() % static_cast<std::uint64_t>(max_seeds + 3));
        RefKalah ref(pits, 0, empty, static_cast<int>(rng() % 2));
        for (int k = 0; k < houses; ++k) {
          const int p = static_cast<int>(rng() % 2);
          ++ref.board[static_cast<std::size_t>(ref.house(p, 1 + static_cast<int>(rng() % pits)))];
        }
        ref.board[static_cast<std::size_t>(ref.store(0))] = static_cast<int>(rng() % 10);
        ref.board[static_cast<std::size_t>(ref.store(1))] =
            game.total_seeds() - houses - ref.board[static_cast<std::size_t>(ref.store(0))];
        const Kalah::State s = game.parse(ref.notation());
        const auto [lo, hi] = game.outcome_bounds(s);
        if (houses > max_seeds) {
          EXPECT_LT(lo, hi) << ref.notation();
          continue;
        }
        const int exact = ref_solve(ref, memo);
        EXPECT_EQ(lo, exact) << ref.notation() << (empty ? " empty" : " nonempty");
        EXPECT_EQ(hi, exact) << ref.notation();
      }
    }
  }
}

TEST(Kalah, EndgameDatabaseSizeIsChecked) {
  EXPECT_EQ(KalahEndgame::bytes_for(6, 12), 2704156u);  // C(24, 12): 0..12 seeds in 12 houses
  EXPECT_EQ(make_kalah({{"pits", "2"}, {"seeds", "3"}, {"endgame", "5"}}).endgame()->bytes(),
            126u);  // C(9, 4)
  EXPECT_EQ(make_kalah({}).endgame(), nullptr);
  EXPECT_EQ(error_of<ParamError>([] {
              make_kalah({{"pits", "12"}, {"seeds", "10"}, {"endgame", "40"}});
            }),
            "game kalah: endgame=40 needs 239037614316 MiB with pits=12; at most 1024 MiB");
}

// A fresh folder under the test's temporary directory.
std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("gts-" + name + "-" + std::to_string(std::random_device{}()));
  std::filesystem::remove_all(dir);
  return dir;
}

// Every position of `seeds` seeds in the houses (6 a side), read from both databases.
void expect_same_values(const KalahEndgame& a, const KalahEndgame& b, int seeds) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(seeds));
  for (int trial = 0; trial < 20000; ++trial) {
    std::uint8_t houses[12] = {};
    for (int k = 0; k < seeds; ++k) ++houses[rng() % 12];
    ASSERT_EQ(a.value(houses, seeds), b.value(houses, seeds)) << trial;
  }
}

// The tables of 8 and 9 seeds (75,582 and 167,960 positions) are big enough to keep: a second
// database reads them back; a damaged file is found by its checksum, said so, and built again.
TEST(Kalah, EndgameDatabaseIsKeptOnDiskAndChecked) {
  const auto dir = fresh_dir("egdb");
  const Kalah rules = make_kalah({{"pits", "6"}, {"seeds", "4"}, {"capture", "nonempty"}});
  const KalahEndgame built(rules, 9, dir.string());
  EXPECT_EQ(built.tables_read(), 0);
  const auto nine = dir / "kalah-6-nonempty-9.egdb";
  ASSERT_TRUE(std::filesystem::exists(dir / "kalah-6-nonempty-8.egdb"));
  ASSERT_TRUE(std::filesystem::exists(nine));
  EXPECT_FALSE(std::filesystem::exists(dir / "kalah-6-nonempty-7.egdb"));  // 50,388: built
  EXPECT_EQ(std::filesystem::file_size(nine), 40u + 167960u);

  const KalahEndgame read(rules, 9, dir.string());
  EXPECT_EQ(read.tables_read(), 2);
  expect_same_values(built, read, 9);
  expect_same_values(built, read, 8);

  {  // one byte of the 9-seed table changed
    std::fstream f(nine, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(40 + 1000);
    const char c = static_cast<char>(f.get());
    f.seekp(40 + 1000);
    f.put(static_cast<char>(c ^ 1));
  }
  testing::internal::CaptureStderr();
  const KalahEndgame mended(rules, 9, dir.string());
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(mended.tables_read(), 1);
  EXPECT_NE(said.find("kalah-6-nonempty-9.egdb does not hold its table (checksum mismatch); "
                      "building it again"),
            std::string::npos)
      << said;
  expect_same_values(built, mended, 9);
  EXPECT_EQ(KalahEndgame(rules, 9, dir.string()).tables_read(), 2);  // written again, whole

  std::filesystem::resize_file(nine, 40 + 5);
  // A writer killed mid-write left its temporary file; a live one (the parent) keeps its own.
  const pid_t dead = ::fork();
  if (dead == 0) ::_exit(0);
  ASSERT_GT(dead, 0);
  ::waitpid(dead, nullptr, 0);
  const auto stale = nine.string() + ".tmp" + std::to_string(dead);
  const auto live = nine.string() + ".tmp" + std::to_string(::getppid());
  std::ofstream(stale) << "half a table";
  std::ofstream(live) << "half a table";
  testing::internal::CaptureStderr();
  EXPECT_EQ(KalahEndgame(rules, 9, dir.string()).tables_read(), 1);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("(wrong length)"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(stale));
  EXPECT_TRUE(std::filesystem::exists(live));
  std::filesystem::remove(live);
  // Another rule's table under this rule's name is refused by its header.
  const Kalah other = make_kalah({{"pits", "6"}, {"seeds", "4"}, {"capture", "empty"}});
  KalahEndgame(other, 9, dir.string());
  std::filesystem::copy_file(dir / "kalah-6-empty-9.egdb", nine,
                             std::filesystem::copy_options::overwrite_existing);
  testing::internal::CaptureStderr();
  EXPECT_EQ(KalahEndgame(rules, 9, dir.string()).tables_read(), 1);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("(another table's header)"),
            std::string::npos);
  std::filesystem::remove_all(dir);

  // A folder that cannot be made: one warning, the database in memory, the same values.
  testing::internal::CaptureStderr();
  const KalahEndgame homeless(rules, 9, "/proc/gts-no-such-folder");
  const std::string warned = testing::internal::GetCapturedStderr();
  EXPECT_NE(warned.find("kalah endgame: cannot keep the database in /proc/gts-no-such-folder"),
            std::string::npos)
      << warned;
  EXPECT_EQ(warned.find("cannot keep", warned.find("cannot keep") + 1), std::string::npos);
  expect_same_values(built, homeless, 9);
}

// An interrupt (Ctrl-C in a harness run) stops a build between blocks of positions: the database
// is not made and no table it was building reaches the disk; tables already written stay. Lowered
// again, the same request builds the rest and reads what was kept.
TEST(Kalah, EndgameDatabaseBuildStopsOnAnInterrupt) {
  const auto dir = fresh_dir("egdb-interrupt");
  const Kalah rules = make_kalah({{"pits", "6"}, {"seeds", "4"}, {"capture", "empty"}});
  static_cast<void>(KalahEndgame(rules, 8, dir.string()));
  ASSERT_TRUE(std::filesystem::exists(dir / "kalah-6-empty-8.egdb"));
  g_interrupt = true;
  EXPECT_THROW(KalahEndgame(rules, 10, dir.string()), Interrupted);
  g_interrupt = false;
  EXPECT_FALSE(std::filesystem::exists(dir / "kalah-6-empty-9.egdb"));
  EXPECT_FALSE(std::filesystem::exists(dir / "kalah-6-empty-10.egdb"));
  const KalahEndgame rest(rules, 10, dir.string());
  EXPECT_EQ(rest.tables_read(), 1);  // the 8-seed table (smaller ones are not kept)
  EXPECT_TRUE(std::filesystem::exists(dir / "kalah-6-empty-10.egdb"));
  // A game whose build was stopped builds again when next asked (prepare, or a search), and the
  // copies made from it share what it builds then.
  ::setenv("GTS_CACHE_DIR", dir.c_str(), 1);
  const Kalah game =
      make_kalah({{"pits", "6"}, {"seeds", "4"}, {"capture", "empty"}, {"endgame", "11"}});
  const Kalah copy = game;
  g_interrupt = true;
  EXPECT_THROW(game.prepare(), Interrupted);
  g_interrupt = false;
  EXPECT_FALSE(std::filesystem::exists(dir / "kalah-6-empty-11.egdb"));
  copy.prepare();
  EXPECT_TRUE(std::filesystem::exists(dir / "kalah-6-empty-11.egdb"));
  EXPECT_EQ(game.endgame(), copy.endgame());
  ::unsetenv("GTS_CACHE_DIR");
  std::filesystem::remove_all(dir);
}

// A game makes its database when a search first asks for a value, not when it is made, and reads
// it from $GTS_CACHE_DIR.
TEST(Kalah, EndgameDatabaseIsMadeOnFirstUse) {
  const auto dir = fresh_dir("egdb-lazy");
  ::setenv("GTS_CACHE_DIR", dir.c_str(), 1);
  const Kalah game =
      make_kalah({{"pits", "6"}, {"seeds", "4"}, {"capture", "empty"}, {"endgame", "8"}});
  const Kalah copy = game;
  EXPECT_FALSE(std::filesystem::exists(dir));
  const Kalah::State s = game.parse("0,0,0,1,0,2,20,1,0,0,0,0,1,23:S");  // 5 seeds in the houses
  const auto [lo, hi] = copy.outcome_bounds(s);
  EXPECT_EQ(lo, hi);
  EXPECT_TRUE(std::filesystem::exists(dir / "kalah-6-empty-8.egdb"));
  EXPECT_EQ(game.endgame(), copy.endgame());  // the copy made it for both
  EXPECT_EQ(game.endgame()->tables_read(), 0);
  std::filesystem::remove_all(dir);
  ::unsetenv("GTS_CACHE_DIR");
}

TEST(Kalah, GameOverSweepsTheHouses) {
  Kalah game;
  // South's last seed goes into its store: the game ends before the extra turn is used and
  // North's houses go to North.
  Kalah::State s = game.parse("0,0,0,0,0,1,20,2,3,4,5,6,0,7:S");
  game.play(s, 6);
  EXPECT_EQ(game.to_string(s), "0,0,0,0,0,0,21,0,0,0,0,0,0,27:S");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), -6);
  MovesOf<Kalah> moves;
  game.legal_moves(s, moves);
  EXPECT_TRUE(moves.empty());
  // North empties its own side by sowing into South's: South's houses go to South.
  s = game.parse("3,3,3,3,3,3,10,0,0,0,0,0,2,18:N");
  game.play(s, 6);
  EXPECT_EQ(game.to_string(s), "0,0,0,0,0,0,29,0,0,0,0,0,0,19:S");
  EXPECT_EQ(game.terminal_value(s), 10);
}

TEST(Kalah, TerminalValueOfUnsweptAndDrawnPositions) {
  Kalah game;
  // South's houses are empty; North's 21 seeds still in its houses count as North's.
  Kalah::State s = game.parse("0,0,0,0,0,0,20,1,2,3,4,5,6,7:N");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), 8);
  s = game.parse("0,0,0,0,0,0,20,1,2,3,4,5,6,7:S");
  EXPECT_EQ(game.terminal_value(s), -8);
  s = game.parse("0,0,0,0,0,0,24,0,0,0,0,0,0,24:N");
  EXPECT_EQ(game.terminal_value(s), 0);
  // Only one side needs to be empty; North's side here.
  s = game.parse("5,0,0,0,0,0,25,0,0,0,0,0,0,18:S");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), 12);
  EXPECT_FALSE(game.is_terminal(game.parse("0,0,0,0,0,1,23,0,0,0,0,0,1,23:S")));
}

TEST(Kalah, NorthMovesFirst) {
  Kalah game = make_kalah({{"first", "north"}});
  Kalah::State s = game.initial_state();
  EXPECT_EQ(game.to_move(s), 1);
  EXPECT_EQ(game.to_string(s), "4,4,4,4,4,4,0,4,4,4,4,4,4,0:N");
  game.play(s, 3);
  EXPECT_EQ(game.to_string(s), "4,4,4,4,4,4,0,4,4,0,5,5,5,1:N");
  game.play(s, 1);
  EXPECT_EQ(game.to_string(s), "4,4,4,4,4,4,0,0,5,1,6,6,5,1:S");
}

TEST(Kalah, PerftMatchesReferenceImplementation) {
  Kalah game;
  const std::vector<std::uint64_t> counts = perft(game, game.initial_state(), 4);
  std::vector<std::uint64_t> ref(5, 0);
  ref_perft(RefKalah(6, 4, true, 0), 0, 4, ref);
  EXPECT_EQ(counts, ref);
  // Recorded from both implementations: extra turns make ply 2 exceed 6 × 6.
  const std::vector<std::uint64_t> expected = {1, 6, 35, 185, 942};
  EXPECT_EQ(counts, expected);

  Kalah nonempty = make_kalah({{"capture", "nonempty"}, {"pits", "4"}, {"seeds", "3"}});
  std::vector<std::uint64_t> ref2(7, 0);
  ref_perft(RefKalah(4, 3, false, 0), 0, 6, ref2);
  EXPECT_EQ(perft(nonempty, nonempty.initial_state(), 6), ref2);
}

TEST(Kalah, RandomPlayoutsMatchReferenceImplementation) {
  struct Config {
    int pits, seeds;
    bool empty;
    int first;
    int games;
  };
  const Config configs[] = {{6, 4, true, 0, 200},  {6, 4, false, 0, 100}, {6, 4, true, 1, 50},
                            {3, 10, true, 0, 100}, {4, 20, false, 1, 50}, {1, 5, true, 0, 10},
                            {12, 10, true, 0, 30}, {2, 60, false, 0, 50}};
  std::mt19937_64 rng(20240611);
  std::uint64_t positions = 0;
  for (const Config& c : configs) {
    Kalah game = make_kalah({{"pits", std::to_string(c.pits)},
                             {"seeds", std::to_string(c.seeds)},
                             {"capture", c.empty ? "empty" : "nonempty"},
                             {"first", c.first == 0 ? "south" : "north"}});
    for (int g = 0; g < c.games; ++g) {
      RefKalah ref(c.pits, c.seeds, c.empty, c.first);
      Kalah::State s = game.initial_state();
      while (true) {
        ++positions;
        ASSERT_EQ(game.to_string(s), ref.notation());
        ASSERT_EQ(game.parse(ref.notation()), s);
        ASSERT_EQ(game.is_terminal(s), ref.over());
        const auto [lo, hi] = game.outcome_bounds(s);
        if (game.is_terminal(s)) {
          ASSERT_EQ(game.terminal_value(s), ref.margin());
          ASSERT_EQ(lo, ref.margin());
          ASSERT_EQ(hi, ref.margin());
          break;
        }
        ASSERT_LE(lo, hi);
        MovesOf<Kalah> moves;
        game.legal_moves(s, moves);
        const std::vector<int> ref_moves = ref.moves();
        ASSERT_EQ(std::vector<int>(moves.begin(), moves.end()), ref_moves);
        const int h =
            ref_moves[std::uniform_int_distribution<std::size_t>(0, ref_moves.size() - 1)(rng)];
        game.play(s, h);
        ref.play(h);
      }
    }
  }
  EXPECT_GT(positions, 20000U);
}

TEST(Kalah, OutcomeBoundsContainTheSolvedValue) {
  Kalah game;
  // Stores 10 (mover) and 9 of 48: the margin lies in [10 − 38, 39 − 9].
  const auto [lo, hi] = game.outcome_bounds(game.parse("1,0,2,2,2,2,10,3,3,3,3,5,3,9:S"));
  EXPECT_EQ(lo, -28);
  EXPECT_EQ(hi, 30);
  const auto [lo2, hi2] = game.outcome_bounds(game.parse("1,0,2,2,2,2,10,3,3,3,3,5,3,9:N"));
  EXPECT_EQ(lo2, -30);
  EXPECT_EQ(hi2, 28);

  // Solve Kalah(3,2) and Kalah(2,3) to the end with the reference rules; every position the
  // solver reaches must have its exact value inside the bounds the game reports.
  // Margins for South moving first under the empty-capture rule, as the reference solver finds
  // them; a change here means the rules changed.
  const std::tuple<int, int, int> cases[] = {{3, 2, 4}, {2, 3, -2}, {3, 3, 2}, {4, 2, 6}};
  for (auto [pits, seeds, solved] : cases) {
    Kalah small = make_kalah({{"pits", std::to_string(pits)}, {"seeds", std::to_string(seeds)}});
    std::map<std::string, int> memo;
    const RefKalah root(pits, seeds, true, 0);
    const int value = ref_solve(root, memo);
    EXPECT_EQ(value, solved) << "Kalah(" << pits << "," << seeds << ")";
    ASSERT_GE(memo.size(), 100U);
    for (const auto& [notation, v] : memo) {
      const auto [l, h] = small.outcome_bounds(small.parse(notation));
      ASSERT_LE(l, v) << notation;
      ASSERT_GE(h, v) << notation;
    }
    const auto [root_lo, root_hi] = small.outcome_bounds(small.initial_state());
    EXPECT_EQ(root_lo, -small.total_seeds());
    EXPECT_EQ(root_hi, small.total_seeds());
    EXPECT_EQ(memo.at(small.to_string(small.initial_state())), value);
  }
}

TEST(Kalah, BadParametersAreRejected) {
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_kalah({{"pits", "13"}}); }), "pits"));
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_kalah({{"pits", "0"}}); }), "pits"));
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_kalah({{"seeds", "0"}}); }), "seeds"));
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_kalah({{"capture", "foo"}}); }), "capture"));
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_kalah({{"first", "east"}}); }), "first"));
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_kalah({{"colour", "red"}}); }), "colour"));
  const std::string too_many = error_of<ParamError>([] {
    make_kalah({{"pits", "12"}, {"seeds", "11"}});
  });
  EXPECT_TRUE(contains(too_many, "pits=12")) << too_many;
  EXPECT_TRUE(contains(too_many, "seeds=11")) << too_many;
  EXPECT_TRUE(contains(too_many, "264")) << too_many;
  // The largest legal game: 2 × 12 × 10 = 240 seeds; 2 × 1 × 127 = 254.
  EXPECT_EQ(make_kalah({{"pits", "12"}, {"seeds", "10"}}).total_seeds(), 240);
  EXPECT_EQ(make_kalah({{"pits", "1"}, {"seeds", "127"}}).total_seeds(), 254);
}

TEST(Kalah, BadPositionsAreRejected) {
  Kalah game;
  auto parse_error = [&](const std::string& text) {
    return error_of<ParseError>([&] { (void)game.parse(text); });
  };
  EXPECT_TRUE(contains(parse_error("4,4,4,4,4,4,0,4,4,4,4,4,4:S"), "expected 14 numbers, got 13"));
  EXPECT_TRUE(
      contains(parse_error("4,4,4,4,4,4,0,4,4,4,4,4,4,0,0:S"), "expected 14 numbers, got 15"));
  EXPECT_TRUE(contains(parse_error("4,4,4,4,x,4,0,4,4,4,4,4,4,0:S"), "number 5"));
  EXPECT_TRUE(contains(parse_error("4,4,4,4,,4,0,4,4,4,4,4,4,0:S"), "number 5"));
  EXPECT_TRUE(contains(parse_error("4,4,4,4,-4,4,0,4,4,4,4,4,4,8:S"), "0..255"));
  EXPECT_TRUE(contains(parse_error("4,4,4,4,256,4,0,4,4,4,4,4,4,0:S"), "0..255"));
  const std::string total = parse_error("4,4,4,4,4,4,0,4,4,4,4,4,4,1:S");
  EXPECT_TRUE(contains(total, "49")) << total;
  EXPECT_TRUE(contains(total, "48")) << total;
  EXPECT_TRUE(contains(parse_error("4,4,4,4,4,4,0,4,4,4,4,4,4,0:W"), "'S' or 'N'"));
  EXPECT_TRUE(contains(parse_error("4,4,4,4,4,4,0,4,4,4,4,4,4,0"), "side to move"));
  EXPECT_TRUE(contains(parse_error(""), "side to move"));
  EXPECT_TRUE(contains(parse_error(":S"), "number 1"));
}

TEST(Kalah, BadMovesAreRejectedWithTheLegalOnes) {
  Kalah game;
  const Kalah::State s = game.parse("4,4,0,5,5,0,2,5,5,5,5,4,4,0:S");
  EXPECT_EQ(game.parse_move(s, "4"), 4);
  for (const char* bad : {"3", "6", "0", "7", "x", "", "2.5", "-1"}) {
    const std::string msg = error_of<ParseError>([&] { (void)game.parse_move(s, bad); });
    EXPECT_TRUE(contains(msg, "legal: 1, 2, 4, 5")) << bad << ": " << msg;
  }
  const Kalah::State over = game.parse("0,0,0,0,0,0,21,0,0,0,0,0,0,27:S");
  EXPECT_TRUE(contains(error_of<ParseError>([&] { (void)game.parse_move(over, "1"); }), "over"));
}

TEST(Kalah, FeaturesAndEvaluations) {
  Kalah game;
  // North to move: North's houses and store come first.
  const Kalah::State s = game.parse("1,0,2,3,4,5,6,7,0,0,1,2,3,14:N");
  ASSERT_EQ(game.num_features(), 14U);
  std::vector<std::int32_t> f(14);
  game.features(s, f);
  EXPECT_EQ(f, (std::vector<std::int32_t>{7, 0, 0, 1, 2, 3, 14, 1, 0, 2, 3, 4, 5, 6}));
  const auto names = game.feature_names();
  ASSERT_EQ(names.size(), 14U);
  EXPECT_EQ(names[0], "my_house1");
  EXPECT_EQ(names[5], "my_house6");
  EXPECT_EQ(names[6], "my_store");
  EXPECT_EQ(names[7], "opp_house1");
  EXPECT_EQ(names[13], "opp_store");

  const KalahEval store_diff(game, EvalSpec{"store-diff", {}});
  EXPECT_EQ(store_diff(s), 14 - 6);
  Kalah::State south = s;
  south.side = 0;
  EXPECT_EQ(store_diff(south), 6 - 14);

  // Store difference plus a quarter of a point per seed in my own houses: 8 + 13/4 = 11.25.
  std::vector<double> w(14, 0.0);
  for (int i = 0; i < 6; ++i) w[i] = 0.25;
  w[6] = 1.0;
  w[13] = -1.0;
  const KalahEval linear(game, EvalSpec{"linear", w});
  EXPECT_EQ(linear(s), 11);
  // From South: 6 − 14 + 15/4 = −4.25.
  EXPECT_EQ(linear(south), -4);

  EXPECT_TRUE(contains(error_of<ParamError>([&] {
                         KalahEval(game, EvalSpec{"mobility", {}});
                       }),
                       "store-diff, linear"));
  EXPECT_TRUE(contains(error_of<ParamError>([&] {
                         KalahEval(game, EvalSpec{"linear", {1.0, 2.0}});
                       }),
                       "14"));
  EXPECT_TRUE(contains(error_of<ParamError>([&] {
                         KalahEval(game, EvalSpec{"store-diff", {1.0}});
                       }),
                       "no weights"));
  EXPECT_EQ(Kalah::default_evaluation(), "store-diff");
  ASSERT_EQ(Kalah::evaluation_kinds().size(), 2U);
  EXPECT_TRUE(Kalah::evaluation_kinds()[1].takes_weights);
}

TEST(Kalah, HashDistinguishesPositionsAndSide) {
  Kalah game;
  Kalah::State s = game.initial_state();
  Kalah::State north = s;
  north.side = 1;
  EXPECT_NE(game.hash(s), game.hash(north));
  // Every distinct position within 5 plies hashes differently.
  std::map<std::uint64_t, std::string> seen;
  std::vector<Kalah::State> frontier = {s};
  for (int ply = 0; ply < 5; ++ply) {
    std::vector<Kalah::State> next;
    for (const auto& p : frontier) {
      const auto [it, fresh] = seen.emplace(game.hash(p), game.to_string(p));
      if (!fresh) {
        ASSERT_EQ(it->second, game.to_string(p));
      }
      if (game.is_terminal(p)) continue;
      MovesOf<Kalah> moves;
      game.legal_moves(p, moves);
      for (Move m : moves) {
        Kalah::State c = p;
        game.play(c, m);
        next.push_back(c);
      }
    }
    frontier = std::move(next);
  }
  EXPECT_GT(seen.size(), 1000U);
}

// The solving key: the houses alone, the mover's first (stores and the side to move left out), as
// five bits a house while every house holds at most 31 seeds (exact: no two such positions
// share it), else a hash with the top bit set, which a packed key never has.
TEST(Kalah, SolveKeyPacksTheHousesWhereTheyFit) {
  const Kalah game = make_kalah({{"seeds", "12"}});
  const Kalah::State s = game.parse("1,2,3,4,5,6,7,31,0,30,9,8,10,28:S");
  std::uint64_t packed = 0;
  const int mine[] = {1, 2, 3, 4, 5, 6};
  const int theirs[] = {31, 0, 30, 9, 8, 10};
  for (int i = 0; i < 6; ++i) {
    packed |= std::uint64_t(mine[i]) << (5 * i);
    packed |= std::uint64_t(theirs[i]) << (5 * (i + 6));
  }
  EXPECT_EQ(game.solve_key(s), packed);
  // Stores out; the mirror image (North to move with the houses swapped) shares the key.
  EXPECT_EQ(game.solve_key(game.parse("1,2,3,4,5,6,0,31,0,30,9,8,10,35:S")), packed);
  EXPECT_EQ(game.solve_key(game.parse("31,0,30,9,8,10,28,1,2,3,4,5,6,7:N")), packed);
  // One more seed in the opponent's first house and the next house: a different key.
  EXPECT_NE(game.solve_key(game.parse("1,2,3,4,5,6,7,31,1,29,9,8,10,28:S")), packed);
  // 32 seeds in a house: the hashed form.
  const Kalah::State big = game.parse("32,2,3,4,5,6,0,1,0,0,9,8,10,64:S");
  EXPECT_NE(game.solve_key(big) >> 63, 0U);
  EXPECT_EQ(game.solve_key(s) >> 60, 0U);
}

// The move hint ranks an extra turn first, then by the seeds the move banks: what play() adds to
// the mover's store (a move that ends the game aside, whose sweep the hint does not count).
TEST(Kalah, MoveHintIsTheExtraTurnOrTheSeedsBanked) {
  std::mt19937_64 rng(4096);
  int checked = 0;
  for (const int pits : {3, 6}) {
    for (const bool empty : {true, false}) {
      const Kalah game = make_kalah({{"pits", std::to_string(pits)},
                                     {"seeds", "6"},
                                     {"capture", empty ? "empty" : "nonempty"}});
      for (int trial = 0; trial < 400; ++trial) {
        // Random houses (now and then one of more than a lap), the rest of the seeds in the stores.
        Kalah::State s;
        s.side = static_cast<std::uint8_t>(rng() % 2);
        int houses = 0;
        for (int side = 0; side < 2; ++side) {
          for (int h = 0; h < pits; ++h) {
            const int n = static_cast<int>(rng() % (trial % 10 == 0 ? 20 : 5));
            s.board[static_cast<std::size_t>(side * (pits + 1) + h)] = static_cast<std::uint8_t>(n);
            houses += n;
          }
        }
        if (houses > game.total_seeds() || game.is_terminal(s)) continue;
        s.board[static_cast<std::size_t>(pits)] =
            static_cast<std::uint8_t>((game.total_seeds() - houses) / 2);
        s.board[static_cast<std::size_t>(2 * pits + 1)] = static_cast<std::uint8_t>(
            game.total_seeds() - houses - s.board[static_cast<std::size_t>(pits)]);
        MovesOf<Kalah> moves;
        game.legal_moves(s, moves);
        const std::size_t store = static_cast<std::size_t>(s.side * (pits + 1) + pits);
        for (const Move m : moves) {
          Kalah::State after = s;
          game.play(after, m);
          const int hint = game.move_hint(s, m);
          ASSERT_EQ(hint % 16, m);
          if (game.is_terminal(after)) continue;
          if (after.side == s.side) {
            ASSERT_GE(hint, Kalah::kExtraTurnHint) << game.to_string(s) << " move " << m;
          } else {
            ASSERT_EQ(hint / 16, after.board[store] - s.board[store])
                << game.to_string(s) << " move " << m;
          }
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 3000);
}

// Six houses a side are packed all at once: over random boards (every house 0..31, or one house
// of 32 and more), the key is the house-by-house packing, or the hashed form.
TEST(Kalah, SolveKeyOfSixHousesIsTheHouseByHousePacking) {
  const Kalah game = make_kalah({{"seeds", "20"}});
  std::mt19937_64 rng(61);
  for (int trial = 0; trial < 2000; ++trial) {
    Kalah::State s;
    s.side = static_cast<std::uint8_t>(rng() % 2);
    for (int c = 0; c < 14; ++c) s.board[static_cast<std::size_t>(c)] = rng() % 32;
    const bool large = trial % 4 == 0;
    if (large) s.board[rng() % 14 == 6 ? 0 : rng() % 6 + 7 * (rng() % 2)] = 32 + rng() % 40;
    const int me = s.side * 7;
    const int opp = 7 - me;
    std::uint64_t packed = 0;
    bool fits = true;
    for (int i = 0; i < 6; ++i) {
      const int mine = s.board[static_cast<std::size_t>(me + i)];
      const int theirs = s.board[static_cast<std::size_t>(opp + i)];
      fits = fits && mine < 32 && theirs < 32;
      packed |= std::uint64_t(mine) << (5 * i);
      packed |= std::uint64_t(theirs) << (5 * (i + 6));
    }
    ASSERT_EQ(fits, !large);
    if (fits) {
      ASSERT_EQ(game.solve_key(s), packed) << game.to_string(s);
    } else {
      ASSERT_NE(game.solve_key(s) >> 63, 0U) << game.to_string(s);
    }
  }
}

TEST(Kalah, DrawShowsBoardAndTurn) {
  Kalah game;
  const std::string text = game.draw(game.parse("1,0,2,3,4,5,6,7,0,0,1,2,3,14:N"));
  EXPECT_TRUE(contains(text, "North to move")) << text;
  // North's houses from South's view: house 6 (3 seeds) on the left, house 1 (7) on the right.
  EXPECT_TRUE(contains(text, "   3   2   1   0   0   7 |")) << text;
  EXPECT_TRUE(contains(text, "   1   0   2   3   4   5 |")) << text;
  EXPECT_TRUE(contains(text, "| 14 |")) << text;
  EXPECT_TRUE(contains(text, "|  6 |")) << text;
  EXPECT_TRUE(contains(game.draw(game.parse("0,0,0,0,0,0,21,0,0,0,0,0,0,27:S")), "North wins"));
}

}  // namespace
}  // namespace gts
