// Elo from game results: the logistic Elo transform, the 95% interval and the likelihood of
// superiority, computed as fastchess does (app/src/matchmaking/elo/elo_wdl.cpp), so that our
// numbers can be checked against a widely used tool; from W/D/L counts, from game pairs
// (pentanomial) and in the BayesElo model (each in its section below).
//
// Edge cases use IEEE values rather than clamps, so a report can print "inf", "-inf" or "nan":
//   * no games: every field except `samples` is NaN;
//   * score 1 (all wins) or 0 (all losses): elo is +inf or -inf and error is +inf;
//   * an interval end beyond score 0 or 1 maps to -inf or +inf, so error is +inf as well.
#pragma once

#include <cstdint>

namespace gts {

// Two-sided 95% quantile of the standard normal distribution (fastchess uses the same digits).
inline constexpr double kZ95 = 1.959963984540054;

// Normalized Elo per unit of t-value: nElo = t * 800 / ln(10) (Van den Bergh, "Normalized Elo").
inline constexpr double kNeloPerT = 347.43558552260146;

struct WdlCounts {
  std::int64_t wins = 0;
  std::int64_t draws = 0;
  std::int64_t losses = 0;

  [[nodiscard]] std::int64_t games() const { return wins + draws + losses; }
  // Points: 1 a win, 1/2 a draw.
  [[nodiscard]] double points() const {
    return static_cast<double>(wins) + 0.5 * static_cast<double>(draws);
  }
  // Counts a game by its score: 1 a win, 0 a loss, anything else a draw.
  void add(double score) { ++(score == 1.0 ? wins : score == 0.0 ? losses : draws); }
};

// One estimate from a sample of scores: games (W/D/L) or game pairs (pentanomial).
struct EloEstimate {
  std::int64_t samples = 0;  // games, or game pairs for the pentanomial estimate
  double score = 0;          // mean score per game, in [0, 1]
  double draw_ratio = 0;     // draws per game; for pairs: pairs scoring exactly 1 (WL or DD)
  double variance = 0;       // variance of one sample's score
  double elo = 0;            // logistic Elo of `score`
  double error = 0;          // half-width of the 95% interval: (elo_high - elo_low) / 2
  double elo_low = 0;        // Elo of score - z * sqrt(variance / samples)
  double elo_high = 0;       // Elo of score + z * sqrt(variance / samples)
  double nelo = 0;           // normalized Elo: (score - 1/2) / sigma * 800 / ln 10
  double nelo_error = 0;     // half-width of its 95% interval
  double los = 0;            // likelihood of superiority, in [0, 1]
};

// Logistic Elo of an expected score: -400 * log10(1/s - 1). Returns +inf at 1, -inf at 0, and NaN
// for a score outside [0, 1] or NaN.
[[nodiscard]] double elo_from_score(double score);

// Inverse of elo_from_score: 1 / (1 + 10^(-elo/400)).
[[nodiscard]] double score_from_elo(double elo);

// fastchess's EloWDL: s = (W + D/2)/N; per-game variance
// var = (W(1-s)^2 + D(1/2-s)^2 + L s^2)/N; interval s +- z sqrt(var/N) through elo_from_score;
// LOS = 1/2 + 1/2 erf((s - 1/2) / sqrt(2 var/N)) (normal approximation of the mean score).
// Throws ParamError on a negative count.
[[nodiscard]] EloEstimate elo_from_wdl(const WdlCounts& counts);

// Pentanomial statistics over game pairs: the same opening played twice with colours swapped.
// Counting pairs instead of games removes the opening's bias from the variance, which is why
// fishtest and fastchess prefer it (Van den Bergh, "Normalized Elo", section on game pairs).

// Pairs by A's total score over the two games: LL 0, LD 0.5, WL or DD 1, WD 1.5, WW 2.
struct PentanomialCounts {
  std::int64_t ll = 0;
  std::int64_t ld = 0;
  std::int64_t wl_dd = 0;
  std::int64_t wd = 0;
  std::int64_t ww = 0;

  [[nodiscard]] std::int64_t pairs() const { return ll + ld + wl_dd + wd + ww; }
  // Counts one pair from A's scores in its two games; throws ParamError unless both are 0 (loss),
  // 0.5 (draw) or 1 (win).
  void add(double first, double second);
};

// fastchess's EloPentanomial (app/src/matchmaking/elo/elo_pentanomial.cpp): pair scores
// 0, 1/4, 1/2, 3/4, 1 (half the pair's points); s = mean pair score; var = variance of a pair's
// score; interval s +- z sqrt(var/P) through elo_from_score with P pairs;
// LOS = 1/2 + 1/2 erf((s - 1/2) / sqrt(2 var/P)); nElo divides by sqrt(2 var).
// `samples` is P and `draw_ratio` is the share of pairs scoring exactly 1 (WL or DD).
// Throws ParamError on a negative count.
[[nodiscard]] EloEstimate elo_from_pentanomial(const PentanomialCounts& counts);

// BayesElo: the Elo model of Rémi Coulom's bayeselo program, which cutechess-cli and fastchess use
// for their "bayesian" SPRT. A draw is a game whose two sides' strengths lie within `drawelo` of
// each other:
//   P(win)  = 1 / (1 + 10^((drawelo - elo) / 400)),
//   P(loss) = 1 / (1 + 10^((drawelo + elo) / 400)),
//   P(draw) = 1 - P(win) - P(loss),
// so the two parameters follow from the win and loss rates (cutechess, projects/lib/src/sprt.cpp).

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
