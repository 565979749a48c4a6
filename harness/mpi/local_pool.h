// Jobs in flight on this process's oneTBB threads while the calling thread talks to other ranks:
// submit() queues a job, take() collects finished ones. Used by the MPI side of the distributor
// (a local run uses tbb::parallel_for directly).
#pragma once

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

#include "harness/mpi/job_runner.h"

namespace gts {

class LocalPool {
 public:
  enum class Status { kDone, kStopped, kFailed };
  struct Result {
    std::size_t index = 0;
    Status status = Status::kDone;
    std::string payload;  // the result (done) or the error (failed)
  };

  // `threads` jobs run at once; `halt` is passed to every job.
  LocalPool(int threads, JobRunner& runner, const std::atomic<bool>& halt);
  // Waits for every submitted job: set `halt` first to make that quick.
  ~LocalPool();
  LocalPool(const LocalPool&) = delete;
  LocalPool& operator=(const LocalPool&) = delete;

  void submit(std::size_t index);
  // Submitted and not yet taken.
  [[nodiscard]] int in_flight() const { return in_flight_; }
  // The finished jobs, waiting up to `wait_us` for the first when none is ready.
  std::vector<Result> take(int wait_us);

 private:
  JobRunner& runner_;
  const std::atomic<bool>& halt_;
  // The calling thread only talks to other ranks, so the arena has no slot reserved for it and the
  // global limit is raised to let `threads` oneTBB workers in.
  tbb::global_control parallelism_;
  tbb::task_arena arena_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Result> results_;
  int running_ = 0;    // submitted, not finished (under mutex_)
  int in_flight_ = 0;  // submitted, not taken (calling thread only)
  // Debian's libtbb is not built for ThreadSanitizer: this release/acquire pair states the
  // hand-off that task_arena::enqueue guarantees.
  std::atomic<int> handoff_{0};
};

}  // namespace gts
