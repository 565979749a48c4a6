// `harness run CONFIG.yaml [--threads N] [--out DIR] [--seed S] [--resume] [--quiet]`.
#include "harness/cli/command.h"
#include "harness/tournament/runner.h"

namespace gts::cli {

void add_run_command(CLI::App& app, Action& action, const std::string& command_line) {
  auto args = std::make_shared<RunArgs>();
  auto seed = std::make_shared<std::string>();  // empty: the config's
  CLI::App* cmd = app.add_subcommand(
      "run", "play the tournament a YAML config describes, in parallel, and write its reports");
  add_run_options(cmd, *args, "tournament", "games played");
  cmd->add_option("--seed", *seed, "run seed (overrides the config's)")->check(seed_check());
  cmd->callback([&action, args, seed, command_line] {
    action = [args, seed, command_line] {
      RunOptions o;
      static_cast<RunRequest&>(o) = args->request(command_line);
      if (!seed->empty()) o.seed = parse_seed(*seed);
      return run_tournament(o).exit_code;
    };
  });
}

}  // namespace gts::cli
