#include "harness/stats/proportion.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/stats/elo.h"

namespace gts {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

Interval95 wilson_interval(std::size_t successes, std::size_t trials) {
  if (trials == 0) return {kNaN, kNaN};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = kZ95 / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

MeanInterval mean_interval(const std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n == 0) return {kNaN, {kNaN, kNaN}};
  double sum = 0;
  for (const double v : values) sum += v;
  const double mean = sum / static_cast<double>(n);
  if (n < 2) return {mean, {kNaN, kNaN}};
  double squares = 0;
  for (const double v : values) squares += (v - mean) * (v - mean);
  const double half =
      kZ95 * std::sqrt(squares / static_cast<double>(n - 1)) / std::sqrt(static_cast<double>(n));
  return {mean, {mean - half, mean + half}};
}

}  // namespace gts
