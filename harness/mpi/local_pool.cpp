#include "harness/mpi/local_pool.h"

#include <chrono>
#include <exception>

namespace gts {

LocalPool::LocalPool(int threads, JobRunner& runner, const std::atomic<bool>& halt)
    : runner_(runner),
      halt_(halt),
      parallelism_(tbb::global_control::max_allowed_parallelism,
                   static_cast<std::size_t>(threads) + 1),
      arena_(threads, 0) {}

LocalPool::~LocalPool() {
  std::unique_lock lock(mutex_);
  ready_.wait(lock, [&] { return running_ == 0; });
}

void LocalPool::submit(std::size_t index) {
  {
    std::lock_guard lock(mutex_);
    ++running_;
  }
  ++in_flight_;
  handoff_.fetch_add(1, std::memory_order_release);
  arena_.enqueue([this, index] {
    handoff_.load(std::memory_order_acquire);
    Result r;
    r.index = index;
    try {
      auto out = runner_.run(index, halt_);
      if (!out) r.status = Status::kStopped;
      r.payload = out ? std::move(*out) : std::string();
    } catch (const std::exception& e) {
      r.status = Status::kFailed;
      r.payload = e.what();
    } catch (...) {
      r.status = Status::kFailed;
      r.payload = "unknown exception";
    }
    std::lock_guard lock(mutex_);
    results_.push_back(std::move(r));
    --running_;
    ready_.notify_all();
  });
}

std::vector<LocalPool::Result> LocalPool::take(int wait_us) {
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

}  // namespace gts
