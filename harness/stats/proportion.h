// Intervals for a share of successes and for a mean, at 95%: what compare's move accuracy reports.
#pragma once

#include <cstddef>
#include <vector>

namespace gts {

struct Interval95 {
  double low = 0, high = 0;
};

// Wilson's score interval for `successes` of `trials` (Wilson 1927): the centre
// (p + z^2/2n) / (1 + z^2/n), half-width z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2), z = kZ95.
// It stays inside [0, 1] and is not empty at 0 or n successes. NaNs for no trials.
[[nodiscard]] Interval95 wilson_interval(std::size_t successes, std::size_t trials);

// The mean of `values` with mean +- z * s / sqrt(n) (s the sample standard deviation, the normal
// approximation); NaN bounds for fewer than two values, NaN mean for none.
struct MeanInterval {
  double mean = 0;
  Interval95 interval;
};
[[nodiscard]] MeanInterval mean_interval(const std::vector<double>& values);

}  // namespace gts
