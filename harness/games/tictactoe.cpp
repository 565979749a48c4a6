#include "games/tictactoe/tictactoe.h"
#include "harness/game_adapter.h"
#include "harness/game_table.h"

namespace gts {

GameEntry tictactoe_entry() { return {describe_game<TicTacToe>(), &make_adapter<TicTacToe>}; }

}  // namespace gts
