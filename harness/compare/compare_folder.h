// A compare run's folder as its run kind (harness/pipeline/run_kind.h): what `harness compare`
// writes and how `replay` and `report` check it.
#pragma once

#include "harness/pipeline/run_kind.h"

namespace gts {

const RunKind& compare_kind();

}  // namespace gts
