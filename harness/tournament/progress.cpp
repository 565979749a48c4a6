#include "harness/tournament/progress.h"

#include <cstdio>
#include <utility>

#include "harness/strf.h"

namespace gts {

Progress::Progress(int total, int already_done, std::vector<std::string> players,
                   std::vector<double> points, std::vector<int> games, bool enabled)
    : players_(std::move(players)),
      points_(std::move(points)),
      games_(std::move(games)),
      line_("games", total, already_done, enabled) {}

void Progress::game_finished(int first, int second, double first_score) {
  std::string leader_text;
  {
    std::lock_guard lock(mutex_);
    points_[static_cast<std::size_t>(first)] += first_score;
    points_[static_cast<std::size_t>(second)] += 1.0 - first_score;
    ++games_[static_cast<std::size_t>(first)];
    ++games_[static_cast<std::size_t>(second)];
    std::size_t leader = 0;
    for (std::size_t i = 1; i < points_.size(); ++i) {
      const double a = games_[i] ? points_[i] / games_[i] : 0.0;
      const double b = games_[leader] ? points_[leader] / games_[leader] : 0.0;
      if (a > b) leader = i;
    }
    const double lead_pct = games_[leader] ? 100.0 * points_[leader] / games_[leader] : 0.0;
    leader_text = "leader " + players_[leader] + strf(" (%.1f%%)", lead_pct);
    if (!note_.empty()) leader_text += "  " + note_;
  }
  line_.advance(leader_text);
}

void Progress::set_note(std::string note) {
  std::lock_guard lock(mutex_);
  note_ = std::move(note);
}

}  // namespace gts
