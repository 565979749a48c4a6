// `harness run|compare|solve|tune CONFIG.yaml [--threads N] [--out DIR] [--resume] [--quiet]
// [--check]` (run also [--seed S] [--debug]): each hands the run pipeline's request to its runner,
// or with --check only loads and validates the config.
#include <iostream>
#include <memory>

#include "harness/cli/command.h"
#include "harness/cli/run_json.h"
#include "harness/compare/accuracy.h"
#include "harness/compare/compare_config.h"
#include "harness/compare/compare_runner.h"
#include "harness/config/tournament_config.h"
#include "harness/pipeline/run_pipeline.h"
#include "harness/solve/solve_config.h"
#include "harness/solve/solve_runner.h"
#include "harness/tournament/runner.h"
#include "harness/tune/tune_config.h"
#include "harness/tune/tune_run.h"

namespace gts::cli {

namespace {

// The most worker threads any command accepts (the configs' limit too).
constexpr long long kMaxThreads = 1024;

// Adds the command `name` with the options every config command takes, bound into its request
// (run's RunOptions adds --seed and --debug); `job` names what --threads counts ("games played",
// "searches"). Its action hands the request to `run`, or with --check to `check`, which throws
// (ConfigError, ParamError: exit 2) where the run would refuse before its first job.
template <class Request = RunRequest, class Run, class Check>
std::pair<CLI::App*, std::shared_ptr<Request>> add_config_command(
    CLI::App& app, Action& action, const std::string& command_line, const std::string& name,
    const std::string& help, const std::string& config_kind, const std::string& job,
    Check check, Run run) {
  const auto [cmd, request] = add_command<Request>(app, action, name, help, run);
  auto check_only = std::make_shared<bool>(false);
  cmd->add_flag("--check", *check_only,
                "the run's verdict without running it: the config, its inputs, tables and "
                "engines, and the run folder (--out, --resume); print 'CONFIG: ok' and exit 0, "
                "or name what the run would refuse and exit 2; nothing is written");
  cmd->callback([&action, request = request, run, check, check_only] {
    if (*check_only) {
      action = [request, check] {
        check(*request);
        std::cout << request->config_path << ": ok\n";
        return 0;
      };
    } else {
      action = [request, run] { return run(*request); };
    }
  });
  request->command_line = command_line;
  cmd->add_option("config", request->config_path, config_kind + " config (YAML)")->required();
  cmd->add_option("--threads", request->threads, job + " at once (0 = all cores)")
      ->check(integer_in(0, kMaxThreads));
  cmd->add_option("--out", request->out_dir, "run folder (default: results/<name>-<date>-<time>)");
  cmd->add_flag("--resume", request->resume,
                "finish the interrupted run in --out, keeping everything it finished");
  cmd->add_flag("--quiet", request->quiet,
                "no progress (progress line, per-game lines, interim standings); the results "
                "are still printed");
  return {cmd, request};
}

}  // namespace

void add_run_command(CLI::App& app, Action& action, const std::string& command_line) {
  const auto [cmd, options] = add_config_command<RunOptions>(
      app, action, command_line, "run",
      "play the tournament a YAML config describes, in parallel, and write its reports",
      "tournament", "games played",
      check_tournament,
      [](const RunOptions& o) { return print_run_report(o, run_tournament(o)); });
  cmd->add_option("--seed", options->seed, "run seed (overrides the config's)")
      ->check(seed_check());
  cmd->add_flag("--live", options->live,
                "after each game cutechess's line for its pairing on stderr: 'Score of A vs B: "
                "W - L - D [score] games' (harness match shows it unless --quiet)");
  cmd->add_option("--rating-interval", options->rating_interval,
                  "every N games the standings with Elo intervals (and the SPRT's line) on "
                  "stderr (0: none); overrides tournament.rating_interval")
      ->check(integer_in(0, 1'000'000'000));
  cmd->add_flag("--json", options->json,
                "print the final standings as one JSON object on stdout instead of the table");
  cmd->add_flag("--debug", options->debug,
                "log every engine's whole UGI exchange in RUN_DIR/engines/<player>.log (their "
                "stderr is always there)");
}

// compare's request: the pipeline's and --json.
struct CompareRequest : RunRequest {
  bool json = false;
};

void add_compare_command(CLI::App& app, Action& action, const std::string& command_line) {
  const auto [cmd, request] = add_config_command<CompareRequest>(
      app, action, command_line, "compare",
      "run every algorithm of a YAML config on the same trees and positions, check that their "
      "values agree, and write compare.csv and summary.csv (exit 1 on a disagreement); with "
      "`accuracy`, score each one's move at each budget against exact move values",
      "compare", "(input, depth) jobs run",
      check_compare,
      [](const CompareRequest& request) {
        const CompareRunResult r = run_compare(request);
        if (request.json) {
          std::cout << compare_json(r).dump() << "\n";
          for (const auto& d : r.disagreements) std::cerr << "compare: disagree: " << d << "\n";
          return r.exit_code;
        }
        if (!r.accuracy.empty()) {
          std::cout << accuracy_table(r.accuracy);
          std::cout << "wrote " << r.out_dir
                    << "/accuracy.csv, searches.csv, exact.csv, inputs.csv, config.yaml\n";
          return r.exit_code;
        }
        if (r.summary.empty()) return r.exit_code;  // stopped: the pipeline said how to resume
        std::cout << compare_summary_table(r.summary);
        std::cout << "wrote " << r.out_dir
                  << "/compare.csv, inputs.csv, summary.csv, config.yaml\n";
        if (!r.disagreements.empty()) {
          std::cerr << "compare: " << r.disagreements.size()
                    << " (input, depth) jobs where the algorithms disagree:\n";
          for (const auto& d : r.disagreements) std::cerr << "  " << d << "\n";
        }
        return r.exit_code;
      });
  cmd->add_flag("--json", request->json,
                "print the summary (or accuracy summary) and the disagreements as one JSON "
                "object on stdout instead of the table");
}

void add_solve_command(CLI::App& app, Action& action, const std::string& command_line) {
  add_config_command(
      app, action, command_line, "solve",
      "solve a problem set with proof-number search, df-pn and alpha-beta, as a YAML config "
      "describes, and write solve.csv, summary.csv and solved_within.csv",
      "solve", "(problem, solver) runs",
      check_solve,
      [](const RunRequest& request) {
        const SolveRunResult r = run_solve(request);
        if (r.summary.empty()) return r.exit_code;  // stopped: the pipeline said how to resume
        // --quiet removes progress only: the results are printed as always.
        std::cout << summary_table(r.summary);
        std::cout << "wrote " << r.out_dir << "/solve.csv, summary.csv, solved_within.csv\n";
        if (r.exit_code != 0) {
          std::cerr
              << "solve: some solver contradicted a known answer (see the 'correct' column)\n";
        }
        return r.exit_code;
      });
}

void add_tune_command(CLI::App& app, Action& action, const std::string& command_line) {
  add_config_command(
      app, action, command_line, "tune",
      "tune a linear evaluation's weights by playing games (SPSA or a round robin of "
      "candidates), then verify the result against the start weights with an SPRT",
      "tune", "games played", check_tune,
      run_tune);
}

}  // namespace gts::cli
