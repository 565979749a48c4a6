// Runs a list of independent jobs either here, on oneTBB threads, or, when the process is rank 0
// of an MPI run with more than one rank, over every rank: rank 0 hands out job indices dynamically
// (a worker asks for more as its jobs finish), plays its own share on its own threads, and receives
// each finished job's serialized result. Either way the caller sees one stream of results on one
// thread, and writes every output itself.
//
// To distribute a command: make a JobRunner for it (the same class on every rank), a factory that
// builds it from a context string on worker ranks (registered by name in main.cpp, where
// mpi::Environment::serve is called), and call distribute() on rank 0 with that name and context.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gts {

// A job is an index into a list that every rank derives the same way from the same config, and its
// result travels as bytes, so rank 0 records exactly what a local run records.
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

struct DistributedWork {
  std::string kind;               // the JobKinds name worker ranks build their runner with
  std::string context;            // what the factory needs (options, config path, a config hash)
  std::vector<std::size_t> jobs;  // the indices to run, handed out in this order
  int threads = 1;                // jobs run at once on each rank; 0: each rank's core count
  // Run here (one process): a job starts only within 2 x threads places of the first one in
  // `jobs` not yet finished, so a run that decides in job order (an SPRT match) finishes a bounded
  // number of jobs past its decision however the threads are scheduled; a long job then holds the
  // others back. Over MPI ranks, jobs are handed out as asked for.
  bool bounded_lookahead = false;
};

struct DistributeOutcome {
  std::size_t finished = 0;  // results delivered to on_result
  // The first failure: "rank 2: <what>" (a job that threw, a rank that could not set up, a broken
  // connection). Every result that arrived before it was delivered; the rest stay undone.
  std::string error;
  int ranks = 1;                  // processes that ran jobs
  double other_ranks_cpu_ms = 0;  // CPU time the worker ranks spent on this work
};

using ResultHandler = std::function<void(std::size_t index, const std::string& result)>;

// Runs `work.jobs` with `local` on this process (and, under MPI, with each worker's own runner),
// calling on_result(index, result) for every finished job, never two calls at once. Stops handing
// out jobs once `stop` is set (jobs in flight see it and return unfinished) or a job fails.
// Without MPI an exception from on_result propagates, and one from a job once the jobs in flight
// are delivered.
DistributeOutcome distribute(const DistributedWork& work, JobRunner& local,
                             const ResultHandler& on_result, const std::atomic<bool>& stop);

// Jobs a process runs at once: `threads`, or its core count (oneTBB's concurrency) for 0. The one
// place where 0 ("all cores") is resolved, for every command and every MPI rank (each against its
// own cores).
int resolve_thread_count(long long threads);

// CPU time of the whole process (every thread), in ms.
double process_cpu_ms();

}  // namespace gts
