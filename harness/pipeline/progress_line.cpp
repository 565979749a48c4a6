#include "harness/pipeline/progress_line.h"

#include <unistd.h>

#include <cstdio>

#include "algorithms/search.h"

namespace gts {

ProgressLine::ProgressLine(std::string unit, int total, int already_done, bool enabled)
    : unit_(std::move(unit)),
      total_(total),
      done_(already_done),
      enabled_(enabled),
      tty_(isatty(STDERR_FILENO) != 0),
      start_ms_(wall_ms()),
      last_print_ms_(wall_ms()) {}

void ProgressLine::advance(const std::string& detail) {
  std::lock_guard lock(mutex_);
  ++done_;
  ++done_here_;
  detail_ = detail;
  print_locked(false);
}

void ProgressLine::message(const std::string& text) {
  std::lock_guard lock(mutex_);
  std::fprintf(stderr, "%s%s\n", tty_ && enabled_ ? "\r\033[K" : "", text.c_str());
  if (tty_) print_locked(true);
}

void ProgressLine::finish() {
  std::lock_guard lock(mutex_);
  if (printed_count_ != done_) print_locked(true);
  if (tty_ && enabled_) std::fputc('\n', stderr);
}

void ProgressLine::print_locked(bool force) {
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
  std::fprintf(stderr, "%s%s %d/%d  %.2f %s/s  ETA %.0f s%s%s%s", tty_ ? "\r\033[K" : "",
               unit_.c_str(), done_, total_, rate, unit_.c_str(), eta_s,
               detail_.empty() ? "" : "  ", detail_.c_str(), tty_ ? "" : "\n");
  std::fflush(stderr);
}

}  // namespace gts
