#include "harness/stats/elo.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "common/input_error.h"

namespace gts {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Half-points: 0, 1 or 2 for loss, draw, win; anything else is rejected.
int half_points(double result) {
  if (result == 0.0) return 0;
  if (result == 0.5) return 1;
  if (result == 1.0) return 2;
  throw ParamError("pentanomial: game result " + std::to_string(result) + " is not 0, 0.5 or 1");
}

// Shared by the W/D/L and pentanomial estimates: builds an estimate from `samples` observations
// with mean `score` and per-sample variance `variance`. `nelo_scale` is the number of games per
// sample (1 or 2): the normalized Elo divides by sqrt(nelo_scale * variance), as fastchess does.
EloEstimate estimate_from_moments(std::int64_t samples, double score, double variance,
                                  double draw_ratio, double nelo_scale) {
  EloEstimate e;
  e.samples = samples;
  if (samples <= 0) {
    e.score = e.draw_ratio = e.variance = e.elo = e.error = e.elo_low = e.elo_high = kNaN;
    e.nelo = e.nelo_error = e.los = kNaN;
    return e;
  }
  const auto n = static_cast<double>(samples);
  e.score = score;
  e.draw_ratio = draw_ratio;
  e.variance = variance;
  e.elo = elo_from_score(score);

  // The interval is the image of the score's normal interval; ends past 0 or 1 are unbounded in
  // Elo, so they are clamped into [0, 1] and become -inf or +inf rather than NaN.
  const double half = kZ95 * std::sqrt(variance / n);
  const double low = std::max(0.0, score - half);
  const double high = std::min(1.0, score + half);
  e.elo_low = elo_from_score(low);
  e.elo_high = elo_from_score(high);
  e.error =
      (std::isinf(e.elo_low) || std::isinf(e.elo_high)) ? kInf : (e.elo_high - e.elo_low) / 2.0;

  // nElo is linear in the score, so its interval half-width is z * sigma/sqrt(N) / sigma_pair.
  // With zero variance it is undefined; 0 for an even score, otherwise unbounded.
  if (variance > 0) {
    const double sigma = std::sqrt(nelo_scale * variance);
    e.nelo = (score - 0.5) / sigma * kNeloPerT;
    e.nelo_error = half / sigma * kNeloPerT;
  } else {
    e.nelo = score > 0.5 ? kInf : (score < 0.5 ? -kInf : 0.0);
    e.nelo_error = kInf;
  }
  // LOS: the normal approximation of the mean score, P(true score > 1/2). With zero variance the
  // sample mean is exact, so it is 0, 1/2 or 1.
  e.los = variance > 0  ? 0.5 + 0.5 * std::erf((score - 0.5) / std::sqrt(2.0 * (variance / n)))
          : score > 0.5 ? 1.0
          : score < 0.5 ? 0.0
                        : 0.5;
  return e;
}

}  // namespace

double elo_from_score(double score) {
  if (!(score >= 0.0 && score <= 1.0)) return kNaN;
  if (score == 1.0) return kInf;
  if (score == 0.0) return -kInf;
  // (In this form an even score is +0, not the -0 that -400 log10(1/s - 1) gives.)
  return 400.0 * std::log10(score / (1.0 - score));
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate elo_from_wdl(const WdlCounts& c) {
  if (c.wins < 0 || c.draws < 0 || c.losses < 0) {
    throw ParamError("elo: negative game count (W=" + std::to_string(c.wins) +
                     " D=" + std::to_string(c.draws) + " L=" + std::to_string(c.losses) + ")");
  }
  const std::int64_t games = c.games();
  if (games == 0) return estimate_from_moments(0, 0, 0, 0, 1);
  const auto n = static_cast<double>(games);
  const double w = static_cast<double>(c.wins) / n;
  const double d = static_cast<double>(c.draws) / n;
  const double l = static_cast<double>(c.losses) / n;
  const double s = w + 0.5 * d;
  const double var = w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s;
  return estimate_from_moments(games, s, var, d, 1.0);
}

void PentanomialCounts::add(double first, double second) {
  std::int64_t* const bins[] = {&ll, &ld, &wl_dd, &wd, &ww};
  ++*bins[half_points(first) + half_points(second)];
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

BayesElo bayes_elo_from_probabilities(const WdlProbabilities& p) {
  if (!(p.win > 0 && p.loss > 0 && p.win + p.loss <= 1.0)) return {kNaN, kNaN};
  return {200.0 * std::log10(p.win / p.loss * (1.0 - p.loss) / (1.0 - p.win)),
          200.0 * std::log10((1.0 - p.loss) / p.loss * (1.0 - p.win) / p.win)};
}

BayesElo bayes_elo_from_wdl(const WdlCounts& c) {
  const auto n = static_cast<double>(c.games());
  if (n <= 0) return bayes_elo_from_probabilities({});
  return bayes_elo_from_probabilities({static_cast<double>(c.wins) / n,
                                       static_cast<double>(c.draws) / n,
                                       static_cast<double>(c.losses) / n});
}

WdlProbabilities probabilities_from_bayes_elo(const BayesElo& b) {
  WdlProbabilities p;
  p.win = 1.0 / (1.0 + std::pow(10.0, (b.drawelo - b.elo) / 400.0));
  p.loss = 1.0 / (1.0 + std::pow(10.0, (b.drawelo + b.elo) / 400.0));
  p.draw = 1.0 - p.win - p.loss;
  return p;
}

double score_from_bayes_elo(const BayesElo& b) {
  const WdlProbabilities p = probabilities_from_bayes_elo(b);
  return p.win + 0.5 * p.draw;
}

double bayes_elo_scale(double drawelo) {
  const double x = std::pow(10.0, -drawelo / 400.0);
  return 4.0 * x / ((1.0 + x) * (1.0 + x));
}

}  // namespace gts
