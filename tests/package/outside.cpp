// Searches tic-tac-toe to the end by name through the installed registry: prints "value 0 nodes N"
// (a draw) when the package's headers and libraries work from outside the project.
#include <cstdio>

#include "harness/registry.h"

int main() {
  const auto game = gts::make_game("tictactoe", {});
  const auto spec = gts::make_algorithm_spec("alphabeta", {});
  const auto searcher =
      game->make_searcher(spec, gts::parse_eval_spec(game->info().default_evaluation));
  const gts::Position root = game->position(game->initial_position());
  const gts::SearchResult r = searcher->search(root, {.depth = gts::kDepthMax}, 0);
  std::printf("value %d nodes %llu\n", r.value, static_cast<unsigned long long>(r.stats.nodes));
  return r.value == 0 && r.complete ? 0 : 1;
}
