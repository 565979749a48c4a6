// The options `harness search`, `harness perft` and `harness tree` share: a game and position,
// and (search, tree) an algorithm with its options, depth, evaluation and budgets, resolved into
// the objects a search needs. Bad values throw ParamError or ParseError naming the option.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/search.h"
#include "games/evaluation.h"
#include "harness/registry.h"

namespace gts::cli {

struct GameArgs {
  std::string game;
  std::vector<std::string> params;
  std::string position;
  bool json = false;  // registered by the commands that print JSON
};

// --game, --param, --position.
void add_game_options(CLI::App* cmd, GameArgs& args);

// The game and the canonical form of the requested position.
std::pair<std::unique_ptr<GameHandle>, std::string> open_position(const GameArgs& args);

struct SearchArgs : GameArgs {
  std::string algorithm;
  std::vector<std::string> options;
  std::string depth;
  std::string eval;
  std::uint64_t max_nodes = 0;  // node budget
  double max_ms = 0;
  bool progress = false;  // search: progress lines even when stderr is not a terminal
};

// --algorithm, --option, --depth, --eval, the node budget under `node_budget_flag` (search:
// --max-nodes; tree, whose --max-nodes limits the printed tree: --node-budget) and --max-ms.
// Without `depth_required`, --depth keeps the value `args.depth` holds.
void add_search_options(CLI::App* cmd, SearchArgs& args, const std::string& node_budget_flag,
                        bool depth_required = true);

struct SearchSetup {
  std::unique_ptr<GameHandle> game;
  std::string position;
  AlgorithmSpec algorithm;
  EvalSpec eval;
  SearchLimits limits;
  std::uint64_t seed = 0;  // a seeded algorithm's `seed` option (random ties), else 0
};
SearchSetup resolve_search(const SearchArgs& args);
// One line on stderr when no node or time budget bounds the search and its --depth cannot finish
// in any reasonable time (hopeless_search); the search still runs, as asked.
void warn_if_hopeless(const SearchSetup& setup);

}  // namespace gts::cli
