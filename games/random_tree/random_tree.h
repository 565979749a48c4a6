// Uniform synthetic game trees for search-efficiency experiments: every interior node has
// `branching` children and every leaf sits at `depth`. Leaf values are pure functions of the seed
// and the leaf's position, so a tree with 10^12 leaves costs no memory and two runs with the same
// parameters see the same tree.
//
// Nodes are numbered per level in raw (generation) order: child i of node (d, x) is
// (d + 1, x * branching + i). Moves are raw child indices whatever the ordering; best-first and
// worst-first only change the order in which legal_moves lists them.
//
// Two value models:
//   independent  leaf values are uniform in [0, range), optionally all distinct (a keyed
//                pseudo-random permutation of [0, range) applied to the leaf's raw index);
//   incremental  every edge carries a uniform increment in [-increment, +increment] and a leaf's
//                value is the sum along its path, so siblings correlate (Newborn's and Marsland's
//                models of real game trees).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/evaluation.h"
#include "games/game.h"
#include "games/params.h"

namespace gts {

class RandomTreeEval;

class RandomTree {
 public:
  static constexpr std::string_view kName = "random-tree";
  static constexpr std::string_view kDescription =
      "uniform synthetic tree (branching, depth) with seeded pseudo-random leaf values, "
      "independent or incremental, in random, best-first or worst-first order";
  static constexpr std::size_t kMaxMoves = 64;
  // A finished line ends in a leaf value (a score), not in a win or a loss.
  static constexpr bool kOutcomeIsLeafValue = true;
  // Every interior node has `branching` children down to `depth`: the minimal tree is known.
  static constexpr bool kUniformTree = true;
  static constexpr int kMaxDepth = 40;
  static constexpr std::uint64_t kMaxLeaves = std::uint64_t{1} << 40;
  // Values are Value (int32) and must stay far below kInfinity, so distinct values are limited too.
  static constexpr std::int64_t kMaxRange = 500'000'000;
  // best-first and worst-first keep one int32 per node.
  static constexpr std::uint64_t kMaxMaterializedNodes = 50'000'000;

  enum class Values { kIndependent, kIncremental };
  enum class Ordering { kRandom, kBestFirst, kWorstFirst };

  using Eval = RandomTreeEval;

  struct State {
    std::uint64_t index = 0;  // raw index within the level
    std::int32_t level = 0;
    std::int32_t sum = 0;  // incremental model: sum of the increments from the root (MAX's view)
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> param_specs();
  static std::vector<EvalInfo> evaluation_kinds();
  static std::string default_evaluation() { return "leaf"; }

  explicit RandomTree(const Params& params);

  [[nodiscard]] State initial_state() const { return State{}; }
  [[nodiscard]] int to_move(const State& s) const { return s.level & 1; }
  [[nodiscard]] bool is_terminal(const State& s) const { return s.level == depth_; }
  [[nodiscard]] Value terminal_value(const State& s) const {
    Value v = max_value(s);
    return (s.level & 1) != 0 ? -v : v;
  }
  void legal_moves(const State& s, MoveList<kMaxMoves>& moves) const {
    if (s.level == depth_) return;  // a leaf has no moves (and no stored children to sort)
    if (ordering_ != Ordering::kRandom) {
      ordered_moves(s, moves);
      return;
    }
    for (int i = 0; i < branching_; ++i) moves.push_back(i);
  }
  void play(State& s, Move m) const {
    s.index = s.index * static_cast<std::uint64_t>(branching_) + static_cast<std::uint64_t>(m);
    ++s.level;
    if (values_ == Values::kIncremental) s.sum += increment(s.level, s.index);
  }
  [[nodiscard]] std::uint64_t hash(const State& s) const {
    return mix64((static_cast<std::uint64_t>(s.level) << 48) ^ s.index);
  }

  // Dewey notation of 1-based raw child numbers: "root", "2.1.3".
  [[nodiscard]] std::string to_string(const State& s) const;
  [[nodiscard]] State parse(std::string_view text) const;
  [[nodiscard]] std::string move_to_string(const State& s, Move m) const;
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const;

  [[nodiscard]] int branching() const { return branching_; }
  [[nodiscard]] int depth() const { return depth_; }
  [[nodiscard]] std::uint64_t num_leaves() const { return num_leaves_; }
  // Independent model: values lie in [0, range()). 0 for the incremental model.
  [[nodiscard]] std::int64_t range() const { return range_; }
  [[nodiscard]] Values values() const { return values_; }
  [[nodiscard]] Ordering ordering() const { return ordering_; }
  // Nodes whose minimax value is stored (0 for ordering=random).
  [[nodiscard]] std::uint64_t materialized_nodes() const;

  // Independent model: the value of leaf `raw_index` from MAX's point of view.
  [[nodiscard]] Value independent_value(std::uint64_t raw_index) const {
    if (distinct_) return static_cast<Value>(permute(raw_index));
    return static_cast<Value>(
        scale(mix64(raw_index * kGolden + leaf_key_), static_cast<std::uint64_t>(range_)));
  }
  // Incremental model: the increment on the edge into node (level, raw_index), level >= 1.
  [[nodiscard]] Value increment(int level, std::uint64_t raw_index) const {
    std::uint64_t key = (static_cast<std::uint64_t>(level) << 48) | raw_index;
    auto span = static_cast<std::uint64_t>(2 * increment_ + 1);
    return static_cast<Value>(scale(mix64(key * kGolden + increment_key_), span)) - increment_;
  }

 private:
  static constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

  // splitmix64's finalizer with its increment: a bijection, so distinct inputs hash apart.
  static std::uint64_t mix64(std::uint64_t z) {
    z += kGolden;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Maps a uniform 64-bit word to [0, n) without division.
  static std::uint64_t scale(std::uint64_t word, std::uint64_t n) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(word) * n) >> 64);
  }
  // Round function: a keyed multiply-xorshift-multiply; plain multiply-shift leaves sibling
  // values visibly correlated.
  static std::uint64_t feistel_hash(std::uint64_t v, const std::uint64_t* key) {
    std::uint64_t z = v * key[0] + key[1];
    z ^= z >> 29;
    return z * 0xBF58476D1CE4E5B9ULL;
  }
  // A keyed permutation of [0, B * 2^a) with B * 2^a - range < 2^a, cycle-walked down to
  // [0, range): x = r * 2^a + l, and Feistel rounds alternate r += F(l) mod B and l ^= F(r).
  // The domain exceeds the range by under 1/B, so walking is rare and its branch predictable,
  // and splitting x needs no division.
  [[nodiscard]] std::uint64_t permute(std::uint64_t x) const {
    do {
      std::uint64_t l = x & low_mask_;
      std::uint64_t r = x >> low_bits_;
      for (std::size_t k = 0; k < kFeistelRounds; ++k) {
        const std::uint64_t* key = feistel_keys_[k].data();
        if (k % 2 == 0) {
          r += scale(feistel_hash(l, key), high_size_);
          r = r >= high_size_ ? r - high_size_ : r;
        } else {
          l ^= scale(feistel_hash(r, key), low_mask_ + 1);
        }
      }
      x = (r << low_bits_) | l;
    } while (x >= static_cast<std::uint64_t>(range_));
    return x;
  }

  [[nodiscard]] Value max_value(const State& s) const {
    if (values_ == Values::kIncremental) return s.sum;
    if (minimax_) return (*minimax_)[static_cast<std::size_t>(s.level)][s.index];
    return independent_value(s.index);
  }
  void ordered_moves(const State& s, MoveList<kMaxMoves>& moves) const;
  void materialize();

  static constexpr std::size_t kFeistelRounds = 3;

  int branching_ = 3;
  int depth_ = 4;
  std::uint64_t num_leaves_ = 81;
  Values values_ = Values::kIndependent;
  Ordering ordering_ = Ordering::kRandom;
  bool distinct_ = true;
  std::int64_t range_ = 0;
  Value increment_ = 100;
  std::uint64_t leaf_key_ = 0;
  std::uint64_t increment_key_ = 0;
  // Per round: an odd multiplier and an addend.
  std::array<std::array<std::uint64_t, 2>, kFeistelRounds> feistel_keys_{};
  int low_bits_ = 0;
  std::uint64_t low_mask_ = 0;
  std::uint64_t high_size_ = 1;  // B
  // Exact minimax values from MAX's view, one array per level; only for best- and worst-first.
  std::shared_ptr<const std::vector<std::vector<std::int32_t>>> minimax_;
};

// `leaf`: at interior nodes cut off by a depth limit, 0 for independent trees and the path sum
// (from the side to move's view) for incremental ones.
class RandomTreeEval {
 public:
  RandomTreeEval(const RandomTree& game, const EvalSpec& spec);
  Value operator()(const RandomTree::State& s) const {
    if (!incremental_) return 0;
    return (s.level & 1) != 0 ? -s.sum : s.sum;
  }

 private:
  bool incremental_ = false;
};

}  // namespace gts
