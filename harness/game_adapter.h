// GameAdapter<G>: the GameHandle of one concrete game type, and the algorithm dispatch for it;
// TypedSolveProblem<G, H>: a SolveProblem of G, the goal solvers instantiated over it. Included
// only by the per-game registration files (harness/games/*.cpp), so each game's templates are
// instantiated in one translation unit.
#pragma once

#include <exception>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/perft.h"
#include "common/interrupt.h"
#include "games/game.h"
#include "harness/algorithms/algorithm_list.h"
#include "harness/goal_problem.h"
#include "harness/registry.h"
#include "harness/strf.h"
#include "harness/trace/tracing_game.h"

namespace gts {

template <Game G>
bool is_legal(const G& game, const typename G::State& s, Move m) {
  MovesOf<G> moves;
  game.legal_moves(s, moves);
  return moves.contains(m);
}

// The moves of `line` from `s` in notation; stops at the end of the game or at a move not legal.
template <Game G>
std::vector<std::string> moves_text(const G& game, typename G::State s,
                                    const std::vector<Move>& line) {
  std::vector<std::string> out;
  for (Move m : line) {
    if (game.is_terminal(s) || !is_legal(game, s, m)) break;
    out.push_back(game.move_to_string(s, m));
    game.play(s, m);
  }
  return out;
}

// The heuristic H is made as H(game, goal), on the game copy this problem keeps.
template <Game G, class H>
class TypedSolveProblem final : public SolveProblem {
 public:
  using State = typename G::State;

  TypedSolveProblem(std::string name, std::string expected, std::string goal_text, G game,
                    State root, SolverGoal goal)
      : SolveProblem(
            {std::move(name), std::move(expected), std::string(G::kName), std::move(goal_text)}),
        game_(std::make_unique<G>(std::move(game))),
        root_(std::move(root)),
        goal_(goal),
        heuristic_(*game_, goal_) {}

  [[nodiscard]] SolveOutcome solve(const SolverSpec& solver, const SearchLimits& limits,
                                   DfpnCarry* carry) const override {
    const SolveResult r = goal_solve(solver.algorithm, *game_, goal_, root_, limits, heuristic_,
                                     solver.options, carry);
    return {.status = r.status,
            .best_move = r.best_move == kNoMove ? "" : game_->move_to_string(root_, r.best_move),
            .main_line = moves_text(*game_, root_, r.main_line),
            .depth = r.depth,
            .stats = r.stats,
            .time_ms = r.wall_ms};
  }

 private:
  std::unique_ptr<G> game_;  // stable address: the heuristic points into it
  State root_;
  SolverGoal goal_;
  H heuristic_;
};

// The game's default evaluation as initial numbers (see EvalHeuristic). Not copyable: the
// heuristic points at the evaluation it owns.
template <Game G>
class DefaultHeuristic {
 public:
  DefaultHeuristic(const G& game, const SolverGoal& goal)
      : eval_(game, EvalSpec{G::default_evaluation(), {}}), h_(game, eval_, goal) {}
  DefaultHeuristic(const DefaultHeuristic&) = delete;
  DefaultHeuristic& operator=(const DefaultHeuristic&) = delete;
  ProofEstimate operator()(const typename G::State& s) const { return h_(s); }

 private:
  typename G::Eval eval_;
  EvalHeuristic<G, typename G::Eval> h_;
};

// A problem with a plain goal (the config's prover and at_least) from a position of G, with the
// game's default evaluation as initial numbers.
template <Game G>
std::unique_ptr<SolveProblem> make_plain_problem(const std::map<std::string, std::string>& params,
                                                 const ProblemSpec& spec) {
  const std::string game_name(G::kName);
  if (!spec.file.empty() || !spec.problem.empty()) {
    throw ParamError("problem '" + spec.name + "': " + game_name +
                     " problems take a 'position' and a goal, not a 'file' or a 'problem'");
  }
  G game(resolve_params(G::param_specs(), params, "game " + game_name));
  typename G::State root = spec.position.empty() ? game.initial_state() : game.parse(spec.position);
  if (spec.prover != -1 && spec.prover != 0 && spec.prover != 1) {
    throw ParamError("problem '" + spec.name + "': prover must be 0, 1 or the side to move");
  }
  const SolverGoal goal{spec.prover == -1 ? game.to_move(root) : spec.prover, spec.at_least};
  const std::string goal_text =
      find_game_info(game_name).side_names[static_cast<std::size_t>(goal.prover)] +
      " reaches a value of at least " + std::to_string(goal.at_least) + " (its view)";
  return std::make_unique<TypedSolveProblem<G, DefaultHeuristic<G>>>(
      spec.name, spec.expected, goal_text, std::move(game), root, goal);
}

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
    if (!is_legal(game_, s, m)) throw ParseError(what + "' is not legal here");
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
    return moves_text(game_, game_.parse(position), line);
  }

  [[nodiscard]] std::unique_ptr<Searcher> make_searcher(const AlgorithmSpec& algorithm,
                                                        const EvalSpec& eval) const override {
    if (const AlgorithmInfo& info = find_algorithm_info(algorithm.name); info.wrap) {
      return info.wrap(make_searcher(make_algorithm_spec(info.base, {}), eval), algorithm);
    }
    return std::make_unique<FnSearcher>(game_, Eval(game_, eval),
                                        search_function<G, Eval>(algorithm));
  }

  void prepare(const SearchLimits& limits) const override {
    if constexpr (requires { game_.prepare(); }) {
      if (limits.depth == kDepthMax) game_.prepare();
    }
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
    if (find_algorithm_info(algorithm.name).wrap) {
      throw ParamError("algorithm " + algorithm.name +
                       " is made of whole searches of another; its tree cannot be traced");
    }
    const State s = game_.parse(position);
    const Eval e(game_, eval);
    // The algorithm, through the one dispatch table, on the tracing game and evaluation.
    const bool orders = algorithm.options.values().count("ordering") != 0 &&
                        algorithm.options.get("ordering") == "static";
    Tracer<G> tracer(game_, orders);
    const TracingGame<G> traced(game_, tracer);
    const TracingEval<G, Eval> traced_eval(e, tracer);
    const auto fn = search_function<TracingGame<G>, TracingEval<G, Eval>>(algorithm);
    SearchResult result = fn(traced, traced_eval, traced.root(s), limits, seed);
    SearchTrace t = tracer.finish();
    t.result = std::move(result);
    t.depth = limits.depth;
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
    Match m{.setup = setup,
            .sides = sides,
            .s = game_.parse(setup.opening),
            .watch = ScoreWatch(setup.by_score)};
    m.first_player = game_.to_move(m.s);
    m.clock_left = {sides[0].clock.base_ms, sides[1].clock.base_ms};
    bool over = false;
    // What the searches (or the adjudication) would make on first use is made before any clock.
    try {
      for (const GameSide& gs : sides) {
        if (gs.external == nullptr) prepare(gs.limits);
      }
      if (setup.adjudicate) prepare({.depth = kDepthMax});
    } catch (const Interrupted&) {
      over = m.end(Termination::kStopped);
    }
    // An engine that cannot start (or answer its handshake) loses the game before it begins.
    for (int side = 0; side < 2 && !over; ++side) {
      ExternalPlayer* e = sides[static_cast<std::size_t>(side)].external;
      const std::string why = e == nullptr ? std::string() : e->start_game();
      if (!why.empty()) over = m.end(Termination::kError, side, why);
    }
    for (int ply = 0; !over; ++ply) over = game_over(m, ply) || next_move(m, ply);
    m.out.final_position = game_.to_string(m.s);
    return m.out;
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
        const std::string opening = game_.to_string(start);
        out.push_back({opening, line_to_strings(opening, line), {}});
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
  // A game in progress (play_game): its position, the clocks and the outcome so far.
  struct Match {
    const GameSetup& setup;
    std::array<GameSide, 2>& sides;
    State s;
    int first_player = 0;
    std::array<double, 2> clock_left{};
    std::vector<std::string> played = {};  // in notation, for external engines
    ScoreWatch watch;
    GameOutcome out = {};

    // Ends the game for `why`, `side` losing it by forfeit (-1: neither). True: it is over.
    bool end(Termination why, int side = -1, std::string reason = {}) {
      out.termination = why;
      if (side >= 0) {
        out.forfeit_side = side;
        out.first_score = side == 0 ? 0.0 : 1.0;
      }
      out.reason = std::move(reason);
      return true;
    }
    // Ends the game as stopped once the run's stop flag is set; true then.
    bool stopped() {
      return setup.stop != nullptr && setup.stop->load(std::memory_order_relaxed) &&
             end(Termination::kStopped);
    }
  };

  // Ends the game at m.s, before the move of `ply`, where it is finished, decided, too long or
  // stopped; true then.
  bool game_over(Match& m, int ply) const {
    m.out.plies = ply;
    if (game_.is_terminal(m.s)) {
      const Value v = game_.terminal_value(m.s);
      const Value first_view = game_.to_move(m.s) == m.first_player ? v : -v;
      m.out.first_score = first_view > 0 ? 1.0 : first_view < 0 ? 0.0 : 0.5;
      if constexpr (requires { requires G::kScoreIsMargin; }) m.out.margin = first_view;
      return true;
    }
    if (m.watch.decided()) {
      m.out.first_score = m.watch.first_score();
      return m.end(Termination::kAdjudicated, -1, m.watch.reason());
    }
    if constexpr (detail::HasOutcomeBounds<G>) {
      if (m.setup.adjudicate && adjudicate(m)) return true;
    }
    if (ply >= m.setup.max_plies) return m.end(Termination::kMaxPlies);
    return m.stopped();
  }

  // Plays the move of `ply` at m.s; true when the game ended instead (a forfeit, or stopped).
  bool next_move(Match& m, int ply) const {
    State& s = m.s;
    const int side = game_.to_move(s) == m.first_player ? 0 : 1;
    const auto us = static_cast<std::size_t>(side);
    GameSide& gs = m.sides[us];
    SearchLimits limits = gs.limits;
    limits.stop = m.setup.stop;
    const bool clocked = gs.clock.enabled();
    if (clocked) {
      const double share = clock_allocation_ms(m.clock_left[us], gs.clock.inc_ms);
      limits.max_ms = limits.max_ms > 0 ? std::min(limits.max_ms, share) : share;
    }
    SearchResult r;
    std::string pv;
    bool scored = true;
    const double start = wall_ms();
    if (gs.external != nullptr) {
      const EngineMove em = gs.external->go(engine_request(m, side));
      if (em.status == EngineMove::Status::kStopped) return m.end(Termination::kStopped);
      if (em.status == EngineMove::Status::kTimeout && (clocked || gs.limits.max_ms > 0)) {
        return m.end(Termination::kTimeout, side,
                     "lost on time (" + format_ms(clocked ? m.clock_left[us] : gs.limits.max_ms) +
                         (clocked ? " ms on the clock" : " ms movetime") + " + margin " +
                         format_ms(gs.margin_ms) + " ms): " + em.reason);
      }
      if (em.status != EngineMove::Status::kMove) {
        const bool late = em.status == EngineMove::Status::kTimeout;
        return m.end(late ? Termination::kTimeout : Termination::kError, side, em.reason);
      }
      try {
        r.best_move = game_.parse_move(s, em.move);
      } catch (const std::exception& e) {
        return m.end(Termination::kIllegalMove, side,
                     "bestmove '" + em.move + "' in " + game_.to_string(s) + ": " + e.what());
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
                                mix_seed(m.setup.seed, static_cast<std::uint64_t>(ply)));
        // The whole call, the algorithm's set-up (tables, buffers) included, is the search's cost.
        r.stats.cpu_ms = thread_cpu_ms() - cpu_start;
      } catch (const Interrupted&) {
        return m.end(Termination::kStopped);  // Ctrl-C reached work below the search
      } catch (const std::exception& e) {
        return m.end(Termination::kError, side, e.what());
      } catch (...) {
        return m.end(Termination::kError, side, "unknown exception");
      }
    }
    const double elapsed = wall_ms() - start;
    if (m.stopped()) return true;
    m.out.stats[us] += r.stats;
    ++m.out.moves[us];
    if (!is_legal(game_, s, r.best_move)) {
      return m.end(
          Termination::kIllegalMove, side,
          "move " + std::to_string(r.best_move) + " is not legal in " + game_.to_string(s));
    }
    if (gs.external == nullptr && limits.max_nodes != 0 && r.stats.nodes > limits.max_nodes) {
      return m.end(Termination::kBudget, side,
                   "searched " + std::to_string(r.stats.nodes) + " nodes, budget " +
                       std::to_string(limits.max_nodes));
    }
    if (!clocked && gs.limits.max_ms > 0 && elapsed > gs.limits.max_ms + gs.margin_ms) {
      return m.end(Termination::kTimeout, side,
                   "took " + format_ms(elapsed) + " ms, movetime " + format_ms(gs.limits.max_ms) +
                       " ms + margin " + format_ms(gs.margin_ms) + " ms");
    }
    double clock_after = -1;
    if (clocked) {
      m.clock_left[us] -= elapsed;
      if (m.clock_left[us] < -gs.margin_ms) {
        return m.end(Termination::kTimeout, side,
                     "lost on time: the move took " + format_ms(elapsed) + " ms with " +
                         format_ms(m.clock_left[us] + elapsed) + " ms on the clock (margin " +
                         format_ms(gs.margin_ms) + " ms)");
      }
      m.clock_left[us] += gs.clock.inc_ms;
      clock_after = m.clock_left[us];
    }
    std::string move = game_.move_to_string(s, r.best_move);
    if (gs.external == nullptr) pv = join_strings(moves_text(game_, s, r.pv), " ");
    m.out.move_log.push_back(MoveRecord{ply, side, move, r.value, r.depth, r.stats.nodes,
                                        r.stats.leaves, r.stats.cpu_ms * 1e3, elapsed, clock_after,
                                        std::move(pv)});
    m.played.push_back(std::move(move));
    game_.play(s, r.best_move);
    m.watch.moved(side, ply, scored, r.value);
    return false;
  }

  // What an external engine playing `side` is asked at m.s: the game from its opening, its limits,
  // both clocks under the game's own player numbers (UGI's p1 moves first from the start
  // position).
  EngineGo engine_request(const Match& m, int side) const {
    const State start = game_.initial_state();
    const int p1 = game_.to_move(start);
    const GameSide& gs = m.sides[static_cast<std::size_t>(side)];
    EngineGo go{.opening = m.setup.opening,
                .opening_is_start = game_.to_string(start) == m.setup.opening,
                .moves = m.played,
                .depth = gs.limits.depth > 0 && gs.limits.depth < kDepthMax ? gs.limits.depth : 0,
                .nodes = gs.limits.max_nodes,
                .movetime_ms = gs.limits.max_ms,
                .stop = m.setup.stop};
    for (int t = 0; t < 2; ++t) {
      const auto u = static_cast<std::size_t>(t);
      if (!m.sides[u].clock.enabled()) continue;
      const int player = t == 0 ? m.first_player : 1 - m.first_player;
      const std::size_t p = player == p1 ? 0 : 1;
      go.clock = true;
      go.time_ms[p] = std::max(0.0, m.clock_left[u]);
      go.inc_ms[p] = m.sides[u].clock.inc_ms;
    }
    if (gs.clock.enabled()) {
      go.deadline_ms = std::max(0.0, m.clock_left[static_cast<std::size_t>(side)]) + gs.margin_ms;
    } else if (gs.limits.max_ms > 0) {
      go.deadline_ms = gs.limits.max_ms + gs.margin_ms;
    }
    return go;
  }

  static std::string format_ms(double ms) { return strf("%.1f", ms); }

  // Ends the game at m.s when its outcome bounds leave one result: the first player's score, and
  // the margin where the bounds meet. False (nothing changed) while the result is open.
  bool adjudicate(Match& m) const {
    const auto [lo, hi] = game_.outcome_bounds(m.s);
    if (lo <= 0 && hi >= 0 && lo != hi) return false;
    const bool first_moves = game_.to_move(m.s) == m.first_player;
    const Value first_lo = first_moves ? lo : -hi;
    const Value first_hi = first_moves ? hi : -lo;
    m.out.first_score = first_lo > 0 ? 1.0 : first_hi < 0 ? 0.0 : 0.5;
    if constexpr (requires { requires G::kScoreIsMargin; }) {
      if (first_lo == first_hi) m.out.margin = first_lo;
    }
    return m.end(Termination::kAdjudicated, -1,
                 "decided: the final outcome lies in [" + std::to_string(first_lo) + ", " +
                     std::to_string(first_hi) + "] for the first player");
  }

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

// The registration of G (harness/games/<game>.cpp): its description, with the facts the harness
// reads from the class, its factory, the positions `harness bench` searches, and its problems for
// `harness solve` (by default a plain goal from a position of G; a game with its own problem files
// passes its own maker, nullptr: none).
template <Game G>
GameEntry game_entry(std::vector<BenchPosition> bench_positions = {},
                     decltype(GameEntry::make_problem) make_problem = &make_plain_problem<G>) {
  GameInfo info{std::string(G::kName), std::string(G::kDescription), G::param_specs(),
                G::evaluation_kinds(), G::default_evaluation()};
  if constexpr (requires { G::kSideNames; }) {
    info.side_names = {std::string(G::kSideNames[0]), std::string(G::kSideNames[1])};
  }
  if constexpr (requires { requires G::kScoreIsMargin; }) info.outcome_is_margin = true;
  if constexpr (requires { requires G::kOutcomeIsLeafValue; }) info.outcome_is_leaf_value = true;
  if constexpr (requires { requires G::kUniformTree; }) info.uniform_tree = true;
  info.bench_positions = std::move(bench_positions);
  auto make = [](const GameInfo& described, Params params) -> std::unique_ptr<GameHandle> {
    return std::make_unique<GameAdapter<G>>(described, std::move(params));
  };
  return GameEntry{std::move(info), make, make_problem};
}

}  // namespace gts
