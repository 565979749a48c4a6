// The one place where a thread count of 0 ("all cores") is resolved, for every command and for
// every MPI rank (each resolves it against its own cores), and where the CPU time of all the
// process's threads is read.
#pragma once

#include <oneapi/tbb/info.h>
#include <sys/resource.h>

namespace gts {

// Jobs a process runs at once: `threads`, or its core count (oneTBB's concurrency) for 0.
inline int resolve_thread_count(long long threads) {
  return threads <= 0 ? tbb::info::default_concurrency() : static_cast<int>(threads);
}

// CPU time of the whole process (every thread), in ms.
inline double process_cpu_ms() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-3;
}

}  // namespace gts
