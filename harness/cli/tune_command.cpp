// `harness tune CONFIG.yaml [--threads N] [--out DIR] [--resume]`.
#include "harness/cli/command.h"
#include "harness/tune/tune_run.h"

namespace gts::cli {

namespace {
struct TuneArgs {
  std::string config;
  int threads = -1;
  std::string out;
  bool resume = false;
  bool quiet = false;
};
}  // namespace

void add_tune_command(CLI::App& app, Action& action, const std::string& command_line) {
  auto args = std::make_shared<TuneArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tune",
      "tune a linear evaluation's weights by playing games (SPSA or a round robin of "
      "candidates), then verify the result against the start weights with an SPRT");
  cmd->add_option("config", args->config, "tune config (YAML)")->required();
  cmd->add_option("--threads", args->threads, "games played at once (0 = all cores)")
      ->check(integer_in(0, kMaxThreads));
  cmd->add_option("--out", args->out, "run folder (default: results/<name>-<date>-<time>)");
  cmd->add_flag("--resume", args->resume,
                "finish an interrupted run in --out, reusing the games already recorded");
  cmd->add_flag("--quiet", args->quiet, "no progress lines, no verdict (see the run folder)");
  cmd->callback([&action, args, command_line] {
    action = [args, command_line] {
      TuneOptions o;
      o.config_path = args->config;
      if (args->threads >= 0) o.threads = args->threads;
      o.out_dir = args->out;
      o.resume = args->resume;
      o.quiet = args->quiet;
      o.command_line = command_line;
      return run_tune(o).exit_code;
    };
  });
}

}  // namespace gts::cli
