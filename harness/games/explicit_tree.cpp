#include "games/tree/explicit_tree.h"

#include "harness/game_adapter.h"
#include "harness/game_table.h"
#include "harness/goal_problem_adapter.h"

namespace gts {

GameEntry explicit_tree_entry() {
  GameEntry entry{describe_game<ExplicitTree>(), &make_adapter<ExplicitTree>,
                  &make_plain_problem<ExplicitTree>};
  entry.info.bench_positions = {{"textbook tree", {}, "", kDepthMax}};
  return entry;
}

}  // namespace gts
