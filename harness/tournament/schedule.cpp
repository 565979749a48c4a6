#include "harness/tournament/schedule.h"

#include <algorithm>
#include <utility>

namespace gts {

std::vector<ScheduledGame> make_schedule(const ScheduleSpec& spec) {
  std::vector<std::pair<int, int>> pairings;
  if (spec.gauntlet.empty()) {
    for (int i = 0; i < spec.players; ++i) {
      for (int j = i + 1; j < spec.players; ++j) pairings.emplace_back(i, j);
    }
  } else {
    for (int g : spec.gauntlet) {
      for (int j = 0; j < spec.players; ++j) {
        if (std::find(spec.gauntlet.begin(), spec.gauntlet.end(), j) == spec.gauntlet.end()) {
          pairings.emplace_back(g, j);
        }
      }
    }
  }
  std::vector<ScheduledGame> games;
  for (int rep = 0; rep < spec.pairs; ++rep) {
    for (int o = 0; o < spec.openings; ++o) {
      for (int p = 0; p < static_cast<int>(pairings.size()); ++p) {
        const auto [a, b] = pairings[static_cast<std::size_t>(p)];
        for (int swap = 0; swap < 2; ++swap) {
          ScheduledGame g;
          g.index = static_cast<int>(games.size());
          g.pair = g.index / 2;
          g.pairing = p;
          g.opening = o;
          g.first = swap == 0 ? a : b;
          g.second = swap == 0 ? b : a;
          games.push_back(g);
        }
      }
    }
  }
  return games;
}

}  // namespace gts
