#include "harness/match/game_record.h"

#include <algorithm>
#include <cstddef>
#include <iterator>

namespace gts {

const char* termination_name(Termination t) {
  static constexpr const char* kNames[] = {"normal", "adjudicated", "max_plies", "illegal_move",
                                           "error",  "budget",      "timeout",   "stopped"};
  const auto i = static_cast<std::size_t>(t);
  return i < std::size(kNames) ? kNames[i] : "unknown";
}

void ScoreWatch::moved(int side, int ply, bool scored, Value value) {
  if (decided()) return;
  const auto us = static_cast<std::size_t>(side);
  if (!scored) {
    losing_ = winning_ = level_ = {};
    return;
  }
  losing_[us] = value <= -rules_.resign_score ? losing_[us] + 1 : 0;
  winning_[us] = value >= rules_.resign_score ? winning_[us] + 1 : 0;
  level_[us] = (value < 0 ? -value : value) <= rules_.draw_score ? level_[us] + 1 : 0;
  const int n = rules_.resign_moves;
  if (n > 0 && losing_[us] >= n && (!rules_.resign_two_sided || winning_[1 - us] >= n)) {
    verdict_ = side;
    reason_ = std::string("resigned by score: the ") + (side == 0 ? "first" : "second") +
              " player's score was <= -" + std::to_string(rules_.resign_score) + " for " +
              std::to_string(n) + " moves in a row" +
              (rules_.resign_two_sided ? " (and the other's >= it)" : "");
    return;
  }
  const int d = rules_.draw_moves;
  if (d > 0 && ply + 1 >= rules_.draw_after && level_[0] >= d && level_[1] >= d) {
    verdict_ = 2;
    reason_ = "drawn by score: both scores within +-" + std::to_string(rules_.draw_score) +
              " for " + std::to_string(d) + " moves each, from ply " +
              std::to_string(rules_.draw_after);
  }
}

double ScoreWatch::first_score() const { return verdict_ == 2 ? 0.5 : verdict_ == 0 ? 0.0 : 1.0; }

}  // namespace gts
