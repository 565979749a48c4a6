// The environment of a build without MPI: always one process.
#include <stdexcept>

#include "harness/mpi/environment.h"

namespace gts::mpi {

namespace {
Environment* g_current = nullptr;
}  // namespace

Environment::Environment(int&, char**&) { g_current = this; }

Environment::~Environment() { g_current = nullptr; }

int Environment::serve(const JobKinds&) { return 0; }

Environment* current() { return g_current; }

DistributeOutcome distribute_over_ranks(Environment&, const DistributedWork&, JobRunner&,
                                        const ResultHandler&, const std::atomic<bool>&) {
  throw std::logic_error("this harness was built without MPI");
}

}  // namespace gts::mpi
