#include "games/connect_four/connect_four.h"

#include "harness/game_adapter.h"
#include "harness/game_table.h"
#include "harness/goal_problem_adapter.h"

namespace gts {

GameEntry connect_four_entry() {
  return {describe_game<ConnectFour>(), &make_adapter<ConnectFour>,
          &make_plain_problem<ConnectFour>};
}

}  // namespace gts
