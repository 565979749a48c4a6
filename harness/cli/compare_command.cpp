// `harness compare CONFIG.yaml [--threads N] [--out DIR] [--resume] [--quiet]`.
#include <iostream>
#include <memory>

#include "harness/cli/command.h"
#include "harness/compare/compare_runner.h"

namespace gts::cli {

void add_compare_command(CLI::App& app, Action& action, const std::string& command_line) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand(
      "compare",
      "run every algorithm of a YAML config on the same trees and positions, check that their "
      "values agree, and write compare.csv and summary.csv (exit 1 on a disagreement)");
  add_run_options(cmd, *args, "compare", "(input, depth) jobs run");
  cmd->callback([&action, args, command_line] {
    action = [args, command_line] {
      const CompareRunResult r = run_compare(args->request(command_line));
      if (r.summary.empty()) return r.exit_code;  // stopped: the pipeline said how to resume
      std::cout << compare_summary_table(r.summary);
      std::cout << "wrote " << r.out_dir << "/compare.csv, inputs.csv, summary.csv, config.yaml\n";
      if (!r.disagreements.empty()) {
        std::cerr << "compare: " << r.disagreements.size()
                  << " (input, depth) jobs where the algorithms disagree:\n";
        for (const auto& d : r.disagreements) std::cerr << "  " << d << "\n";
      }
      return r.exit_code;
    };
  });
}

}  // namespace gts::cli
