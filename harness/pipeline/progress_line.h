// Progress on stderr for a command working through a known number of jobs (games, solver runs,
// searches): one updating line on a terminal, a plain line every 10 s otherwise, and the final
// state at the end, e.g. "games 12/80  3.51 games/s  ETA 19 s  leader ab (75.0%)".
#pragma once

#include <mutex>
#include <string>

namespace gts {

class ProgressLine {
 public:
  // `unit` names the jobs ("games", "searches"); `already_done` were done before this process
  // started (a resumed run) and count toward the total but not the rate.
  ProgressLine(std::string unit, int total, int already_done, bool enabled);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Thread-safe: one more job done; `detail` (may be empty) ends the line.
  void advance(const std::string& detail);
  // Thread-safe: a message on a line of its own (an error), the progress line redrawn after it.
  void message(const std::string& text);
  // Prints the final line (and a newline on a terminal).
  void finish();

 private:
  void print_locked(bool force);

  std::mutex mutex_;
  std::string unit_;
  std::string detail_;
  int total_ = 0;
  int done_ = 0;
  int done_here_ = 0;
  bool enabled_ = true;
  bool tty_ = false;
  double start_ms_ = 0;
  double last_print_ms_ = 0;
  int printed_count_ = -1;
};

}  // namespace gts
