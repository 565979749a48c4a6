// Maximum-likelihood ratings for a pool of players (Bradley-Terry with the logistic Elo curve,
// a draw counting as half a win and half a loss):
//   P(i scores against j) = p_ij = 1 / (1 + 10^(-(r_i - r_j) / 400)),
//   log L(r) = sum over games of s_ij log p_ij + (n_ij - s_ij) log(1 - p_ij),
// maximized by damped Newton iterations. 95% intervals are r +- z * sigma with sigma from the
// inverse of the observed Fisher information (the Hessian of -log L), with the anchor constraint
// applied (Bradley and Terry 1952; Hunter, "MM algorithms for generalized Bradley-Terry models",
// Ann. Statist. 32, 2004, for the existence conditions used below).
//
// The MLE is finite exactly when the players form one strongly connected group in the graph
// "i scored something (a win or a draw) against j" (Zermelo; Ford 1957). When they do not (a
// player who won or lost every game, or groups each beating the next), the players split into
// groups that are finite among themselves but infinitely apart. This code fits each group on its
// own, takes the largest group (or the anchor's) as the reference, and places every other group
// `gap_cap` Elo per step above or below it, flagging its players. Groups with no games between
// them at all (a disconnected pool) are rated separately and flagged.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace gts {

// `score` is `player`'s points (wins + draws/2) in `games` games against `opponent`. Records for
// the same two players, in either order, add up.
struct Encounter {
  std::size_t player = 0;
  std::size_t opponent = 0;
  double games = 0;
  double score = 0;
};

inline constexpr double kRatingGapCap = 2000.0;

struct RatingOptions {
  // This player is rated 0. Without an anchor the reference group's mean rating is 0 (which is
  // the mean of all players whenever every rating is finite).
  std::optional<std::size_t> anchor;
  // Distance in Elo between a group and the next one it beat outright.
  double gap_cap = kRatingGapCap;
  // Newton iterations per group; well-posed fits converge in well under 20.
  int max_iterations = 100;
};

enum class RatingStatus {
  kOk,              // in the reference group: rating and interval come from the data
  kUnboundedAbove,  // above the reference group with an unbounded gap: the rating is a floor
  kUnboundedBelow,  // below it with an unbounded gap: the rating is a ceiling
  kUnbounded,       // linked to it only through unbounded gaps in both directions
  kDisconnected,    // no chain of games reaches the anchor's (or the largest) pool
  kNoGames,         // played no game; rating and error are NaN unless it is the anchor (0)
};

struct PlayerRating {
  double rating = 0;
  double error = 0;  // half-width of the 95% interval; +inf outside the reference group
  RatingStatus status = RatingStatus::kOk;
};

struct RatingFit {
  std::vector<PlayerRating> players;  // indexed like the input
  int iterations = 0;                 // Newton iterations, summed over groups
  bool converged = true;              // every group's fit met its tolerance
};

// Throws ParamError for a player index out of range, a player against himself, negative or
// non-finite games, a score outside [0, games], an anchor out of range or gap_cap <= 0.
[[nodiscard]] RatingFit fit_ratings(std::size_t num_players, std::span<const Encounter> encounters,
                                    const RatingOptions& options = {});

[[nodiscard]] std::string_view to_string(RatingStatus status);

}  // namespace gts
