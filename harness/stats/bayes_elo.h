// BayesElo: the Elo model of Rémi Coulom's bayeselo program, which cutechess-cli and fastchess use
// for their "bayesian" SPRT. A draw is a game whose two sides' strengths lie within `drawelo` of
// each other:
//   P(win)  = 1 / (1 + 10^((drawelo - elo) / 400)),
//   P(loss) = 1 / (1 + 10^((drawelo + elo) / 400)),
//   P(draw) = 1 - P(win) - P(loss),
// so the two parameters follow from the win and loss rates (cutechess, projects/lib/src/sprt.cpp).
#pragma once

#include "harness/stats/elo.h"

namespace gts {

struct BayesElo {
  double elo = 0;      // BayesElo difference (NaN when it does not exist: no win or no loss)
  double drawelo = 0;  // how wide the draw margin is, in the same units
};

struct WdlProbabilities {
  double win = 0;
  double draw = 0;
  double loss = 0;
};

// From observed rates: elo = 200 log10(pw/pl (1-pl)/(1-pw)), drawelo = 200 log10((1-pl)/pl
// (1-pw)/pw). NaN for both unless 0 < pw, pl and pw + pl <= 1.
[[nodiscard]] BayesElo bayes_elo_from_probabilities(const WdlProbabilities& p);
// The counts' rates. NaN without a win and a loss.
[[nodiscard]] BayesElo bayes_elo_from_wdl(const WdlCounts& counts);
[[nodiscard]] WdlProbabilities probabilities_from_bayes_elo(const BayesElo& b);
// Expected score P(win) + P(draw)/2 under the model.
[[nodiscard]] double score_from_bayes_elo(const BayesElo& b);
// d logistic-Elo / d BayesElo at 0 for this drawelo: 4x / (1+x)^2 with x = 10^(-drawelo/400).
// cutechess divides its logistic bounds by it to get BayesElo bounds.
[[nodiscard]] double bayes_elo_scale(double drawelo);

}  // namespace gts
