// Helpers shared by the algorithm tests: game construction from parameters, every alpha-beta
// option combination, and reproducible positions from seeded random playouts.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "algorithms/alphabeta.h"
#include "algorithms/minimax.h"
#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/sss_star.h"
#include "games/evaluation.h"
#include "games/game.h"
#include "games/params.h"

namespace gts::test {

template <class G>
G make_game(const std::map<std::string, std::string>& params) {
  return G(resolve_params(G::param_specs(), params, "test"));
}

template <class G>
typename G::Eval make_eval(const G& game, const std::string& kind) {
  return typename G::Eval(game, EvalSpec{kind, {}});
}

inline SearchLimits depth_limits(int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return limits;
}

inline std::string describe(const AlphaBetaOptions& o) {
  std::string s = o.fail_soft ? "soft" : "hard";
  if (o.static_ordering) s += "+order";
  if (o.tt) s += "+tt";
  if (o.iterative_deepening) s += "+id";
  if (o.history) s += "+history";
  if (o.enhanced_cutoffs) s += "+etc";
  if (o.random_ties) s += "+ties(seed " + std::to_string(o.seed) + ")";
  if (!o.outcome_bounds) s += "-bounds";
  return s;
}

// fail hard/soft x ordering none/static x tt off/on x id off/on x random ties off/on. Tables are
// small: these tests search small trees many times, and clearing 16 MiB each time would dominate.
inline std::vector<AlphaBetaOptions> all_option_combinations() {
  std::vector<AlphaBetaOptions> out;
  for (int mask = 0; mask < 32; ++mask) {
    AlphaBetaOptions o;
    o.fail_soft = (mask & 1) != 0;
    o.static_ordering = (mask & 2) != 0;
    o.tt = (mask & 4) != 0;
    o.tt_mb = 1;
    o.iterative_deepening = (mask & 8) != 0;
    o.random_ties = (mask & 16) != 0;
    o.seed = 12345;
    out.push_back(o);
  }
  return out;
}

// Position after `plies` random moves from the start (fewer if the game ends first).
template <class G>
typename G::State random_position(const G& game, std::uint64_t seed, int plies) {
  typename G::State s = game.initial_state();
  std::uint64_t rng = seed;
  for (int i = 0; i < plies && !game.is_terminal(s); ++i) {
    MovesOf<G> moves;
    game.legal_moves(s, moves);
    game.play(s, moves[detail::seeded_pick(detail::splitmix64(rng), moves.size())]);
  }
  return s;
}

// Values of every root move by minimax, from the root mover's view.
template <class G, class E>
std::map<Move, Value> root_move_values(const G& game, const E& eval, const typename G::State& root,
                                       int depth) {
  std::map<Move, Value> out;
  MovesOf<G> moves;
  game.legal_moves(root, moves);
  for (Move m : moves) {
    typename G::State child = root;
    game.play(child, m);
    const SearchResult r = minimax(game, eval, child, depth_limits(depth - 1));
    out[m] = game.to_move(child) != game.to_move(root) ? -r.value : r.value;
  }
  return out;
}

}  // namespace gts::test
