#include "harness/search/search_report.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "algorithms/search_common.h"
#include "algorithms/zeroed_array.h"
#include "harness/search/clocked_search.h"
#include "games/game.h"
#include "harness/match/player.h"
#include "harness/strf.h"

namespace gts {

nlohmann::json typed_param(const std::vector<ParamSpec>& specs, const std::string& name,
                           const std::string& value) {
  const auto spec = std::ranges::find(specs, name, &ParamSpec::name);
  if (spec != specs.end() && spec->type == ParamSpec::Type::kInt) {
    if (const auto v = parse_whole<std::int64_t>(value)) return *v;
  }
  if (spec != specs.end() && spec->type == ParamSpec::Type::kReal) {
    double v = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec == std::errc() && ptr == value.data() + value.size()) return v;
  }
  if (spec != specs.end() && spec->type == ParamSpec::Type::kChoice && spec->choices.size() == 2) {
    const auto& c = spec->choices;
    const bool on_off =
        std::ranges::find(c, "on") != c.end() && std::ranges::find(c, "off") != c.end();
    const bool yes_no =
        std::ranges::find(c, "yes") != c.end() && std::ranges::find(c, "no") != c.end();
    if (on_off || yes_no) return value == "on" || value == "yes";
  }
  return value;
}

nlohmann::json typed_params(const std::vector<ParamSpec>& specs,
                            const std::map<std::string, std::string>& values) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [k, v] : values) out[k] = typed_param(specs, k, v);
  return out;
}

namespace {

// The position every --json names: the game, its parameters (typed) and the position.
nlohmann::json json_position(const GameHandle& game, const std::string& position) {
  return {{"game", game.info().name},
          {"params", typed_params(game.info().params, game.params().values())},
          {"position", position}};
}

// The fields a search and a goal solve report alike in --json: what was searched, and its counts.
nlohmann::json json_report(const GameHandle& game, const std::string& position,
                           const AlgorithmInfo& algorithm, const Params& options,
                           const SearchStats& s, double elapsed_ms, double alloc_ms) {
  nlohmann::json j = json_position(game, position);
  j["algorithm"] = algorithm.name;
  j["options"] = typed_params(algorithm.options, options.values());
  j["nodes"] = s.nodes;
  j["leaves"] = s.leaves;
  j["interior"] = s.interior;
  j["cutoffs"] = s.cutoffs;
  j["ordering_evals"] = s.ordering_evals;
  j["tt_probes"] = s.tt_probes;
  j["tt_hits"] = s.tt_hits;
  j["peak_open"] = s.peak_open;
  j["peak_bytes"] = s.peak_bytes;
  j["iterations"] = s.iterations;
  j["playout_plies"] = s.playout_plies;
  j["capped_iterations"] = s.capped_iterations;
  j["time_ms"] = elapsed_ms;
  j["alloc_ms"] = alloc_ms;
  j["cpu_us"] = std::llround(s.cpu_ms * 1e3);
  return j;
}

}  // namespace

std::uint64_t search_seed(const AlgorithmSpec& spec) {
  return find_algorithm_info(spec.name).facts.seeded && spec.options.values().count("seed") != 0
             ? static_cast<std::uint64_t>(spec.options.get_int("seed"))
             : 0;
}

SearchReport run_search(const GameHandle& game, const Position& root, Searcher& searcher,
                        const SearchLimits& limits, std::uint64_t seed) {
  game.prepare(limits);
  SearchReport out;
  ClockedSearch c = clocked_search(searcher, root, limits, seed);
  out.result = std::move(c.result);
  out.elapsed_ms = c.wall_ms;
  out.alloc_ms = c.alloc_ms;
  const SearchResult& r = out.result;
  out.pv = game.line_text(root, r.pv);
  const std::vector<std::string> best_line = game.line_text(root, {r.best_move});
  if (!best_line.empty()) out.best_move = best_line[0];
  Position end = root;
  for (std::size_t i = 0; i < out.pv.size(); ++i) game.play(end, r.pv[i]);
  out.pv_complete = game.finished(end) ||
                    out.pv.size() >= static_cast<std::size_t>(std::min(r.depth, detail::kMaxPvPly));
  return out;
}

nlohmann::json search_json(const GameHandle& game, const std::string& position,
                           const AlgorithmSpec& algorithm, const EvalSpec& eval, int depth,
                           const SearchReport& report) {
  const SearchResult& r = report.result;
  nlohmann::json j = json_report(game, position, find_algorithm_info(algorithm.name),
                                 algorithm.options, r.stats, report.elapsed_ms, report.alloc_ms);
  j["algorithm"] = algorithm.name;
  j["evaluation"] = eval_spec_text(eval);
  // Plies, never a sentinel: a search to the end has no depth but to_end.
  j["depth"] = depth == kDepthMax ? nlohmann::json(nullptr) : nlohmann::json(depth);
  j["to_end"] = depth == kDepthMax;
  j["completed_depth"] = r.depth < kDepthMax || r.complete ? completed_plies(r) : 0;
  j["complete"] = r.complete;
  // Exact only when searched to the end; nothing at all when no depth was completed.
  j["exact"] = r.complete && depth == kDepthMax;
  j["value"] = r.complete || r.depth > 0 ? nlohmann::json(r.value) : nlohmann::json(nullptr);
  j["best_move"] = report.best_move;
  j["pv"] = report.pv;
  j["pv_complete"] = report.pv_complete;
  j["pv_from_table"] = r.pv_from_table;
  // Each thread's nodes (their sum is `nodes`); one thread: [nodes].
  j["thread_nodes"] =
      r.thread_nodes.empty() ? std::vector<std::uint64_t>{r.stats.nodes} : r.thread_nodes;
  return j;
}

bool is_goal_solver_only(const std::string& name) {
  if (named_entry(algorithm_infos(), name) != nullptr) return false;
  if (named_entry(solver_infos(), name) != nullptr) return true;
  throw ParamError("unknown algorithm '" + name + "' (searches: " + names_of(algorithm_infos()) +
                   "; goal solvers: " + names_of(solver_infos()) + ")");
}

void check_goal_search(const std::string& game, const SolverSpec& solver, int depth,
                       bool eval_given) {
  const auto& names = solve_game_names();
  if (std::ranges::find(names, game) == names.end()) {
    throw ParamError("--algorithm " + solver.algorithm + ": a goal solver, and game '" + game +
                     "' poses no goals (games that do: " + join_strings(names, ", ") +
                     "); for a value, use a search algorithm (see `harness algorithms`)");
  }
  if (depth != kDepthMax) {
    throw ParamError("--depth: goal solver " + solver.algorithm +
                     " searches to the end of the game; give --depth max");
  }
  if (eval_given) {
    throw ParamError("--eval: goal solver " + solver.algorithm +
                     " takes its initial numbers from the game's own heuristic, not an evaluation");
  }
}

GoalReport run_goal_search(const std::string& game,
                           const std::map<std::string, std::string>& params,
                           const std::string& position, const SolverSpec& solver,
                           const SearchLimits& limits) {
  ProblemSpec spec;
  spec.from_game_params = true;
  spec.position = position;
  GoalReport out;
  out.solver = solver;
  out.problem = make_solve_problem(game, params, spec);
  const double start = wall_ms();
  out.outcome = out.problem->solve(solver, limits);
  out.elapsed_ms = std::max(0.0, wall_ms() - start - out.outcome.alloc_ms);
  return out;
}

nlohmann::json goal_json(const GameHandle& game, const std::string& position,
                         const GoalReport& report) {
  const SolveOutcome& r = report.outcome;
  nlohmann::json j = json_report(game, position, find_solver_info(report.solver.algorithm),
                                 report.solver.options, r.stats, report.elapsed_ms, r.alloc_ms);
  j["algorithm"] = report.solver.algorithm;
  j["goal"] = report.problem->goal();
  j["result"] = solve_result_name(r);
  j["complete"] = r.status != ProofStatus::kUnknown;
  j["best_move"] = r.best_move.empty() ? "none" : r.best_move;
  j["main_line"] = r.main_line;
  j["depth"] = r.depth;
  j["expected"] = report.problem->expected();
  j["warning"] = r.warning;
  return j;
}

nlohmann::json perft_json(const GameHandle& game, const std::string& position, int depth,
                          const std::vector<std::uint64_t>& per_ply, double elapsed_ms) {
  std::uint64_t total = 0;
  for (auto n : per_ply) total += n;
  nlohmann::json j = json_position(game, position);
  j["depth"] = depth;
  j["per_ply"] = per_ply;
  j["total"] = total;
  j["time_ms"] = elapsed_ms;
  return j;
}

}  // namespace gts
