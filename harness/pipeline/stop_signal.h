// Ctrl-C for long runs: while a StopSignal lives, SIGINT/SIGTERM set its flag (the run finishes
// what it must and writes a resumable folder); a second signal exits at once with status 130.
#pragma once

#include <atomic>

namespace gts {

class StopSignal {
 public:
  // Clears the flag and installs the handlers; the destructor restores the previous ones.
  StopSignal();
  ~StopSignal();
  StopSignal(const StopSignal&) = delete;
  StopSignal& operator=(const StopSignal&) = delete;

  // Polled by the runner and by every search in flight.
  [[nodiscard]] static const std::atomic<bool>& flag();
  // Raises the flag without a signal (the run has its answer): a Ctrl-C after it is still the
  // first, not the one that exits at once.
  static void conclude();

 private:
  void (*old_int_)(int);
  void (*old_term_)(int);
};

}  // namespace gts
