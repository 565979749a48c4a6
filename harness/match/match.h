// The match loop: one game between two Players over any game of the registry. Budgets, clocks
// with increments and margins, forfeits, adjudication and the record of each move are handled
// here, once, whatever plays.
#pragma once

#include <array>

#include "harness/match/game_record.h"
#include "harness/match/player.h"

namespace gts {

// One side of a game: its player, its per-move limits and its clock.
struct GameSide {
  Player* player = nullptr;
  SearchLimits limits;  // depth (kDepthMax: none), max_nodes, max_ms (the movetime)
  TimeControl clock;
  // A move may take this much longer than its movetime, and a clock may run this far below zero,
  // before the game is lost on time (a search polls the clock, so it always overshoots a little;
  // a pipe and a process switch add to it).
  double margin_ms = 0.0;
};

// Plays one game from setup.opening: sides[0] moves first. Never throws for a player's fault: a
// crash, an illegal move, a broken budget or a late move forfeits the game.
GameOutcome play_match(const GameHandle& game, const GameSetup& setup,
                       std::array<GameSide, 2>& sides);

}  // namespace gts
