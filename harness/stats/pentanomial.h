// Pentanomial statistics over game pairs: the same opening played twice with colours swapped.
// Counting pairs instead of games removes the opening's bias from the variance, which is why
// fishtest and fastchess prefer it (Van den Bergh, "Normalized Elo", section on game pairs).
#pragma once

#include <cstdint>
#include <span>

#include "harness/stats/elo.h"

namespace gts {

// Player A's scores in the two games of a pair: each 1 (win), 0.5 (draw) or 0 (loss).
struct PairResult {
  double first = 0;
  double second = 0;
};

// Pairs by A's total score over the two games: LL 0, LD 0.5, WL or DD 1, WD 1.5, WW 2.
struct PentanomialCounts {
  std::int64_t ll = 0;
  std::int64_t ld = 0;
  std::int64_t wl_dd = 0;
  std::int64_t wd = 0;
  std::int64_t ww = 0;

  [[nodiscard]] std::int64_t pairs() const { return ll + ld + wl_dd + wd + ww; }
  // Counts one pair; throws ParamError unless both results are 0, 0.5 or 1.
  void add(double first, double second);
  void add(const PairResult& pair) { add(pair.first, pair.second); }
};

[[nodiscard]] PentanomialCounts pentanomial_counts(std::span<const PairResult> pairs);

// fastchess's EloPentanomial (app/src/matchmaking/elo/elo_pentanomial.cpp): pair scores
// 0, 1/4, 1/2, 3/4, 1 (half the pair's points); s = mean pair score; var = variance of a pair's
// score; interval s +- z sqrt(var/P) through elo_from_score with P pairs;
// LOS = 1/2 + 1/2 erf((s - 1/2) / sqrt(2 var/P)); nElo divides by sqrt(2 var).
// `samples` is P and `draw_ratio` is the share of pairs scoring exactly 1 (WL or DD).
// Throws ParamError on a negative count.
[[nodiscard]] EloEstimate elo_from_pentanomial(const PentanomialCounts& counts);

}  // namespace gts
