// Monte Carlo tree search over the Game concept: UCT selection (Kocsis and Szepesvari 2006),
// random or cut-off playouts, MCTS-Solver's proven values (Winands, Bjornsson and Saito 2008, with
// the score bounds of Cazenave and Saffidine 2010, so that draws and margins are proven too),
// implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant 2014), and threads by tree
// parallelism with virtual loss or by root parallelism (Chaslot, Winands and van den Herik 2008).
// Threads on one tree write no cache line in common but the nodes they both pass through: each
// takes nodes from an arena of its own (algorithms/mcts_pool.h) and the root keeps no counts.
//
// Values in the tree are rewards in [0, 1] seen from the player who chose the move into a node
// (the mover at its parent; the mover decides, not the ply: Kalah's extra turns keep it). A
// finished game scores 1, 1/2 or 0 for a win, draw or loss of that player; an evaluation v (the
// mover's view) scores 1 / (1 + exp(-v / eval_scale)).
//
// The solver keeps, in every node, bounds [pess, opt] on its exact value in the game's units
// (minimax's value: the margin in Kalah, Pons' score in Connect Four): a finished game and a
// position at the depth horizon are exact, an expanded node's bounds are the max of its
// children's, and a child whose opt cannot beat the best pess beside it is never selected again.
// A root whose bounds meet is proven: its value is reported as exact (SearchResult::complete) and
// equals minimax's at the same depth.
//
// Counting (algorithms/search.h): a node is every position an iteration visits: the root, each
// position selection descends to, and each playout ply; `iterations`, `playout_plies`,
// `peak_open` (tree nodes) and `peak_bytes` (their memory) are kept apart.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "algorithms/mcts_pool.h"
#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/thread_team.h"
#include "games/game.h"
#include "games/params.h"
#include "games/splitmix.h"

namespace gts {

struct MctsOptions {
  double c = 1.4142135623730951;  // UCT's exploration constant (sqrt 2 for rewards in [0, 1])
  // The move played: the most visited child, the best mean reward, or the best lower confidence
  // bound Q - 1/sqrt(N) (the "secure child"). A proven best move is played whatever the rule.
  enum class Final : std::uint8_t { kVisits, kValue, kSecure };
  Final final_move = Final::kVisits;
  // 0: random playouts to the end of the game; N: cut after N plies and scored by the evaluation.
  int playout_depth = 0;
  double eval_scale = 10.0;  // the evaluation's units per logistic unit (see above)
  bool solver = true;        // score bounds (MCTS-Solver); without it no value is ever proven
  // Weight of the implicit minimax value in selection: (1 - alpha) Q + alpha * minimax; 0: off.
  double alpha = 0.0;
  int threads = 1;
  // How threads share a search: one tree, with virtual loss (tree parallelisation), or a tree
  // each, searched independently and their root's children merged at the end (root
  // parallelisation, Chaslot, Winands and van den Herik 2008).
  enum class Parallel : std::uint8_t { kTree, kRoot };
  Parallel parallel = Parallel::kTree;
  // A budget of iterations a search (all threads together, exactly), as
  // OpenSpiel's max_simulations; 0: none. Beside a node or time budget, whichever ends first.
  std::uint64_t iterations = 0;
  // The trees' memory cap (split evenly over root parallelisation's trees): past it a tree stops
  // growing.
  std::size_t mem_mb = 1024;
  std::uint64_t seed = 0;
};

namespace detail {

inline constexpr double kRewardOne = double(1 << 24);

inline double outcome_reward(Value v) { return v > 0 ? 1.0 : v < 0 ? 0.0 : 0.5; }

// a = max(a, v) and b = min(b, v) for atomics; true when the value changed. Bounds only tighten,
// and nothing else is published through them: relaxed order suffices.
inline bool raise_to(std::atomic<Value>& a, Value v) {
  Value old = a.load(std::memory_order_relaxed);
  while (v > old) {
    if (a.compare_exchange_weak(old, v, std::memory_order_relaxed)) return true;
  }
  return false;
}
inline bool lower_to(std::atomic<Value>& a, Value v) {
  Value old = a.load(std::memory_order_relaxed);
  while (v < old) {
    if (a.compare_exchange_weak(old, v, std::memory_order_relaxed)) return true;
  }
  return false;
}

// One searching thread: what it alone writes, on cache lines of its own.
struct alignas(kCacheLine) MctsWorker {
  MctsWorker(const SearchLimits& l, std::uint64_t seed) : budget(l), rng(seed) {
    // Room for deep lines at once, so that the hot starts of two workers' buffers lie apart.
    path.reserve(1024);
    movers.reserve(1024);
  }
  SearchBudget budget;
  std::uint64_t rng;
  SearchStats stats;
  std::uint64_t max_ply = 0;
  std::vector<std::uint32_t> path;   // nodes from the root
  std::vector<std::uint8_t> movers;  // the mover at each node of the path
  MctsPool::Arena arena;             // where its new nodes come from
  std::uint64_t allowance = 0;       // iterations claimed from the budget and not yet begun
};

// A child of the root, its counts summed over every tree that has it (root parallelisation) and
// its bounds the tightest any tree proved.
struct MctsRootChild {
  Move move = kNoMove;
  std::uint64_t visits = 0;
  std::uint64_t score = 0;
  Value pess = -kInfinity, opt = kInfinity;

  [[nodiscard]] double mean() const {
    return visits == 0 ? 0.0 : double(score) / (kRewardOne * double(visits));
  }
};

// One tree and the iterations that grow it: searched by every thread (tree parallelisation), or
// by one of several (root parallelisation: a tree each).
template <Game G, class E>
class MctsTree {
 public:
  using State = typename G::State;

  // A tree of `bytes` searched by `workers` threads, at most `quota` iterations (0: no budget of
  // its own); `root_worker` takes the root into its arena. `done` ends every thread's search.
  MctsTree(const G& game, const E& eval, const State& root, const SearchLimits& limits,
           const MctsOptions& o, std::size_t bytes, int workers, std::uint64_t quota,
           std::atomic<bool>& done, MctsWorker& root_worker)
      : game_(game),
        eval_(eval),
        root_(root),
        limits_(limits),
        o_(o),
        depth_(limits.depth),
        quota_(quota),
        done_(done),
        pool_(bytes, workers, "mem_mb=" + std::to_string(o.mem_mb)) {
    root_mover_ = game.to_move(root);
    pool_.allocate(root_worker.arena, 1);  // the root, index 0
  }

  // The root's children as they stand, added into `into` by move.
  void add_root_children(std::vector<MctsRootChild>& into) {
    MctsNode& root = node(0);
    if (root.state.load(std::memory_order_acquire) != MctsNode::kExpanded) return;
    for (std::uint32_t c = root.first_child; c < root.first_child + root.num_children; ++c) {
      MctsNode& child = node(c);
      auto it = std::find_if(into.begin(), into.end(),
                             [&](const MctsRootChild& x) { return x.move == child.move; });
      if (it == into.end()) it = into.insert(into.end(), MctsRootChild{.move = child.move});
      it->visits += child.visits.load(std::memory_order_relaxed);
      it->score += child.score.load(std::memory_order_relaxed);
      it->pess = std::max(it->pess, child.pess.load(std::memory_order_relaxed));
      it->opt = std::min(it->opt, child.opt.load(std::memory_order_relaxed));
    }
  }
  [[nodiscard]] Value root_pess() { return node(0).pess.load(std::memory_order_relaxed); }
  [[nodiscard]] Value root_opt() { return node(0).opt.load(std::memory_order_relaxed); }

  // The visits of the root's child by `move` (0: none).
  std::uint32_t root_visits(Move move) {
    const std::uint32_t c = root_child(move);
    return c == 0 ? 0 : node(c).visits.load(std::memory_order_relaxed);
  }
  // The line from the root's child by `move` on, appended to `pv`: the most visited child at each
  // step.
  void extend_pv(Move move, std::vector<Move>& pv) {
    for (std::uint32_t x = root_child(move); x != 0 && pv.size() < std::size_t{kMaxPvPly};) {
      MctsNode& n = node(x);
      if (n.state.load(std::memory_order_acquire) != MctsNode::kExpanded) break;
      std::uint32_t next = 0, most = 0;
      for (std::uint32_t c = n.first_child; c < n.first_child + n.num_children; ++c) {
        const std::uint32_t v = node(c).visits.load(std::memory_order_relaxed);
        if (v > most) {
          most = v;
          next = c;
        }
      }
      if (next == 0) break;
      pv.push_back(node(next).move);
      x = next;
    }
  }

 private:
  std::uint32_t root_child(Move move) {
    MctsNode& root = node(0);
    if (root.state.load(std::memory_order_acquire) != MctsNode::kExpanded) return 0;
    for (std::uint32_t c = root.first_child; c < root.first_child + root.num_children; ++c) {
      if (node(c).move == move) return c;
    }
    return 0;
  }

  MctsNode& node(std::uint32_t i) { return pool_[i]; }
  bool has_budget() const {
    return limits_.max_nodes != 0 || limits_.max_ms > 0.0 || o_.iterations != 0;
  }
  bool proven(MctsNode& n) {
    return n.pess.load(std::memory_order_relaxed) >= n.opt.load(std::memory_order_relaxed);
  }
  double eval_reward(Value v) const { return 1.0 / (1.0 + std::exp(-v / o_.eval_scale)); }
  // The reward of a position scored where it stands (mover's view): a finished game by its
  // outcome, any other by the evaluation.
  double static_reward(const State& s, MctsWorker& w) {
    ++w.stats.leaves;
    return game_.is_terminal(s) ? outcome_reward(game_.terminal_value(s)) : eval_reward(eval_(s));
  }
  // The reward of a proven value: an outcome of the game to the end, an evaluation at a horizon.
  double proven_reward(Value v) const {
    return depth_ == kDepthMax ? outcome_reward(v) : eval_reward(v);
  }

  // One more iteration within the tree's quota (exact over its threads): claimed from the shared
  // count kClaim at a time, so that the threads touch it once per kClaim iterations.
  bool claim(MctsWorker& w) {
    if (quota_ == 0) return true;
    if (w.allowance == 0) {
      const std::uint64_t at = shared_.started.fetch_add(kClaim, std::memory_order_relaxed);
      if (at >= quota_) return false;
      w.allowance = std::min(kClaim, quota_ - at);
    }
    --w.allowance;
    return true;
  }

 public:
  // A thread's iterations: the first whatever the budget (a move always comes from a search),
  // the others while the budget lasts and the root is not proven.
  void search(MctsWorker& w) {
    const double cpu0 = thread_cpu_ms();
    for (bool first = true;; first = false) {
      if (o_.solver && proven(node(0))) break;
      if (!first && w.budget.exhausted(w.stats.nodes)) break;
      if (!has_budget() && pool_.full()) break;  // the tree cannot grow: nothing more to prove
      // Exact over all threads: the first iteration begun is within any budget (iterations >= 1).
      if (!claim(w)) break;
      iterate(w, first);
      ++w.stats.iterations;
    }
    if (o_.solver && proven(node(0))) done_.store(true, std::memory_order_relaxed);
    w.stats.cpu_ms = thread_cpu_ms() - cpu0;
  }

 private:
  // One iteration: select down the tree, expand, play out (or score), back up.
  void iterate(MctsWorker& w, bool first) {
    w.path.clear();
    w.movers.clear();
    State s = root_;
    w.path.push_back(0);
    w.movers.push_back(static_cast<std::uint8_t>(root_mover_));
    ++w.stats.nodes;
    double reward = 0.5;
    int reward_mover = root_mover_;
    for (;;) {
      const std::uint32_t x = w.path.back();
      MctsNode& n = node(x);
      const int ply = static_cast<int>(w.path.size()) - 1;
      const int mover = w.movers.back();
      reward_mover = mover;
      if (game_.is_terminal(s) || ply >= depth_) {
        // Exact: the game's outcome, or the evaluation at the horizon.
        const bool over = game_.is_terminal(s);
        const Value v = over ? game_.terminal_value(s) : eval_(s);
        ++w.stats.leaves;
        reward = over ? outcome_reward(v) : eval_reward(v);
        if (o_.solver) prove(w, ply, v);
        if (o_.alpha > 0) n.minimax.store(float(reward_for(w, ply, reward, mover)), std::memory_order_relaxed);
        break;
      }
      if (ply > 0 && o_.solver && proven(n)) {  // another thread proved it meanwhile
        reward = proven_reward(n.pess.load(std::memory_order_relaxed));
        reward_mover = parent_view(w, ply);
        break;
      }
      if (n.state.load(std::memory_order_acquire) != MctsNode::kExpanded) {
        const bool expand = x == 0 || n.visits.load(std::memory_order_relaxed) > 1;
        if (!expand || !try_expand(w, x, s, ply)) {
          reward = playout(w, s, reward_mover);
          break;
        }
        if (o_.solver && proven(n)) {
          reward = proven_reward(n.pess.load(std::memory_order_relaxed));
          reward_mover = parent_view(w, ply);
          break;
        }
      }
      const std::uint32_t c = select(x);
      if (c == 0) {  // bounds not yet caught up with the children (threads): score it here
        if (o_.solver) propagate(w, ply);
        reward = static_reward(s, w);
        break;
      }
      if (!(first && ply == 0) && w.budget.exhausted(w.stats.nodes)) {
        reward = static_reward(s, w);  // the budget ends the iteration here
        break;
      }
      MctsNode& child = node(c);
      child.visits.fetch_add(1, std::memory_order_relaxed);
      game_.play(s, child.move);
      ++w.stats.nodes;
      w.path.push_back(c);
      w.movers.push_back(static_cast<std::uint8_t>(game_.to_move(s)));
      w.max_ply = std::max<std::uint64_t>(w.max_ply, w.path.size() - 1);
    }
    backup(w, reward, reward_mover);
  }

  // The player who chose the move into the node at `ply` (the root: its own mover).
  int parent_view(const MctsWorker& w, int ply) const {
    return w.movers[static_cast<std::size_t>(ply > 0 ? ply - 1 : 0)];
  }
  double reward_for(const MctsWorker& w, int ply, double reward, int reward_mover) const {
    return parent_view(w, ply) == reward_mover ? reward : 1.0 - reward;
  }

  // The root keeps no counts of its own (see select), so that no iteration writes it.
  void backup(MctsWorker& w, double reward, int reward_mover) {
    for (int i = static_cast<int>(w.path.size()) - 1; i > 0; --i) {
      const double r = reward_for(w, i, reward, reward_mover);
      node(w.path[static_cast<std::size_t>(i)])
          .score.fetch_add(static_cast<std::uint64_t>(std::llround(r * kRewardOne)),
                           std::memory_order_relaxed);
    }
    if (o_.alpha > 0) {
      for (int i = static_cast<int>(w.path.size()) - 2; i > 0; --i) update_minimax(w, i);
    }
  }

  // A random playout from `s` (mover `mover`) to the end, or cut after playout_depth plies or by
  // the budget and scored by the evaluation; returns the reward from `reward_mover`'s view, the
  // mover where it ends.
  double playout(MctsWorker& w, State& s, int& reward_mover) {
    MovesOf<G> moves;
    for (int ply = 0;; ++ply) {
      reward_mover = game_.to_move(s);
      if (game_.is_terminal(s) || (o_.playout_depth > 0 && ply >= o_.playout_depth) ||
          w.budget.exhausted(w.stats.nodes)) {
        return static_reward(s, w);
      }
      moves.clear();
      unordered_legal_moves(game_, s, moves);
      ++w.stats.interior;
      game_.play(s, moves[seeded_index(w.rng, moves.size())]);
      ++w.stats.nodes;
      ++w.stats.playout_plies;
    }
  }

  static std::size_t seeded_index(std::uint64_t& rng, std::size_t n) {
    return static_cast<std::size_t>((static_cast<unsigned __int128>(splitmix64(rng)) * n) >> 64);
  }

  // Makes the children of node x (at `ply`, position s); false when another thread is making
  // them or the pool is full (x then stays a leaf).
  bool try_expand(MctsWorker& w, std::uint32_t x, const State& s, int ply) {
    MctsNode& n = node(x);
    std::uint8_t expected = MctsNode::kLeaf;
    if (!n.state.compare_exchange_strong(expected, MctsNode::kExpanding)) {
      return expected == MctsNode::kExpanded;
    }
    MovesOf<G> moves;
    unordered_legal_moves(game_, s, moves);  // shuffled below: the game's order is not used
    ++w.stats.interior;
    const std::uint32_t first = pool_.allocate(w.arena, moves.size());
    if (first == 0) {
      ++w.stats.capped_iterations;
      n.state.store(MctsNode::kLeaf, std::memory_order_release);
      return false;
    }
    // Unvisited children are tried in a seeded random order (ties broken by the seed).
    for (std::size_t i = moves.size(); i > 1; --i)
      std::swap(moves[i - 1], moves[seeded_index(w.rng, i)]);
    const int mover = game_.to_move(s);
    bool bounds_changed = false;  // a child's (a finished game)
    bool self_changed = false;    // the node's own (the game's outcome bounds)
    float best = 0.0f;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      MctsNode& c = node(first + static_cast<std::uint32_t>(i));
      c.move = moves[i];
      if (o_.alpha > 0) {
        // Implicit minimax: every child scored by the evaluation (or its outcome) at once.
        State cs = s;
        game_.play(cs, moves[i]);
        ++w.stats.ordering_evals;
        const bool over = game_.is_terminal(cs);
        Value v = over ? game_.terminal_value(cs) : eval_(cs);
        if (game_.to_move(cs) != mover) v = -v;
        const auto r = static_cast<float>(over ? outcome_reward(v) : eval_reward(v));
        c.minimax.store(r, std::memory_order_relaxed);
        best = std::max(best, r);
        if (over && o_.solver) {
          c.pess.store(v, std::memory_order_relaxed);
          c.opt.store(v, std::memory_order_relaxed);
          bounds_changed = true;
        }
      }
    }
    n.first_child = first;
    n.num_children = static_cast<std::uint16_t>(moves.size());
    n.state.store(MctsNode::kExpanded, std::memory_order_release);
    if (o_.alpha > 0) {
      n.minimax.store(parent_view(w, ply) == mover ? best : 1.0f - best, std::memory_order_relaxed);
    }
    // The game's bounds on the outcome (Kalah: stores only grow), below the root: a root must be
    // proven by its children, so that the move reaching its value is known.
    if constexpr (HasOutcomeBounds<G>) {
      if (o_.solver && depth_ == kDepthMax && ply > 0) {
        auto [lo, hi] = game_.outcome_bounds(s);
        if (parent_view(w, ply) != mover) std::tie(lo, hi) = std::pair{-hi, -lo};
        self_changed |= raise_to(n.pess, lo);
        self_changed |= lower_to(n.opt, hi);
      }
    }
    if (o_.solver && (bounds_changed || self_changed)) propagate(w, ply, self_changed);
    return true;
  }

  // The child of x to descend to: the first unvisited one, else UCT's best; with
  // the solver, never one that is proven or cannot beat a proven bound beside it. 0: none.
  std::uint32_t select(std::uint32_t x) {
    MctsNode& n = node(x);
    const std::uint32_t first = n.first_child;
    const std::uint32_t end = first + n.num_children;
    Value floor = -kInfinity;
    // The root's visits: its children's and the iteration under way (the root itself counts
    // none, as the hottest node of the tree).
    std::uint64_t visits = x == 0 ? 1 : n.visits.load(std::memory_order_relaxed);
    if (o_.solver || x == 0) {
      for (std::uint32_t c = first; c < end; ++c) {
        floor = std::max(floor, node(c).pess.load(std::memory_order_relaxed));
        if (x == 0) visits += node(c).visits.load(std::memory_order_relaxed);
      }
    }
    const double log_n = std::log(std::max<double>(1.0, double(visits)));
    std::uint32_t best = 0;
    double best_u = -1.0;
    for (std::uint32_t c = first; c < end; ++c) {
      MctsNode& child = node(c);
      if (o_.solver && child.opt.load(std::memory_order_relaxed) <= floor) continue;
      const std::uint32_t v = child.visits.load(std::memory_order_relaxed);
      if (v == 0) return c;
      double q = double(child.score.load(std::memory_order_relaxed)) / (kRewardOne * v);
      if (o_.alpha > 0)
        q = (1 - o_.alpha) * q + o_.alpha * child.minimax.load(std::memory_order_relaxed);
      const double u = q + o_.c * std::sqrt(log_n / v);
      if (u > best_u) {
        best_u = u;
        best = c;
      }
    }
    return best;
  }

  // Node at `ply` of the path is exact with value v (its mover's view); its ancestors' bounds
  // follow.
  void prove(MctsWorker& w, int ply, Value v) {
    MctsNode& n = node(w.path[static_cast<std::size_t>(ply)]);
    if (parent_view(w, ply) != w.movers[static_cast<std::size_t>(ply)]) v = -v;
    bool changed = raise_to(n.pess, v);
    changed |= lower_to(n.opt, v);
    if (changed && ply > 0) propagate(w, ply - 1);
  }

  // Recomputes the bounds of the path's nodes from `ply` up, from their children, while they
  // change (`changed`: the node at `ply` has changed already). Bounds only tighten (max/min with
  // what is stored), so threads never undo each other.
  void propagate(MctsWorker& w, int ply, bool changed = false) {
    for (int i = ply; i >= 0; --i) {
      MctsNode& n = node(w.path[static_cast<std::size_t>(i)]);
      if (n.state.load(std::memory_order_acquire) != MctsNode::kExpanded) {
        if (!changed) return;
        changed = false;
        continue;
      }
      Value pess = -kInfinity, opt = -kInfinity;
      const std::uint32_t end = n.first_child + n.num_children;
      for (std::uint32_t c = n.first_child; c < end; ++c) {
        pess = std::max(pess, node(c).pess.load(std::memory_order_relaxed));
        opt = std::max(opt, node(c).opt.load(std::memory_order_relaxed));
      }
      if (parent_view(w, i) != w.movers[static_cast<std::size_t>(i)]) {
        std::tie(pess, opt) = std::pair{-opt, -pess};
      }
      changed |= raise_to(n.pess, pess);
      changed |= lower_to(n.opt, opt);
      if (!changed) return;
      changed = false;
    }
  }

  // Implicit minimax: the node at `ply` takes the best of its children's values.
  void update_minimax(MctsWorker& w, int i) {
    MctsNode& n = node(w.path[static_cast<std::size_t>(i)]);
    if (n.state.load(std::memory_order_acquire) != MctsNode::kExpanded) return;
    float best = 0.0f;
    const std::uint32_t end = n.first_child + n.num_children;
    for (std::uint32_t c = n.first_child; c < end; ++c) {
      best = std::max(best, node(c).minimax.load(std::memory_order_relaxed));
    }
    if (parent_view(w, i) != w.movers[static_cast<std::size_t>(i)]) best = 1.0f - best;
    n.minimax.store(best, std::memory_order_relaxed);
  }

  static constexpr std::uint64_t kClaim = 32;

  const G& game_;
  const E& eval_;
  const State root_;
  const SearchLimits limits_;
  const MctsOptions o_;
  const int depth_;
  int root_mover_ = 0;
  const std::uint64_t quota_;
  std::atomic<bool>& done_;
  MctsPool pool_;
  // What the threads write, on a cache line of its own (the fields above are read at every node).
  struct alignas(kCacheLine) Shared {
    std::atomic<std::uint64_t> started{0};  // iterations claimed, for the quota
  } shared_;
};

// The root's move by the final rule, among the children the solver has not ruled out: never one
// proven worse than another, a proven win (the best proven) when there is one, no proven loss
// while a move may not lose, and at a proven root only moves proven to reach its value. Its index
// in `children`, or -1 when there are none.
inline int mcts_final_child(const std::vector<MctsRootChild>& children, bool root_proven,
                            const MctsOptions& o) {
  Value floor = -kInfinity, best_opt = -kInfinity;
  for (const MctsRootChild& c : children) {
    floor = std::max(floor, c.pess);
    best_opt = std::max(best_opt, c.opt);
  }
  auto candidate = [&](const MctsRootChild& c) {
    if (!o.solver) return true;
    if (c.opt < floor) return false;
    if ((floor > 0 || root_proven) && c.pess < floor) return false;
    return !(c.opt < 0 && best_opt >= 0);
  };
  int best = -1;
  double best_key = 0, best_q = 0;
  for (std::size_t i = 0; i < children.size(); ++i) {
    const MctsRootChild& c = children[i];
    if (!candidate(c)) continue;
    const double q = c.mean();
    double key = double(c.visits);
    if (o.final_move == MctsOptions::Final::kValue) key = c.visits == 0 ? -1.0 : q;
    if (o.final_move == MctsOptions::Final::kSecure) {
      key = c.visits == 0 ? -1.0 : q - 1.0 / std::sqrt(double(c.visits));
    }
    if (best < 0 || key > best_key || (key == best_key && q > best_q)) {
      best = static_cast<int>(i);
      best_key = key;
      best_q = q;
    }
  }
  return best >= 0 || children.empty() ? best : 0;
}

// A whole search: its trees (one, or one a thread under root parallelisation), its threads, and
// the result read from the root's children, merged over the trees.
template <Game G, class E>
class MctsSearcher {
 public:
  MctsSearcher(const G& game, const E& eval, const typename G::State& root,
               const SearchLimits& limits, const MctsOptions& o)
      : limits_(limits), o_(o) {
    const int n = o.threads;
    const int trees = o.parallel == MctsOptions::Parallel::kRoot ? n : 1;
    workers_.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      SearchLimits l = limits;
      if (n > 1) l.stop = &done_.flag;
      if (l.max_nodes != 0) {
        l.max_nodes = std::max<std::uint64_t>(1, l.max_nodes / static_cast<std::uint64_t>(n));
      }
      if (i > 0) l.progress = nullptr;
      workers_.emplace_back(l, mix_seed(o.seed, static_cast<std::uint64_t>(i)));
    }
    // The memory cap and the iteration budget are the search's: split exactly over its trees.
    const std::size_t bytes = o.mem_mb * (std::size_t{1} << 20) / static_cast<std::size_t>(trees);
    const auto t = static_cast<std::uint64_t>(trees);
    for (int i = 0; i < trees; ++i) {
      const std::uint64_t quota =
          o.iterations / t + (static_cast<std::uint64_t>(i) < o.iterations % t ? 1 : 0);
      if (o.iterations != 0 && quota == 0) break;  // fewer iterations than trees
      trees_.push_back(std::make_unique<MctsTree<G, E>>(game, eval, root, limits, o, bytes,
                                                        trees == 1 ? n : 1, quota, done_.flag,
                                                        workers_[static_cast<std::size_t>(i)]));
    }
  }

  SearchResult run() {
    const int n = o_.threads;
    if (limits_.stop != nullptr && limits_.stop->load()) done_.flag.store(true);
    // One tree for all, or a tree a thread (none for a thread past a budget of fewer iterations).
    const bool shared = o_.parallel == MctsOptions::Parallel::kTree;
    auto work = [&](int i) {
      const auto k = static_cast<std::size_t>(i);
      if (shared || k < trees_.size()) trees_[shared ? 0 : k]->search(workers_[k]);
    };
    ThreadTeam(n).run(limits_.stop, done_.flag, work);
    return result();
  }

 private:
  SearchResult result() {
    SearchResult r;
    r.complete = false;
    std::vector<MctsRootChild> children;
    Value pess = -kInfinity, opt = kInfinity;
    for (const auto& tree : trees_) {
      tree->add_root_children(children);
      pess = std::max(pess, tree->root_pess());
      opt = std::min(opt, tree->root_opt());
    }
    // With every child known, the root's value is the best of theirs.
    if (!children.empty()) {
      Value best_pess = -kInfinity, best_opt = -kInfinity;
      for (const MctsRootChild& c : children) {
        best_pess = std::max(best_pess, c.pess);
        best_opt = std::max(best_opt, c.opt);
      }
      pess = std::max(pess, best_pess);
      opt = std::min(opt, best_opt);
    }
    const bool proven = o_.solver && pess >= opt;
    const int best = mcts_final_child(children, proven, o_);
    if (best >= 0) {
      const MctsRootChild& chosen = children[static_cast<std::size_t>(best)];
      r.best_move = chosen.move;
      r.pv.push_back(chosen.move);
      // The line on, in the tree that visited the move most.
      MctsTree<G, E>* deepest = trees_[0].get();
      std::uint32_t most = 0;
      for (const auto& tree : trees_) {
        const std::uint32_t v = tree->root_visits(chosen.move);
        if (v > most) {
          most = v;
          deepest = tree.get();
        }
      }
      deepest->extend_pv(chosen.move, r.pv);
    }
    if (proven) {
      r.value = pess;
      r.complete = true;
    } else if (best >= 0) {
      // The chosen move's mean reward in the evaluation's units (its inverse logistic).
      const double q = std::clamp(children[static_cast<std::size_t>(best)].mean(), 1e-3, 1 - 1e-3);
      const double v = std::round(o_.eval_scale * std::log(q / (1.0 - q)));
      r.value = static_cast<Value>(
          std::clamp<double>(v, std::max(pess, -kInfinity + 1), std::min(opt, kInfinity - 1)));
    }
    // Depth: the deepest ply a tree reached (at least 1); a proven root reports the depth it was
    // proven to, as a completed search does, and the trees' depth as its iteration.
    int tree_depth = 1;
    std::size_t used = 0;
    for (const MctsWorker& w : workers_) {
      r.stats += w.stats;
      tree_depth = std::max(tree_depth, static_cast<int>(w.max_ply));
      used += w.arena.used;
    }
    const int depth = limits_.depth;
    r.depth = r.complete ? depth : std::min(tree_depth, depth);
    if (r.complete) r.iteration = std::min(tree_depth, depth);
    r.stats.peak_open = used;
    r.stats.peak_bytes = used * sizeof(MctsNode);
    if (workers_.size() > 1) {
      for (const MctsWorker& w : workers_) r.thread_nodes.push_back(w.stats.nodes);
    }
    return r;
  }

  const SearchLimits limits_;
  const MctsOptions o_;
  std::vector<MctsWorker> workers_;
  std::vector<std::unique_ptr<MctsTree<G, E>>> trees_;
  struct alignas(kCacheLine) Done {
    std::atomic<bool> flag{false};  // ends every thread's search
  } done_;
};

}  // namespace detail

// MCTS from `root` under `limits`: until a node, time or iteration budget, the stop flag or
// (solver) a proven root. `limits.depth` is the tree's horizon (kDepthMax: none): positions there
// are scored by the evaluation, and with the solver proven at that value, so that a finite depth
// without a budget searches until the depth-limited tree is proven. Throws ParamError without a
// node, time or iteration budget when the solver is off (the search would never end), and for bad
// options.
template <Game G, class E>
requires Evaluator<E, G> SearchResult mcts(const G& game, const E& eval,
                                           const typename G::State& root,
                                           const SearchLimits& limits, const MctsOptions& options) {
  detail::check_limits(limits);
  if (options.threads < 1 || options.threads > 256) {
    throw ParamError("mcts: threads must be 1..256, got " + std::to_string(options.threads));
  }
  if (!(options.eval_scale > 0) || !(options.c >= 0) ||
      !(options.alpha >= 0 && options.alpha <= 1)) {
    throw ParamError("mcts: eval_scale must be > 0, c >= 0 and alpha in [0, 1]");
  }
  const double cpu0 = thread_cpu_ms();
  SearchResult r;
  if (game.is_terminal(root) || limits.depth == 0) {
    r.value = leaf_value(game, eval, root);
    r.stats.nodes = r.stats.leaves = 1;
    r.depth = limits.depth;
    r.stats.cpu_ms = thread_cpu_ms() - cpu0;
    return r;
  }
  if (!options.solver && limits.max_nodes == 0 && !(limits.max_ms > 0) && options.iterations == 0) {
    throw ParamError(
        "mcts with solver=off needs a node or time budget or iterations=N (or solver=on, which "
        "searches until its root is proven)");
  }
  r = detail::MctsSearcher<G, E>(game, eval, root, limits, options).run();
  // One thread: the whole call, the pool's set-up included; more: the workers' CPU time summed.
  if (options.threads == 1) r.stats.cpu_ms = thread_cpu_ms() - cpu0;
  return r;
}

}  // namespace gts
