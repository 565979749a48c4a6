#include "harness/cli/search_args.h"

#include <iostream>
#include <limits>

#include "games/game.h"
#include "harness/cli/command.h"
#include "harness/search/search_report.h"

namespace gts::cli {

void add_game_options(CLI::App* cmd, GameArgs& args) {
  cmd->add_option("--game", args.game, "game name (see `harness games`)")->required();
  cmd->add_option("--param", args.params, "game parameter k=v (repeatable)");
  cmd->add_option("--position", args.position,
                  "position in the game's notation (default: the initial position)")
      ->check(non_empty("a position in the game's notation (leave --position out for the "
                        "initial position)"));
}

std::pair<std::unique_ptr<GameHandle>, std::string> open_position(const GameArgs& args) {
  auto game = make_game(args.game, key_values(args.params, "--param"));
  std::string pos;
  try {
    pos =
        args.position.empty() ? game->initial_position() : game->canonical_position(args.position);
  } catch (const ParseError& e) {
    throw ParseError(std::string("--position: ") + e.what());
  }
  return {std::move(game), std::move(pos)};
}

void add_search_options(CLI::App* cmd, SearchArgs& args, const std::string& node_budget_flag,
                        bool depth_required) {
  cmd->add_option("--algorithm", args.algorithm, "algorithm (see `harness algorithms`)")
      ->required();
  cmd->add_option("--option", args.options, "algorithm option k=v (repeatable)");
  auto* depth =
      cmd->add_option("--depth", args.depth, "search depth in plies, or 'max' (to the end)");
  if (depth_required) depth->required();
  cmd->add_option("--eval", args.eval,
                  "evaluation: a kind (see `harness games`), or linear:w1,w2,... "
                  "(default: the game's default)");
  cmd->add_option(node_budget_flag, args.max_nodes, "node budget (0 = none)")
      ->check(integer_in(0, std::numeric_limits<long long>::max()));
  cmd->add_option("--max-ms", args.max_ms, "time budget in ms (0 = none)")
      ->check(number_at_least(0));
}

SearchSetup resolve_search(const SearchArgs& args) {
  SearchSetup s;
  std::tie(s.game, s.position) = open_position(args);
  s.algorithm = make_algorithm_spec(args.algorithm, key_values(args.options, "--option"));
  s.limits = {.depth = parse_depth(args.depth), .max_nodes = args.max_nodes, .max_ms = args.max_ms};
  s.eval = parse_eval_spec(args.eval.empty() ? s.game->info().default_evaluation : args.eval);
  s.seed = search_seed(s.algorithm);
  return s;
}

void warn_if_hopeless(const SearchSetup& s) {
  if (s.limits.max_nodes != 0 || s.limits.max_ms > 0) return;
  if (const auto why = hopeless_search(*s.game, s.position, s.algorithm, s.limits.depth)) {
    std::cerr << "warning: --depth " << depth_text(s.limits.depth) << ": " << *why
              << " (a smaller --depth, or a node or time budget, bounds it)\n";
  }
}

}  // namespace gts::cli
