#include "games/random_tree/random_tree.h"
#include "harness/game_adapter.h"
#include "harness/game_table.h"

namespace gts {

GameEntry random_tree_entry() { return {describe_game<RandomTree>(), &make_adapter<RandomTree>}; }

}  // namespace gts
