#include "games/tictactoe/tictactoe.h"

#include "harness/game_adapter.h"

namespace gts {

GameEntry tictactoe_entry() {
  return game_entry<TicTacToe>({{"tictactoe solve", {}, "", kDepthMax},
                                {"mnk(4,4,3)", {{"rows", "4"}, {"cols", "4"}, {"k", "3"}}, "", 5}});
}

}  // namespace gts
