// `harness run CONFIG.yaml [--threads N] [--out DIR] [--seed S] [--resume] [--quiet] [--debug]`.
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
  auto debug = std::make_shared<bool>(false);
  cmd->add_flag("--debug", *debug,
                "log every engine's whole UGI exchange in RUN_DIR/engines/<player>.log (their "
                "stderr is always there)");
  cmd->callback([&action, args, seed, debug, command_line] {
    action = [args, seed, debug, command_line] {
      RunOptions o;
      o.debug = *debug;
      static_cast<RunRequest&>(o) = args->request(command_line);
      if (!seed->empty()) o.seed = parse_seed(*seed);
      return run_tournament(o).exit_code;
    };
  });
}

}  // namespace gts::cli
