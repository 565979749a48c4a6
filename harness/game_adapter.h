// GameAdapter<G>: the GameHandle of one concrete game type, and the algorithm dispatch for it.
// Included only by the per-game registration files (harness/games/*.cpp), so each game's
// templates are instantiated in one translation unit.
#pragma once

#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <utility>

#include "algorithms/perft.h"
#include "algorithms/random_move.h"
#include "games/game.h"
#include "harness/algorithms/algorithm_list.h"
#include "harness/game_table.h"
#include "harness/goal_problem_adapter.h"
#include "harness/registry.h"
#include "harness/strf.h"
#include "harness/trace/tracing_game.h"

namespace gts {

template <Game G>
class GameAdapter final : public GameHandle {
 public:
  using State = typename G::State;
  using Eval = typename G::Eval;

  GameAdapter(const GameInfo& info, Params params)
      : info_(info), params_(std::move(params)), game_(params_) {}

  [[nodiscard]] const GameInfo& info() const override { return info_; }
  [[nodiscard]] const Params& params() const override { return params_; }

  [[nodiscard]] std::string initial_position() const override {
    return game_.to_string(game_.initial_state());
  }
  [[nodiscard]] std::string canonical_position(std::string_view text) const override {
    return game_.to_string(game_.parse(text));
  }
  [[nodiscard]] int to_move(std::string_view position) const override {
    return game_.to_move(game_.parse(position));
  }
  [[nodiscard]] bool is_terminal(std::string_view position) const override {
    return game_.is_terminal(game_.parse(position));
  }
  [[nodiscard]] Value terminal_value(std::string_view position) const override {
    const State s = game_.parse(position);
    if (!game_.is_terminal(s))
      throw ParseError("position " + game_.to_string(s) + " is not finished");
    return game_.terminal_value(s);
  }
  [[nodiscard]] std::vector<std::string> legal_moves(std::string_view position) const override {
    State s = game_.parse(position);
    std::vector<std::string> out;
    if (game_.is_terminal(s)) return out;
    MovesOf<G> moves;
    game_.legal_moves(s, moves);
    for (Move m : moves) out.push_back(game_.move_to_string(s, m));
    return out;
  }
  [[nodiscard]] std::string play_move(std::string_view position,
                                      std::string_view move) const override {
    State s = game_.parse(position);
    const std::string what = "move '" + std::string(move);
    if (game_.is_terminal(s)) throw ParseError(what + "': the game is over");
    const Move m = game_.parse_move(s, move);
    if (!legal(s, m)) throw ParseError(what + "' is not legal here");
    game_.play(s, m);
    return game_.to_string(s);
  }
  [[nodiscard]] std::string draw(std::string_view position) const override {
    const State s = game_.parse(position);
    if constexpr (requires {
                    { game_.draw(s) } -> std::convertible_to<std::string>;
                  }) {
      return game_.draw(s);
    } else {
      return game_.to_string(s) + "\n";
    }
  }
  [[nodiscard]] std::vector<std::string> line_to_strings(
      std::string_view position, const std::vector<Move>& line) const override {
    return moves_text(game_.parse(position), line);
  }

  [[nodiscard]] std::unique_ptr<Searcher> make_searcher(const AlgorithmSpec& algorithm,
                                                        const EvalSpec& eval) const override {
    if (const AlgorithmWrapper* w = find_algorithm_wrapper(algorithm.name)) {
      return w->wrap(make_searcher(make_algorithm_spec(w->base, {}), eval), algorithm);
    }
    return std::make_unique<FnSearcher>(game_, Eval(game_, eval),
                                        search_function<G, Eval>(algorithm));
  }

  [[nodiscard]] SearchResult search(std::string_view position, Searcher& searcher,
                                    const SearchLimits& limits, std::uint64_t seed) const override {
    State s = game_.parse(position);
    return searcher.search(&s, limits, seed);
  }

  [[nodiscard]] std::vector<std::uint64_t> perft(std::string_view position,
                                                 int depth) const override {
    return gts::perft(game_, game_.parse(position), depth);
  }

  [[nodiscard]] SearchTrace trace(std::string_view position, const AlgorithmSpec& algorithm,
                                  const EvalSpec& eval, const SearchLimits& limits,
                                  std::uint64_t seed) const override {
    if (find_algorithm_wrapper(algorithm.name) != nullptr) {
      throw ParamError("algorithm " + algorithm.name +
                       " is made of whole searches of another; its tree cannot be traced");
    }
    const State s = game_.parse(position);
    const Eval e(game_, eval);
    SearchTrace t = trace_search(game_, e, s, algorithm, limits, seed);
    t.game = label();
    t.position = game_.to_string(s);
    t.algorithm = algorithm.label();
    t.evaluation = eval_spec_text(eval);
    const auto best = line_to_strings(t.position, {t.result.best_move});
    t.best_move = best.empty() ? "none" : best[0];
    return t;
  }

  [[nodiscard]] GameOutcome play_game(const GameSetup& setup,
                                      std::array<GameSide, 2>& sides) const override {
    GameOutcome out;
    State s = game_.parse(setup.opening);
    const int first_player = game_.to_move(s);
    auto forfeit = [&](int side, Termination why, std::string reason) {
      out.termination = why;
      out.forfeit_side = side;
      out.first_score = side == 0 ? 0.0 : 1.0;
      out.reason = std::move(reason);
    };
    // An engine that cannot start (or answer its handshake) loses the game before it begins.
    for (int side = 0; side < 2; ++side) {
      ExternalPlayer* e = sides[static_cast<std::size_t>(side)].external;
      if (e == nullptr) continue;
      std::string why = e->start_game();
      if (!why.empty()) {
        forfeit(side, Termination::kError, std::move(why));
        out.final_position = game_.to_string(s);
        return out;
      }
    }
    auto stopped = [&] {
      return setup.stop != nullptr && setup.stop->load(std::memory_order_relaxed);
    };
    std::array<double, 2> clock_left{sides[0].clock.base_ms, sides[1].clock.base_ms};
    std::vector<std::string> played;  // in notation, for external engines
    ScoreWatch watch(setup.by_score);
    for (int ply = 0;; ++ply) {
      out.plies = ply;
      if (game_.is_terminal(s)) {
        const Value v = game_.terminal_value(s);
        const Value first_view = game_.to_move(s) == first_player ? v : -v;
        out.first_score = first_view > 0 ? 1.0 : first_view < 0 ? 0.0 : 0.5;
        if constexpr (requires { requires G::kScoreIsMargin; }) out.margin = first_view;
        break;
      }
      if (watch.decided()) {
        out.termination = Termination::kAdjudicated;
        out.first_score = watch.first_score();
        out.reason = watch.reason();
        break;
      }
      if constexpr (detail::HasOutcomeBounds<G>) {
        if (setup.adjudicate && adjudicate(s, first_player, out)) break;
      }
      if (ply >= setup.max_plies) {
        out.termination = Termination::kMaxPlies;
        out.first_score = 0.5;
        break;
      }
      if (stopped()) {
        out.termination = Termination::kStopped;
        break;
      }
      const int side = game_.to_move(s) == first_player ? 0 : 1;
      const auto us = static_cast<std::size_t>(side);
      GameSide& gs = sides[us];
      SearchLimits limits = gs.limits;
      limits.stop = setup.stop;
      const bool clocked = gs.clock.enabled();
      if (clocked) {
        const double share = clock_allocation_ms(clock_left[us], gs.clock.inc_ms);
        limits.max_ms = limits.max_ms > 0 ? std::min(limits.max_ms, share) : share;
      }
      SearchResult r;
      std::string pv;
      bool scored = true;
      const double start = wall_ms();
      if (gs.external != nullptr) {
        const EngineMove em = gs.external->go(engine_request(setup, s, played, sides, clock_left));
        if (em.status == EngineMove::Status::kStopped) {
          out.termination = Termination::kStopped;
          break;
        }
        if (em.status == EngineMove::Status::kTimeout && (clocked || gs.limits.max_ms > 0)) {
          forfeit(side, Termination::kTimeout,
                  "lost on time (" + format_ms(clocked ? clock_left[us] : gs.limits.max_ms) +
                      (clocked ? " ms on the clock" : " ms movetime") + " + margin " +
                      format_ms(gs.margin_ms) + " ms): " + em.reason);
          break;
        }
        if (em.status != EngineMove::Status::kMove) {
          forfeit(side,
                  em.status == EngineMove::Status::kTimeout ? Termination::kTimeout
                                                            : Termination::kError,
                  em.reason);
          break;
        }
        try {
          r.best_move = game_.parse_move(s, em.move);
        } catch (const std::exception& e) {
          forfeit(side, Termination::kIllegalMove,
                  "bestmove '" + em.move + "' in " + game_.to_string(s) + ": " + e.what());
          break;
        }
        r.value = em.value;
        r.depth = em.depth;
        r.stats.nodes = em.nodes;
        r.stats.cpu_ms = em.cpu_ms;
        pv = em.pv;
        scored = em.scored;
      } else {
        const double cpu_start = thread_cpu_ms();
        try {
          r = gs.searcher->search(&s, limits,
                                  mix_seed(setup.seed, static_cast<std::uint64_t>(ply)));
          // The whole call, the algorithm's set-up (tables, buffers) included, is the search's
          // cost.
          r.stats.cpu_ms = thread_cpu_ms() - cpu_start;
        } catch (const std::exception& e) {
          forfeit(side, Termination::kError, e.what());
          break;
        } catch (...) {
          forfeit(side, Termination::kError, "unknown exception");
          break;
        }
      }
      const double elapsed = wall_ms() - start;
      if (stopped()) {
        out.termination = Termination::kStopped;
        break;
      }
      out.stats[us] += r.stats;
      ++out.moves[us];
      if (!legal(s, r.best_move)) {
        forfeit(side, Termination::kIllegalMove,
                "move " + std::to_string(r.best_move) + " is not legal in " + game_.to_string(s));
        break;
      }
      if (gs.external == nullptr && limits.max_nodes != 0 && r.stats.nodes > limits.max_nodes) {
        forfeit(side, Termination::kBudget,
                "searched " + std::to_string(r.stats.nodes) + " nodes, budget " +
                    std::to_string(limits.max_nodes));
        break;
      }
      if (!clocked && gs.limits.max_ms > 0 && elapsed > gs.limits.max_ms + gs.margin_ms) {
        forfeit(side, Termination::kTimeout,
                "took " + format_ms(elapsed) + " ms, movetime " + format_ms(gs.limits.max_ms) +
                    " ms + margin " + format_ms(gs.margin_ms) + " ms");
        break;
      }
      double clock_after = -1;
      if (clocked) {
        clock_left[us] -= elapsed;
        if (clock_left[us] < -gs.margin_ms) {
          forfeit(side, Termination::kTimeout,
                  "lost on time: the move took " + format_ms(elapsed) + " ms with " +
                      format_ms(clock_left[us] + elapsed) + " ms on the clock (margin " +
                      format_ms(gs.margin_ms) + " ms)");
          break;
        }
        clock_left[us] += gs.clock.inc_ms;
        clock_after = clock_left[us];
      }
      std::string move = game_.move_to_string(s, r.best_move);
      if (gs.external == nullptr) {
        for (const std::string& m : moves_text(s, r.pv)) pv += (pv.empty() ? "" : " ") + m;
      }
      out.move_log.push_back(MoveRecord{ply, side, move, r.value, r.depth, r.stats.nodes,
                                        r.stats.leaves, r.stats.cpu_ms * 1e3, elapsed, clock_after,
                                        std::move(pv)});
      played.push_back(std::move(move));
      game_.play(s, r.best_move);
      watch.moved(side, ply, scored, r.value);
    }
    out.final_position = game_.to_string(s);
    return out;
  }

  // What an external engine is asked at `s`: the game from its opening, its limits, both clocks
  // under the game's own player numbers (UGI's p1 moves first from the start position).
  EngineGo engine_request(const GameSetup& setup, const State& s,
                          const std::vector<std::string>& played,
                          const std::array<GameSide, 2>& sides,
                          const std::array<double, 2>& clock_left) const {
    const State start = game_.initial_state();
    const int p1 = game_.to_move(start);
    const int first_player = game_.to_move(game_.parse(setup.opening));
    const int side = game_.to_move(s) == first_player ? 0 : 1;
    const GameSide& gs = sides[static_cast<std::size_t>(side)];
    EngineGo go{.opening = setup.opening,
                .opening_is_start = game_.to_string(start) == setup.opening,
                .moves = played,
                .depth = gs.limits.depth > 0 && gs.limits.depth < kDepthMax ? gs.limits.depth : 0,
                .nodes = gs.limits.max_nodes,
                .movetime_ms = gs.limits.max_ms,
                .stop = setup.stop};
    for (int t = 0; t < 2; ++t) {
      const auto u = static_cast<std::size_t>(t);
      if (!sides[u].clock.enabled()) continue;
      const int player = t == 0 ? first_player : 1 - first_player;
      const std::size_t p = player == p1 ? 0 : 1;
      go.clock = true;
      go.time_ms[p] = std::max(0.0, clock_left[u]);
      go.inc_ms[p] = sides[u].clock.inc_ms;
    }
    if (gs.clock.enabled()) {
      go.deadline_ms = std::max(0.0, clock_left[static_cast<std::size_t>(side)]) + gs.margin_ms;
    } else if (gs.limits.max_ms > 0) {
      go.deadline_ms = gs.limits.max_ms + gs.margin_ms;
    }
    return go;
  }

  // The moves of `line` from `s` in notation; stops at the first move not legal.
  std::vector<std::string> moves_text(State s, const std::vector<Move>& line) const {
    std::vector<std::string> out;
    for (Move m : line) {
      if (game_.is_terminal(s) || !legal(s, m)) break;
      out.push_back(game_.move_to_string(s, m));
      game_.play(s, m);
    }
    return out;
  }

  bool legal(const State& s, Move m) const {
    MovesOf<G> moves;
    game_.legal_moves(s, moves);
    return moves.contains(m);
  }

  static std::string format_ms(double ms) { return strf("%.1f", ms); }

  // Ends the game at `s` when its outcome bounds leave one result: the first player's score, and
  // the margin where the bounds meet. False (nothing changed) while the result is open.
  bool adjudicate(const State& s, int first_player, GameOutcome& out) const {
    const auto [lo, hi] = game_.outcome_bounds(s);
    if (lo <= 0 && hi >= 0 && lo != hi) return false;
    const bool first_moves = game_.to_move(s) == first_player;
    const Value first_lo = first_moves ? lo : -hi;
    const Value first_hi = first_moves ? hi : -lo;
    out.termination = Termination::kAdjudicated;
    out.first_score = first_lo > 0 ? 1.0 : first_hi < 0 ? 0.0 : 0.5;
    if constexpr (requires { requires G::kScoreIsMargin; }) {
      if (first_lo == first_hi) out.margin = first_lo;
    }
    out.reason = "decided: the final outcome lies in [" + std::to_string(first_lo) + ", " +
                 std::to_string(first_hi) + "] for the first player";
    return true;
  }

  [[nodiscard]] std::optional<std::string> to_sgf(
      const std::vector<SgfGame>& games) const override {
    if constexpr (requires(const State& s, const std::vector<Move>& line) {
                    { game_.sgf_game(s, line, {}) } -> std::convertible_to<std::string>;
                  }) {
      std::string out;
      for (const SgfGame& g : games) {
        const State start = game_.parse(g.opening);
        State s = start;
        std::vector<Move> line;
        for (const std::string& text : g.moves) {
          const Move m = game_.parse_move(s, text);
          game_.play(s, m);
          line.push_back(m);
        }
        out += game_.sgf_game(start, line, g.root);
      }
      return out;
    } else {
      (void)games;
      return std::nullopt;
    }
  }
  [[nodiscard]] std::vector<SgfGame> from_sgf(std::string_view text,
                                              const std::string& source) const override {
    if constexpr (requires { game_.parse_sgf_games(text, source); }) {
      std::vector<SgfGame> out;
      for (const auto& [start, line] : game_.parse_sgf_games(text, source)) {
        SgfGame g;
        g.opening = game_.to_string(start);
        g.moves = line_to_strings(g.opening, line);
        out.push_back(std::move(g));
      }
      return out;
    } else {
      (void)text;
      throw ParseError(source + ": game " + info_.name + " has no SGF form");
    }
  }

  [[nodiscard]] std::string random_opening(std::uint64_t seed, int plies) const override {
    State s = game_.initial_state();
    for (int ply = 0; ply < plies && !game_.is_terminal(s); ++ply) {
      MovesOf<G> moves;
      game_.legal_moves(s, moves);
      // Only moves that keep the game going: an opening must leave something to play.
      MovesOf<G> alive;
      for (Move m : moves) {
        State c = s;
        game_.play(c, m);
        if (!game_.is_terminal(c)) alive.push_back(m);
      }
      if (alive.empty()) break;
      const std::uint64_t r = mix_seed(seed, static_cast<std::uint64_t>(ply));
      game_.play(s, alive[static_cast<std::size_t>(r % alive.size())]);
    }
    return game_.to_string(s);
  }

 private:
  class FnSearcher final : public Searcher {
   public:
    FnSearcher(const G& game, Eval eval, SearchFunction<G, Eval> fn)
        : game_(game), eval_(std::move(eval)), fn_(std::move(fn)) {}
    SearchResult search(const void* state, const SearchLimits& limits,
                        std::uint64_t seed) override {
      return fn_(game_, eval_, *static_cast<const State*>(state), limits, seed);
    }

   private:
    G game_;
    Eval eval_;
    SearchFunction<G, Eval> fn_;
  };

  const GameInfo& info_;
  Params params_;
  G game_;
};

// The description of game type G, with the facts the harness reads from the class.
template <Game G>
GameInfo describe_game() {
  GameInfo info{std::string(G::kName), std::string(G::kDescription), G::param_specs(),
                G::evaluation_kinds(), G::default_evaluation()};
  if constexpr (requires { G::kSideNames; }) {
    info.side_names = {std::string(G::kSideNames[0]), std::string(G::kSideNames[1])};
  }
  if constexpr (requires { requires G::kScoreIsMargin; }) info.outcome_is_margin = true;
  if constexpr (requires { requires G::kOutcomeIsLeafValue; }) info.outcome_is_leaf_value = true;
  if constexpr (requires { requires G::kUniformTree; }) info.uniform_tree = true;
  return info;
}

// The registration of G (harness/games/<game>.cpp): its description, its factory, the positions
// `harness bench` searches, and its problems for `harness solve` (by default a plain goal from a
// position of G; a game with its own problem files passes its own maker, nullptr: none).
template <Game G>
GameEntry game_entry(std::vector<BenchPosition> bench_positions = {},
                     decltype(GameEntry::make_problem) make_problem = &make_plain_problem<G>) {
  auto make = [](const GameInfo& info, Params params) -> std::unique_ptr<GameHandle> {
    return std::make_unique<GameAdapter<G>>(info, std::move(params));
  };
  GameEntry entry{describe_game<G>(), make, make_problem};
  entry.info.bench_positions = std::move(bench_positions);
  return entry;
}

}  // namespace gts
