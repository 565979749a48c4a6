// The one place where a thread count of 0 ("all cores") is resolved, for every command and for
// every MPI rank (each resolves it against its own cores).
#pragma once

#include <oneapi/tbb/info.h>

namespace gts {

// Jobs a process runs at once: `threads`, or its core count (oneTBB's concurrency) for 0.
inline int resolve_thread_count(long long threads) {
  return threads <= 0 ? tbb::info::default_concurrency() : static_cast<int>(threads);
}

}  // namespace gts
