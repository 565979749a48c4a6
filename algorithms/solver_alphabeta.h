// Alpha-beta as a win/loss solver: any game with an AND/OR goal becomes a game whose terminal
// values are +kWin (the mover's side got what it wanted) or -kWin, searched to the end by
// gts::alphabeta with or without its transposition table.
//
// GoalGame publishes outcome bounds [-kWin, +kWin], so alpha-beta narrows every window to them:
// the first winning move cuts, as in a boolean search. GoalEval turns a heuristic's initial proof
// numbers into a static value, which only orders moves (ordering=static): the search never stops
// at a horizon.
//
// The main line (for the `depth` column) is rebuilt after the search by further alpha-beta
// searches with a table, which are not counted in the statistics: the winner plays the move the
// search chose, the loser the reply whose refutation costs the most nodes. They share a budget of
// four times the main search's nodes (at least 100,000); a line cut short by it is reported as far
// as it got.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "algorithms/alphabeta.h"
#include "algorithms/search.h"
#include "algorithms/solver_goal.h"
#include "games/game.h"

namespace gts {

template <Game G>
class GoalGame {
 public:
  using State = typename G::State;
  static constexpr std::size_t kMaxMoves = G::kMaxMoves;
  static constexpr Value kWin = 1000;

  GoalGame(const G& game, const SolverGoal& goal) : game_(&game), goal_(goal) {}

  [[nodiscard]] const G& base() const { return *game_; }
  [[nodiscard]] State initial_state() const { return game_->initial_state(); }
  [[nodiscard]] int to_move(const State& s) const { return game_->to_move(s); }
  [[nodiscard]] bool is_terminal(const State& s) const { return game_->is_terminal(s); }
  [[nodiscard]] Value terminal_value(const State& s) const {
    const bool reached = goal_reached(*game_, goal_, s);
    const bool mover_is_prover = game_->to_move(s) == goal_.prover;
    return reached == mover_is_prover ? kWin : -kWin;
  }
  void legal_moves(const State& s, MovesOf<GoalGame>& moves) const {
    game_->legal_moves(s, moves);  // the same MoveList type: kMaxMoves is G's
  }
  void play(State& s, Move m) const { game_->play(s, m); }
  [[nodiscard]] std::uint64_t hash(const State& s) const { return game_->hash(s); }
  [[nodiscard]] std::string to_string(const State& s) const { return game_->to_string(s); }
  [[nodiscard]] State parse(std::string_view text) const { return game_->parse(text); }
  [[nodiscard]] std::string move_to_string(const State& s, Move m) const {
    return game_->move_to_string(s, m);
  }
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const {
    return game_->parse_move(s, text);
  }
  [[nodiscard]] std::pair<Value, Value> outcome_bounds(const State&) const { return {-kWin, kWin}; }

 private:
  const G* game_;
  SolverGoal goal_;
};

// A heuristic's initial numbers as a static value from the mover's side: the prover's view is
// 64 * log2(dn / pn), kept strictly inside the win values.
template <Game G, class H>
class GoalEval {
 public:
  GoalEval(const G& game, const SolverGoal& goal, const H& heuristic)
      : game_(&game), goal_(goal), heuristic_(&heuristic) {}
  Value operator()(const typename G::State& s) const {
    const ProofEstimate e = (*heuristic_)(s);
    const double ratio = static_cast<double>(std::max<ProofNumber>(e.dn, 1)) /
                         static_cast<double>(std::max<ProofNumber>(e.pn, 1));
    const auto v = static_cast<Value>(std::lround(64.0 * std::log2(ratio)));
    const Value prover_view = std::clamp<Value>(v, -(GoalGame<G>::kWin - 1), GoalGame<G>::kWin - 1);
    return game_->to_move(s) == goal_.prover ? prover_view : -prover_view;
  }

 private:
  const G* game_;
  SolverGoal goal_;
  const H* heuristic_;
};

struct AlphaBetaSolverOptions {
  bool tt = false;
  std::size_t tt_mb = 16;
  // Children searched best first by GoalEval (the heuristic); off: in move generation order.
  bool static_ordering = true;
  // Rebuild the main line afterwards (uncounted searches); off: depth 0 and an empty line.
  bool main_line = true;
};

// Solves `goal` from `root` with alpha-beta to the end of the game. max_nodes and max_ms bound the
// search, which then ends unknown; limits.depth is ignored. Throws ParamError for a bad table size.
template <Game G, class H>
requires ProofHeuristic<H, G> SolveResult alphabeta_solve(
    const G& game, const SolverGoal& goal, const typename G::State& root,
    const SearchLimits& limits, const H& heuristic, const AlphaBetaSolverOptions& options = {}) {
  using State = typename G::State;
  const GoalGame<G> goal_game(game, goal);
  const GoalEval<G, H> eval(game, goal, heuristic);
  SearchLimits lim = limits;
  lim.depth = kDepthMax;
  AlphaBetaOptions ab;
  ab.tt = options.tt;
  ab.tt_mb = options.tt_mb;
  ab.static_ordering = options.static_ordering;
  const double wall0 = wall_ms();
  const double alloc0 = detail::table_memory_ms();
  const SearchResult r = alphabeta(goal_game, eval, root, lim, ab);
  SolveResult result;
  result.stats = r.stats;
  // The search's own times, without its table's making (which the caller reports apart).
  const double alloc = detail::table_memory_ms() - alloc0;
  result.wall_ms = std::max(0.0, wall_ms() - wall0 - alloc);
  result.stats.cpu_ms = std::max(0.0, result.stats.cpu_ms - alloc);
  if (!r.complete) return result;
  const bool mover_wins = r.value > 0;
  const int mover = game.to_move(root);
  const bool proved = (mover == goal.prover) == mover_wins;
  result.status = proved ? ProofStatus::kProved : ProofStatus::kDisproved;
  if (!options.main_line || game.is_terminal(root)) return result;

  // The main line, from further searches with a table.
  const int winner = mover_wins ? mover : 1 - mover;
  std::uint64_t budget = std::max<std::uint64_t>(100000, 4 * r.stats.nodes);
  AlphaBetaOptions sub = ab;
  sub.tt = true;
  auto solve_below = [&](const State& s, SearchResult& out) {
    SearchLimits l = limits;
    l.depth = kDepthMax;
    l.max_nodes = budget;
    out = alphabeta(goal_game, eval, s, l, sub);
    budget = out.stats.nodes >= budget ? 0 : budget - out.stats.nodes;
    return out.complete && budget > 0;
  };
  State s = root;
  bool ok = true;
  while (ok && !game.is_terminal(s) &&
         static_cast<int>(result.main_line.size()) < detail::kMaxMainLine) {
    Move chosen = kNoMove;
    if (game.to_move(s) == winner) {
      if (result.main_line.empty()) {
        chosen = r.best_move;
      } else {
        SearchResult below;
        ok = solve_below(s, below);
        chosen = below.best_move;
      }
    } else {
      MovesOf<G> moves;
      game.legal_moves(s, moves);
      std::uint64_t most = 0;
      for (Move m : moves) {
        State c = s;
        game.play(c, m);
        std::uint64_t cost = 1;
        if (!game.is_terminal(c)) {
          SearchResult below;
          ok = solve_below(c, below);
          if (!ok) break;
          cost = below.stats.nodes;
        }
        if (chosen == kNoMove || cost > most) {
          chosen = m;
          most = cost;
        }
      }
    }
    if (!ok || chosen == kNoMove) break;
    result.main_line.push_back(chosen);
    game.play(s, chosen);
  }
  result.depth = static_cast<int>(result.main_line.size());
  if (!result.main_line.empty()) result.best_move = result.main_line.front();
  return result;
}

}  // namespace gts
