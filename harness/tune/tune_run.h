// `harness tune`: tunes a linear evaluation's weights by playing games (SPSA or a round robin of
// candidates), verifies the result against the starting weights with an SPRT, and writes the run
// folder: tune.csv, tuned.yaml, verify.csv, games.csv (the journal) and run.yaml.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gts {

struct TuneOptions {
  std::string config_path;
  std::optional<int> threads;  // overrides the config's `threads`
  std::string out_dir;         // overrides the config's `output.dir`
  bool resume = false;
  std::string command_line;  // recorded in run.yaml
  bool quiet = false;        // no progress lines
};

struct TuneReport {
  int exit_code = 0;  // 0 when finished; 130 when stopped by a signal
  std::string dir;
  std::string verdict;  // "H1", "H0", "inconclusive" or "skipped"
};

// Bad configs throw ConfigError, bad options ParamError.
TuneReport run_tune(const TuneOptions& options);

}  // namespace gts
