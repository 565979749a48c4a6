// The schedule: a deterministic list of games, made before anything is played. Games 2k and 2k+1
// are a game pair: the same opening with the sides swapped.
#pragma once

#include <vector>

namespace gts {

struct ScheduledGame {
  int index = 0;    // position in the schedule: the game's identity in every output
  int pair = 0;     // index / 2
  int pairing = 0;  // which pairing (unordered pair of players)
  int opening = 0;  // which opening
  int first = 0;    // player index moving first
  int second = 0;
};

struct ScheduleSpec {
  int players = 0;
  std::vector<int> gauntlet;  // empty: round robin (every pair); else these play all the others
  int openings = 1;
  int pairs = 1;  // game pairs per pairing per opening
};

// Pairings in order (i < j for round robin; gauntlet player first otherwise), then games ordered
// by repetition, opening and pairing, so that a run stopped early is still balanced.
std::vector<ScheduledGame> make_schedule(const ScheduleSpec& spec);

}  // namespace gts
