#include "harness/tournament/progress.h"

#include <unistd.h>

#include <cstdio>

#include "algorithms/search.h"

namespace gts {

Progress::Progress(int total, int already_done, std::vector<std::string> players,
                   std::vector<double> points, std::vector<int> games, bool enabled)
    : total_(total),
      done_(already_done),
      players_(std::move(players)),
      points_(std::move(points)),
      games_(std::move(games)),
      enabled_(enabled),
      tty_(isatty(STDERR_FILENO) != 0),
      start_ms_(wall_ms()),
      last_print_ms_(wall_ms()) {}

void Progress::game_finished(int first, int second, double first_score) {
  std::lock_guard lock(mutex_);
  ++done_;
  ++done_here_;
  points_[static_cast<std::size_t>(first)] += first_score;
  points_[static_cast<std::size_t>(second)] += 1.0 - first_score;
  ++games_[static_cast<std::size_t>(first)];
  ++games_[static_cast<std::size_t>(second)];
  print_locked(false);
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (printed_count_ != done_) print_locked(true);
  if (tty_ && enabled_) std::fputc('\n', stderr);
}

void Progress::print_locked(bool force) {
  if (!enabled_) return;
  const double now = wall_ms();
  // A terminal line is redrawn at most 10 times a second; plain lines go out every 10 s.
  const double interval = tty_ ? 100.0 : 10000.0;
  if (!force && now - last_print_ms_ < interval && done_ != total_) return;
  last_print_ms_ = now;
  printed_count_ = done_;
  const double elapsed_s = (now - start_ms_) / 1e3;
  const double rate = elapsed_s > 0 ? done_here_ / elapsed_s : 0.0;
  const double eta_s = rate > 0 ? (total_ - done_) / rate : 0.0;
  std::size_t leader = 0;
  for (std::size_t i = 1; i < points_.size(); ++i) {
    const double a = games_[i] ? points_[i] / games_[i] : 0.0;
    const double b = games_[leader] ? points_[leader] / games_[leader] : 0.0;
    if (a > b) leader = i;
  }
  const double lead_pct = games_[leader] ? 100.0 * points_[leader] / games_[leader] : 0.0;
  std::fprintf(stderr, "%sgames %d/%d  %.2f games/s  ETA %.0f s  leader %s (%.1f%%)%s",
               tty_ ? "\r\033[K" : "", done_, total_, rate, eta_s, players_[leader].c_str(),
               lead_pct, tty_ ? "" : "\n");
  std::fflush(stderr);
}

}  // namespace gts
