// A tournament's run folder as its run kind (harness/pipeline/run_kind.h): what `harness run` and
// `harness match` write, its tables rebuilt from games.csv, and its check (`harness replay` plays
// its games back from games.txt).
#pragma once

#include "harness/pipeline/run_kind.h"

namespace gts {

const RunKind& tournament_kind();

}  // namespace gts
