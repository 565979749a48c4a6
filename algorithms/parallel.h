// Parallel alpha-beta over one shared lock-free table (algorithms/shared_table.h), on the node
// routine of algorithms/alphabeta.h:
//
//   Lazy SMP   every thread searches the whole root, sharing nothing but the table; thread i
//              searches the root's children rotated by i, so that the threads start on different
//              moves and fill the table for each other.
//   ABDADA     Weill's "alpha-beta distribue avec droit d'anesse" (1996): every thread searches
//              the whole root too, but a young brother that another thread is searching (a
//              BusySet mark) is put off until the node's other children are done, where the table
//              usually answers it.
//
// The first thread to complete its search ends the others (through a stop flag they poll) and its
// result is the search's: a search to the end returns the exact value, as one thread does (every
// value in the table is a true bound, whichever thread stored it). Under a budget that stops
// every thread, the thread with the deepest completed iteration answers.
//
// What a fixed depth guarantees: every thread searches the same depth (no staggering), so every
// draft in the table is one a single thread could have stored; the value equals the sequential
// one where a position's remaining depth is the same wherever it occurs (games whose ply count
// is fixed by the position: tic-tac-toe, Connect Four, uniform trees), because then every bound
// in the table bounds the same depth-limited minimax value. Where a position recurs at different
// remaining depths (Kalah: extra turns), a deeper draft from another thread answers a shallower
// need, as a transposition does in one thread, but in an order the schedule decides: the value
// is a depth->=d minimax value and may differ from the sequential one.
//
// Counting (algorithms/search.h): nodes and every other count are the sums over the threads, the
// nodes of threads stopped when another finished included (that work is the search overhead);
// thread_nodes has each thread's; cpu_ms is the threads' CPU time summed. Threads are a
// ThreadTeam (algorithms/thread_team.h) made for each search and kept for all the passes of an
// MTD(f) or a bisection; the calling thread waits.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "algorithms/alphabeta.h"
#include "algorithms/busy_set.h"
#include "algorithms/search.h"
#include "algorithms/shared_table.h"
#include "algorithms/thread_team.h"
#include "games/game.h"
#include "games/params.h"

namespace gts {

enum class ParallelScheme : std::uint8_t { kLazySmp, kAbdada };

struct ParallelOptions {
  int threads = 1;
  ParallelScheme scheme = ParallelScheme::kLazySmp;
};

namespace detail {

inline void check_threads(int threads) {
  if (threads < 1 || threads > 256) {
    throw ParamError("threads must be 1..256, got " + std::to_string(threads));
  }
}

// Each thread's limits: the caller's, stopped by `done` (one thread: by the caller's flag), the
// node budget split between them, progress reported by thread 0 alone.
inline std::vector<SearchLimits> thread_limits(const SearchLimits& limits, int n,
                                               const std::atomic<bool>& done) {
  std::vector<SearchLimits> out(static_cast<std::size_t>(n), limits);
  for (int i = 0; i < n; ++i) {
    SearchLimits& l = out[static_cast<std::size_t>(i)];
    if (n > 1) l.stop = &done;
    if (limits.max_nodes != 0) {
      l.max_nodes = std::max<std::uint64_t>(1, limits.max_nodes / static_cast<std::uint64_t>(n));
    }
    if (i > 0) l.progress = nullptr;
  }
  return out;
}

inline SearchVariant thread_variant(SearchVariant base, ParallelScheme scheme, int thread,
                                    BusySet* busy) {
  if (scheme == ParallelScheme::kLazySmp) base.root_rotation = static_cast<std::size_t>(thread);
  if (scheme == ParallelScheme::kAbdada) base.busy = busy;
  return base;
}

// Claims the win for `thread` (the first complete search) and stops the others.
inline bool claim(std::atomic<int>& winner, std::atomic<bool>& done, int thread) {
  int none = -1;
  if (!winner.compare_exchange_strong(none, thread)) return false;
  done.store(true, std::memory_order_relaxed);
  return true;
}

// The threads of a parallel search run as one searcher with AlphaBetaSearcher's window interface,
// for the MT drivers (MTD(f) in `solve`): each search_window is one parallel pass, its value the
// first thread's to complete the pass. Statistics add up over threads and passes.
template <Game G, class E>
class ParallelWindowSearcher {
 public:
  using State = typename G::State;
  using TableType = SharedTable;
  using Thread = AlphaBetaSearcher<G, E, SharedTableView>;
  using WindowResult = typename Thread::WindowResult;

  ParallelWindowSearcher(const G& game, const E& eval, const SearchLimits& limits,
                         const AlphaBetaOptions& options, SharedTable* table, SearchVariant variant,
                         ParallelOptions par)
      : user_stop_(limits.stop),
        n_((check_threads(par.threads), par.threads)),
        table_(table),
        team_(n_) {
    table->new_search();
    table->set_growth_stop(&done_);
    thread_limits_ = thread_limits(limits, n_, done_);
    for (int i = 0; i < n_; ++i) views_.emplace_back(std::make_unique<SharedTableView>(*table));
    for (int i = 0; i < n_; ++i) {
      const auto u = static_cast<std::size_t>(i);
      threads_.emplace_back(
          std::make_unique<Thread>(game, eval, thread_limits_[u], options, views_[u].get(),
                                   thread_variant(variant, par.scheme, i, &busy_)));
    }
    cpu_ms_.assign(static_cast<std::size_t>(n_), 0.0);
  }
  ~ParallelWindowSearcher() { table_->set_growth_stop(nullptr); }
  ParallelWindowSearcher(const ParallelWindowSearcher&) = delete;
  ParallelWindowSearcher& operator=(const ParallelWindowSearcher&) = delete;

  // One pass; a pass that a store stopped because the table wants to grow is run again on the
  // grown table (its work so far is in the table and in the counts).
  WindowResult search_window(const State& root, int depth, Value alpha, Value beta) {
    table_->grow_if_wanted();
    for (;;) {
      done_.store(false, std::memory_order_relaxed);
      for (auto& t : threads_) t->rearm_budget();
      std::atomic<int> winner{-1};
      std::vector<WindowResult> results(static_cast<std::size_t>(n_));
      std::vector<std::uint64_t> horizon(static_cast<std::size_t>(n_), 0);
      auto pass = [&](int i) {
        const auto u = static_cast<std::size_t>(i);
        const double cpu0 = thread_cpu_ms();
        const std::uint64_t h0 = threads_[u]->horizon_count();
        results[u] = threads_[u]->search_window(root, depth, alpha, beta);
        horizon[u] = threads_[u]->horizon_count() - h0;
        if (results[u].complete) claim(winner, done_, i);
        cpu_ms_[u] += thread_cpu_ms() - cpu0;
      };
      team_.run(user_stop_, done_, pass);
      const int w = winner.load();
      if (w >= 0) {
        horizon_ += horizon[static_cast<std::size_t>(w)];
        return std::move(results[static_cast<std::size_t>(w)]);
      }
      const bool user_stopped = user_stop_ != nullptr && user_stop_->load();
      if (user_stopped || !table_->grow_if_wanted()) return results[0];
    }
  }
  std::size_t extend_pv_from_table(const State& root, std::vector<Move>& pv, int depth) const {
    return threads_[0]->extend_pv_from_table(root, pv, depth);
  }
  void suspend_budget(bool on) {
    for (auto& t : threads_) t->suspend_budget(on);
  }
  [[nodiscard]] SearchStats stats() const {
    SearchStats sum;
    for (const auto& t : threads_) sum += t->stats();
    return sum;
  }
  [[nodiscard]] std::vector<std::uint64_t> thread_nodes() const {
    std::vector<std::uint64_t> out;
    for (const auto& t : threads_) out.push_back(t->stats().nodes);
    return out;
  }
  [[nodiscard]] double worker_cpu_ms() const {
    double sum = 0;
    for (const double c : cpu_ms_) sum += c;
    return sum;
  }
  // The winning threads' horizon leaves and horizon-relying table answers, pass by pass.
  [[nodiscard]] std::uint64_t horizon_count() const { return horizon_; }
  [[nodiscard]] std::uint64_t table_bytes_used() const {
    std::uint64_t sum = 0;
    for (const auto& t : threads_) sum += t->table_bytes_used();
    return std::min<std::uint64_t>(sum, views_[0]->num_entries() * SharedTable::kEntryBytes);
  }

 private:
  const std::atomic<bool>* user_stop_;
  int n_ = 1;
  std::atomic<bool> done_{false};
  BusySet busy_;
  std::vector<SearchLimits> thread_limits_;
  std::vector<std::unique_ptr<SharedTableView>> views_;
  std::vector<std::unique_ptr<Thread>> threads_;
  std::vector<double> cpu_ms_;
  std::uint64_t horizon_ = 0;
  SharedTable* table_;
  ThreadTeam team_;  // the same threads for every pass
};

}  // namespace detail

// Alpha-beta (or NegaScout, by `variant`) on par.threads threads over `table`, emptied first.
// Throws ParamError for a bad depth or thread count. options.tt must be on (the table is what the
// threads share); options.tt_mb is not used (the table is given).
template <Game G, class E>
requires Evaluator<E, G> SearchResult parallel_alphabeta(
    const G& game, const E& eval, const typename G::State& root, const SearchLimits& limits,
    const AlphaBetaOptions& options, const ParallelOptions& par, SharedTable& table,
    detail::SearchVariant variant = {}) {
  detail::check_limits(limits);
  detail::check_threads(par.threads);
  if (!options.tt) throw ParamError("a parallel search needs its transposition table (tt=on)");
  const int n = par.threads;
  table.new_search();
  BusySet busy;
  std::atomic<bool> done{false};
  std::atomic<int> winner{-1};
  const std::vector<SearchLimits> lims = detail::thread_limits(limits, n, done);
  std::vector<SearchResult> results(static_cast<std::size_t>(n));
  auto search = [&](int i) {
    const auto u = static_cast<std::size_t>(i);
    SharedTableView view(table);
    detail::AlphaBetaSearcher<G, E, SharedTableView> searcher(
        game, eval, lims[u], options, &view, detail::thread_variant(variant, par.scheme, i, &busy));
    results[u] = searcher.run(root);
    if (results[u].complete) detail::claim(winner, done, i);
  };
  ThreadTeam(n).run(limits.stop, done, search);
  if (n == 1) return std::move(results[0]);
  std::size_t pick = 0;
  if (const int w = winner.load(); w >= 0) {
    pick = static_cast<std::size_t>(w);
  } else {
    for (std::size_t i = 1; i < results.size(); ++i) {
      if (results[i].depth > results[pick].depth) pick = i;
    }
  }
  SearchResult out = results[pick];
  out.stats = SearchStats{};
  for (const SearchResult& r : results) {
    out.stats += r.stats;
    out.thread_nodes.push_back(r.stats.nodes);
  }
  out.stats.peak_bytes = table.bytes();
  return out;
}

}  // namespace gts
