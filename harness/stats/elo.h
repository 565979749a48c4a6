// Elo from game results: the logistic Elo transform, the 95% interval and the likelihood of
// superiority, computed as fastchess does (app/src/matchmaking/elo/elo_wdl.cpp), so that our
// numbers can be checked against a widely used tool.
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

// Classic (cutechess) likelihood of superiority from decisive games only:
// 1/2 + 1/2 erf((W - L) / sqrt(2 (W + L))). 0.5 when there is no decisive game. It differs from
// EloEstimate::los, which also weighs draws (136/96/111: 99.57% here, 99.60% there).
[[nodiscard]] double los_from_wins_losses(std::int64_t wins, std::int64_t losses);

// Shared by the W/D/L and pentanomial estimates: builds an estimate from `samples` observations
// with mean `score` and per-sample variance `variance`. `nelo_scale` is the number of games per
// sample (1 or 2): the normalized Elo divides by sqrt(nelo_scale * variance), as fastchess does.
[[nodiscard]] EloEstimate estimate_from_moments(std::int64_t samples, double score, double variance,
                                                double draw_ratio, double nelo_scale);

}  // namespace gts
