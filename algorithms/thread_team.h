// ThreadTeam: a fixed set of worker threads that run one job after another, each job as work(i)
// on every worker i at once, while the caller waits. A parallel search keeps one team for all its
// passes (every MTD(f) probe, every null window of a bisection), so that a short pass does not pay
// for starting and joining threads. Between jobs a worker spins briefly, then sleeps.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace gts {

class ThreadTeam {
 public:
  // `n` workers; with one, jobs run on the caller's thread and no thread is started.
  explicit ThreadTeam(int n) : n_(n) {
    if (n_ == 1) return;
    workers_.reserve(static_cast<std::size_t>(n_));
    for (int i = 0; i < n_; ++i) workers_.emplace_back([this, i] { serve(i); });
  }
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;
  ~ThreadTeam() {
    if (workers_.empty()) return;
    {
      const std::lock_guard lock(mutex_);
      quit_ = true;
      generation_.fetch_add(1, std::memory_order_release);
    }
    start_cv_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  [[nodiscard]] int size() const { return n_; }

  // Runs work(i) for i in [0, n) and waits for all of them; meanwhile a stop request in
  // `user_stop` is passed on to `done`, the flag the workers' searches poll. The first exception
  // a worker throws sets `done` and is thrown here once every worker is done.
  template <class F>
  void run(const std::atomic<bool>* user_stop, std::atomic<bool>& done, F& work) {
    if (n_ == 1) {
      work(0);
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      job_ = &work;
      call_ = [](void* job, int i) { (*static_cast<F*>(job))(i); };
      done_ = &done;
      finished_ = 0;
      error_ = nullptr;
      generation_.fetch_add(1, std::memory_order_release);
    }
    start_cv_.notify_all();
    std::unique_lock lock(mutex_);
    while (finished_ < n_) {
      finished_cv_.wait_for(lock, std::chrono::milliseconds(1));
      if (user_stop != nullptr && user_stop->load(std::memory_order_relaxed)) {
        done.store(true, std::memory_order_relaxed);
      }
    }
    if (std::exception_ptr e = error_) {
      error_ = nullptr;
      lock.unlock();
      std::rethrow_exception(e);
    }
  }

 private:
  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
  }

  void serve(int i) {
    std::uint64_t seen = 0;
    for (;;) {
      // Some 50 microseconds of spinning catch the next pass of a search without a wake-up.
      const auto spin_end = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
      for (int k = 1; generation_.load(std::memory_order_acquire) == seen; ++k) {
        pause();
        if (k % 64 == 0 && std::chrono::steady_clock::now() > spin_end) break;
      }
      void (*call)(void*, int) = nullptr;
      void* job = nullptr;
      std::atomic<bool>* done = nullptr;
      {
        std::unique_lock lock(mutex_);
        start_cv_.wait(lock, [&] { return generation_.load(std::memory_order_relaxed) != seen; });
        seen = generation_.load(std::memory_order_relaxed);
        if (quit_) return;
        call = call_;
        job = job_;
        done = done_;
      }
      std::exception_ptr thrown;
      try {
        call(job, i);
      } catch (...) {
        thrown = std::current_exception();
        done->store(true, std::memory_order_relaxed);
      }
      const std::lock_guard lock(mutex_);
      if (thrown && !error_) error_ = thrown;
      if (++finished_ == n_) finished_cv_.notify_one();
    }
  }

  int n_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_cv_;
  std::condition_variable finished_cv_;
  std::atomic<std::uint64_t> generation_{0};  // one more for each job (and for quitting)
  bool quit_ = false;
  void* job_ = nullptr;
  void (*call_)(void*, int) = nullptr;
  std::atomic<bool>* done_ = nullptr;
  int finished_ = 0;
  std::exception_ptr error_;
};

}  // namespace gts
