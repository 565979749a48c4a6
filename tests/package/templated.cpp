// The games and algorithms as templates (GameTree::games): tic-tac-toe's own class and evaluation,
// alpha-beta with a transposition table, to the end of the game. Prints "value 0 best a1 nodes N"
// (a draw) and plays the principal variation out. Shown in docs/guide/cpp.md.
#include <cstdio>
#include <string>

#include "algorithms/alphabeta.h"
#include "games/tictactoe/tictactoe.h"

int main() {
  const gts::TicTacToe game;
  const gts::TicTacToeEval eval(game, gts::EvalSpec{.kind = "open-lines", .weights = {}});
  const gts::TicTacToe::State start = game.initial_state();
  const gts::SearchResult r =
      gts::alphabeta(game, eval, start, {.depth = gts::kDepthMax}, {.tt = true});
  std::printf("value %d best %s nodes %llu\n", r.value,
              game.move_to_string(start, r.best_move).c_str(),
              static_cast<unsigned long long>(r.stats.nodes));
  gts::TicTacToe::State s = start;
  for (const gts::Move m : r.pv) {
    if (game.is_terminal(s)) break;
    game.play(s, m);
  }
  std::printf("after the principal variation: %s\n", game.to_string(s).c_str());
  return r.value == 0 && r.complete ? 0 : 1;
}
