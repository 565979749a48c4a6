#include "games/tictactoe/tictactoe.h"

#include "harness/game_adapter.h"
#include "harness/game_table.h"
#include "harness/goal_problem_adapter.h"

namespace gts {

GameEntry tictactoe_entry() {
  GameEntry entry{describe_game<TicTacToe>(), &make_adapter<TicTacToe>,
                  &make_plain_problem<TicTacToe>};
  entry.info.bench_positions = {{"tictactoe solve", {}, "", kDepthMax},
                                {"mnk(4,4,3)", {{"rows", "4"}, {"cols", "4"}, {"k", "3"}}, "", 5}};
  return entry;
}

}  // namespace gts
