// This process's place in an MPI run, made once, first thing in main. Under mpirun (in a build with
// GTS_MPI) it initialises MPI: rank 0 runs the command as usual and distributes its jobs; every
// other rank serves rank 0's work until told to quit and prints nothing but errors. Run any other
// way, or built without MPI, it is one process and does nothing.
#pragma once

#include "harness/mpi/work_distributor.h"

namespace gts::mpi {

class Environment {
 public:
  Environment(int& argc, char**& argv);
  // Rank 0 tells the workers to quit, then every rank leaves MPI (or, after a broken connection,
  // aborts the job: the outputs were written before).
  ~Environment();
  Environment(const Environment&) = delete;
  Environment& operator=(const Environment&) = delete;

  [[nodiscard]] int rank() const { return rank_; }
  [[nodiscard]] int size() const { return size_; }
  [[nodiscard]] bool is_worker() const { return rank_ > 0; }

  // On a worker rank: builds runners from `kinds` as rank 0 asks and runs the jobs it hands out,
  // until rank 0 says quit. Returns the process's exit code.
  int serve(const JobKinds& kinds);

  // After a failed MPI call: the job cannot end cleanly.
  void set_broken() { broken_ = true; }

 private:
  int rank_ = 0;
  int size_ = 1;
  bool active_ = false;  // MPI initialised
  bool broken_ = false;
};

// The process's environment, or nullptr when main made none (unit tests: one process). MPI is
// per process by nature, so this is the one process-wide pointer the distributor looks at.
Environment* current();

// The MPI side of distribute(): rank 0's loop over its own jobs and its workers' messages. A build
// without MPI never calls it (every environment has one rank).
DistributeOutcome distribute_over_ranks(Environment& env, const DistributedWork& work,
                                        JobRunner& local, const ResultHandler& on_result,
                                        const std::atomic<bool>& stop);

}  // namespace gts::mpi
