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
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace gts {

class Kalah;

class KalahEndgame {
 public:
  // Every position of `rules` (its pits and capture rule) with at most `max_seeds` seeds in the
  // houses. Throws ParamError if the tables would exceed kMaxBytes.
  KalahEndgame(const Kalah& rules, int max_seeds);

  // The largest database a game may ask for.
  static constexpr std::uint64_t kMaxBytes = std::uint64_t{1} << 30;
  // Bytes the tables for `max_seeds` take with `pits` houses a side.
  static std::uint64_t bytes_for(int pits, int max_seeds);

  [[nodiscard]] int max_seeds() const { return max_seeds_; }
  [[nodiscard]] std::uint64_t bytes() const;

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

  static constexpr std::int8_t kUnknown = -128;
  int pits_ = 0;
  int parts_ = 0;
  int stride_ = 0;
  int max_seeds_ = 0;
  std::vector<std::uint64_t> ways_;
  std::vector<std::vector<std::int8_t>> tables_;
};

// The database of `rules` to `max_seeds`, built once in a process and shared by every game of the
// same pits and capture rule (the first caller builds it; concurrent callers wait).
std::shared_ptr<const KalahEndgame> shared_kalah_endgame(const Kalah& rules, int max_seeds);

}  // namespace gts
