// Seeded random Kalah positions for benchmarks and tests (bench/kalah_sets, kalah_solve_test):
// each from its own random playout from the start, stopped at the first position with at most T
// seeds left in the houses, T drawn from [lo, hi]; playouts that end the game, or fall below lo
// after a capture, are drawn again. The same arguments give the same positions on every platform
// (splitmix64, no std:: distributions), and each (seeds, capture) variant has its own stream.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "games/kalah/kalah.h"

namespace gts {

// Seeds in the houses of both sides (not in the stores).
inline int kalah_seeds_left(const Kalah& game, const Kalah::State& s) {
  int n = 0;
  for (int side = 0; side < 2; ++side) {
    for (int h = 0; h < game.pits(); ++h) n += s.board[side * (game.pits() + 1) + h];
  }
  return n;
}

inline std::vector<Kalah::State> kalah_random_positions(const Kalah& game, std::uint64_t seed,
                                                        int count, int lo, int hi) {
  std::vector<Kalah::State> out;
  const std::uint64_t stream =
      mix_seed(seed, static_cast<std::uint64_t>(game.seeds() * 2 + (game.capture_empty() ? 1 : 0)));
  for (std::uint64_t draw = 0; static_cast<int>(out.size()) < count; ++draw) {
    std::uint64_t rng = mix_seed(stream, draw);
    const int target = lo + static_cast<int>(detail::seeded_pick(
                                splitmix64(rng), static_cast<std::size_t>(hi - lo + 1)));
    Kalah::State s = game.initial_state();
    for (int ply = 0; !game.is_terminal(s) && (ply < 2 || kalah_seeds_left(game, s) > target);
         ++ply) {
      MovesOf<Kalah> moves;
      game.legal_moves(s, moves);
      game.play(s, moves[detail::seeded_pick(splitmix64(rng), moves.size())]);
    }
    const int left = kalah_seeds_left(game, s);
    if (game.is_terminal(s) || left < lo || left > hi) continue;
    out.push_back(s);
  }
  return out;
}

}  // namespace gts
