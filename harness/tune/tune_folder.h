// A tune run's folder as its run kind (harness/pipeline/run_kind.h): what `harness tune` writes and
// how `replay` and `report` check it.
#pragma once

#include "harness/pipeline/run_kind.h"

namespace gts {

const RunKind& tune_kind();

}  // namespace gts
