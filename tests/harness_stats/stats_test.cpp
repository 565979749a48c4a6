// Tournament statistics against published references (fastchess's own tests), closed-form
// Bradley-Terry solutions and hand-computed examples.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "games/params.h"
#include "harness/stats/elo.h"
#include "harness/stats/ratings.h"
#include "harness/stats/sprt.h"

namespace gts {
namespace {

const double kInf = std::numeric_limits<double>::infinity();
const double kEloPerNatural = 400.0 / std::log(10.0);  // 1 / (d logit p / d Elo)

// ---------------------------------------------------------------------------------------------
// Elo from W/D/L

TEST(EloTransform, KnownScoresAndInverse) {
  EXPECT_NEAR(elo_from_score(0.75), 400.0 * std::log10(3.0), 1e-12);  // 190.85
  EXPECT_NEAR(elo_from_score(0.9), 400.0 * std::log10(9.0), 1e-12);   // 381.70
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  EXPECT_NEAR(score_from_elo(elo_from_score(0.3)), 0.3, 1e-15);
  EXPECT_EQ(elo_from_score(1.0), kInf);
  EXPECT_EQ(elo_from_score(0.0), -kInf);
  EXPECT_TRUE(std::isnan(elo_from_score(1.5)));
  EXPECT_TRUE(std::isnan(elo_from_score(-0.1)));
}

// fastchess app/tests/elo_test.cpp, "EloWDL 2": W=136, L=96, D=111.
TEST(EloWdl, FastchessReference) {
  const EloEstimate e = elo_from_wdl({.wins = 136, .draws = 111, .losses = 96});
  EXPECT_EQ(e.samples, 343);
  EXPECT_NEAR(e.score, 191.5 / 343.0, 1e-15);
  EXPECT_NEAR(e.draw_ratio, 111.0 / 343.0, 1e-15);
  EXPECT_NEAR(e.elo, 40.70, 0.005);
  EXPECT_NEAR(e.error, 30.43, 0.005);
  EXPECT_NEAR(e.los * 100, 99.60, 0.005);
  EXPECT_NEAR(e.nelo, 49.77, 0.005);
  EXPECT_NEAR(e.nelo_error, 36.77, 0.005);
  EXPECT_LT(e.elo_low, e.elo);
  EXPECT_GT(e.elo_high, e.elo);
  // The Elo curve is convex above an even score, so the interval leans upwards.
  EXPECT_GT(e.elo_high - e.elo, e.elo - e.elo_low);
}

// fastchess "EloWDL 1" and "EloWDL 3" (Stats(wins, losses, draws)).
TEST(EloWdl, FastchessNormalizedReferences) {
  const EloEstimate a = elo_from_wdl({.wins = 76, .draws = 123, .losses = 89});
  EXPECT_NEAR(a.nelo, -20.76, 0.005);
  EXPECT_NEAR(a.nelo_error, 40.13, 0.005);
  EXPECT_NEAR(a.los * 100, 15.53, 0.005);
  const EloEstimate b = elo_from_wdl({.wins = 34, .draws = 0, .losses = 356});
  EXPECT_NEAR(b.nelo, -508.44, 0.005);
  EXPECT_NEAR(b.nelo_error, 34.48, 0.005);
}

TEST(EloWdl, EdgeCases) {
  const EloEstimate none = elo_from_wdl({});
  EXPECT_EQ(none.samples, 0);
  EXPECT_TRUE(std::isnan(none.score));
  EXPECT_TRUE(std::isnan(none.elo));
  EXPECT_TRUE(std::isnan(none.error));
  EXPECT_TRUE(std::isnan(none.los));

  const EloEstimate wins = elo_from_wdl({.wins = 5, .draws = 0, .losses = 0});
  EXPECT_EQ(wins.elo, kInf);
  EXPECT_EQ(wins.error, kInf);
  EXPECT_DOUBLE_EQ(wins.los, 1.0);

  const EloEstimate losses = elo_from_wdl({.wins = 0, .draws = 0, .losses = 5});
  EXPECT_EQ(losses.elo, -kInf);
  EXPECT_EQ(losses.error, kInf);
  EXPECT_DOUBLE_EQ(losses.los, 0.0);

  // All draws: the sample has no spread, so the interval collapses onto 0.
  const EloEstimate draws = elo_from_wdl({.wins = 0, .draws = 8, .losses = 0});
  EXPECT_DOUBLE_EQ(draws.elo, 0.0);
  EXPECT_DOUBLE_EQ(draws.error, 0.0);
  EXPECT_DOUBLE_EQ(draws.los, 0.5);
  EXPECT_DOUBLE_EQ(draws.draw_ratio, 1.0);

  // 10-1: s = 10/11, var = 110/1331, s + 1.96 sqrt(var/11) = 1.079 > 1, so the upper end is
  // unbounded while the estimate itself is finite.
  const EloEstimate lopsided = elo_from_wdl({.wins = 10, .draws = 0, .losses = 1});
  EXPECT_NEAR(lopsided.elo, 400.0 * std::log10(10.0), 1e-9);
  EXPECT_EQ(lopsided.elo_high, kInf);
  EXPECT_EQ(lopsided.error, kInf);
  EXPECT_TRUE(std::isfinite(lopsided.elo_low));

  EXPECT_THROW((void)elo_from_wdl({.wins = -1, .draws = 0, .losses = 0}), ParamError);
}

// ---------------------------------------------------------------------------------------------
// Pentanomial

TEST(Pentanomial, CountsHandMadePairs) {
  const std::vector<std::pair<double, double>> pairs{
      {1, 1}, {1, 0.5}, {0.5, 1}, {1, 0}, {0, 1}, {0.5, 0.5}, {0.5, 0}, {0, 0}, {1, 1}, {0.5, 0.5}};
  PentanomialCounts c;
  for (const auto& [first, second] : pairs) c.add(first, second);
  EXPECT_EQ(c.ww, 2);
  EXPECT_EQ(c.wd, 2);
  EXPECT_EQ(c.wl_dd, 4);  // two WL (either order) and two DD
  EXPECT_EQ(c.ld, 1);
  EXPECT_EQ(c.ll, 1);
  EXPECT_EQ(c.pairs(), 10);

  PentanomialCounts more;
  more.add(0, 0.5);
  EXPECT_EQ(more.ld, 1);
  EXPECT_THROW(more.add(0.3, 1), ParamError);
  EXPECT_THROW(more.add(1, 2), ParamError);
  EXPECT_THROW(more.add(std::nan(""), 1), ParamError);
  EXPECT_EQ(more.pairs(), 1);
}

// The pairs above by hand: pair scores 2x1, 2x0.75, 4x0.5, 1x0.25, 1x0 sum to 5.75, so s = 0.575;
// var = (2*0.425^2 + 2*0.175^2 + 4*0.075^2 + 0.325^2 + 0.575^2) / 10 = 0.88125 / 10 = 0.088125;
// s +- 1.96 sqrt(0.0088125) = [0.391009, 0.758991]; Elo: 52.51 in [-76.97, 199.28], +-138.13;
// LOS = 1/2 + 1/2 erf(0.075 / sqrt(0.017625)) = 0.78784; nElo = 0.075 / sqrt(0.17625) * 347.44.
TEST(Pentanomial, HandComputedEstimate) {
  const EloEstimate e = elo_from_pentanomial({.ll = 1, .ld = 1, .wl_dd = 4, .wd = 2, .ww = 2});
  EXPECT_EQ(e.samples, 10);
  EXPECT_NEAR(e.score, 0.575, 1e-15);
  EXPECT_NEAR(e.variance, 0.088125, 1e-15);
  EXPECT_NEAR(e.draw_ratio, 0.4, 1e-15);
  EXPECT_NEAR(e.elo, 52.5116, 1e-4);
  EXPECT_NEAR(e.elo_low, -76.9700, 1e-4);
  EXPECT_NEAR(e.elo_high, 199.2818, 1e-4);
  EXPECT_NEAR(e.error, 138.1259, 1e-4);
  EXPECT_NEAR(e.los, 0.787836, 1e-6);
  EXPECT_NEAR(e.nelo, 62.0685, 1e-4);
}

// fastchess elo_test.cpp "EloPentanomial 1" and "2"; its Stats(ll, ld, wl, dd, wd, ww).
TEST(Pentanomial, FastchessReferences) {
  const EloEstimate a =
      elo_from_pentanomial({.ll = 34, .ld = 54, .wl_dd = 31 + 32, .wd = 64, .ww = 75});
  EXPECT_NEAR(a.elo, 55.58, 0.005);
  EXPECT_NEAR(a.error, 27.65, 0.005);
  EXPECT_NEAR(a.nelo, 57.94, 0.005);
  EXPECT_NEAR(a.nelo_error, 28.28, 0.005);
  EXPECT_NEAR(a.los * 100, 100.00, 0.005);

  const EloEstimate b =
      elo_from_pentanomial({.ll = 332, .ld = 433, .wl_dd = 457 + 41, .wd = 333, .ww = 334});
  EXPECT_NEAR(b.elo, -8.64, 0.005);
  EXPECT_NEAR(b.error, 10.33, 0.005);
  EXPECT_NEAR(b.nelo, -9.17, 0.005);
  EXPECT_NEAR(b.nelo_error, 10.96, 0.005);
  EXPECT_NEAR(b.los * 100, 5.05, 0.005);
}

TEST(Pentanomial, EdgeCases) {
  EXPECT_TRUE(std::isnan(elo_from_pentanomial({}).elo));
  const EloEstimate all_ww = elo_from_pentanomial({.ll = 0, .ld = 0, .wl_dd = 0, .wd = 0, .ww = 3});
  EXPECT_EQ(all_ww.elo, kInf);
  EXPECT_DOUBLE_EQ(all_ww.los, 1.0);
  EXPECT_THROW((void)elo_from_pentanomial({.ll = -1}), ParamError);
}

// ---------------------------------------------------------------------------------------------
// Maximum-likelihood ratings

// A beats B 18-3 with 9 draws (score 0.75), B beats C likewise, A beats C 24-0 with 6 draws (0.9).
// These pairwise scores are mutually consistent, so the MLE reproduces each one exactly:
// r_A - r_B = r_B - r_C = 400 log10 3 and r_A - r_C = 400 log10 9.
std::vector<Encounter> three_players(double scale = 1.0) {
  return {{0, 1, 30 * scale, 22.5 * scale},
          {1, 2, 30 * scale, 22.5 * scale},
          {0, 2, 30 * scale, 27 * scale}};
}

TEST(Ratings, ThreePlayersClosedFormMeanZero) {
  const RatingFit fit = fit_ratings(3, three_players());
  const double d = 400.0 * std::log10(3.0);
  ASSERT_TRUE(fit.converged);
  EXPECT_NEAR(fit.players[0].rating, d, 0.01);  // +190.85
  EXPECT_NEAR(fit.players[1].rating, 0.0, 0.01);
  EXPECT_NEAR(fit.players[2].rating, -d, 0.01);
  for (const PlayerRating& p : fit.players) {
    EXPECT_EQ(p.status, RatingStatus::kOk);
    EXPECT_GT(p.error, 0.0);
    EXPECT_TRUE(std::isfinite(p.error));
  }
  // A and C are mirror images of each other.
  EXPECT_NEAR(fit.players[0].error, fit.players[2].error, 1e-9);
}

TEST(Ratings, ThreePlayersClosedFormAnchored) {
  const RatingFit fit = fit_ratings(3, three_players(), {.anchor = 2});
  EXPECT_NEAR(fit.players[0].rating, 381.70, 0.01);
  EXPECT_NEAR(fit.players[1].rating, 190.85, 0.01);
  EXPECT_DOUBLE_EQ(fit.players[2].rating, 0.0);
  EXPECT_DOUBLE_EQ(fit.players[2].error, 0.0);
  EXPECT_GT(fit.players[0].error, 0.0);
  EXPECT_GT(fit.players[1].error, 0.0);
}

TEST(Ratings, IntervalsHalveWhenGamesQuadruple) {
  for (const std::optional<std::size_t> anchor :
       {std::optional<std::size_t>{}, std::optional<std::size_t>{2}}) {
    const RatingFit once = fit_ratings(3, three_players(1), {.anchor = anchor});
    const RatingFit four = fit_ratings(3, three_players(4), {.anchor = anchor});
    for (std::size_t p = 0; p < 3; ++p) {
      EXPECT_NEAR(four.players[p].rating, once.players[p].rating, 1e-6);
      EXPECT_NEAR(four.players[p].error, once.players[p].error / 2, 1e-9);
    }
  }
}

// Two players: the MLE equates the expected with the actual score, so r_A - r_B = Elo(s). The
// information for the difference is k^2 n p (1-p) with k = ln 10 / 400, so with B anchored
// sigma_A = 400 / ln 10 / sqrt(n p (1-p)); with the mean fixed each rating carries half the
// difference and half its sigma.
TEST(Ratings, TwoPlayersMatchWdlFormula) {
  const WdlCounts wdl{.wins = 136, .draws = 111, .losses = 96};
  const double n = static_cast<double>(wdl.games());
  const double s = (136 + 55.5) / n;
  const std::vector<Encounter> games{{0, 1, n, 136 + 55.5}};
  const double sigma = kEloPerNatural / std::sqrt(n * s * (1 - s));

  const RatingFit anchored = fit_ratings(2, games, {.anchor = 1});
  EXPECT_NEAR(anchored.players[0].rating, elo_from_wdl(wdl).elo, 1e-6);
  EXPECT_NEAR(anchored.players[0].error, kZ95 * sigma, 1e-6);  // 37.02
  EXPECT_NEAR(anchored.players[0].error, 37.02, 0.005);

  const RatingFit mean = fit_ratings(2, games);
  EXPECT_NEAR(mean.players[0].rating - mean.players[1].rating, 40.70, 0.005);
  EXPECT_NEAR(mean.players[0].rating + mean.players[1].rating, 0.0, 1e-9);
  EXPECT_NEAR(mean.players[0].error, kZ95 * sigma / 2, 1e-6);
  EXPECT_NEAR(mean.players[1].error, kZ95 * sigma / 2, 1e-6);
}

// Five players with uneven, asymmetric results: at the MLE each player's expected score equals his
// actual score (the likelihood equations), and the mean rating is 0.
TEST(Ratings, LikelihoodEquationsHoldOnAnUnevenPool) {
  const std::vector<Encounter> games{{0, 1, 10, 7},  {0, 2, 6, 2.5}, {1, 2, 12, 6.5},
                                     {2, 3, 8, 1},   {3, 4, 20, 11}, {4, 0, 4, 0.5},
                                     {1, 0, 2, 1.5}, {3, 1, 9, 4},   {4, 2, 5, 3}};
  const RatingFit fit = fit_ratings(5, games);
  ASSERT_TRUE(fit.converged);
  double sum = 0;
  for (const PlayerRating& p : fit.players) sum += p.rating;
  EXPECT_NEAR(sum, 0.0, 1e-9);
  std::vector<double> expected(5, 0.0);
  std::vector<double> actual(5, 0.0);
  for (const Encounter& e : games) {
    const double p = score_from_elo(fit.players[e.player].rating - fit.players[e.opponent].rating);
    expected[e.player] += e.games * p;
    expected[e.opponent] += e.games * (1 - p);
    actual[e.player] += e.score;
    actual[e.opponent] += e.games - e.score;
  }
  for (std::size_t p = 0; p < 5; ++p) EXPECT_NEAR(expected[p], actual[p], 1e-7) << "player " << p;
}

// A player who lost every game and one who won every game have no finite MLE. They are placed a
// gap cap below and above the rest, flagged, and do not disturb the others' ratings.
TEST(Ratings, PerfectScoresAreCappedAndFlagged) {
  std::vector<Encounter> games = three_players();
  for (std::size_t p = 0; p < 3; ++p) {
    games.push_back({3, p, 10, 0});   // player 3 loses everything
    games.push_back({4, p, 10, 10});  // player 4 wins everything
  }
  games.push_back({4, 3, 2, 2});
  const RatingFit fit = fit_ratings(5, games);
  ASSERT_TRUE(fit.converged);
  const double d = 400.0 * std::log10(3.0);
  EXPECT_NEAR(fit.players[0].rating, d, 0.01);
  EXPECT_NEAR(fit.players[1].rating, 0.0, 0.01);
  EXPECT_NEAR(fit.players[2].rating, -d, 0.01);
  EXPECT_EQ(fit.players[3].status, RatingStatus::kUnboundedBelow);
  EXPECT_DOUBLE_EQ(fit.players[3].rating, -kRatingGapCap);
  EXPECT_EQ(fit.players[3].error, kInf);
  EXPECT_EQ(fit.players[4].status, RatingStatus::kUnboundedAbove);
  EXPECT_DOUBLE_EQ(fit.players[4].rating, kRatingGapCap);
  EXPECT_EQ(fit.players[4].error, kInf);
  for (std::size_t p = 0; p < 3; ++p) EXPECT_EQ(fit.players[p].status, RatingStatus::kOk);
}

TEST(Ratings, TwoPlayersAllWins) {
  const std::vector<Encounter> games{{0, 1, 10, 10}};
  const RatingFit mean = fit_ratings(2, games);
  // Both groups have one player; the reference is the one with the lower index.
  EXPECT_DOUBLE_EQ(mean.players[0].rating, 0.0);
  EXPECT_EQ(mean.players[0].status, RatingStatus::kOk);
  EXPECT_DOUBLE_EQ(mean.players[1].rating, -kRatingGapCap);
  EXPECT_EQ(mean.players[1].status, RatingStatus::kUnboundedBelow);

  const RatingFit anchored = fit_ratings(2, games, {.anchor = 1, .gap_cap = 500});
  EXPECT_DOUBLE_EQ(anchored.players[1].rating, 0.0);
  EXPECT_DOUBLE_EQ(anchored.players[0].rating, 500.0);
  EXPECT_EQ(anchored.players[0].status, RatingStatus::kUnboundedAbove);
}

// A beats B outright, B beats C outright, A and C never met: three groups in a chain. D beats C
// outright and never met A or B: neither above nor below A.
TEST(Ratings, ChainOfOutrightWins) {
  const std::vector<Encounter> games{{0, 1, 4, 4}, {1, 2, 4, 4}, {3, 2, 4, 4}};
  const RatingFit fit = fit_ratings(4, games, {.anchor = 1});
  EXPECT_DOUBLE_EQ(fit.players[0].rating, kRatingGapCap);
  EXPECT_EQ(fit.players[0].status, RatingStatus::kUnboundedAbove);
  EXPECT_DOUBLE_EQ(fit.players[1].rating, 0.0);
  EXPECT_EQ(fit.players[1].status, RatingStatus::kOk);
  EXPECT_DOUBLE_EQ(fit.players[2].rating, -kRatingGapCap);
  EXPECT_EQ(fit.players[2].status, RatingStatus::kUnboundedBelow);
  EXPECT_EQ(fit.players[3].status, RatingStatus::kUnbounded);
  EXPECT_TRUE(std::isfinite(fit.players[3].rating));
}

TEST(Ratings, DisconnectedPoolsAndIdlePlayers) {
  // Pool {0, 1} and pool {2, 3, 4}; player 5 never plays. The larger pool is the main one.
  const std::vector<Encounter> games{
      {0, 1, 30, 22.5}, {2, 3, 30, 22.5}, {3, 4, 30, 22.5}, {2, 4, 30, 27}};
  const RatingFit fit = fit_ratings(6, games);
  const double d = 400.0 * std::log10(3.0);
  EXPECT_NEAR(fit.players[2].rating, d, 0.01);
  EXPECT_NEAR(fit.players[4].rating, -d, 0.01);
  for (std::size_t p : {2, 3, 4}) EXPECT_EQ(fit.players[p].status, RatingStatus::kOk);
  // The small pool is rated on its own, mean zero.
  EXPECT_NEAR(fit.players[0].rating, d / 2, 0.01);
  EXPECT_NEAR(fit.players[1].rating, -d / 2, 0.01);
  EXPECT_EQ(fit.players[0].status, RatingStatus::kDisconnected);
  EXPECT_EQ(fit.players[1].status, RatingStatus::kDisconnected);
  EXPECT_TRUE(std::isnan(fit.players[5].rating));
  EXPECT_EQ(fit.players[5].status, RatingStatus::kNoGames);

  // Anchoring on the small pool makes it the main one.
  const RatingFit anchored = fit_ratings(6, games, {.anchor = 1});
  EXPECT_NEAR(anchored.players[0].rating, d, 0.01);
  EXPECT_EQ(anchored.players[0].status, RatingStatus::kOk);
  EXPECT_EQ(anchored.players[3].status, RatingStatus::kDisconnected);
}

TEST(Ratings, NoGamesAtAll) {
  const RatingFit fit = fit_ratings(3, {}, {.anchor = 1});
  EXPECT_TRUE(std::isnan(fit.players[0].rating));
  EXPECT_DOUBLE_EQ(fit.players[1].rating, 0.0);
  for (const PlayerRating& p : fit.players) EXPECT_EQ(p.status, RatingStatus::kNoGames);
  EXPECT_TRUE(fit_ratings(0, {}).players.empty());
}

TEST(Ratings, IterationLimitIsReported) {
  const RatingFit fit = fit_ratings(
      3, three_players(), {.anchor = std::nullopt, .gap_cap = kRatingGapCap, .max_iterations = 1});
  EXPECT_FALSE(fit.converged);
  EXPECT_EQ(fit.iterations, 1);
}

// Sparse random pools full of perfect scores, draws-only pairs and idle players: every fit must
// converge, give every player with games a finite rating, and give the reference group finite,
// non-negative intervals. (A line search without rounding slack once stalled on such a pool.)
TEST(Ratings, RandomSparsePoolsConverge) {
  std::mt19937 rng(12345);
  for (int trial = 0; trial < 1000; ++trial) {
    const std::size_t n = 2 + rng() % 8;
    std::vector<Encounter> games;
    const int records = static_cast<int>(rng() % 15);
    for (int k = 0; k < records; ++k) {
      const std::size_t a = rng() % n;
      const std::size_t b = rng() % n;
      if (a == b) continue;
      const double played = 1.0 + static_cast<double>(rng() % 4);
      const double score = static_cast<double>(rng() % (2 * static_cast<int>(played) + 1)) / 2;
      games.push_back({a, b, played, score});
    }
    std::optional<std::size_t> anchor;
    if (rng() % 2 != 0) anchor = rng() % n;
    const RatingFit fit = fit_ratings(n, games, {.anchor = anchor});
    ASSERT_TRUE(fit.converged) << "trial " << trial;
    for (const PlayerRating& p : fit.players) {
      if (p.status != RatingStatus::kNoGames) {
        EXPECT_TRUE(std::isfinite(p.rating)) << "trial " << trial;
      }
      if (p.status == RatingStatus::kOk) {
        EXPECT_TRUE(p.error >= 0 && std::isfinite(p.error)) << "trial " << trial;
      }
    }
  }
}

TEST(Ratings, RejectsBadInput) {
  const auto fit = [](std::size_t n, std::vector<Encounter> games, RatingOptions o = {}) {
    return fit_ratings(n, games, o);
  };
  EXPECT_THROW(fit(2, {{0, 2, 1, 1}}), ParamError);
  EXPECT_THROW(fit(2, {{1, 1, 1, 1}}), ParamError);
  EXPECT_THROW(fit(2, {{0, 1, 1, 1.5}}), ParamError);
  EXPECT_THROW(fit(2, {{0, 1, -1, 0}}), ParamError);
  EXPECT_THROW(fit(2, {{0, 1, 2, -0.5}}), ParamError);
  EXPECT_THROW(fit(2, {{0, 1, std::nan(""), 0}}), ParamError);
  EXPECT_THROW(fit(2, {}, {.anchor = 2}), ParamError);
  EXPECT_THROW(fit(2, {}, {.anchor = std::nullopt, .gap_cap = 0}), ParamError);
  EXPECT_THROW(fit(100000, {}), ParamError);
}

// ---------------------------------------------------------------------------------------------
// SPRT

TEST(Sprt, WaldBounds) {
  const SprtBounds b = sprt_bounds(0.05, 0.05);
  EXPECT_NEAR(b.lower, -std::log(19.0), 1e-12);  // -2.944
  EXPECT_NEAR(b.upper, std::log(19.0), 1e-12);
  EXPECT_NEAR(b.upper, 2.944, 0.0005);
  const SprtBounds c = sprt_bounds(0.1, 0.2);
  EXPECT_NEAR(c.lower, std::log(0.2 / 0.9), 1e-12);
  EXPECT_NEAR(c.upper, std::log(0.8 / 0.1), 1e-12);
}

SprtConfig config(double elo0, double elo1, SprtModel model) {
  return {.elo0 = elo0, .elo1 = elo1, .alpha = 0.05, .beta = 0.05, .model = model};
}

// fastchess app/tests/sprt_test.cpp; its Stats(wins, losses, draws) and
// Stats(ll, ld, wl, dd, wd, ww).
TEST(Sprt, FastchessTrinomialReferences) {
  constexpr SprtModel kN = SprtModel::kNormalized;
  constexpr SprtModel kL = SprtModel::kLogistic;
  EXPECT_NEAR(sprt_llr(WdlCounts{.wins = 36433, .draws = 68692, .losses = 36027}, config(0, 2, kN)),
              0.92, 0.005);
  EXPECT_NEAR(
      sprt_llr(WdlCounts{.wins = 10871, .draws = 20431, .losses = 10650}, config(-1.75, 0.25, kN)),
      2.30, 0.005);
  EXPECT_NEAR(
      sprt_llr(WdlCounts{.wins = 21404, .draws = 40708, .losses = 21184}, config(0.5, 2.5, kL)),
      -1.57, 0.005);
  EXPECT_NEAR(
      sprt_llr(WdlCounts{.wins = 57433, .draws = 106593, .losses = 57030}, config(0, 2, kL)), -2.59,
      0.005);
}

// fastchess app/tests/sprt_test.cpp, "bayesian trinomial 1" and "2".
TEST(Sprt, FastchessBayesianReferences) {
  constexpr SprtModel kB = SprtModel::kBayes;
  EXPECT_NEAR(sprt_llr(WdlCounts{.wins = 68965, .draws = 128429, .losses = 68526}, config(0, 2, kB)),
              -1.26, 0.005);
  EXPECT_NEAR(
      sprt_llr(WdlCounts{.wins = 21629, .draws = 41111, .losses = 21484}, config(0.5, 2.5, kB)),
      -1.13, 0.005);
  // No drawelo without a win and a loss: the test waits.
  EXPECT_EQ(sprt_llr(WdlCounts{.wins = 40, .draws = 3}, config(0, 5, kB)), 0.0);
}

// cutechess projects/lib/tests/sprt/tst_sprt.cpp, through its BayesElo model: W/L/D plus a half
// (Jeffreys prior), drawelo from the rates, logistic bounds divided by the model's scale, then
// the plain trinomial LLR. Reproducing its values pins our BayesElo conversions both ways.
TEST(BayesEloModel, CutechessSprtReferences) {
  struct Case {
    int wins, losses, draws;
    double llr;
  };
  for (const Case& c : {Case{1477, 1351, 2942, 2.52}, Case{555, 555, 298, -0.74},
                        Case{3, 149, 1, -4.69}}) {
    const double w = c.wins + 0.5, l = c.losses + 0.5, d = c.draws + 0.5, n = w + l + d;
    const BayesElo b = bayes_elo_from_probabilities({.win = w / n, .draw = d / n, .loss = l / n});
    const double scale = bayes_elo_scale(b.drawelo);
    const WdlProbabilities p0 = probabilities_from_bayes_elo({0.0 / scale, b.drawelo});
    const WdlProbabilities p1 = probabilities_from_bayes_elo({10.0 / scale, b.drawelo});
    const double llr = w * std::log(p1.win / p0.win) + l * std::log(p1.loss / p0.loss) +
                       d * std::log(p1.draw / p0.draw);
    EXPECT_NEAR(llr, c.llr, 0.01) << c.wins << "/" << c.losses << "/" << c.draws;
  }
  EXPECT_NEAR(sprt_bounds(0.01, 0.01).upper, 4.6, 0.01);
}

TEST(BayesEloModel, RoundTripsAndEdges) {
  for (double elo : {-300.0, -20.0, 0.0, 35.0, 400.0}) {
    for (double drawelo : {0.0, 97.3, 250.0}) {
      const WdlProbabilities p = probabilities_from_bayes_elo({elo, drawelo});
      EXPECT_NEAR(p.win + p.draw + p.loss, 1.0, 1e-12);
      const BayesElo back = bayes_elo_from_probabilities(p);
      EXPECT_NEAR(back.elo, elo, 1e-9);
      EXPECT_NEAR(back.drawelo, drawelo, 1e-9);
    }
  }
  // Equal strength and no draw margin: even odds, no draws, scale 1.
  const WdlProbabilities even = probabilities_from_bayes_elo({0.0, 0.0});
  EXPECT_DOUBLE_EQ(even.win, 0.5);
  EXPECT_DOUBLE_EQ(even.draw, 0.0);
  EXPECT_DOUBLE_EQ(bayes_elo_scale(0.0), 1.0);
  EXPECT_TRUE(std::isnan(bayes_elo_from_wdl({.wins = 5, .draws = 5}).elo));
  EXPECT_TRUE(std::isnan(bayes_elo_from_wdl({}).drawelo));
  // 50 wins, 30 draws, 20 losses by hand: pw = .5, pl = .2.
  const BayesElo b = bayes_elo_from_wdl({.wins = 50, .draws = 30, .losses = 20});
  EXPECT_NEAR(b.elo, 200.0 * std::log10(0.5 / 0.2 * 0.8 / 0.5), 1e-12);
  EXPECT_NEAR(b.drawelo, 200.0 * std::log10(0.8 / 0.2 * 0.5 / 0.5), 1e-12);
}

TEST(Sprt, FastchessPentanomialReferences) {
  constexpr SprtModel kN = SprtModel::kNormalized;
  constexpr SprtModel kL = SprtModel::kLogistic;
  const auto penta = [](std::int64_t ll, std::int64_t ld, std::int64_t wl, std::int64_t dd,
                        std::int64_t wd, std::int64_t ww) {
    return PentanomialCounts{.ll = ll, .ld = ld, .wl_dd = wl + dd, .wd = wd, .ww = ww};
  };
  EXPECT_NEAR(sprt_llr(penta(365, 16618, 36029, 200, 16974, 390), config(0, 2, kN)), 2.25, 0.005);
  EXPECT_NEAR(sprt_llr(penta(127, 4883, 10311, 401, 5150, 104), config(-1.75, 0.25, kN)), 3.01,
              0.005);
  EXPECT_NEAR(sprt_llr(penta(223, 9863, 20279, 1000, 10037, 246), config(0.5, 2.5, kL)), -3.07,
              0.005);
  EXPECT_NEAR(sprt_llr(penta(871, 26175, 55003, 980, 26678, 821), config(0, 2, kL)), -4.98, 0.005);
}

// Without draws the logistic trinomial LLR is the binomial one,
// W ln(s1/s0) + L ln((1-s1)/(1-s0)); the 1e-3 stand-in for the empty draw class moves it by
// about 1e-5.
TEST(Sprt, LogisticWithoutDrawsIsBinomial) {
  const double s0 = 0.5;
  const double s1 = 1.0 / (1.0 + std::pow(10.0, -20.0 / 400.0));
  const double expected = 600 * std::log(s1 / s0) + 400 * std::log((1 - s1) / (1 - s0));  // 9.857
  EXPECT_NEAR(sprt_llr(WdlCounts{.wins = 600, .draws = 0, .losses = 400},
                       config(0, 20, SprtModel::kLogistic)),
              expected, 1e-4);
}

// Degenerate samples for the normalized model, solved by hand with t = nElo / (800 / ln 10):
//  * all N draws: H0 (t = 0) keeps p = (0, 1, 0); under t1 the best p puts a = t^2 / (1 + t^2) on
//    wins, so LLR = -N ln(1 + t^2). The 1e-3 stand-ins shift it by ~0.008.
//  * all N wins: under t = 0 the best is (1/2, 0, 1/2); under t1, wins (1 + d)/2 with
//    d = t / sqrt(1 + t^2), so LLR = N ln(1 + d). Pairs: the same with t scaled by sqrt(2).
TEST(Sprt, NormalizedDegenerateSamplesByHand) {
  constexpr SprtModel kN = SprtModel::kNormalized;
  const double t5 = 5.0 / kNeloPerT;
  EXPECT_NEAR(sprt_llr(WdlCounts{.wins = 0, .draws = 16700, .losses = 0}, config(0, 5, kN)),
              -16700 * std::log(1 + t5 * t5), 0.01);  // -3.458

  const double t10 = 10.0 / kNeloPerT;
  EXPECT_NEAR(sprt_llr(WdlCounts{.wins = 4250, .draws = 0, .losses = 0}, config(0, 10, kN)),
              4250 * std::log(1 + t10 / std::sqrt(1 + t10 * t10)), 1e-3);  // 120.548

  const double tp = std::sqrt(2.0) * t5;
  EXPECT_NEAR(sprt_llr(PentanomialCounts{.ww = 104}, config(0, 5, kN)),
              104 * std::log(1 + tp / std::sqrt(1 + tp * tp)), 1e-3);  // 2.095
}

// Mirroring the results and the hypotheses (elo0, elo1) -> (-elo1, -elo0) negates the LLR.
TEST(Sprt, MirrorSymmetry) {
  for (SprtModel model : {SprtModel::kLogistic, SprtModel::kNormalized}) {
    const double a =
        sprt_llr(WdlCounts{.wins = 530, .draws = 900, .losses = 470}, config(-1, 4, model));
    const double b =
        sprt_llr(WdlCounts{.wins = 470, .draws = 900, .losses = 530}, config(-4, 1, model));
    EXPECT_NEAR(a, -b, 1e-6);
    const PentanomialCounts p{.ll = 20, .ld = 150, .wl_dd = 400, .wd = 170, .ww = 30};
    const PentanomialCounts q{.ll = 30, .ld = 170, .wl_dd = 400, .wd = 150, .ww = 20};
    EXPECT_NEAR(sprt_llr(p, config(-1, 4, model)), -sprt_llr(q, config(-4, 1, model)), 1e-6);
  }
}

// Any results with bounds inside the accepted range give a finite LLR under both models.
TEST(Sprt, FiniteOverRandomResults) {
  std::mt19937 rng(777);
  const std::int64_t sizes[] = {0, 0, 1, 3, 100, 10000, 60000};
  for (int trial = 0; trial < 400; ++trial) {
    std::int64_t c[5];
    for (std::int64_t& x : c) x = sizes[rng() % 7];
    std::uniform_real_distribution<double> lo(-kSprtMaxNormalizedElo, kSprtMaxNormalizedElo);
    const double e0 = lo(rng);
    const double e1 = std::uniform_real_distribution<double>(e0, kSprtMaxNormalizedElo)(rng) + 1e-9;
    for (SprtModel model : {SprtModel::kLogistic, SprtModel::kNormalized}) {
      const SprtConfig cfg = config(e0, std::min(e1, kSprtMaxNormalizedElo), model);
      if (!(cfg.elo0 < cfg.elo1)) continue;
      EXPECT_TRUE(
          std::isfinite(sprt_llr(WdlCounts{.wins = c[0], .draws = c[1], .losses = c[2]}, cfg)))
          << "trial " << trial;
      EXPECT_TRUE(std::isfinite(sprt_llr(
          PentanomialCounts{.ll = c[0], .ld = c[1], .wl_dd = c[2], .wd = c[3], .ww = c[4]}, cfg)))
          << "trial " << trial;
    }
  }
}

TEST(Sprt, DecisionsAndNoGames) {
  const SprtConfig c = config(0, 5, SprtModel::kNormalized);
  const SprtBounds b = sprt_bounds(c.alpha, c.beta);
  EXPECT_EQ(sprt_decide(2.95, b), SprtResult::kAcceptH1);
  EXPECT_EQ(sprt_decide(-2.95, b), SprtResult::kAcceptH0);
  EXPECT_EQ(sprt_decide(2.9, b), SprtResult::kContinue);
  EXPECT_EQ(sprt_decide(std::nan(""), b), SprtResult::kContinue);
  EXPECT_DOUBLE_EQ(sprt_llr(WdlCounts{}, c), 0.0);
  EXPECT_DOUBLE_EQ(sprt_llr(PentanomialCounts{}, c), 0.0);
  // 4250 straight wins decide at once for H1; 16700 draws against a 5 nElo H1 for H0.
  EXPECT_EQ(
      sprt_decide(sprt_llr(WdlCounts{.wins = 4250}, config(0, 10, SprtModel::kNormalized)), b),
      SprtResult::kAcceptH1);
  EXPECT_EQ(sprt_decide(sprt_llr(WdlCounts{.draws = 16700}, c), b), SprtResult::kAcceptH0);
}

TEST(Sprt, RejectsBadConfigs) {
  const WdlCounts w{.wins = 10, .draws = 10, .losses = 10};
  const auto bad = [&](SprtConfig c) { EXPECT_THROW((void)sprt_llr(w, c), ParamError); };
  bad({.elo0 = 0, .elo1 = 5, .alpha = 0, .beta = 0.05});
  bad({.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 1});
  bad({.elo0 = 0, .elo1 = 5, .alpha = 0.6, .beta = 0.5});
  bad({.elo0 = 5, .elo1 = 5});
  bad({.elo0 = 5, .elo1 = 0});
  bad({.elo0 = 0, .elo1 = 150, .model = SprtModel::kNormalized});
  bad({.elo0 = 0, .elo1 = std::nan("")});
  EXPECT_NO_THROW((void)sprt_llr(w, {.elo0 = 0, .elo1 = 150, .model = SprtModel::kLogistic}));
  EXPECT_THROW((void)sprt_llr(WdlCounts{.wins = -1}, SprtConfig{}), ParamError);
  EXPECT_THROW((void)sprt_bounds(0.5, 0.5), ParamError);
  EXPECT_EQ(parse_sprt_model("logistic"), SprtModel::kLogistic);
  EXPECT_EQ(parse_sprt_model("normalized"), SprtModel::kNormalized);
  EXPECT_EQ(to_string(SprtModel::kLogistic), "logistic");
  EXPECT_EQ(parse_sprt_model("bayes"), SprtModel::kBayes);
  EXPECT_EQ(parse_sprt_model("bayesian"), SprtModel::kBayes);
  EXPECT_EQ(to_string(SprtModel::kBayes), "bayes");
  EXPECT_THROW((void)parse_sprt_model("bayeselo"), ParamError);
  EXPECT_THROW((void)sprt_llr(PentanomialCounts{.ww = 3}, {.model = SprtModel::kBayes}),
               ParamError);
}

}  // namespace
}  // namespace gts
