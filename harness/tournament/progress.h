// A tournament's progress line: games done, rate, ETA and the current leader
// (harness/pipeline/progress_line.h).
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "harness/pipeline/progress_line.h"

namespace gts {

class Progress {
 public:
  Progress(int total, int already_done, std::vector<std::string> players,
           std::vector<double> points, std::vector<int> games, bool enabled = true);
  // Thread-safe: one more game finished.
  void game_finished(int first, int second, double first_score);
  // Thread-safe: what the line shows after the leader from now on (an SPRT's running LLR).
  void set_note(std::string note);
  // Thread-safe: a line of its own above the progress line (interim ratings).
  void message(const std::string& text) { line_.message(text); }
  // Prints the final line (and a newline on a terminal).
  void finish() { line_.finish(); }

 private:
  std::mutex mutex_;
  std::vector<std::string> players_;
  std::vector<double> points_;
  std::vector<int> games_;
  std::string note_;
  ProgressLine line_;
};

}  // namespace gts
