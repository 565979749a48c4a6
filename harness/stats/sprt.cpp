#include "harness/stats/sprt.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "common/input_error.h"

namespace gts {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// fishtest's and fastchess's stand-in for an empty outcome class: the fits below divide by the
// empirical frequencies and take their logarithms.
constexpr double kZeroCount = 1e-3;

// The normalized fit is a fixed-point iteration; it usually settles in about ten rounds, and only
// extreme results (tens of thousands of losses against +100 nElo) come near this cap.
constexpr int kMaxFitRounds = 1000;
constexpr double kFitTolerance = 1e-10;

template <std::size_t N>
using Dist = std::array<double, N>;

// Root of a decreasing f on the open interval (a, b), where f tends to +inf at a and -inf at b.
// Bisection to the resolution of doubles: robust where the root hugs an end of the interval, which
// happens whenever an outcome class is (nearly) empty.
template <class F>
double decreasing_root(const F& f, double a, double b) {
  for (int i = 0; i < 2000; ++i) {
    const double m = 0.5 * (a + b);
    if (m <= a || m >= b) break;
    if (f(m) > 0) {
      a = m;
    } else {
      b = m;
    }
  }
  return 0.5 * (a + b);
}

// p_i = phat_i / (1 + theta phi_i), with theta solving sum_i phat_i phi_i / (1 + theta phi_i) = 0
// (phi takes both signs).
template <std::size_t N>
Dist<N> reweight(const Dist<N>& phat, const Dist<N>& phi) {
  const auto f = [&](double theta) {
    double r = 0;
    for (std::size_t i = 0; i < N; ++i) r += phat[i] * phi[i] / (1.0 + theta * phi[i]);
    return r;
  };
  const double theta = decreasing_root(f, -1.0 / *std::max_element(phi.begin(), phi.end()),
                                       -1.0 / *std::min_element(phi.begin(), phi.end()));
  Dist<N> p;
  for (std::size_t i = 0; i < N; ++i) p[i] = phat[i] / (1.0 + theta * phi[i]);
  return p;
}

// Maximum-likelihood distribution on the outcome scores `a` with expectation s, given empirical
// frequencies `phat`: reweighted with phi_i = a_i - s (Van den Bergh, proposition 1.1,
// eq. 1.2-1.3).
template <std::size_t N>
Dist<N> fit_expectation(const Dist<N>& a, const Dist<N>& phat, double s) {
  Dist<N> phi;
  for (std::size_t i = 0; i < N; ++i) phi[i] = a[i] - s;
  return reweight(phat, phi);
}

// Maximum-likelihood distribution with t-value (mu - mu_ref) / sigma = t, by the fixed-point
// iteration of Van den Bergh, section 4.1 (eq. 4.9): starting from the uniform distribution,
// reweighted with phi_i = a_i - mu_ref - t sigma (1 + ((a_i - mu) / sigma)^2) / 2 with mu, sigma of
// the current p. Returns NaNs when theta cannot be bracketed (t far outside what the outcomes
// allow).
template <std::size_t N>
Dist<N> fit_t_value(const Dist<N>& a, const Dist<N>& phat, double mu_ref, double t) {
  Dist<N> p;
  p.fill(1.0 / static_cast<double>(N));
  for (int round = 0; round < kMaxFitRounds; ++round) {
    double mu = 0, var = 0;
    for (std::size_t i = 0; i < N; ++i) mu += a[i] * p[i];
    for (std::size_t i = 0; i < N; ++i) var += p[i] * (a[i] - mu) * (a[i] - mu);
    const double sigma = std::sqrt(var);
    Dist<N> phi;
    for (std::size_t i = 0; i < N; ++i) {
      const double z = (a[i] - mu) / sigma;
      phi[i] = a[i] - mu_ref - 0.5 * t * sigma * (1.0 + z * z);
    }
    if (!(sigma > 0) || !(*std::min_element(phi.begin(), phi.end()) < 0) ||
        !(*std::max_element(phi.begin(), phi.end()) > 0)) {
      p.fill(kNaN);
      return p;
    }
    const Dist<N> next = reweight(phat, phi);
    double change = 0;
    for (std::size_t i = 0; i < N; ++i) change = std::max(change, std::abs(next[i] - p[i]));
    p = next;
    if (change < kFitTolerance) break;
  }
  return p;
}

// LLR = n * sum_i phat_i log(p1_i / p0_i): the log-likelihood of the data under the best
// distribution satisfying H1 minus that under H0 (the generalized SPRT of fishtest).
template <std::size_t N>
double llr(const std::array<std::int64_t, N>& counts, const Dist<N>& scores,
           const SprtConfig& config, double t_scale) {
  validate_sprt(config);
  double total = 0;
  Dist<N> phat;
  for (std::size_t i = 0; i < N; ++i) {
    if (counts[i] < 0) throw ParamError("sprt: negative count " + std::to_string(counts[i]));
    phat[i] = counts[i] == 0 ? kZeroCount : static_cast<double>(counts[i]);
    total += phat[i];
  }
  if (std::all_of(counts.begin(), counts.end(), [](std::int64_t c) { return c == 0; })) return 0.0;
  for (double& x : phat) x /= total;

  Dist<N> p0;
  Dist<N> p1;
  if (config.model == SprtModel::kLogistic) {
    p0 = fit_expectation(scores, phat, score_from_elo(config.elo0));
    p1 = fit_expectation(scores, phat, score_from_elo(config.elo1));
  } else if (config.model == SprtModel::kBayes) {
    if constexpr (N != 3) {
      throw ParamError("sprt: the bayes model takes W/D/L counts, not game pairs");
    } else {
      // Draw elo from the (regularised) rates, as fastchess does; none without a win and a loss.
      if (counts[0] == 0 || counts[2] == 0) return 0.0;
      const double drawelo =
          bayes_elo_from_probabilities({.win = phat[2], .draw = phat[1], .loss = phat[0]}).drawelo;
      p0 = fit_expectation(scores, phat, score_from_bayes_elo({config.elo0, drawelo}));
      p1 = fit_expectation(scores, phat, score_from_bayes_elo({config.elo1, drawelo}));
    }
  } else {
    p0 = fit_t_value(scores, phat, 0.5, t_scale * config.elo0 / kNeloPerT);
    p1 = fit_t_value(scores, phat, 0.5, t_scale * config.elo1 / kNeloPerT);
  }
  double sum = 0;
  for (std::size_t i = 0; i < N; ++i) sum += phat[i] * (std::log(p1[i]) - std::log(p0[i]));
  return total * sum;
}

void check_probability(double x, const char* name) {
  if (!(x > 0.0 && x < 1.0)) {
    throw ParamError(std::string("sprt: ") + name + " must be in (0, 1), got " + std::to_string(x));
  }
}

}  // namespace

SprtModel parse_sprt_model(std::string_view name) {
  if (name == "logistic") return SprtModel::kLogistic;
  if (name == "normalized") return SprtModel::kNormalized;
  if (name == "bayes" || name == "bayesian") return SprtModel::kBayes;
  throw ParamError("sprt: unknown model '" + std::string(name) +
                   "' (expected normalized, logistic or bayes)");
}

std::string_view to_string(SprtModel model) {
  static constexpr std::string_view kNames[] = {"logistic", "normalized", "bayes"};
  return kNames[static_cast<int>(model)];
}

void validate_sprt(const SprtConfig& c) {
  (void)sprt_bounds(c.alpha, c.beta);  // checks alpha and beta
  const double limit =
      c.model == SprtModel::kNormalized ? kSprtMaxNormalizedElo : kSprtMaxLogisticElo;
  for (double elo : {c.elo0, c.elo1}) {
    if (!(std::abs(elo) <= limit)) {
      throw ParamError("sprt: elo bound " + std::to_string(elo) + " is outside +-" +
                       std::to_string(static_cast<int>(limit)) + " for the " +
                       std::string(to_string(c.model)) + " model");
    }
  }
  if (!(c.elo0 < c.elo1)) {
    throw ParamError("sprt: elo0 (" + std::to_string(c.elo0) + ") must be below elo1 (" +
                     std::to_string(c.elo1) + ")");
  }
}

SprtBounds sprt_bounds(double alpha, double beta) {
  check_probability(alpha, "alpha");
  check_probability(beta, "beta");
  if (!(alpha + beta < 1.0)) throw ParamError("sprt: alpha + beta must be below 1");
  return {std::log(beta / (1.0 - alpha)), std::log((1.0 - beta) / alpha)};
}

double sprt_llr(const WdlCounts& c, const SprtConfig& config) {
  return llr<3>({c.losses, c.draws, c.wins}, {0.0, 0.5, 1.0}, config, 1.0);
}

double sprt_llr(const PentanomialCounts& c, const SprtConfig& config) {
  // A pair's score is the mean of two games, so its sigma is 1/sqrt(2) of a game's for the same
  // per-game nElo: t per pair = sqrt(2) t per game.
  return llr<5>({c.ll, c.ld, c.wl_dd, c.wd, c.ww}, {0.0, 0.25, 0.5, 0.75, 1.0}, config,
                std::sqrt(2.0));
}

SprtResult sprt_decide(double llr_value, const SprtBounds& bounds) {
  if (llr_value >= bounds.upper) return SprtResult::kAcceptH1;
  if (llr_value <= bounds.lower) return SprtResult::kAcceptH0;
  return SprtResult::kContinue;
}

SprtTest::SprtTest(const SprtConfig& c) : config(c), bounds(sprt_bounds(c.alpha, c.beta)) {
  validate_sprt(config);
}

SprtResult SprtTest::add_pair(double first, double second) {
  pairs.add(first, second);
  wdl.add(first);
  wdl.add(second);
  llr = config.model == SprtModel::kBayes ? sprt_llr(wdl, config) : sprt_llr(pairs, config);
  return result = sprt_decide(llr, bounds);
}

}  // namespace gts
