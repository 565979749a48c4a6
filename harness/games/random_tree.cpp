#include "games/random_tree/random_tree.h"

#include "harness/game_adapter.h"
#include "harness/game_table.h"
#include "harness/goal_problem_adapter.h"

namespace gts {

GameEntry random_tree_entry() {
  GameEntry entry{describe_game<RandomTree>(), &make_adapter<RandomTree>,
                  &make_plain_problem<RandomTree>};
  entry.info.bench_positions = {
      {"random-tree(4,8)", {{"branching", "4"}, {"depth", "8"}, {"seed", "7"}}, "", 8},
      {"random-tree(3,10) incremental",
       {{"branching", "3"}, {"depth", "10"}, {"seed", "11"}, {"values", "incremental"}},
       "",
       10}};
  return entry;
}

}  // namespace gts
