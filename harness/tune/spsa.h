// SPSA in the form engine developers tune with it (fishtest's spsa_handler): the pure arithmetic,
// apart from any game, so that it can be checked on objectives with a known optimum.
//
// Iteration k = 1..N draws a flip vector of ±1 (0 for fixed weights) and plays
// θ+ = clamp(θ + c_k·flip) against θ− = clamp(θ − c_k·flip); then
//   θ ← clamp(θ + R_k·c_k·(W − L)·flip),   W − L from θ+'s view,
//   c_k = c / k^γ,  a_k = a / (A + k)^α,  R_k = a_k / c_k²,
// with, per weight, c = c_end·N^γ and a = r_end·c_end²·(A + N)^α, so that c_N = c_end and
// R_N = r_end at the last iteration (fishtest's parametrisation).
#pragma once

#include <cstdint>
#include <vector>

namespace gts {

struct SpsaWeight {
  double start = 0;
  double min = -1e6;
  double max = 1e6;
  double c_end = 1;      // perturbation at the last iteration
  double r_end = 0.002;  // learning rate R at the last iteration
  bool fixed = false;    // never perturbed nor moved
};

struct SpsaSpec {
  std::vector<SpsaWeight> weights;
  int iterations = 100;  // N
  double A = 10;         // stability constant; about N / 10
  double alpha = 0.602;
  double gamma = 0.101;
};

// One iteration's draw: per weight c_k, R_k and flip (0 for fixed weights), and the two players.
struct SpsaStep {
  std::vector<double> c;
  std::vector<double> r;
  std::vector<int> flip;
  std::vector<double> plus;   // θ+ (clamped)
  std::vector<double> minus;  // θ− (clamped)
};

// c_k and R_k of one weight at iteration k (1-based).
double spsa_c(const SpsaSpec& spec, const SpsaWeight& w, int k);
double spsa_r(const SpsaSpec& spec, const SpsaWeight& w, int k);

// The starting θ.
std::vector<double> spsa_start(const SpsaSpec& spec);

// Iteration k's flip vector and perturbed players: a pure function of (spec, θ, k, seed).
SpsaStep spsa_step(const SpsaSpec& spec, const std::vector<double>& theta, int k,
                   std::uint64_t seed);

// θ after the iteration's result, W − L counted from θ+'s view.
std::vector<double> spsa_update(const SpsaSpec& spec, const std::vector<double>& theta,
                                const SpsaStep& step, double wins_minus_losses);

}  // namespace gts
