#include "games/go_capture/go_capture.h"

#include "harness/game_adapter.h"
#include "harness/game_table.h"

namespace gts {

GameEntry go_capture_entry() { return {describe_game<GoCapture>(), &make_adapter<GoCapture>}; }

}  // namespace gts
