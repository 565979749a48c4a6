// The MT family of Plaat, Schaeffer, Pijls and de Bruin ("Best-first fixed-depth minimax
// algorithms", Artificial Intelligence 87, 1996). MT(n, gamma), Memory-enhanced Test, is a
// null-window fail-soft alpha-beta search with the window (gamma - 1, gamma) over a transposition
// table that keeps each position's bound (upper after a fail-low, lower after a fail-high, exact
// for leaves and where the two meet): it answers "is the value >= gamma?" with a bound g on the
// value. Drivers call it repeatedly over one table that survives between the passes:
//
//   MT-SSS*   g = +inf; repeat gamma = g; g = MT(gamma) until g >= gamma   (from above)
//   MT-DUAL*  g = -inf; repeat gamma = g; g = MT(gamma + 1) until g <= gamma   (from below)
//   MTD(f)    g = f; lower = -inf; upper = +inf;
//             while lower < upper: beta = g == lower ? g + 1 : g; g = MT(beta);
//                                  if g < beta: upper = g else lower = g
//
// With a table that holds the tree and the children in a fixed order, MT-SSS* evaluates exactly
// the leaves SSS* evaluates (and MT-DUAL* those of DUAL*): the paper's reformulation of Stockman's
// best-first search as depth-first passes. MTD(f) searches the table's best move first (the
// paper's practical setting); MT-SSS* and MT-DUAL* keep the move order, the setting in which the
// equivalence is proved. Leaves are stored too, so that each is evaluated once across passes.
//
// The table keeps one bound per position (the latest): enough for MT-SSS* and MT-DUAL*, whose
// tests only move one way (a position's bound that answered one pass answers every later one);
// MTD(f), which tests from both sides, may search a position again where a table of two bounds
// would have answered it.
//
// Counting follows algorithms/search.h: every pass's visits count as nodes; a leaf is one
// evaluation; a table answer is a node and a tt_hit. peak_bytes is the table memory the search
// filled (entries created, 16 bytes each).
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "algorithms/alphabeta.h"
#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/transposition_table.h"
#include "games/game.h"

namespace gts {

struct MtOptions {
  std::size_t tt_mb = 16;
};

struct MtdfOptions {
  Value first_guess = 0;
  // Depth 1, 2, ..., each iteration's value the next one's first guess; the table's moves from
  // the previous iteration go first.
  bool iterative_deepening = false;
  std::size_t tt_mb = 16;
  // Move ordering behind the table's move, as in alpha-beta (AlphaBetaOptions): game hints (on
  // by default in searches to the end), static values, history.
  AlphaBetaOptions::Hints hints = AlphaBetaOptions::Hints::kAuto;
  bool static_ordering = false;
  bool history = false;
  bool solve_keys = true;
};

namespace detail {

enum class MtDriver { kSssStar, kDualStar, kMtdf };

// `Searcher`: AlphaBetaSearcher, or ParallelWindowSearcher (algorithms/parallel.h), whose
// constructor takes `extra` (its ParallelOptions) too.
template <Game G, class E, class Searcher = AlphaBetaSearcher<G, E>>
class MtSearcher {
 public:
  using State = typename G::State;

  template <class... Extra>
  MtSearcher(const G& game, const E& eval, const SearchLimits& limits, MtDriver driver,
             std::size_t tt_mb, typename Searcher::TableType* table,
             const MtdfOptions* mtdf = nullptr, const Extra&... extra)
      : game_(game),
        limits_(limits),
        driver_(driver),
        first_guess_(mtdf ? std::clamp(mtdf->first_guess, -kInfinity + 1, kInfinity - 1) : 0),
        iterative_deepening_(mtdf != nullptr && mtdf->iterative_deepening),
        options_(table_options(tt_mb, mtdf)),
        searcher_(game, eval, limits, options_, table, variant(driver), extra...) {}

  SearchResult run(const State& root) {
    const double cpu0 = thread_cpu_ms();
    SearchResult result;
    // Under a node or time budget the search deepens iteratively, and depth 1 completes whatever
    // the budget: a move always comes from a real search.
    // A search to the end keeps its exact answer or none (the solver's "unknown"), so there the
    // budget only stops it.
    const bool has_budget = limits_.max_nodes != 0 || limits_.max_ms > 0.0;
    const bool budgeted = has_budget && limits_.depth != kDepthMax;
    if ((!iterative_deepening_ && !budgeted) || limits_.depth == 0) {
      const Outcome out = drive(root, limits_.depth, first_guess_);
      result = to_result(out);
      result.depth = out.complete ? limits_.depth : 0;
    } else {
      std::optional<Outcome> last;
      int completed = 0;
      bool interrupted = false;
      Value guess = first_guess_;
      for (int d = 1;; d = next_iteration_depth(d, limits_.depth, has_budget)) {
        const std::uint64_t horizon0 = searcher_.horizon_count();
        searcher_.suspend_budget(d == 1);
        Outcome out = drive(root, d, guess);
        searcher_.suspend_budget(false);
        if (!out.complete) {
          interrupted = true;
          if (!last) last = std::move(out);  // nothing completed: what is known of depth 1
          break;
        }
        completed = d;
        guess = out.value;
        if (limits_.progress != nullptr)
          limits_.progress->on_iteration(d, out.value, out.best_move, searcher_.stats().nodes);
        // No horizon touched this iteration: it was exact to the end, as deep as any.
        const bool done = searcher_.horizon_count() == horizon0 || d >= limits_.depth;
        last = std::move(out);
        if (done) break;
      }
      result = to_result(*last);
      result.complete = !interrupted;
      result.depth = interrupted ? completed : limits_.depth;
      result.iteration = completed;
    }
    if (!result.complete && result.best_move == kNoMove && !game_.is_terminal(root)) {
      MovesOf<G> moves;
      game_.legal_moves(root, moves);
      result.best_move = moves[0];
      result.pv = {moves[0]};
    } else if (result.best_move != kNoMove) {
      // A pass's line ends where its null window cut; the table holds the rest of it.
      result.pv_from_table = static_cast<int>(
          searcher_.extend_pv_from_table(root, result.pv, std::max(result.depth, 1)));
    }
    result.stats = searcher_.stats();
    result.stats.peak_bytes = searcher_.table_bytes_used();
    result.stats.cpu_ms = thread_cpu_ms() - cpu0;
    if constexpr (requires { searcher_.thread_nodes(); }) {
      // Parallel passes: the threads' CPU time (the caller only waited) and their nodes.
      result.stats.cpu_ms += searcher_.worker_cpu_ms();
      result.thread_nodes = searcher_.thread_nodes();
    }
    return result;
  }

 private:
  struct Outcome {
    Value value = 0;
    Move best_move = kNoMove;
    std::vector<Move> pv;
    bool complete = false;
  };

  static AlphaBetaOptions table_options(std::size_t tt_mb, const MtdfOptions* mtdf) {
    AlphaBetaOptions o;
    o.fail_soft = true;
    o.tt = true;
    o.tt_mb = tt_mb;
    // MT-SSS* and MT-DUAL* keep the generation order (their equivalence with SSS* and DUAL*).
    o.hints = AlphaBetaOptions::Hints::kOff;
    if (mtdf != nullptr) {
      o.hints = mtdf->hints;
      o.static_ordering = mtdf->static_ordering;
      o.history = mtdf->history;
      o.solve_keys = mtdf->solve_keys;
    }
    return o;
  }
  static SearchVariant variant(MtDriver driver) {
    SearchVariant v;
    v.tt_leaves = true;
    v.tt_move_first = driver == MtDriver::kMtdf;
    return v;
  }

  static SearchResult to_result(const Outcome& out) {
    SearchResult r;
    r.value = out.value;
    r.best_move = out.best_move;
    r.pv = out.pv;
    r.complete = out.complete;
    return r;
  }

  // One MT pass, testing "value >= gamma"; a fail-high's move is remembered in `out`.
  bool pass(const State& root, int depth, Value gamma, Value& g, Outcome& out) {
    auto r = searcher_.search_window(root, depth, gamma - 1, gamma);
    if (!r.complete) return false;
    g = r.value;
    if (g >= gamma) {
      out.best_move = r.best_move;
      out.pv = std::move(r.pv);
    }
    return true;
  }

  // The driver at one depth; an incomplete outcome carries the best bound and move found.
  Outcome drive(const State& root, int depth, Value guess) {
    Outcome out;
    switch (driver_) {
      case MtDriver::kSssStar: {
        Value g = kInfinity;
        for (;;) {
          const Value gamma = g;
          if (!pass(root, depth, gamma, g, out)) break;
          out.value = g;
          if (g >= gamma) {
            out.complete = true;
            break;
          }
        }
        break;
      }
      case MtDriver::kDualStar: {
        Value g = -kInfinity;
        for (;;) {
          const Value gamma = g;
          if (!pass(root, depth, gamma + 1, g, out)) break;
          if (g <= gamma) {
            out.value = gamma;  // the lower bound the last fail-high proved, and its move's
            out.complete = true;
            break;
          }
          out.value = g;
        }
        break;
      }
      case MtDriver::kMtdf: {
        Value lower = -kInfinity;
        Value upper = kInfinity;
        // Solving to the end: the game's outcome bounds (which also bound the clamped horizon
        // values of the shallow iterations) start the interval, and two passes in a row that
        // fail the same way bisect it instead of creeping towards the value one step at a time.
        bool bisect = false;
        if constexpr (HasOutcomeBounds<G>) {
          // (Not at a finished game: its value is its outcome, which the bounds need not cover.)
          if (limits_.depth == kDepthMax && !game_.is_terminal(root)) {
            const auto bounds = game_.outcome_bounds(root);
            // A value the game knows (an endgame database) is searched for its move.
            const Value known = bounds.first == bounds.second ? 1 : 0;
            lower = bounds.first - known;
            upper = bounds.second + known;
            bisect = true;
          }
        }
        Value g = std::clamp(guess, lower, upper);
        int streak = 0;
        bool last_high = false;
        while (lower < upper) {
          Value beta = g == lower ? g + 1 : g;
          if (bisect && streak >= 2 && upper - lower > 2) beta = lower + (upper - lower + 1) / 2;
          if (!pass(root, depth, beta, g, out)) break;
          const bool high = g >= beta;
          streak = high == last_high ? streak + 1 : 1;
          last_high = high;
          if (high) {
            lower = g;
          } else {
            upper = g;
          }
        }
        if (lower >= upper) {
          g = lower;
          // A value at the game's lower bound was never proved by a fail-high, which is what
          // names the best move: one more pass that must fail high.
          if (out.best_move == kNoMove && !game_.is_terminal(root) && depth > 0) {
            Value unused = 0;
            if (!pass(root, depth, lower, unused, out)) lower = upper - 1;
          }
        }
        out.value = g;
        out.complete = lower >= upper;
        break;
      }
    }
    return out;
  }

  const G& game_;
  const SearchLimits& limits_;
  MtDriver driver_;
  Value first_guess_;
  bool iterative_deepening_;
  AlphaBetaOptions options_;  // before searcher_, which keeps a reference to it
  Searcher searcher_;
};

}  // namespace detail

// MT-SSS* to limits.depth. Value from the root mover's point of view. With `table`, that table
// is used (emptied first) instead of one of options.tt_mb allocated for this search.
template <Game G, class E>
requires Evaluator<E, G> SearchResult mt_sss_star(const G& game, const E& eval,
                                                  const typename G::State& root,
                                                  const SearchLimits& limits,
                                                  const MtOptions& options = {},
                                                  TranspositionTable* table = nullptr) {
  detail::check_limits(limits);
  detail::MtSearcher<G, E> searcher(game, eval, limits, detail::MtDriver::kSssStar, options.tt_mb,
                                    table);
  return searcher.run(root);
}

// MT-DUAL*: as mt_sss_star, from below.
template <Game G, class E>
requires Evaluator<E, G> SearchResult mt_dual_star(const G& game, const E& eval,
                                                   const typename G::State& root,
                                                   const SearchLimits& limits,
                                                   const MtOptions& options = {},
                                                   TranspositionTable* table = nullptr) {
  detail::check_limits(limits);
  detail::MtSearcher<G, E> searcher(game, eval, limits, detail::MtDriver::kDualStar, options.tt_mb,
                                    table);
  return searcher.run(root);
}

// MTD(f), with or without iterative deepening.
template <Game G, class E>
requires Evaluator<E, G> SearchResult mtdf(const G& game, const E& eval,
                                           const typename G::State& root,
                                           const SearchLimits& limits,
                                           const MtdfOptions& options = {},
                                           TranspositionTable* table = nullptr) {
  detail::check_limits(limits);
  detail::MtSearcher<G, E> searcher(game, eval, limits, detail::MtDriver::kMtdf, options.tt_mb,
                                    table, &options);
  return searcher.run(root);
}

}  // namespace gts
