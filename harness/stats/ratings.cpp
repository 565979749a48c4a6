#include "harness/stats/ratings.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/input_error.h"
#include "harness/stats/elo.h"

namespace gts {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// d p_ij / d r_i = k p_ij (1 - p_ij) with the logistic Elo curve: k = ln(10) / 400.
const double kK = std::log(10.0) / 400.0;

// Newton stops once its step moves no rating by more than this many Elo.
constexpr double kStepTolerance = 1e-9;

using Matrix = std::vector<std::vector<double>>;

// Pairwise totals: games[i][j] = games[j][i] and score[i][j] + score[j][i] = games[i][j].
struct Table {
  Matrix games;
  Matrix score;
};

// log(1 / (1 + e^-z)) without overflow for large |z|.
double log_sigmoid(double z) {
  return z >= 0 ? -std::log1p(std::exp(-z)) : z - std::log1p(std::exp(z));
}

double sigmoid(double z) {
  if (z >= 0) return 1.0 / (1.0 + std::exp(-z));
  const double e = std::exp(z);
  return e / (1.0 + e);
}

// Gauss-Jordan elimination with partial pivoting: replaces b (n rows, any number of columns) by
// a^-1 b; false when a is singular. One O(n^3) pass also gives a whole inverse (b = I), where
// solving column by column would cost O(n^4).
bool solve(Matrix a, Matrix& b) {
  const std::size_t n = a.size();
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    for (std::size_t r = col + 1; r < n; ++r) {
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    }
    if (!(std::abs(a[pivot][col]) > 0)) return false;
    std::swap(a[pivot], a[col]);
    std::swap(b[pivot], b[col]);
    const double d = a[col][col];
    for (double& x : a[col]) x /= d;
    for (double& x : b[col]) x /= d;
    for (std::size_t r = 0; r < n; ++r) {
      const double f = a[r][col];
      if (r == col || f == 0) continue;
      for (std::size_t c = 0; c < n; ++c) a[r][c] -= f * a[col][c];
      for (std::size_t c = 0; c < b[r].size(); ++c) b[r][c] -= f * b[col][c];
    }
  }
  return true;
}

// Diagonal of a^-1; NaNs when a is singular.
std::vector<double> inverse_diagonal(const Matrix& a) {
  const std::size_t n = a.size();
  Matrix inv(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1.0;
  std::vector<double> diag(n, kNaN);
  if (solve(a, inv)) {
    for (std::size_t i = 0; i < n; ++i) diag[i] = inv[i][i];
  }
  return diag;
}

// `h` without row and column k.
Matrix without(Matrix h, std::size_t k) {
  const auto at = static_cast<std::ptrdiff_t>(k);
  h.erase(h.begin() + at);
  for (auto& row : h) row.erase(row.begin() + at);
  return h;
}

// Calls f(a, b, n, s) for each pair a < b of `members` (indices into it) that met: n games, in
// which a scored s.
template <class F>
void for_each_pair(const Table& t, const std::vector<std::size_t>& members, const F& f) {
  for (std::size_t a = 0; a < members.size(); ++a) {
    for (std::size_t b = a + 1; b < members.size(); ++b) {
      const double n = t.games[members[a]][members[b]];
      if (n > 0) f(a, b, n, t.score[members[a]][members[b]]);
    }
  }
}

// The Hessian of -log L over `members`: a weighted graph Laplacian with edge weights
// w_ij = k^2 n_ij p_ij (1 - p_ij).
Matrix fisher_information(const Table& t, const std::vector<std::size_t>& members,
                          const std::vector<double>& r) {
  Matrix h(members.size(), std::vector<double>(members.size(), 0.0));
  for_each_pair(t, members, [&](std::size_t a, std::size_t b, double n, double) {
    const double p = sigmoid(kK * (r[a] - r[b]));
    const double w = kK * kK * n * p * (1.0 - p);
    h[a][b] -= w;
    h[b][a] -= w;
    h[a][a] += w;
    h[b][b] += w;
  });
  return h;
}

double log_likelihood(const Table& t, const std::vector<std::size_t>& members,
                      const std::vector<double>& r) {
  double sum = 0;
  for_each_pair(t, members, [&](std::size_t a, std::size_t b, double n, double s) {
    const double z = kK * (r[a] - r[b]);
    sum += s * log_sigmoid(z) + (n - s) * log_sigmoid(-z);
  });
  return sum;
}

struct GroupFit {
  std::vector<double> ratings;  // mean zero
  int iterations = 0;
  bool converged = true;
};

// Maximizes log L over one strongly connected group, where the maximum is finite and unique up to
// a common shift. The first member is held at 0 to remove the shift; Newton steps are halved until
// the likelihood does not drop, which keeps the iteration convergent on this concave function from
// any start.
GroupFit fit_group(const Table& t, const std::vector<std::size_t>& members, int max_iterations) {
  const std::size_t m = members.size();
  GroupFit fit;
  fit.ratings.assign(m, 0.0);
  if (m < 2) return fit;
  std::vector<double>& r = fit.ratings;
  double current = log_likelihood(t, members, r);
  fit.converged = false;
  for (int iter = 0; iter < max_iterations; ++iter) {
    ++fit.iterations;
    // Gradient of log L: k * sum_j (s_ij - n_ij p_ij).
    std::vector<double> grad(m, 0.0);
    for_each_pair(t, members, [&](std::size_t a, std::size_t b, double n, double s) {
      const double g = kK * (s - n * sigmoid(kK * (r[a] - r[b])));
      grad[a] += g;
      grad[b] -= g;
    });
    // The first rating is held at 0: its row and column drop out.
    Matrix step(m - 1, std::vector<double>(1));
    for (std::size_t a = 1; a < m; ++a) step[a - 1][0] = grad[a];
    if (!solve(without(fisher_information(t, members, r), 0), step)) {
      // Probabilities so close to 0 or 1 that the weights underflow; fall back to gradient ascent
      // scaled to a modest move.
      double norm = 0;
      for (std::size_t a = 1; a < m; ++a) norm = std::max(norm, std::abs(grad[a]));
      if (norm == 0) {
        fit.converged = true;  // a zero gradient is the maximum
        break;
      }
      for (std::size_t a = 1; a < m; ++a) step[a - 1][0] = 100.0 * grad[a] / norm;
    }
    double largest = 0;
    for (const auto& x : step) largest = std::max(largest, std::abs(x[0]));
    // Newton converges quadratically, so a step this small leaves nothing worth taking.
    if (largest < kStepTolerance) {
      for (std::size_t a = 1; a < m; ++a) r[a] += step[a - 1][0];
      fit.converged = true;
      break;
    }
    // Halve the step until the likelihood does not drop. The slack absorbs rounding in the sum,
    // which near the maximum would otherwise reject every step.
    const double slack = 1e-12 * (1.0 + std::abs(current));
    std::vector<double> trial(m, 0.0);
    bool accepted = false;
    for (double scale = 1.0; scale > 1e-18 && !accepted; scale *= 0.5) {
      for (std::size_t a = 1; a < m; ++a) trial[a] = r[a] + scale * step[a - 1][0];
      const double next = log_likelihood(t, members, trial);
      if (next >= current - slack) {
        r = trial;
        current = std::max(current, next);
        accepted = true;
      }
    }
    if (!accepted) break;
  }
  const double mean = std::accumulate(r.begin(), r.end(), 0.0) / static_cast<double>(m);
  for (double& x : r) x -= mean;
  return fit;
}

// Strongly connected groups of `members` in the graph with an edge from player a to b where
// edge(a, b), listed in topological order (a group comes before every group it has an edge to but
// none back). Kosaraju's algorithm, iterative so that large pools cannot overflow the stack.
template <class Edge>
std::vector<std::vector<std::size_t>> strong_groups(const std::vector<std::size_t>& members,
                                                    const Edge& player_edge) {
  const std::size_t m = members.size();
  const auto edge = [&](std::size_t a, std::size_t b) {
    return a != b && player_edge(members[a], members[b]);
  };
  std::vector<std::size_t> finish_order;
  std::vector<bool> seen(m, false);
  for (std::size_t start = 0; start < m; ++start) {
    if (seen[start]) continue;
    std::vector<std::pair<std::size_t, std::size_t>> stack{{start, 0}};
    seen[start] = true;
    while (!stack.empty()) {
      const std::size_t node = stack.back().first;
      std::size_t next = stack.back().second;
      while (next < m && (seen[next] || !edge(node, next))) ++next;
      stack.back().second = next;
      if (next < m) {
        seen[next] = true;
        stack.emplace_back(next, 0);
      } else {
        finish_order.push_back(node);
        stack.pop_back();
      }
    }
  }
  std::vector<std::vector<std::size_t>> groups;
  std::vector<bool> assigned(m, false);
  for (std::size_t k = m; k-- > 0;) {
    const std::size_t root = finish_order[k];
    if (assigned[root]) continue;
    std::vector<std::size_t> group;
    std::vector<std::size_t> stack{root};
    assigned[root] = true;
    while (!stack.empty()) {
      const std::size_t node = stack.back();
      stack.pop_back();
      group.push_back(members[node]);
      for (std::size_t prev = 0; prev < m; ++prev) {
        if (!assigned[prev] && edge(prev, node)) {
          assigned[prev] = true;
          stack.push_back(prev);
        }
      }
    }
    std::sort(group.begin(), group.end());
    groups.push_back(std::move(group));
  }
  return groups;
}

// 95% half-widths for the reference group. With an anchor in the group, sigma^2 is the diagonal of
// the inverse of the information with the anchor's row and column removed (the anchor is fixed).
// With the mean fixed at 0 it is the diagonal of the Laplacian's pseudo-inverse, computed as
// (H + J/m)^-1 - J/m (J all ones): for a connected Laplacian H this inverts H on the subspace
// orthogonal to the common shift, which is exactly the constraint sum r_i = 0.
std::vector<double> reference_errors(const Table& t, const std::vector<std::size_t>& members,
                                     const std::vector<double>& ratings,
                                     std::optional<std::size_t> anchor) {
  const std::size_t m = members.size();
  if (m < 2) return std::vector<double>(m, 0.0);
  Matrix h = fisher_information(t, members, ratings);
  std::vector<double> variance;
  if (anchor) {
    const auto fixed = std::find(members.begin(), members.end(), *anchor) - members.begin();
    variance = inverse_diagonal(without(h, static_cast<std::size_t>(fixed)));
    variance.insert(variance.begin() + fixed, 0.0);  // the anchor's rating is exact
  } else {
    const double inv_m = 1.0 / static_cast<double>(m);
    for (auto& row : h) {
      for (double& x : row) x += inv_m;
    }
    variance = inverse_diagonal(h);
    for (double& v : variance) v -= inv_m;
  }
  // Rounding can leave a variance a hair below zero; NaN (singular information) stays NaN.
  for (double& v : variance) v = kZ95 * std::sqrt(std::max(0.0, v));
  return variance;  // now the half-widths
}

// Rates one connected pool. `anchor` is set when the anchor is in this pool.
void rate_pool(const Table& t, const std::vector<std::size_t>& pool,
               std::optional<std::size_t> anchor, bool main_pool, const RatingOptions& options,
               RatingFit& out) {
  // Groups in the graph "a scored against b".
  const std::vector<std::vector<std::size_t>> groups =
      strong_groups(pool, [&](std::size_t a, std::size_t b) { return t.score[a][b] > 0; });
  const std::size_t g = groups.size();
  std::vector<std::size_t> group_of(t.games.size(), 0);
  for (std::size_t k = 0; k < g; ++k) {
    for (std::size_t p : groups[k]) group_of[p] = k;
  }

  // Reference group: the anchor's, else the largest (ties: the one with the lowest player).
  const auto worse = [](const auto& x, const auto& y) {
    return x.size() != y.size() ? x.size() < y.size() : x[0] > y[0];
  };
  const std::size_t ref =
      anchor ? group_of[*anchor]
             : static_cast<std::size_t>(std::ranges::max_element(groups, worse) - groups.begin());

  // Edges between groups run one way only, from the group that scored to the one that did not.
  std::vector<std::vector<bool>> beats(g, std::vector<bool>(g, false));
  for (std::size_t a : pool) {
    for (std::size_t b : pool) {
      if (group_of[a] != group_of[b] && t.score[a][b] > 0) beats[group_of[a]][group_of[b]] = true;
    }
  }
  // Depth = longest chain of outright wins above a group; the groups are in topological order.
  // Below: the groups the reference beats through a chain; above: those beating it.
  std::vector<std::size_t> depth(g, 0);
  std::vector<bool> below(g, false), above(g, false);
  below[ref] = above[ref] = true;
  for (std::size_t a = 0; a < g; ++a) {
    for (std::size_t b = a + 1; b < g; ++b) {
      if (!beats[a][b]) continue;
      depth[b] = std::max(depth[b], depth[a] + 1);
      if (below[a]) below[b] = true;
    }
  }
  for (std::size_t b = ref + 1; b-- > 0;) {
    for (std::size_t a = 0; a < b; ++a) {
      if (above[b] && beats[a][b]) above[a] = true;
    }
  }

  for (std::size_t k = 0; k < g; ++k) {
    const GroupFit fit = fit_group(t, groups[k], options.max_iterations);
    out.iterations += fit.iterations;
    out.converged = out.converged && fit.converged;
    const double offset =
        (static_cast<double>(depth[ref]) - static_cast<double>(depth[k])) * options.gap_cap;
    const RatingStatus status = !main_pool ? RatingStatus::kDisconnected
                                : k == ref ? RatingStatus::kOk
                                : below[k] ? RatingStatus::kUnboundedBelow
                                : above[k] ? RatingStatus::kUnboundedAbove
                                           : RatingStatus::kUnbounded;
    const std::vector<double> error = k == ref ? reference_errors(t, groups[k], fit.ratings, anchor)
                                               : std::vector<double>(groups[k].size(), kInf);
    for (std::size_t i = 0; i < groups[k].size(); ++i) {
      out.players[groups[k][i]] = {offset + fit.ratings[i], error[i], status};
    }
  }
  if (anchor) {
    const double shift = out.players[*anchor].rating;
    for (std::size_t p : pool) out.players[p].rating -= shift;
  }
}

}  // namespace

RatingFit fit_ratings(std::size_t num_players, std::span<const Encounter> encounters,
                      const RatingOptions& options) {
  // The pairwise tables are dense; this bound keeps them within a few hundred megabytes.
  constexpr std::size_t kMaxPlayers = 4096;
  if (num_players > kMaxPlayers) {
    throw ParamError("ratings: " + std::to_string(num_players) + " players; at most " +
                     std::to_string(kMaxPlayers) + " are supported");
  }
  if (options.anchor && *options.anchor >= num_players) {
    throw ParamError("ratings: anchor " + std::to_string(*options.anchor) + " is not a player (" +
                     std::to_string(num_players) + " players)");
  }
  if (!(options.gap_cap > 0 && std::isfinite(options.gap_cap))) {
    throw ParamError("ratings: gap cap must be a positive number of Elo");
  }
  if (options.max_iterations < 1) throw ParamError("ratings: max_iterations must be at least 1");

  Table t;
  t.games.assign(num_players, std::vector<double>(num_players, 0.0));
  t.score = t.games;
  for (const Encounter& e : encounters) {
    const std::string which =
        "ratings: record " + std::to_string(e.player) + " vs " + std::to_string(e.opponent);
    if (e.player >= num_players || e.opponent >= num_players) {
      throw ParamError(which + " names a player out of range (" + std::to_string(num_players) +
                       " players)");
    }
    if (e.player == e.opponent) throw ParamError(which + " pairs a player with himself");
    if (!(e.games >= 0 && std::isfinite(e.games))) {
      throw ParamError(which + " has an invalid game count " + std::to_string(e.games));
    }
    if (!(e.score >= 0 && e.score <= e.games)) {
      throw ParamError(which + " has score " + std::to_string(e.score) + " outside [0, " +
                       std::to_string(e.games) + "]");
    }
    t.games[e.player][e.opponent] += e.games;
    t.games[e.opponent][e.player] += e.games;
    t.score[e.player][e.opponent] += e.score;
    t.score[e.opponent][e.player] += e.games - e.score;
  }

  RatingFit out;
  out.players.assign(num_players, {kNaN, kNaN, RatingStatus::kNoGames});
  // Pools: connected components of the graph "played each other", in order of lowest member.
  std::vector<std::size_t> active;
  for (std::size_t p = 0; p < num_players; ++p) {
    if (std::any_of(t.games[p].begin(), t.games[p].end(), [](double g) { return g > 0; })) {
      active.push_back(p);
    }
  }
  if (options.anchor && !std::binary_search(active.begin(), active.end(), *options.anchor)) {
    out.players[*options.anchor] = {0.0, 0.0, RatingStatus::kNoGames};
  }
  auto pools =
      strong_groups(active, [&](std::size_t a, std::size_t b) { return t.games[a][b] > 0; });
  std::sort(pools.begin(), pools.end());

  // Main pool: the anchor's, else the largest (ties: the first, which holds the lowest player).
  const auto main_pool =
      options.anchor
          ? std::ranges::find_if(
                pools,
                [&](const auto& pool) { return std::ranges::binary_search(pool, *options.anchor); })
          : std::ranges::max_element(pools, {}, [](const auto& pool) { return pool.size(); });
  for (auto pool = pools.begin(); pool != pools.end(); ++pool) {
    const bool is_main = pool == main_pool;
    rate_pool(t, *pool, is_main ? options.anchor : std::nullopt, is_main, options, out);
  }
  return out;
}

std::string_view to_string(RatingStatus status) {
  static constexpr std::string_view kNames[] = {"ok",        "unbounded-above", "unbounded-below",
                                                "unbounded", "disconnected",    "no-games"};
  return kNames[static_cast<int>(status)];
}

}  // namespace gts
