#include "harness/stats/pentanomial.h"

#include <array>
#include <string>

#include "common/input_error.h"

namespace gts {
namespace {

// Half-points: 0, 1 or 2 for loss, draw, win; anything else is rejected.
int half_points(double result) {
  if (result == 0.0) return 0;
  if (result == 0.5) return 1;
  if (result == 1.0) return 2;
  throw ParamError("pentanomial: game result " + std::to_string(result) + " is not 0, 0.5 or 1");
}

}  // namespace

void PentanomialCounts::add(double first, double second) {
  std::int64_t* const bins[] = {&ll, &ld, &wl_dd, &wd, &ww};
  ++*bins[half_points(first) + half_points(second)];
}

PentanomialCounts pentanomial_counts(std::span<const PairResult> pairs) {
  PentanomialCounts counts;
  for (const PairResult& pair : pairs) counts.add(pair);
  return counts;
}

EloEstimate elo_from_pentanomial(const PentanomialCounts& c) {
  const std::array<std::int64_t, 5> count{c.ll, c.ld, c.wl_dd, c.wd, c.ww};
  for (std::int64_t k : count) {
    if (k < 0) throw ParamError("pentanomial: negative pair count " + std::to_string(k));
  }
  const std::int64_t pairs = c.pairs();
  if (pairs == 0) return estimate_from_moments(0, 0, 0, 0, 2);

  constexpr std::array<double, 5> kPairScore{0.0, 0.25, 0.5, 0.75, 1.0};
  const auto n = static_cast<double>(pairs);
  double score = 0;
  for (std::size_t i = 0; i < 5; ++i) score += kPairScore[i] * static_cast<double>(count[i]) / n;
  double var = 0;
  for (std::size_t i = 0; i < 5; ++i) {
    const double dev = kPairScore[i] - score;
    var += static_cast<double>(count[i]) / n * dev * dev;
  }
  return estimate_from_moments(pairs, score, var, static_cast<double>(c.wl_dd) / n, 2.0);
}

}  // namespace gts
