// The MPI side of distribute(): rank 0's loop over its own jobs and its workers' messages. Defined
// in environment_mpi.cpp; a build without MPI never calls it (every environment has one rank).
#pragma once

#include "harness/mpi/environment.h"
#include "harness/mpi/work_distributor.h"

namespace gts::mpi {

DistributeOutcome distribute_over_ranks(Environment& env, const DistributedWork& work,
                                        JobRunner& local, const ResultHandler& on_result,
                                        const std::atomic<bool>& stop);

}  // namespace gts::mpi
