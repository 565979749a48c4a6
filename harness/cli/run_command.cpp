// `harness run CONFIG.yaml [--threads N] [--out DIR] [--seed S] [--resume]`.
#include "harness/cli/command.h"
#include "harness/tournament/runner.h"

namespace gts::cli {

namespace {
struct RunArgs {
  std::string config;
  int threads = -1;
  std::string out;
  std::string seed;  // empty: the config's
  bool resume = false;
};
}  // namespace

void add_run_command(CLI::App& app, Action& action, const std::string& command_line) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand(
      "run", "play the tournament a YAML config describes, in parallel, and write its reports");
  cmd->add_option("config", args->config, "tournament config (YAML)")->required();
  cmd->add_option("--threads", args->threads, "games played at once (0 = all cores)")
      ->check(integer_in(0, kMaxThreads));
  cmd->add_option("--out", args->out, "run folder (default: results/<name>-<date>-<time>)");
  cmd->add_option("--seed", args->seed, "run seed (overrides the config's)")
      ->check(seed_check());
  cmd->add_flag("--resume", args->resume,
                "finish an interrupted run in --out, skipping the games already recorded");
  cmd->callback([&action, args, command_line] {
    action = [args, command_line] {
      RunOptions o;
      o.config_path = args->config;
      if (args->threads >= 0) o.threads = args->threads;
      o.out_dir = args->out;
      if (!args->seed.empty()) o.seed = parse_seed(args->seed);
      o.resume = args->resume;
      o.command_line = command_line;
      return run_tournament(o).exit_code;
    };
  });
}

}  // namespace gts::cli
