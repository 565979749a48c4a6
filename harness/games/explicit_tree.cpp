#include "games/tree/explicit_tree.h"

#include "harness/game_adapter.h"

namespace gts {

GameEntry explicit_tree_entry() {
  return game_entry<ExplicitTree>({{"textbook tree", {}, "", kDepthMax}});
}

}  // namespace gts
