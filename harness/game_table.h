// The list of registered games. Each entry is defined in harness/games/<game>.cpp, the one
// translation unit where that game's searchers are instantiated.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/goal_problem.h"
#include "harness/registry.h"

namespace gts {

struct GameEntry {
  GameInfo info;
  std::unique_ptr<GameHandle> (*make)(const GameInfo& info, Params params);
  // Problems for `harness solve` (nullptr: the game poses none).
  std::unique_ptr<SolveProblem> (*make_problem)(const std::map<std::string, std::string>& params,
                                                const ProblemSpec& spec) = nullptr;
};

#define GTS_GAME(name) GameEntry name##_entry();
#include "harness/games/game_list.h"  // NOLINT(bugprone-suspicious-include)
#undef GTS_GAME

const std::vector<GameEntry>& game_table();

}  // namespace gts
