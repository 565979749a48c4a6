// `harness search` and `harness perft`: one position, one algorithm (or a move count).
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "games/game.h"
#include "harness/cli/command.h"
#include "harness/cli/search_args.h"
#include "harness/goal_problem.h"
#include "harness/registry.h"
#include "harness/search/search_report.h"
#include "harness/strf.h"

namespace gts::cli {

namespace {

// `harness search`'s progress on stderr while a long search works: the deepest iteration finished
// (its value and best move), nodes, nodes per second and time. On a terminal one line updates in
// place (at most four times a second) and is wiped when the search ends; elsewhere (with
// --progress) a plain line per finished iteration and every 10 s.
class SearchProgressLine final : public SearchProgress {
 public:
  // `game` and `position` name the moves; `tty`: update one line in place.
  SearchProgressLine(const GameHandle& game, Position position, bool tty)
      : game_(game), position_(std::move(position)), tty_(tty), start_ms_(wall_ms()) {}
  ~SearchProgressLine() override {
    if (tty_ && printed_) std::fputs("\r\033[K", stderr);  // the results take the line's place
  }
  SearchProgressLine(const SearchProgressLine&) = delete;
  SearchProgressLine& operator=(const SearchProgressLine&) = delete;

  void on_nodes(std::uint64_t nodes) override {
    nodes_ = nodes;
    print(false);
  }
  void on_iteration(int depth, Value value, Move best_move, std::uint64_t nodes) override {
    nodes_ = nodes;
    const std::vector<std::string> move = game_.line_text(position_, {best_move});
    iteration_ = "depth " + std::to_string(depth) + " value " + std::to_string(value) + " best " +
                 (move.empty() ? std::string("-") : move.front());
    print(!tty_);  // elsewhere each finished iteration gets its line
  }

 private:
  void print(bool force) {
    const double now = wall_ms();
    const double interval = tty_ ? 250.0 : 10000.0;
    if (!force && now - last_print_ms_ < interval) return;
    last_print_ms_ = now;
    const double seconds = (now - start_ms_) / 1e3;
    const std::string line =
        strf("search: %s%s%llu nodes  %.2f M nodes/s  %.1f s", iteration_.c_str(),
             iteration_.empty() ? "" : "  ", static_cast<unsigned long long>(nodes_),
             seconds > 0 ? static_cast<double>(nodes_) / seconds / 1e6 : 0.0, seconds);
    if (tty_) {
      std::fprintf(stderr, "\r%s\033[K", line.c_str());
    } else {
      std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
    printed_ = true;
  }

  const GameHandle& game_;
  Position position_;
  bool tty_;
  double start_ms_;
  double last_print_ms_ = 0;
  std::uint64_t nodes_ = 0;
  std::string iteration_;  // "depth 7 value 3 best 6", empty before the first iteration
  bool printed_ = false;
};

// A goal solver's answer: proved, disproved or unknown (a budget stopped it: nothing is claimed).
int run_goal_search(const SearchArgs& args) {
  const SolverSpec solver = make_solver_spec(args.algorithm, key_values(args.options, "--option"));
  check_goal_search(args.game, solver, parse_depth(args.depth), !args.eval.empty());
  auto [game, position] = open_position(args);  // checks the game, its parameters and position
  const SearchLimits limits{.depth = kDepthMax, .max_nodes = args.max_nodes, .max_ms = args.max_ms};
  const GoalReport report =
      run_goal_search(args.game, key_values(args.params, "--param"),
                      args.position.empty() ? std::string() : position, solver, limits);
  const SolveOutcome& r = report.outcome;
  const double elapsed = report.elapsed_ms;
  const std::string result = solve_result_name(r);
  const SearchStats& s = r.stats;
  if (args.json) {
    std::cout << goal_json(*game, position, report).dump() << "\n";
    return 0;
  }
  const auto& problem = report.problem;
  const std::string line = join_strings(r.main_line, " ");
  std::printf("game        %s\n", game->label().c_str());
  std::printf("position    %s\n", position.c_str());
  std::printf("algorithm   %s (goal solver)\n", solver.name.c_str());
  std::printf("goal        %s\n", problem->goal().c_str());
  if (r.status == ProofStatus::kUnknown) {
    std::printf(
        "result      unknown: stopped by a budget before a proof or a disproof; nothing "
        "is claimed\n");
  } else {
    const std::string& expected = problem->expected();
    const std::string note = expected.empty()     ? ""
                             : expected == result ? " (as the problem expects)"
                                                  : " (the problem expects " + expected + ")";
    std::printf("result      %s%s\n", result.c_str(), note.c_str());
    std::printf("best move   %s\n", r.best_move.empty() ? "none" : r.best_move.c_str());
    std::printf("main line   %s (%d plies)\n", line.empty() ? "-" : line.c_str(), r.depth);
  }
  if (!r.warning.empty()) std::printf("warning     %s\n", r.warning.c_str());
  std::printf("nodes       %llu\n", static_cast<unsigned long long>(s.nodes));
  std::printf("tt          %llu probes, %llu hits\n", static_cast<unsigned long long>(s.tt_probes),
              static_cast<unsigned long long>(s.tt_hits));
  std::printf("peak        %llu bytes\n", static_cast<unsigned long long>(s.peak_bytes));
  std::printf("time        %.3f ms wall, %.3f ms cpu\n", elapsed, s.cpu_ms);
  std::printf("tables      %.3f ms making and clearing table memory (not in the time above)\n",
              r.alloc_ms);
  return 0;
}

int run_search(const SearchArgs& args) {
  if (is_goal_solver_only(args.algorithm)) return run_goal_search(args);
  const SearchSetup setup = resolve_search(args);
  if (setup.limits.max_nodes == 0 && !(setup.limits.max_ms > 0)) {
    check_ends_unbudgeted(setup.algorithm);
  }
  warn_if_hopeless(setup);
  const auto& [game, position, algo, eval, limits, seed] = setup;
  const int depth = limits.depth;
  auto searcher = game->make_searcher(algo, eval);
  const Position root = game->position(position);
  std::optional<SearchProgressLine> progress;
  const bool tty = isatty(STDERR_FILENO) != 0;
  if (args.progress || tty) progress.emplace(*game, root, tty);
  SearchLimits watched = limits;
  if (progress) watched.progress = &*progress;
  const SearchReport report = run_search(*game, root, *searcher, watched, seed);
  progress.reset();
  if (args.json) {
    std::cout << search_json(*game, position, algo, eval, depth, report).dump() << "\n";
    return 0;
  }
  const SearchResult& r = report.result;
  const SearchStats& s = r.stats;
  const double elapsed = report.elapsed_ms;
  const std::vector<std::string>& pv = report.pv;
  const std::string& best = report.best_move;
  const bool pv_complete = report.pv_complete;
  const std::string pv_text = join_strings(pv, " ");
  std::printf("game        %s\n", game->label().c_str());
  std::printf("position    %s\n", position.c_str());
  std::printf("algorithm   %s\n", algo.label().c_str());
  std::printf("evaluation  %s\n", eval_spec_text(eval).c_str());
  std::printf(
      "depth       %s%s\n", depth_text(depth).c_str(),
      r.complete ? "" : (" (stopped by a budget; completed " + depth_text(r.depth) + ")").c_str());
  if (r.complete) {
    std::printf("value       %d (side to move's view%s)\n", r.value,
                depth == kDepthMax ? ", exact" : "");
    std::printf("best move   %s\n", best.c_str());
  } else if (r.depth == 0) {
    std::printf("value       unknown: stopped by a budget before any depth was completed\n");
    std::printf("best move   %s (unproven: from the unfinished search)\n", best.c_str());
  } else {
    std::printf(
        "value       %d at depth %s only (side to move's view; unproven: stopped by a "
        "budget)\n",
        r.value, depth_text(r.depth).c_str());
    std::printf("best move   %s (at depth %s)\n", best.c_str(), depth_text(r.depth).c_str());
  }
  std::string pv_note;
  if (r.pv_from_table > 0)
    pv_note += " (last " + std::to_string(r.pv_from_table) + " from the table)";
  if (!pv_complete && !pv.empty()) pv_note += " (partial)";
  std::printf("pv          %s%s\n", pv_text.empty() ? "-" : pv_text.c_str(), pv_note.c_str());
  std::printf("nodes       %llu\n", static_cast<unsigned long long>(s.nodes));
  if (!r.thread_nodes.empty()) {
    std::string each;
    for (const std::uint64_t n : r.thread_nodes)
      each += (each.empty() ? "" : " + ") + std::to_string(n);
    std::printf("threads     %zu: %s nodes\n", r.thread_nodes.size(), each.c_str());
  }
  std::printf("leaves      %llu\n", static_cast<unsigned long long>(s.leaves));
  std::printf("interior    %llu\n", static_cast<unsigned long long>(s.interior));
  std::printf("cutoffs     %llu\n", static_cast<unsigned long long>(s.cutoffs));
  if (s.ordering_evals != 0) {
    std::printf("ordering    %llu evaluations (for move ordering only, not leaves)\n",
                static_cast<unsigned long long>(s.ordering_evals));
  }
  std::printf("tt          %llu probes, %llu hits\n", static_cast<unsigned long long>(s.tt_probes),
              static_cast<unsigned long long>(s.tt_hits));
  std::printf("peak        %llu open entries, %llu bytes\n",
              static_cast<unsigned long long>(s.peak_open),
              static_cast<unsigned long long>(s.peak_bytes));
  if (s.iterations != 0) {  // Monte Carlo tree search: its tree is the "open entries" above
    std::printf(
        "iterations  %llu, %llu playout plies%s\n", static_cast<unsigned long long>(s.iterations),
        static_cast<unsigned long long>(s.playout_plies),
        s.capped_iterations != 0
            ? (", tree full (mem_mb) in " + std::to_string(s.capped_iterations) + " iterations")
                  .c_str()
            : "");
  }
  std::printf("time        %.3f ms wall, %.3f ms cpu, %.0f nodes/s\n", elapsed, s.cpu_ms,
              s.cpu_ms > 0 ? static_cast<double>(s.nodes) / (s.cpu_ms / 1e3) : 0.0);
  std::printf("tables      %.3f ms making and clearing table memory (not in the time above)\n",
              report.alloc_ms);
  return 0;
}

struct PerftArgs : GameArgs {
  int depth = 0;
};

int run_perft(const PerftArgs& args) {
  auto [game, position] = open_position(args);
  double start = wall_ms();
  std::vector<std::uint64_t> per_ply = game->perft(position, args.depth);
  double elapsed = wall_ms() - start;
  std::uint64_t total = 0;
  for (auto n : per_ply) total += n;
  if (args.json) {
    std::cout << perft_json(*game, position, args.depth, per_ply, elapsed).dump() << "\n";
    return 0;
  }
  std::printf("game      %s\nposition  %s\n", game->label().c_str(), position.c_str());
  for (std::size_t i = 0; i < per_ply.size(); ++i) {
    std::printf("ply %-3zu   %llu\n", i, static_cast<unsigned long long>(per_ply[i]));
  }
  std::printf("total     %llu\ntime      %.3f ms\n", static_cast<unsigned long long>(total),
              elapsed);
  return 0;
}

}  // namespace

void add_search_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<SearchArgs>(
      app, action, "search", "search one position with one algorithm", run_search);
  add_game_options(cmd, *args);
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->add_flag("--progress", args->progress,
                "progress lines on stderr even when it is not a terminal (on a terminal: always)");
  add_search_options(cmd, *args, "--max-nodes");
}

void add_perft_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<PerftArgs>(
      app, action, "perft", "count positions at each ply (terminal positions are not expanded)",
      run_perft);
  add_game_options(cmd, *args);
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->add_option("--depth", args->depth, "plies")->required()->check(integer_in(0, 64));
}

}  // namespace gts::cli
