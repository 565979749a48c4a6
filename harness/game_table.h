// The list of registered games. Each entry is defined in harness/games/<game>.cpp, the one
// translation unit where that game's searchers are instantiated.
#pragma once

#include <memory>
#include <vector>

#include "harness/registry.h"

namespace gts {

struct GameEntry {
  GameInfo info;
  std::unique_ptr<GameHandle> (*make)(const GameInfo& info, Params params);
};

GameEntry kalah_entry();
GameEntry tictactoe_entry();
GameEntry explicit_tree_entry();
GameEntry random_tree_entry();
GameEntry go_capture_entry();
GameEntry connect_four_entry();

const std::vector<GameEntry>& game_table();

}  // namespace gts
