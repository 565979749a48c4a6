#include "harness/tune/spsa.h"

#include <algorithm>
#include <cmath>

#include "algorithms/search.h"

namespace gts {

double spsa_c(const SpsaSpec& spec, const SpsaWeight& w, int k) {
  const double c = w.c_end * std::pow(static_cast<double>(spec.iterations), spec.gamma);
  return c / std::pow(static_cast<double>(k), spec.gamma);
}

double spsa_r(const SpsaSpec& spec, const SpsaWeight& w, int k) {
  const double n = static_cast<double>(spec.iterations);
  const double a = w.r_end * w.c_end * w.c_end * std::pow(spec.A + n, spec.alpha);
  const double a_k = a / std::pow(spec.A + static_cast<double>(k), spec.alpha);
  const double c_k = spsa_c(spec, w, k);
  return a_k / (c_k * c_k);
}

std::vector<double> spsa_start(const SpsaSpec& spec) {
  std::vector<double> theta;
  for (const auto& w : spec.weights) theta.push_back(std::clamp(w.start, w.min, w.max));
  return theta;
}

SpsaStep spsa_step(const SpsaSpec& spec, const std::vector<double>& theta, int k,
                   std::uint64_t seed) {
  SpsaStep s;
  // One 64-bit draw per 64 weights: bit i of draw i / 64 is weight i's sign.
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < spec.weights.size(); ++i) {
    if (i % 64 == 0) bits = mix_seed(mix_seed(seed, static_cast<std::uint64_t>(k)), i / 64);
    const SpsaWeight& w = spec.weights[i];
    const int sign = ((bits >> (i % 64)) & 1U) != 0 ? 1 : -1;
    s.flip.push_back(w.fixed ? 0 : sign);
    s.c.push_back(w.fixed ? 0.0 : spsa_c(spec, w, k));
    s.r.push_back(w.fixed ? 0.0 : spsa_r(spec, w, k));
    s.plus.push_back(std::clamp(theta[i] + s.c[i] * s.flip[i], w.min, w.max));
    s.minus.push_back(std::clamp(theta[i] - s.c[i] * s.flip[i], w.min, w.max));
  }
  return s;
}

std::vector<double> spsa_update(const SpsaSpec& spec, const std::vector<double>& theta,
                                const SpsaStep& step, double wins_minus_losses) {
  std::vector<double> out = theta;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (step.flip[i] == 0) continue;
    const SpsaWeight& w = spec.weights[i];
    out[i] = std::clamp(theta[i] + step.r[i] * step.c[i] * wins_minus_losses * step.flip[i], w.min,
                        w.max);
  }
  return out;
}

}  // namespace gts
