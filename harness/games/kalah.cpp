#include "games/kalah/kalah.h"
#include "harness/game_adapter.h"
#include "harness/game_table.h"

namespace gts {

GameEntry kalah_entry() { return {describe_game<Kalah>(), &make_adapter<Kalah>}; }

}  // namespace gts
