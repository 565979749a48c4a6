// `harness tune CONFIG.yaml [--threads N] [--out DIR] [--resume] [--quiet]`.
#include "harness/cli/command.h"
#include "harness/tune/tune_run.h"

namespace gts::cli {

void add_tune_command(CLI::App& app, Action& action, const std::string& command_line) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tune",
      "tune a linear evaluation's weights by playing games (SPSA or a round robin of "
      "candidates), then verify the result against the start weights with an SPRT");
  add_run_options(cmd, *args, "tune", "games played");
  cmd->callback([&action, args, command_line] {
    action = [args, command_line] { return run_tune(args->request(command_line)).exit_code; };
  });
}

}  // namespace gts::cli
