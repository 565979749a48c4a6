// `harness solve CONFIG.yaml [--threads N] [--out DIR] [--resume] [--quiet]`.
#include <iostream>
#include <memory>

#include "harness/cli/command.h"
#include "harness/solve/solve_runner.h"

namespace gts::cli {

void add_solve_command(CLI::App& app, Action& action, const std::string& command_line) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "solve a problem set with proof-number search, df-pn and alpha-beta, as a YAML config "
      "describes, and write solve.csv, summary.csv and solved_within.csv");
  add_run_options(cmd, *args, "solve", "(problem, solver) runs");
  cmd->callback([&action, args, command_line] {
    action = [args, command_line] {
      const SolveRunResult r = run_solve(args->request(command_line));
      if (r.summary.empty()) return r.exit_code;  // stopped: the pipeline said how to resume
      // Quiet is quiet: the files hold the results; only a contradiction is said, on stderr.
      if (!args->quiet) {
        std::cout << summary_table(r.summary);
        std::cout << "wrote " << r.out_dir << "/solve.csv, summary.csv, solved_within.csv\n";
      }
      if (r.exit_code != 0) {
        std::cerr << "solve: some solver contradicted a known answer (see the 'correct' column)\n";
      }
      return r.exit_code;
    };
  });
}

}  // namespace gts::cli
