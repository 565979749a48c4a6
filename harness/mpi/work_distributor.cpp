#include "harness/mpi/work_distributor.h"

#include <oneapi/tbb/info.h>
#include <sys/resource.h>

#include <exception>
#include <unordered_map>
#include <vector>

#include "harness/mpi/environment.h"
#include "harness/mpi/local_pool.h"

namespace gts {

namespace {

// Jobs start in the order given, `threads` at a time (with bounded_lookahead, none more than
// 2 x threads places past the first unfinished one), so that a run finishes them nearly in that
// order: an SPRT match, which counts game pairs in schedule order, plays few games past the ones
// its decision rests on. After a failure no job starts; those in flight are delivered, then the
// failure is thrown again here, as it was thrown in the job.
DistributeOutcome distribute_locally(const DistributedWork& work, JobRunner& local,
                                     const ResultHandler& on_result,
                                     const std::atomic<bool>& stop) {
  const int threads = resolve_thread_count(work.threads);
  DistributeOutcome outcome;
  std::exception_ptr failure;
  mpi::LocalPool pool(threads, local, stop);
  const std::size_t lookahead =
      work.bounded_lookahead ? 2 * static_cast<std::size_t>(threads) : work.jobs.size();
  std::unordered_map<std::size_t, std::size_t> place;  // a job in flight: its place in work.jobs
  std::vector<bool> over(work.jobs.size());            // by place: finished, stopped or failed
  std::size_t first_open = 0;                          // the first place not over
  for (std::size_t next = 0;;) {
    while (!failure && !stop && pool.in_flight() < threads && next < work.jobs.size() &&
           next < first_open + lookahead) {
      place[work.jobs[next]] = next;
      pool.submit(work.jobs[next++]);
    }
    if (pool.in_flight() == 0) break;
    for (const auto& r : pool.take(100000)) {
      over[place.at(r.index)] = true;
      place.erase(r.index);
      while (first_open < next && over[first_open]) ++first_open;
      if (r.status == mpi::LocalPool::Status::kFailed && !failure) failure = r.error;
      if (r.status != mpi::LocalPool::Status::kDone) continue;
      on_result(r.index, r.payload);
      ++outcome.finished;
    }
  }
  if (failure) std::rethrow_exception(failure);
  return outcome;
}

}  // namespace

DistributeOutcome distribute(const DistributedWork& work, JobRunner& local,
                             const ResultHandler& on_result, const std::atomic<bool>& stop) {
  mpi::Environment* env = mpi::current();
  if (env != nullptr && env->size() > 1 && env->rank() == 0) {
    return mpi::distribute_over_ranks(*env, work, local, on_result, stop);
  }
  return distribute_locally(work, local, on_result, stop);
}

int resolve_thread_count(long long threads) {
  return threads <= 0 ? tbb::info::default_concurrency() : static_cast<int>(threads);
}

double process_cpu_ms() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-3;
}

}  // namespace gts
