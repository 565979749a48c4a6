#include "harness/mpi/work_distributor.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <mutex>
#include <optional>
#include <string>

#include "common/interrupt.h"
#include "harness/mpi/environment.h"
#include "harness/mpi/thread_count.h"

namespace gts {

namespace {

DistributeOutcome distribute_locally(const DistributedWork& work, JobRunner& local,
                                     const ResultHandler& on_result,
                                     const std::atomic<bool>& stop) {
  const int threads = resolve_thread_count(work.threads);
  DistributeOutcome outcome;
  std::mutex mutex;
  // Debian's libtbb is not built for ThreadSanitizer, so the hand-off of tasks inside it is
  // invisible to TSan; this release/acquire pair states the ordering that oneTBB guarantees
  // (everything before parallel_for happens before each task, each task before its return).
  std::atomic<int> handoff{0};
  handoff.store(1, std::memory_order_release);
  // Jobs start in the order given: each worker takes the next one from a shared counter. (A
  // parallel_for over the jobs would split them into ranges, one per thread, so that thread k
  // would start k/threads of the way in: a run would finish its jobs far out of order, and an
  // SPRT match, which counts game pairs in schedule order, would play up to `threads` times the
  // games its decision rests on.)
  std::atomic<std::size_t> next{0};
  const std::size_t n = work.jobs.size();
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(
        0, threads,
        [&](int) {
          handoff.load(std::memory_order_acquire);
          for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
            std::optional<std::string> result;
            try {
              result = local.run(work.jobs[i], stop);
            } catch (const Interrupted&) {
              continue;  // Ctrl-C stopped work below its search: the job is not done
            }
            if (!result) continue;
            std::lock_guard lock(mutex);
            on_result(work.jobs[i], *result);
            ++outcome.finished;
          }
          handoff.fetch_add(1, std::memory_order_acq_rel);
        },
        tbb::simple_partitioner());
  });
  handoff.load(std::memory_order_acquire);
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

}  // namespace gts
