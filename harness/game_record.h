// What one tournament game needs and what it produces. The game loop itself is a template
// (GameAdapter<G>::play_game); everything around it works on these plain records.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/search.h"

namespace gts {

class Searcher;

enum class Termination {
  kNormal,
  kAdjudicated,  // the game proved the result before its end (GameSetup::adjudicate)
  kMaxPlies,
  kIllegalMove,
  kError,
  kBudget,
  kStopped
};
const char* termination_name(Termination t);

// One side of a game: its searcher and its per-move limits.
struct GameSide {
  Searcher* searcher = nullptr;
  SearchLimits limits;
  // A move may take this much longer than limits.max_ms before it forfeits the game on time
  // (the search polls the clock, so it always overshoots a little).
  double time_tolerance_ms = 0.0;
};

struct GameSetup {
  std::string opening;  // canonical position; side to move there is "first"
  int max_plies = 0;    // adjudicated a draw past this many plies
  // End the game as soon as its result is decided: where the game bounds the final outcome
  // (outcome_bounds, e.g. a Kalah store holding more than half the seeds), a win, loss or draw
  // that no play can change. The result is the one playing on would give; the margin is known
  // only when the bounds meet.
  bool adjudicate = false;
  std::uint64_t seed = 0;  // the game's random stream: (run seed, game index)
  const std::atomic<bool>* stop = nullptr;
};

struct MoveRecord {
  int ply = 0;
  int side = 0;  // 0 = first, 1 = second
  std::string move;
  Value value = 0;  // the searcher's value, mover's point of view
  int depth = 0;    // completed depth
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  double cpu_us = 0.0;
  double wall_ms = 0.0;
};

struct GameOutcome {
  double first_score = 0.5;     // 1, 0.5 or 0, from the first player's view
  std::optional<Value> margin;  // final score difference, first's view, where the game has one
  int plies = 0;
  Termination termination = Termination::kNormal;
  int forfeit_side = -1;               // the side that lost by forfeit, or -1
  std::string reason;                  // why, for forfeits
  std::array<SearchStats, 2> stats{};  // per side, summed over its moves
  std::array<int, 2> moves{};          // moves made per side
  std::vector<MoveRecord> move_log;
  std::string final_position;
};

}  // namespace gts
