// Lambda search (Thomsen 2000) over df-pn, for a game where one side, the attacker, has a goal
// and both sides may pass (HasLambdaGoal: go-capture, whose attacker captures the target).
//
// A λn-tree restricts the attacker to λn threats: moves after which, were the defender to pass,
// a λ(n-1) search proves the goal (λ0: a move that reaches it at once; so λ1 threats are the
// ataris, and λ2 threats the moves that threaten a λ1 win, such as a net). The defender plays
// every legal move, pass included; a reply after which a λ(n-1) search from the attacker's turn
// still proves the goal is no refutation and is a won leaf of the λn-tree (that proof is real:
// no defender move is left out unproved). So a λn proof is a proof of the goal in the game
// itself: the attacker's restriction only narrows an OR choice. A λn disproof says nothing about
// the game (the attacker's winning move may be no threat); the plain search then decides.
//
// Where the game names its focus moves (HasFocusMoves), a λ0 test tries only those (for go-capture
// the moves that can capture the target at once or atari it): a further restriction of OR
// choices, so no less sound. Every other legal move but the pass may be a threat.
// Every λ-tree is searched by df-pn (df-pn+ with a heuristic) on LambdaGame, the game with the
// λn restriction and the λ(n-1) leaves; the inner λ(n-1) searches have a node budget each, and an
// inner search that runs out proves nothing (so a threat is missed or a reply kept: never a
// false proof).
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "algorithms/dfpn.h"
#include "algorithms/search_common.h"
#include "algorithms/solver_goal.h"
#include "games/game.h"

namespace gts {

template <class G>
concept HasLambdaGoal = Game<G> && requires(const G& game) {
  { G::kPass } -> std::convertible_to<Move>;
  { game.attacker() } -> std::convertible_to<int>;
};

struct LambdaOptions {
  // The highest order searched (λ1 .. λorder in turn); 0: no lambda search.
  int order = 0;
  // Nodes each inner λ(n-1) search may visit (a threat test, a reply test).
  std::uint64_t inner_nodes = 1000;
  // The share of the search's node and time budgets the lambda stage may spend, in percent; the
  // plain search gets what it leaves (none at 100: its result is then unknown).
  int budget_percent = 50;
};

inline constexpr int kMaxLambdaOrder = 3;

namespace detail {

// What every level of one lambda search shares: the df-pn options of the inner searches, the
// statistics of all of them, and the stop flag they poll.
template <class H>
struct LambdaContext {
  const H* heuristic = nullptr;
  DfpnOptions inner;
  std::uint64_t inner_nodes = 0;
  SearchStats stats;  // inner searches and λ0 tests
  std::atomic<bool> stop{false};
  // Stop all when the caller asks, or when the stage's budget is spent.
  const std::atomic<bool>* outer_stop = nullptr;
  std::uint64_t max_nodes = 0;    // the stage's, over all its searches (0: none)
  double deadline_ms = 0.0;       // wall_ms() at which the stage ends (0: none)
  std::uint64_t outer_nodes = 0;  // nodes of the finished top-level runs

  bool stopping() {
    if (stop.load(std::memory_order_relaxed)) return true;
    if ((outer_stop != nullptr && outer_stop->load(std::memory_order_relaxed)) ||
        (max_nodes != 0 && stats.nodes + outer_nodes >= max_nodes) ||
        (deadline_ms > 0.0 && wall_ms() >= deadline_ms)) {
      stop = true;
    }
    return stop.load(std::memory_order_relaxed);
  }
};

// A heuristic from the other side's view.
template <class H>
struct SwappedHeuristic {
  const H* h;
  template <class State>
  ProofEstimate operator()(const State& s) const {
    return swapped((*h)(s));
  }
};

// The game of a λn-tree (n >= 1) over the base game G; the λ(n-1) level below it answers its
// threat and reply tests (order 1: the λ0 test, played out here).
template <HasLambdaGoal G, class H>
class LambdaGame {
 public:
  using State = typename G::State;
  static constexpr std::size_t kMaxMoves = G::kMaxMoves;

  LambdaGame(const G& base, int order, const LambdaGame* lower, LambdaContext<H>& ctx)
      : base_(&base), order_(order), lower_(lower), ctx_(&ctx), attacker_(base.attacker()) {}

  [[nodiscard]] int order() const { return order_; }
  [[nodiscard]] int attacker() const { return attacker_; }

  // The Game interface: the base game's, but for the λ leaves and the attacker's threats.
  [[nodiscard]] State initial_state() const { return base_->initial_state(); }
  [[nodiscard]] int to_move(const State& s) const { return base_->to_move(s); }
  // Also terminal (won for the attacker): the attacker to move and a λ(n-1) search proves it.
  [[nodiscard]] bool is_terminal(const State& s) const {
    return base_->is_terminal(s) || (to_move(s) == attacker_ && lower_proves(s));
  }
  [[nodiscard]] Value terminal_value(const State& s) const {
    if (base_->is_terminal(s)) return base_->terminal_value(s);
    return to_move(s) == attacker_ ? 1 : -1;  // the λ(n-1) proof: the attacker wins
  }
  // The defender: every legal move. The attacker: its λn threats, none where it has none (df-pn
  // takes an OR node without children as disproved: the λn-tree is lost there).
  void legal_moves(const State& s, MovesOf<G>& moves) const {
    if (to_move(s) != attacker_) {
      base_->legal_moves(s, moves);
      return;
    }
    const std::vector<Move>& t = threats(s);
    for (const Move m : t) moves.push_back(m);
  }
  void play(State& s, Move m) const { base_->play(s, m); }
  [[nodiscard]] std::uint64_t hash(const State& s) const { return base_->hash(s); }
  [[nodiscard]] std::string to_string(const State& s) const { return base_->to_string(s); }
  [[nodiscard]] State parse(std::string_view text) const { return base_->parse(text); }
  [[nodiscard]] std::string move_to_string(const State& s, Move m) const {
    return base_->move_to_string(s, m);
  }
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const {
    return base_->parse_move(s, text);
  }

  // A λn search from `s` (the attacker to move, ongoing) proves the goal, within the inner
  // budget. Cached by position.
  [[nodiscard]] bool proves(const State& s) const {
    const std::uint64_t key = hash(s);
    if (const auto it = proved_.find(key); it != proved_.end()) return it->second;
    bool r = false;
    if (!ctx_->stopping()) {
      SearchLimits limits;
      limits.max_nodes = ctx_->inner_nodes;
      limits.stop = &ctx_->stop;
      const SolverGoal goal{attacker_, 1};
      const SolveResult res = dfpn(*this, goal, s, limits, *ctx_->heuristic, ctx_->inner);
      ctx_->stats += res.stats;
      r = res.status == ProofStatus::kProved;
    }
    // (A search the stop cut short is not kept: it says nothing of the position.)
    if (r || !ctx_->stop.load(std::memory_order_relaxed)) proved_[key] = r;
    return r;
  }
  // What a finished top-level λn search found of its root: kept for the level above.
  void remember(const State& s, bool proved) const { proved_[hash(s)] = proved; }

  // The attacker's λn threats at `s` (the attacker to move, ongoing), in the base game's order.
  [[nodiscard]] const std::vector<Move>& threats(const State& s) const {
    const std::uint64_t key = hash(s);
    if (const auto it = threats_.find(key); it != threats_.end()) return it->second;
    std::vector<Move> found;
    MovesOf<G> moves;
    base_->legal_moves(s, moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (moves[i] == G::kPass) continue;
      State c = s;
      base_->play(c, moves[i]);
      if (!base_->is_terminal(c)) {
        base_->play(c, G::kPass);  // the defender passes: does the λ(n-1) threat stand?
        if (base_->is_terminal(c) ? attacker_wins(c) : lower_proves(c)) found.push_back(moves[i]);
      } else if (attacker_wins(c)) {
        found.push_back(moves[i]);
      }
    }
    // (Not kept when the stop cut a test short: a later search would want the full list.)
    if (ctx_->stop.load(std::memory_order_relaxed)) {
      scratch_ = std::move(found);
      return scratch_;
    }
    return threats_[key] = std::move(found);
  }

 private:
  // The attacker's moves a λ0 test tries: the focus moves where the game names them, else all.
  std::size_t candidates(const State& s, MovesOf<G>& moves) const {
    if constexpr (HasFocusMoves<G>) {
      return base_->focus_moves(s, moves);
    } else {
      base_->legal_moves(s, moves);
      return moves.size();
    }
  }
  [[nodiscard]] bool attacker_wins(const State& terminal) const {
    return goal_reached(*base_, SolverGoal{attacker_, 1}, terminal);
  }
  // λ(n-1) proves the goal from `s` (attacker to move, ongoing in the base game).
  [[nodiscard]] bool lower_proves(const State& s) const {
    return lower_ != nullptr ? lower_->proves(s) : lambda0(s);
  }
  // λ0: one of the attacker's candidate moves reaches the goal at once.
  [[nodiscard]] bool lambda0(const State& s) const {
    const std::uint64_t key = hash(s);
    if (const auto it = proved0_.find(key); it != proved0_.end()) return it->second;
    ctx_->stopping();  // (polls the caller's stop and the stage's budget for the λ1 search)
    MovesOf<G> moves;
    const std::size_t n = candidates(s, moves);
    bool r = false;
    for (std::size_t i = 0; i < n && !r; ++i) {
      if (moves[i] == G::kPass) continue;
      State c = s;
      base_->play(c, moves[i]);
      ++ctx_->stats.nodes;
      ++ctx_->stats.leaves;
      r = base_->is_terminal(c) && attacker_wins(c);
    }
    return proved0_[key] = r;
  }

  const G* base_;
  int order_;
  const LambdaGame* lower_;
  LambdaContext<H>* ctx_;
  int attacker_;
  mutable std::unordered_map<std::uint64_t, bool> proved_;
  mutable std::unordered_map<std::uint64_t, bool> proved0_;  // order 1: the λ0 tests
  mutable std::unordered_map<std::uint64_t, std::vector<Move>> threats_;
  mutable std::vector<Move> scratch_;
};

}  // namespace detail

// What the lambda stage found: the result to return where it proved the attacker's goal (the
// problem's goal or its negation), and the order that did.
struct LambdaOutcome {
  bool settled = false;
  int order = 0;
  SolveResult result;
};

namespace detail {

// lambda_stage for the attacker's goal (`heuristic` from its view).
template <HasLambdaGoal G, class H>
LambdaOutcome lambda_stage_attack(const G& game, const typename G::State& root,
                                  const SearchLimits& limits, const H& heuristic,
                                  const DfpnOptions& options, const LambdaOptions& lo) {
  using Level = LambdaGame<G, H>;
  const double wall0 = wall_ms();
  LambdaOutcome out;
  if (lo.order <= 0 || game.is_terminal(root)) return out;
  LambdaContext<H> ctx;
  ctx.heuristic = &heuristic;
  ctx.inner = options;
  ctx.inner.tt_mb = 1;
  ctx.inner.carry = nullptr;
  ctx.inner.killers = false;
  ctx.inner_nodes = lo.inner_nodes;
  ctx.outer_stop = limits.stop;
  const double share = std::clamp(lo.budget_percent, 0, 100) / 100.0;
  if (limits.max_nodes != 0) {
    ctx.max_nodes = std::max<std::uint64_t>(
        1, static_cast<std::uint64_t>(static_cast<double>(limits.max_nodes) * share));
  }
  if (limits.max_ms > 0.0) ctx.deadline_ms = wall0 + limits.max_ms * share;
  DfpnOptions top = options;
  top.carry = nullptr;
  top.killers = false;
  std::vector<std::unique_ptr<Level>> levels;
  for (int n = 1; n <= lo.order; ++n) {
    levels.push_back(std::make_unique<Level>(game, n, n == 1 ? nullptr : levels.back().get(), ctx));
    if (ctx.stopping()) break;
    const Level& level = *levels.back();
    SearchLimits l;
    l.stop = &ctx.stop;
    if (ctx.max_nodes != 0) {
      l.max_nodes = std::max<std::uint64_t>(
          1, ctx.max_nodes - std::min(ctx.max_nodes, ctx.outer_nodes + ctx.stats.nodes));
    }
    if (ctx.deadline_ms > 0.0) l.max_ms = std::max(0.001, ctx.deadline_ms - wall_ms());
    l.progress = limits.progress;
    SolveResult r = dfpn(level, SolverGoal{game.attacker(), 1}, root, l, heuristic, top);
    ctx.outer_nodes += r.stats.nodes;
    out.result.stats += r.stats;
    if (r.status == ProofStatus::kProved) {
      out.settled = true;
      out.order = n;
      out.result.status = ProofStatus::kProved;
      out.result.best_move = r.best_move;
      out.result.main_line = std::move(r.main_line);
      out.result.depth = r.depth;
      break;
    }
    // The root's λn result, for the λ(n+1) search's own test of it (never a proof here).
    if (game.to_move(root) == game.attacker() && !ctx.stopping()) level.remember(root, false);
  }
  // The inner searches ran inside the top-level ones: their nodes add, their time does not.
  ctx.stats.cpu_ms = 0.0;
  out.result.stats += ctx.stats;
  out.result.wall_ms = wall_ms() - wall0;
  return out;
}

}  // namespace detail

// λ1, λ2, ... up to lo.order from `root`, for the attacker's goal, within lo.budget_percent of
// `limits`. Settled when a λn search proves the attacker wins: then `result` answers `goal` (the
// prover is the attacker: proved; the defender: disproved). Otherwise `result` holds only what the
// stage spent (stats, wall_ms).
template <HasLambdaGoal G, class H>
requires ProofHeuristic<H, G> LambdaOutcome lambda_stage(const G& game, const SolverGoal& goal,
                                                         const typename G::State& root,
                                                         const SearchLimits& limits,
                                                         const H& heuristic,
                                                         const DfpnOptions& options,
                                                         const LambdaOptions& lo) {
  if (goal.prover == game.attacker()) {
    return detail::lambda_stage_attack(game, root, limits, heuristic, options, lo);
  }
  // Every λ search proves the attacker's goal: the defender's heuristic is seen swapped.
  const detail::SwappedHeuristic<H> swapped_h{&heuristic};
  LambdaOutcome out = detail::lambda_stage_attack(game, root, limits, swapped_h, options, lo);
  if (out.settled) out.result.status = ProofStatus::kDisproved;
  return out;
}

// df-pn (df-pn+ with options.heuristic) with a lambda stage first (lo.order > 0): a λn proof
// answers at once; otherwise the plain search runs with the budget the stage left, and its result
// (with the stage's statistics added) is the answer. options.carry is left empty when the stage
// answers.
template <HasLambdaGoal G, class H>
requires ProofHeuristic<H, G> SolveResult lambda_dfpn(const G& game, const SolverGoal& goal,
                                                      const typename G::State& root,
                                                      const SearchLimits& limits,
                                                      const H& heuristic,
                                                      const DfpnOptions& options,
                                                      const LambdaOptions& lo) {
  if (lo.order < 0 || lo.order > kMaxLambdaOrder) {
    throw ParamError("lambda: order must be 0.." + std::to_string(kMaxLambdaOrder));
  }
  const double wall0 = wall_ms();
  LambdaOutcome stage = lambda_stage(game, goal, root, limits, heuristic, options, lo);
  if (stage.settled) {
    if (options.carry != nullptr) *options.carry = {};
    stage.result.wall_ms = wall_ms() - wall0;
    return std::move(stage.result);
  }
  if (lo.budget_percent >= 100 && (limits.max_nodes != 0 || limits.max_ms > 0.0)) {
    stage.result.wall_ms = wall_ms() - wall0;
    return std::move(stage.result);
  }
  SearchLimits rest = limits;
  const SearchStats& spent = stage.result.stats;
  if (limits.max_nodes != 0) {
    rest.max_nodes = limits.max_nodes - std::min(limits.max_nodes - 1, spent.nodes);
  }
  if (limits.max_ms > 0.0) rest.max_ms = std::max(0.001, limits.max_ms - (wall_ms() - wall0));
  SolveResult r = dfpn(game, goal, root, rest, heuristic, options);
  r.stats += spent;
  r.wall_ms = wall_ms() - wall0;
  return r;
}

}  // namespace gts
