// Plain full-width minimax (negamax form): the reference every other algorithm is checked against.
#pragma once

#include <vector>

#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "games/game.h"

namespace gts {

namespace detail {

template <Game G, class E>
class MinimaxSearcher {
 public:
  using State = typename G::State;

  MinimaxSearcher(const G& game, const E& eval, const SearchLimits& limits)
      : game_(game), eval_(eval), limits_(limits), budget_(limits), pv_(limits.depth) {}

  SearchResult run(const State& root) {
    const double cpu0 = thread_cpu_ms();
    SearchResult result;
    if (budget_.exhausted(stats_.nodes)) {
      return finish(result, cpu0, root);
    }
    ++stats_.nodes;
    if (game_.is_terminal(root) || limits_.depth <= 0) {
      ++stats_.leaves;
      result.value = leaf_value(game_, eval_, root);
      result.depth = limits_.depth;
      result.stats = stats_;
      result.stats.cpu_ms = thread_cpu_ms() - cpu0;
      return result;
    }
    ++stats_.interior;
    MovesOf<G> moves;
    game_.legal_moves(root, moves);
    Value best = -kInfinity;
    for (Move m : moves) {
      State child = root;
      game_.play(child, m);
      Value v = search(child, limits_.depth - 1, 1);
      if (budget_.hit()) break;
      if (game_.to_move(child) != game_.to_move(root)) v = -v;
      if (v > best) {
        best = v;
        result.best_move = m;
        pv_.update(0, m);
      }
    }
    if (result.best_move != kNoMove) {
      result.value = best;
      result.pv = pv_.line(0);
    }
    if (budget_.hit()) return finish(result, cpu0, root);
    result.depth = limits_.depth;
    result.stats = stats_;
    result.stats.cpu_ms = thread_cpu_ms() - cpu0;
    return result;
  }

 private:
  Value search(const State& s, int depth, int ply) {
    if (budget_.exhausted(stats_.nodes)) return 0;
    ++stats_.nodes;
    pv_.clear(ply);
    if (depth <= 0 || game_.is_terminal(s)) {
      ++stats_.leaves;
      return leaf_value(game_, eval_, s);
    }
    ++stats_.interior;
    MovesOf<G> moves;
    game_.legal_moves(s, moves);
    Value best = -kInfinity;
    const int mover = game_.to_move(s);
    for (Move m : moves) {
      State child = s;
      game_.play(child, m);
      Value v = search(child, depth - 1, ply + 1);
      if (budget_.hit()) return 0;
      if (game_.to_move(child) != mover) v = -v;
      if (v > best) {
        best = v;
        pv_.update(ply, m);
      }
    }
    return best;
  }

  // Budget ran out: keep the best fully searched root move, else fall back to the first legal
  // move so that a caller always has something legal to play (its value is then a guess).
  SearchResult finish(SearchResult& result, double cpu0, const State& root) {
    result.complete = false;
    result.depth = 0;
    if (result.best_move == kNoMove && !game_.is_terminal(root)) {
      MovesOf<G> moves;
      game_.legal_moves(root, moves);
      result.best_move = moves[0];
      result.pv = {moves[0]};
      result.value = leaf_value(game_, eval_, root);
    }
    result.stats = stats_;
    result.stats.cpu_ms = thread_cpu_ms() - cpu0;
    return result;
  }

  const G& game_;
  const E& eval_;
  const SearchLimits& limits_;
  SearchBudget budget_;
  PvTable pv_;
  SearchStats stats_;
};

}  // namespace detail

// Full-width minimax to limits.depth. Value from the root mover's point of view.
template <Game G, class E>
requires Evaluator<E, G> SearchResult minimax(const G& game, const E& eval,
                                              const typename G::State& root,
                                              const SearchLimits& limits) {
  detail::check_limits(limits);
  detail::MinimaxSearcher<G, E> searcher(game, eval, limits);
  return searcher.run(root);
}

}  // namespace gts
