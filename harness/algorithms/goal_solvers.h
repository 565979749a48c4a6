// The goal solvers of `harness solve`: searches that prove or disprove an AND/OR goal (the
// prover reaches at least a value) rather than compute a minimax value. Each entry has
//
//   static AlgorithmInfo info();
//   template <Game G, class H>
//   static SolveResult solve(const G&, const SolverGoal&, const State& root, const SearchLimits&,
//                            const H& heuristic, const Params& options, DfpnCarry* carry);
//
// (carry: df-pn's DfpnOptions::carry, or nullptr; the other solvers ignore it.)
#pragma once

#include "algorithms/dfpn.h"
#include "algorithms/lambda_search.h"
#include "algorithms/pn_search.h"
#include "algorithms/solver_alphabeta.h"
#include "harness/algorithms/algorithm_entry.h"

namespace gts {

struct GoalAlphaBetaEntry {
  static AlgorithmInfo info() {
    using S = ParamSpec;
    return {"alphabeta",
            {"ab", "alpha-beta"},
            "alpha-beta to the end of the game on the goal's win/loss values",
            {S::choice("tt", "off", {"off", "on"}, "transposition table"),
             S::integer("tt_mb", 16, 1, 4096,
                        "transposition table size in MiB (making it is alloc_ms, not time_ms)"),
             S::choice("ordering", "static", {"none", "static"},
                       "static: children searched best first by the heuristic"),
             S::choice("line", "on", {"off", "on"},
                       "rebuild the main line for the depth column (uncounted searches)")}};
  }
  template <Game G, class H>
  static SolveResult solve(const G& game, const SolverGoal& goal, const typename G::State& root,
                           const SearchLimits& limits, const H& heuristic, const Params& o,
                           DfpnCarry* /*carry*/) {
    const AlphaBetaSolverOptions ab{.tt = o.get("tt") == "on",
                                    .tt_mb = table_mib(o),
                                    .static_ordering = o.get("ordering") == "static",
                                    .main_line = o.get("line") == "on"};
    return alphabeta_solve(game, goal, root, limits, heuristic, ab);
  }
};

inline ParamSpec proof_tree_memory_spec() {
  return ParamSpec::integer("max_mb", 2048, 1, 65536,
                            "memory the proof tree may use, in MiB; beyond it: unknown");
}

inline ParamSpec lazy_expansion_spec() {
  return ParamSpec::choice("lazy", "on", {"off", "on"},
                           "lazy expansion where the game names the moves that can matter "
                           "(go-capture): the others are played only when the search selects them");
}

// pn+'s and df-pn+'s edge cost on the moves the game does not name as its focus moves; 5000 settled
// the most of GNU Go's reading tests (docs/results/go-capture.md, "The focus cost").
inline constexpr int kDefaultFocusCost = 5000;

inline ParamSpec focus_cost_spec(const std::string& where) {
  return ParamSpec::integer("focus_cost", kDefaultFocusCost, 0, 1000000,
                            "added to the numbers of the moves that are not among those the game "
                            "names as the ones that can matter (go-capture)" +
                                where + ", so that those are searched harder first; 0: none");
}

// Allis's proof-number search; pn+ starts unsolved leaves at the heuristic's numbers.
template <bool kHeuristic>
struct PnEntry {
  static AlgorithmInfo info() {
    if (kHeuristic) {
      return {"pn+",
              {"pn-plus"},
              "pn with heuristic initial numbers: pn = E^2, dn = (25/E)^2",
              {proof_tree_memory_spec(), lazy_expansion_spec(),
               focus_cost_spec(", with lazy expansion")}};
    }
    return {"pn",
            {},
            "proof-number search (Allis): best-first, leaves start at (1, 1)",
            {proof_tree_memory_spec(), lazy_expansion_spec()}};
  }
  template <Game G, class H>
  static SolveResult solve(const G& game, const SolverGoal& goal, const typename G::State& root,
                           const SearchLimits& limits, const H& heuristic, const Params& o,
                           DfpnCarry* /*carry*/) {
    const PnOptions pn{
        .heuristic = kHeuristic,
        .max_mb = table_mib(o, "max_mb"),
        .lazy = o.get("lazy") == "on",
        .focus_cost = kHeuristic ? static_cast<ProofNumber>(o.get_int("focus_cost")) : 0};
    return pn_search(game, goal, root, limits, heuristic, pn);
  }
};

// Nagai's depth-first proof-number search with the 1+epsilon trick; df-pn+ adds heuristic
// initial numbers and an edge cost.
template <bool kHeuristic>
struct DfpnEntry {
  static AlgorithmInfo info() {
    using S = ParamSpec;
    std::vector<ParamSpec> options = {
        S::integer("tt_mb", 16, 1, 65536,
                   "transposition table size in MiB (making it is alloc_ms, not time_ms)"),
        S::integer("epsilon", 25, 0, 1000,
                   "the 1+epsilon trick, in percent (0: Nagai's second-best + 1)"),
        S::choice("zones", "on", {"off", "on"},
                  "relevance zones where the game has them (go-capture, not under superko): a "
                  "losing mover's moves outside its null move's refutation zone are refuted "
                  "unsearched"),
        lazy_expansion_spec(),
        S::integer(
            "lambda", 0, 0, kMaxLambdaOrder,
            "lambda search first (Thomsen; go-capture): orders 1..N in turn, the "
            "attacker restricted to threats, within lambda_share of the budget; a lambda proof "
            "answers, else the plain search runs (0: none)"),
        S::integer("lambda_share", 50, 1, 100,
                   "with lambda: the percent of the node and time budgets the lambda search "
                   "may spend (100: no plain search after it)")};
    if (!kHeuristic) {
      return {"dfpn",
              {"df-pn"},
              "depth-first proof-number search (Nagai) with the 1+epsilon trick and a "
              "transposition table",
              std::move(options)};
    }
    options.push_back(S::integer("cost", 0, 0, 1000000,
                                 "added to an unsolved child's number where its parent takes "
                                 "the minimum (Zhang et al.'s capture experiments: 0)"));
    options.push_back(focus_cost_spec(""));
    // On by default: they settle more of GNU Go's reading tests and change no answer
    // (docs/results/go-capture.md, "Killer moves").
    options.push_back(
        S::choice("killers", "on", {"off", "on"},
                  "a move outside those the game names as the ones that can "
                  "matter (go-capture) that won a position joins them at the next "
                  "positions of the same ply (a killer move; the last two are kept)"));
    return {"dfpn+",
            {"df-pn+", "dfpn-plus"},
            "df-pn+: heuristic initial numbers (as pn+) and a cost on every edge",
            std::move(options)};
  }
  template <Game G, class H>
  static SolveResult solve(const G& game, const SolverGoal& goal, const typename G::State& root,
                           const SearchLimits& limits, const H& heuristic, const Params& o,
                           DfpnCarry* carry) {
    DfpnOptions df;
    df.heuristic = kHeuristic;
    df.tt_mb = table_mib(o);
    df.epsilon = static_cast<double>(o.get_int("epsilon")) / 100.0;
    df.zones = o.get("zones") == "on";
    df.carry = carry;
    df.lazy = o.get("lazy") == "on";
    if (kHeuristic) {
      df.cost = static_cast<ProofNumber>(o.get_int("cost"));
      df.focus_cost = static_cast<ProofNumber>(o.get_int("focus_cost"));
      df.killers = o.get("killers") == "on";
    }
    const LambdaOptions lo{.order = static_cast<int>(o.get_int("lambda")),
                           .budget_percent = static_cast<int>(o.get_int("lambda_share"))};
    if constexpr (HasLambdaGoal<G>) {
      if (lo.order > 0) return lambda_dfpn(game, goal, root, limits, heuristic, df, lo);
    } else if (lo.order > 0) {
      throw ParamError("option lambda: the game has no attacker's goal to search (go-capture)");
    }
    return dfpn(game, goal, root, limits, heuristic, df);
  }
};

}  // namespace gts
