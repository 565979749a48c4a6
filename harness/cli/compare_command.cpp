// `harness compare CONFIG.yaml [--threads N] [--out DIR]`.
#include <iostream>
#include <memory>

#include "harness/cli/command.h"
#include "harness/compare/compare_runner.h"

namespace gts::cli {

namespace {
struct CompareArgs {
  std::string config;
  int threads = -1;
  std::string out;
  bool quiet = false;
};
}  // namespace

void add_compare_command(CLI::App& app, Action& action) {
  auto args = std::make_shared<CompareArgs>();
  CLI::App* cmd = app.add_subcommand(
      "compare",
      "run every algorithm of a YAML config on the same trees and positions, check that their "
      "values agree, and write compare.csv and summary.csv (exit 1 on a disagreement)");
  cmd->add_option("config", args->config, "compare config (YAML)")->required();
  cmd->add_option("--threads", args->threads, "(input, depth) jobs run at once (0 = all cores)")
      ->check(integer_in(0, kMaxThreads));
  cmd->add_option("--out", args->out, "output folder (default: results/<name>-<date>-<time>)");
  cmd->add_flag("--quiet", args->quiet, "no progress lines");
  cmd->callback([&action, args] {
    action = [args] {
      CompareRunOptions o;
      o.config_path = args->config;
      o.threads = args->threads;
      o.out_dir = args->out;
      o.quiet = args->quiet;
      const CompareRunResult r = run_compare(o);
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
