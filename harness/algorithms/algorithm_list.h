// The registry's algorithms: each entry named once, in the order `harness algorithms` lists them.
// Adding an algorithm is its header in algorithms/, its entry beside these, and one line here.
#pragma once

#include <string>
#include <vector>

#include "harness/algorithms/alphabeta_entry.h"
#include "harness/algorithms/best_first_entry.h"
#include "harness/algorithms/goal_solvers.h"
#include "harness/algorithms/mcts_entry.h"
#include "harness/algorithms/parallel_entry.h"

namespace gts {

template <class... Entries>
struct EntryList {
  static std::vector<AlgorithmInfo> infos() { return {Entries::info()...}; }
  // Calls `f.template operator()<Entry>()` for the entry named `name` (a canonical name, which the
  // registry checked: none is a logic error).
  template <class F>
  static void with(const std::string& name, F f) {
    if (!((Entries::info().name == name && (f.template operator()<Entries>(), true)) || ...)) {
      throw std::logic_error("'" + name + "' is not registered");
    }
  }
};

// Searches for a value (search, compare, run, tune, play, tree, ugi).
using SearchAlgorithms =
    EntryList<MinimaxEntry, WindowSearchEntry<false>, WindowSearchEntry<true>, RandomEntry,
              SssStarEntry, MtStarEntry<false>, MtStarEntry<true>, MtdfEntry, SolveEntry,
              ParallelEntry<false>, ParallelEntry<true>, MctsEntry>;

// Provers of AND/OR goals (harness solve).
using GoalSolvers =
    EntryList<GoalAlphaBetaEntry, PnEntry<false>, PnEntry<true>, DfpnEntry<false>, DfpnEntry<true>>;

// The search of a registered algorithm with validated options, for game type G and evaluation E.
template <Game G, class E>
SearchFunction<G, E> search_function(const AlgorithmSpec& algorithm) {
  SearchFunction<G, E> fn;
  SearchAlgorithms::with(algorithm.name,
                         [&]<class Entry>() { fn = Entry::template make<G, E>(algorithm); });
  return fn;
}

// Runs the registered goal solver `solver` (canonical name) with its validated options; `carry`,
// when given, is df-pn's (DfpnOptions::carry; the other solvers leave it alone).
template <Game G, class H>
SolveResult goal_solve(const std::string& solver, const G& game, const SolverGoal& goal,
                       const typename G::State& root, const SearchLimits& limits,
                       const H& heuristic, const Params& options, DfpnCarry* carry = nullptr) {
  SolveResult r;
  GoalSolvers::with(solver, [&]<class Entry>() {
    r = Entry::template solve<G, H>(game, goal, root, limits, heuristic, options, carry);
  });
  return r;
}

}  // namespace gts
