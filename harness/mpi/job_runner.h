// The unit of work that `harness run`, `solve` (and any command with many independent jobs) hand
// to the WorkDistributor: a job is an index into a list that every rank derives the same way from
// the same config, and its result travels as bytes, so rank 0 records exactly what a local run
// records.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace gts {

class JobRunner {
 public:
  virtual ~JobRunner() = default;
  // Runs job `index` and returns its result, serialized; nullopt when `stop` cut it short (the job
  // is not done: a resumed run does it again). Called from several threads at once. Throws for a
  // failure that must stop the whole run; Interrupted (common/interrupt.h: Ctrl-C reached work
  // below the job's search) counts as stopped, as nullopt does.
  virtual std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) = 0;
};

// Builds, on a worker rank, the runner for the `context` that rank 0 sent (its own options, the
// config path, a hash to check that both ranks read the same config). Throws when it cannot; the
// message reaches rank 0, which stops the run.
using JobRunnerFactory = std::function<std::unique_ptr<JobRunner>(const std::string& context)>;

// The kinds of distributed work, by name ("tournament", "solve", ...).
using JobKinds = std::map<std::string, JobRunnerFactory>;

}  // namespace gts
