// `harness solve CONFIG.yaml [--threads N] [--out DIR]`.
#include <iostream>
#include <memory>

#include "harness/cli/command.h"
#include "harness/solve/solve_runner.h"

namespace gts::cli {

namespace {
struct SolveArgs {
  std::string config;
  int threads = -1;
  std::string out;
  bool quiet = false;
};
}  // namespace

void add_solve_command(CLI::App& app, Action& action) {
  auto args = std::make_shared<SolveArgs>();
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "solve a problem set with proof-number search, df-pn and alpha-beta, as a YAML config "
      "describes, and write solve.csv, summary.csv and solved_within.csv");
  cmd->add_option("config", args->config, "solve config (YAML)")->required();
  cmd->add_option("--threads", args->threads, "problems solved at once (0 = all cores)")
      ->check(integer_in(0, kMaxThreads));
  cmd->add_option("--out", args->out, "output folder (default: results/<name>-<date>-<time>)");
  cmd->add_flag("--quiet", args->quiet, "no progress lines");
  cmd->callback([&action, args] {
    action = [args] {
      SolveRunOptions o;
      o.config_path = args->config;
      o.threads = args->threads;
      o.out_dir = args->out;
      o.quiet = args->quiet;
      const SolveRunResult r = run_solve(o);
      std::cout << summary_table(r.summary);
      std::cout << "wrote " << r.out_dir << "/solve.csv, summary.csv, solved_within.csv\n";
      if (r.exit_code != 0) {
        std::cerr << "solve: some solver contradicted a known answer (see the 'correct' column)\n";
      }
      return r.exit_code;
    };
  });
}

}  // namespace gts::cli
