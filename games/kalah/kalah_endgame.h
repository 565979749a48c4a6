// An endgame database for Kalah: the exact value of every position with at most `max_seeds` seeds
// left in the houses, as the margin the side to move adds to the store difference from there on
// (the stores are banked score: play never looks at them). Irving, Donkers and Uiterwijk (2000)
// solved Kalah with such databases; CMancala builds the same kind (its EGDB).
//
// One signed byte a position, one table per count of seeds in the houses. A position is its
// houses, the mover's first (so a position and its mirror share an entry), read as a weak
// composition of its seed count into 2 * pits parts and ranked in the combinatorial number
// system. Tables are built smallest count first, each position from its children by negamax: a
// move either drops a seed into a store (a smaller table, already built) or stays within the
// mover's own houses, moving seeds toward the store, so the positions of one count form no cycle
// and a depth-first pass over them terminates.
//
// The tables are kept on disk (CMancala keeps its EGDB the same way): one file a seed count, read
// back with a checksum, so a database is built once on a machine and later processes read it in
// milliseconds. A game makes its database on first use (KalahEndgameRef): a search to a fixed
// depth never asks for it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gts {

class Kalah;

class KalahEndgame {
 public:
  // Every position of `rules` (its pits and capture rule) with at most `max_seeds` seeds in the
  // houses. Throws ParamError if the tables would exceed kMaxBytes. Tables found in `cache_dir`
  // (kalah-PITS-CAPTURE-SEEDS.egdb) are read and checked; the others are built there and written
  // (a file that does not check is built again, with a warning; a folder that cannot be written
  // is warned about once and the database lives in memory only). Empty: no files. A build of
  // more than a few million positions says what it does on stderr. Throws Interrupted when
  // g_interrupt (common/interrupt.h) is raised during a build, writing no table it was building.
  KalahEndgame(const Kalah& rules, int max_seeds, const std::string& cache_dir = "");

  // The largest database a game may ask for.
  static constexpr std::uint64_t kMaxBytes = std::uint64_t{1} << 30;
  // Bytes the tables for `max_seeds` take with `pits` houses a side.
  static std::uint64_t bytes_for(int pits, int max_seeds);
  // Throws ParamError naming the size when the tables would exceed kMaxBytes.
  static void check_size(int pits, int max_seeds);

  [[nodiscard]] int max_seeds() const { return max_seeds_; }
  [[nodiscard]] std::uint64_t bytes() const;
  // How many of the tables (one a seed count, 0..max_seeds) were read from files.
  [[nodiscard]] int tables_read() const { return tables_read_; }

  // The value of the position whose houses, the mover's first, are `houses` (2 * pits counts
  // summing to `seeds` <= max_seeds()).
  [[nodiscard]] int value(const std::uint8_t* houses, int seeds) const {
    return tables_[static_cast<std::size_t>(seeds)][index(houses, seeds)];
  }

 private:
  // Weak compositions of `seeds` into `parts` parts: ways_[seeds * stride_ + parts].
  [[nodiscard]] std::uint64_t ways(int seeds, int parts) const {
    return ways_[static_cast<std::size_t>(seeds * stride_ + parts)];
  }
  [[nodiscard]] std::uint64_t index(const std::uint8_t* houses, int seeds) const {
    std::uint64_t i = 0;
    for (int h = 0, left = parts_; seeds > 0 && left > 1; ++h, --left) {
      const int c = houses[h];
      if (c == 0) continue;
      i += ways(seeds, left) - ways(seeds - c, left);
      seeds -= c;
    }
    return i;
  }
  void decode(std::uint64_t i, int seeds, std::uint8_t* houses) const;
  std::int8_t solve(const Kalah& rules, int seeds, std::uint64_t i);
  // Solves every position of `seeds` seeds on every core.
  void build_table(const Kalah& rules, int seeds);

  static constexpr std::int8_t kUnknown = -128;
  int pits_ = 0;
  int parts_ = 0;
  int stride_ = 0;
  int max_seeds_ = 0;
  int tables_read_ = 0;
  std::vector<std::uint64_t> ways_;
  std::vector<std::vector<std::int8_t>> tables_;
};

// Where databases are kept: $GTS_CACHE_DIR if set (set but empty: nowhere, build in memory), else
// $XDG_CACHE_HOME/gametree-harness, else $HOME/.cache/gametree-harness.
std::string kalah_endgame_cache_dir();

// The database of `rules` to `max_seeds`, made once in a process (read from the cache folder, or
// built and written there) and shared by every game of the same pits and capture rule (the first
// caller makes it; concurrent callers wait).
std::shared_ptr<const KalahEndgame> shared_kalah_endgame(const Kalah& rules, int max_seeds);

// A game's database, made on its first use (shared_kalah_endgame) by whichever copy of the game
// asks first; every copy made from the same game shares it.
class KalahEndgameRef {
 public:
  // Throws ParamError as KalahEndgame::check_size does.
  KalahEndgameRef(int pits, int max_seeds);
  [[nodiscard]] int max_seeds() const { return max_seeds_; }
  [[nodiscard]] const KalahEndgame& get(const Kalah& rules) const {
    if (const KalahEndgame* db = ready_.load(std::memory_order_acquire)) return *db;
    return make(rules);
  }

 private:
  const KalahEndgame& make(const Kalah& rules) const;
  int max_seeds_;
  mutable std::mutex making_;
  mutable std::shared_ptr<const KalahEndgame> held_;
  mutable std::atomic<const KalahEndgame*> ready_{nullptr};
};

}  // namespace gts
