#include "games/random_tree/random_tree.h"

#include "harness/game_adapter.h"

namespace gts {

GameEntry random_tree_entry() {
  return game_entry<RandomTree>(
      {{"random-tree(4,8)", {{"branching", "4"}, {"depth", "8"}, {"seed", "7"}}, "", 8},
       {"random-tree(3,10) incremental",
        {{"branching", "3"}, {"depth", "10"}, {"seed", "11"}, {"values", "incremental"}},
        "",
        10}});
}

}  // namespace gts
