#include "harness/tune/spsa.h"

#include <algorithm>
#include <cmath>

#include "algorithms/search.h"

namespace gts {

namespace {

double clamp_to(const SpsaWeight& w, double v) { return std::clamp(v, w.min, w.max); }

}  // namespace

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
  theta.reserve(spec.weights.size());
  for (const auto& w : spec.weights) theta.push_back(clamp_to(w, w.start));
  return theta;
}

SpsaStep spsa_step(const SpsaSpec& spec, const std::vector<double>& theta, int k,
                   std::uint64_t seed) {
  SpsaStep s;
  const std::size_t n = spec.weights.size();
  s.c.resize(n);
  s.r.resize(n);
  s.flip.resize(n);
  s.plus.resize(n);
  s.minus.resize(n);
  // One 64-bit draw per 64 weights: bit i of draw i / 64 is weight i's sign.
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (i % 64 == 0) bits = mix_seed(mix_seed(seed, static_cast<std::uint64_t>(k)), i / 64);
    const SpsaWeight& w = spec.weights[i];
    const int sign = ((bits >> (i % 64)) & 1U) != 0 ? 1 : -1;
    s.flip[i] = w.fixed ? 0 : sign;
    s.c[i] = w.fixed ? 0.0 : spsa_c(spec, w, k);
    s.r[i] = w.fixed ? 0.0 : spsa_r(spec, w, k);
    s.plus[i] = clamp_to(w, theta[i] + s.c[i] * s.flip[i]);
    s.minus[i] = clamp_to(w, theta[i] - s.c[i] * s.flip[i]);
  }
  return s;
}

std::vector<double> spsa_update(const SpsaSpec& spec, const std::vector<double>& theta,
                                const SpsaStep& step, double wins_minus_losses) {
  std::vector<double> out = theta;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (step.flip[i] == 0) continue;
    out[i] = clamp_to(spec.weights[i],
                      theta[i] + step.r[i] * step.c[i] * wins_minus_losses * step.flip[i]);
  }
  return out;
}

}  // namespace gts
