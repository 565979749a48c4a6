// The oneTBB threads of one process that run a JobRunner's jobs, for the WorkDistributor on every
// rank.
#pragma once

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <iterator>
#include <mutex>
#include <string>
#include <vector>

#include "common/interrupt.h"
#include "harness/mpi/work_distributor.h"

namespace gts::mpi {

// Jobs in flight on this process's oneTBB threads while the calling thread hands them out and
// delivers their results (and, under MPI, talks to other ranks): submit() queues a job, take()
// collects finished ones.
class LocalPool {
 public:
  enum class Status { kDone, kStopped, kFailed };
  struct Result {
    std::size_t index = 0;
    Status status = Status::kDone;
    std::string payload;       // the result (done) or the error's message (failed)
    std::exception_ptr error;  // the error (failed)
  };

  // `threads` jobs run at once; `halt` is passed to every job.
  LocalPool(int threads, JobRunner& runner, const std::atomic<bool>& halt)
      : runner_(runner),
        halt_(halt),
        parallelism_(tbb::global_control::max_allowed_parallelism,
                     static_cast<std::size_t>(threads) + 1),
        arena_(threads, 0) {}
  // Waits for every submitted job: set `halt` first to make that quick.
  ~LocalPool() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return results_.size() == static_cast<std::size_t>(in_flight_); });
  }
  LocalPool(const LocalPool&) = delete;
  LocalPool& operator=(const LocalPool&) = delete;

  void submit(std::size_t index) {
    ++in_flight_;
    handoff_.fetch_add(1, std::memory_order_release);
    arena_.enqueue([this, index] {
      handoff_.load(std::memory_order_acquire);
      Result r;
      r.index = index;
      try {
        auto out = runner_.run(index, halt_);
        if (!out) r.status = Status::kStopped;
        if (out) r.payload = std::move(*out);
      } catch (const Interrupted&) {
        r.status = Status::kStopped;  // Ctrl-C stopped work below its search
      } catch (const std::exception& e) {
        r.status = Status::kFailed;
        r.payload = e.what();
        r.error = std::current_exception();
      } catch (...) {
        r.status = Status::kFailed;
        r.payload = "unknown exception";
        r.error = std::current_exception();
      }
      std::lock_guard lock(mutex_);
      results_.push_back(std::move(r));
      ready_.notify_all();
    });
  }

  // Submitted and not yet taken.
  [[nodiscard]] int in_flight() const { return in_flight_; }

  // The finished jobs, waiting up to `wait_us` for the first when none is ready.
  std::vector<Result> take(int wait_us) {
    std::unique_lock lock(mutex_);
    if (results_.empty() && wait_us > 0) {
      ready_.wait_for(lock, std::chrono::microseconds(wait_us), [&] { return !results_.empty(); });
    }
    std::vector<Result> out(std::make_move_iterator(results_.begin()),
                            std::make_move_iterator(results_.end()));
    results_.clear();
    in_flight_ -= static_cast<int>(out.size());
    return out;
  }

 private:
  JobRunner& runner_;
  const std::atomic<bool>& halt_;
  // The calling thread runs no job, so the arena has no slot reserved for it and the global limit
  // is raised to let `threads` oneTBB workers in.
  tbb::global_control parallelism_;
  tbb::task_arena arena_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Result> results_;
  int in_flight_ = 0;  // submitted, not taken (calling thread only)
  // Debian's libtbb is not built for ThreadSanitizer: this release/acquire pair states the
  // hand-off that task_arena::enqueue guarantees.
  std::atomic<int> handoff_{0};
};

}  // namespace gts::mpi
