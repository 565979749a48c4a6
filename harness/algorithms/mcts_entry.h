// The registry entry of Monte Carlo tree search (algorithms/mcts.h).
#pragma once

#include <cstdint>

#include "algorithms/mcts.h"
#include "harness/algorithms/algorithm_entry.h"
#include "harness/algorithms/parallel_entry.h"

namespace gts {

// Not in `harness bench`: the bench searches fixed depths, where mcts proves the whole
// depth-limited tree one node per iteration (a test of the solver, not of MCTS).
struct MctsEntry {
  static AlgorithmInfo info() {
    using S = ParamSpec;
    return {"mcts",
            {"uct"},
            "Monte Carlo tree search: UCT selection, random or cut-off playouts, MCTS-Solver "
            "score bounds, implicit minimax backups, tree parallelism with virtual loss or root "
            "parallelism; --depth is the tree's horizon",
            {S::real("c", 1.414, 0, 100, "UCT exploration constant: Q + c sqrt(ln N / n)"),
             S::choice("final", "visits", {"visits", "value", "secure"},
                       "the move played: most visits, best mean reward, or best Q - 1/sqrt(n) "
                       "(a proven best move whatever the rule)"),
             S::integer("playout_depth", 0, 0, 100000,
                        "0: random playouts to the end of the game; N: cut after N plies and "
                        "scored by the evaluation"),
             S::real("eval_scale", 10, 1e-6, 1e9,
                     "an evaluation v scores 1 / (1 + exp(-v / eval_scale)) as a win chance"),
             S::choice("solver", "on", {"off", "on"},
                       "MCTS-Solver with score bounds: exact values backed up, a proven root is "
                       "exact; off: a search needs a node or time budget"),
             S::real("alpha", 0, 0, 1,
                     "implicit minimax weight: selection uses (1 - alpha) Q + alpha * the "
                     "minimax of the children's evaluations"),
             threads_spec("one tree shared with virtual loss, or a tree each: see parallel"),
             S::choice("parallel", "tree", {"tree", "root"},
                       "how threads share a search: tree: one tree, with virtual loss; root: a "
                       "tree each (mem_mb and iterations split between them), the root's "
                       "children's visits and bounds merged at the end"),
             S::integer("iterations", 0, 0, (std::int64_t{1} << 62),
                        "a budget: at most this many iterations a search (all threads together), "
                        "beside any node or time budget; 0: none"),
             S::integer("mem_mb", 1024, 1, 65536,
                        "the tree's memory cap in MiB: past it the tree stops growing and "
                        "iterations play out from its leaves"),
             S::integer("seed", 0, 0, (std::int64_t{1} << 62),
                        "seed for playouts and the order unvisited moves are tried in")},
            {.anytime = true,
             .seeded = true,
             .budget_free_option = "solver",
             .budget_option = "iterations"}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec& spec) {
    const Params& p = spec.options;
    const std::string& final_move = p.get("final");
    const MctsOptions options{.c = p.get_real("c"),
                              .final_move = final_move == "value"    ? MctsOptions::Final::kValue
                                            : final_move == "secure" ? MctsOptions::Final::kSecure
                                                                     : MctsOptions::Final::kVisits,
                              .playout_depth = static_cast<int>(p.get_int("playout_depth")),
                              .eval_scale = p.get_real("eval_scale"),
                              .solver = p.get("solver") == "on",
                              .alpha = p.get_real("alpha"),
                              .threads = threads_option<G>(p),
                              .parallel = p.get("parallel") == "root"
                                              ? MctsOptions::Parallel::kRoot
                                              : MctsOptions::Parallel::kTree,
                              .iterations = static_cast<std::uint64_t>(p.get_int("iterations")),
                              .mem_mb = static_cast<std::size_t>(p.get_int("mem_mb"))};
    return [options](const G& g, const E& ev, const typename G::State& s, const SearchLimits& lim,
                     std::uint64_t seed) {
      MctsOptions o = options;
      o.seed = seed;
      return mcts(g, ev, s, lim, o);
    };
  }
};

}  // namespace gts
