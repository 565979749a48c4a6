// Runs every solver variant of `harness solve` on one goal: alpha-beta without and with a table,
// pn, pn+, df-pn and df-pn+, the last also with a tiny table that must keep replacing entries.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "algorithms/dfpn.h"
#include "algorithms/pn_search.h"
#include "algorithms/solver_alphabeta.h"

namespace gts::testing {

template <Game G, class H>
std::vector<std::pair<std::string, SolveResult>> solve_all(const G& game, const SolverGoal& goal,
                                                           const typename G::State& root,
                                                           const H& heuristic,
                                                           std::uint64_t max_nodes = 2'000'000) {
  SearchLimits limits;
  limits.max_nodes = max_nodes;
  std::vector<std::pair<std::string, SolveResult>> out;
  AlphaBetaSolverOptions ab;
  out.emplace_back("ab", alphabeta_solve(game, goal, root, limits, heuristic, ab));
  ab.tt = true;
  ab.tt_mb = 1;
  out.emplace_back("ab-tt", alphabeta_solve(game, goal, root, limits, heuristic, ab));
  PnOptions pn;
  out.emplace_back("pn", pn_search(game, goal, root, limits, heuristic, pn));
  pn.heuristic = true;
  out.emplace_back("pn+", pn_search(game, goal, root, limits, heuristic, pn));
  DfpnOptions df;
  df.tt_mb = 4;
  out.emplace_back("df-pn", dfpn(game, goal, root, limits, heuristic, df));
  df.heuristic = true;
  out.emplace_back("df-pn+", dfpn(game, goal, root, limits, heuristic, df));
  df.tt_mb = 1;
  df.cost = 3;
  df.epsilon = 0.0;
  out.emplace_back("df-pn+(cost=3,eps=0,1MiB)", dfpn(game, goal, root, limits, heuristic, df));
  return out;
}

}  // namespace gts::testing
