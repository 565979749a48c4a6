// ThreadTeam (algorithms/thread_team.h): every worker runs every job exactly once, jobs see the
// previous job's writes, a worker's exception reaches the caller, and a stop request from outside
// reaches the workers' flag. Run under TSan too (GTS_SANITIZE=thread).
#include "algorithms/thread_team.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <thread>
#include <vector>

namespace gts {
namespace {

TEST(ThreadTeam, EveryWorkerRunsEveryJobOnce) {
  for (const int n : {1, 2, 3}) {
    ThreadTeam team(n);
    const auto un = static_cast<std::size_t>(n);
    // Plain longs: job k writes one row and reads the row job k-1 wrote (its neighbour's slot);
    // the team must order each job after the previous one for every worker.
    std::vector<long> rows[2] = {std::vector<long>(un, -1), std::vector<long>(un, -1)};
    std::vector<long> runs(un, 0);
    std::vector<long> stale(un, 0);
    std::atomic<bool> done{false};
    constexpr long kJobs = 2000;
    for (long job = 0; job < kJobs; ++job) {
      std::vector<long>& write = rows[job % 2];
      const std::vector<long>& read = rows[(job + 1) % 2];
      auto work = [&](int i) {
        const auto u = static_cast<std::size_t>(i);
        if (read[(u + 1) % un] != job - 1) ++stale[u];
        write[u] = job;
        ++runs[u];
      };
      team.run(nullptr, done, work);
    }
    for (std::size_t u = 0; u < un; ++u) {
      EXPECT_EQ(runs[u], kJobs) << n << " workers";
      EXPECT_EQ(stale[u], 0) << n << " workers";
    }
  }
}

TEST(ThreadTeam, AWorkersExceptionStopsTheOthersAndReachesTheCaller) {
  ThreadTeam team(2);
  std::atomic<bool> done{false};
  auto work = [&](int i) {
    if (i == 1) throw std::runtime_error("worker 1 failed");
    while (!done.load()) std::this_thread::yield();  // stopped only by the other's failure
  };
  EXPECT_THROW(team.run(nullptr, done, work), std::runtime_error);
  EXPECT_TRUE(done.load());
  // The team still serves the next job.
  done = false;
  std::atomic<int> ran{0};
  auto count = [&](int) { ++ran; };
  team.run(nullptr, done, count);
  EXPECT_EQ(ran.load(), 2);
}

TEST(ThreadTeam, AStopFromOutsideReachesTheWorkers) {
  ThreadTeam team(2);
  std::atomic<bool> user_stop{false};
  std::atomic<bool> done{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    user_stop = true;
  });
  auto work = [&](int) {  // waits for the stop, for 10 s at the most
    for (int ms = 0; ms < 10000 && !done.load(); ++ms) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  };
  team.run(&user_stop, done, work);
  stopper.join();
  EXPECT_TRUE(done.load());
}

}  // namespace
}  // namespace gts
