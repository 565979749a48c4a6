// Alpha-beta (negamax form) with the classic options: fail-hard or fail-soft, static move ordering,
// a transposition table, iterative deepening and seeded random choice among equally good root
// moves; and, off by default, the enhancements an exact solver needs (history ordering, enhanced
// transposition cut-offs, game-supplied outcome bounds).
//
// The side to move decides MAX or MIN, not the ply: value and window flip only where the mover
// changes between a position and its child (Kalah's extra turns keep the same mover).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "algorithms/busy_set.h"
#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/transposition_table.h"
#include "games/game.h"

namespace gts {

struct AlphaBetaOptions {
  // Fail-hard (Knuth and Moore's alpha-beta) keeps every return inside [alpha, beta]; fail-soft
  // returns the best value found even outside the window, a tighter bound for the caller.
  bool fail_soft = false;
  // Children searched in the order of their static values, best first for the mover (stable).
  bool static_ordering = false;
  bool tt = false;
  std::size_t tt_mb = 16;
  bool iterative_deepening = false;
  // Choose uniformly (seeded) among all root moves of the best value instead of the first.
  bool random_ties = false;
  std::uint64_t seed = 0;
  // Game-supplied enhancement: a game with `outcome_bounds(state)` (the interval the exact final
  // outcome must lie in) lets the search cut or narrow the window with it. Used only in searches
  // to the end of the game (depth kDepthMax), whose answer is the exact outcome; a fixed-depth
  // search computes a minimax value over heuristic horizon values, which obey no such bound.
  // Under iterative deepening the shallow iterations of an exact search clamp their horizon
  // values into the bounds: they estimate the same final outcome, and with bounds that shrink
  // along every line of play (Kalah's do: stores only grow) every cut stays consistent with the
  // clamped tree. The final, horizon-free iteration is exact either way.
  bool outcome_bounds = true;
  // Enhanced transposition cut-offs (with tt): before searching the children of a position that
  // the table holds already (searched before: an earlier pass, a transposition), look them all
  // up; one whose entry already proves a value >= beta cuts the position off at once. Costs
  // making every child and a probe per child, saves whole subtrees where positions transpose. A
  // position the table does not hold seldom has its children there, and there the cost is all.
  // Off by default so that plain TT alpha-beta keeps its textbook node counts.
  bool enhanced_cutoffs = false;
  // History heuristic: moves (per side, by move number) that refuted positions before, weighted by
  // the nodes their refutation cost, go first, after game hints and static values. Game-agnostic;
  // it rescues a search in bad move order, but keyed by move number alone it breaks the ties of a
  // good order against it, so it is off by default and game hints, where a game has them, come
  // before it.
  bool history = false;
  // Game-supplied ordering hints (games/game.h, MoveHintGame) rank the moves before static values
  // and history do. kAuto: on in searches to the end of the game (depth kDepthMax), where they
  // decide how many nodes an exact solve takes, off at fixed depths, whose node counts stay those
  // of the textbook options.
  enum class Hints : std::uint8_t { kAuto, kOn, kOff };
  Hints hints = Hints::kAuto;
  // In searches to the end of the game, a game with banked score (games/game.h, BankedScoreGame)
  // keys the table without it and stores values relative to it, so positions that differ only
  // in their banked score (Kalah's stores) and mirror images share entries.
  bool solve_keys = true;
};

namespace detail {

// The members of the alpha-beta family that share AlphaBetaSearcher, beyond plain alpha-beta
// (which is all defaults).
struct SearchVariant {
  // NegaScout / PVS (Reinefeld): every child after the first is searched with a null window
  // (alpha, alpha + 1) and searched again, with the window (v, beta), only when it fails high
  // inside the window; a child that is itself a leaf is exact already and never searched again.
  bool scout = false;
  // MT (Plaat et al.): horizon and terminal results go into the table too, and a leaf is looked
  // up before it is evaluated, so that repeated passes evaluate every leaf once.
  bool tt_leaves = false;
  // The table's best move is searched first (with tt). MT-SSS* and MT-DUAL* turn it off: their
  // equivalence with SSS* and DUAL* holds for one fixed child order.
  bool tt_move_first = true;
  // Parallel search (algorithms/parallel.h). Lazy SMP: the root's children in search order
  // rotated by this much, so that the threads start on different moves.
  std::size_t root_rotation = 0;
  // ABDADA: children (after the eldest) that another thread is searching are put off until the
  // node's other children are done; null: no deferral.
  BusySet* busy = nullptr;
};

// `Table`: TranspositionTable, or SharedTableView for the threads of a parallel search.
template <Game G, class E, class Table = TranspositionTable>
class AlphaBetaSearcher {
 public:
  using State = typename G::State;
  using TableType = Table;
  // One thread of a parallel search (a shared table): the stop flag read at every node and the
  // ABDADA marks. A sequential search compiles both out.
  static constexpr bool kThreaded = !std::is_same_v<Table, TranspositionTable>;

  AlphaBetaSearcher(const G& game, const E& eval, const SearchLimits& limits,
                    const AlphaBetaOptions& options, Table* table = nullptr,
                    SearchVariant variant = {})
      : game_(game),
        eval_(eval),
        limits_(limits),
        options_(options),
        variant_(variant),
        budget_(limits),
        pv_(limits.depth) {
    if (options.tt) {
      if constexpr (std::is_same_v<Table, TranspositionTable>) {
        tt_ = table != nullptr ? table : &own_tt_.emplace(options.tt_mb);
      } else {
        tt_ = table;  // a parallel search always hands its threads the shared table
      }
      if constexpr (std::is_same_v<Table, TranspositionTable>) {
        tt_->new_search(TranspositionTable::layout_for(game, limits.depth == kDepthMax));
      } else {
        tt_->new_search();
      }
    }
    if (tt_ == nullptr) variant_.tt_leaves = false;
    use_etc_ = options.tt && options.enhanced_cutoffs;
    if constexpr (HasOutcomeBounds<G>) {
      use_bounds_ = options.outcome_bounds && limits.depth == kDepthMax;
    }
    const bool exact = limits.depth == kDepthMax;
    use_hints_ = MoveHintGame<G> && (options.hints == AlphaBetaOptions::Hints::kOn ||
                                     (options.hints == AlphaBetaOptions::Hints::kAuto && exact));
    use_solve_keys_ = BankedScoreGame<G> && tt_ != nullptr && options.solve_keys && exact;
    if (options.history) history_.assign(2 * kHistorySize, 0);
    // Static values order only what the game's hints leave tied; where the hints rank every move
    // apart, they are not computed (the order, and so every count, is the same).
    static_order_ = options.static_ordering && !(use_hints_ && hints_rank_every_move<G>());
    // At a fixed depth under tt_leaves every child probes the table, horizon included: made ahead,
    // their misses overlap. To the end of the game a cut node seldom needs its later children,
    // and making them ahead costs more than the overlap saves (docs/results/kalah-cmancala.md).
    make_all_ = static_order_ || (variant_.tt_leaves && !exact);
  }

  // Budget checks pause (for the one iteration that every budgeted search completes).
  void suspend_budget(bool on) { budget_.suspend(on); }
  // After a stop request that only ended one parallel pass: the next pass may search again.
  void rearm_budget() { budget_.rearm(); }

  SearchResult run(const State& root) {
    const double cpu0 = thread_cpu_ms();
    if (tt_) stats_.peak_bytes = tt_->bytes();
    SearchResult result;
    // Under a node or time budget the search deepens iteratively whatever the options say, and
    // depth 1 completes whatever the budget: a move always comes from a real search.
    // A search to the end keeps its exact answer or none (the solver's "unknown"), so there the
    // budget only stops it.
    const bool has_budget = limits_.max_nodes != 0 || limits_.max_ms > 0.0;
    const bool budgeted = has_budget && limits_.depth != kDepthMax;
    if ((!options_.iterative_deepening && !budgeted) || limits_.depth == 0) {
      const Iteration it = search_root(root, limits_.depth);
      result = to_result(it);
      result.depth = it.complete ? limits_.depth : 0;
      if (!it.complete) fall_back_to_legal_move(result, root);
    } else {
      std::optional<Iteration> last;
      int completed = 0;
      bool interrupted = false;
      for (int d = 1;; d = next_iteration_depth(d, limits_.depth, has_budget)) {
        budget_.suspend(d == 1);
        Iteration it = search_root(root, d);
        budget_.suspend(false);
        if (!it.complete) {
          interrupted = true;
          // The interrupted iteration searched the last best move first; a move it found
          // better after that was searched in full, at the deeper depth.
          if (!last || it.improved) last = std::move(it);
          break;
        }
        completed = d;
        if (limits_.progress != nullptr)
          limits_.progress->on_iteration(d, it.value, it.best_move, stats_.nodes);
        const bool done = it.horizon_free || d >= limits_.depth;
        prev_pv_ = it.pv;
        last = std::move(it);
        if (done) break;
      }
      result = to_result(*last);
      // A horizon-free iteration is the full-depth answer, so a complete search reports the
      // requested depth whichever iteration proved it.
      result.complete = !interrupted;
      result.depth = interrupted ? completed : limits_.depth;
      result.iteration = completed;
      if (interrupted) fall_back_to_legal_move(result, root);
    }
    // The table may have grown during the search (to the end, given room): its peak is now.
    if (tt_) stats_.peak_bytes = std::max<std::uint64_t>(stats_.peak_bytes, tt_->bytes());
    result.stats = stats_;
    result.stats.cpu_ms = thread_cpu_ms() - cpu0;
    return result;
  }

  // One search of `root` at `depth` with the window (alpha, beta), through the same node routine
  // as every other position: the table may answer the root, and it is not emptied between calls,
  // so that repeated null-window passes (the MT drivers) build on each other. Statistics add up
  // over calls. `best_move` and `pv` are known when the result is above alpha (the move that
  // raised it), else kNoMove and empty.
  struct WindowResult {
    Value value = 0;
    Move best_move = kNoMove;
    std::vector<Move> pv;
    bool complete = false;
  };
  WindowResult search_window(const State& root, int depth, Value alpha, Value beta) {
    WindowResult r;
    const std::uint64_t key = tt_ ? key_of(root) : 0;
    r.value = search(root, key, depth, 0, alpha, beta, false);
    if (budget_.hit()) return r;
    r.complete = true;
    if (r.value > alpha) {
      r.pv = pv_.line(0);
      if (!r.pv.empty()) {
        r.best_move = r.pv[0];
      } else if (tt_ && !game_.is_terminal(root) && depth > 0) {
        // Answered by the table at the root: its move, when it holds one.
        if (const auto* e = tt_->probe(key); e != nullptr && e->move_index() != kNoMoveIndex) {
          MovesOf<G> moves;
          game_.legal_moves(root, moves);
          if (static_cast<std::size_t>(e->move_index()) < moves.size()) {
            r.best_move = moves[static_cast<std::size_t>(e->move_index())];
            r.pv = {r.best_move};
          }
        }
      }
    }
    return r;
  }
  // Extends `pv` (a line from `root`) by the table's best moves, up to `depth` plies in all (and
  // kMaxPvPly): where a null-window pass cut the line short, the table still knows how each
  // position below was best answered. Stops at the end of the game, at a position the table does
  // not hold or holds without a move. Returns the moves added. Not counted in the statistics.
  std::size_t extend_pv_from_table(const State& root, std::vector<Move>& pv, int depth) const {
    if (tt_ == nullptr) return 0;
    State s = root;
    // A game that watches the search (harness/trace/) is told this walk is none of it.
    if constexpr (ObservedGame<G>) s = game_.unobserved(root);
    for (const Move m : pv) game_.play(s, m);
    const std::size_t limit = static_cast<std::size_t>(std::min(depth, kMaxPvPly));
    std::size_t added = 0;
    while (pv.size() < limit && !game_.is_terminal(s)) {
      const auto* e = tt_->probe(key_of(s));
      if (e == nullptr || e->move_index() == kNoMoveIndex) break;
      MovesOf<G> moves;
      game_.legal_moves(s, moves);
      const auto index = static_cast<std::size_t>(e->move_index());
      if (index >= moves.size()) break;
      pv.push_back(moves[index]);
      game_.play(s, moves[index]);
      ++added;
    }
    return added;
  }
  [[nodiscard]] const SearchStats& stats() const { return stats_; }
  // Horizon leaves seen so far plus table answers that relied on a horizon: unchanged over a
  // search means that search was exact to the end of the game.
  [[nodiscard]] std::uint64_t horizon_count() const { return horizon_; }
  // Table entries this searcher created (positions first stored), as bytes, capped by the table.
  [[nodiscard]] std::uint64_t table_bytes_used() const {
    if (tt_ == nullptr) return 0;
    const std::uint64_t cap = tt_->num_entries();
    return tt_->entries_bytes(fresh_entries_ < cap ? fresh_entries_ : cap);
  }

 private:
  struct Iteration {
    Value value = 0;
    Move best_move = kNoMove;
    std::vector<Move> pv;
    bool complete = false;
    bool horizon_free = false;
    bool improved = false;  // interrupted after a move beat the first one, searched in full
  };

  static SearchResult to_result(const Iteration& it) {
    SearchResult r;
    r.value = it.value;
    r.best_move = it.best_move;
    r.pv = it.pv;
    r.complete = it.complete;
    return r;
  }

  void fall_back_to_legal_move(SearchResult& result, const State& root) const {
    result.complete = false;
    if (result.best_move != kNoMove || game_.is_terminal(root)) return;
    MovesOf<G> moves;
    game_.legal_moves(root, moves);
    result.best_move = moves[0];
    result.pv = {moves[0]};
    result.value = leaf_value(game_, eval_, root);
  }

  // The root: never cut off by the TT, full window, and the place where ties are collected.
  Iteration search_root(const State& root, int depth) {
    Iteration it;
    const std::uint64_t horizon0 = horizon_;
    const std::uint64_t nodes0 = stats_.nodes;
    if (budget_.exhausted(stats_.nodes)) return it;
    const Value off = offset_of(root);
    ++stats_.nodes;
    pv_.clear(0);
    const bool terminal = game_.is_terminal(root);
    if (terminal || depth <= 0) {
      ++stats_.leaves;
      if (!terminal) ++horizon_;
      it.value = leaf_value(game_, eval_, root);
      it.complete = true;
      it.horizon_free = terminal;
      return it;
    }
    int first_index = kNoMoveIndex;
    std::uint64_t key = 0;
    if (tt_) {
      key = key_of(root);
      ++stats_.tt_probes;
      if (const auto* e = tt_->probe(key)) {
        ++stats_.tt_hits;
        first_index = e->move_index();
      }
    }
    // The previous iteration's choice goes first, whatever the table holds now (but not before
    // the hints in an iteration to the end: trust_table_move).
    const Move first = prev_pv_.empty() || !trust_heuristic_line(depth) ? kNoMove : prev_pv_[0];
    ++stats_.interior;
    Children& ch = expand(root, 0, depth, first, first_index, make_all_);
    if (const std::size_t r = ch.size > 1 ? variant_.root_rotation % ch.size : 0; r != 0) {
      std::rotate(ch.order.begin(), ch.order.begin() + static_cast<std::ptrdiff_t>(r),
                  ch.order.begin() + static_cast<std::ptrdiff_t>(ch.size));
    }

    const int mover = game_.to_move(root);
    Value best = -kInfinity;
    bool have = false;
    ties_.clear();
    std::size_t num_tie_pvs = 0;
    std::size_t searched = 0;
    std::size_t deferred = 0;
    for (std::size_t step = 0; step < ch.size + deferred; ++step) {
      const std::size_t k = step < ch.size ? step : ch.deferred[step - ch.size];
      const Move m = ch.moves[ch.order[k]];
      const State& child = ch.child(k, root, game_);
      const bool flip = game_.to_move(child) != mover;
      const Value a = !have ? -kInfinity : (options_.random_ties ? best - 1 : best);
      const Value b = kInfinity;
      const bool child_on_pv = !prev_pv_.empty() && m == prev_pv_[0];
      const std::uint64_t child_key = ch.made ? ch.key(k) : 0;
      const ChildMark busy(*this, ch, step, k, child, child_key, depth, 0, deferred);
      if (busy.deferred) continue;
      const auto search_child = [&](Value lo, Value hi) {
        return flip ? -search(child, child_key, depth - 1, 1, -hi, -lo, child_on_pv)
                    : search(child, child_key, depth - 1, 1, lo, hi, child_on_pv);
      };
      Value v;
      if (variant_.scout && have) {
        // Scout: is this move better than (or, for random ties, as good as) the best so far?
        v = search_child(a, a + 1);
        if (!budget_.hit() && v > a && !exact_child(child, depth - 1)) {
          v = options_.fail_soft ? std::max(v, search_child(v, b)) : search_child(a, b);
        }
      } else {
        v = search_child(a, b);
      }
      if (budget_.hit()) break;
      ++searched;
      const bool better = !have || v > best;
      const bool tie = have && options_.random_ties && v == best;
      if (better) {
        best = v;
        have = true;
        ties_.clear();
        num_tie_pvs = 0;
      }
      if (better || tie) {
        ties_.push_back(m);
        pv_.update(0, m);
        if (tie_pvs_.size() <= num_tie_pvs) tie_pvs_.emplace_back();
        tie_pvs_[num_tie_pvs++] = pv_.line(0);
      }
    }
    if (have) {
      const std::size_t pick = options_.random_ties ? seeded_pick(options_.seed, ties_.size()) : 0;
      it.value = best;
      it.best_move = ties_[pick];
      it.pv = tie_pvs_[pick];
    }
    if (budget_.hit()) {
      it.improved = have && searched > 1 && it.best_move != ch.moves[ch.order[0]];
      return it;
    }
    it.complete = true;
    it.horizon_free = horizon_ == horizon0;
    if (tt_) {
      int best_index = kNoMoveIndex;
      for (std::size_t i = 0; i < ch.size; ++i) {
        if (ch.moves[i] == it.best_move) best_index = static_cast<int>(i);
      }
      tt_put(key, off, it.horizon_free ? kDraftExact : depth, best, best, best_index,
             stats_.nodes - nodes0);
    }
    return it;
  }

  // `key`: the position's table key when the parent computed it (to prefetch its bucket), else 0:
  // computed here, once the game's bounds have not settled the position (a key that is 0 in truth
  // is only computed again).
  Value search(const State& s, std::uint64_t key, int depth, int ply, Value alpha, Value beta,
               bool on_pv) {
    if (budget_.exhausted(stats_.nodes)) return 0;
    ++stats_.nodes;
    pv_.clear(ply);
    const bool terminal = game_.is_terminal(s);
    if (terminal || depth <= 0) {
      if (variant_.tt_leaves) return table_leaf(s, key, terminal, depth, alpha, beta);
      ++stats_.leaves;
      if (terminal) return game_.terminal_value(s);
      ++horizon_;
      // Raw, even under fail-hard: the parent clamps, as in Knuth and Moore's formulation.
      return bounded_eval(s);
    }
    if constexpr (HasOutcomeBounds<G>) {
      if (use_bounds_) {
        const auto bounds = game_.outcome_bounds(s);
        Value lo = bounds.first;
        Value hi = bounds.second;
        // A root whose value the game knows (an endgame database) still needs its move: the
        // children are searched in a window around the value.
        if (ply == 0 && lo == hi) {
          --lo;
          ++hi;
        }
        if (lo >= beta) return options_.fail_soft ? lo : beta;
        if (hi <= alpha) return options_.fail_soft ? hi : alpha;
        if (lo == hi) return lo;  // strictly inside the window here
        // Narrowing is sound: a return at a narrowed edge is also bounded by the game, so it is
        // exact, and it lies inside the caller's window.
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
      }
    }
    const std::uint64_t horizon0 = horizon_;
    const std::uint64_t nodes0 = stats_.nodes;
    int first_index = kNoMoveIndex;
    Value off = 0;
    bool known = false;  // the table holds the position
    if (tt_) {
      if (key == 0) key = key_of(s);
      off = offset_of(s);
      ++stats_.tt_probes;
      const auto* e = tt_->probe(key);
      if (e == nullptr) ++fresh_entries_;  // stored below (a budget cut aside)
      if (e != nullptr) {
        ++stats_.tt_hits;
        known = true;
        if (variant_.tt_move_first && trust_table_move(*e, depth)) first_index = e->move_index();
        if (const auto v = tt_answer(*e, off, depth, alpha, beta)) return *v;
      }
    }
    const bool pv_move_known =
        on_pv && static_cast<std::size_t>(ply) < prev_pv_.size() && trust_heuristic_line(depth);
    // Without a table move, the previous iteration's line.
    const Move first = first_index == kNoMoveIndex && pv_move_known
                           ? prev_pv_[static_cast<std::size_t>(ply)]
                           : kNoMove;

    ++stats_.interior;
    const bool etc = use_etc_ && known;
    Children& ch = expand(s, ply, depth, first, first_index, make_all_ || etc);
    const int mover = game_.to_move(s);
    if (etc) {
      if (const auto cut = etc_cutoff(ch, depth, mover, beta)) {
        ++stats_.cutoffs;
        const Value v = options_.fail_soft ? cut->first : beta;
        tt_put(key, off, horizon_ == horizon0 ? kDraftExact : depth, v, kInfinity, cut->second,
               stats_.nodes - nodes0);
        return v;
      }
    }

    const Value alpha0 = alpha;
    Value best = -kInfinity;
    int best_index = kNoMoveIndex;
    std::size_t deferred = 0;
    for (std::size_t step = 0; step < ch.size + deferred; ++step) {
      const std::size_t k = step < ch.size ? step : ch.deferred[step - ch.size];
      const Move m = ch.moves[ch.order[k]];
      Value v;
      if (known_move(s, m, v)) {
        // Settled by the game without making the child (not a node): an exact value.
        pv_.clear(ply + 1);
      } else {
        const State& child = ch.child(k, s, game_);
        const bool child_on_pv = pv_move_known && m == prev_pv_[static_cast<std::size_t>(ply)];
        const std::uint64_t child_key = ch.made ? ch.key(k) : 0;
        const ChildMark busy(*this, ch, step, k, child, child_key, depth, ply, deferred);
        if (busy.deferred) continue;
        const bool flip = game_.to_move(child) != mover;
        const auto search_child = [&](Value lo, Value hi) {
          return flip ? -search(child, child_key, depth - 1, ply + 1, -hi, -lo, child_on_pv)
                      : search(child, child_key, depth - 1, ply + 1, lo, hi, child_on_pv);
        };
        if (variant_.scout && k > 0 && beta - alpha > 1) {
          v = search_child(alpha, alpha + 1);
          if (!budget_.hit() && v > alpha && v < beta && !exact_child(child, depth - 1)) {
            v = options_.fail_soft ? std::max(v, search_child(v, beta))
                                   : search_child(alpha, beta);
          }
        } else {
          v = search_child(alpha, beta);
        }
        if (budget_.hit()) return 0;
      }
      if (options_.fail_soft) {
        if (v > best) {
          best = v;
          best_index = ch.order[k];
          if (v > alpha) {
            alpha = v;
            pv_.update(ply, m);
          }
          if (v >= beta) {
            ++stats_.cutoffs;
            if (options_.history) history_at(mover, m) += stats_.nodes - nodes0;
            break;
          }
        }
      } else {
        if (v >= beta) {
          ++stats_.cutoffs;
          if (options_.history) history_at(mover, m) += stats_.nodes - nodes0;
          best = beta;
          best_index = ch.order[k];
          break;
        }
        if (v > alpha) {
          alpha = v;
          best_index = ch.order[k];
          pv_.update(ply, m);
        }
      }
      // (Not under a tracing wrapper: its record would take the children made ahead for visits.
      // The prefetch changes no result and no count.)
      if (!ObservedGame<G> && k == 0 && tt_ != nullptr && !ch.made && ch.size > 1) {
        make_rest(ch, s, depth);
      }
    }
    const Value result = options_.fail_soft ? best : (best == beta ? beta : alpha);
    if (tt_) {
      tt_put(key, off, horizon_ == horizon0 ? kDraftExact : depth,
             result > alpha0 ? result : -kInfinity, result < beta ? result : kInfinity, best_index,
             stats_.nodes - nodes0);
    }
    return result;
  }

  // Whether the entry's best move goes before the game's hints. In the iteration of a search to
  // the end that goes to the end (remaining depth beyond any horizon), a move that a shallower
  // iteration chose, with a horizon below it, was chosen for a heuristic value; the hints, made
  // for exact values, order better there (docs/guide/exact-solving.md, "Iterative deepening to
  // the end"). Exact entries, fixed-depth searches and searches without hints keep the table's
  // move first.
  template <class Entry>
  [[nodiscard]] bool trust_table_move(const Entry& e, int depth) const {
    return e.draft() == kDraftExact || trust_heuristic_line(depth);
  }
  // The same for the previous iteration's principal variation.
  [[nodiscard]] bool trust_heuristic_line(int depth) const {
    return !use_hints_ || depth < kDepthMax / 2;
  }
  [[nodiscard]] std::uint64_t key_of(const State& s) const {
    return use_solve_keys_ ? solve_key(game_, s) : game_.hash(s);
  }
  // What the table's values are relative to (the banked score, with solving keys).
  [[nodiscard]] Value offset_of(const State& s) const {
    return use_solve_keys_ ? banked(game_, s) : 0;
  }
  void tt_put(std::uint64_t key, Value off, std::int32_t draft, Value lower, Value upper,
              int move_index, std::uint64_t nodes) {
    tt_->store(key, draft, lower == -kInfinity ? lower : lower - off,
               upper == kInfinity ? upper : upper - off, move_index, nodes);
  }
  // The entry's answer for the window (alpha, beta) at `depth`, when its bounds settle it.
  template <class Entry>
  std::optional<Value> tt_answer(const Entry& e, Value off, int depth, Value alpha, Value beta) {
    if (e.draft() < (depth < 0 ? 0 : depth)) return std::nullopt;
    Value lo = e.lower();
    Value hi = e.upper();
    if (lo != -kInfinity) lo += off;
    if (hi != kInfinity) hi += off;
    Value v;
    if (lo >= beta) {
      v = lo;
    } else if (hi <= alpha) {
      v = hi;
    } else if (lo == hi) {
      v = lo;
    } else {
      return std::nullopt;
    }
    if (e.draft() != kDraftExact) ++horizon_;
    if (options_.fail_soft) return v;
    return v <= alpha ? alpha : (v >= beta ? beta : v);
  }

  // A leaf under tt_leaves: the table's answer if it has one for this window (a node, not a
  // leaf), else one evaluation, stored as exact.
  Value table_leaf(const State& s, std::uint64_t key, bool terminal, int depth, Value alpha,
                   Value beta) {
    ++stats_.tt_probes;
    if (key == 0) key = key_of(s);
    const Value off = offset_of(s);
    if (const auto* e = tt_->probe(key)) {
      ++stats_.tt_hits;
      if (const auto v = tt_answer(*e, off, depth, alpha, beta)) return *v;
    } else {
      ++fresh_entries_;
    }
    ++stats_.leaves;
    Value v;
    if (terminal) {
      v = game_.terminal_value(s);
    } else {
      ++horizon_;
      v = bounded_eval(s);
    }
    tt_put(key, off, terminal ? kDraftExact : 0, v, v, kNoMoveIndex, 1);
    return v;
  }

  // A child whose search returns its exact value whatever the window: one evaluated directly.
  bool exact_child(const State& child, int child_depth) const {
    return !variant_.tt_leaves && (child_depth <= 0 || game_.is_terminal(child));
  }

  // A horizon value; in an exact search's shallow iterations, clamped into the game's bounds.
  Value bounded_eval(const State& s) const {
    const Value v = eval_(s);
    if constexpr (HasOutcomeBounds<G>) {
      if (use_bounds_) {
        const auto bounds = game_.outcome_bounds(s);
        if (v < bounds.first) return bounds.first;
        if (v > bounds.second) return bounds.second;
      }
    }
    return v;
  }

  // The children of one position, in the order they are searched. Each ply owns one (kept across
  // the search, so no allocation per node) and its storage never moves while deeper plies grow.
  static_assert(G::kMaxMoves <= 65535, "move indices are 16-bit");
  struct Children {
    std::array<Move, G::kMaxMoves> moves{};           // generation order
    std::array<std::uint16_t, G::kMaxMoves> order{};  // search order: indices into moves
    std::array<State, G::kMaxMoves> states{};         // generation order, when made
    std::array<std::uint64_t, G::kMaxMoves> keys{};   // hashes of states, with a table
    std::array<bool, G::kMaxMoves> has_key{};         // the child will probe the table
    std::size_t size = 0;
    bool made = false;  // states (and keys) filled in by expand
    State scratch{};    // the child being searched when states are not made in advance
    std::array<std::uint16_t, G::kMaxMoves> deferred{};  // ABDADA: positions in order, put off

    // The k-th child in search order. Unless expand made them all (make_all), the child is made
    // only when it is searched (and hashed by its own search, when the table is probed), as a
    // cut-off usually comes at the first.
    const State& child(std::size_t k, const State& parent, const G& game) {
      if (made) return states[order[k]];
      scratch = parent;
      game.play(scratch, moves[order[k]]);
      return scratch;
    }
    [[nodiscard]] std::uint64_t key(std::size_t k) const { return keys[order[k]]; }
  };

  // ABDADA at one child: on the first pass over the children, a young brother (not the first)
  // that another thread is searching is put off (`deferred` set, its place appended to
  // ch.deferred); otherwise the child is marked busy for as long as this object lives (its
  // search). Only where a child's subtree is worth sharing: a few plies from the root, above the
  // last plies of a fixed depth.
  struct BusyMark {
    BusyMark(AlphaBetaSearcher& searcher, Children& ch, std::size_t step, std::size_t k,
             const State& child, std::uint64_t child_key, int depth, int ply,
             std::size_t& num_deferred)
        : set(searcher.variant_.busy) {
      if (set == nullptr || depth < 3 || ply >= kBusyPlies || searcher.game_.is_terminal(child)) {
        set = nullptr;
        return;
      }
      key = child_key != 0 ? child_key : searcher.key_of(child);
      if (step < ch.size && k > 0 && set->busy(key)) {
        ch.deferred[num_deferred++] = static_cast<std::uint16_t>(k);
        deferred = true;
        set = nullptr;
        return;
      }
      set->mark(key);
    }
    ~BusyMark() {
      if (set != nullptr) set->unmark(key);
    }
    BusyMark(const BusyMark&) = delete;
    BusyMark& operator=(const BusyMark&) = delete;
    BusySet* set;
    std::uint64_t key = 0;
    bool deferred = false;
  };
  static constexpr int kBusyPlies = 12;
  // A sequential search's: nothing, never deferred.
  struct NoMark {
    template <class... Args>
    explicit NoMark(Args&&... /*unused*/) {}
    static constexpr bool deferred = false;
  };
  using ChildMark = std::conditional_t<kThreaded, BusyMark, NoMark>;

  // Allocated kPliesPerBlock plies at a time, as the search first reaches them.
  Children& children_at(int ply) {
    const auto p = static_cast<std::size_t>(ply);
    while (children_.size() * kPliesPerBlock <= p) {
      children_.push_back(std::make_unique<Children[]>(kPliesPerBlock));
    }
    return children_[p / kPliesPerBlock][p % kPliesPerBlock];
  }

  // Generates the moves of `s` and orders them: static ordering first (stable, so equal children
  // keep move order), then the PV move `first` or else the TT move (an index in generation order,
  // checked: a hash collision may hand over any index) to the front. `make_all` (static ordering,
  // ETC, tt_leaves at a fixed depth) makes every child first: then each is also hashed and its
  // bucket prefetched, so that the children's probes overlap instead of each waiting for memory in
  // turn. Otherwise (Pons' Connect Four solver's way) a child is made only when it is searched: a
  // cut node usually searches one child and the others would be made and hashed for nothing.
  // The child evaluations made for ordering only order moves: they are not leaves; they count as
  // ordering_evals.
  Children& expand(const State& s, int ply, int depth, Move first, int first_index, bool make_all) {
    Children& ch = children_at(ply);
    MovesOf<G> moves;
    game_.legal_moves(s, moves);
    ch.size = moves.size();
    ch.made = make_all;
    const bool sorted = static_order_ || options_.history || use_hints_;
    for (std::size_t i = 0; i < ch.size; ++i) {
      ch.moves[i] = moves[i];
      ch.order[i] = static_cast<std::uint16_t>(i);
    }
    if (ch.made) {
      for (std::size_t i = 0; i < ch.size; ++i) {
        ch.states[i] = s;
        game_.play(ch.states[i], moves[i]);
        // Children at the horizon or at the end of the game are evaluated, never probed (but
        // under tt_leaves, looked up first).
        ch.has_key[i] =
            tt_ && (variant_.tt_leaves || (depth > 1 && !game_.is_terminal(ch.states[i])));
        if (ch.has_key[i]) {
          ch.keys[i] = key_of(ch.states[i]);
          tt_->prefetch(ch.keys[i]);
        }
      }
    }
    if (sorted && ch.size > 1 && !static_order_ && !options_.history) {
      // The hints alone (the exact solvers' case): the same insertion sort on one int.
      std::array<int, G::kMaxMoves> hints;
      for (std::size_t i = 0; i < ch.size; ++i) {
        const int hint = move_hint(game_, s, ch.moves[i]);
        std::size_t j = i;
        for (; j > 0 && hints[j - 1] < hint; --j) {
          hints[j] = hints[j - 1];
          ch.order[j] = ch.order[j - 1];
        }
        hints[j] = hint;
        ch.order[j] = static_cast<std::uint16_t>(i);
      }
    } else if (sorted && ch.size > 1) {
      // (game hint, static value, history), compared in that order. Not zero-filled (a tuple
      // would be): the insertion sort writes each slot before it reads it.
      struct SortKey {
        int hint;
        Value value;
        std::uint64_t history;
        bool operator<(const SortKey& o) const {
          return std::tie(hint, value, history) < std::tie(o.hint, o.value, o.history);
        }
      };
      std::array<SortKey, G::kMaxMoves> sort_keys;
      const int mover = game_.to_move(s);
      for (std::size_t i = 0; i < ch.size; ++i) {
        SortKey key{0, 0, 0};
        if (use_hints_) key.hint = move_hint(game_, s, ch.moves[i]);
        if (static_order_) {
          const State& c = ch.states[i];
          ++stats_.ordering_evals;
          const Value v = leaf_value(game_, eval_, c);
          key.value = game_.to_move(c) != mover ? -v : v;
        }
        if (options_.history) key.history = history_at(mover, ch.moves[i]);
        // Insertion sort, descending by key; equal keys stay in move order.
        std::size_t j = i;
        for (; j > 0 && sort_keys[j - 1] < key; --j) {
          sort_keys[j] = sort_keys[j - 1];
          ch.order[j] = ch.order[j - 1];
        }
        sort_keys[j] = key;
        ch.order[j] = static_cast<std::uint16_t>(i);
      }
    }
    if (first != kNoMove || first_index < static_cast<int>(ch.size)) {
      for (std::size_t k = 0; k < ch.size; ++k) {
        if (first != kNoMove ? ch.moves[ch.order[k]] != first : ch.order[k] != first_index) {
          continue;
        }
        const std::uint16_t idx = ch.order[k];
        for (std::size_t j = k; j > 0; --j) ch.order[j] = ch.order[j - 1];
        ch.order[0] = idx;
        break;
      }
    }
    return ch;
  }

  // The first child did not cut the position off, so the rest will likely all be searched (an
  // ALL node): makes them now and starts loading their table buckets, so that their probes
  // overlap instead of each waiting for memory in turn while its elder sibling's subtree runs.
  void make_rest(Children& ch, const State& s, int depth) {
    for (std::size_t k = 1; k < ch.size; ++k) {
      const std::size_t i = ch.order[k];
      Value known;
      if (known_move(s, ch.moves[i], known)) continue;  // never made
      ch.states[i] = s;
      game_.play(ch.states[i], ch.moves[i]);
      ch.has_key[i] = depth > 1 && !game_.is_terminal(ch.states[i]);
      ch.keys[i] = 0;
      if (ch.has_key[i]) {
        ch.keys[i] = key_of(ch.states[i]);
        tt_->prefetch(ch.keys[i]);
      }
    }
    ch.made = true;
  }

  // True, with the value in `v` (the mover's view), when the game knows the exact outcome of
  // playing `m` at `s` (HasMoveOutcome; searches to the end only, as with the bounds).
  bool known_move(const State& s, Move m, Value& v) const {
    if constexpr (HasMoveOutcome<G>) {
      if (use_bounds_) {
        if (const auto known = game_.move_outcome(s, m)) {
          v = *known;
          return true;
        }
      }
    }
    (void)s;
    (void)m;
    (void)v;
    return false;
  }

  // Enhanced transposition cut-off: a child whose table entry already proves a value >= beta
  // refutes the position before any child is searched. The children's buckets were prefetched by
  // expand. Returns the proven value (the mover's view) and the child's index.
  std::optional<std::pair<Value, int>> etc_cutoff(const Children& ch, int depth, int mover,
                                                  Value beta) {
    for (std::size_t i = 0; i < ch.size; ++i) {
      if (!ch.has_key[i]) continue;
      ++stats_.tt_probes;
      const auto* e = tt_->probe(ch.keys[i]);
      if (e == nullptr) continue;
      ++stats_.tt_hits;
      if (e->draft() < depth - 1) continue;
      const Value off = offset_of(ch.states[i]);
      Value proven;
      if (game_.to_move(ch.states[i]) != mover) {
        if (e->upper() == kInfinity) continue;
        proven = -(e->upper() + off);
      } else {
        if (e->lower() == -kInfinity) continue;
        proven = e->lower() + off;
      }
      if (proven < beta) continue;
      if (e->draft() != kDraftExact) ++horizon_;
      return std::pair{proven, static_cast<int>(i)};
    }
    return std::nullopt;
  }

  const G& game_;
  const E& eval_;
  const SearchLimits& limits_;
  const AlphaBetaOptions& options_;
  SearchVariant variant_;
  BasicSearchBudget<kThreaded> budget_;
  PvTable pv_;
  SearchStats stats_;
  std::optional<TranspositionTable> own_tt_;
  Table* tt_ = nullptr;  // own_tt_'s, or the caller's
  bool use_bounds_ = false;
  bool use_etc_ = false;
  bool use_hints_ = false;
  bool use_solve_keys_ = false;
  bool static_order_ = false;  // static values computed to order moves
  bool make_all_ = false;      // every child made (hashed, prefetched) before any is searched
  std::vector<std::uint64_t> history_;  // with options_.history only
  static constexpr std::size_t kHistorySize = 1024;
  std::uint64_t& history_at(int mover, Move m) {
    return history_[static_cast<std::size_t>(mover & 1) * kHistorySize +
                    (static_cast<std::uint32_t>(m) & (kHistorySize - 1))];
  }
  // Horizon leaves seen so far, plus TT cut-offs that relied on a horizon: a subtree whose search
  // leaves it unchanged is exact to the end of the game.
  std::uint64_t horizon_ = 0;
  std::uint64_t fresh_entries_ = 0;  // positions probed and not found (then stored)
  std::vector<Move> prev_pv_;        // the last completed iteration's line (iterative deepening)
  static constexpr std::size_t kPliesPerBlock = 16;
  std::vector<std::unique_ptr<Children[]>> children_;  // by ply, in blocks
  MovesOf<G> ties_;
  std::vector<std::vector<Move>> tie_pvs_;
};

}  // namespace detail

// Alpha-beta to limits.depth. Value from the root mover's point of view. Throws ParamError for a
// bad depth or table size. With options.tt, `table` (when given) is used instead of a table of
// options.tt_mb allocated for this search; it is emptied first either way, so a caller that
// searches many positions (a tournament player) keeps one table without paying for its memory
// at every move, and every search still starts from an empty table.
template <Game G, class E>
requires Evaluator<E, G> SearchResult alphabeta(const G& game, const E& eval,
                                                const typename G::State& root,
                                                const SearchLimits& limits,
                                                const AlphaBetaOptions& options = {},
                                                TranspositionTable* table = nullptr) {
  detail::check_limits(limits);
  detail::AlphaBetaSearcher<G, E> searcher(game, eval, limits, options, table);
  return searcher.run(root);
}

}  // namespace gts
