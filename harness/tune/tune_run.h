// `harness tune`: tunes a linear evaluation's weights by playing games (SPSA or a round robin of
// candidates), verifies the result against the starting weights with an SPRT, and writes the run
// folder: tune.csv, tuned.yaml, verify.csv, games.csv (the journal) and run.yaml.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "harness/pipeline/run_pipeline.h"

namespace gts {

struct TuneReport {
  int exit_code = 0;  // 0 when finished; 130 when stopped by a signal, 1 by a failed rank
  std::string dir;
  std::string verdict;  // "H1", "H0", "inconclusive" or "skipped"
};

// Bad configs throw ConfigError, bad options ParamError.
TuneReport run_tune(const RunRequest& request);

}  // namespace gts
