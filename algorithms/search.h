// Types shared by every search algorithm: limits in, one result type out, one way of counting.
//
// Counting, the same in every algorithm so that rows are comparable (the statement of record):
//   nodes     every position the search visits, the root included. A position visited again (a
//             later iteration, an MT pass, a NegaScout re-search) counts again. A position that
//             the transposition table answers is visited: it counts as a node (and a tt_hit), but
//             not as a leaf or interior. SSS* counts a node when it examines it (its live state
//             leaves OPEN and it is evaluated or expanded): children purged before that are never
//             made, so nodes == leaves + interior there.
//   leaves    static evaluations of a position that the search scores: terminal positions (the
//             exact outcome) and positions at the horizon (the evaluation), each time it is
//             evaluated. A value taken from a table instead is no leaf; the MT family stores
//             leaves in its table, so it evaluates each leaf once however many passes it makes.
//   ordering_evals  static evaluations spent only on ordering moves (alpha-beta's and
//             NegaScout's static ordering evaluate every child before searching any): real work,
//             kept apart from leaves so that leaf counts stay comparable with algorithms that do
//             not order, and never hidden;
//   interior  positions whose moves were generated (at most once per visit);
//   cutoffs   times a node stopped searching its remaining children (beta cut-offs, enhanced
//             transposition cut-offs, SSS* purges of a live state);
//   tt_probes / tt_hits  transposition-table look-ups and the ones that found the position;
//   peak_open / peak_bytes  the largest best-first list (SSS*'s OPEN) and the memory held by it or
//             by the transposition table (alpha-beta and NegaScout: the table's size; the MT
//             family: the entries it filled, 16 bytes each, the memory a table must have to hold
//             what the search stored);
//   cpu_ms    CPU time of the searching thread.
//
// Monte Carlo tree search (algorithms/mcts.h) counts by the same rules, per iteration: its nodes
// are the root, every position selection descends to and every playout ply (each position it
// visits); its leaves the positions it scores (at most one per iteration: a finished game, the
// horizon, a playout's end); interior the positions whose moves it generated (expansions and playout
// plies); ordering_evals the implicit-minimax evaluations of every child at an expansion;
// peak_open and peak_bytes the nodes of its tree and their memory. Apart: `iterations`,
// `playout_plies` and `capped_iterations` (iterations that met the tree's memory cap).
#pragma once

#include <atomic>
#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

#include "games/game.h"

namespace gts {

struct SearchStats {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  std::uint64_t ordering_evals = 0;
  std::uint64_t interior = 0;
  std::uint64_t cutoffs = 0;
  std::uint64_t tt_probes = 0;
  std::uint64_t tt_hits = 0;
  std::uint64_t peak_open = 0;
  std::uint64_t peak_bytes = 0;
  // Monte Carlo tree search (algorithms/mcts.h): iterations, the plies its playouts made, and the
  // iterations that found its tree at the memory cap (mem_mb) and could not grow it.
  std::uint64_t iterations = 0;
  std::uint64_t playout_plies = 0;
  std::uint64_t capped_iterations = 0;
  double cpu_ms = 0.0;

  SearchStats& operator+=(const SearchStats& o) {
    nodes += o.nodes;
    leaves += o.leaves;
    ordering_evals += o.ordering_evals;
    interior += o.interior;
    cutoffs += o.cutoffs;
    tt_probes += o.tt_probes;
    tt_hits += o.tt_hits;
    peak_open = peak_open > o.peak_open ? peak_open : o.peak_open;
    peak_bytes = peak_bytes > o.peak_bytes ? peak_bytes : o.peak_bytes;
    iterations += o.iterations;
    playout_plies += o.playout_plies;
    capped_iterations += o.capped_iterations;
    cpu_ms += o.cpu_ms;
    return *this;
  }
};

// Depth this large means "to the end of the game" (the CLI's `--depth max`).
inline constexpr int kDepthMax = 1 << 20;
// "max" for kDepthMax, else the number: how depths are written in configs, tables and output.
inline std::string depth_text(int depth) {
  return depth == kDepthMax ? "max" : std::to_string(depth);
}

// Watches a long search (the CLI's progress line). Called on the searching thread, so it must be
// quick; a search without one pays nothing.
class SearchProgress {
 public:
  virtual ~SearchProgress() = default;
  // About every 1024 nodes: the nodes the search has visited so far.
  virtual void on_nodes(std::uint64_t nodes) = 0;
  // An iteration of iterative deepening completed: its depth, value and best move, and the nodes
  // the search has visited so far.
  virtual void on_iteration(int depth, Value value, Move best_move, std::uint64_t nodes) = 0;
};

struct SearchLimits {
  int depth = 1;                // plies; kDepthMax searches to the end of the game
  std::uint64_t max_nodes = 0;  // 0 = no node budget
  double max_ms = 0.0;          // 0 = no time budget (thread CPU time is not used: wall clock)
  const std::atomic<bool>* stop = nullptr;  // external stop request, polled
  SearchProgress* progress = nullptr;       // told about the search as it goes, if set
};

struct SearchResult {
  Value value = 0;  // from the side to move's point of view
  Move best_move = kNoMove;
  std::vector<Move> pv;  // principal variation where known (may be shorter than the depth)
  // The last pv_from_table moves of pv were read from the transposition table after the search
  // (the MT family, whose null-window passes cut their lines short), not backed up by it.
  int pv_from_table = 0;
  SearchStats stats;
  int depth = 0;         // deepest iteration completed (== limits.depth without id/budgets)
  // Under iterative deepening, the depth of the last iteration completed: below `depth` when a
  // search to the end was proved by a horizon-free iteration (0: no iterations).
  int iteration = 0;
  bool complete = true;  // false when a node or time budget or a stop cut the search short
  // A parallel search's nodes thread by thread (stats.nodes is their sum); empty for one thread.
  std::vector<std::uint64_t> thread_nodes;
};

// CPU time of the calling thread, in milliseconds.
inline double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

inline double wall_ms() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// Derives an independent 64-bit seed from a seed and an index (splitmix64 finaliser), so that a
// game's or a move's random stream depends only on (run seed, index), never on scheduling.
inline std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed ^ (index + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Static value of a position for a leaf: the exact outcome if the game is over, else the
// evaluation. Both from the side to move's point of view. Does not count anything.
template <Game G, class E>
requires Evaluator<E, G> Value leaf_value(const G& game, const E& eval,
                                          const typename G::State& s) {
  return game.is_terminal(s) ? game.terminal_value(s) : eval(s);
}

}  // namespace gts
