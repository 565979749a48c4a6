#include "harness/stats/bayes_elo.h"

#include <cmath>
#include <limits>

namespace gts {

BayesElo bayes_elo_from_probabilities(const WdlProbabilities& p) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
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
