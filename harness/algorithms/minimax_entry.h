// minimax and the random baseline: the registry entries of the two searches with no options.
#pragma once

#include "algorithms/minimax.h"
#include "algorithms/random_move.h"
#include "harness/algorithms/algorithm_entry.h"

namespace gts {

struct MinimaxEntry {
  static AlgorithmInfo info() {
    return {"minimax",
            {},
            "plain full-width minimax (negamax form): the reference",
            {},
            {.reference = true},
            {{"minimax", {}}}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec&) {
    return [](const G& g, const E& ev, const typename G::State& s, const SearchLimits& lim,
              std::uint64_t) { return minimax(g, ev, s, lim); };
  }
};

struct RandomEntry {
  static AlgorithmInfo info() {
    return {"random",
            {},
            "a uniformly random legal move (seeded): a baseline player",
            {},
            {.anytime = true, .seeded = true, .searches = false}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec&) {
    return [](const G& g, const E&, const typename G::State& s, const SearchLimits&,
              std::uint64_t seed) { return random_move(g, s, seed); };
  }
};

}  // namespace gts
