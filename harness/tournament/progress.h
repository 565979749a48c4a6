// Progress on stderr: one updating line on a terminal, plain periodic lines otherwise.
#pragma once

#include <mutex>
#include <string>
#include <vector>

namespace gts {

class Progress {
 public:
  Progress(int total, int already_done, std::vector<std::string> players,
           std::vector<double> points, std::vector<int> games, bool enabled = true);
  // Thread-safe: one more game finished.
  void game_finished(int first, int second, double first_score);
  // Prints the final line (and a newline on a terminal).
  void finish();

 private:
  void print_locked(bool force);

  std::mutex mutex_;
  int total_ = 0;
  int done_ = 0;
  int done_here_ = 0;  // games finished by this process (for the rate)
  std::vector<std::string> players_;
  std::vector<double> points_;
  std::vector<int> games_;
  bool enabled_ = true;
  bool tty_ = false;
  double start_ms_ = 0;
  double last_print_ms_ = 0;
  int printed_count_ = -1;
};

}  // namespace gts
