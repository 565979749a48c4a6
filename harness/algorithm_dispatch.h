// The one table that maps an algorithm's registry name (and validated options) to the template
// that runs it, for any game type G and evaluation E. GameAdapter<G> builds its Searchers from
// it; wrappers over a game (the search-tree tracer) instantiate the same table for their own
// game type, so every algorithm the registry lists works through every such path.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "algorithms/alphabeta.h"
#include "algorithms/minimax.h"
#include "algorithms/mtd.h"
#include "algorithms/negascout.h"
#include "algorithms/random_move.h"
#include "algorithms/solve.h"
#include "algorithms/sss_star.h"
#include "games/game.h"
#include "harness/registry.h"

namespace gts {

// Maps validated algorithm options (see algorithm_infos()) to the algorithms' option structs.
AlphaBetaOptions alphabeta_options(const AlgorithmSpec& spec);

// One whole search: game, evaluation, root, limits, seed (for random tie-breaking).
template <Game G, class E>
using SearchFunction = std::function<SearchResult(const G&, const E&, const typename G::State&,
                                                  const SearchLimits&, std::uint64_t)>;

// Throws ParamError for a name the registry knows but this table does not (a programming error
// that the conformance test catches for every registered algorithm).
template <Game G, class E>
SearchFunction<G, E> search_function(const AlgorithmSpec& algorithm) {
  using State = typename G::State;
  if (algorithm.name == "minimax") {
    return [](const G& g, const E& ev, const State& s, const SearchLimits& lim, std::uint64_t) {
      return minimax(g, ev, s, lim);
    };
  }
  if (algorithm.name == "alphabeta") {
    AlphaBetaOptions options = alphabeta_options(algorithm);
    return [options](const G& g, const E& ev, const State& s, const SearchLimits& lim,
                     std::uint64_t seed) {
      AlphaBetaOptions o = options;
      o.seed = seed;
      return alphabeta(g, ev, s, lim, o, o.tt ? &thread_table(o.tt_mb) : nullptr);
    };
  }
  if (algorithm.name == "negascout") {
    const NegaScoutOptions options(alphabeta_options(algorithm));
    return [options](const G& g, const E& ev, const State& s, const SearchLimits& lim,
                     std::uint64_t seed) {
      NegaScoutOptions o = options;
      o.seed = seed;
      return negascout(g, ev, s, lim, o, o.tt ? &thread_table(o.tt_mb) : nullptr);
    };
  }
  if (algorithm.name == "mt-sss*" || algorithm.name == "mt-dual*") {
    const bool dual = algorithm.name == "mt-dual*";
    MtOptions options;
    options.tt_mb = static_cast<std::size_t>(algorithm.options.get_int("tt_mb"));
    return [dual, options](const G& g, const E& ev, const State& s, const SearchLimits& lim,
                           std::uint64_t) {
      TranspositionTable* table = &thread_table(options.tt_mb);
      return dual ? mt_dual_star(g, ev, s, lim, options, table)
                  : mt_sss_star(g, ev, s, lim, options, table);
    };
  }
  if (algorithm.name == "mtd(f)") {
    MtdfOptions options;
    options.tt_mb = static_cast<std::size_t>(algorithm.options.get_int("tt_mb"));
    options.iterative_deepening = algorithm.options.get("id") == "on";
    options.first_guess = static_cast<Value>(algorithm.options.get_int("first_guess"));
    const std::string hints = algorithm.options.get("hints");
    options.hints = hints == "on"    ? AlphaBetaOptions::Hints::kOn
                    : hints == "off" ? AlphaBetaOptions::Hints::kOff
                                     : AlphaBetaOptions::Hints::kAuto;
    return
        [options](const G& g, const E& ev, const State& s, const SearchLimits& lim, std::uint64_t) {
          return mtdf(g, ev, s, lim, options, &thread_table(options.tt_mb));
        };
  }
  if (algorithm.name == "solve") {
    SolveOptions options;
    options.tt_mb = static_cast<std::size_t>(algorithm.options.get_int("tt_mb"));
    return
        [options](const G& g, const E& ev, const State& s, const SearchLimits& lim, std::uint64_t) {
          return solve(g, ev, s, lim, options, &thread_table(options.tt_mb));
        };
  }
  if (algorithm.name == "random") {
    return [](const G& g, const E&, const State& s, const SearchLimits&, std::uint64_t seed) {
      return random_move(g, s, seed);
    };
  }
  if (algorithm.name == "sss*") {
    return [](const G& g, const E& ev, const State& s, const SearchLimits& lim, std::uint64_t) {
      return sss_star(g, ev, s, lim, SssOptions{});
    };
  }
  throw ParamError("internal: algorithm '" + algorithm.name + "' has no dispatch");
}

}  // namespace gts
