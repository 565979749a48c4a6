// The registry (GameTree::registry): a game, a position, an evaluation and a searcher, each by
// the names `harness games` and `harness algorithms` list. Kalah with 3 seeds a pit: SSS* to depth
// 6 from the position after the first legal move, then MTD(f) on the same position agrees.
// Shown in docs/guide/cpp.md.
#include <cstdio>
#include <string>

#include "harness/registry.h"

int main() {
  const auto game = gts::make_game("kalah", {{"seeds", "3"}});
  gts::Position pos = game->position(game->initial_position());
  const std::string first = game->legal_moves(pos).front();
  game->play(pos, game->parse_move(pos, first));
  std::printf("%s after %s: %s\n", game->label().c_str(), first.c_str(), game->text(pos).c_str());

  const gts::EvalSpec eval = gts::parse_eval_spec(game->info().default_evaluation);
  gts::Value values[2];
  const char* names[2] = {"sss*", "mtd(f)"};
  for (int i = 0; i < 2; ++i) {
    const auto searcher = game->make_searcher(gts::make_algorithm_spec(names[i], {}), eval);
    const gts::SearchResult r = searcher->search(pos, {.depth = 6}, 0);
    values[i] = r.value;
    std::printf("%s: value %d leaves %llu\n", names[i], r.value,
                static_cast<unsigned long long>(r.stats.leaves));
  }
  return values[0] == values[1] ? 0 : 1;
}
