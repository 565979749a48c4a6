// A uniformly random legal move: the weakest sensible player, a baseline for tournaments.
// The move depends only on the position's legal moves and the seed.
#pragma once

#include <cstdint>

#include "algorithms/search.h"
#include "games/game.h"
#include "games/splitmix.h"

namespace gts {

template <Game G>
SearchResult random_move(const G& game, const typename G::State& root, std::uint64_t seed) {
  const double cpu_start = thread_cpu_ms();
  SearchResult r;
  r.stats.nodes = 1;
  r.depth = 0;
  if (!game.is_terminal(root)) {
    MovesOf<G> moves;
    game.legal_moves(root, moves);
    r.stats.interior = 1;
    // splitmix64 of the seed: well spread even for consecutive seeds.
    std::uint64_t state = seed;
    const std::uint64_t z = splitmix64(state);
    r.best_move = moves[static_cast<std::size_t>(z % moves.size())];
    r.pv = {r.best_move};
  }
  r.stats.cpu_ms = thread_cpu_ms() - cpu_start;
  return r;
}

}  // namespace gts
