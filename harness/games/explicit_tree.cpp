#include "games/tree/explicit_tree.h"
#include "harness/game_adapter.h"
#include "harness/game_table.h"

namespace gts {

GameEntry explicit_tree_entry() { return {describe_game<ExplicitTree>(), &make_adapter<ExplicitTree>}; }

}  // namespace gts
