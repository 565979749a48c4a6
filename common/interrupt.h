// A request, for the whole process, to give up long work that runs below any search and so sees
// no search's stop flag: a Kalah endgame database build (games/kalah/kalah_endgame.h), which a
// search starts on first use and which may take minutes. The harness raises it on Ctrl-C
// (harness/pipeline/run_pipeline.cpp) and lowers it when a run starts and ends; the work polls it
// and throws Interrupted, leaving nothing half made (no table is written to disk).
#pragma once

#include <atomic>
#include <stdexcept>

namespace gts {

// Constant-initialised and lock-free, so that a signal handler may raise it.
inline std::atomic<bool> g_interrupt{false};
static_assert(std::atomic<bool>::is_always_lock_free);

class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

}  // namespace gts
