// Counts positions by ply: per_ply[k] is the number of positions k plies from the root (the root
// is ply 0). Terminal positions are counted but not expanded.
#pragma once

#include <cstdint>
#include <vector>

#include "games/game.h"

namespace gts {

namespace detail {
template <Game G>
void perft_walk(const G& game, const typename G::State& s, int ply, int depth,
                std::vector<std::uint64_t>& per_ply) {
  ++per_ply[ply];
  if (ply == depth || game.is_terminal(s)) return;
  MovesOf<G> moves;
  game.legal_moves(s, moves);
  for (Move m : moves) {
    typename G::State child = s;
    game.play(child, m);
    perft_walk(game, child, ply + 1, depth, per_ply);
  }
}
}  // namespace detail

template <Game G>
std::vector<std::uint64_t> perft(const G& game, const typename G::State& root, int depth) {
  std::vector<std::uint64_t> per_ply(static_cast<std::size_t>(depth) + 1, 0);
  detail::perft_walk(game, root, 0, depth, per_ply);
  return per_ply;
}

}  // namespace gts
