// `harness tree`: the tree a search explored, as text or Graphviz DOT (harness/tree/).
#include <iostream>
#include <limits>

#include "harness/cli/command.h"
#include "harness/cli/search_args.h"
#include "harness/registry.h"
#include "harness/trace/search_trace.h"
#include "harness/tree/tree_format.h"

namespace gts::cli {

namespace {

struct TreeArgs : SearchArgs {
  std::string format = "text";
  std::int64_t max_print = 1000;
};

int run_tree(const TreeArgs& args) {
  const SearchSetup setup = resolve_search(args);
  warn_if_hopeless(setup);
  SearchTrace trace =
      setup.game->trace(setup.position, setup.algorithm, setup.eval, setup.limits, setup.seed);
  derive_bounds(trace);
  const auto max_nodes = static_cast<std::size_t>(args.max_print);
  std::cout << (args.format == "dot" ? format_tree_dot(trace, max_nodes)
                                     : format_tree_text(trace, max_nodes));
  return 0;
}

}  // namespace

void add_tree_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<TreeArgs>(
      app, action, "tree",
      "print the tree a search explored: values or bounds, cut-offs, SSS*'s OPEN order", run_tree);
  add_game_options(cmd, *args);
  add_search_options(cmd, *args, "--node-budget");
  cmd->add_option("--format", args->format, "text (an indented tree) or dot (Graphviz)")
      ->check(CLI::IsMember({"text", "dot"}));
  cmd->add_option("--max-nodes", args->max_print,
                  "the most tree nodes printed (default 1000); the rest are counted")
      ->check(integer_in(1, std::numeric_limits<std::int64_t>::max()));
}

}  // namespace gts::cli
