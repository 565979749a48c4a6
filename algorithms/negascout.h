// NegaScout (Reinefeld 1983), also known as principal variation search: the first child of every
// position is searched with the full window, every later one first with a null window (alpha,
// alpha + 1) that only asks "is it better?", and searched again with (v, beta) when the answer is
// yes but the value lies inside the window. With good move ordering most scouts fail low at once,
// so NegaScout visits fewer nodes than alpha-beta; with bad ordering the re-searches cost more.
//
// It is alpha-beta's node routine with the scout turned on (detail::SearchVariant), so every
// alpha-beta option applies unchanged: fail-hard or fail-soft (Reinefeld's NegaScout is fail-soft,
// the default here), static ordering, the transposition table (best move first, bounds),
// iterative deepening, history, enhanced transposition cut-offs, game outcome bounds and random
// ties at the root (scouted with the window (best - 1, best)).
#pragma once

#include "algorithms/alphabeta.h"
#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/transposition_table.h"
#include "games/game.h"

namespace gts {

struct NegaScoutOptions : AlphaBetaOptions {
  NegaScoutOptions() { fail_soft = true; }
  explicit NegaScoutOptions(const AlphaBetaOptions& o) : AlphaBetaOptions(o) {}
};

// NegaScout to limits.depth. Value from the root mover's point of view. `table` as in alphabeta().
template <Game G, class E>
requires Evaluator<E, G> SearchResult negascout(const G& game, const E& eval,
                                                const typename G::State& root,
                                                const SearchLimits& limits,
                                                const NegaScoutOptions& options = {},
                                                TranspositionTable* table = nullptr) {
  detail::check_limits(limits);
  detail::SearchVariant variant;
  variant.scout = true;
  detail::AlphaBetaSearcher<G, E> searcher(game, eval, limits, options, table, variant);
  return searcher.run(root);
}

}  // namespace gts
