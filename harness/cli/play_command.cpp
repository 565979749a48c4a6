// `harness play`: a game at the terminal (see harness/play/play_session.h).
#include <unistd.h>

#include <iostream>
#include <optional>
#include <random>

#include "games/params.h"
#include "harness/cli/command.h"
#include "harness/cli/search_args.h"
#include "harness/play/play_session.h"
#include "harness/registry.h"

namespace gts::cli {

namespace {

// The search's fields with play's defaults (alphabeta, depth 6), and play's own.
struct PlayArgs : SearchArgs {
  PlayArgs() {
    algorithm = "alphabeta";
    depth = "6";
  }
  std::string human = "first";
  std::optional<std::uint64_t> seed;  // none: a fresh one
  int max_plies = 1000;
};

int run_play(const PlayArgs& args) {
  auto [game, position] = open_position(args);
  PlayOptions options;
  options.algorithm = play_algorithm_spec(args.algorithm, key_values(args.options, "--option"));
  options.depth = parse_depth(args.depth);
  options.eval = parse_eval_spec(args.eval.empty() ? game->info().default_evaluation : args.eval);
  options.human = parse_human_sides(args.human);
  // Without --seed every game differs (random ties); the header prints the seed to repeat it.
  options.seed = args.seed ? *args.seed : std::random_device{}();
  options.position = std::move(position);
  options.max_plies = args.max_plies;
  options.echo_input = isatty(STDIN_FILENO) == 0;
  PlaySession session(*game, options, std::cin, std::cout);
  return session.run();
}

}  // namespace

void add_play_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<PlayArgs>(
      app, action, "play",
      "play a game at the terminal: against the engine, engine against itself, or two "
      "humans with hints; reads moves from standard input",
      run_play);
  add_game_options(cmd, *args);
  cmd->add_option("--algorithm", args->algorithm, "the engine's algorithm (default alphabeta)");
  cmd->add_option("--option", args->options,
                  "algorithm option k=v (repeatable); alphabeta plays with random_ties=on "
                  "unless told random_ties=off");
  cmd->add_option("--depth", args->depth,
                  "the engine's search depth in plies, or 'max' (default 6)");
  cmd->add_option("--eval", args->eval, "evaluation (default: the game's default)");
  cmd->add_option("--human", args->human,
                  "who the human plays: first, second, both or none (engine against itself); "
                  "default first");
  cmd->add_option(
         "--seed", args->seed,
         "seed for the engine's random choice among equal moves (default: a fresh one, printed)")
      ->check(seed_check());
  cmd->add_option("--max-plies", args->max_plies,
                  "adjudicate a draw after this many plies (default 1000)")
      ->check(integer_in(1, 1000000));
}

}  // namespace gts::cli
