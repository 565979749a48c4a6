// Wald's sequential probability ratio test on Elo hypotheses H0: elo = elo0 against
// H1: elo = elo1, with the generalized log-likelihood ratio of Van den Bergh ("Comments on
// Normalized Elo", https://www.cantate.be/Fishtest/normalized_elo_practical.pdf) as used by
// fishtest (LLR_logistic, LLR_normalized) and fastchess (app/src/matchmaking/sprt/sprt.cpp).
#pragma once

#include <string_view>

#include "harness/stats/elo.h"

namespace gts {

enum class SprtModel {
  kLogistic,    // elo0/elo1 are logistic Elo: expected score 1 / (1 + 10^(-elo/400))
  kNormalized,  // elo0/elo1 are normalized Elo: (mean - 1/2) / sigma * 800 / ln 10
  kBayes,       // elo0/elo1 are BayesElo, with drawelo estimated from the games (fastchess's
                // "bayesian"; W/D/L only, and 0 until there is a win and a loss)
};

enum class SprtResult { kContinue, kAcceptH0, kAcceptH1 };

// Largest |elo0|, |elo1| accepted. The normalized model's maximum-likelihood fit stops having a
// solution well above 100 nElo (pair statistics fail near 300), and no test asks for such bounds.
inline constexpr double kSprtMaxLogisticElo = 1000.0;
inline constexpr double kSprtMaxNormalizedElo = 100.0;

struct SprtConfig {
  double elo0 = 0.0;
  double elo1 = 5.0;
  double alpha = 0.05;  // probability of accepting H1 when H0 holds
  double beta = 0.05;   // probability of accepting H0 when H1 holds
  SprtModel model = SprtModel::kNormalized;
};

struct SprtBounds {
  double lower = 0;  // ln(beta / (1 - alpha)): at or below, accept H0
  double upper = 0;  // ln((1 - beta) / alpha): at or above, accept H1
};

// "logistic", "normalized" or "bayes" ("bayesian" too); anything else throws ParamError.
[[nodiscard]] SprtModel parse_sprt_model(std::string_view name);
[[nodiscard]] std::string_view to_string(SprtModel model);

// Throws ParamError naming the problem: alpha or beta outside (0, 1), alpha + beta >= 1,
// elo0 >= elo1, or a non-finite or out-of-range elo.
void validate_sprt(const SprtConfig& config);

// Wald's bounds (alpha = beta = 0.05 gives -2.944 and +2.944). Validates alpha and beta.
[[nodiscard]] SprtBounds sprt_bounds(double alpha, double beta);

// LLR of the results under the config's model; 0 with no games. Zero counts are replaced by 1e-3
// (as fishtest and fastchess do) so that the maximum-likelihood fits stay inside the simplex.
// The pentanomial normalized model scales t by sqrt(2): a pair's nElo is per game. The bayes
// model takes W/D/L only (ParamError for pentanomial counts). Validates.
[[nodiscard]] double sprt_llr(const WdlCounts& counts, const SprtConfig& config);
[[nodiscard]] double sprt_llr(const PentanomialCounts& counts, const SprtConfig& config);

// kAcceptH1 when llr >= upper, kAcceptH0 when llr <= lower, otherwise (NaN included) kContinue.
[[nodiscard]] SprtResult sprt_decide(double llr, const SprtBounds& bounds);

// A test fed game pairs one at a time: the counts so far and the LLR under the config's model (the
// bayes model from W/D/L, the others from the pentanomial counts).
struct SprtTest {
  explicit SprtTest(const SprtConfig& config);  // validates it
  // Counts a pair from A's scores in its two games; returns the decision after it.
  SprtResult add_pair(double first, double second);

  SprtConfig config;
  SprtBounds bounds;
  WdlCounts wdl;
  PentanomialCounts pairs;
  double llr = 0;
  SprtResult result = SprtResult::kContinue;
};

}  // namespace gts
