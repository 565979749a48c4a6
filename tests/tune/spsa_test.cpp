// SPSA's arithmetic, apart from any game: fishtest's gain schedule, the flip vector, clamping,
// fixed weights, and convergence on a noisy synthetic match whose optimum is known.
//
// The SPRT reference values that the verification relies on (fastchess: elo0 0, elo1 2,
// alpha = beta = 0.05, normalized model on W 36433, L 36027, D 68692 gives LLR 0.92; bounds
// ±2.944) are checked once, in tests/harness_stats/stats_test.cpp (Sprt.*).
#include "harness/tune/spsa.h"

#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/search.h"

namespace gts {
namespace {

SpsaSpec spec_of(int n, int iterations, double c_end, double r_end) {
  SpsaSpec s;
  s.iterations = iterations;
  s.A = iterations / 10.0;
  for (int i = 0; i < n; ++i) {
    SpsaWeight w;
    w.start = 0;
    w.min = -10;
    w.max = 10;
    w.c_end = c_end;
    w.r_end = r_end;
    s.weights.push_back(w);
  }
  return s;
}

TEST(Spsa, GainsFollowFishtestsParametrisation) {
  const SpsaSpec s = spec_of(1, 1000, 0.5, 0.002);
  const SpsaWeight& w = s.weights[0];
  // c = c_end N^γ; c_k = c / k^γ, so c_1 = c and c_N = c_end.
  EXPECT_NEAR(spsa_c(s, w, 1), 0.5 * std::pow(1000.0, 0.101), 1e-12);
  EXPECT_NEAR(spsa_c(s, w, 1000), 0.5, 1e-12);
  // a = r_end c_end² (A + N)^α; R_k = a_k / c_k², so R_N = r_end.
  EXPECT_NEAR(spsa_r(s, w, 1000), 0.002, 1e-12);
  const double a = 0.002 * 0.25 * std::pow(100.0 + 1000.0, 0.602);
  const double c1 = 0.5 * std::pow(1000.0, 0.101);
  EXPECT_NEAR(spsa_r(s, w, 1), a / std::pow(101.0, 0.602) / (c1 * c1), 1e-12);
  // R_k = (a / c²) k^{2γ} / (A + k)^α falls over the run, since α > 2γ.
  EXPECT_GT(spsa_r(s, w, 1), spsa_r(s, w, 1000));
}

TEST(Spsa, StepFlipsEveryFreeWeightAndClampsThePlayers) {
  SpsaSpec s = spec_of(70, 100, 1.0, 0.002);  // more than 64 weights: two draws of flip bits
  s.weights[3].fixed = true;
  s.weights[5].start = 9.9;  // near max: θ+ or θ− is clamped at 10
  const std::vector<double> theta = spsa_start(s);
  const SpsaStep a = spsa_step(s, theta, 7, 42);
  const SpsaStep b = spsa_step(s, theta, 7, 42);
  EXPECT_EQ(a.flip, b.flip);  // a pure function of its arguments
  EXPECT_NE(a.flip, spsa_step(s, theta, 8, 42).flip);
  EXPECT_NE(a.flip, spsa_step(s, theta, 7, 43).flip);
  int plus = 0;
  for (std::size_t i = 0; i < 70; ++i) {
    if (i == 3) {
      EXPECT_EQ(a.flip[i], 0);
      EXPECT_EQ(a.plus[i], theta[i]);
      EXPECT_EQ(a.minus[i], theta[i]);
      continue;
    }
    ASSERT_TRUE(a.flip[i] == 1 || a.flip[i] == -1);
    plus += a.flip[i] == 1;
    const double c = spsa_c(s, s.weights[i], 7);
    EXPECT_DOUBLE_EQ(a.c[i], c);
    EXPECT_DOUBLE_EQ(a.plus[i], std::clamp(theta[i] + c * a.flip[i], -10.0, 10.0));
    EXPECT_DOUBLE_EQ(a.minus[i], std::clamp(theta[i] - c * a.flip[i], -10.0, 10.0));
  }
  EXPECT_GT(plus, 20);  // 69 fair coins
  EXPECT_LT(plus, 49);
  EXPECT_EQ(std::max(a.plus[5], a.minus[5]), 10.0);

  // The update moves each free weight by R_k c_k (W − L) flip, clamped; fixed ones stay.
  const std::vector<double> next = spsa_update(s, theta, a, 3.0);
  for (std::size_t i = 0; i < 70; ++i) {
    if (i == 3) {
      EXPECT_EQ(next[i], theta[i]);
      continue;
    }
    EXPECT_DOUBLE_EQ(next[i],
                     std::clamp(theta[i] + a.r[i] * a.c[i] * 3.0 * a.flip[i], -10.0, 10.0));
  }
}

// A synthetic match: a player θ has strength f(θ) = −Σ (θ_i − θ*_i)², and θ+ scores against θ−
// with the logistic probability of the strength difference; draws happen a third of the time.
// Every game is drawn from a seeded stream, so the test is deterministic.
double play_pairs(const std::vector<double>& plus, const std::vector<double>& minus,
                  const std::vector<double>& optimum, int pairs, std::uint64_t seed) {
  auto strength = [&](const std::vector<double>& t) {
    double f = 0;
    for (std::size_t i = 0; i < t.size(); ++i) f -= (t[i] - optimum[i]) * (t[i] - optimum[i]);
    return f;
  };
  const double p = 1.0 / (1.0 + std::exp(-(strength(plus) - strength(minus))));
  double w_minus_l = 0;
  for (int g = 0; g < 2 * pairs; ++g) {
    const double u =
        static_cast<double>(mix_seed(seed, static_cast<std::uint64_t>(g)) >> 11) * 0x1.0p-53;
    // Decisive with probability 2/3: a win with probability p, else a loss.
    if (u < 2.0 / 3.0) w_minus_l += u < (2.0 / 3.0) * p ? 1 : -1;
  }
  return w_minus_l;
}

TEST(Spsa, ConvergesToTheOptimumOfANoisyMatch) {
  const std::vector<double> optimum = {1.5, -0.8, 0.3, 2.0};
  SpsaSpec s = spec_of(4, 3000, 0.2, 0.02);
  s.weights[3].fixed = true;  // stays at its start, 0, whatever the optimum says
  s.weights[0].start = -2.0;
  s.weights[1].start = 2.5;
  s.weights[2].start = -1.0;
  std::vector<double> theta = spsa_start(s);
  double start_error = 0;
  for (std::size_t i = 0; i < 3; ++i) start_error += std::fabs(theta[i] - optimum[i]);
  for (int k = 1; k <= s.iterations; ++k) {
    const SpsaStep step = spsa_step(s, theta, k, 7);
    const double wl = play_pairs(step.plus, step.minus, optimum, 4, mix_seed(99, k));
    theta = spsa_update(s, theta, step, wl);
  }
  double error = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_NEAR(theta[i], optimum[i], 0.25) << "weight " << i + 1;
    error += std::fabs(theta[i] - optimum[i]);
  }
  EXPECT_LT(error, start_error / 10);
  EXPECT_EQ(theta[3], 0.0);
}

TEST(Spsa, BoundsHoldEvenWhenTheOptimumLiesOutside) {
  const std::vector<double> optimum = {5.0, -5.0};
  SpsaSpec s = spec_of(2, 1500, 0.2, 0.02);
  s.weights[0].max = 1.0;
  s.weights[1].min = -2.0;
  std::vector<double> theta = spsa_start(s);
  for (int k = 1; k <= s.iterations; ++k) {
    const SpsaStep step = spsa_step(s, theta, k, 3);
    for (std::size_t i = 0; i < 2; ++i) {
      ASSERT_LE(step.plus[i], s.weights[i].max);
      ASSERT_GE(step.minus[i], s.weights[i].min);
    }
    theta = spsa_update(s, theta, step, play_pairs(step.plus, step.minus, optimum, 4, k));
  }
  EXPECT_NEAR(theta[0], 1.0, 0.2);  // pressed against the bound nearest the optimum
  EXPECT_NEAR(theta[1], -2.0, 0.2);
}

}  // namespace
}  // namespace gts
