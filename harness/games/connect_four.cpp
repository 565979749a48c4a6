#include "games/connect_four/connect_four.h"

#include "harness/game_adapter.h"

namespace gts {

GameEntry connect_four_entry() { return game_entry<ConnectFour>(); }

}  // namespace gts
