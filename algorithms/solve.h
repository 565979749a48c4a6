// The exact-solve choice: what a user asks for to solve a position without knowing which options
// pay. MTD(f) over the two-bound table, with the game's move hints, solving keys (banked score left
// out of the key, values relative to it) and outcome bounds (bisecting the value's interval), no
// history (which breaks the ties of a good order against it), and a table large enough for the
// shipped problems. With --depth max it is an exact solve; other depths work too (a fixed-depth
// MTD(f) with the same ordering).
//
// Without iterative deepening a node or time budget only stops the solve (its answer is exact or
// none). With it MTD(f) deepens 1, 2, ... over the same table, hints and keys, each value the next
// first guess: a budget then leaves the last completed iteration's move, and a horizon-free
// iteration ends the search with the exact value.
//
// The principal variation is continued to the end of the game: from the table where its entries
// prove the line (the move's child holds the exact value that the position has), else by solving
// the position reached. That extra work is not in the statistics, which are the solve's own.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "algorithms/mtd.h"
#include "algorithms/parallel.h"
#include "algorithms/search.h"
#include "algorithms/shared_table.h"
#include "algorithms/transposition_table.h"
#include "games/game.h"

namespace gts {

struct SolveOptions {
  // The table starts at tt_mb and doubles as it fills, up to tt_max_mb (see TranspositionTable):
  // a large solve reaches the size it needs from any start, and a small one does not pay for
  // pages it never uses (measured in docs/results/kalah-cmancala.md). Equal to tt_mb: no growth.
  std::size_t tt_mb = 16;
  std::size_t tt_max_mb = TranspositionTable::kDefaultGrowthMib;
  bool pv_to_end = true;
  // Depth 1, 2, ... instead of one bisection: under a budget, a completed depth's move.
  bool iterative_deepening = false;
  // More than one thread: each MTD(f) pass is a parallel search (algorithms/parallel.h) over a
  // shared table that starts at tt_mb MiB and grows as the sequential one, up to tt_max_mb.
  ParallelOptions parallel = {.threads = 1, .scheme = ParallelScheme::kLazySmp};

  // The table's growth limit: tt_max_mb, or tt_mb where the limit is below it (no growth).
  [[nodiscard]] std::size_t table_max_mb() const { return std::max(tt_mb, tt_max_mb); }
};

namespace detail {

// The value of `s` from its mover's view if the table proves it exactly (draft exact).
template <Game G, class Table>
bool table_exact(const G& game, Table& table, const typename G::State& s, Value& value,
                 int& move_index) {
  if (game.is_terminal(s)) {
    value = game.terminal_value(s);
    move_index = kNoMoveIndex;
    return true;
  }
  const auto e = table.probe(solve_key(game, s));
  if (!e || e->draft() != kDraftExact || e->lower() != e->upper()) return false;
  value = e->lower() + banked(game, s);
  move_index = e->move_index();
  return true;
}

}  // namespace detail

namespace detail {

// The solve on `table`: a TranspositionTable (one thread) or a SharedTable (options.parallel).
template <Game G, class E, class Table>
SearchResult solve_on(const G& game, const E& eval, const typename G::State& root,
                      const SearchLimits& limits, const SolveOptions& options, Table* table) {
  MtdfOptions o;
  o.tt_mb = options.tt_mb;
  o.hints = AlphaBetaOptions::Hints::kOn;
  o.iterative_deepening = options.iterative_deepening;
  SearchResult result;
  if constexpr (std::is_same_v<Table, SharedTable>) {
    MtSearcher<G, E, ParallelWindowSearcher<G, E>> searcher(game, eval, limits, MtDriver::kMtdf,
                                                            o.tt_mb, table, &o, options.parallel);
    result = searcher.run(root);
  } else {
    result = mtdf(game, eval, root, limits, o, table);
  }
  if (!options.pv_to_end || !result.complete || limits.depth != kDepthMax ||
      result.best_move == kNoMove) {
    return result;
  }
  // Continue the line to the end of the game.
  constexpr std::size_t kMaxLine = 1024;
  std::vector<Move> line{result.best_move};
  auto s = root;
  game.play(s, result.best_move);
  SearchLimits to_end;
  to_end.depth = kDepthMax;
  SolveOptions sub = options;
  sub.pv_to_end = false;
  // Unbudgeted: the bisection alone is the cheapest exact solve.
  sub.iterative_deepening = false;
  while (!game.is_terminal(s) && line.size() < kMaxLine) {
    Value value = 0;
    int index = kNoMoveIndex;
    Move next = kNoMove;
    if (table_exact(game, *table, s, value, index) && index != kNoMoveIndex) {
      MovesOf<G> moves;
      game.legal_moves(s, moves);
      if (static_cast<std::size_t>(index) < moves.size()) {
        auto child = s;
        game.play(child, moves[static_cast<std::size_t>(index)]);
        Value cv = 0;
        int unused = 0;
        if (table_exact(game, *table, child, cv, unused) &&
            (game.to_move(child) == game.to_move(s) ? cv : -cv) == value) {
          next = moves[static_cast<std::size_t>(index)];
        }
      }
    }
    if (next == kNoMove) next = solve_on(game, eval, s, to_end, sub, table).best_move;
    if (next == kNoMove) break;
    line.push_back(next);
    game.play(s, next);
  }
  result.pv = std::move(line);
  return result;
}

}  // namespace detail

// With options.parallel.threads above 1, `table` is not used: the threads share a table of
// tt_mb MiB, growing to tt_max_mb, made for the solve (the harness passes its own through
// solve_parallel).
template <Game G, class E>
requires Evaluator<E, G> SearchResult solve(const G& game, const E& eval,
                                            const typename G::State& root,
                                            const SearchLimits& limits,
                                            const SolveOptions& options = {},
                                            TranspositionTable* table = nullptr) {
  detail::check_limits(limits);
  detail::check_threads(options.parallel.threads);
  if (options.parallel.threads > 1) {
    SharedTable shared(options.tt_mb, options.table_max_mb());
    return detail::solve_on(game, eval, root, limits, options, &shared);
  }
  std::optional<TranspositionTable> own;
  if (table == nullptr) table = &own.emplace(options.tt_mb, options.table_max_mb());
  return detail::solve_on(game, eval, root, limits, options, table);
}

// solve on `threads` threads over `table` (emptied first).
template <Game G, class E>
requires Evaluator<E, G> SearchResult solve_parallel(const G& game, const E& eval,
                                                     const typename G::State& root,
                                                     const SearchLimits& limits,
                                                     const SolveOptions& options,
                                                     SharedTable& table) {
  detail::check_limits(limits);
  detail::check_threads(options.parallel.threads);
  return detail::solve_on(game, eval, root, limits, options, &table);
}

}  // namespace gts
