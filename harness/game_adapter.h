// GameAdapter<G>: the GameHandle of one concrete game type, and the algorithm dispatch for it;
// TypedSolveProblem<G, H>: a SolveProblem of G, the goal solvers instantiated over it. Included
// only by the per-game registration files (harness/games/*.cpp), so each game's templates are
// instantiated in one translation unit.
#pragma once

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/perft.h"
#include "algorithms/zeroed_array.h"
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
    const double alloc0 = detail::table_memory_ms();
    const SolveResult r = goal_solve(solver.algorithm, *game_, goal_, root_, limits, heuristic_,
                                     solver.options, carry);
    return {.status = r.status,
            .best_move = r.best_move == kNoMove ? "" : game_->move_to_string(root_, r.best_move),
            .main_line = moves_text(*game_, root_, r.main_line),
            .depth = r.depth,
            .stats = r.stats,
            .time_ms = r.wall_ms,
            .alloc_ms = detail::table_memory_ms() - alloc0};
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

  [[nodiscard]] Position position(std::string_view text) const override {
    return Position(std::make_unique<Box>(game_.parse(text)));
  }
  [[nodiscard]] std::string text(const Position& p) const override {
    return game_.to_string(state(p));
  }
  [[nodiscard]] int mover(const Position& p) const override { return game_.to_move(state(p)); }
  [[nodiscard]] bool finished(const Position& p) const override {
    return game_.is_terminal(state(p));
  }
  [[nodiscard]] Value final_value(const Position& p) const override {
    return game_.terminal_value(state(p));
  }
  [[nodiscard]] std::optional<std::pair<Value, Value>> outcome_bounds(
      const Position& p) const override {
    if constexpr (detail::HasOutcomeBounds<G>) {
      const auto [lo, hi] = game_.outcome_bounds(state(p));
      return std::pair<Value, Value>{lo, hi};
    } else {
      (void)p;
      return std::nullopt;
    }
  }
  [[nodiscard]] Move parse_move(const Position& p, std::string_view move) const override {
    const State& s = state(p);
    const Move m = game_.parse_move(s, move);
    if (!is_legal(game_, s, m))
      throw ParseError("move '" + std::string(move) + "' is not legal here");
    return m;
  }
  void play(Position& p, Move m) const override { game_.play(state(p), m); }
  [[nodiscard]] std::vector<std::string> legal_moves(const Position& p) const override {
    const State& s = state(p);
    std::vector<std::string> out;
    if (game_.is_terminal(s)) return out;
    MovesOf<G> moves;
    game_.legal_moves(s, moves);
    for (Move m : moves) out.push_back(game_.move_to_string(s, m));
    return out;
  }
  [[nodiscard]] std::vector<std::string> line_text(const Position& p,
                                                   const std::vector<Move>& line) const override {
    return moves_text(game_, state(p), line);
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

  [[nodiscard]] std::vector<std::uint64_t> perft(std::string_view position,
                                                 int depth) const override {
    return gts::perft(game_, game_.parse(position), depth);
  }

  [[nodiscard]] double tree_size_log10(std::string_view position, int depth) const override {
    constexpr int kLines = 256;
    constexpr int kMaxPlies = 100000;  // where a line of a game that might not end is cut
    // log10(10^a + 10^b), so that sums of astronomical counts never overflow.
    const auto add = [](double a, double b) {
      const double hi = std::max(a, b);
      return hi + std::log10(1.0 + std::pow(10.0, std::min(a, b) - hi));
    };
    const State root = game_.parse(position);
    double total = -std::numeric_limits<double>::infinity();
    for (int line = 0; line < kLines; ++line) {
      State s = root;
      double width = 0, sum = 0;  // log10 of the estimate at this ply, and of all plies so far
      for (int ply = 0; ply < std::min(depth, kMaxPlies) && !game_.is_terminal(s); ++ply) {
        MovesOf<G> moves;
        game_.legal_moves(s, moves);
        if (moves.empty()) break;
        width += std::log10(static_cast<double>(moves.size()));
        sum = add(sum, width);
        const std::uint64_t r = mix_seed(0x6b6e757468ULL + static_cast<std::uint64_t>(line),
                                         static_cast<std::uint64_t>(ply));  // "knuth"
        game_.play(s, moves[static_cast<std::size_t>(r % moves.size())]);
      }
      total = add(total, sum);
    }
    return total - std::log10(static_cast<double>(kLines));
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
    const auto best = moves_text(game_, s, {t.result.best_move});
    t.best_move = best.empty() ? "none" : best[0];
    return t;
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
        out.push_back({opening, moves_text(game_, game_.parse(opening), line), {}});
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
  // A position's state, checked to be of this game type.
  struct Box final : Position::Data {
    explicit Box(State s) : state(std::move(s)) {}
    [[nodiscard]] std::unique_ptr<Position::Data> clone() const override {
      return std::make_unique<Box>(state);
    }
    State state;
  };
  static State& state(const Position& p) { return p.as<Box>().state; }

  class FnSearcher final : public Searcher {
   public:
    FnSearcher(const G& game, Eval eval, SearchFunction<G, Eval> fn)
        : game_(game), eval_(std::move(eval)), fn_(std::move(fn)) {}
    SearchResult search(const Position& p, const SearchLimits& limits,
                        std::uint64_t seed) override {
      return fn_(game_, eval_, state(p), limits, seed);
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
