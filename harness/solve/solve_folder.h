// A solve run's folder as its run kind (harness/pipeline/run_kind.h): what `harness solve` writes
// and how `replay` and `report` check it.
#pragma once

#include "harness/pipeline/run_kind.h"

namespace gts {

const RunKind& solve_kind();

}  // namespace gts
